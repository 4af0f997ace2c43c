import { parentPort, workerData } from 'node:worker_threads';
import { escribirInformePdf } from '../../lib/pdf-tabla.ts';
import type { MensajeAlHilo } from './datos.ts';
import { type InicioReporte, ModeloReporte } from './modelos.ts';

/*
 * The thread that draws one procedure report (decision 48): started by `hilo.ts` for each report
 * not served from the cache. It receives the report's data in batches from the event loop (which
 * only reads the database), formats the rows, and once the totals arrive draws the PDF with pdfkit
 * (lib/pdf-tabla.ts), posting its bytes in blocks of about 64 kB as the pages are finished.
 */

export type MensajeDelHilo =
  | { t: 'pdf'; chunk: Uint8Array }
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

port.on('message', (m: MensajeAlHilo) => {
  try {
    if (m.t === 'cargas') modelo.conCargas(m.cargas);
    else if (m.t === 'lote') modelo.agregar(m.lote);
    else void dibujar(m);
  } catch (e) {
    port.postMessage({ t: 'fallo', message: (e as Error).stack ?? String(e) } satisfies MensajeDelHilo);
  }
});

async function dibujar(m: Extract<MensajeAlHilo, { t: 'fin' }>) {
  try {
    const doc = modelo.documento(m.cierre);
    const { paginas } = await escribirInformePdf(
      doc,
      (c) => {
        pendiente.push(c);
        tam += c.length;
        bytes += c.length;
        if (tam >= BLOQUE) vaciar();
      },
      // Yielding every few rows lets pdfkit's stream hand over the finished pages (its 'data'
      // events need the thread's event loop): without it the whole PDF left at the end.
      { ceder: true },
    );
    vaciar();
    port?.postMessage({
      t: 'listo',
      paginas,
      bytes,
      heapMb: Math.round(heapMax / 1e6),
    } satisfies MensajeDelHilo);
  } catch (e) {
    port?.postMessage({ t: 'fallo', message: (e as Error).stack ?? String(e) } satisfies MensajeDelHilo);
  }
}
