import type { RouteObject } from 'react-router';

/** Attention list routes (docs/spec-summary.md 000 §2), to be mounted inside the signed-in shell. */
export const planillaListRoutes: RouteObject[] = [
  {
    path: '/cargaplanilla/:idTramite/:idCarga',
    lazy: async () => ({ Component: (await import('./carga-planilla-page.tsx')).default }),
  },
];
