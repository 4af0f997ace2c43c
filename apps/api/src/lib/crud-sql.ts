import {
  type CatalogDef,
  type CatalogField,
  type CatalogJoined,
  foldText,
  getResource,
  normalizeCode,
  refFields,
  refLabelFields,
  refLabelName,
} from '@app/domain';
import type { FastifyRequest } from 'fastify';
import { empresasAdministradasSql } from './admin-scope.ts';
import { badRequest } from './errors.ts';
import { col, contiene, ident, likePattern, prefixPattern, type SQL, sql } from './sql.ts';

/*
 * The SQL of the catalogue engine (crud.ts): select lists, order, search and the tenant conditions,
 * built from a declaration (catalogs/define*.ts). Names and expressions come from the declaration
 * (code, `sql.raw`); values from a request are interpolated (decision 89).
 */

const r_ = sql.raw;

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

const joinedBySpace = (names: readonly string[], alias: string) =>
  `concat_ws(' ', ${names.map((n) => `${alias}.${col(n)}`).join(', ')})`;

/** A field's value on `alias`: its column, or the fields it concatenates (a person's full name). */
export const fieldSql = (f: CatalogField, alias = 't') =>
  f.concat ? joinedBySpace(f.concat.fields, alias) : `${alias}.${col(f.name)}`;

/** SELECT list of a catalogue: its id, fields, `{field}Nombre` of referenced rows, joined columns, counts and the stamps. */
export function selectList(def: CatalogDef): SQL {
  const cols = [
    `t.${col(def.idField)} AS ${ident(def.idField)}`,
    ...readable(def).map((f) => `${fieldSql(f)} AS ${ident(f.name)}`),
    ...STAMPS.map((n) => `t.${col(n)} AS ${ident(n)}`),
  ];
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
  return r_(cols.join(', '));
}

/** ORDER BY of a list (on alias `t`, text from the declaration) and the columns it reads. */
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
  const concat = def.fields.find((f) => f.name === name)?.concat;
  if (concat) {
    const by = concat.sortFields ?? concat.fields;
    return {
      sql: `${joinedBySpace(by, 't')} ${dir} NULLS LAST, t.${col(def.idField)} ${dir}`,
      columns: [...new Set([col(def.idField), ...by.map(col)])],
    };
  }
  return {
    sql: `t.${col(name)} ${dir} NULLS LAST, t.${col(def.idField)} ${dir}`,
    columns: [...new Set([col(def.idField), col(name)])],
  };
}

/**
 * The search of a list: every word must match one of the declared search fields — a text field
 * containing it (accents and case folded; a trigram index on the folded column serves it), a code
 * field starting with its normalised form (`J18.1` → `J181%`), or the label of a referenced row.
 */
export function searchSql(def: CatalogDef, q: string, alias = 't'): SQL | null {
  const words = foldText(q).split(/\s+/).filter(Boolean).slice(0, MAX_WORDS);
  if (words.length === 0) return null;
  const fields = def.searchFields.map((n) => {
    const f = def.fields.find((x) => x.name === n);
    const j = joinedOf(def, n);
    if (!f && !j) throw new Error(`catalogue ${def.name}: unknown search field ${n}`);
    return f ?? j!;
  });
  const conds = words.map((w) => {
    const folded = likePattern(w);
    const parts = fields.map((f) => {
      if ('via' in f) return contiene(r_(joinedSql(f, alias)), folded);
      if (f.code) return sql`${r_(`${alias}.${col(f.name)}`)} LIKE ${prefixPattern(normalizeCode(w))}`;
      if (f.ref) {
        const ref = refCatalog(def, f);
        return sql`EXISTS (SELECT 1 FROM ${r_(`${ref.table} s WHERE s.${col(ref.idField)} = ${alias}.${col(f.name)}`)} AND ${contiene(r_(refLabelSql(f, 's')), folded)})`;
      }
      return contiene(r_(fieldSql(f, alias)), folded);
    });
    return sql`(${sql.join(parts, r_(' OR '))})`;
  });
  return sql.join(conds, r_(' AND '));
}

/**
 * The condition that keeps a catalogue's rows (under `alias`) inside the tenant of the user; null for
 * shared catalogues.
 */
export function tenantSql(
  def: CatalogDef,
  alias: string,
  mode: ScopeMode,
  req: FastifyRequest,
  depth = 0,
): SQL | null {
  const tenant = def.tenant;
  if (tenant === 'sistema') return null;
  const own = req.user.idEmpresa;
  const empresa = r_(`${alias}.id_empresa`);
  if (tenant === 'administradas') return empresasAdministradasSql(req.user, empresa);
  if (tenant === 'empresa') return sql`${empresa} = ${own}`;
  if (tenant === 'red') {
    const e = `e${depth}`;
    /** `pick` of the companies whose `by` is the user's company. */
    const empresas = (pick: string, by: string) =>
      sql`(SELECT ${r_(`${e}.${pick} FROM empresa ${e} WHERE ${e}.${by}`)} = ${own})`;
    const below = sql`${empresa} IN ${empresas('id_empresa', 'id_empresa_suscriptora')}`;
    if (mode === 'write') return sql`(${empresa} = ${own} OR ${below})`;
    const above = sql`${empresa} = ${empresas('id_empresa_suscriptora', 'id_empresa')}`;
    return sql`(${empresa} = ${own} OR ${below} OR ${above})`;
  }
  const f = def.fields.find((x) => x.name === tenant.through);
  if (!f?.ref) throw new Error(`catalogue ${def.name}: tenant through ${tenant.through} is not a reference`);
  const ref = refCatalog(def, f);
  const a = `p${depth}`;
  const inner = tenantSql(ref, a, mode, req, depth + 1);
  if (!inner)
    throw new Error(`catalogue ${def.name}: tenant through ${f.name} needs a tenant on ${ref.name}`);
  return sql`EXISTS (SELECT 1 FROM ${r_(`${ref.table} ${a} WHERE ${a}.${col(ref.idField)} = ${alias}.${col(f.name)}`)} AND ${inner})`;
}
