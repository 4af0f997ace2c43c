import type { RouteObject } from 'react-router';

/** The payment file's technical manual (decision 55); the money actions live on the procedure page. */
export const finanzasRoutes: RouteObject[] = [
  {
    path: '/manual-pagos',
    lazy: async () => ({ Component: (await import('./manual-pagos-page.tsx')).default }),
  },
];
