/*
 * Raw SQL, one way (decision 89): statements are Drizzle `sql` tagged templates, values go in by
 * interpolation (`${v}` is one parameter; `${sql.param(array)}` one array parameter for `= ANY(…)`),
 * select lists come from the Drizzle tables with `columnas()`, and `consulta()` runs the statement
 * on any `Queryable` (pool, PGlite, a transaction); `columna()` names one column (a SET built from
 * the schema's keys). At the end, `likePattern` / `prefixPattern` build LIKE values (parameters, not text), and the
 * name helpers `col` / `ident` still serve the files that build text (the catalogue engine's
 * `lib/crud*.ts`, the loads' `cargas/sql.ts`, `registro/service.ts`, test helpers) until they move to
 * the tag.
 */
import { foldText, type Page } from '@app/domain';
import { getTableColumns, Name, Param, SQL, StringChunk, sql, type Table } from 'drizzle-orm';
import { toSnakeCase } from 'drizzle-orm/casing';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Queryable } from '../db/client.ts';
import { badRequest } from './errors.ts';

export { SQL, sql } from 'drizzle-orm';

/** The same casing as the Drizzle instances of db/client.ts, so `${tabla.columna}` compiles alike. */
const dialect = new PgDialect({ casing: 'snake_case' });

/** A chunk this compiler does not know (a Drizzle column, table, placeholder…): the dialect compiles it. */
class Desconocido extends Error {}

/**
 * Walks the chunks the statements of this API are made of (text, nested fragments, parameters,
 * identifiers, plain values, arrays for `IN`) the way Drizzle's dialect does, in a fraction of its
 * time (the attentions list compiles two statements per request: decision 89); anything
 * else (`${tabla.columna}`, inline params…) falls back to `PgDialect.sqlToQuery`. `sql.test.ts`
 * checks both give the same text and values.
 */
function recorrer(chunks: readonly unknown[], out: { text: string; params: unknown[] }): void {
  for (const c of chunks) {
    if (c instanceof StringChunk) out.text += c.value.join('');
    else if (c instanceof SQL) {
      if ((c as unknown as { shouldInlineParams: boolean }).shouldInlineParams) throw new Desconocido();
      recorrer(c.queryChunks, out);
    } else if (c instanceof Param) {
      if (
        c.value !== null &&
        typeof c.value === 'object' &&
        !Array.isArray(c.value) &&
        !(c.value instanceof Date)
      )
        throw new Desconocido();
      const v = c.value === null ? null : c.encoder.mapToDriverValue(c.value);
      if (v instanceof SQL) throw new Desconocido();
      out.params.push(v);
      out.text += `$${out.params.length}`;
    } else if (c instanceof Name) out.text += `"${c.value.replace(/"/g, '""')}"`;
    else if (c === undefined) continue;
    else if (Array.isArray(c)) {
      out.text += '(';
      c.forEach((x, i) => {
        if (i > 0) out.text += ', ';
        recorrer([x], out);
      });
      out.text += ')';
    } else if (c === null || typeof c !== 'object' || c instanceof Date) {
      out.params.push(c);
      out.text += `$${out.params.length}`;
    } else throw new Desconocido();
  }
}

/** The text and positional parameters (`$1`, `$2`, …) of a tagged statement. */
export function compilar(q: SQL): { text: string; params: unknown[] } {
  const out = { text: '', params: [] as unknown[] };
  try {
    recorrer([q], out);
    return out;
  } catch (e) {
    if (!(e instanceof Desconocido)) throw e;
    const { sql: text, params } = dialect.sqlToQuery(q);
    return { text, params };
  }
}

/** Compiled by Drizzle's own dialect (the reference `compilar` is checked against). */
export function compilarDrizzle(q: SQL): { text: string; params: unknown[] } {
  const { sql: text, params } = dialect.sqlToQuery(q);
  return { text, params };
}

/** Runs a tagged statement on a pool, PGlite or a transaction; the rows as the driver returns them. */
export function consulta<T = Record<string, unknown>>(db: Queryable, q: SQL): Promise<T[]> {
  const { text, params } = compilar(q);
  return db.query<T>(text, params);
}

/** The first row of a tagged statement, or undefined. */
export async function una<T = Record<string, unknown>>(db: Queryable, q: SQL): Promise<T | undefined> {
  return (await consulta<T>(db, q))[0];
}

/** The one row of a statement that always yields one (an aggregate, a row known to exist). */
export async function fila<T = Record<string, unknown>>(db: Queryable, q: SQL): Promise<T> {
  const r = (await consulta<T>(db, q))[0];
  if (r === undefined) throw new Error('fila(): the statement returned no row');
  return r;
}

/** Conditions joined with AND; `TRUE` when there are none. */
export function todas(conds: readonly (SQL | undefined | null | false)[]): SQL {
  const list = conds.filter((c): c is SQL => !!c);
  return list.length ? sql.join(list, sql.raw(' AND ')) : sql.raw('TRUE');
}

/**
 * A comma-separated list of fragments (select lists, ORDER BY keys). Without parameters it is folded
 * into one text chunk: declared at module load, it then costs a request one chunk to compile.
 */
export function lista(parts: readonly SQL[]): SQL {
  const compilados = parts.map((p) => compilar(p));
  if (compilados.every((c) => c.params.length === 0))
    return sql.raw(compilados.map((c) => c.text).join(', '));
  return sql.join([...parts], sql.raw(', '));
}

type Columnas<T extends Table> = keyof T['_']['columns'] & string;

export type OpcionesColumnas<T extends Table> = {
  /** Only these columns, in this order (the order of the JSON row). */
  solo?: readonly Columnas<T>[];
  /** Every column but these (table order). */
  sin?: readonly Columnas<T>[];
  /** Computed columns after the table's: JSON name → SQL expression (text is trusted, never a request's). */
  extra?: Record<string, string | SQL>;
};

