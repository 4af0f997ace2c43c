import { MSG_CARGA } from '@app/domain';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestContext, DEMO, type TestContext } from '../../test/helpers.ts';
import { multipart as archivosMultipart, pdf } from '../archivos/test-utils.ts';
import { cargar, contar, crearTramite, csv, esperar, filas, subir } from '../cargas/test-fixtures.ts';

/*
 * Database faults (issue 11 item 5 and the "fault test"): the server's PostgreSQL connections are
 * terminated with pg_terminate_backend while it ingests, organises, zips and lists. The process must
 * survive (an unhandled 'error' event or rejection would end this test process), requests in flight
 * answer 503 with a retry hint, nothing committed is lost and no load is left half written.
 *
 * To terminate at a known point, a second connection holds a table lock the operation needs; once
 * the server's statement waits on it, every other connection to the test database is terminated.
 * PostgreSQL only: PGlite has no connections to lose.
 */

const spec = inject('testDb');
const real = spec.kind === 'postgres';

let t: TestContext;
let admin: pg.Client;
let dbName: string;
let testUrl: string;

beforeAll(async () => {
  if (!real) return;
  t = await createTestContext();
  [{ db: dbName }] = await t.database.query<{ db: string }>('SELECT current_database() AS db');
  admin = new pg.Client({ connectionString: spec.adminUrl });
  await admin.connect();
  const u = new URL(spec.adminUrl);
  u.pathname = `/${dbName}`;
  testUrl = u.toString();
});
afterAll(async () => {
  await admin?.end();
  await t?.close();
});

/** Terminates every connection to the test database except `keep`'s; how many it ended. */
async function terminar(keep?: pg.Client): Promise<number> {
  const keepPid = keep
    ? (await keep.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0].pid
    : -1;
  const r = await admin.query<{ ok: boolean }>(
    `SELECT pg_terminate_backend(pid) AS ok FROM pg_stat_activity
      WHERE datname = $1 AND pid <> pg_backend_pid() AND pid <> $2`,
    [dbName, keepPid],
  );
  return r.rows.filter((x) => x.ok).length;
}

/** Waits until a statement of the server on the test database waits for a lock. */
async function esperarBloqueo(patron: string, ms = 30_000) {
  const hasta = Date.now() + ms;
  for (;;) {
    const r = await admin.query(
      `SELECT 1 FROM pg_stat_activity WHERE datname = $1 AND wait_event_type = 'Lock' AND query ILIKE $2`,
      [dbName, `%${patron}%`],
    );
    if (r.rowCount) return;
    if (Date.now() > hasta) throw new Error(`nothing waited on a lock for ${patron}`);
    await new Promise((ok) => setTimeout(ok, 20));
  }
}

/**
 * Runs `operacion` while `tabla` is locked by another connection; once the server waits on the lock,
 * terminates the server's connections, then releases the lock. Answers what the operation answered.
 */
async function conCaida<T>(tabla: string, patron: string, operacion: () => Promise<T>): Promise<T> {
  const lock = new pg.Client({ connectionString: testUrl });
  await lock.connect();
  try {
    await lock.query('BEGIN');
    await lock.query(`LOCK TABLE ${tabla} IN ACCESS EXCLUSIVE MODE`);
    const p = operacion();
    await esperarBloqueo(patron);
    expect(await terminar(lock)).toBeGreaterThan(0);
    await lock.query('ROLLBACK');
    return await p;
  } finally {
    await lock.end();
  }
}

async function sigueVivo() {
  const health = await t.app.inject({ url: '/api/health' });
  // The first request after the drop may still meet a dead pooled connection: it answers 503, never 500.
  if (health.statusCode !== 200) {
    expect(health.statusCode).toBe(503);
    expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);
  }
  const me = await t.app.inject({ url: '/api/v1/auth/me', headers: await t.auth(DEMO.prestador) });
  expect(me.statusCode).toBe(200);
}

const descripcion = real ? describe : describe.skip;

