import { Worker } from 'node:worker_threads';
import { COLUMNAS_DATOS, type FormatoDatos, MSG_CARGA } from '@app/domain';
import { entradaDeHilo } from '../../lib/hilo.ts';
import type { ParseMessage, ParseRequest } from './parse-worker.ts';
import { type Cells, IngestError, type SourceOptions } from './sources.ts';

/*
 * The rows of a data file, parsed in a worker thread (decision 40): the ingest consumes them exactly
 * as it would consume `rowsOf`, while the parser runs on another core and can never stall the event
 * loop. From the sources (tsx, vitest) the worker is `parse-worker.ts` imported through tsx; in the
 * bundle `npm start` runs it is `dist/parse-worker.mjs`, built next to `dist/main.mjs` (the API's
 * build script has both entry points).
 */

const N = COLUMNAS_DATOS.length;
const SEP = '\u0000';
/** The parser's own heap: far above what a 100,000-row workbook needs, far below the machine. */
const MAX_HEAP_MB = 512;

type Event = ParseMessage | { t: 'crash'; err: Error } | { t: 'exit'; code: number };

/** A file that broke or stalled its parser: the format's own "cannot be read" reason. */
function ilegible(formato: FormatoDatos, err?: Error): IngestError {
  if ((err as { code?: string } | undefined)?.code === 'ERR_WORKER_OUT_OF_MEMORY')
    return new IngestError(MSG_CARGA.archivoDemasiadoComplejo);
  if (formato === 'xlsx') return new IngestError(MSG_CARGA.excelInvalido);
  if (formato === 'json') return new IngestError(MSG_CARGA.jsonMalFormado('estructura no válida'));
  return new IngestError(MSG_CARGA.csvIlegible);
}

/**
 * `espera.ms` (optional) adds up the time the consumer waited for the parser (the ingest's account of
 * where its time goes: waiting here means the parser is the slower side).
 */
export async function* rowsInThread(
  formato: FormatoDatos,
  opts: SourceOptions,
  espera?: { ms: number },
): AsyncGenerator<Cells> {
  const request: ParseRequest = { formato, file: opts.file, encoding: opts.encoding ?? 'utf8' };
  const { entry, eval: isEval } = entradaDeHilo(import.meta.url, 'parse-worker');
  const worker = new Worker(entry, {
    eval: isEval,
    workerData: request,
    resourceLimits: { maxOldGenerationSizeMb: MAX_HEAP_MB },
  });
  const events: Event[] = [];
  let notify: (() => void) | null = null;
  const push = (e: Event) => {
    events.push(e);
    notify?.();
  };
  worker.on('message', (m: ParseMessage) => push(m));
  worker.on('error', (err) => push({ t: 'crash', err }));
  worker.on('exit', (code) => push({ t: 'exit', code }));
  try {
    for (;;) {
      if (events.length === 0) {
        const t0 = performance.now();
        while (events.length === 0) {
          await new Promise<void>((r) => {
            notify = r;
          });
          notify = null;
        }
        if (espera) espera.ms += performance.now() - t0;
      }
      const e = events.shift()!;
      if (e.t === 'end') return;
      if (e.t === 'fail') {
        if (e.ingest) throw new IngestError(e.message);
        throw new Error(`data file parser failed: ${e.message}`);
      }
      if (e.t === 'crash') throw ilegible(formato, e.err);
      if (e.t === 'exit') throw ilegible(formato);
      worker.postMessage('more');
      const parts = e.data.split(SEP);
      const rows: Cells[] = new Array(e.n);
      for (let r = 0, k = 0; r < e.n; r++) {
        const cells: Cells = new Array(N);
        for (let i = 0; i < N; i++, k++) {
          const v = parts[k];
          cells[i] = v === '' ? null : v;
        }
        rows[r] = cells;
      }
      if (e.escapar) for (const row of rows) row.escapar = true;
      for (const [r, d] of e.defectos) {
        const row = rows[r];
        if (row.defectos) row.defectos.push(d);
        else row.defectos = [d];
      }
      opts.onBytes?.(e.bytes);
      yield* rows;
    }
  } finally {
    worker.removeAllListeners();
    worker.on('error', () => {});
    await worker.terminate();
  }
}
