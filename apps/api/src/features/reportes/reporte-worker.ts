import { parentPort, workerData } from 'node:worker_threads';
import type { MensajeAlHilo } from './datos.ts';
import { ModeloReporte } from './modelos.ts';
import type { InicioReporte } from './modelos-comun.ts';

/*
 * The thread that draws one procedure report (decision 48): started by `hilo.ts` for each report
 * not served from the cache. It receives the summary, then the rows in batches from the event loop
 * (which only reads the database), formats and draws each batch as it comes (lib/pdf-tabla.ts),
 * posting the PDF's bytes in blocks of about 64 kB as the pages are finished, and tells the event
 * loop when a batch is drawn ('hecho'), so that the reading keeps pace: only a couple of batches
 * are ever held, whatever the size of the report.
 */

export type MensajeDelHilo =
  | { t: 'pdf'; chunk: Uint8Array }
  | { t: 'hecho' }
  | { t: 'listo'; paginas: number; bytes: number; heapMb: number }
  | { t: 'fallo'; message: string };

const port = parentPort;
if (!port) throw new Error('reporte-worker must run as a worker thread');
const modelo = new ModeloReporte(workerData as InicioReporte);

const BLOQUE = 64 * 1024;
let pendiente: Buffer[] = [];
let tam = 0;
let bytes = 0;
/** The heap's largest size seen while drawing (sampled at every block), for the statistics. */
let heapMax = 0;
const vaciar = () => {
  heapMax = Math.max(heapMax, process.memoryUsage().heapUsed);
  if (tam === 0) return;
  // One block of its own, transferred (not cloned) to the event loop.
  const u = new Uint8Array(tam);
  let off = 0;
  for (const c of pendiente) {
    u.set(c, off);
    off += c.length;
  }
  pendiente = [];
  tam = 0;
  port.postMessage({ t: 'pdf', chunk: u } satisfies MensajeDelHilo, [u.buffer]);
};
const salida = (c: Buffer) => {
  pendiente.push(c);
  tam += c.length;
  bytes += c.length;
  if (tam >= BLOQUE) vaciar();
};

/** The messages are handled one after another (a batch is drawn while the next one may arrive). */
let cadena: Promise<unknown> = Promise.resolve();
let fallido = false;
const fallo = (e: unknown) => {
  if (fallido) return;
  fallido = true;
  port.postMessage({ t: 'fallo', message: (e as Error).stack ?? String(e) } satisfies MensajeDelHilo);
};

port.on('message', (m: MensajeAlHilo) => {
  cadena = cadena
    .then(async () => {
      if (fallido) return;
      if (m.t === 'cargas') modelo.conCargas(m.cargas);
      else if (m.t === 'cierre') modelo.abrir(m.cierre, salida);
      else if (m.t === 'lote') {
        await modelo.agregar(m.lote);
        port.postMessage({ t: 'hecho' } satisfies MensajeDelHilo);
      } else {
        const { paginas } = await modelo.terminar();
        vaciar();
        port.postMessage({
          t: 'listo',
          paginas,
          bytes,
          heapMb: Math.round(heapMax / 1e6),
        } satisfies MensajeDelHilo);
      }
    })
    .catch(fallo);
});
