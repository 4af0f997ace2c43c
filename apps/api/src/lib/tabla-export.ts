/**
 * The one table export of the product (issue 15 item 4, decision 68): a list's columns declared once — header,
 * type and how to read the value from a row — and its rows streamed out as CSV (through the one CSV
 * writer, csv.ts: ';', BOM, formula-safe) or as an Excel book (.xlsx, exceljs' streaming writer:
 * typed cells, bold frozen header, column widths).
 *
 *   const COLUMNAS = columnasExport<Fila>([
 *     { titulo: 'Número', tipo: 'texto', valor: (f) => f.numero },
 *     { titulo: 'Fecha de atención', tipo: 'fecha', valor: (f) => f.fechaDesde },
 *     { titulo: 'Aprobado', tipo: 'monto', valor: (f) => f.aprobado },
 *   ]);
 *   // in a route whose querystring has `formato: formatoExportSchema` and whose 200 is respuestaExport():
 *   return enviarExport(reply, { columnas: COLUMNAS, filas, formato: req.query.formato, nombre: 'Atenciones' });
 *
 * `filas` is an array or an (async) iterable, read as the client takes the bytes: keyset batches from
 * the database keep the memory bounded whatever the size. Check for 'no data' before calling: the
 * headers are sent with the first byte.
 *
 * Values by type (null, undefined or '' is an empty cell in both):
 * - texto: any text. CSV and XLSX alike prefix a quote to text that a spreadsheet would run as a
 *   formula (decision 36), so the two files show the same cell.
 * - entero: a number or its text (ids, counts, levels); XLSX number format '0'.
 * - monto: a number or numeric text ('25.50' as PostgreSQL gives it); CSV with a decimal comma and no
 *   grouping ('1234,50', decision 56), XLSX a number with '#,##0.00'.
 * - porcentaje: a fraction (0.125 is 12,50 %); CSV '12,50 %', XLSX a number with '0.00%'.
 * - fecha: a calendar date 'YYYY-MM-DD' or an instant (its day in America/Guayaquil); CSV dd/MM/yyyy,
 *   XLSX a real date shown dd/mm/yyyy.
 * - fechaHora: an instant (Date or ISO text); CSV dd/MM/yyyy HH:mm, XLSX a real date-time shown
 *   dd/mm/yyyy hh:mm, the wall-clock time of America/Guayaquil (a spreadsheet has no time zones).
 *
 * Routes take the format as `?formato=csv|xlsx` (default csv) on the same path: one route, one
 * OpenAPI entry documenting both content types.
 */
import { PassThrough, Readable } from 'node:stream';
import { binaryResponse, formatDate, formatDateTime, formatNumber, TIME_ZONE } from '@app/domain';
import type ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { csvStream, neutralizeCsvCell } from './csv.ts';
import { loadExcel } from './excel.ts';
import { contentDisposition } from './storage/types.ts';

export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8';
export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export const FORMATOS_EXPORT = ['csv', 'xlsx'] as const;
export type FormatoExport = (typeof FORMATOS_EXPORT)[number];

/** The `formato` of an export route's querystring: csv (default) or xlsx. */
export const formatoExportSchema = z
  .enum(FORMATOS_EXPORT, { error: 'El formato debe ser csv o xlsx.' })
  .default('csv')
  .describe('csv (separado por punto y coma, UTF-8 con BOM) o xlsx (libro de Excel)');

/** The 200 response of an export route (OpenAPI): the CSV or the Excel book. */
export const respuestaExport = () => binaryResponse('text/csv', XLSX_CONTENT_TYPE);

export type TipoColumna = 'texto' | 'entero' | 'monto' | 'porcentaje' | 'fecha' | 'fechaHora';

export type ValorCelda = string | number | bigint | boolean | Date | null | undefined;

export type ColumnaExport<T> = {
  /** The header (Spanish, as the screen says it). */
  titulo: string;
  tipo: TipoColumna;
  valor: (fila: T) => ValorCelda;
  /** Width in characters in the Excel book (default by type, at least the header's). */
  ancho?: number;
};

