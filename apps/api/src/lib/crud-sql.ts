import {
  type CatalogDef,
  type CatalogField,
  type CatalogJoined,
  foldText,
  getResource,
  normalizeCode,
  PERFIL,
  refFields,
  refLabelFields,
  refLabelName,
} from '@app/domain';
import type { FastifyRequest } from 'fastify';
import { badRequest } from './errors.ts';
import { col, foldedLike, ident, likePattern } from './sql.ts';

/*
 * The SQL of the catalogue engine (crud.ts): select lists, order, search and the tenant conditions,
 * built from a declaration (catalogs/define*.ts).
 */

export type Row = Record<string, unknown>;

export const STAMPS = ['fechaReg', 'fechaAct', 'idUsuarioReg', 'idUsuarioAct'];
/** At most this many words of a search are used (each one is a condition). */
export const MAX_WORDS = 8;

/** Reading sees what the tenant may see; writing only what it owns (docs/design-summary.md §4). */
export type ScopeMode = 'read' | 'write';

export function refCatalog(def: CatalogDef, f: CatalogField): CatalogDef {
  const ref = f.ref ? getResource(f.ref.catalog) : undefined;
  if (!ref) throw new Error(`catalogue ${def.name}: unknown ref ${f.ref?.catalog} of ${f.name}`);
  return ref;
}

/** The label of the row a reference field points to: one column, or several joined by a space. */
export function refLabelSql(f: CatalogField, alias: string): string {
  const cols = refLabelFields(f.ref!).map((n) => `${alias}.${col(n)}`);
  return cols.length === 1 ? cols[0] : `concat_ws(' ', ${cols.join(', ')})`;
}

/** What a reference's label sorts by: its declared sort fields joined by a space, else the label. */
function refSortSql(f: CatalogField, alias: string): string {
  const sort = f.ref?.sortFields;
  if (!sort) return refLabelSql(f, alias);
  const cols = sort.map((n) => `${alias}.${col(n)}`);
  return cols.length === 1 ? cols[0] : `concat_ws(' ', ${cols.join(', ')})`;
}

/** A joined column (`facturaTotal`): the column of the row its field points to, on alias `t`. */
export const joinedSql = (j: CatalogJoined, alias = 't') =>
  `(SELECT j.${j.column} FROM ${j.table} j WHERE j.${j.id} = ${alias}.${col(j.via)})`;

export const joinedOf = (def: CatalogDef, name: string) => def.joined?.find((j) => j.name === name);

/** The fields a row answers: all but passwords, which are written and never read. */
export const readable = (def: CatalogDef) => def.fields.filter((f) => f.type !== 'password');

/** SELECT list of a catalogue: its id, fields, `{field}Nombre` of referenced rows, joined columns, counts and the stamps. */
export function selectList(def: CatalogDef): string {
  const cols = [def.idField, ...readable(def).map((f) => f.name), ...STAMPS].map(
    (n) => `t.${col(n)} AS ${ident(n)}`,
  );
  for (const f of refFields(def)) {
    const ref = refCatalog(def, f);
    cols.push(
      `(SELECT ${refLabelSql(f, 'r')} FROM ${ref.table} r WHERE r.${col(ref.idField)} = t.${col(f.name)}) AS ${ident(refLabelName(f))}`,
    );
  }
  for (const j of def.joined ?? []) cols.push(`${joinedSql(j)} AS ${ident(j.name)}`);
  for (const c of def.counts ?? []) {
    const value = c.max ? `max(c.${c.max})` : 'count(*)::int';
    cols.push(
      `(SELECT ${value} FROM ${c.table} c WHERE c.${c.column} = t.${col(def.idField)}) AS ${ident(c.name)}`,
    );
  }
  if (def.stampNames !== false)
    cols.push(
      `(SELECT u.nombre FROM usuario u WHERE u.id_usuario = t.id_usuario_reg) AS "usuarioRegNombre"`,
      `(SELECT u.nombre FROM usuario u WHERE u.id_usuario = t.id_usuario_act) AS "usuarioActNombre"`,
    );
  return cols.join(', ');
}

/** ORDER BY of a list (on alias `t`) and the columns it reads. */
export function orderBy(def: CatalogDef, sort: string | undefined): { sql: string; columns: string[] } {
  const s = sort ?? def.defaultSort;
  const desc = s.startsWith('-');
  const name = desc ? s.slice(1) : s;
  const dir = desc ? 'DESC' : 'ASC';
  // A reference's label (`empresaNombre`) sorts by the label of the referenced row.
  const byLabel = refFields(def).find((f) => refLabelName(f) === name);
  if (byLabel) {
    const ref = refCatalog(def, byLabel);
    const label = `(SELECT ${refSortSql(byLabel, 'o')} FROM ${ref.table} o WHERE o.${col(ref.idField)} = t.${col(byLabel.name)})`;
    return {
      sql: `${label} ${dir} NULLS LAST, t.${col(def.idField)} ${dir}`,
      columns: [...new Set([col(def.idField), col(byLabel.name)])],
    };
  }
  const joined = joinedOf(def, name);
  if (joined)
    return {
      sql: `${joinedSql(joined)} ${dir} NULLS LAST, t.${col(def.idField)} ${dir}`,
      columns: [...new Set([col(def.idField), col(joined.via)])],
    };
  const allowed = [def.idField, ...readable(def).map((f) => f.name), 'fechaReg', 'fechaAct'];
  if (!allowed.includes(name)) throw badRequest('Orden no válido.', { sort: 'Orden no válido.' });
  return {
    sql: `t.${col(name)} ${dir} NULLS LAST, t.${col(def.idField)} ${dir}`,
    columns: [...new Set([col(def.idField), col(name)])],
  };
}

