import type { RouteObject } from 'react-router';

/** Supporting files' pages (issue 6), each its own chunk; to be mounted inside the signed-in shell. */
export const archivoRoutes: RouteObject[] = [
  {
    path: '/archivoplamd/:id',
    lazy: async () => ({ Component: (await import('./archivo-detalle-page.tsx')).default }),
  },
  {
    path: '/tramites-archivos-nuevos/:idTramite/:fechaIniAud/:fechaFinAud',
    lazy: async () => ({ Component: (await import('./archivos-nuevos-page.tsx')).default }),
  },
  {
    path: '/tramites-planillas-sin-archivos/:idTramite',
    lazy: async () => ({ Component: (await import('./sin-archivos-page.tsx')).default }),
  },
  {
    path: '/archivo-carga/:idTramite',
    lazy: async () => ({ Component: (await import('./archivos-por-carga-page.tsx')).default }),
  },
];
