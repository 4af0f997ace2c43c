import type { FastifyBaseLogger } from 'fastify';
import {
  type AddOptions,
  backoffSeconds,
  type JobDefinition,
  JobInterrupted,
  type JobQueue,
} from './types.ts';

type Pending = {
  name: string;
  payload: Record<string, unknown>;
  attempt: number;
  maxAttempts: number;
  key?: string;
  runAt: number;
};

/**
 * The in-process runner of the embedded database (PGlite: one process, one connection). Same
 * semantics as the graphile-worker runner — attempts, backoff, keys, periodic jobs — but the
 * queue lives in memory: what was queued when the process stopped is found again by the features
 * from their own tables at the next start (a load still PROCESANDO, a message still PENDIENTE).
 */
export class MemoryJobQueue implements JobQueue {
  readonly kind = 'memory' as const;
  private readonly defs = new Map<string, JobDefinition>();
  private readonly pending: Pending[] = [];
  private readonly active = new Set<Promise<void>>();
  private abort = new AbortController();
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly periodic: Array<[string, number]> = [];
  private started = false;
  private closed = false;

  constructor(
    private readonly log: FastifyBaseLogger,
    private readonly concurrency = 1,
    /** Retry delay in ms for an attempt (tests shorten it). */
    private readonly backoffMs: (attempt: number) => number = (a) => backoffSeconds(a) * 1000,
  ) {}

  get running() {
    return this.started && !this.closed;
  }

  define(name: string, def: JobDefinition) {
    this.defs.set(name, def);
  }

  async add(name: string, payload: Record<string, unknown>, opts: AddOptions = {}) {
    const def = this.defs.get(name);
    if (!def) throw new Error(`unknown job ${name}`);
    if (this.closed) return;
    const runAt = Date.now() + (opts.delaySeconds ?? 0) * 1000;
    const same = opts.key ? this.pending.find((p) => p.key === opts.key) : undefined;
    if (same) {
      same.payload = payload;
      same.runAt = runAt;
      same.attempt = 0;
    } else {
      this.pending.push({
        name,
        payload,
        attempt: 0,
        maxAttempts: opts.maxAttempts ?? def.maxAttempts,
        key: opts.key,
        runAt,
      });
    }
    this.schedule(runAt);
  }

  every(name: string, minutes: number) {
    this.periodic.push([name, minutes]);
    if (this.started) this.startPeriodic(name, minutes);
  }

  private startPeriodic(name: string, minutes: number) {
    const t = setInterval(() => void this.add(name, {}, { key: `periodico:${name}` }), minutes * 60_000);
    t.unref();
    this.timers.add(t);
  }

  async start() {
    if (this.started || this.closed) return;
    this.started = true;
    for (const [n, m] of this.periodic) this.startPeriodic(n, m);
    this.pump();
  }

  /** The time of the wake-up already set for a later job (one at a time is enough). */
  private wakeAt = Number.POSITIVE_INFINITY;

  private schedule(runAt: number) {
    if (!this.started) return;
    const wait = runAt - Date.now();
    if (wait <= 0) {
      queueMicrotask(() => this.pump());
      return;
    }
    if (runAt >= this.wakeAt) return;
    this.wakeAt = runAt;
    const t = setTimeout(() => {
      this.timers.delete(t);
      if (this.wakeAt === runAt) this.wakeAt = Number.POSITIVE_INFINITY;
      this.pump();
    }, wait);
    t.unref();
    this.timers.add(t);
  }

  private pump() {
    while (this.running && this.active.size < this.concurrency) {
      const now = Date.now();
      const i = this.pending.findIndex((p) => p.runAt <= now);
      if (i < 0) {
        // Only later jobs: wake up for the first of them.
        if (this.pending.length) this.schedule(Math.min(...this.pending.map((p) => p.runAt)));
        return;
      }
      const [job] = this.pending.splice(i, 1);
      job.attempt++;
      const p: Promise<void> = this.runOne(job).finally(() => {
        this.active.delete(p);
        this.pump();
      });
      this.active.add(p);
    }
  }

  private async runOne(job: Pending) {
    const def = this.defs.get(job.name)!;
    try {
      await def.run(job.payload, {
        attempt: job.attempt,
        maxAttempts: job.maxAttempts,
        signal: this.abort.signal,
        log: this.log,
      });
    } catch (err) {
      if (this.closed) return;
      if (err instanceof JobInterrupted) {
        // Stopped, not failed: it runs again when the queue starts again (not counted as an attempt).
        job.attempt--;
        this.pending.push(job);
        return;
      }
      if (job.attempt >= job.maxAttempts) {
        this.log.error({ err, job: job.name, attempt: job.attempt }, 'job failed for good');
        return;
      }
      this.log.warn({ err, job: job.name, attempt: job.attempt }, 'job failed; it will be retried');
      job.runAt = Date.now() + this.backoffMs(job.attempt);
      this.pending.push(job);
      this.schedule(job.runAt);
    }
  }

  /** Resolves when nothing is queued for now or running (tests, benchmarks). */
  async idle(): Promise<void> {
    while (this.active.size || this.pending.some((p) => p.runAt <= Date.now())) {
      if (this.active.size) await Promise.all([...this.active]);
      else await new Promise((r) => setTimeout(r, 5));
    }
  }

  async stop() {
    this.started = false;
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    this.wakeAt = Number.POSITIVE_INFINITY;
    this.abort.abort();
    await Promise.all([...this.active]);
    this.abort = new AbortController();
  }

  async close() {
    this.closed = true;
    await this.stop();
    this.pending.splice(0);
  }
}
