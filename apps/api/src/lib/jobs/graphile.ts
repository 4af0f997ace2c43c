import { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import {
  Logger,
  type ParsedCronItem,
  parseCronItems,
  type Runner,
  run,
  runMigrations,
  type Task,
  type WorkerEvents,
} from 'graphile-worker';
import pg from 'pg';
import type { Queryable } from '../../db/client.ts';
import { compilar, consulta, type SQL, sql } from '../sql.ts';
import { type AddOptions, type JobDefinition, JobInterrupted, type JobQueue } from './types.ts';

/** The schema graphile-worker keeps its jobs in (its own migrations, run by `npm run migrate`). */
export const JOBS_SCHEMA = 'graphile_worker';

/** First key of the session advisory locks that say a worker is alive (the second: hashtext(id)). */
const LIVENESS_KEY = 4_200_062;
/** The queue's schema in a statement. */
const ESQUEMA = sql.identifier(JOBS_SCHEMA);
/** A tagged statement on a `pg` connection or pool of this queue's own (not a `Queryable`). */
const enPg = <T extends pg.QueryResultRow>(c: pg.ClientBase | pg.Pool, q: SQL) => {
  const { text, params } = compilar(q);
  return c.query<T>(text, params);
};

export type GraphileOptions = {
  /** Jobs run at once by this process. */
  concurrency?: number;
  /** How often a worker looks for jobs due later (new ones wake it through NOTIFY). */
  pollIntervalMs?: number;
  /** How often this process looks for jobs held by workers that are gone. */
  sweepMs?: number;
  /** A job locked for less than this is never taken as abandoned. */
  abandonedAfterMs?: number;
};

const pool = (connectionString: string, max: number) => {
  const p = new pg.Pool({ connectionString, max, options: '-c TimeZone=UTC -c jit=off' });
  // A connection the server ends (restart, failover) must not end the process (decision 41).
  p.on('error', () => {});
  p.on('connect', (c) => c.on('error', () => {}));
  return p;
};

/** Installs or upgrades graphile-worker's schema (idempotent; graphile-worker serialises it itself). */
export async function migrateJobs(connectionString: string): Promise<void> {
  const p = pool(connectionString, 2);
  try {
    await runMigrations({ pgPool: p, logger: quietLogger });
  } finally {
    await p.end();
  }
}

const quietLogger = new Logger(() => () => {});

function loggerFor(log: FastifyBaseLogger) {
  return new Logger((scope) => (level, message, meta) => {
    const obj = { ...scope, ...(meta?.error ? { err: meta.error } : {}) };
    // Its per-job 'Completed task' lines are debug here: the jobs log what they did themselves.
    if (level === 'error') log.error(obj, message);
    else if (level === 'warning') log.warn(obj, message);
    else log.debug(obj, message);
  });
}

/** Every `minutes` minutes as a cron pattern (a divisor of 60, or whole hours dividing 24). */
export function cronPattern(minutes: number): string {
  if (minutes < 60) return `*/${Math.max(1, Math.round(minutes))} * * * *`;
  return `0 */${Math.max(1, Math.round(minutes / 60))} * * *`;
}

/**
 * graphile-worker 0.16 (decision 60): jobs are rows of `graphile_worker` in the application's
 * database, added with SQL (so inside the caller's transaction), taken by any worker process with
 * `SKIP LOCKED`, woken by LISTEN/NOTIFY, retried with exponential backoff up to `maxAttempts`.
 * A process adds jobs whatever its role; only `start()` (the worker and all-in-one roles) runs them,
 * with its own small connection pool.
 */
export class GraphileJobQueue implements JobQueue {
  readonly kind = 'graphile' as const;
  private readonly defs = new Map<string, JobDefinition>();
  /** Read by graphile-worker on every fetch, so tasks defined after start are taken too. */
  private readonly tasks: Record<string, Task> = {};
  private readonly cron: Array<[string, number]> = [];
  private runner: Runner | undefined;
  private pgPool: pg.Pool | undefined;
  private abort = new AbortController();
  private closed = false;
  private restarting = false;
  /** This process's live workers, each holding its liveness lock on `vida`. */
  private readonly mine = new Set<string>();
  private vida: pg.Client | undefined;
  private sweeper: NodeJS.Timeout | undefined;
  private readonly concurrency: number;
  private readonly pollIntervalMs: number;
  private readonly sweepMs: number;
  private readonly abandonedAfterMs: number;

  constructor(
    private readonly db: Queryable,
    private readonly connectionString: string,
    private readonly log: FastifyBaseLogger,
    opts: GraphileOptions = {},
  ) {
    this.concurrency = opts.concurrency ?? 2;
    this.pollIntervalMs = opts.pollIntervalMs ?? 2000;
    this.sweepMs = opts.sweepMs ?? 15_000;
    this.abandonedAfterMs = opts.abandonedAfterMs ?? 10_000;
  }

  get running() {
    return this.runner !== undefined && !this.closed;
  }

  define(name: string, def: JobDefinition) {
    this.defs.set(name, def);
    this.tasks[name] = async (payload, helpers) => {
      const signal = this.abort.signal;
      if (signal.aborted) throw new JobInterrupted();
      await def.run((payload ?? {}) as Record<string, unknown>, {
        attempt: helpers.job.attempts,
        maxAttempts: helpers.job.max_attempts,
        signal,
        log: this.log,
      });
    };
  }

  async add(name: string, payload: Record<string, unknown>, opts: AddOptions = {}) {
    // An API replica may add a job only workers define: it then names its attempts.
    const maxAttempts = opts.maxAttempts ?? this.defs.get(name)?.maxAttempts;
    if (maxAttempts === undefined) throw new Error(`unknown job ${name}`);
    await consulta(
      opts.tx ?? this.db,
      sql`SELECT 1 FROM ${ESQUEMA}.add_job(${name}::text, ${JSON.stringify(payload)}::json,
         run_at := now() + make_interval(secs => ${opts.delaySeconds ?? 0}::double precision),
         max_attempts := ${maxAttempts}::int, job_key := ${opts.key ?? null}::text)`,
    );
  }

  every(name: string, minutes: number) {
    if (this.cron.some(([n]) => n === name)) return;
    this.cron.push([name, minutes]);
    // The schedule is given to graphile-worker when it starts: a later one restarts it.
    if (this.runner) void this.restart(0);
  }

  private cronItems(): ParsedCronItem[] {
    return parseCronItems(
      this.cron.map(([task, minutes]) => ({
        task,
        match: cronPattern(minutes),
        identifier: `periodico:${task}`,
        options: { backfillPeriod: 0, jobKey: `periodico:${task}`, maxAttempts: 1 },
      })),
    );
  }

  async start() {
    if (this.runner || this.closed) return;
    this.pgPool ??= pool(this.connectionString, this.concurrency + 3);
    await this.connectVida();
    const events: WorkerEvents = new EventEmitter();
    events.on('worker:create', ({ worker }) => void this.alive(worker.workerId, true));
    events.on('worker:release', ({ worker }) => void this.alive(worker.workerId, false));
    this.runner = await run({
      events,
      pgPool: this.pgPool,
      taskList: this.tasks,
      parsedCronItems: this.cronItems(),
      concurrency: this.concurrency,
      pollInterval: this.pollIntervalMs,
      noHandleSignals: true,
      logger: loggerFor(this.log),
      // A job still running this long after a stop is asked to stop (its AbortSignal).
      gracefulShutdownAbortTimeout: 2000,
    });
    // A worker that could not record a job's outcome (its connection dropped at that moment) leaves
    // the pool for good in graphile-worker 0.16: start a fresh pool instead of running short.
    this.runner.events.on('worker:fatalError', ({ error }) => {
      this.log.error({ err: error }, 'job worker lost; restarting the job runner');
      void this.restart();
    });
    this.sweeper ??= setInterval(() => {
      this.sweep().catch((err) => this.log.warn({ err }, 'abandoned jobs sweep'));
    }, this.sweepMs);
    this.sweeper.unref();
  }

  /*
   * Workers that are gone (decision 60). graphile-worker 0.16 gives a job whose worker died (kill -9,
   * a lost node) to another worker only after 4 hours. Here every process holds, on a connection of
   * its own, a session advisory lock per live worker; the connection closes with the process, and
   * the lock with it. Every process looks now and then at the workers holding jobs for a while: one
   * whose lock can be taken is gone, and its jobs are unlocked for the others at once (the ingest's
   * own advisory lock and the load's state make a second run of a job still running harmless).
   */
  private async connectVida() {
    if (this.vida || this.closed) return;
    const c = new pg.Client({ connectionString: this.connectionString });
    c.on('error', () => {
      if (this.vida !== c) return;
      this.vida = undefined;
      c.end().catch(() => {});
      setTimeout(() => void this.connectVida().catch(() => {}), 1000).unref();
    });
    await c.connect();
    this.vida = c;
    for (const id of this.mine) await this.lockAlive(id, true);
  }

  private async lockAlive(id: string, on: boolean) {
    if (!this.vida) return;
    const f = sql.raw(on ? 'pg_advisory_lock' : 'pg_advisory_unlock');
    await enPg(this.vida, sql`SELECT ${f}(${LIVENESS_KEY}, hashtext(${id}))`);
  }

  private async alive(id: string, on: boolean) {
    if (on) this.mine.add(id);
    else this.mine.delete(id);
    await this.lockAlive(id, on).catch((err) => this.log.warn({ err, id }, 'worker liveness lock'));
  }

  /** Unlocks the jobs of workers that are gone; returns their ids. */
  async sweep(): Promise<string[]> {
    const vida = this.vida;
    if (!vida || !this.pgPool) return [];
    const { rows } = await enPg<{ id: string }>(
      this.pgPool,
      sql`SELECT DISTINCT locked_by AS id FROM ${ESQUEMA}.jobs
        WHERE locked_by IS NOT NULL AND locked_at < now() - make_interval(secs => ${this.abandonedAfterMs / 1000}::double precision)`,
    );
    const gone: string[] = [];
    for (const { id } of rows) {
      if (this.mine.has(id)) continue;
      const [{ free }] = (
        await enPg<{ free: boolean }>(
          vida,
          sql`SELECT pg_try_advisory_lock(${LIVENESS_KEY}, hashtext(${id})) AS free`,
        )
      ).rows;
      if (!free) continue;
      await enPg(vida, sql`SELECT pg_advisory_unlock(${LIVENESS_KEY}, hashtext(${id}))`);
      gone.push(id);
    }
    if (gone.length) {
      await enPg(this.pgPool, sql`SELECT ${ESQUEMA}.force_unlock_workers(${sql.param(gone)}::text[])`);
      this.log.warn({ workers: gone }, 'jobs of workers that are gone unlocked for the others');
    }
    return gone;
  }

  private async restart(pauseMs = 1000) {
    if (this.restarting || this.closed) return;
    this.restarting = true;
    try {
      const r = this.runner;
      this.runner = undefined;
      await r?.stop().catch(() => {});
      await new Promise((ok) => setTimeout(ok, pauseMs));
      if (!this.closed) await this.start();
    } catch (err) {
      this.log.error({ err }, 'job runner did not restart; retrying in 5 s');
      setTimeout(() => void this.restart(), 5000).unref();
    } finally {
      this.restarting = false;
    }
  }

  async stop() {
    this.abort.abort();
    const r = this.runner;
    this.runner = undefined;
    await r?.stop().catch((err) => this.log.warn({ err }, 'job runner stop'));
    this.abort = new AbortController();
  }

  async close() {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.sweeper);
    await this.stop();
    const v = this.vida;
    this.vida = undefined;
    await v?.end().catch(() => {});
    await this.pgPool?.end().catch(() => {});
  }
}
