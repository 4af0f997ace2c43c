import { REPORTES_ESTADISTICOS_IDS } from '@app/domain/estadisticas/ids';
import type { RouteObject } from 'react-router';

/** The eight report pages of spec 001 §2.5: one component, one chunk, parameterised by the declaration. */
export const estadisticasRoutes: RouteObject[] = REPORTES_ESTADISTICOS_IDS.map((id) => ({
  path: `/${id}`,
  lazy: async () => {
    const { default: Page } = await import('./estadistica-page.tsx');
    return { element: <Page key={id} id={id} /> };
  },
}));
