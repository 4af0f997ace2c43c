import type { RouteObject } from 'react-router';

/**
 * Authorization screens (docs/spec-summary.md 000 §2) and the integration pages, each its own chunk; to be mounted
 * inside the signed-in shell.
 */
export const autorizacionRoutes: RouteObject[] = [
  {
    path: '/autorizacion-tramite/:id',
    lazy: async () => ({ Component: (await import('./autorizaciones-page.tsx')).default }),
  },
  {
    path: '/tramiteform-carga-aut/:id/:idAutorizacion',
    lazy: async () => ({ Component: (await import('./autorizacion-detail-page.tsx')).default }),
  },
  {
    path: '/integracion',
    lazy: async () => ({ Component: (await import('./integracion-page.tsx')).default }),
  },
  {
    path: '/integracion/sandbox-log',
    lazy: async () => ({ Component: (await import('./sandbox-log-page.tsx')).default }),
  },
];
