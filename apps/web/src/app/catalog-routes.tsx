import { CATALOGS, routeFlag } from '@app/domain';
import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { useSession } from './use-session.ts';

const CatalogPage = lazy(() => import('../components/catalog/CatalogPage.tsx'));
const ForbiddenPage = lazy(async () => ({
  default: (await import('./errors/error-pages.tsx')).ForbiddenPage,
}));

/** A catalogue route: its list screen, or 403 when the menu flag behind it is off for this user. */
export function CatalogRoute({ name }: { name: string }) {
  const session = useSession();
  const flag = routeFlag(`/${name}`);
  if (flag && !session?.usuario[flag]) return <ForbiddenPage />;
  return <CatalogPage name={name} />;
}

/** One route per declared catalogue (`/tipoiden`, ...), children of the signed-in shell. */
export function catalogRoutes(): RouteObject[] {
  return Object.values(CATALOGS).map((c) => ({
    id: `catalogo:${c.name}`,
    path: `/${c.name}`,
    element: <CatalogRoute key={c.name} name={c.name} />,
  }));
}
