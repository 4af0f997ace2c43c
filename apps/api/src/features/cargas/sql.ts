import { COLUMNAS_DATOS, type ColumnaDatos, PATRON } from '@app/domain';
import { col } from '../../lib/sql.ts';

/*
 * Expression text over column names and patterns of the code (never a request's), used by the load's
 * set-based statements through `sql.raw` as constant pieces built once (decision 89).
 */

/** SQL column of a data-file column (`fIngreso` → `f_ingreso`). */
export const columnaSql = (c: ColumnaDatos) => col(c);

/** carga_fila columns in the file's order. */
export const FILA_COLUMNAS_SQL = COLUMNAS_DATOS.map(columnaSql);

/** A constant pattern as an SQL literal (patterns are ours, never from a request). */
const lit = (s: string) => `'${s.replace(/'/g, "''")}'`;

/*
 * Conversions of stored raw text. They are applied only to values the row validator accepted, so
 * they accept exactly what it accepts (the same PATRON sources) and never throw on stored data.
 */

/*
 * The same conversions for values known to be valid (organising runs only on loads without errors):
 * no pattern matching, just the cast.
 */
export const fechaValidaSql = (c: string) =>
  `(CASE WHEN strpos(${c}, '/') > 0 THEN to_date(${c}, 'DD/MM/YYYY') ELSE ${c}::date END)`;
export const numeroValidoSql = (c: string) => `replace(${c}, ',', '.')::numeric`;

/** The same date as comparable text without casting (for rows not yet known to be valid). */
export const fechaTextoSql = (c: string) =>
  `(CASE WHEN ${c} ~ ${lit(PATRON.fechaDmy)} THEN split_part(${c}, '/', 3) || '-' || lpad(split_part(${c}, '/', 2), 2, '0') || '-' || lpad(split_part(${c}, '/', 1), 2, '0') ELSE ${c} END)`;

/** Decimal with `.` or `,`; null when not a number. */
export const numeroSql = (c: string) =>
  `(CASE WHEN ${c} ~ ${lit(PATRON.decimal)} THEN replace(${c}, ',', '.')::numeric END)`;

/** CIE-10 as the catalogue stores it: upper case, no dot, X padding after the category removed. */
export const cie10Sql = (c: string) =>
  `(CASE WHEN length(replace(upper(${c}), '.', '')) > 3 THEN left(replace(upper(${c}), '.', ''), 3) || rtrim(substr(replace(upper(${c}), '.', ''), 4), 'X') ELSE replace(upper(${c}), '.', '') END)`;

export const cie10FormatoSql = (c: string) => `upper(${c}) ~ ${lit(PATRON.cie10)}`;

/** A message template of MSG_CARGA for PostgreSQL's format(): the placeholders become %n$s. */
export function plantilla<A extends unknown[]>(fn: (...args: A) => string, n: number): string {
  const args = Array.from({ length: n }, (_, i) => `%${i + 1}$s`) as unknown as A;
  return fn(...args);
}
