/**
 * A catalogue declaration: its types (`define-types.ts`), the helpers reading one
 * (`define-helpers.ts`) and the schemas derived from it (`define-schemas.ts`).
 */
import type { CatalogDef } from './define-types.ts';

export * from './define-helpers.ts';
export * from './define-schemas.ts';
export * from './define-types.ts';

export function defineCatalog<const T extends CatalogDef>(def: T): T {
  return def;
}
