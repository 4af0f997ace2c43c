import { ERROR_CODE } from '@app/domain';

/**
 * Reading a small CSV uploaded in a form and held in memory (the ambulatory loads, the insurer's payment
 * file); writing one is csv.ts, and the data file of a load is streamed by features/cargas instead.
 * Row errors are the domain's `errorDeFila` texts ('Fila 3: …', the header being row 1).
 */

/** Binary files whatever their name: never a CSV. */
const BINARY_MAGIC = [
  [0x25, 0x50, 0x44, 0x46], // %PDF
  [0x50, 0x4b, 0x03, 0x04], // ZIP, xlsx
  [0x89, 0x50, 0x4e, 0x47], // PNG
  [0xff, 0xd8, 0xff], // JPEG
  [0xd0, 0xcf, 0x11, 0xe0], // OLE2 (xls)
  [0x1f, 0x8b], // gzip
];

/** The file as text if it is one (UTF-8 with or without BOM, else Windows Latin-1), else null. */
export function textoCsv(buf: Buffer): string | null {
  if (BINARY_MAGIC.some((m) => m.every((b, i) => buf[i] === b))) return null;
  for (const b of buf.subarray(0, 64 * 1024)) {
    if (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d) return null;
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(buf).replace(/^\uFEFF/, '');
  } catch {
    return buf.toString('latin1');
  }
}

/** The separator of a CSV, ';' or ',', whichever its first line holds more of (';' on a tie). */
export function delimitadorCsv(text: string): ';' | ',' {
  const firstLine = text.split(/\r?\n/, 1)[0] ?? '';
  return (firstLine.match(/;/g)?.length ?? 0) >= (firstLine.match(/,/g)?.length ?? 0) ? ';' : ',';
}

const numeroFila = (e: string) => Number(/^Fila (\d+)/.exec(e)?.[1] ?? 0);

/** Sorts row errors by their row (stable: a row's errors keep their order); file errors first. */
export const porFila = (errores: string[]) => errores.sort((a, b) => numeroFila(a) - numeroFila(b));

/** Row-level messages sent back at most; the count of all is always given. */
export const MAX_ERRORES_FILA = 200;

/**
 * The 400 error envelope of a refused file (nothing stored): the message counts the rows with errors
 * (`conErrores`), or is the file's own error (header, empty file); `detalles` lists them.
 */
export function rechazoDeArchivo(errores: string[], conErrores: (filas: number) => string) {
  const filas = new Set(errores.flatMap((e) => /^Fila (\d+)/.exec(e)?.[1] ?? [])).size;
  const message = filas ? conErrores(filas) : errores.join(' ');
  return {
    error: {
      code: ERROR_CODE.archivoConErrores,
      message,
      fields: { archivo: message },
      detalles: errores.slice(0, MAX_ERRORES_FILA),
      totalDetalles: errores.length,
    },
  };
}
