import os from 'node:os';
import { Worker } from 'node:worker_threads';
import { entradaDeHilo } from '../../lib/hilo.ts';
import type { Enviar } from './datos.ts';
import type { InicioReporte } from './modelos-comun.ts';
import type { MensajeDelHilo } from './reporte-worker.ts';

/*
 * Procedure reports are drawn in a worker thread (decision 48), never on the event loop: the loop
 * reads the data in batches and posts them, the thread formats and draws, and posts the PDF's bytes
 * back as pages are finished. From the sources (tsx, vitest) the worker is `reporte-worker.ts`
 * imported through tsx; in the bundle `npm start` runs it is `dist/reporte-worker.mjs`, built next to
 * `dist/main.mjs` (the API's build script lists it, as it does `parse-worker.ts`).
 */

/**
 * The thread's own heap, kept small so that the collector works instead of the heap growing into
 * the server's memory budget (300 MB). The thread holds only the batches in flight and pdfkit's
 * few hundred bytes per finished page, so its need hardly grows with the report: 10,000 attentions
 * and 30,000 lines (1,482 pages) peak at about 30 MB, the cap's worst case (60,000 rows of long
 * observations, a page each) at about 50 MB (docs/performance.md 'Reports').
 */
const MAX_HEAP_MB = 64;
const MAX_YOUNG_MB = 4;
/** Batches posted to the thread and not yet drawn, at most: the reading waits for the drawing. */
const EN_VUELO = 2;

/**
 * Reports drawn at once in this process: one core is left to the event loop (a 2-core server draws
 * one at a time; the others wait their turn).
 */
export const HILOS_MAX = Math.max(1, Math.min(2, (os.availableParallelism?.() ?? os.cpus().length) - 1));
let activos = 0;
const cola: Array<() => void> = [];
/** Reports drawn since the process started (tests read it: a report served from the cache draws none). */
export const estadisticas = {
  generados: 0,
  /** The largest heap (MB) the last report's thread used while drawing. */
  ultimoHeapMb: 0,
  enCola: () => cola.length,
  activos: () => activos,
};

function turno(): Promise<() => void> {
  const liberar = () => {
    activos--;
    cola.shift()?.();
  };
  if (activos < HILOS_MAX) {
    activos++;
    return Promise.resolve(liberar);
  }
  return new Promise((resolve) =>
    cola.push(() => {
      activos++;
      resolve(liberar);
    }),
  );
}

export type Generacion = {
  /**
   * Resolves once the report's summary has been read (the counts, the totals and which rows it
   * prints: the rows follow as they are drawn); rejects with the reading's error until then. A later
   * error rejects `fin` (a download already under way is cut).
   */
  datos: Promise<void>;
  /** Resolves when the last byte has been handed to `escribir`. */
  fin: Promise<{ bytes: number; paginas: number }>;
};

/**
 * Draws one report in a worker thread: `alimentar` reads the data and posts it (on the event loop,
 * batch by batch), `escribir` receives the PDF's bytes in order.
 */
export function generarPdf(
  inicio: InicioReporte,
  alimentar: (enviar: Enviar) => Promise<void>,
  escribir: (chunk: Buffer) => void,
): Generacion {
  let datosOk!: () => void;
  let datosFallo!: (e: unknown) => void;
  const datos = new Promise<void>((resolve, reject) => {
    datosOk = resolve;
    datosFallo = reject;
  });
  const fin = (async () => {
    const liberar = await turno();
    estadisticas.generados++;
    const { entry, eval: isEval } = entradaDeHilo(import.meta.url, 'reporte-worker');
    const worker = new Worker(entry, {
      eval: isEval,
      workerData: inicio,
      resourceLimits: { maxOldGenerationSizeMb: MAX_HEAP_MB, maxYoungGenerationSizeMb: MAX_YOUNG_MB },
    });
    // Flow control: a batch waits while EN_VUELO are posted and not drawn ('hecho').
    let enVuelo = 0;
    let espera: { ok: () => void; mal: (e: unknown) => void } | null = null;
    let roto: unknown = null;
    const romper = (e: unknown) => {
      roto ??= e;
      espera?.mal(e);
      espera = null;
    };
    try {
      const dibujo = new Promise<{ bytes: number; paginas: number }>((resolve, reject) => {
        const mal = (e: Error) => {
          romper(e);
          reject(e);
        };
        worker.on('message', (m: MensajeDelHilo) => {
          if (m.t === 'pdf') escribir(Buffer.from(m.chunk.buffer, m.chunk.byteOffset, m.chunk.byteLength));
          else if (m.t === 'hecho') {
            enVuelo--;
            espera?.ok();
            espera = null;
          } else if (m.t === 'listo') {
            estadisticas.ultimoHeapMb = m.heapMb;
            resolve({ bytes: m.bytes, paginas: m.paginas });
          } else mal(new Error(`report worker failed: ${m.message}`));
        });
        worker.on('error', mal);
        worker.on('exit', (code) => mal(new Error(`report worker exited (${code})`)));
      });
      dibujo.catch(() => {});
      const enviar: Enviar = async (m) => {
        if (roto) throw roto;
        if (m.t === 'lote') {
          while (enVuelo >= EN_VUELO)
            await new Promise<void>((ok, mal) => {
              espera = { ok, mal };
            });
          enVuelo++;
        }
        worker.postMessage(m);
        if (m.t === 'cierre') datosOk();
      };
      try {
        await alimentar(enviar);
      } catch (e) {
        datosFallo(e);
        throw e;
      }
      datosOk();
      return await dibujo;
    } finally {
      worker.removeAllListeners();
      worker.on('error', () => {});
      await worker.terminate();
      liberar();
    }
  })();
  fin.catch((e) => datosFallo(e));
  return { datos, fin };
}
