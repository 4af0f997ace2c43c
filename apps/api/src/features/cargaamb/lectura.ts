import {
  COLUMNAS_CARGA_AMB_REQUERIDAS,
  COLUMNAS_DIAG,
  columnaCargaAmb,
  ERROR_CODE,
  ETIQUETAS_CARGA_AMB,
  errorDeFila,
  type FilaCargaAmb,
  MSG_CARGA_AMB,
  validarFilaCargaAmb,
} from '@app/domain';
import { parse } from 'csv-parse/sync';
import type { FastifyRequest } from 'fastify';
import { delimitadorCsv, textoCsv } from '../../lib/csv-entrada.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import { leerArchivoMultipart } from '../../lib/multipart.ts';

/** The supervisor's .csv as it arrives (the multipart form) and as it is read and checked row by row. */

const CSV_MAX_BYTES = 10 * 1024 * 1024;

/** The form: `archivo` (a .csv by name and by content, ≤ 10 MB) and the optional `idCarga`. */
export async function leerFormulario(
  req: FastifyRequest,
): Promise<{ texto: string; idCarga: number | null }> {
  const seleccione = { archivo: MSG_CARGA_AMB.seleccioneCsv };
  if (!req.isMultipart()) throw badRequest(MSG_CARGA_AMB.seleccioneCsv, seleccione);
  let idCarga: number | null = null;
  const { buffer, nombre } = await leerArchivoMultipart(req, {
    maxBytes: CSV_MAX_BYTES,
    mensajeMuyGrande: MSG_CARGA_AMB.csvMuyGrande,
    campos: {
      idCarga: (valor) => {
        const n = Number(valor);
        if (!Number.isInteger(n) || n <= 0)
          throw badRequest(MSG_CARGA_AMB.cargaInvalida, { idCarga: MSG_CARGA_AMB.cargaInvalida });
        idCarga = n;
      },
    },
  });
  if (!buffer) throw badRequest(MSG_CARGA_AMB.sinArchivo, seleccione);
  const texto = /\.csv$/i.test(nombre) ? textoCsv(buffer) : null;
  if (texto === null)
    throw new AppError(415, ERROR_CODE.tipoNoPermitido, MSG_CARGA_AMB.csvTipoInvalido, {
      archivo: MSG_CARGA_AMB.csvTipoInvalido,
    });
  return { texto, idCarga };
}

export type FilaLeida = { numero: number; fila: FilaCargaAmb };
type Parsed = { filas: FilaLeida[]; errores: string[] };

/** Parses and checks every row; row numbers as a spreadsheet shows them (the header is row 1). */
export function parseCargaAmb(text: string): Parsed {
  let records: string[][];
  try {
    records = parse(text, {
      delimiter: delimitadorCsv(text),
      relax_column_count: true,
      skip_empty_lines: true,
      trim: true,
    });
  } catch (e) {
    const line = (e as { lines?: number }).lines;
    return { filas: [], errores: [errorDeFila(line ?? 1, MSG_CARGA_AMB.csvMalFormado)] };
  }
  if (records.length < 2) return { filas: [], errores: [MSG_CARGA_AMB.csvVacio] };
  const header = records[0].map((h) => columnaCargaAmb(h));
  const faltan = COLUMNAS_CARGA_AMB_REQUERIDAS.filter((c) => !header.includes(c));
  if (faltan.length)
    return {
      filas: [],
      errores: [MSG_CARGA_AMB.csvEncabezado(faltan.map((c) => ETIQUETAS_CARGA_AMB[c]).join(', '))],
    };
  const filas: FilaLeida[] = [];
  const errores: string[] = [];
  records.slice(1).forEach((rec, i) => {
    const numero = i + 2;
    if (rec.length !== records[0].length) {
      errores.push(errorDeFila(numero, MSG_CARGA_AMB.columnasFila(rec.length, records[0].length)));
      return;
    }
    const cells: Record<string, string> = {};
    header.forEach((c, j) => {
      if (c) cells[c] = rec[j];
    });
    const { fila, errores: e } = validarFilaCargaAmb(cells);
    if (fila) filas.push({ numero, fila });
    else for (const m of e) errores.push(errorDeFila(numero, m));
  });
  return { filas, errores };
}

/** The diagnoses of the good rows the CIE-10 catalogue does not hold, as row errors. */
export function diagnosticosDesconocidos(filas: FilaLeida[], existentes: Set<string>): string[] {
  const errores: string[] = [];
  for (const { numero, fila } of filas) {
    fila.diagnosticos.forEach((d, i) => {
      if (d && !existentes.has(d))
        errores.push(
          errorDeFila(numero, MSG_CARGA_AMB.diagnosticoNoExiste(ETIQUETAS_CARGA_AMB[COLUMNAS_DIAG[i]], d)),
        );
    });
  }
  return errores;
}

/** The distinct diagnosis codes of the good rows. */
export const codigosDiagnostico = (filas: FilaLeida[]) => [
  ...new Set(filas.flatMap((f) => f.fila.diagnosticos.filter((d): d is string => d !== null))),
];
