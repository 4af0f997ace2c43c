import type { CatalogDef } from './define.ts';
import * as parametros from './parametros.ts';

export * from './define.ts';

/** Every plain catalogue, by route name. Declaring one here gives it API routes, a screen and tests. */
export const CATALOGS: Record<string, CatalogDef> = Object.fromEntries(
  Object.values(parametros).map((c) => [c.name, c as CatalogDef]),
);

export function getCatalog(name: string): CatalogDef | undefined {
  return Object.hasOwn(CATALOGS, name) ? CATALOGS[name] : undefined;
}
