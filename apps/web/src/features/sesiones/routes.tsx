import type { RouteObject } from 'react-router';

type Pages = typeof import('./sesiones-pages.tsx');

/**
 * Session administration (menu Reportes; profile 1, as the API's `requireProfile`): each page and
 * its guard loaded on first use, so the entry chunk does not grow.
 */
const sesion = (path: string, name: keyof Pages): RouteObject => ({
  path,
  lazy: async () => {
    const [pages, { RequireAdministrador }] = await Promise.all([
      import('./sesiones-pages.tsx'),
      import('../../components/guards.tsx'),
    ]);
    const Page = pages[name];
    return {
      element: (
        <RequireAdministrador>
          <Page />
        </RequireAdministrador>
      ),
    };
  },
});

export const sesionesRoutes: RouteObject[] = [
  sesion('/sesion', 'SesionPage'),
  sesion('/sesionerr', 'SesionErrPage'),
  sesion('/accesosesion', 'AccesoSesionPage'),
  sesion('/sesionesmes', 'SesionesMesPage'),
  sesion('/sesionesdia', 'SesionesDiaPage'),
  sesion('/sandbox-log', 'SandboxLogPage'),
];
