import fs from 'node:fs';
import path from 'node:path';
import { MSG_CARGA } from '@app/domain';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { carga } from '../../db/schema/index.ts';
import { columnas, consulta, sql } from '../../lib/sql.ts';
import type { Storage } from '../../lib/storage/index.ts';
import { storageFor } from '../../lib/storage/index.ts';
import { accionesRoutes } from './acciones.ts';
import type { Progreso } from './ingest.ts';
import { claveIngesta, definirTrabajosCargas, JOB_INGESTA } from './jobs.ts';
import { lecturaRoutes } from './lectura.ts';
import { reanudarOrganizaciones } from './organizar-job.ts';
import type { Carga } from './service.ts';
import { subidaRoutes } from './subida.ts';

/** A load's id (alias c). */
const ID_CARGA = columnas(carga, 'c', { solo: ['idCarga'] });

/** What the loads' routes share: the storage layer, the upload limit, the live progress of a load. */
export type CargaRoutesOpts = {
  storage: Storage;
  maxBytes: number;
  conProgreso: (c: Carga) => Carga & { mensaje: string };
};

/** Loads and ingest (issue 4 items 4–7): upload, background ingest, summaries, errors, delete, organise, data downloads. */
export async function cargaRoutes(app: FastifyInstance) {
  const _r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database;
  const tmpDir = path.join(app.config.dataDir, 'tmp');
  fs.mkdirSync(tmpDir, { recursive: true });
  const maxBytes = Math.floor(app.config.UPLOAD_MAX_MB * 1024 * 1024);
  if (!app.hasContentTypeParser('multipart/form-data')) {
    await app.register(multipart, { limits: { fileSize: maxBytes } });
  }

  // The data file waits for its ingest in the storage layer, so any worker process may take the job
  // (decision 60); the ingest runs as a background job of `app.jobs`, with retries.
  const storage = storageFor(app.config);
  const progress = new Map<number, Progreso>();
  definirTrabajosCargas(app.jobs, { database: db, storage, tmpDir, log: app.log, progress });

  app.addHook('onReady', async () => {
    // In-process jobs (PGlite) do not outlive the process: loads left PROCESANDO by a stop or a crash
    // (their transaction rolled back) are queued again; a load whose file is gone then fails. With
    // graphile-worker the jobs are in the database and nothing is to be done here.
    if (app.jobs.kind === 'memory' && app.role !== 'api') {
      const pendientes = await consulta<{ idCarga: number }>(
        db,
        sql`SELECT ${ID_CARGA} FROM carga c WHERE c.estado_proceso = 'PROCESANDO' ORDER BY c.id_carga`,
      );
      for (const p of pendientes)
        await app.jobs.add(JOB_INGESTA, { idCarga: p.idCarga }, { key: claveIngesta(p.idCarga) });
      await reanudarOrganizaciones(app.jobs, db);
    }
    // Partial uploads this process abandoned (its own folders: each process has its own).
    const dayAgo = Date.now() - 86_400_000;
    for (const dir of [tmpDir, storage.spoolDir]) {
      for (const f of fs.readdirSync(dir)) {
        const file = path.join(dir, f);
        if (/^(subida|ingesta)-/.test(f) && fs.statSync(file).mtimeMs < dayAgo)
          fs.rmSync(file, { force: true });
      }
    }
  });

  // Progress: this process's own figure while it ingests, else the row's (written every second by
  // the process that ingests: any replica reads it).
  const withProgress = (c: Carga) => {
    const live = c.estadoProceso === 'PROCESANDO' ? progress.get(c.idCarga) : undefined;
    return {
      ...c,
      ...(live ? { progreso: live.progreso, filasPorSegundo: live.filasPorSegundo } : {}),
      mensaje: c.estadoProceso === 'PROCESANDO' ? (c.obs ?? MSG_CARGA.recibida) : (c.obs ?? ''),
    };
  };

  const opts = { storage, maxBytes, conProgreso: withProgress };
  await app.register(subidaRoutes, opts);
  await app.register(lecturaRoutes, opts);
  await app.register(accionesRoutes, opts);
}