/** `LIKE` pattern for "starts with", escaped. */
export const prefixPattern = (s: string) => `${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The search of a list: every word must match one of the declared search fields — a text field
 * containing it (accents and case folded; a trigram index on the folded column serves it), a code
 * field starting with its normalised form (`J18.1` → `J181%`), or the label of a referenced row.
 */
export function searchSql(def: CatalogDef, q: string, params: unknown[], alias = 't'): string | null {
  const words = foldText(q).split(/\s+/).filter(Boolean).slice(0, MAX_WORDS);
  if (words.length === 0) return null;
  const fields = def.searchFields.map((n) => {
    const f = def.fields.find((x) => x.name === n);
    const j = joinedOf(def, n);
    if (!f && !j) throw new Error(`catalogue ${def.name}: unknown search field ${n}`);
    return f ?? j!;
  });
  const conds = words.map((w) => {
    let folded: string | null = null;
    let code: string | null = null;
    const p = (value: string) => {
      params.push(value);
      return `$${params.length}`;
    };
    const parts = fields.map((f) => {
      if ('via' in f) {
        folded ??= p(likePattern(w));
        return foldedLike(joinedSql(f, alias), folded);
      }
      if (f.code) {
        code ??= p(prefixPattern(normalizeCode(w)));
        return `${alias}.${col(f.name)} LIKE ${code}`;
      }
      folded ??= p(likePattern(w));
      if (f.ref) {
        const ref = refCatalog(def, f);
        return `EXISTS (SELECT 1 FROM ${ref.table} s WHERE s.${col(ref.idField)} = ${alias}.${col(f.name)} AND ${foldedLike(refLabelSql(f, 's'), folded)})`;
      }
      return foldedLike(`${alias}.${col(f.name)}`, folded);
    });
    return `(${parts.join(' OR ')})`;
  });
  return conds.join(' AND ');
}

/**
 * The condition that keeps a catalogue's rows (under `alias`) inside the tenant of the user whose
 * company is the parameter `p`; null for shared catalogues.
 */
export function tenantSql(
  def: CatalogDef,
  alias: string,
  p: string,
  mode: ScopeMode,
  req: FastifyRequest,
  depth = 0,
): string | null {
  const tenant = def.tenant;
  if (tenant === 'sistema') return null;
  if (tenant === 'administradas') return administradasSql(req, `${alias}.id_empresa`, p);
  if (tenant === 'empresa') return `${alias}.id_empresa = ${p}`;
  if (tenant === 'red') {
    const e = `e${depth}`;
    const below = `${alias}.id_empresa IN (SELECT ${e}.id_empresa FROM empresa ${e} WHERE ${e}.id_empresa_suscriptora = ${p})`;
    const above = `${alias}.id_empresa = (SELECT ${e}.id_empresa_suscriptora FROM empresa ${e} WHERE ${e}.id_empresa = ${p})`;
    return mode === 'read'
      ? `(${alias}.id_empresa = ${p} OR ${below} OR ${above})`
      : `(${alias}.id_empresa = ${p} OR ${below})`;
  }
  const f = def.fields.find((x) => x.name === tenant.through);
  if (!f?.ref) throw new Error(`catalogue ${def.name}: tenant through ${tenant.through} is not a reference`);
  const ref = refCatalog(def, f);
  const a = `p${depth}`;
  const inner = tenantSql(ref, a, p, mode, req, depth + 1);
  if (!inner)
    throw new Error(`catalogue ${def.name}: tenant through ${f.name} needs a tenant on ${ref.name}`);
  return `EXISTS (SELECT 1 FROM ${ref.table} ${a} WHERE ${a}.${col(ref.idField)} = ${alias}.${col(f.name)} AND ${inner})`;
}

/**
 * The companies an administrator manages as a condition on the company id `expr`: the user's own
 * and, for the subscription administrator (profile 1), those working under it.
 */
export function administradasSql(req: FastifyRequest, expr: string, p: string): string {
  if (req.user.idPerfil !== PERFIL.ADMINISTRADOR) return `${expr} = ${p}`;
  return `(${expr} = ${p} OR ${expr} IN (SELECT es.id_empresa FROM empresa es WHERE es.id_empresa_suscriptora = ${p}))`;
}
