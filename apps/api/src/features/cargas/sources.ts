import fs from 'node:fs';
import type { FormatoDatos } from '@app/domain';
// Only the modules the parser thread needs (the domain's index would load every schema there).
import { COLUMNAS_DATOS, type ColumnaDatos, columnaDe } from '@app/domain/cargas/columns';
import { MSG_CARGA } from '@app/domain/cargas/messages';
import { JSONParser, TokenType } from '@streamparser/json';
import { CsvError, Parser } from 'csv-parse';
import { parse as parseSync } from 'csv-parse/sync';
import type ExcelJS from 'exceljs';
import { delimitadorCsv } from '../../lib/csv-entrada.ts';
import { loadExcel } from '../../lib/excel.ts';

/** A defect of the file itself found on one row (a stray quote): stored as an error of that row. */
export type Defecto = { columna: string; valor: string | null; mensaje: string };

/**
 * One row of a data file: trimmed text or null (never ''), in COLUMNAS_DATOS order; `defectos` when
 * the file itself is broken on that row.
 */
export type Cells = (string | null)[] & {
  defectos?: Defecto[];
  /**
   * Set by the parse thread (parse-thread.ts) on the rows of a batch in which some cell holds a
   * character COPY's text format escapes; the ingest's COPY (writers.ts), whose rows all come from
   * that thread, escapes the cells of those rows only.
   */
  escapar?: boolean;
};

/** A file that cannot be read as a data file; the message is the Spanish reason kept in `obs`. */
export class IngestError extends Error {}

export type SourceOptions = {
  file: string;
  encoding?: 'utf8' | 'latin1';
  /** Called with the bytes of the file read so far (progress). */
  onBytes?: (bytes: number) => void;
};

const N = COLUMNAS_DATOS.length;
const INDEX = new Map<ColumnaDatos, number>(COLUMNAS_DATOS.map((c, i) => [c, i]));

const text = (v: string): string | null => {
  const t = v.trim();
  return t === '' ? null : t;
};

/** Positions of the data columns in a header row; every column of the manual must be present. */
function headerMap(header: unknown[]): number[] {
  const pos = new Array<number>(N).fill(-1);
  header.forEach((h, i) => {
    const c = typeof h === 'string' ? columnaDe(h) : undefined;
    if (c && pos[INDEX.get(c)!] === -1) pos[INDEX.get(c)!] = i;
  });
  const missing = COLUMNAS_DATOS.filter((_, i) => pos[i] === -1);
  if (missing.length) throw new IngestError(MSG_CARGA.columnasFaltantes(missing));
  return pos;
}

/** `;` or `,`: whichever appears more often outside quotes in the header line. */
async function detectDelimiter(file: string, encoding: BufferEncoding): Promise<string> {
  const fh = await fs.promises.open(file, 'r');
  try {
    const buf = Buffer.alloc(65536);
    const { bytesRead } = await fh.read(buf, 0, buf.length, 0);
    return delimitadorCsv(buf.subarray(0, bytesRead).toString(encoding));
  } finally {
    await fh.close();
  }
}

/**
 * csv-parse options of the data files (the benchmark's floor parses with the same). `relax_quotes`: a
 * quote inside an unquoted value (`PÉREZ "EL FLACO" JUAN`) is kept as text instead of ending the
 * parse; `csvRows` then reports it as an error of that line and column.
 */
export const CSV_OPCIONES = {
  bom: true,
  skip_empty_lines: true,
  max_record_size: 1_000_000,
  relax_quotes: true,
} as const;

type Registro = { campos: string[]; linea: number; fin: number };

/** csv-parse's stream, each record with the line it ends on and the byte offset after it. */
class RegistroParser extends Parser {
  override push(chunk: unknown, encoding?: BufferEncoding): boolean {
    if (chunk === null) return super.push(chunk, encoding);
    const r: Registro = { campos: chunk as string[], linea: this.info.lines, fin: this.info.bytes };
    return super.push(r, encoding);
  }
}

/**
 * Which field of one raw record has a stray quote, by parsing it again strictly: its index and the
 * line it starts on; null when its quotes are regular CSV (a quoted value with doubled quotes).
 */
async function comillaSuelta(
  file: string,
  desde: number,
  hasta: number,
  lineaFin: number,
  delimiter: string,
  encoding: BufferEncoding,
): Promise<{ campo: number; linea: number } | null> {
  const fh = await fs.promises.open(file, 'r');
  let raw: string;
  try {
    const buf = Buffer.alloc(hasta - desde);
    const { bytesRead } = await fh.read(buf, 0, buf.length, desde);
    raw = buf
      .subarray(0, bytesRead)
      .toString(encoding)
      .replace(/^\uFEFF/, '');
  } finally {
    await fh.close();
  }
  // The bytes since the previous record: blank lines skipped in between, then the record.
  const blancos = /^(?:[ \t]*\r?\n)*/.exec(raw)?.[0] ?? '';
  const registro = raw.slice(blancos.length).replace(/\r?\n$/, '');
  const lineasDentro = registro.split('\n').length - 1;
  try {
    parseSync(registro, { delimiter, relax_quotes: false });
    return null;
  } catch (e) {
    const campo = (e as { column?: unknown }).column;
    return { campo: typeof campo === 'number' ? campo : 0, linea: lineaFin - lineasDentro };
  }
}

