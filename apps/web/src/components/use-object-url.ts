import { useEffect, useState } from 'react';

/**
 * An object URL for a blob fetched with the session (an <img> cannot send the token): null while
 * there is none, revoked when the blob changes or the component goes.
 */
export function useObjectUrl(blob: Blob | null | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) {
      setUrl(null);
      return;
    }
    const u = URL.createObjectURL(blob);
    setUrl(u);
    return () => URL.revokeObjectURL(u);
  }, [blob]);
  return url;
}
