import crypto from 'node:crypto';
import { IDEMPOTENCIA_CODIGO, MSG_IDEMPOTENCIA } from '@app/domain';
import { describe, expect, it } from 'vitest';
import { limpiarIdempotencia } from '../../plugins/idempotency.ts';
import { usarContextoConFixtures } from '../../test/fixtures.ts';
import { DEMO, errorOf, idPrestadorDe, tramiteMarzo } from '../../test/helpers.ts';
import { servidorConIdempotencia } from './test-utils.ts';

/*
 * The idempotency mechanism itself (decision 49): replay, mismatch, expiry, concurrency, release on
 * server failures, scope per user. The walk over every create route is in `creates.test.ts`.
 */

const { t, ids } = usarContextoConFixtures();

const body = (over: object = {}) =>
  tramiteMarzo(ids.idPrestador, { descripcion: 'Idempotencia', frecuenciaCarga: 'M', ...over });

const key = () => crypto.randomUUID();

async function crear(clave: string | undefined, payload: object = body(), usuario: string = DEMO.prestador) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/tramites',
    headers: { ...(await t.auth(usuario)), ...(clave === undefined ? {} : { 'idempotency-key': clave }) },
    payload,
  });
}

const tramites = async (descripcion = 'IDEMPOTENCIA') =>
  (
    await t.database.query<{ n: number }>('SELECT count(*)::int AS n FROM tramite WHERE descripcion = $1', [
      descripcion,
    ])
  )[0].n;