const CSV_REASON: Record<string, string> = {
  CSV_INVALID_CLOSING_QUOTE: 'comillas mal colocadas',
  CSV_QUOTE_NOT_CLOSED: 'comillas sin cerrar',
  CSV_MAX_RECORD_SIZE: 'una fila demasiado larga',
  CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE: 'caracteres después de las comillas de cierre',
};

export async function* csvRows(opts: SourceOptions): AsyncGenerator<Cells> {
  const encoding = opts.encoding === 'latin1' ? 'latin1' : 'utf8';
  const delimiter = await detectDelimiter(opts.file, encoding);
  const input = fs.createReadStream(opts.file, { highWaterMark: 256 * 1024 });
  const parser = new RegistroParser({ ...CSV_OPCIONES, delimiter, encoding });
  input.on('error', (e) => parser.destroy(e));
  input.pipe(parser);
  let pos: number[] | null = null;
  let header: string[] = [];
  let fila = 0;
  let fin = 0;
  try {
    for await (const { campos: record, linea, fin: hasta } of parser as AsyncIterable<Registro>) {
      const desde = fin;
      fin = hasta;
      if (!pos) {
        pos = headerMap(record);
        header = record;
        continue;
      }
      const cells: Cells = new Array(N);
      let empty = true;
      let comillas = false;
      for (let i = 0; i < N; i++) {
        const v = text(record[pos[i]]);
        cells[i] = v;
        if (v !== null) {
          empty = false;
          if (v.includes('"')) comillas = true;
        }
      }
      if (empty) continue; // a line of separators only (spreadsheets leave them)
      if (comillas) {
        const s = await comillaSuelta(opts.file, desde, hasta, linea, delimiter, encoding);
        if (s) {
          const i = pos.indexOf(s.campo);
          cells.defectos = [
            {
              columna: i >= 0 ? COLUMNAS_DATOS[i] : (text(header[s.campo] ?? '') ?? `columna ${s.campo + 1}`),
              valor: i >= 0 ? cells[i] : text(record[s.campo] ?? ''),
              mensaje: MSG_CARGA.comillasSueltas(s.linea),
            },
          ];
        }
      }
      fila++;
      opts.onBytes?.(input.bytesRead);
      yield cells;
    }
  } catch (e) {
    if (e instanceof IngestError) throw e;
    if (!(e instanceof CsvError)) throw e;
    const err = e as CsvError & { record?: unknown[]; lines?: number };
    const linea = err.lines ?? fila + 2;
    if (err.code === 'CSV_RECORD_INCONSISTENT_FIELDS_LENGTH') {
      throw new IngestError(
        MSG_CARGA.columnasInconsistentes(linea, err.record?.length ?? 0, headerLength(err)),
      );
    }
    throw new IngestError(MSG_CARGA.csvMalFormado(linea, CSV_REASON[err.code] ?? 'formato CSV no válido'));
  } finally {
    input.destroy();
  }
}

/** The header's field count as csv-parse reports it on an inconsistent row. */
function headerLength(err: CsvError): number {
  const m = /expect (\d+)/.exec(err.message);
  return m ? Number(m[1]) : 0;
}

const cellText = (v: unknown): string | null => {
  if (v === null || v === undefined) return null;
  if (typeof v === 'string') return text(v);
  if (typeof v === 'number' || typeof v === 'bigint') return String(v);
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  return text(JSON.stringify(v));
};

function jsonDetail(e: Error): string {
  const m = /absolute position "?(\d+)/i.exec(e.message) ?? /position "?(\d+)/i.exec(e.message);
  if (/end/i.test(e.message) && !m) return 'el archivo termina antes de cerrar todos los elementos';
  return m ? `carácter inesperado en la posición ${m[1]}` : 'estructura no válida';
}

/** How deep a data file nests: the root array (or object with "filas", then its array), then a row. */
const PROFUNDIDAD = { '[': 2, '{': 3 } as const;
const CHUNK = 256 * 1024;

/**
 * The rows of a JSON file, read in chunks and parsed synchronously. Nesting deeper than the format
 * needs is refused at the bracket that opens it: a row is an object of scalars, and the parser's cost
 * grows with the depth (a file nested 300,000 levels took it 15 s).
 */
