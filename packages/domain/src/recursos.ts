import { ADMIN_RESOURCES, RESOURCE_DETAILS } from './admin/aseguradores.ts';
import { ALL_CATALOGS, type CatalogDef, MASTER_DETAILS, type MasterDetailDef } from './catalogs/index.ts';

/*
 * What the catalogue engine serves: the catalogues (catalogs/) and the administration's resources
 * declared with the same engine (admin/). Collected here, above both, so that catalogs/ imports
 * nothing of admin/ (admin/ declares with catalogs/define.ts).
 */

/**
 * Every declaration the engine serves — the catalogues and the administration resources declared as
 * catalogues (`api.path` of their own: /api/v1/aseguradores, ...) — by name.
 */
export const ALL_RESOURCES: Record<string, CatalogDef> = { ...ALL_CATALOGS, ...ADMIN_RESOURCES };

export function getResource(name: string): CatalogDef | undefined {
  return Object.hasOwn(ALL_RESOURCES, name) ? ALL_RESOURCES[name] : undefined;
}

/** A master-detail screen of the catalogues or a record screen of the administration, by route. */
export function getDetailScreen(route: string): MasterDetailDef | undefined {
  return [...MASTER_DETAILS, ...RESOURCE_DETAILS].find((m) => m.route === route);
}
