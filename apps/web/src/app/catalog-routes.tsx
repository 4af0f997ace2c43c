import { CATALOGS, getCatalog, MASTER_DETAILS, routeFlag } from '@app/domain';
import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { RequireFlag } from '../components/guards.tsx';

const CatalogPage = lazy(() => import('../components/catalog/catalog-page.tsx'));
const MasterDetailPage = lazy(() => import('../components/master-detail/master-detail-page.tsx'));

/** A catalogue route: its list screen, or 403 when the menu flag behind it is off for this user. */
export function CatalogRoute({ name }: { name: string }) {
  return (
    <RequireFlag flag={routeFlag(`/${name}`)}>
      <CatalogPage name={name} />
    </RequireFlag>
  );
}

/**
 * A master-detail route: the flag of the master's menu section (its list is where the screen is
 * opened from), else the detail's, and the detail's read flag; 403 when one is off, as for the lists themselves.
 */
export function MasterDetailRoute({ route }: { route: string }) {
  const md = MASTER_DETAILS.find((m) => m.route === route);
  const flag =
    routeFlag(`/${md?.master}`) ??
    (md?.detail && getCatalog(md.detail.catalog)?.route !== false
      ? routeFlag(`/${md.detail.catalog}`)
      : null);
  // The detail's own read rule too (a company's settings: the administration module), as the API enforces it.
  const readFlag = md?.detail ? getCatalog(md.detail.catalog)?.readFlag : undefined;
  return (
    <RequireFlag flag={[flag, readFlag]}>
      <MasterDetailPage route={route} />
    </RequireFlag>
  );
}

/**
 * One route per declared catalogue (`/tipoiden`, ...) and per master-detail screen
 * (`/clasdiag_diagnostico/:p_idclasdiag`, ...), children of the signed-in shell.
 */
export function catalogRoutes(): RouteObject[] {
  return [
    ...Object.values(CATALOGS).map((c) => ({
      id: `catalogo:${c.name}`,
      path: `/${c.name}`,
      element: <CatalogRoute key={c.name} name={c.name} />,
    })),
    ...MASTER_DETAILS.map((m) => ({
      id: `maestro-detalle:${m.route}`,
      path: `/${m.route}/:${m.param}`,
      element: <MasterDetailRoute key={m.route} route={m.route} />,
    })),
  ];
}
