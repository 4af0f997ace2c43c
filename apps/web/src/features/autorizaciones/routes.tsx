import type { RouteObject } from 'react-router';

/**
 * Authorization screens (docs/spec-summary.md 000 §2) and the integration pages, each its own chunk; to be mounted
 * inside the signed-in shell.
 */
export const autorizacionRoutes: RouteObject[] = [
  {
    path: '/autorizacion-tramite/:id',
    lazy: async () => ({ Component: (await import('./AutorizacionesPage.tsx')).default }),
  },
  {
    path: '/tramiteform-carga-aut/:id/:idAutorizacion',
    lazy: async () => ({ Component: (await import('./AutorizacionDetailPage.tsx')).default }),
  },
  {
    path: '/integracion',
    lazy: async () => ({ Component: (await import('./IntegracionPage.tsx')).default }),
  },
  {
    path: '/integracion/sandbox-log',
    lazy: async () => ({ Component: (await import('./SandboxLogPage.tsx')).default }),
  },
];