export async function* jsonRows(opts: SourceOptions): AsyncGenerator<Cells> {
  const fh = await fs.promises.open(opts.file, 'r');
  try {
    const head = Buffer.alloc(4096);
    const { bytesRead } = await fh.read(head, 0, head.length, 0);
    const root =
      head
        .subarray(0, bytesRead)
        .toString('utf8')
        .replace(/^\uFEFF/, '')
        .trimStart()[0] === '{'
        ? '{'
        : '[';
    const parser = new JSONParser({ paths: [root === '{' ? '$.filas.*' : '$.*'], keepStack: false });
    const max = PROFUNDIDAD[root];
    let depth = 0;
    parser.onToken = ({ token, offset }) => {
      if (token === TokenType.LEFT_BRACE || token === TokenType.LEFT_BRACKET) {
        if (++depth > max) throw new IngestError(MSG_CARGA.jsonAnidado(offset));
      } else if (token === TokenType.RIGHT_BRACE || token === TokenType.RIGHT_BRACKET) depth--;
    };
    const ready: unknown[] = [];
    parser.onValue = ({ value, key }) => {
      if (typeof key !== 'number') throw new IngestError(MSG_CARGA.jsonNoArreglo);
      ready.push(value);
    };
    const posiciones = new Map<string, number>();
    let n = 0;
    let bytes = 0;
    for (;;) {
      const buf = Buffer.allocUnsafe(CHUNK);
      const { bytesRead: leidos } = await fh.read(buf, 0, CHUNK, bytes);
      try {
        if (leidos === 0) {
          if (!parser.isEnded) parser.end();
        } else parser.write(buf.subarray(0, leidos));
      } catch (e) {
        if (e instanceof IngestError) throw e;
        throw new IngestError(MSG_CARGA.jsonMalFormado(jsonDetail(e as Error)));
      }
      bytes += leidos;
      for (const v of ready) {
        n++;
        if (v === null || typeof v !== 'object' || Array.isArray(v))
          throw new IngestError(MSG_CARGA.jsonFilaNoObjeto(n));
        const cells: Cells = new Array(N).fill(null);
        for (const key in v) {
          let i = posiciones.get(key);
          if (i === undefined) {
            const c = columnaDe(key);
            i = c ? INDEX.get(c)! : -1;
            // Every row repeats the same keys; a file with endless distinct keys stops being cached.
            if (posiciones.size < 1000) posiciones.set(key, i);
          }
          if (i >= 0) cells[i] = cellText((v as Record<string, unknown>)[key]);
        }
        yield cells;
      }
      ready.length = 0;
      opts.onBytes?.(bytes);
      if (leidos === 0) break;
    }
    if (n === 0 && root === '{') throw new IngestError(MSG_CARGA.jsonNoArreglo);
  } finally {
    await fh.close();
  }
}

const CEDULAS = new Set([INDEX.get('cedula1')!, INDEX.get('cedula2')!]);

/** An Excel cell as text: dates as YYYY-MM-DD, formulas by their result, rich text joined. */
function excelText(v: ExcelJS.CellValue, i: number): string | null {
  if (v === null || v === undefined) return null;
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? null : v.toISOString().slice(0, 10);
  // A cédula typed as a number lost its leading zero in Excel (0912345678 → 912345678).
  if (typeof v === 'number')
    return CEDULAS.has(i) && Number.isInteger(v) && v > 0 && v < 1e10
      ? String(v).padStart(10, '0')
      : String(v);
  if (typeof v === 'object') {
    if ('richText' in v) return text(v.richText.map((r) => r.text).join(''));
    if ('result' in v) return excelText(v.result as ExcelJS.CellValue, i);
    if ('text' in v) return text(String(v.text));
    if ('error' in v) return null;
  }
  return cellText(v);
}

export async function* xlsxRows(opts: SourceOptions): AsyncGenerator<Cells> {
  // The library first (its first import can take a while): the file is opened only to be read.
  const Excel = await loadExcel();
  const input = fs.createReadStream(opts.file, { highWaterMark: 256 * 1024 });
  const reader = new Excel.stream.xlsx.WorkbookReader(input, {
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'cache',
    worksheets: 'emit',
    entries: 'emit',
  });
  let sheets = 0;
  let pos: number[] | null = null;
  try {
    for await (const sheet of reader) {
      sheets++;
      for await (const row of sheet) {
        const values = row.values as ExcelJS.CellValue[];
        if (!pos) {
          pos = headerMap(values.map((v, i) => excelText(v, -1 - i)));
          continue;
        }
        const cells: Cells = new Array(N);
        let empty = true;
        for (let i = 0; i < N; i++) {
          cells[i] = excelText(values[pos[i]], i);
          if (cells[i] !== null) empty = false;
        }
        if (empty) continue;
        opts.onBytes?.(input.bytesRead);
        yield cells;
      }
      break; // the first sheet only
    }
  } catch (e) {
    if (e instanceof IngestError) throw e;
    throw new IngestError(MSG_CARGA.excelInvalido);
  } finally {
    input.destroy();
  }
  // Every workbook has a sheet: a ZIP without one is not a workbook.
  if (sheets === 0) throw new IngestError(MSG_CARGA.excelInvalido);
  if (!pos) throw new IngestError(MSG_CARGA.sinFilas);
}

export function rowsOf(formato: FormatoDatos, opts: SourceOptions): AsyncGenerator<Cells> {
  if (formato === 'csv') return csvRows(opts);
  if (formato === 'json') return jsonRows(opts);
  return xlsxRows(opts);
}
