import fs from 'node:fs';
import { MSG_CARGA } from '@app/domain';
import type { FastifyInstance } from 'fastify';
import { makeWorkerUtils } from 'graphile-worker';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { type Database, openDatabase } from '../../db/client.ts';
import { storageFor } from '../../lib/storage/index.ts';
import { createTestContext, type TestContext } from '../../test/helpers.ts';
import { contar, crearTramite, csv, esperar, filas, subir } from './test-fixtures.ts';

/*
 * Loads as background jobs (issue 16 item 1, decision 60): the data file waits in the storage layer
 * (so a worker process can take it), the load and its job are committed together, a failing ingest
 * is retried and ends FALLIDA with a Spanish reason after its last attempt, and the clean-up job
 * settles what a stopped process left behind.
 */

const spec = inject('testDb');
const pgOnly = spec.kind !== 'postgres';
let t: TestContext;
let url: string | undefined;

beforeAll(async () => {
  t = await createTestContext();
  url = (t.database.pool?.options as { connectionString?: string } | undefined)?.connectionString;
});
afterAll(async () => t?.close());

const carga = async (id: number) =>
  (
    await t.database.query<{ estado: string; obs: string | null; clave: string | null }>(
      'SELECT estado_proceso AS estado, obs, archivo_clave AS clave FROM carga WHERE id_carga = $1',
      [id],
    )
  )[0];
const existe = (clave: string) => fs.existsSync(storageFor(t.config).localPath!(clave));

