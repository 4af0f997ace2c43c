import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { adminRoutes } from '../features/admin/routes.tsx';
import { archivoRoutes } from '../features/archivos/routes.tsx';
import { autorizacionRoutes } from '../features/autorizaciones/routes.tsx';
import { ayudaRoutes } from '../features/ayuda/routes.tsx';
import { cargaRoutes } from '../features/cargas/routes.tsx';
import { estadisticasRoutes } from '../features/estadisticas/routes.tsx';
import { finanzasRoutes } from '../features/finanzas/routes.tsx';
import { herramientasRoutes } from '../features/herramientas/routes.tsx';
import { observacionRoutes } from '../features/observaciones/routes.tsx';
import { planillaFormRoutes, planillaPopupRoutes } from '../features/planilla-form/routes.tsx';
import { planillaListRoutes } from '../features/planillas/routes.tsx';
import { publicRegistroRoutes } from '../features/registro/routes.tsx';
import { sesionesRoutes } from '../features/sesiones/routes.tsx';
import { tramiteDetalleRoutes } from '../features/tramite-detalle/routes.tsx';
import { tramiteRoutes } from '../features/tramites/routes.tsx';
import { RouteError } from './errors/route-error.tsx';
import { RequireSession } from './require-session.tsx';

type PageModule = { default: ComponentType };

/** Route-level code splitting: each page is its own chunk, so /Login stays small. */
const page = (load: () => Promise<PageModule>): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => ({ Component: (await load()).default }),
});

const SHELL_ID = 'shell';

export const routes: RouteObject[] = [
  {
    errorElement: <RouteError />,
    // The first page's code is still loading.
    hydrateFallbackElement: <div aria-busy="true" />,
    children: [
      // Public
      { path: '/', ...page(() => import('../features/auth/home-page.tsx')) },
      { path: '/Login', ...page(() => import('../features/auth/login-page.tsx')) },
      { path: '/OlvidoClave', ...page(() => import('../features/auth/forgot-password-page.tsx')) },
      {
        path: '/login-actualizar-clave/:idUsuario',
        ...page(() => import('../features/auth/reset-password-page.tsx')),
      },
      ...publicRegistroRoutes,
      // Signed in: guard, then the shell (top bar, side menu, inactivity logout)
      {
        element: <RequireSession />,
        children: [
          {
            id: SHELL_ID,
            ...page(() => import('./shell/app-shell.tsx')),
            children: [
              { path: '/MenuPrincipal', ...page(() => import('../features/menu/main-menu-page.tsx')) },
              // Used to force a reload of the main menu.
              { path: '/empty', element: <Navigate to="/MenuPrincipal" replace /> },
              {
                path: '/actualizarclave',
                ...page(() => import('../features/auth/change-password-page.tsx')),
              },
              {
                path: '/configuracion2FA/:idUsuario',
                ...page(() => import('../features/auth/two-factor-page.tsx')),
              },
              ...tramiteRoutes,
              ...tramiteDetalleRoutes,
              ...autorizacionRoutes,
              ...planillaFormRoutes,
              ...planillaListRoutes,
              ...cargaRoutes,
              ...observacionRoutes,
              ...archivoRoutes,
              ...herramientasRoutes,
              ...ayudaRoutes,
              ...finanzasRoutes,
              ...estadisticasRoutes,
              ...adminRoutes,
              ...sesionesRoutes,
              // Catalogue routes are patched in below.
            ],
          },
          // Popup windows (1200×800): signed in, without the shell.
          ...planillaPopupRoutes,
        ],
      },
      { path: '*', ...page(() => import('./errors/not-found-route.tsx')) },
    ],
  },
];

let catalogsPatched = false;

/**
 * The catalogue routes come from the domain's registry, which brings zod with it; they are added on
 * the first navigation that React Router cannot match exactly (anything the splat route catches), so
 * the entry chunk, and with it /Login, stays small.
 */
export const router = createBrowserRouter(routes, {
  async patchRoutesOnNavigation({ patch, signal }) {
    if (catalogsPatched) return;
    const { catalogRoutes } = await import('./catalog-routes.tsx');
    if (catalogsPatched || signal.aborted) return;
    patch(SHELL_ID, catalogRoutes());
    catalogsPatched = true;
  },
});
