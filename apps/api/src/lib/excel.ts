import type ExcelJS from 'exceljs';

/** exceljs (about 29 MB), loaded when a workbook is first read or written, not at start (decision 30). */
export const loadExcel = async () => (await import('exceljs')).default;

/**
 * An Excel cell read as the text a CSV of it would hold: dates as YYYY-MM-DD, formulas by their result,
 * rich text and hyperlinks by their text, numbers without the float's noise (20.000000000000004 → 20);
 * empty and error cells null.
 */
export function textoDeCelda(v: ExcelJS.CellValue): string | null {
  if (v === null || v === undefined) return null;
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? null : v.toISOString().slice(0, 10);
  if (typeof v === 'number') return Number.isFinite(v) ? String(Number(v.toFixed(9))) : null;
  if (typeof v === 'string') return v.trim() === '' ? null : v;
  if (typeof v === 'boolean') return v ? 'VERDADERO' : 'FALSO';
  if ('richText' in v) return v.richText.map((r) => r.text).join('') || null;
  if ('result' in v) return textoDeCelda(v.result as ExcelJS.CellValue);
  if ('text' in v) return String(v.text) || null;
  return null;
}
