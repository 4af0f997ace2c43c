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

/** A calendar date from the API ('2026-01-31' or '2026-01-31T00:00:00.000Z') as `YYYY-MM-DD`, or null. */
export function calendarDate(value: string | null | undefined): string | null {
  if (!value) return null;
  const m = /^(\d{4}-\d{2}-\d{2})/.exec(value);
  return m ? m[1] : null;
}

/**
 * `dd/MM/yyyy` of a `date` column, never shifted by the time zone: the API sends calendar dates
 * either as `YYYY-MM-DD` or as midnight UTC, which `formatDate` would show as the day before.
 */
export function formatCalendarDate(value: string | null | undefined): string {
  return formatDate(calendarDate(value) ?? value);
}

/** A period as the lists show it: `dd/MM/yyyy – dd/MM/yyyy` (procedures, loads, requests). */
export function formatPeriod(p: { fechaDesde?: string | null; fechaHasta?: string | null }): string {
  return `${formatCalendarDate(p.fechaDesde)} – ${formatCalendarDate(p.fechaHasta)}`;
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

const KB = 1024;
const MB = 1024 * 1024;

/** A file's size in KB below one megabyte, else MB, Spanish decimals ('1,50 MB'). */
export function formatFileSize(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined || !Number.isFinite(bytes) || bytes < 0) return '';
  if (bytes < MB) return `${formatNumber(bytes / KB)} KB`;
  return `${formatNumber(bytes / MB)} MB`;
}

/** Today's calendar date in America/Guayaquil as `YYYY-MM-DD`. */
export function todayIso(now = new Date()): string {
  const p = parts(dateFmt, now);
  return `${p.year}-${p.month}-${p.day}`;
}
