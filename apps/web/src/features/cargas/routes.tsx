import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import type { TipoIncidencia } from './cargas-api.ts';

type IncidenciasModule = { default: ComponentType<{ tipo: TipoIncidencia }> };

const incidencias = (path: string, tipo: TipoIncidencia): RouteObject => ({
  path,
  lazy: async () => {
    const { default: Page } = (await import('./carga-incidencias-page.tsx')) as IncidenciasModule;
    return { element: <Page key={tipo} tipo={tipo} /> };
  },
});

/** The pages of one load (docs/spec-summary.md 000 §2), to be mounted inside the signed-in shell; each its own chunk. */
export const cargaRoutes: RouteObject[] = [
  {
    path: '/cargaform/:idTramite/:idCarga',
    lazy: async () => ({ Component: (await import('./carga-form-page.tsx')).default }),
  },
  incidencias('/cargaplanillaerrores/:idTramite/:idCarga', 'errores'),
  incidencias('/cargaplanillanovedades/:idTramite/:idCarga', 'novedades'),
];