/** Declares a list's columns once (the identity, for the row type's inference). */
export const columnasExport = <T>(columnas: readonly ColumnaExport<T>[]) => columnas;

const ANCHO: Record<TipoColumna, number> = {
  texto: 18,
  entero: 10,
  monto: 14,
  porcentaje: 10,
  fecha: 12,
  fechaHora: 17,
};

const FORMATO_NUMERO: Partial<Record<TipoColumna, string>> = {
  entero: '0',
  monto: '#,##0.00',
  porcentaje: '0.00%',
  fecha: 'dd/mm/yyyy',
  fechaHora: 'dd/mm/yyyy hh:mm',
};

const vacio = (v: ValorCelda): v is null | undefined | '' => v === null || v === undefined || v === '';

const numero = (v: ValorCelda): number | null => {
  if (vacio(v)) return null;
  const n = typeof v === 'number' ? v : Number(typeof v === 'string' ? v.trim() : v);
  return Number.isFinite(n) ? n : null;
};

const comoFecha = (v: ValorCelda): string | Date | null => {
  if (vacio(v)) return null;
  if (v instanceof Date || typeof v === 'string') return v;
  return new Date(Number(v));
};

/** The CSV text of a cell (numbers stay numbers; csv.ts neutralises the text). */
export function celdaCsv(tipo: TipoColumna, v: ValorCelda): string | number {
  if (vacio(v)) return '';
  switch (tipo) {
    case 'entero':
      return typeof v === 'number' ? v : String(v);
    case 'monto': {
      if (typeof v === 'number') return v.toFixed(2).replace('.', ',');
      return String(v).replace('.', ',');
    }
    case 'porcentaje': {
      const n = numero(v);
      return n === null ? '' : `${formatNumber(n * 100)} %`;
    }
    case 'fecha':
      return formatDate(comoFecha(v));
    case 'fechaHora':
      return formatDateTime(comoFecha(v));
    default:
      return typeof v === 'boolean' ? (v ? 'Sí' : 'No') : String(v);
  }
}

const guayaquil = new Intl.DateTimeFormat('en-US', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** An instant as the UTC date with Guayaquil's wall-clock fields (what a spreadsheet date holds). */
function relojGuayaquil(d: Date, conHora: boolean): Date | null {
  if (Number.isNaN(d.getTime())) return null;
  const p: Record<string, number> = {};
  for (const x of guayaquil.formatToParts(d)) p[x.type] = Number(x.value);
  return conHora
    ? new Date(Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second))
    : new Date(Date.UTC(p.year, p.month - 1, p.day));
}

/** The typed value of an Excel cell. */
export function celdaXlsx(tipo: TipoColumna, v: ValorCelda): ExcelJS.CellValue {
  if (vacio(v)) return null;
  switch (tipo) {
    case 'entero':
    case 'monto':
    case 'porcentaje':
      return numero(v);
    case 'fecha':
    case 'fechaHora': {
      const f = comoFecha(v);
      if (typeof f === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(f)) {
        const [y, m, d] = f.split('-').map(Number);
        return new Date(Date.UTC(y, m - 1, d));
      }
      return f === null ? null : relojGuayaquil(f instanceof Date ? f : new Date(f), tipo === 'fechaHora');
    }
    default:
      return neutralizeCsvCell(typeof v === 'boolean' ? (v ? 'Sí' : 'No') : String(v));
  }
}

async function* iterar<T>(filas: Iterable<T> | AsyncIterable<T>): AsyncGenerator<T> {
  yield* filas;
}

/** The CSV (BOM, header, ';') of the rows, streamed. */
export function exportCsv<T>(
  columnas: readonly ColumnaExport<T>[],
  filas: Iterable<T> | AsyncIterable<T>,
): Readable {
  const records = Readable.from(
    (async function* () {
      for await (const f of iterar(filas)) yield columnas.map((c) => celdaCsv(c.tipo, c.valor(f)));
    })(),
  );
  const out = records.pipe(csvStream(columnas.map((c) => c.titulo)));
  records.on('error', (e) => out.destroy(e));
  return out;
}

