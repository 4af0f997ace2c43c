import type { RouteObject } from 'react-router';

/** The attention record page (docs/spec-summary.md 000 §2), mounted inside the signed-in shell. */
export const planillaFormRoutes: RouteObject[] = [
  {
    path: '/planillaform/:idTramite/:estadoTramite/:idPlanilla',
    lazy: async () => ({ Component: (await import('./planilla-form-page.tsx')).default }),
  },
];

/**
 * The same record as a 1200×800 popup window: mounted under the session guard but outside the shell,
 * so the window shows only the record. The layout is lazy too, keeping antd out of the entry chunk.
 */
export const planillaPopupRoutes: RouteObject[] = [
  {
    lazy: async () => ({ Component: (await import('./popup-layout.tsx')).default }),
    children: [
      {
        path: '/planillaformpopup/:idTramite/:estadoTramite/:idPlanilla/:tipo',
        lazy: async () => ({ Component: (await import('./planilla-popup-page.tsx')).default }),
      },
    ],
  },
];
