import * as admin from './admin.ts';
import * as auditoria from './auditoria.ts';
import * as clinicos from './clinicos.ts';
import type { CatalogDef } from './define.ts';
import * as empresa from './empresa.ts';
import * as facturacion from './facturacion.ts';
import * as parametros from './parametros.ts';
import * as tarifas from './tarifas.ts';
import * as vistas from './vistas.ts';

export { TIPOS_OBSERVACION } from './auditoria.ts';
export * from './define.ts';
export { ESTADOS_FACTURA } from './facturacion.ts';
export * from './master-detail.ts';

const isCatalog = (v: unknown): v is CatalogDef =>
  typeof v === 'object' && v !== null && 'table' in v && 'idField' in v && 'fields' in v;

/** Every declaration, by API name: each gets /api/v1/catalogos/{name} and the table-driven test. */
export const ALL_CATALOGS: Record<string, CatalogDef> = Object.fromEntries(
  [parametros, clinicos, tarifas, facturacion, auditoria, vistas, admin, empresa]
    .flatMap((m) => Object.values(m))
    .filter(isCatalog)
    .map((c) => [c.name, c]),
);

/**
 * Every plain catalogue, by route name: a screen at `/{name}` and a menu entry. Declaring one here
 * gives it API routes, a screen and tests. Views and detail-only catalogues (`route: false`) are left out.
 */
export const CATALOGS: Record<string, CatalogDef> = Object.fromEntries(
  Object.values(ALL_CATALOGS)
    .filter((c) => c.route !== false)
    .map((c) => [c.name, c]),
);

export function getCatalog(name: string): CatalogDef | undefined {
  return Object.hasOwn(ALL_CATALOGS, name) ? ALL_CATALOGS[name] : undefined;
}

/**
 * The API path of a declaration under /api/v1: its own (`/aseguradores`) or `/catalogos/{name}`. A
 * parent's rows (`/empresas/:id/medios`) take the parent's id from `values` (a row, a query, a form).
 */
export function resourcePath(
  def: Pick<CatalogDef, 'name' | 'api'>,
  values?: Record<string, unknown>,
): string {
  const path = def.api?.path ?? `/catalogos/${def.name}`;
  const parent = def.api?.parent;
  if (!parent || !values) return path;
  return path.replace(':id', encodeURIComponent(String(values[parent.field])));
}
