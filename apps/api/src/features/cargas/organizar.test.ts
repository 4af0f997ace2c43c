import { MSG_CARGA, MSG_TRAMITE } from '@app/domain';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { buildApp } from '../../app.ts';
import { createTestContext, DEMO, errorOf, type TestContext } from '../../test/helpers.ts';
import { JOB_ORGANIZAR } from './organizar-job.ts';
import { conteoOrganizada } from './organize.ts';
import { cargar, contar, crearTramite, csv, filas } from './test-fixtures.ts';

/*
 * Organising a load as a background job (issue 16 §1, decision 85), on the test database of the run:
 * graphile-worker on PostgreSQL, the in-process queue on PGlite. The request answers 202 and queues
 * one job per load however often it is asked; the job organises once, in one transaction; a job that
 * fails every attempt leaves the Spanish dead letter on the load and nothing half-written.
 */

const spec = inject('testDb');
let t: TestContext;

beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => t?.close());

type Fila = {
  organizacion: string | null;
  obs: string | null;
  tienePlanillas: number;
  estadoTramite: string;
};
const estado = async (idCarga: number) =>
  (
    await t.database.query<Fila>(
      `SELECT c.organizacion, c.organizacion_obs AS obs, c.tiene_planillas AS "tienePlanillas", t.estado_tramite AS "estadoTramite"
         FROM carga c JOIN tramite t ON t.id_tramite = c.id_tramite WHERE c.id_carga = $1`,
      [idCarga],
    )
  )[0];