describe.skipIf(pgOnly)('API replica and worker apart (PostgreSQL, graphile-worker)', () => {
  let api: FastifyInstance;
  let dbApi: Database;
  beforeAll(async () => {
    dbApi = await openDatabase({ url: url! });
    api = await buildApp({ config: t.config, database: dbApi, logger: false, role: 'api' });
    await api.ready();
  });
  afterAll(async () => {
    await api?.close();
    await dbApi?.close();
  });

  it('an upload on an API-only replica waits in storage with its job; a worker ingests it and removes the file', async () => {
    const id = await crearTramite(t);
    // The test context's app runs jobs too: it takes none until we have looked.
    await t.app.jobs.stop();
    try {
      const res = await subir({ ...t, app: api }, id, 'replica.csv', csv(filas(id, 60)));
      expect(res.statusCode, res.body).toBe(202);
      const idCarga: number = res.json().idCarga;
      const c = await carga(idCarga);
      expect(c.estado).toBe('PROCESANDO');
      expect(c.clave).toMatch(/^cargas\/[0-9a-f-]{36}\.csv$/);
      expect(existe(c.clave!)).toBe(true);
      const jobs = await t.database.query<{ task: string; locked: boolean }>(
        `SELECT task_identifier AS task, locked_at IS NOT NULL AS locked FROM graphile_worker.jobs WHERE key = $1`,
        [`carga:${idCarga}`],
      );
      expect(jobs).toEqual([{ task: 'cargas:ingesta', locked: false }]);
      // Progress is read from the row by any replica.
      const prog = await api.inject({
        url: `/api/v1/cargas/${idCarga}`,
        headers: await t.auth('prestador@demo.ec'),
      });
      expect(prog.json()).toMatchObject({ estadoProceso: 'PROCESANDO', mensaje: MSG_CARGA.recibida });

      // A worker process of its own.
      const dbW = await openDatabase({ url: url! });
      const worker = await buildApp({ config: t.config, database: dbW, logger: false, role: 'worker' });
      try {
        await worker.ready();
        const fin = await esperar(t, idCarga);
        expect(fin).toMatchObject({ estadoProceso: 'COMPLETADA', numeroRegistros: 60 });
        expect(await contar(t, 'carga_fila', idCarga)).toBe(60);
        // The file goes right after the commit.
        for (const fin = Date.now() + 10_000; (await carga(idCarga)).clave !== null; ) {
          if (Date.now() > fin) throw new Error('the file was not removed');
          await new Promise((r) => setTimeout(r, 25));
        }
        expect(existe(c.clave!)).toBe(false);
      } finally {
        await worker.close();
        await dbW.close();
      }
    } finally {
      await t.app.jobs.start();
    }
  });

  it('an ingest that fails every attempt ends FALLIDA with a Spanish reason (the dead letter), no row kept', async () => {
    const dbW = await openDatabase({ url: url! });
    const worker = await buildApp({ config: t.config, database: dbW, logger: false, role: 'worker' });
    await worker.ready();
    const utils = await makeWorkerUtils({ connectionString: url! });
    try {
      // Every COPY of this procedure's rows fails: an error of the server, not of the file.
      const id = await crearTramite(t);
      await t.database.query(`CREATE OR REPLACE FUNCTION falla_fila() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN IF NEW.id_tramite = '${id}' THEN RAISE EXCEPTION 'disco lleno'; END IF; RETURN NEW; END $$`);
      await t.database.query(
        'CREATE TRIGGER falla_fila BEFORE INSERT ON carga_fila FOR EACH ROW EXECUTE FUNCTION falla_fila()',
      );
      const res = await subir({ ...t, app: api }, id, 'falla.csv', csv(filas(id, 30)));
      expect(res.statusCode, res.body).toBe(202);
      const idCarga: number = res.json().idCarga;
      const clave = (await carga(idCarga)).clave!;
      // Attempt 1 fails; the load says it will be retried.
      for (const fin = Date.now() + 20_000; (await carga(idCarga)).obs === null; ) {
        if (Date.now() > fin) throw new Error('first attempt did not fail');
        await new Promise((r) => setTimeout(r, 50));
      }
      expect(await carga(idCarga)).toMatchObject({ estado: 'PROCESANDO', obs: MSG_CARGA.reintentando(2, 5) });
      // Not 85 s of backoff in a test: the job's attempts are cut to 2 and it is due now.
      const [job] = await t.database.query<{ id: string; error: string }>(
        `SELECT id::text, last_error AS error FROM graphile_worker.jobs WHERE key = $1`,
        [`carga:${idCarga}`],
      );
      expect(job.error).toBe('disco lleno');
      await utils.rescheduleJobs([job.id], { runAt: new Date(), maxAttempts: 2 });
      const c = await esperar(t, idCarga);
      expect(c).toMatchObject({ estadoProceso: 'FALLIDA', obs: MSG_CARGA.agotada(2), numeroRegistros: 0 });
      expect(await contar(t, 'carga_fila', idCarga)).toBe(0);
      for (const fin = Date.now() + 10_000; existe(clave); ) {
        if (Date.now() > fin) throw new Error('the file was not removed');
        await new Promise((r) => setTimeout(r, 25));
      }
      // The user sees it in Spanish.
      const visto = await api.inject({
        url: `/api/v1/cargas/${idCarga}`,
        headers: await t.auth('prestador@demo.ec'),
      });
      expect(visto.json()).toMatchObject({ estadoProceso: 'FALLIDA', mensaje: MSG_CARGA.agotada(2) });
    } finally {
      await t.database.query('DROP TRIGGER IF EXISTS falla_fila ON carga_fila');
      await utils.release();
      await worker.close();
      await dbW.close();
    }
  });
});

