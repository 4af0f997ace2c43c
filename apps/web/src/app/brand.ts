import { useEffect } from 'react';

export const PRODUCT_NAME = 'Auditoría Médica';

/** Tab title of pages without a PageHeader (public pages). */
export function useDocumentTitle(title: string) {
  useEffect(() => {
    const previous = document.title;
    document.title = `${title} · ${PRODUCT_NAME}`;
    return () => {
      document.title = previous;
    };
  }, [title]);
}
