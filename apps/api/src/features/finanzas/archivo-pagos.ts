import {
  BYTES_DETECCION,
  type ColumnaPago,
  detectarFormato,
  ERROR_CODE,
  errorDeFila,
  type FilaPago,
  MSG_FINANZAS,
  validarEncabezadoPago,
  validarFilaPago,
} from '@app/domain';
import { parse } from 'csv-parse/sync';
import type ExcelJS from 'exceljs';
import type { FastifyRequest } from 'fastify';
import { delimitadorCsv, porFila, rechazoDeArchivo, textoCsv } from '../../lib/csv-entrada.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import { loadExcel, textoDeCelda } from '../../lib/excel.ts';
import { leerArchivoMultipart } from '../../lib/multipart.ts';

/**
 * The insurer's payment file as it arrives (the multipart form) and as it is read (CSV or Excel, checked
 * row by row); pagos.ts matches its rows with the procedure's lines and records them.
 */

export type ArchivoPagos = {
  buffer: Buffer;
  nombre: string;
  fechaModificacion: Date | null;
};

/** A payment file is a few rows per attention: 10 MB is some 100,000 rows. */
export const MAX_BYTES_PAGOS = 10 * 1024 * 1024;

/** The multipart form of docs/spec-summary.md 000 §7 `cargafinans/upload`: `archivo` and `fechaModificacion` (ms or ISO). */
export async function leerArchivo(req: FastifyRequest): Promise<ArchivoPagos> {
  if (!req.isMultipart()) throw badRequest(MSG_FINANZAS.sinArchivo, { archivo: MSG_FINANZAS.sinArchivo });
  let fechaModificacion: Date | null = null;
  const { buffer, nombre } = await leerArchivoMultipart(req, {
    maxBytes: MAX_BYTES_PAGOS,
    mensajeMuyGrande: 'El archivo de pagos excede el tamaño máximo de 10 MB.',
    campos: {
      fechaModificacion: (valor) => {
        const v = valor.trim();
        const d = /^\d+$/.test(v) ? new Date(Number(v)) : new Date(v);
        if (Number.isNaN(d.getTime()) || d.getUTCFullYear() < 1970 || d.getUTCFullYear() > 9999)
          throw badRequest(MSG_FINANZAS.fechaModificacionInvalida, {
            fechaModificacion: MSG_FINANZAS.fechaModificacionInvalida,
          });
        fechaModificacion = d;
      },
    },
  });
  if (!buffer || buffer.length === 0)
    throw badRequest(MSG_FINANZAS.sinArchivo, { archivo: MSG_FINANZAS.sinArchivo });
  return { buffer, nombre, fechaModificacion };
}

/** A refused file: every problem, by row, and nothing written. */
export class ArchivoRechazado extends Error {
  constructor(public readonly errores: string[]) {
    super(errores.join(' '));
  }

  /** The error envelope with the row-level messages (`detalles`), as the ambulatory load's. */
  envelope() {
    return rechazoDeArchivo(this.errores, MSG_FINANZAS.conErrores);
  }
}

export type FilaLeida = { numero: number; fila: FilaPago };

export { porFila };

type Registro = { record: string[]; numero: number };

/** The CSV's records with their line numbers (the delimiter, ';' or ',', from the header line). */
function registrosCsv(buffer: Buffer): Registro[] {
  const text = textoCsv(buffer);
  if (text === null)
    throw new AppError(415, ERROR_CODE.tipoNoPermitido, MSG_FINANZAS.tipoInvalido, {
      archivo: MSG_FINANZAS.tipoInvalido,
    });
  try {
    const records = parse(text, {
      delimiter: delimitadorCsv(text),
      relax_column_count: true,
      skip_empty_lines: true,
      skip_records_with_empty_values: true,
      trim: true,
      info: true,
    }) as unknown as { record: string[]; info: { lines: number } }[];
    return records.map((r) => ({ record: r.record, numero: r.info.lines }));
  } catch (e) {
    const line = (e as { lines?: number }).lines ?? 1;
    throw new ArchivoRechazado([errorDeFila(line, MSG_FINANZAS.csvMalFormado)]);
  }
}

/**
 * The first sheet of an Excel book as records of text cells, numbered as Excel numbers its rows;
 * empty rows skipped, a row as long as its last filled cell.
 */
async function registrosXlsx(buffer: Buffer): Promise<Registro[]> {
  const wb = new (await loadExcel()).Workbook();
  try {
    await wb.xlsx.load(buffer as unknown as ArrayBuffer);
  } catch {
    throw new ArchivoRechazado([MSG_FINANZAS.excelInvalido]);
  }
  const hoja = wb.worksheets[0];
  if (!hoja) throw new ArchivoRechazado([MSG_FINANZAS.excelInvalido]);
  const registros: Registro[] = [];
  hoja.eachRow((row) => {
    const record = (row.values as ExcelJS.CellValue[]).slice(1).map((v) => textoDeCelda(v)?.trim() ?? '');
    while (record.length && record[record.length - 1] === '') record.pop();
    if (record.length) registros.push({ record, numero: row.number });
  });
  return registros;
}

/**
 * Parses and checks the payment file (finanzas/columns.ts declares it): a CSV or the first sheet of an
 * Excel book, told apart by content, not by name (as the data file, cargas/formato.ts). Row numbers as
 * a spreadsheet shows them: the header is row 1. Problems of the file as a whole throw
 * ArchivoRechazado; the rows' are returned beside the good rows, so that matching can report the good
 * rows' problems too.
 */
export async function leerPagos(
  buffer: Buffer,
  idTramite: number,
): Promise<{ filas: FilaLeida[]; errores: string[] }> {
  const formato = detectarFormato(buffer.subarray(0, BYTES_DETECCION));
  if (formato !== 'csv' && formato !== 'xlsx')
    throw new AppError(415, ERROR_CODE.tipoNoPermitido, MSG_FINANZAS.tipoInvalido, {
      archivo: MSG_FINANZAS.tipoInvalido,
    });
  const records = formato === 'xlsx' ? await registrosXlsx(buffer) : registrosCsv(buffer);
  if (records.length < 2) throw new ArchivoRechazado([MSG_FINANZAS.archivoVacio]);
  const header = records[0].record;
  const enc = validarEncabezadoPago(header);
  if (enc.errores.length) throw new ArchivoRechazado(enc.errores);
  const filas: FilaLeida[] = [];
  const errores: string[] = [];
  for (const { record: leido, numero } of records.slice(1)) {
    // An Excel row ends at its last filled cell: the empty cells after it are the header's.
    const record =
      formato === 'xlsx' && leido.length < header.length
        ? [...leido, ...new Array<string>(header.length - leido.length).fill('')]
        : leido;
    if (record.length !== header.length) {
      errores.push(errorDeFila(numero, MSG_FINANZAS.columnasFila(record.length, header.length)));
      continue;
    }
    const cells: Partial<Record<ColumnaPago, string>> = {};
    enc.columnas.forEach((c, i) => {
      if (c) cells[c] = record[i];
    });
    const r = validarFilaPago(cells, idTramite);
    if (r.fila) filas.push({ numero, fila: r.fila });
    else for (const m of r.errores) errores.push(errorDeFila(numero, m));
  }
  return { filas, errores };
}
