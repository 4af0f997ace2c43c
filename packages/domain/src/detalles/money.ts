/**
 * Money exact to the cent (docs/design-summary.md §1 'money'): amounts travel as decimal strings ("1234.56") and are
 * added here as integer cents in BigInt, never as floats. The database keeps `numeric(14,2)` and
 * does its own sums; these helpers are for the few sums and differences the code does itself.
 */

/** A non-negative amount with at most 2 decimals and 12 integer digits (numeric(14,2)). */
export const DECIMAL_RE = /^\d{1,12}(\.\d{1,2})?$/;

/** "1234.5" → 123450n; "-0.05" → -5n. Throws on anything that is not a decimal with ≤ 2 decimals. */
export function toCents(value: string | number | bigint): bigint {
  if (typeof value === 'bigint') return value * 100n;
  const s = typeof value === 'number' ? numberText(value) : value.trim();
  const m = /^(-)?(\d+)(?:\.(\d{0,2}))?$/.exec(s);
  if (!m) throw new RangeError(`Importe inválido: ${String(value)}`);
  const cents = BigInt(m[2]) * 100n + BigInt((m[3] ?? '').padEnd(2, '0') || '0');
  return m[1] ? -cents : cents;
}

/** Integers only (quantities); a float amount is refused so that no rounding hides here. */
function numberText(n: number): string {
  if (!Number.isInteger(n)) throw new RangeError(`Use texto para importes con decimales: ${n}`);
  return String(n);
}

/** 123450n → "1234.50". */
export function fromCents(cents: bigint): string {
  const neg = cents < 0n;
  const abs = neg ? -cents : cents;
  const int = abs / 100n;
  const dec = (abs % 100n).toString().padStart(2, '0');
  return `${neg ? '-' : ''}${int}.${dec}`;
}

/** Sum of decimal strings, exact. */
export const sumMoney = (values: Iterable<string>): string => {
  let total = 0n;
  for (const v of values) total += toCents(v);
  return fromCents(total);
};

/** a − b, exact. */
export const subMoney = (a: string, b: string): string => fromCents(toCents(a) - toCents(b));

/** quantity × unit value (a line's total), exact: the unit value has 2 decimals, the quantity none. */
export const lineTotal = (cantidad: number, valorUni: string): string =>
  fromCents(BigInt(cantidad) * toCents(valorUni));

/** Compares two amounts: -1, 0 or 1. */
export const compareMoney = (a: string, b: string): number => {
  const d = toCents(a) - toCents(b);
  return d < 0n ? -1 : d > 0n ? 1 : 0;
};

/** "1234.5" → "1234.50" (canonical text, as the database returns numeric(14,2)). */
export const normalizeMoney = (v: string): string => fromCents(toCents(v));

/**
 * "1234.56" → "1.234,56" (Spanish grouping) without going through a float: the display of amounts
 * beyond 2^53 cents stays exact too. Empty for null/undefined/''.
 */
export function formatMoneyText(value: string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const s = fromCents(toCents(value));
  const neg = s.startsWith('-');
  const [int, dec] = (neg ? s.slice(1) : s).split('.');
  return `${neg ? '-' : ''}${int.replace(/\B(?=(\d{3})+(?!\d))/g, '.')},${dec}`;
}
