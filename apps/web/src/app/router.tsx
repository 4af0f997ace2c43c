import { CATALOGS } from '@app/domain';
import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { CatalogRoute } from './catalog-route.tsx';
import { RouteError } from './errors/route-error.tsx';
import { RequireSession } from './require-session.tsx';

type PageModule = { default: ComponentType };

/** Route-level code splitting: each page is its own chunk, so /Login stays small. */
const page = (load: () => Promise<PageModule>): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => ({ Component: (await load()).default }),
});

const catalogRoutes: RouteObject[] = Object.values(CATALOGS).map((c) => ({
  path: `/${c.name}`,
  element: <CatalogRoute key={c.name} name={c.name} />,
}));

export const routes: RouteObject[] = [
  {
    errorElement: <RouteError />,
    children: [
      // Public
      { path: '/', ...page(() => import('../features/auth/home-page.tsx')) },
      { path: '/Login', ...page(() => import('../features/auth/login-page.tsx')) },
      { path: '/OlvidoClave', ...page(() => import('../features/auth/forgot-password-page.tsx')) },
      {
        path: '/login-actualizar-clave/:idUsuario',
        ...page(() => import('../features/auth/reset-password-page.tsx')),
      },
      // Signed in: guard, then the shell (top bar, side menu, inactivity logout)
      {
        element: <RequireSession />,
        children: [
          {
            ...page(() => import('./shell/app-shell.tsx')),
            children: [
              { path: '/MenuPrincipal', ...page(() => import('../features/menu/main-menu-page.tsx')) },
              { path: '/empty', element: <Navigate to="/MenuPrincipal" replace /> },
              {
                path: '/actualizarclave',
                ...page(() => import('../features/auth/change-password-page.tsx')),
              },
              {
                path: '/configuracion2FA/:idUsuario',
                ...page(() => import('../features/auth/two-factor-page.tsx')),
              },
              ...catalogRoutes,
            ],
          },
        ],
      },
      { path: '*', ...page(() => import('./errors/not-found-route.tsx')) },
    ],
  },
];

export const router = createBrowserRouter(routes);