descripcion('PostgreSQL connections terminated mid-operation', () => {
  it('during an ingest: the process survives, the job is retried and the load completes once, a new load works', async () => {
    const id = await crearTramite(t);
    const res = await conCaida('carga_fila', 'COPY carga_fila', () =>
      subir(t, id, 'caida.csv', csv(filas(id, 300))),
    );
    expect(res.statusCode).toBe(202);
    // The attempt rolled back; the job runner (decision 60) runs it again after its backoff, and
    // meanwhile the load says so.
    const idCarga: number = res.json().idCarga;
    let visto: string | null = null;
    for (const hasta = Date.now() + 20_000; Date.now() < hasta && !visto; ) {
      const [m] = await t.database.query<{ obs: string | null; estado: string }>(
        'SELECT obs, estado_proceso AS estado FROM carga WHERE id_carga = $1',
        [idCarga],
      );
      if (m.estado !== 'PROCESANDO') break;
      visto = m.obs;
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(visto).toBe(MSG_CARGA.reintentando(2, 5));
    const c = await esperar(t, idCarga);
    expect(c).toMatchObject({ estadoProceso: 'COMPLETADA', numeroRegistros: 300, contadorErrores: 0 });
    // Nothing of the failed attempt is left, nothing is doubled.
    expect(await contar(t, 'carga_fila', c.idCarga)).toBe(300);
    expect(await contar(t, 'carga_error', c.idCarga)).toBe(0);
    await sigueVivo();
    const otra = await cargar(t, id, 'despues.csv', csv(filas(id, 30)));
    expect(otra).toMatchObject({ estadoProceso: 'COMPLETADA', numeroRegistros: 30, contadorErrores: 0 });
  });

  it('during an organise (a job, decision 85): retried, no attention half written, organised once', async () => {
    const id = await crearTramite(t);
    const c = await cargar(t, id, 'organizar.csv', csv(filas(id, 30)));
    expect(c.contadorErrores).toBe(0);
    const h = await t.auth(DEMO.prestador);
    const organizar = () =>
      t.app.inject({ method: 'POST', url: `/api/v1/cargas/${c.idCarga}/organizar`, headers: h });
    // planilla_det is written after planilla: the attentions are inserted, not committed, when it drops.
    const res = await conCaida('planilla_det', 'planilla_det', organizar);
    expect(res.statusCode, res.body).toBe(202);
    const estado = async () =>
      (
        await t.database.query<{ organizacion: string; obs: string | null; tramite: string }>(
          `SELECT c.organizacion, c.organizacion_obs AS obs, t.estado_tramite AS tramite
             FROM carga c JOIN tramite t ON t.id_tramite = c.id_tramite WHERE c.id_carga = $1`,
          [c.idCarga],
        )
      )[0];
    for (
      const hasta = Date.now() + 40_000;
      ['PENDIENTE', 'ORGANIZANDO'].includes((await estado()).organizacion);
    ) {
      if (Date.now() > hasta) throw new Error('the organise did not end');
      await new Promise((r) => setTimeout(r, 50));
    }
    await sigueVivo();
    expect(await estado()).toMatchObject({ organizacion: 'ORGANIZADA', tramite: 'ESTRUCTURADO' });
    expect(await contar(t, 'planilla', c.idCarga)).toBe(10);
    const [{ n }] = await t.database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM bitacora_tra WHERE id_tramite = $1 AND observacion LIKE $2`,
      [id, `Carga ${c.idCarga}: 10 atenciones médicas organizadas%`],
    );
    expect(n).toBe(1);
  });

  it('during a ZIP download and a list load: 503 with a retry hint, then both work', async () => {
    const id = await crearTramite(t);
    const c = await cargar(t, id, 'zip.csv', csv(filas(id, 6)));
    const h = await t.auth(DEMO.prestador);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/v1/cargas/${c.idCarga}/organizar?esperar=true`,
          headers: h,
        })
      ).statusCode,
    ).toBe(200);
    const body = archivosMultipart([
      { name: '1000.pdf', content: pdf() },
      { name: '1001.pdf', content: pdf() },
    ]);
    const up = await t.app.inject({
      method: 'POST',
      url: `/api/v1/cargas/${c.idCarga}/archivos`,
      headers: { ...h, ...body.headers },
      payload: body.payload,
    });
    expect(up.statusCode, up.body).toBe(200);
    const archivosAntes = await t.database.query(
      'SELECT id_archivo_pla FROM archivo_pla WHERE id_carga = $1',
      [c.idCarga],
    );
    expect(archivosAntes).toHaveLength(2);

    const zip = () => t.app.inject({ url: `/api/v1/tramites/${id}/zip`, headers: h });
    const z = await conCaida('archivo_pla', 'archivo_pla', zip);
    expect(z.statusCode, z.body).toBe(503);
    expect(z.headers['retry-after']).toBeDefined();
    expect(z.json().error.code).toBe('BASE_NO_DISPONIBLE');
    await sigueVivo();
    let z2 = await zip();
    if (z2.statusCode === 503) z2 = await zip();
    // Built by a background job (decision 80): 202 with its progress until it is stored.
    for (let i = 0; z2.statusCode === 202 && i < 300; i++) {
      await new Promise((r) => setTimeout(r, 100));
      z2 = await zip();
    }
    expect(z2.statusCode).toBe(200);
    expect(z2.headers['content-type']).toBe('application/zip');

    const lista = () => t.app.inject({ url: `/api/v1/planillas?idTramite=${id}`, headers: h });
    const l = await conCaida('planilla', 'planilla', lista);
    expect(l.statusCode, l.body).toBe(503);
    expect(l.headers['retry-after']).toBeDefined();
    await sigueVivo();
    let l2 = await lista();
    if (l2.statusCode === 503) l2 = await lista();
    expect(l2.statusCode, l2.body).toBe(200);
    expect(l2.json().total).toBe(2);
    // Nothing committed was lost.
    expect(
      await t.database.query('SELECT id_archivo_pla FROM archivo_pla WHERE id_carga = $1', [c.idCarga]),
    ).toEqual(archivosAntes);
    expect(await contar(t, 'planilla', c.idCarga)).toBe(2);
  });

  it('connections dropped at random under load: no request answers 500 and the server keeps working', async () => {
    const id = await crearTramite(t);
    const h = await t.auth(DEMO.prestador);
    const golpes = Array.from({ length: 40 }, (_, i) =>
      new Promise((r) => setTimeout(r, i * 5)).then(() =>
        t.app.inject({ url: `/api/v1/tramites/${id}/cargas`, headers: h }),
      ),
    );
    await new Promise((r) => setTimeout(r, 60));
    await terminar();
    const estados = (await Promise.all(golpes)).map((r) => r.statusCode);
    expect(
      estados.every((s) => s === 200 || s === 503),
      estados.join(','),
    ).toBe(true);
    await sigueVivo();
  });
});
