export type Progreso = { progreso: number; filasPorSegundo: number };

type Job = { id: number; done: Promise<void>; resolve: () => void };

/**
 * The in-process queue of loads to ingest (docs/architecture.md#background-jobs, docs/decisions.md 38).
 * No job library (pg-boss and the like): the `carga` row is
 * the job's durable record (a load still PROCESANDO is queued again at the next start) and one process
 * serves the API, so a queue table, its schema and its polling would add nothing. At most
 * `concurrency` loads run at once; each job gets an AbortSignal that fires when the server closes, so
 * that its transaction rolls back and the load is picked up again at the next start.
 */
export class IngestQueue {
  readonly progress = new Map<number, Progreso>();
  private readonly pending: Job[] = [];
  private readonly jobs = new Map<number, Job>();
  private readonly running = new Set<Promise<void>>();
  private readonly abort = new AbortController();
  private closed = false;

  constructor(
    private readonly run: (idCarga: number, signal: AbortSignal) => Promise<void>,
    private readonly concurrency: number,
    private readonly onError: (idCarga: number, err: unknown) => void,
  ) {}

  /** Queues a load (once) and returns a promise settled when its job has finished. */
  enqueue(idCarga: number): Promise<void> {
    const existing = this.jobs.get(idCarga);
    if (existing) return existing.done;
    let resolve!: () => void;
    const done = new Promise<void>((r) => {
      resolve = r;
    });
    const job = { id: idCarga, done, resolve };
    this.jobs.set(idCarga, job);
    if (this.closed) {
      resolve();
      return done;
    }
    this.pending.push(job);
    this.pump();
    return done;
  }

  private pump() {
    while (!this.closed && this.running.size < this.concurrency && this.pending.length) {
      const job = this.pending.shift()!;
      const p: Promise<void> = this.run(job.id, this.abort.signal)
        .catch((err) => this.onError(job.id, err))
        .finally(() => {
          this.running.delete(p);
          this.jobs.delete(job.id);
          this.progress.delete(job.id);
          job.resolve();
          this.pump();
        });
      this.running.add(p);
    }
  }

  /** Resolves when nothing is queued or running (tests, benchmarks). */
  async idle(): Promise<void> {
    while (this.running.size || this.pending.length) await Promise.all([...this.running]);
  }

  /** Stops taking work, aborts running jobs and waits for them to roll back. */
  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.pending.splice(0)) {
      this.jobs.delete(job.id);
      job.resolve();
    }
    this.abort.abort();
    await Promise.all([...this.running]);
  }
}
