import { ERROR_CODE, esBinarioConocido } from '@app/domain';

/**
 * Reading a small CSV uploaded in a form and held in memory (the ambulatory loads, the insurer's payment
 * file); writing one is csv.ts, and the data file of a load is streamed by features/cargas instead.
 * Row errors are the domain's `errorDeFila` texts ('Fila 3: …', the header being row 1).
 */

/** The file as text if it is one (UTF-8 with or without BOM, else Windows Latin-1), else null. */
export function textoCsv(buf: Buffer): string | null {
  if (esBinarioConocido(buf)) return null;
  for (const b of buf.subarray(0, 64 * 1024)) {
    if (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d) return null;
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(buf).replace(/^\uFEFF/, '');
  } catch {
    return buf.toString('latin1');
  }
}

/**
 * The separator of a CSV, ';' or ',', whichever its first record holds more of outside quotes (';' on a
 * tie). Also the load's data file's (features/cargas/sources.ts reads its head and asks here).
 */
export function delimitadorCsv(text: string): ';' | ',' {
  let semi = 0;
  let comma = 0;
  let quoted = false;
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) break;
    else if (!quoted && ch === ';') semi++;
    else if (!quoted && ch === ',') comma++;
  }
  return semi >= comma ? ';' : ',';
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
