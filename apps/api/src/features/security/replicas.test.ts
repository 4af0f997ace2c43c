import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { type Database, openDatabase } from '../../db/client.ts';
import { crearTramite, type Fixture, type Ids, loadIds } from '../../test/fixtures.ts';
import { createTestContext, DEMO, DEMO_PASSWORD, type TestContext } from '../../test/helpers.ts';

/*
 * Two replicas of the API on one database (issue 16 item 1, decisions 29, 27 and 61): what one
 * replica keeps in memory never outlives a change made through the other. Replica A is the test
 * context's app; B is a second `buildApp` with its own connections (PostgreSQL) — on PGlite both
 * share the one embedded database, and B still learns of A's writes only through NOTIFY.
 */

const spec = inject('testDb');
let t: TestContext;
let a: FastifyInstance;
let b: FastifyInstance;
let dbB: Database | undefined;
let ids: Ids;

beforeAll(async () => {
  t = await createTestContext();
  a = t.app;
  const url = (t.database.pool?.options as { connectionString?: string } | undefined)?.connectionString;
  dbB = url ? await openDatabase({ url }) : undefined;
  b = await buildApp({ config: t.config, database: dbB ?? t.database, logger: false, role: 'api' });
  await b.ready();
  ids = await loadIds(t);
});
afterAll(async () => {
  await b?.close();
  await dbB?.close();
  await t?.close();
});

const login = async (app: FastifyInstance, usuario: string) => {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { usuario, clave: DEMO_PASSWORD },
  });
  expect(res.statusCode, res.body).toBe(200);
  return { authorization: `Bearer ${res.json().token}` };
};
const me = (app: FastifyInstance, headers: Record<string, string>) =>
  app.inject({ url: '/api/v1/auth/me', headers });

/**
 * How long until `cond` holds (well under the cache's 2 s life: the NOTIFY, not the expiry), asking
 * again at once each time (each ask is a request to B). The
 * notification travels on its own connection: B reads it on its next turn of the event loop.
 */
async function hasta(cond: () => Promise<boolean>, maxMs = 1000): Promise<number> {
  const t0 = performance.now();
  while (!(await cond())) {
    if (performance.now() - t0 > maxMs) throw new Error(`not within ${maxMs} ms`);
    await new Promise((r) => setImmediate(r));
  }
  return performance.now() - t0;
}

/** A change no trigger announces (replication role): only the cache's own expiry would show it. */
const sinAviso = (sql: string, values: unknown[]) =>
  t.database.transaction(async (tx) => {
    await tx.query('SET LOCAL session_replication_role = replica');
    await tx.query(sql, values);
  });