/** Rows written between checks of the client's pace. */
const LOTE_XLSX = 200;

/** Waits until the destination took what it has, or is gone. */
function drenado(out: PassThrough): Promise<void> {
  if (!out.writableNeedDrain || out.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    const fin = () => {
      out.off('drain', fin);
      out.off('close', fin);
      resolve();
    };
    out.on('drain', fin);
    out.on('close', fin);
  });
}

/**
 * The Excel book (one sheet) of the rows, streamed: the header row bold and frozen, each column with
 * its width and number format, one typed cell per value. Strings are written inline (no shared
 * strings table held in memory).
 */
export function exportXlsx<T>(
  columnas: readonly ColumnaExport<T>[],
  filas: Iterable<T> | AsyncIterable<T>,
  hoja = 'Datos',
): Readable {
  const out = new PassThrough();
  (async () => {
    const Excel = await loadExcel();
    const wb = new Excel.stream.xlsx.WorkbookWriter({
      stream: out,
      useStyles: true,
      useSharedStrings: false,
    });
    wb.creator = 'Auditoría Médica';
    // Sheet names: at most 31 characters, none of []:*?/\.
    const ws = wb.addWorksheet(hoja.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31) || 'Datos', {
      views: [{ state: 'frozen', ySplit: 1 }],
    });
    ws.columns = columnas.map((c, i) => ({
      key: String(i),
      width: c.ancho ?? Math.max(ANCHO[c.tipo], Math.min(c.titulo.length + 2, 40)),
      style: FORMATO_NUMERO[c.tipo] ? { numFmt: FORMATO_NUMERO[c.tipo] } : {},
    }));
    const encabezado = ws.addRow(columnas.map((c) => c.titulo));
    encabezado.font = { bold: true };
    encabezado.commit();
    let n = 0;
    for await (const f of iterar(filas)) {
      if (out.destroyed) return;
      ws.addRow(columnas.map((c) => celdaXlsx(c.tipo, c.valor(f)))).commit();
      if (++n % LOTE_XLSX === 0) {
        await new Promise(setImmediate);
        await drenado(out);
      }
    }
    ws.commit();
    await wb.commit();
  })().catch((e) => out.destroy(e));
  return out;
}

/** `attachment; filename="…"` (the RFC 6266 form when the name is not plain ASCII). */
function adjunto(nombre: string) {
  return /^[\w.() -]+$/.test(nombre) ? `attachment; filename="${nombre}"` : contentDisposition(nombre, false);
}

export type Export<T> = {
  columnas: readonly ColumnaExport<T>[];
  filas: Iterable<T> | AsyncIterable<T>;
  formato: FormatoExport;
  /** The file name without extension ('Atenciones_tramite_12'): .csv or .xlsx is added. */
  nombre: string;
  /** The sheet's name in the Excel book. */
  hoja?: string;
};

/** The stream, content type and file name of an export. */
export function archivoExport<T>(e: Export<T>) {
  const xlsx = e.formato === 'xlsx';
  return {
    stream: xlsx ? exportXlsx(e.columnas, e.filas, e.hoja) : exportCsv(e.columnas, e.filas),
    contentType: xlsx ? XLSX_CONTENT_TYPE : CSV_CONTENT_TYPE,
    nombre: `${e.nombre}.${xlsx ? 'xlsx' : 'csv'}`,
  };
}

/** Sends an export as the reply (Content-Type and Content-Disposition set). */
export function enviarExport<T>(reply: FastifyReply, e: Export<T>) {
  const a = archivoExport(e);
  return reply
    .header('content-type', a.contentType)
    .header('content-disposition', adjunto(a.nombre))
    .send(a.stream);
}
