import { VISTAS_TRAMITE, VISTAS_TRAMITE_CLAVES } from '@app/domain/tramites/vistas';
import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import type { Vista } from './tramites-api.ts';

type ListModule = { default: ComponentType<{ vista: Vista }> };

/** Each page is its own chunk; the four lists share one component, parameterised by the API's vista. */
const lista = (vista: Vista): RouteObject => ({
  path: VISTAS_TRAMITE[vista].path,
  lazy: async () => {
    const { default: Page } = (await import('./tramite-list-page.tsx')) as ListModule;
    return { element: <Page key={vista} vista={vista} /> };
  },
});

/** Procedure routes (docs/spec-summary.md 000 §2), to be mounted inside the signed-in shell. */
export const tramiteRoutes: RouteObject[] = [
  // /tramite, /tramite-asignados, /tramite-procesados, /tramite-carga (the domain's VISTAS_TRAMITE).
  ...VISTAS_TRAMITE_CLAVES.map(lista),
  // /tramiteform/:id and /tramiteform-carga/:id: the procedure page, features/tramite-detalle/routes.tsx.
  {
    path: '/bitacora-tramite/:id',
    lazy: async () => ({ Component: (await import('./bitacora-page.tsx')).default }),
  },
  // /observaciones-tramite/:idTramite: the pending-observations review, features/observaciones/routes.tsx.
];
