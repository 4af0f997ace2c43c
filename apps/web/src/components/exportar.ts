/**
 * A list's export: every export route of the API takes `?formato=csv|xlsx` (apps/api/src/lib/tabla-export.ts);
 * the screens offer both buttons, 'CSV' and 'Excel', side by side.
 */
export type FormatoExport = 'csv' | 'xlsx';

/** The file name of an export in a format ('Atenciones_tramite_1.csv' → 'Atenciones_tramite_1.xlsx'). */
export const nombreExport = (nombreCsv: string, formato: FormatoExport) =>
  formato === 'xlsx' ? nombreCsv.replace(/\.csv$/, '.xlsx') : nombreCsv;
