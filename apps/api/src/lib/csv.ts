import { stringify } from 'csv-stringify';
import { stringify as stringifySync } from 'csv-stringify/sync';

/**
 * The one CSV writer of the product (decision 36): ';' as separator, a UTF-8 BOM so Excel reads the
 * accents, a header row, and every text cell neutralised against formula injection.
 */

/** Characters a spreadsheet may read as the start of a formula (OWASP 'CSV Injection'). */
const FORMULA_START = /^[=+\-@\t\r]/;
/** A cell that is only a number (-5.00, +593, -1.234,56): read as a number, never as a formula. */
const PLAIN_NUMBER = /^[+-]?(?:\d+|\d{1,3}(?:[.,]\d{3})+)(?:[.,]\d+)?$/;

/** Prefixes a single quote to a text cell a spreadsheet would run as a formula. */
export function neutralizeCsvCell(value: string): string {
  return FORMULA_START.test(value) && !PLAIN_NUMBER.test(value) ? `'${value}` : value;
}

const options = (columns: string[]) => ({
  delimiter: ';',
  bom: true,
  header: true,
  columns,
  cast: { string: neutralizeCsvCell },
});

/** A streaming writer: pipe records (arrays in the order of `columns`) into it. */
export const csvStream = (columns: string[]) => stringify(options(columns));

/** The whole CSV text of a few rows. */
export const csvText = (rows: unknown[][], columns: string[]) => stringifySync(rows, options(columns));
