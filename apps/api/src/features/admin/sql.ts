import { foldText, type Page, PERFIL, type SessionUser } from '@app/domain';
import type { Queryable } from '../../db/client.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { foldedLike, likePattern } from '../../lib/sql.ts';

/** Positional parameters of one statement: `p.add(value)` returns its `$n`. */
export class Params {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/**
 * The companies an administration screen may show (docs/design-summary.md §4): the user's own company and, for the
 * subscription administrator (profile 1), the companies working under it (its providers).
 * `expr` is the SQL of a company id column.
 */
export function empresaScope(user: SessionUser, expr: string, p: Params): string {
  const own = p.add(user.idEmpresa);
  if (user.idPerfil !== PERFIL.ADMINISTRADOR) return `${expr} = ${own}`;
  return `(${expr} = ${own} OR ${expr} IN (SELECT es.id_empresa FROM empresa es WHERE es.id_empresa_suscriptora = ${own}))`;
}

/** Users an administration screen may show: those of its companies and, for profile 1, of its subscription. */
export function usuarioScope(user: SessionUser, alias: string, p: Params): string {
  const byEmpresa = empresaScope(user, `${alias}.id_empresa`, p);
  if (user.idPerfil !== PERFIL.ADMINISTRADOR || user.idSuscripcion === null) return byEmpresa;
  return `(${byEmpresa} OR ${alias}.id_suscripcion = ${p.add(user.idSuscripcion)})`;
}

export type ListQueryInput = { q?: string; page: number; pageSize: number; sort?: string };

export type ListSpec = {
  /** SELECT list (with JSON names as quoted aliases). */
  select: string;
  /** FROM clause with joins. */
  from: string;
  /** Conditions already written with `params`. */
  where: string[];
  params: Params;
  /** Expressions searched by `q`: every word must be in one of them (accents and case ignored). */
  search?: string[];
  /** Sortable JSON names → SQL expressions. */
  sorts: Record<string, string>;
  defaultSort: string;
  /** Unique expression that makes the order stable. */
  tiebreak: string;
};

/** One page of a list, searched, sorted and paged in SQL, with the exact total. */
export async function pagedList<T extends Record<string, unknown>>(
  db: Queryable,
  spec: ListSpec,
  query: ListQueryInput,
): Promise<Page<T>> {
  const p = spec.params;
  const where = [...spec.where];
  const words = (query.q ?? '').trim().split(/\s+/).filter(Boolean).slice(0, 8);
  if (words.length && spec.search?.length) {
    for (const w of words) {
      const param = p.add(likePattern(foldText(w)));
      where.push(`(${spec.search.map((e) => foldedLike(e, param)).join(' OR ')})`);
    }
  }
  const sort = query.sort ?? spec.defaultSort;
  const desc = sort.startsWith('-');
  const key = desc ? sort.slice(1) : sort;
  const expr = spec.sorts[key];
  if (!expr) throw badRequest('Orden no válido.', { sort: 'Orden no válido.' });
  const dir = desc ? 'DESC' : 'ASC';
  const w = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const limit = p.add(query.pageSize);
  const offset = p.add((query.page - 1) * query.pageSize);
  const rows = await db.query<T & { __total: number }>(
    `SELECT ${spec.select}, count(*) OVER()::int AS __total FROM ${spec.from} ${w}
      ORDER BY ${expr} ${dir} NULLS LAST, ${spec.tiebreak} ${dir} LIMIT ${limit} OFFSET ${offset}`,
    p.values,
  );
  let total = rows[0]?.__total ?? 0;
  if (rows.length === 0 && query.page > 1) {
    const c = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ${spec.from} ${w}`,
      p.values.slice(0, -2),
    );
    total = c[0].n;
  }
  return {
    items: rows.map(({ __total: _t, ...rest }) => rest as unknown as T),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/** The first row or 404 (another tenant's id answers the same as a missing one). */
export async function one<T>(db: Queryable, sql: string, params: unknown[]): Promise<T> {
  const rows = await db.query<T>(sql, params);
  if (!rows[0]) throw notFound();
  return rows[0];
}

/** Whether a row exists, for references checked inside the tenant. */
export async function exists(db: Queryable, sql: string, params: unknown[]): Promise<boolean> {
  return (await db.query(sql, params)).length > 0;
}

/** PostgreSQL unique violation (23505) on a given constraint or column. */
export function isUniqueViolation(e: unknown, hint?: string): boolean {
  const err = e as { code?: string; constraint?: string; detail?: string; message?: string };
  if (err?.code !== '23505') return false;
  if (!hint) return true;
  return [err.constraint, err.detail, err.message].some((s) => typeof s === 'string' && s.includes(hint));
}

export const STAMP_COLUMNS = (a: string) =>
  `${a}.fecha_reg AS "fechaReg", ${a}.fecha_act AS "fechaAct", ${a}.id_usuario_reg AS "idUsuarioReg", ${a}.id_usuario_act AS "idUsuarioAct"`;

export type RefCheck = {
  field: string;
  label: string;
  table: string;
  idColumn: string;
  value: number | null | undefined;
};

/** Every given reference must exist, else 400 with '{label}: el registro seleccionado no existe.' under its field. */
export async function checkRefs(db: Queryable, refs: RefCheck[]): Promise<void> {
  const fields: Record<string, string> = {};
  for (const r of refs) {
    if (r.value === null || r.value === undefined) continue;
    const rows = await db.query(`SELECT 1 FROM ${r.table} WHERE ${r.idColumn} = $1`, [r.value]);
    if (rows.length === 0) fields[r.field] = `${r.label}: el registro seleccionado no existe.`;
  }
  const first = Object.values(fields)[0];
  if (first) throw badRequest(first, fields);
}
