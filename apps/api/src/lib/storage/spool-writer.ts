import { Worker } from 'node:worker_threads';

/*
 * Writes received documents to the spool folder from one worker thread, each with a single
 * synchronous call. Measured on the 2-core target (docs/performance.md, issue 6): creating and
 * filling a file through libuv's thread pool costs three round trips (open, write, close), and on
 * this machine each round trip costs more CPU than the write itself; one message per file to a thread
 * that writes synchronously halves the CPU a document costs, and the event loop never blocks.
 * The worker's code is inline so that the same file works from the sources and from the bundle.
 */
const CODE = `
const { parentPort } = require('node:worker_threads');
const fs = require('node:fs');
parentPort.on('message', ({ id, file, data }) => {
  try {
    fs.writeFileSync(file, data);
    // Handed back: this thread allocates almost nothing, so its collector would rarely run and
    // the documents' memory would pile up here; the main thread frees it with its next collection.
    parentPort.postMessage({ id, data }, [data.buffer]);
  } catch (e) {
    parentPort.postMessage({ id, error: String(e && e.message), code: e && e.code });
  }
});
`;

type Pending = { resolve: () => void; reject: (e: Error) => void };

export class SpoolWriter {
  private worker: Worker | undefined;
  private readonly pending = new Map<number, Pending>();
  private next = 0;

  /** Writes `data` as the whole content of `file`; the buffer is handed over (do not reuse it). */
  write(file: string, data: Buffer): Promise<void> {
    const w = this.start();
    const id = ++this.next;
    // A buffer that owns its whole memory moves to the worker without a copy; a slice is copied.
    // (Never Buffer.from: small buffers come from Node's shared pool, which must not be transferred.)
    let own = data;
    if (data.byteOffset !== 0 || data.byteLength !== data.buffer.byteLength) {
      own = Buffer.allocUnsafeSlow(data.length);
      data.copy(own);
    }
    return new Promise<void>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      if (this.pending.size === 1) w.ref();
      w.postMessage({ id, file, data: own }, [own.buffer as ArrayBuffer]);
    });
  }

  async close() {
    const w = this.worker;
    this.worker = undefined;
    if (w) await w.terminate();
  }

  private start(): Worker {
    if (this.worker) return this.worker;
    const w = new Worker(CODE, { eval: true });
    w.on('message', (m: { id: number; error?: string; code?: string }) => {
      const p = this.pending.get(m.id);
      if (!p) return;
      this.pending.delete(m.id);
      if (this.pending.size === 0) w.unref();
      if (m.error === undefined) p.resolve();
      else p.reject(Object.assign(new Error(m.error), { code: m.code }));
    });
    const fail = (e: Error) => {
      if (this.worker === w) this.worker = undefined;
      for (const p of this.pending.values()) p.reject(e);
      this.pending.clear();
    };
    w.on('error', fail);
    w.on('exit', (code) => fail(new Error(`spool writer exited (${code})`)));
    w.unref();
    this.worker = w;
    return w;
  }
}