/** Waits until the load's organise is no longer queued nor under way. */
async function esperarFin(idCarga: number, ms = 60_000) {
  for (const fin = Date.now() + ms; ; ) {
    const e = await estado(idCarga);
    if (e.organizacion !== 'PENDIENTE' && e.organizacion !== 'ORGANIZANDO') return e;
    if (Date.now() > fin) throw new Error(`la carga ${idCarga} no terminó de organizarse`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const organizar = async (idCarga: number, query = '') =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/cargas/${idCarga}/organizar${query}`,
    headers: await t.auth(DEMO.prestador),
  });

/** The bitácora entries that say the load was organised (one per organise). */
const notas = async (idTramite: number, idCarga: number) =>
  (
    await t.database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM bitacora_tra WHERE id_tramite = $1 AND observacion LIKE $2`,
      [idTramite, `Carga ${idCarga}: % atenciones médicas organizadas%`],
    )
  )[0].n;

/** Jobs of this load's organise in graphile-worker's table (PostgreSQL), with the times it was replaced. */
const trabajos = async (idCarga: number) =>
  spec.kind === 'postgres'
    ? await t.database.query<{ n: number; revision: number }>(
        `SELECT count(*)::int AS n, COALESCE(max(revision), 0)::int AS revision FROM graphile_worker.jobs WHERE key = $1`,
        [`organizar:${idCarga}`],
      )
    : [];

describe('organise as a background job', () => {
  it('answers 202 and queues once however often it is asked; the job organises once (ESTRUCTURADO)', async () => {
    const id = await crearTramite(t);
    const c = await cargar(t, id, 'organizar.csv', csv(filas(id, 12)));
    expect(c).toMatchObject({ estadoProceso: 'COMPLETADA', contadorErrores: 0 });
    const add = vi.spyOn(t.app.jobs, 'add');
    // No job runs until we have looked at what the requests left.
    await t.app.jobs.stop();
    try {
      const res = await organizar(c.idCarga);
      expect(res.statusCode, res.body).toBe(202);
      expect(res.headers['retry-after']).toBe('1');
      expect(res.json()).toEqual({
        idCarga: c.idCarga,
        organizacion: 'PENDIENTE',
        mensaje: MSG_CARGA.organizando,
      });
      // A double click, a retry: same answer, nothing new queued.
      const [r2, r3] = await Promise.all([organizar(c.idCarga), organizar(c.idCarga)]);
      expect([r2.statusCode, r3.statusCode]).toEqual([202, 202]);
      expect(r2.json()).toEqual(res.json());
      expect(add.mock.calls.filter(([nombre]) => nombre === JOB_ORGANIZAR)).toHaveLength(1);
      if (spec.kind === 'postgres') expect(await trabajos(c.idCarga)).toEqual([{ n: 1, revision: 0 }]);
      // The load says it is being organised to whoever reads it; nothing is written yet.
      const visto = await t.app.inject({
        url: `/api/v1/cargas/${c.idCarga}`,
        headers: await t.auth(DEMO.prestador),
      });
      expect(visto.json()).toMatchObject({
        organizacion: 'PENDIENTE',
        organizacionObs: null,
        tienePlanillas: 0,
      });
      const lista = await t.app.inject({
        url: `/api/v1/tramites/${id}/cargas`,
        headers: await t.auth(DEMO.prestador),
      });
      expect(lista.json().items[0]).toMatchObject({ idCarga: c.idCarga, organizacion: 'PENDIENTE' });
      expect(await contar(t, 'planilla', c.idCarga)).toBe(0);
      expect((await estado(c.idCarga)).estadoTramite).toBe('CARGADO');
      // Deleting it waits for the organise to end.
      const del = await t.app.inject({
        method: 'DELETE',
        url: `/api/v1/cargas/${c.idCarga}`,
        headers: await t.auth(DEMO.prestador),
      });
      expect(del.statusCode).toBe(409);
      expect(errorOf(del).error.message).toBe(MSG_CARGA.organizando);
    } finally {
      await t.app.jobs.start();
      add.mockRestore();
    }
    const fin = await esperarFin(c.idCarga);
    const n = await conteoOrganizada(t.database, c.idCarga);
    expect(n).toMatchObject({ planillas: 4, detalles: 12 });
    expect(fin).toEqual({
      organizacion: 'ORGANIZADA',
      obs: MSG_CARGA.organizadasResumen(4, 12, n.duplicadas),
      tienePlanillas: 1,
      estadoTramite: 'ESTRUCTURADO',
    });
    expect(await contar(t, 'planilla', c.idCarga)).toBe(4);
    expect(await notas(id, c.idCarga)).toBe(1);
    if (spec.kind === 'postgres') {
      for (const hasta = Date.now() + 10_000; (await trabajos(c.idCarga))[0].n > 0; ) {
        if (Date.now() > hasta) throw new Error('the job was not removed');
        await new Promise((r) => setTimeout(r, 50));
      }
    }
    // Asked again once organised: the same 409 as before.
    const again = await organizar(c.idCarga);
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).error.message).toBe(MSG_CARGA.yaOrganizada);
    expect(await contar(t, 'planilla', c.idCarga)).toBe(4);
  });

  it('?esperar=true answers 200 with the counts once the job is done', async () => {
    const id = await crearTramite(t);
    const c = await cargar(t, id, 'esperar.csv', csv(filas(id, 6)));
    const res = await organizar(c.idCarga, '?esperar=true');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      mensaje: MSG_TRAMITE.organizadas,
      planillas: 2,
      detalles: 6,
      // The same patients and services as the earlier tests' loads of this provider.
      duplicadas: (await conteoOrganizada(t.database, c.idCarga)).duplicadas,
    });
    expect((await estado(c.idCarga)).estadoTramite).toBe('ESTRUCTURADO');
  });

  it('a job that fails every attempt leaves the Spanish dead letter, nothing written; organising again works once', async () => {
    const id = await crearTramite(t);
    const c = await cargar(t, id, 'falla.csv', csv(filas(id, 9)));
    // Every line item of this procedure fails: an error of the server, not of the load.
    await t.database.query(`CREATE OR REPLACE FUNCTION falla_det() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF (SELECT id_tramite FROM planilla WHERE id_planilla = NEW.id_planilla) = ${id} THEN
        RAISE EXCEPTION 'disco lleno'; END IF; RETURN NEW; END $$`);
    await t.database.query(
      'CREATE TRIGGER falla_det BEFORE INSERT ON planilla_det FOR EACH ROW EXECUTE FUNCTION falla_det()',
    );
    try {
      expect((await organizar(c.idCarga)).statusCode).toBe(202);
      // Attempt 1 fails: the load says it will be retried, and stays being organised.
      for (const fin = Date.now() + 20_000; (await estado(c.idCarga)).obs === null; ) {
        if (Date.now() > fin) throw new Error('the first attempt did not fail');
        await new Promise((r) => setTimeout(r, 25));
      }
      const e1 = await estado(c.idCarga);
      expect(['PENDIENTE', 'ORGANIZANDO']).toContain(e1.organizacion);
      expect([MSG_CARGA.organizacionReintentando(2, 3), MSG_CARGA.organizacionReanudada(2, 3)]).toContain(
        e1.obs,
      );
      // The button is ignored meanwhile: nothing new is queued.
      expect((await organizar(c.idCarga)).statusCode).toBe(202);
      // The attempts' backoff: e (2.7 s) then e² (7.4 s).
      const fin = await esperarFin(c.idCarga, 45_000);
      expect(fin).toEqual({
        organizacion: 'FALLIDA',
        obs: MSG_CARGA.organizacionAgotada(3),
        tienePlanillas: 0,
        estadoTramite: 'CARGADO',
      });
      expect(await contar(t, 'planilla', c.idCarga)).toBe(0);
      expect(await notas(id, c.idCarga)).toBe(0);
      const visto = await t.app.inject({
        url: `/api/v1/cargas/${c.idCarga}`,
        headers: await t.auth(DEMO.prestador),
      });
      expect(visto.json()).toMatchObject({
        organizacion: 'FALLIDA',
        organizacionObs: MSG_CARGA.organizacionAgotada(3),
      });
      const conEspera = await organizar(c.idCarga, '?esperar=true');
      // Pressed again while the fault lasts: queued anew, and its own dead letter said in Spanish.
      if (conEspera.statusCode === 500)
        expect(errorOf(conEspera).error).toMatchObject({
          code: 'ORGANIZACION_FALLIDA',
          message: MSG_CARGA.organizacionAgotada(3),
        });
    } finally {
      await t.database.query('DROP TRIGGER IF EXISTS falla_det ON planilla_det');
    }
    await esperarFin(c.idCarga, 45_000);
    // The fault gone, the user presses Organizar again: organised once.
    const res = await organizar(c.idCarga, '?esperar=true');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ planillas: 3, detalles: 9 });
    expect(await estado(c.idCarga)).toMatchObject({
      organizacion: 'ORGANIZADA',
      estadoTramite: 'ESTRUCTURADO',
    });
    expect(await notas(id, c.idCarga)).toBe(1);
  }, 120_000);

  it('a guard that no longer holds when the job runs fails it at once with its message', async () => {
    const id = await crearTramite(t);
    const c = await cargar(t, id, 'movido.csv', csv(filas(id, 3)));
    await t.app.jobs.stop();
    try {
      expect((await organizar(c.idCarga)).statusCode).toBe(202);
      await t.database.query(`UPDATE tramite SET estado_tramite = 'ENVIADO' WHERE id_tramite = $1`, [id]);
    } finally {
      await t.app.jobs.start();
    }
    expect(await esperarFin(c.idCarga)).toMatchObject({
      organizacion: 'FALLIDA',
      obs: MSG_CARGA.estadoNoPermiteOrganizar('ENVIADO'),
    });
    expect(await contar(t, 'planilla', c.idCarga)).toBe(0);
  });

  it.skipIf(spec.kind === 'postgres')(
    'on the embedded database an organise left queued is run at the next start',
    async () => {
      const id = await crearTramite(t);
      const c = await cargar(t, id, 'quedo.csv', csv(filas(id, 3)));
      await t.database.query(`UPDATE carga SET organizacion = 'ORGANIZANDO' WHERE id_carga = $1`, [
        c.idCarga,
      ]);
      const otra = await buildApp({ config: t.config, database: t.database, logger: false });
      try {
        await otra.ready();
        expect(await esperarFin(c.idCarga)).toMatchObject({
          organizacion: 'ORGANIZADA',
          estadoTramite: 'ESTRUCTURADO',
        });
      } finally {
        await otra.close();
      }
    },
  );
});
