/** One formatting module for every date, number and money shown to a user (es-EC, America/Guayaquil). */
export const TIME_ZONE = 'America/Guayaquil';

const dateFmt = new Intl.DateTimeFormat('es-EC', {
  timeZone: TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});
const timeFmt = new Intl.DateTimeFormat('es-EC', {
  timeZone: TIME_ZONE,
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});

function parts(fmt: Intl.DateTimeFormat, d: Date): Record<string, string> {
  const out: Record<string, string> = {};
  for (const p of fmt.formatToParts(d)) out[p.type] = p.value;
  return out;
}

/** `YYYY-MM-DD` (a calendar date) or an instant → `dd/MM/yyyy`; instants in America/Guayaquil. */
export function formatDate(value: string | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const [y, m, d] = value.split('-');
    return `${d}/${m}/${y}`;
  }
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const p = parts(dateFmt, date);
  return `${p.day}/${p.month}/${p.year}`;
}

export function formatTime(value: string | Date | null | undefined): string {
  if (!value) return '';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const p = parts(timeFmt, date);
  return `${p.hour === '24' ? '00' : p.hour}:${p.minute}`;
}

export function formatDateTime(value: string | Date | null | undefined): string {
  const d = formatDate(value);
  return d ? `${d} ${formatTime(value)}` : '';
}

const intFmt = new Intl.NumberFormat('es-EC', { maximumFractionDigits: 0, useGrouping: true });
const decFmt = new Intl.NumberFormat('es-EC', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Spanish grouping: dots for thousands, comma for decimals (Intl es-EC omits grouping below 10.000). */
function group(formatted: string): string {
  const [int, dec] = formatted.replace(/\./g, '').split(',');
  const sign = int.startsWith('-') ? '-' : '';
  const digits = sign ? int.slice(1) : int;
  const grouped = digits.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return dec === undefined ? `${sign}${grouped}` : `${sign}${grouped},${dec}`;
}

export function formatCount(value: number | string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  return group(intFmt.format(Number(value)));
}

export function formatNumber(value: number | string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  return group(decFmt.format(Number(value)));
}

export function formatMoney(value: number | string | null | undefined): string {
  const n = formatNumber(value);
  return n ? `$ ${n}` : '';
}

/** Today's calendar date in America/Guayaquil as `YYYY-MM-DD`. */
export function todayIso(now = new Date()): string {
  const p = parts(dateFmt, now);
  return `${p.year}-${p.month}-${p.day}`;
}
