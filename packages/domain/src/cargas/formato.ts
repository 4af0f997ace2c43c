import type { FormatoDatos } from './rules.ts';

/** Magic numbers of the first bytes (docs/design-summary.md §8: a file is what its content says). */
const ZIP = [0x50, 0x4b, 0x03, 0x04];
const BINARIOS: readonly (readonly number[])[] = [
  [0x25, 0x50, 0x44, 0x46], // %PDF
  [0x89, 0x50, 0x4e, 0x47], // PNG
  [0xff, 0xd8, 0xff], // JPEG
  [0xd0, 0xcf, 0x11, 0xe0], // OLE2: an old Excel .xls, a .doc
  [0x1f, 0x8b], // gzip
];
const empiezaCon = (b: Uint8Array, m: readonly number[]) => m.every((x, i) => b[i] === x);

/** Whether the first bytes are a ZIP's (an Excel book). */
export const esZip = (inicio: Uint8Array) => empiezaCon(inicio, ZIP);
/** Whether the first bytes are a known binary's (PDF, ZIP, PNG, JPEG, OLE2, gzip): never a text file. */
export const esBinarioConocido = (inicio: Uint8Array) =>
  esZip(inicio) || BINARIOS.some((m) => empiezaCon(inicio, m));

/** How many bytes `detectarFormato` needs to decide. */
export const BYTES_DETECCION = 4096;

/**
 * The data file's format from its first bytes, whatever its name or the place it was dropped says
 * (issue 14 §4: a CSV dropped on the JSON tab was refused): a ZIP is an Excel book, text whose first
 * character is `[` or `{` is JSON, any other text is CSV; other binaries (PDF, images, the old .xls)
 * are none of them (null). The server decides with this same function; the upload dialog uses it to
 * say what it will send. Whether the text is valid UTF-8 is checked later by the server.
 */
export function detectarFormato(inicio: Uint8Array): FormatoDatos | null {
  if (esZip(inicio)) return 'xlsx';
  if (BINARIOS.some((m) => empiezaCon(inicio, m))) return null;
  let i = inicio[0] === 0xef && inicio[1] === 0xbb && inicio[2] === 0xbf ? 3 : 0;
  for (let j = i; j < inicio.length; j++) {
    const b = inicio[j];
    // Control characters other than tab, line feed, carriage return and form feed: binary.
    if (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d && b !== 0x0c) return null;
  }
  while (
    i < inicio.length &&
    (inicio[i] === 0x20 || inicio[i] === 0x09 || inicio[i] === 0x0a || inicio[i] === 0x0d)
  )
    i++;
  if (i === inicio.length) return null;
  return inicio[i] === 0x5b || inicio[i] === 0x7b ? 'json' : 'csv';
}

/** Names of the formats as the dialog and the messages say them. */
export const NOMBRE_FORMATO: Readonly<Record<FormatoDatos, string>> = {
  json: 'JSON',
  csv: 'CSV',
  xlsx: 'Excel (.xlsx)',
};

/** What each format must hold, for the upload dialog (one list, shown together). */
export const AYUDA_FORMATOS: readonly { formato: FormatoDatos; ayuda: string }[] = [
  {
    formato: 'json',
    ayuda: 'un arreglo de filas, o un objeto con la propiedad "filas", con las columnas del manual técnico',
  },
  {
    formato: 'csv',
    ayuda: 'texto separado por punto y coma (;) o coma (,), UTF-8 o Windows, con la fila de encabezados',
  },
  { formato: 'xlsx', ayuda: 'libro de Excel, primera hoja con la fila de encabezados' },
];
