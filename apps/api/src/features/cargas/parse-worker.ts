import { parentPort, workerData } from 'node:worker_threads';
import type { FormatoDatos } from '@app/domain';
import { COLUMNAS_DATOS } from '@app/domain/cargas/columns';
import { MSG_CARGA } from '@app/domain/cargas/messages';
import { type Defecto, IngestError, rowsOf } from './sources.ts';

/*
 * The thread that parses one data file (decision 40): started by `parse-thread.ts` for each load,
 * it reads the file with the parsers of `sources.ts` and posts its rows in batches, never more than
 * WINDOW batches ahead of the ingest that consumes them. A file that stalls or breaks a parser costs
 * this thread only; the event loop that answers every user never runs a parser.
 *
 * A batch travels as one string: the cells of its rows joined by NUL ('' = null, since a cell is never
 * the empty string). PostgreSQL text cannot hold NUL, so a cell that has one is reported as a defect
 * of its row and the character removed, which also keeps the separator unambiguous.
 */

export type ParseRequest = { formato: FormatoDatos; file: string; encoding: 'utf8' | 'latin1' };
export type ParseMessage =
  | {
      t: 'rows';
      data: string;
      n: number;
      bytes: number;
      defectos: [number, Defecto][];
      /** Some cell of the batch has a character COPY's text format escapes (\\, tab, newline). */
      escapar: boolean;
    }
  | { t: 'end' }
  | { t: 'fail'; message: string; ingest: boolean };

const SEP = '\u0000';
const WINDOW = 4;
const BATCH_ROWS = 2000;
const N = COLUMNAS_DATOS.length;
const COPY_ESCAPA = /[\\\t\n\r]/;

const port = parentPort;
if (!port) throw new Error('parse-worker must run as a worker thread');
const req = workerData as ParseRequest;

let credits = WINDOW;
let wake: (() => void) | null = null;
port.on('message', (m: unknown) => {
  if (m !== 'more') return;
  credits++;
  wake?.();
});
// While a parser works the port keeps nothing alive: a parser that waits for nothing (exceljs on a
// truncated workbook) lets the thread end, which the main thread reads as an unreadable file.
port.unref();

async function credit() {
  while (credits <= 0) {
    port!.ref();
    await new Promise<void>((r) => {
      wake = r;
    });
    wake = null;
    port!.unref();
  }
  credits--;
}

async function main() {
  let cells: string[] = [];
  let defectos: [number, Defecto][] = [];
  let n = 0;
  let bytes = 0;
  const send = async () => {
    if (n === 0) return;
    await credit();
    const data = cells.join(SEP);
    // One scan of the batch: nearly every batch has nothing to escape, and its rows then go to COPY as they are.
    const escapar = COPY_ESCAPA.test(data);
    port!.postMessage({ t: 'rows', data, n, bytes, defectos, escapar } satisfies ParseMessage);
    cells = [];
    defectos = [];
    n = 0;
  };
  const rows = rowsOf(req.formato, {
    file: req.file,
    encoding: req.encoding,
    onBytes: (b) => {
      bytes = b;
    },
  });
  for await (const row of rows) {
    for (let i = 0; i < N; i++) {
      let v = row[i];
      if (v === null || v === undefined) v = '';
      else if (v.includes(SEP)) {
        const limpio = v.replaceAll(SEP, '');
        defectos.push([n, { columna: COLUMNAS_DATOS[i], valor: limpio, mensaje: MSG_CARGA.caracterNulo }]);
        v = limpio;
      }
      cells.push(v);
    }
    if (row.defectos) {
      for (const d of row.defectos) defectos.push([n, { ...d, valor: d.valor?.replaceAll(SEP, '') ?? null }]);
    }
    n++;
    if (n >= BATCH_ROWS) await send();
  }
  await send();
  port!.postMessage({ t: 'end' } satisfies ParseMessage);
}

main()
  .catch((e: unknown) => {
    port.postMessage({
      t: 'fail',
      message: e instanceof Error ? e.message : String(e),
      ingest: e instanceof IngestError,
    } satisfies ParseMessage);
  })
  // Alive until the main thread has read the last message and ends the thread.
  .finally(() => port.ref());
