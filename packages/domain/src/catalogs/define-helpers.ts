import type { UserFlag } from '../auth/profiles.ts';
import type { CatalogDef, CatalogField } from './define-types.ts';

/** Whether the user may create rows: the write rule, and the declaration's profiles when it names them. */
export function canCreateCatalog(
  user: Partial<Record<UserFlag, boolean>> & { plataforma?: boolean; idPerfil?: number },
  def: Pick<CatalogDef, 'tenant' | 'writeFlag' | 'readFlag' | 'readOnly' | 'createProfiles'>,
): boolean {
  if (!canWriteCatalog(user, def)) return false;
  return !def.createProfiles || (user.idPerfil !== undefined && def.createProfiles.includes(user.idPerfil));
}

/** Whether a catalogue's rows are shared by every tenant (written only by a platform operator). */
export const isSystemCatalog = (def: Pick<CatalogDef, 'tenant'>) => def.tenant === 'sistema';

/**
 * Whether the user may create, change and delete rows of the catalogue: never a read-only view; a
 * system-wide catalogue only for a platform operator; a tenant's catalogue with its write flag, and its
 * read flag when it has one (a doctor: the administration module and the option 'Operaciones').
 */
export function canWriteCatalog(
  user: Partial<Record<UserFlag, boolean>> & { plataforma?: boolean },
  def: Pick<CatalogDef, 'tenant' | 'writeFlag' | 'readFlag' | 'readOnly'>,
): boolean {
  if (def.readOnly) return false;
  if (isSystemCatalog(def)) return user.plataforma === true;
  if (def.readFlag && user[def.readFlag] !== true) return false;
  return user[def.writeFlag] === true;
}

/** Name of the looked-up label of a reference field in list rows: idLocalidad → localidadNombre. */
export const refLabelKey = (field: string) =>
  `${field.replace(/^id/, '').replace(/^./, (c) => c.toLowerCase())}Nombre`;

/** The label's name of a declared reference field: its own `labelKey` or `refLabelKey`. */
export const refLabelName = (f: Pick<CatalogField, 'name' | 'ref'>) => f.ref?.labelKey ?? refLabelKey(f.name);

/** The fields whose values make up a reference's label. */
export const refLabelFields = (ref: NonNullable<CatalogField['ref']>): readonly string[] =>
  typeof ref.labelField === 'string' ? [ref.labelField] : ref.labelField;

/** A code as code fields store it: upper case, no dots, `X` padding after the third character removed. */
export function normalizeCode(value: string): string {
  const c = value.trim().toUpperCase().replace(/\./g, '');
  return c.length > 3 ? c.slice(0, 3) + c.slice(3).replace(/X+$/, '') : c;
}

/** The reference fields of a catalogue: the only fields a list may be filtered by (`?idClasDiag=7`). */
export const refFields = (def: CatalogDef) => def.fields.filter((f) => f.ref);

/** A reference whose row does not exist or belongs to another company. */
export const refInvalido = (label: string) => `Seleccione un valor válido para ${label}.`;

export type Page<T> = { items: T[]; total: number; page: number; pageSize: number };

export const PAGE_SIZE = 10;
