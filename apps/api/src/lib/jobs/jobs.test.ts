import { fork } from 'node:child_process';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { makeWorkerUtils } from 'graphile-worker';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Database, openDatabase } from '../../db/client.ts';
import { createTestContext, type TestContext } from '../../test/helpers.ts';
import { cronPattern, GraphileJobQueue } from './graphile.ts';
import { MemoryJobQueue } from './memory.ts';
import { JobInterrupted } from './types.ts';

const log = { info() {}, warn() {}, error() {}, debug() {} } as unknown as FastifyBaseLogger;
const espera = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function hasta(cond: () => boolean | Promise<boolean>, ms = 15_000) {
  const fin = Date.now() + ms;
  while (!(await cond())) {
    if (Date.now() > fin) throw new Error('tiempo agotado');
    await espera(20);
  }
}

describe('MemoryJobQueue (the embedded database)', () => {
  it('runs nothing before start; then retries with backoff and gives up after maxAttempts', async () => {
    const q = new MemoryJobQueue(log, 1, (a) => a * 20);
    const vistos: Array<[string, number]> = [];
    q.define('falla', {
      maxAttempts: 3,
      run: async (p, ctx) => {
        vistos.push([String(p.n), ctx.attempt]);
        expect(ctx.maxAttempts).toBe(3);
        throw new Error('no');
      },
    });
    q.define('sale', {
      maxAttempts: 3,
      run: async (p, ctx) => {
        vistos.push([String(p.n), ctx.attempt]);
        if (ctx.attempt < 2) throw new Error('una vez');
      },
    });
    await q.add('falla', { n: 'a' });
    await q.add('sale', { n: 'b' });
    await espera(30);
    expect(vistos).toEqual([]);
    await q.start();
    await hasta(() => vistos.length === 5);
    await espera(100);
    expect(vistos.sort()).toEqual([
      ['a', 1],
      ['a', 2],
      ['a', 3],
      ['b', 1],
      ['b', 2],
    ]);
    await q.close();
  });

  it('one pending job per key, delays, and close aborts the running job without retrying it', async () => {
    const q = new MemoryJobQueue(log, 1, () => 10);
    const n: number[] = [];
    let abortado = false;
    q.define('k', { maxAttempts: 1, run: async (p) => void n.push(Number(p.v)) });
    q.define('largo', {
      maxAttempts: 5,
      run: async (_p, ctx) => {
        await new Promise<void>((ok) => ctx.signal.addEventListener('abort', () => ok()));
        abortado = true;
        throw new JobInterrupted();
      },
    });
    for (const v of [1, 2, 3]) await q.add('k', { v }, { key: 'uno', delaySeconds: 0.05 });
    await q.start();
    await espera(20);
    expect(n).toEqual([]);
    await hasta(() => n.length === 1);
    expect(n).toEqual([3]);
    await q.add('largo', {});
    await espera(20);
    await q.close();
    expect(abortado).toBe(true);
  });
});

const spec = inject('testDb');

