import type { RouteObject } from 'react-router';

/** Help pages (docs/spec-summary.md 001 §2.3) and the technical manual of the data file; each page its own chunk. */
export const ayudaRoutes: RouteObject[] = [
  { path: '/guias', lazy: async () => ({ Component: (await import('./guias-page.tsx')).default }) },
  { path: '/faq', lazy: async () => ({ Component: (await import('./faq-page.tsx')).default }) },
  // The guided tours (decision 58); /videotutorial is the route of the page they replace.
  {
    path: '/recorridos',
    lazy: async () => ({ Component: (await import('./recorridos/recorridos-page.tsx')).default }),
  },
  {
    path: '/videotutorial',
    lazy: async () => ({ Component: (await import('./recorridos/recorridos-page.tsx')).default }),
  },
  { path: '/acerca-de', lazy: async () => ({ Component: (await import('./acerca-de-page.tsx')).default }) },
  {
    path: '/manual-datos',
    lazy: async () => ({ Component: (await import('./manual-datos-page.tsx')).default }),
  },
];