/** The SQL name of a Drizzle column under `casing: 'snake_case'`. */
function nombreSql(c: { name: string; keyAsName?: boolean }): string {
  return c.keyAsName === false ? c.name : toSnakeCase(c.name);
}

/**
 * The select list of a table under an alias: `alias.columna AS "propiedad", …` with the Drizzle
 * property names as JSON names (the names the routes answer with). Built once per call: declare the
 * lists a module uses as constants at load, so a request only interpolates the finished fragment.
 */
export function columnas<T extends Table>(tabla: T, alias: string, op: OpcionesColumnas<T> = {}): SQL {
  const cols = getTableColumns(tabla) as Record<string, { name: string; keyAsName?: boolean }>;
  let keys = op.solo ? [...op.solo] : Object.keys(cols);
  if (op.sin) keys = keys.filter((k) => !op.sin?.includes(k as Columnas<T>));
  const partes = keys.map((k) => {
    const c = cols[k];
    if (!c) throw new Error(`columnas(): ${k} is not a column of ${alias}`);
    const n = nombreSql(c);
    return n === k ? `${alias}.${n}` : `${alias}.${n} AS "${k}"`;
  });
  const extras = Object.entries(op.extra ?? {});
  if (extras.every(([, e]) => typeof e === 'string')) {
    return sql.raw([...partes, ...extras.map(([k, e]) => `${e} AS "${k}"`)].join(', '));
  }
  return lista([
    ...(partes.length ? [sql.raw(partes.join(', '))] : []),
    ...extras.map(([k, e]) => sql`${typeof e === 'string' ? sql.raw(e) : e} AS ${sql.identifier(k)}`),
  ]);
}

/** The SQL name of one column of a table (`SET ${columna(planilla, 'fechaDesde')} = …`); unknown: throws. */
export function columna<T extends Table>(tabla: T, prop: Columnas<T>): SQL {
  const c = (getTableColumns(tabla) as Record<string, { name: string; keyAsName?: boolean }>)[prop];
  if (!c) throw new Error(`columna(): ${prop} is not a column`);
  return sql`${sql.identifier(nombreSql(c))}`;
}

/** Accent- and case-insensitive "contains" on an expression; the same fold as foldText(). */
export const contiene = (expr: SQL, pattern: string): SQL =>
  sql`f_unaccent(lower(${expr}::text)) LIKE ${pattern}`;

/** The page a list is asked for (`?q=&page=&pageSize=&sort=`; `-name` sorts descending). */
export type PaginaPedida = { q?: string; page: number; pageSize: number; sort?: string };

export type ListaPaginada = {
  /** The select list (JSON names as aliases, e.g. `columnas(...)`). */
  select: SQL;
  /** The FROM clause with its joins, without the word FROM. */
  from: SQL;
  /** Conditions, joined with AND. */
  where?: readonly (SQL | undefined | null | false)[];
  /** Expressions searched by `q`: every word must be in one of them (accents and case ignored). */
  buscar?: readonly SQL[];
  /** Sortable JSON names → expressions. */
  orden: Record<string, SQL>;
  /** The sort when none is asked for (`-name` descending). */
  ordenInicial: string;
  /** A unique expression that makes the order stable. */
  desempate: SQL;
};

/**
 * One page of a list, searched, sorted and paged in SQL, with the exact total (`count(*) OVER()`; a
 * page past the end counts apart). An unknown sort answers 400 'Orden no válido.'.
 */
export async function paginada<T extends Record<string, unknown>>(
  db: Queryable,
  l: ListaPaginada,
  pedida: PaginaPedida,
): Promise<Page<T>> {
  const where: (SQL | undefined | null | false)[] = [...(l.where ?? [])];
  const palabras = (pedida.q ?? '').trim().split(/\s+/).filter(Boolean).slice(0, 8);
  if (l.buscar?.length) {
    for (const w of palabras) {
      const patron = likePattern(foldText(w));
      where.push(
        sql`(${sql.join(
          l.buscar.map((e) => contiene(e, patron)),
          sql.raw(' OR '),
        )})`,
      );
    }
  }
  const sort = pedida.sort ?? l.ordenInicial;
  const desc = sort.startsWith('-');
  const expr = l.orden[desc ? sort.slice(1) : sort];
  if (!expr) throw badRequest('Orden no válido.', { sort: 'Orden no válido.' });
  const dir = sql.raw(desc ? 'DESC' : 'ASC');
  const w = where.some(Boolean) ? sql`WHERE ${todas(where)}` : sql.empty();
  const { page, pageSize } = pedida;
  const rows = await consulta<T & { __total: number }>(
    db,
    sql`SELECT ${l.select}, count(*) OVER()::int AS __total FROM ${l.from} ${w}
      ORDER BY ${expr} ${dir} NULLS LAST, ${l.desempate} ${dir} LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`,
  );
  let total = rows[0]?.__total ?? 0;
  if (rows.length === 0 && page > 1)
    total = (await fila<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM ${l.from} ${w}`)).n;
  return { items: rows.map(({ __total: _t, ...resto }) => resto as unknown as T), total, page, pageSize };
}

/** camelCase JSON name → snake_case column (Drizzle's `casing: 'snake_case'`). */
export const col = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** Quoted identifier for names that come from declarations, never from requests. */
export const ident = (name: string) => `"${name.replace(/"/g, '')}"`;

/** The LIKE pattern for a search text, escaped. */
export const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The LIKE pattern for "starts with", escaped. */
export const prefixPattern = (q: string) => `${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