describe.skipIf(spec.kind !== 'postgres')('GraphileJobQueue (PostgreSQL)', () => {
  let t: TestContext;
  let url: string;
  const otras: Database[] = [];
  const colas: GraphileJobQueue[] = [];

  beforeAll(async () => {
    t = await createTestContext();
    url = (t.database.pool!.options as { connectionString: string }).connectionString;
  });
  afterAll(async () => {
    for (const q of colas) await q.close();
    for (const d of otras) await d.close();
    await t?.close();
  });

  /** A worker process of its own: its own database connections and its own runner. */
  async function trabajador(defs: (q: GraphileJobQueue) => void) {
    const db = await openDatabase({ url });
    otras.push(db);
    const q = new GraphileJobQueue(db, url, log, { concurrency: 2, pollIntervalMs: 200 });
    defs(q);
    colas.push(q);
    return q;
  }

  it('a job added in a transaction that rolls back never runs; committed, it runs once on one of two workers', async () => {
    const hechos: Array<{ n: number; quien: string }> = [];
    const definir = (quien: string) => (q: GraphileJobQueue) =>
      q.define('prueba:uno', {
        maxAttempts: 1,
        run: async (p) => {
          await espera(30);
          hechos.push({ n: Number(p.n), quien });
        },
      });
    const w1 = await trabajador(definir('w1'));
    const w2 = await trabajador(definir('w2'));
    // The API replica only adds (it never starts its runner).
    const api = new GraphileJobQueue(t.database, url, log);
    api.define('prueba:uno', { maxAttempts: 1, run: async () => {} });
    await t.database
      .transaction(async (tx) => {
        await api.add('prueba:uno', { n: -1 }, { tx });
        throw new Error('rollback');
      })
      .catch(() => {});
    await t.database.transaction(async (tx) => {
      for (let n = 0; n < 20; n++) await api.add('prueba:uno', { n }, { tx });
    });
    await w1.start();
    await w2.start();
    await hasta(() => hechos.length >= 20);
    await espera(300);
    expect(hechos.map((h) => h.n).sort((x, y) => x - y)).toEqual(Array.from({ length: 20 }, (_, i) => i));
    expect(new Set(hechos.map((h) => h.quien)).size).toBe(2);
    const [{ n }] = await t.database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM graphile_worker.jobs WHERE task_identifier = 'prueba:uno'`,
    );
    expect(n).toBe(0);
  });

  it('a failed attempt is retried with backoff; a job out of attempts stays as a dead letter with its error', async () => {
    const intentos: number[] = [];
    const w = await trabajador((q) => {
      q.define('prueba:reintento', {
        maxAttempts: 2,
        run: async (_p, ctx) => {
          intentos.push(ctx.attempt);
          throw new Error(`fallo ${ctx.attempt}`);
        },
      });
    });
    await w.start();
    await w.add('prueba:reintento', {}, { key: 'reintento' });
    await hasta(() => intentos.length === 1);
    const utils = await makeWorkerUtils({ connectionString: url });
    try {
      const [job] = await t.database.query<{ id: string; runAt: Date; lastError: string }>(
        `SELECT id::text, run_at AS "runAt", last_error AS "lastError" FROM graphile_worker.jobs WHERE key = 'reintento'`,
      );
      expect(job.lastError).toBe('fallo 1');
      // graphile-worker's backoff: e^1 s after the first failure.
      expect(new Date(job.runAt).getTime() - Date.now()).toBeGreaterThan(1000);
      await utils.rescheduleJobs([job.id], { runAt: new Date() });
    } finally {
      await utils.release();
    }
    await hasta(() => intentos.length === 2);
    await espera(300);
    expect(intentos).toEqual([1, 2]);
    const [muerto] = await t.database.query<{ attempts: number; maxAttempts: number; lastError: string }>(
      `SELECT attempts, max_attempts AS "maxAttempts", last_error AS "lastError" FROM graphile_worker.jobs WHERE key = 'reintento'`,
    );
    expect(muerto).toEqual({ attempts: 2, maxAttempts: 2, lastError: 'fallo 2' });
  });

  it('kill -9 of a worker holding a job: another worker takes it within seconds, not 4 hours', async () => {
    const hechos: number[] = [];
    const w2 = new GraphileJobQueue(t.database, url, log, {
      concurrency: 1,
      pollIntervalMs: 200,
      sweepMs: 300,
      abandonedAfterMs: 500,
    });
    colas.push(w2);
    w2.define('prueba:larga', { maxAttempts: 3, run: async (_p, ctx) => void hechos.push(ctx.attempt) });
    const child = fork(path.join(import.meta.dirname, 'kill-fixture.ts'), [], {
      execArgv: ['--import', 'tsx'],
      env: { ...process.env, JOBS_TEST_URL: url },
      stdio: 'ignore',
    });
    try {
      const mensajes: string[] = [];
      child.on('message', (m) => mensajes.push(String(m)));
      await hasta(() => mensajes.includes('ready'), 30_000);
      await w2.add('prueba:larga', {}, { key: 'larga' });
      await hasta(() => mensajes.includes('started'), 30_000);
      child.kill('SIGKILL');
      await new Promise((r) => child.once('exit', r));
      const [antes] = await t.database.query<{ lockedBy: string | null }>(
        `SELECT locked_by AS "lockedBy" FROM graphile_worker.jobs WHERE key = 'larga'`,
      );
      expect(antes.lockedBy).not.toBeNull(); // graphile-worker alone would leave it so for 4 hours
      await w2.start();
      await hasta(() => hechos.length === 1, 20_000);
      expect(hechos).toEqual([2]);
      await hasta(async () => {
        const r = await t.database.query(`SELECT 1 FROM graphile_worker.jobs WHERE key = 'larga'`);
        return r.length === 0;
      });
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });

  it('cron patterns for the periodic jobs', () => {
    expect(cronPattern(10)).toBe('*/10 * * * *');
    expect(cronPattern(5)).toBe('*/5 * * * *');
    expect(cronPattern(120)).toBe('0 */2 * * *');
  });
});
