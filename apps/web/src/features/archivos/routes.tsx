import type { RouteObject } from 'react-router';

/** Supporting files' pages (issue 6), each its own chunk; to be mounted inside the signed-in shell. */
export const archivoRoutes: RouteObject[] = [
  {
    path: '/archivoplamd/:id',
    lazy: async () => ({ Component: (await import('./ArchivoDetallePage.tsx')).default }),
  },
  {
    path: '/tramites-archivos-nuevos/:idTramite/:fechaIniAud/:fechaFinAud',
    lazy: async () => ({ Component: (await import('./ArchivosNuevosPage.tsx')).default }),
  },
  {
    path: '/tramites-planillas-sin-archivos/:idTramite',
    lazy: async () => ({ Component: (await import('./SinArchivosPage.tsx')).default }),
  },
  {
    path: '/archivo-carga/:idTramite',
    lazy: async () => ({ Component: (await import('./ArchivosPorCargaPage.tsx')).default }),
  },
];
