import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import type { Vista } from './tramites-api.ts';

type ListModule = { default: ComponentType<{ vista: Vista }> };

/** Each page is its own chunk; the four lists share one component, parameterised by the API's vista. */
const lista = (path: string, vista: Vista): RouteObject => ({
  path,
  lazy: async () => {
    const { default: Page } = (await import('./tramite-list-page.tsx')) as ListModule;
    return { element: <Page key={vista} vista={vista} /> };
  },
});

/** Procedure routes (docs/spec-summary.md 000 §2), to be mounted inside the signed-in shell. */
export const tramiteRoutes: RouteObject[] = [
  lista('/tramite', 'todos'),
  lista('/tramite-asignados', 'asignados'),
  lista('/tramite-procesados', 'procesados'),
  lista('/tramite-carga', 'carga'),
  // /tramiteform/:id and /tramiteform-carga/:id: the procedure page, features/tramite-detalle/routes.tsx.
  {
    path: '/bitacora-tramite/:id',
    lazy: async () => ({ Component: (await import('./bitacora-page.tsx')).default }),
  },
  // /observaciones-tramite/:idTramite: the pending-observations review, features/observaciones/routes.tsx.
];