describe('the clean-up job', () => {
  it('removes files of settled loads and stray files; fails loads whose job is gone (graphile-worker)', async () => {
    const id = await crearTramite(t);
    const c = await esperar(t, (await subir(t, id, 'limpia.csv', csv(filas(id, 3)))).json().idCarga);
    expect(c.estadoProceso).toBe('COMPLETADA');
    const storage = storageFor(t.config);
    // A settled load whose file removal was interrupted.
    const sobra = 'cargas/00000000-0000-4000-8000-000000000001.csv';
    fs.mkdirSync(`${t.config.dataDir}/files/cargas`, { recursive: true });
    fs.writeFileSync(storage.localPath!(sobra), 'x');
    await t.database.query('UPDATE carga SET archivo_clave = $2 WHERE id_carga = $1', [c.idCarga, sobra]);
    // A file no load names, two days old (a process stopped before committing its load), and a new one.
    const suelta = 'cargas/00000000-0000-4000-8000-000000000002.csv';
    const nueva = 'cargas/00000000-0000-4000-8000-000000000003.csv';
    fs.writeFileSync(storage.localPath!(suelta), 'x');
    fs.writeFileSync(storage.localPath!(nueva), 'x');
    const dosDias = new Date(Date.now() - 2 * 86_400_000);
    fs.utimesSync(storage.localPath!(suelta), dosDias, dosDias);
    // A load PROCESANDO for ten minutes whose job was removed by hand.
    const [h] = await t.database.query<{ id: number }>(
      `INSERT INTO carga (id_tramite, id_usuario, tipo_carga, fecha_desde, fecha_hasta, nombre_archivo, formato, estado_proceso, fecha_creacion)
       SELECT $1, id_usuario, 'M', '2026-03-01', '2026-03-31', 'perdida.csv', 'csv', 'PROCESANDO', now() - interval '10 minutes'
         FROM usuario WHERE nombre = 'prestador@demo.ec' RETURNING id_carga AS id`,
      [id],
    );
    const { limpiarCargas } = await import('./jobs.ts');
    const deps = {
      database: t.database,
      storage,
      tmpDir: `${t.config.dataDir}/tmp`,
      log: t.app.log,
      progress: new Map(),
    };
    const hecho = await limpiarCargas(deps, t.app.jobs);
    expect(existe(sobra)).toBe(false);
    expect((await carga(c.idCarga)).clave).toBeNull();
    expect(existe(suelta)).toBe(false);
    expect(existe(nueva)).toBe(true);
    if (t.app.jobs.kind === 'graphile') {
      expect(hecho).toEqual({ archivos: 1, huerfanas: 1, sueltos: 1, organizaciones: 0 });
      expect(await carga(h.id)).toMatchObject({ estado: 'FALLIDA', obs: MSG_CARGA.interrumpida });
    } else {
      // In-process jobs: such a load is queued again at the next start instead (below).
      expect(hecho).toEqual({ archivos: 1, huerfanas: 0, sueltos: 1, organizaciones: 0 });
      await t.database.query(`UPDATE carga SET estado_proceso = 'FALLIDA' WHERE id_carga = $1`, [h.id]);
    }
  });

  it.skipIf(!pgOnly)(
    'on the embedded database a load left PROCESANDO is ingested at the next start',
    async () => {
      const id = await crearTramite(t);
      const storage = storageFor(t.config);
      const clave = 'cargas/00000000-0000-4000-8000-000000000004.csv';
      const tmp = `${storage.spoolDir}/subida-prueba`;
      fs.writeFileSync(tmp, csv(filas(id, 9)));
      await storage.putFile(clave, tmp, { size: fs.statSync(tmp).size, contentType: 'text/csv', sha256: '' });
      const [c] = await t.database.query<{ id: number }>(
        `INSERT INTO carga (id_tramite, id_usuario, tipo_carga, fecha_desde, fecha_hasta, nombre_archivo, formato, estado_proceso, archivo_clave, tamanio_archivo)
       SELECT $1, id_usuario, 'M', '2026-03-01', '2026-03-31', 'quedo.csv', 'csv', 'PROCESANDO', $2, $3
         FROM usuario WHERE nombre = 'prestador@demo.ec' RETURNING id_carga AS id`,
        [id, clave, fs.statSync(storage.localPath!(clave)).size],
      );
      const otra = await buildApp({ config: t.config, database: t.database, logger: false });
      try {
        await otra.ready();
        expect(await esperar(t, c.id)).toMatchObject({ estadoProceso: 'COMPLETADA', numeroRegistros: 9 });
        for (const fin = Date.now() + 10_000; existe(clave); ) {
          if (Date.now() > fin) throw new Error('the file was not removed');
          await new Promise((r) => setTimeout(r, 25));
        }
      } finally {
        await otra.close();
      }
    },
  );
});