describe('Idempotency-Key', () => {
  it('the same key twice in a row: one procedure, the same status and body, the second marked as replayed', async () => {
    const before = await tramites();
    const k = key();
    const a = await crear(k);
    const b = await crear(k);
    expect(a.statusCode, a.body).toBe(201);
    expect(b.statusCode).toBe(201);
    expect(b.body).toBe(a.body);
    expect(a.headers['idempotent-replayed']).toBeUndefined();
    expect(b.headers['idempotent-replayed']).toBe('true');
    expect(b.headers['content-type']).toBe(a.headers['content-type']);
    expect(await tramites()).toBe(before + 1);
  });

  it('the same key twice at once: one procedure, both answers equal', async () => {
    const before = await tramites();
    const k = key();
    const [a, b] = await Promise.all([crear(k), crear(k)]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(b.body).toBe(a.body);
    expect(await tramites()).toBe(before + 1);
  });

  it('five at once with one key: one procedure', async () => {
    const before = await tramites();
    const k = key();
    const all = await Promise.all(Array.from({ length: 5 }, () => crear(k)));
    expect(new Set(all.map((r) => r.body)).size).toBe(1);
    expect(all.every((r) => r.statusCode === 201)).toBe(true);
    expect(await tramites()).toBe(before + 1);
  });

  it('without a key nothing changes: two requests, two procedures', async () => {
    const before = await tramites();
    await crear(undefined);
    await crear(undefined);
    expect(await tramites()).toBe(before + 2);
  });

  it('the same key with another body: 422 in Spanish, nothing written', async () => {
    const k = key();
    expect((await crear(k)).statusCode).toBe(201);
    const before = await tramites('OTRA');
    const res = await crear(k, body({ descripcion: 'Otra' }));
    expect(res.statusCode).toBe(422);
    expect(errorOf(res).error).toEqual({
      code: IDEMPOTENCIA_CODIGO.distinta,
      message: MSG_IDEMPOTENCIA.distinta,
    });
    expect(await tramites('OTRA')).toBe(before);
  });

  it('bodies are compared after validation: the same values in another key order replay', async () => {
    const k = key();
    const a = await crear(k, body());
    const reordered = Object.fromEntries(Object.entries(body()).reverse());
    const b = await crear(k, { ...reordered, descripcion: 'idempotencia  ' });
    expect(b.statusCode).toBe(201);
    expect(b.headers['idempotent-replayed']).toBe('true');
    expect(b.body).toBe(a.body);
  });

  it('the same key on another route: 422', async () => {
    const k = key();
    const a = await crear(k);
    const id = a.json().item.idTramite;
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/tramites/${id}`,
      headers: { ...(await t.auth(DEMO.prestador)), 'idempotency-key': k },
      payload: { fechaDesde: '2026-03-02', fechaHasta: '2026-03-29', descripcion: 'x' },
    });
    expect(res.statusCode).toBe(422);
    expect(errorOf(res).error.code).toBe(IDEMPOTENCIA_CODIGO.distinta);
  });

  it('keys belong to their user: the same key from another user is another request', async () => {
    const k = key();
    expect((await crear(k)).statusCode).toBe(201);
    // The other provider company's user, with its own provider: the key is new for them.
    const res = await crear(
      k,
      body({ idPrestador: await idPrestadorDe(t, DEMO.prestador2) }),
      DEMO.prestador2,
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.headers['idempotent-replayed']).toBeUndefined();
  });

  it('a refused request is kept too: the same key gets the same 4xx, a new key runs again', async () => {
    const k = key();
    const otroPrestador = body({ idPrestador: 999_999 });
    const a = await crear(k, otroPrestador);
    expect(a.statusCode).toBe(400);
    const b = await crear(k, otroPrestador);
    expect(b.statusCode).toBe(400);
    expect(b.headers['idempotent-replayed']).toBe('true');
    expect(b.body).toBe(a.body);
  });

  it('a request refused by validation (before the handler) does not take the key', async () => {
    const k = key();
    const bad = await crear(k, { descripcion: '' });
    expect(bad.statusCode).toBe(400);
    const ok = await crear(k);
    expect(ok.statusCode).toBe(201);
    expect(ok.headers['idempotent-replayed']).toBeUndefined();
  });

  it('an expired key is forgotten: the request runs again, and the cleanup deletes expired keys', async () => {
    const before = await tramites();
    const k = key();
    expect((await crear(k)).statusCode).toBe(201);
    await t.database.query(`UPDATE idempotencia SET expira = now() - interval '1 second' WHERE clave = $1`, [
      k,
    ]);
    const again = await crear(k);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBeUndefined();
    expect(await tramites()).toBe(before + 2);
    // Within its life the key lasts about IDEMPOTENCIA_MINUTOS.
    const [row] = await t.database.query<{ min: number }>(
      `SELECT round(extract(epoch FROM expira - fecha_creacion) / 60)::int AS min FROM idempotencia WHERE clave = $1`,
      [k],
    );
    expect(row.min).toBe(15);
    await t.database.query(`UPDATE idempotencia SET expira = now() - interval '1 second' WHERE clave = $1`, [
      k,
    ]);
    expect(await limpiarIdempotencia(t.database)).toBeGreaterThanOrEqual(1);
    expect(await t.database.query('SELECT 1 FROM idempotencia WHERE clave = $1', [k])).toHaveLength(0);
  });

  it('a claim left running by a stopped process is taken over after its lease', async () => {
    const k = key();
    const [u] = await t.database.query<{ id: number }>(
      'SELECT id_usuario AS id FROM usuario WHERE nombre = $1',
      [DEMO.prestador],
    );
    await t.database.query(
      `INSERT INTO idempotencia (id_usuario, clave, metodo_ruta, huella, fecha_creacion, expira)
       VALUES ($1, $2, 'POST /api/v1/tramites', repeat('0', 64), now() - interval '6 minutes', now() + interval '9 minutes')`,
      [u.id, k],
    );
    const res = await crear(k);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.headers['idempotent-replayed']).toBeUndefined();
  });

  it('an unusable key is a 400 in Spanish', async () => {
    for (const bad of ['', 'a'.repeat(256), 'con espacio', 'ñandú']) {
      const res = await crear(bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(errorOf(res).error.code).toBe(IDEMPOTENCIA_CODIGO.invalida);
      expect(errorOf(res).error.message).toBe(MSG_IDEMPOTENCIA.invalida);
    }
  });

  it('requests without a session are not keyed (401 first)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/tramites',
      headers: { 'idempotency-key': key() },
      payload: body(),
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('the plugin on its own (a slow handler, a failing one)', () => {
  /** A bare server with the plugin, signed in as prestador@demo.ec, and routes that count their runs. */
  async function server() {
    const { app } = await servidorConIdempotencia(t);
    const runs = { lento: 0, falla: 0 };
    app.post('/lento', async () => {
      runs.lento++;
      await new Promise((r) => setTimeout(r, 400));
      return { n: runs.lento };
    });
    app.post('/falla', async () => {
      runs.falla++;
      if (runs.falla === 1) throw new Error('se cayó');
      return { n: runs.falla };
    });
    await app.ready();
    return { app, runs };
  }

  it('a duplicate that arrives while the first runs waits for it and gets its answer; the handler runs once', async () => {
    const { app, runs } = await server();
    const k = key();
    const send = () =>
      app.inject({ method: 'POST', url: '/lento', headers: { 'idempotency-key': k }, payload: {} });
    const first = send();
    await new Promise((r) => setTimeout(r, 100));
    const [a, b] = await Promise.all([first, send()]);
    expect(runs.lento).toBe(1);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(b.json()).toEqual({ n: 1 });
    expect(b.headers['idempotent-replayed']).toBe('true');
    await app.close();
  });

  it('a server failure (5xx) is not kept: the retry with the same key runs again', async () => {
    const { app, runs } = await server();
    const k = key();
    const send = () =>
      app.inject({ method: 'POST', url: '/falla', headers: { 'idempotency-key': k }, payload: {} });
    expect((await send()).statusCode).toBe(500);
    const again = await send();
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ n: 2 });
    expect(runs.falla).toBe(2);
    await app.close();
  });
});