describe('the verified-session cache across replicas', () => {
  const demoras: number[] = [];
  afterAll(() => {
    if (demoras.length)
      console.log(`replicas: B saw A's change after ${Math.max(...demoras).toFixed(1)} ms at most`);
  });

  it('B keeps a verified session (a change nobody announces is not seen at once)', async () => {
    const h = await login(a, DEMO.revisor);
    expect((await me(b, h)).statusCode).toBe(200);
    await sinAviso(
      `UPDATE sesion SET fecha_fin = now() WHERE fecha_fin IS NULL AND id_usuario = (SELECT id_usuario FROM usuario WHERE nombre = $1)`,
      [DEMO.revisor],
    );
    expect((await me(b, h)).statusCode).toBe(200); // from B's cache: the session is closed in the database
    expect((await me(a, h)).statusCode).toBe(401); // A never cached it
  });

  it('a logout on A holds on B as soon as B reads the notification', async () => {
    for (let i = 0; i < 5; i++) {
      const h = await login(a, DEMO.revisor);
      expect((await me(b, h)).statusCode).toBe(200);
      expect((await me(b, h)).statusCode).toBe(200);
      expect((await a.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: h })).statusCode).toBe(
        200,
      );
      demoras.push(await hasta(async () => (await me(b, h)).statusCode === 401));
    }
  });

  it("a change of a user's flags on A holds on B at once; so does SQL typed by hand", async () => {
    const [u] = await t.database.query<{ idUsuario: number; idSuscripcion: number }>(
      `SELECT id_usuario AS "idUsuario", id_suscripcion AS "idSuscripcion" FROM usuario WHERE nombre = $1`,
      [DEMO.auditorAm],
    );
    const h = await login(b, DEMO.auditorAm);
    const admin = await login(a, DEMO.admin);
    const flag = async () => (await me(b, h)).json().usuario.menuReportes as boolean;
    const antes = await flag();
    expect(await flag()).toBe(antes);
    const put = await a.inject({
      method: 'PUT',
      url: `/api/v1/usuarios/${u.idUsuario}`,
      headers: admin,
      payload: { idPerfil: 18, idSuscripcion: u.idSuscripcion, nombre: DEMO.auditorAm, menuReportes: !antes },
    });
    expect(put.statusCode, put.body).toBe(200);
    demoras.push(await hasta(async () => (await flag()) === !antes));
    // Neither replica wrote this one: the trigger's NOTIFY reaches both.
    await t.database.query('UPDATE usuario SET menu_reportes = $2 WHERE id_usuario = $1', [
      u.idUsuario,
      antes,
    ]);
    demoras.push(await hasta(async () => (await flag()) === antes));
    await t.database.query('UPDATE usuario SET activo = false WHERE id_usuario = $1', [u.idUsuario]);
    demoras.push(await hasta(async () => (await me(b, h)).statusCode === 401));
    await t.database.query('UPDATE usuario SET activo = true WHERE id_usuario = $1', [u.idUsuario]);
  });

  it.skipIf(spec.kind !== 'postgres')(
    'while B cannot listen it keeps nothing; it listens again by itself',
    async () => {
      if (spec.kind !== 'postgres') return;
      const admin = new pg.Client({ connectionString: spec.adminUrl });
      await admin.connect();
      try {
        const [{ db }] = await t.database.query<{ db: string }>('SELECT current_database() AS db');
        const h = await login(a, DEMO.gestorGd);
        expect((await me(b, h)).statusCode).toBe(200);
        // Both replicas' LISTEN connections are cut, as a failover or a proxy restart would.
        const cut = await admin.query(
          `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND query ILIKE 'LISTEN sesiones_cambio%'`,
          [db],
        );
        expect(cut.rowCount).toBeGreaterThanOrEqual(2);
        // The logout's NOTIFY reaches nobody now: B must not answer from what it kept.
        await t.database.query(
          `UPDATE sesion SET fecha_fin = now() WHERE fecha_fin IS NULL AND id_usuario =
          (SELECT id_usuario FROM usuario WHERE nombre = $1)`,
          [DEMO.gestorGd],
        );
        expect((await me(b, h)).statusCode).toBe(401);
        // It listens again within a second or so.
        const limite = Date.now() + 10_000;
        for (;;) {
          const n = await admin.query(
            `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1 AND query ILIKE 'LISTEN sesiones_cambio%'`,
            [db],
          );
          if (n.rows[0].n >= 2) break;
          if (Date.now() > limite) throw new Error('LISTEN not restored');
          await new Promise((r) => setTimeout(r, 100));
        }
        const h2 = await login(a, DEMO.gestorGd);
        expect((await me(b, h2)).statusCode).toBe(200);
        expect((await me(b, h2)).statusCode).toBe(200);
        expect((await a.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: h2 })).statusCode).toBe(
          200,
        );
        demoras.push(await hasta(async () => (await me(b, h2)).statusCode === 401));
      } finally {
        await admin.end();
      }
    },
  );
});

describe('the attention list id cache across replicas', () => {
  let f: Fixture;
  beforeAll(async () => {
    f = await crearTramite(t, ids, {
      planillas: Array.from({ length: 12 }, (_, i) => ({ numero: `R${String(i + 1).padStart(2, '0')}` })),
    });
  });

  type Lista = { items: Array<{ numero: string }>; total: number };
  const lista = async (app: FastifyInstance, h: Record<string, string>, qs: string) => {
    const res = await app.inject({ url: `/api/v1/planillas?idTramite=${f.idTramite}&${qs}`, headers: h });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Lista;
  };

  it('a write through A is in the next list through B (both lists were cached)', async () => {
    const ha = await login(a, DEMO.supervisorAm);
    const hb = await login(b, DEMO.supervisorAm);
    for (const app of [a, b, b])
      expect((await lista(app, app === a ? ha : hb, 'vista=PENDIENTES')).total).toBe(12);
    // A review through A: the attention leaves the PENDIENTES list of B.
    const rev = await a.inject({
      method: 'POST',
      url: `/api/v1/planillas/${f.planillas[0]}/revision`,
      headers: ha,
      payload: { tipo: 'M', version: 1 },
    });
    expect(rev.statusCode, rev.body).toBe(200);
    const pend = await lista(b, hb, 'vista=PENDIENTES');
    expect(pend.total).toBe(11);
    expect(pend.items[0].numero).toBe('R02');
    expect((await lista(b, hb, 'estadoAud=REVISADA')).items.map((i) => i.numero)).toEqual(['R01']);
    // A voided attention through SQL: both replicas' TODAS lists shrink, page 2 included.
    expect((await lista(b, hb, 'page=2')).items.map((i) => i.numero)).toEqual(['R11', 'R12']);
    await t.database.query('UPDATE planilla SET estado = 0 WHERE id_planilla = $1', [f.planillas[11]]);
    expect((await lista(b, hb, 'page=2')).items.map((i) => i.numero)).toEqual(['R11']);
    expect((await lista(a, ha, 'page=1')).total).toBe(11);
  });
});
