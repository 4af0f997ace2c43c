import crypto from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { IDEMPOTENCIA_VIDA } from '../../plugins/idempotency.ts';
import { createTestContext, type TestContext } from '../../test/helpers.ts';
import { servidorConIdempotencia } from './test-utils.ts';

/*
 * Decision 73 (issue 16 item 3): a claim names the process running its request; the retry of a
 * request whose process is gone (kill -9 of an API replica mid-upload) takes the key over at once,
 * while the claim of a live process is waited for as before. The whole path, with a real kill -9
 * behind nginx, is in test/cluster/cluster.test.ts.
 */

const pgOnly = inject('testDb').kind !== 'postgres';
let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => t?.close());

describe.skipIf(pgOnly)('idempotency claims of a process that is gone', () => {
  it('a live process’s claim is waited for; once its liveness lock is gone the retry takes the key and runs', async () => {
    const { app, idUsuario } = await servidorConIdempotencia(t);
    let runs = 0;
    app.post('/contar', async () => ({ n: ++runs }));
    await app.ready();

    // Another process, alive: a connection of the test holding that process's liveness lock.
    const url = String(
      (t.database.pool?.options as { connectionString?: string } | undefined)?.connectionString,
    );
    const otro = new pg.Client({ connectionString: url });
    await otro.connect();
    try {
      const proceso = crypto.randomInt(1, 2 ** 31 - 1);
      await otro.query('SELECT pg_advisory_lock($1, $2)', [IDEMPOTENCIA_VIDA, proceso]);
      const k = crypto.randomUUID();
      const send = () =>
        app.inject({ method: 'POST', url: '/contar', headers: { 'idempotency-key': k }, payload: {} });
      expect((await send()).json()).toEqual({ n: 1 });
      // The key as the other process would hold it mid-request (same request, no answer yet).
      await t.database.query(
        `UPDATE idempotencia SET estado_http = NULL, respuesta = NULL, tipo_contenido = NULL, proceso = $3, fecha_creacion = now()
          WHERE id_usuario = $1 AND clave = $2`,
        [idUsuario, k, proceso],
      );
      const retry = send();
      const pronto = await Promise.race([
        retry.then(() => 'respondió'),
        new Promise((r) => setTimeout(r, 1500, 'espera')),
      ]);
      expect(pronto).toBe('espera');
      expect(runs).toBe(1);
      // The other process dies: its connection, and its lock, go.
      await otro.end();
      const r = await retry;
      expect(r.statusCode).toBe(200);
      expect(r.json()).toEqual({ n: 2 });
      expect(r.headers['idempotent-replayed']).toBeUndefined();
      // The answer is kept for the next repetition, now under this process.
      const again = await send();
      expect(again.json()).toEqual({ n: 2 });
      expect(again.headers['idempotent-replayed']).toBe('true');
      const [row] = await t.database.query<{ proceso: number | null }>(
        'SELECT proceso FROM idempotencia WHERE id_usuario = $1 AND clave = $2',
        [idUsuario, k],
      );
      expect(row.proceso).not.toBeNull();
      expect(row.proceso).not.toBe(proceso);
    } finally {
      await otro.end().catch(() => {});
      await app.close();
    }
  });
});
