import fs from 'node:fs';
import path from 'node:path';
import { MSG_CARGA } from '@app/domain';
import type { Queryable } from '../../db/client.ts';
import { carga } from '../../db/schema/index.ts';
import { JOBS_SCHEMA, type JobQueue } from '../../lib/jobs/index.ts';
import { columnas, consulta, sql, una } from '../../lib/sql.ts';
import { cargasTerminadas, type IngestDeps, ingestCarga, liberarArchivo } from './ingest-job.ts';
import { definirOrganizacion } from './organizar-job.ts';

/*
 * The background jobs of loads (decision 60): the ingest of each accepted data file and a periodic
 * clean-up. Defined in every process; run where the role runs jobs.
 */

export const JOB_INGESTA = 'cargas:ingesta';
export const JOB_LIMPIEZA = 'cargas:limpieza';
/** Attempts of an ingest: with graphile-worker's backoff the last starts about 85 s after the first. */
export const INGESTA_INTENTOS = 5;
/** The job key of a load's ingest: one pending job per load. */
export const claveIngesta = (idCarga: number) => `carga:${idCarga}`;

export function definirTrabajosCargas(jobs: JobQueue, deps: IngestDeps) {
  jobs.define(JOB_INGESTA, {
    maxAttempts: INGESTA_INTENTOS,
    run: (payload, ctx) => ingestCarga(deps, Number(payload.idCarga), ctx),
  });
  definirOrganizacion(jobs, deps.database);
  jobs.define(JOB_LIMPIEZA, { maxAttempts: 1, run: () => limpiarCargas(deps, jobs).then(() => {}) });
  jobs.every(JOB_LIMPIEZA, 10);
}

/** Queues the ingest of a load inside the transaction that registers it. */
export const encolarIngesta = (jobs: JobQueue, tx: Queryable, idCarga: number) =>
  jobs.add(JOB_INGESTA, { idCarga }, { tx, key: claveIngesta(idCarga) });

type CargaArchivo = { idCarga: number; formato: string; archivoClave: string | null };
const SELECT_JOB = sql`SELECT ${columnas(carga, 'c', { solo: ['idCarga', 'formato', 'archivoClave'] })} FROM carga c`;
/** The queue's jobs table (schema from code). */
const JOBS = sql.raw(`${JOBS_SCHEMA}.jobs`);

const DIA_MS = 86_400_000;

/**
 * The clean-up job: files of settled loads left in storage (a process stopped between the end of
 * the ingest and the removal), loads PROCESANDO whose job is gone or gave up (marked FALLIDA, so no
 * load waits forever), and in a local store, data files no load refers to, older than a day (an API
 * process stopped between storing the file and committing the load). Returns what it did (tests).
 */
export async function limpiarCargas(deps: IngestDeps, jobs: JobQueue) {
  const db = deps.database;
  const hecho = { archivos: 0, huerfanas: 0, sueltos: 0, organizaciones: 0 };
  const sobrantes = await consulta<CargaArchivo>(
    db,
    sql`${SELECT_JOB} WHERE c.archivo_clave IS NOT NULL AND c.estado_proceso <> 'PROCESANDO' LIMIT 1000`,
  );
  for (const c of sobrantes) {
    await liberarArchivo(deps, c);
    hecho.archivos++;
  }
  if (jobs.kind === 'graphile') {
    // A load and its job are committed together, so PROCESANDO without a live job means its job was
    // removed by hand or gave up without being able to mark the load.
    const huerfanas = await consulta<CargaArchivo>(
      db,
      sql`${SELECT_JOB} WHERE c.estado_proceso = 'PROCESANDO' AND c.fecha_creacion < now() - interval '2 minutes'
          AND NOT EXISTS (SELECT 1 FROM ${JOBS} j
                           WHERE j.key = 'carga:' || c.id_carga
                             AND (j.attempts < j.max_attempts OR j.locked_at IS NOT NULL))`,
    );
    // An organise queued or under way whose job is gone or gave up without marking the load (decision
    // 85): the dead letter, so the provider may organise it again.
    const organizaciones = await consulta(
      db,
      sql`UPDATE carga c SET organizacion = 'FALLIDA', organizacion_obs = ${MSG_CARGA.organizacionInterrumpida},
            fecha_actualizacion = now()
        WHERE c.organizacion IN ('PENDIENTE', 'ORGANIZANDO') AND c.fecha_actualizacion < now() - interval '2 minutes'
          AND NOT EXISTS (SELECT 1 FROM ${JOBS} j
                           WHERE j.key = 'organizar:' || c.id_carga
                             AND (j.attempts < j.max_attempts OR j.locked_at IS NOT NULL))
        RETURNING c.id_carga`,
    );
    hecho.organizaciones = organizaciones.length;
    for (const c of huerfanas) {
      const r = await consulta(
        db,
        sql`UPDATE carga SET estado_proceso = 'FALLIDA', tiene_errores = 1, progreso = 100, obs = ${MSG_CARGA.interrumpida},
              fecha_actualizacion = now()
          WHERE id_carga = ${c.idCarga} AND estado_proceso = 'PROCESANDO' RETURNING id_carga`,
      );
      if (r.length) {
        hecho.huerfanas++;
        await liberarArchivo(deps, c);
        cargasTerminadas.emit(String(c.idCarga));
      }
    }
  }
  const { storage } = deps;
  if (storage.localPath) {
    const dir = path.dirname(storage.localPath('cargas/x'));
    const viejos = fs.existsSync(dir)
      ? fs.readdirSync(dir).filter((f) => fs.statSync(path.join(dir, f)).mtimeMs < Date.now() - DIA_MS)
      : [];
    if (viejos.length) {
      const claves = viejos.map((f) => `cargas/${f}`);
      const usadas = new Set(
        (
          await consulta<{ clave: string }>(
            db,
            sql`SELECT archivo_clave AS clave FROM carga WHERE archivo_clave = ANY(${sql.param(claves)}::text[])`,
          )
        ).map((r) => r.clave),
      );
      const sueltas = claves.filter((k) => !usadas.has(k));
      await storage.remove(sueltas);
      hecho.sueltos += sueltas.length;
    }
  }
  if (hecho.archivos || hecho.huerfanas || hecho.sueltos || hecho.organizaciones)
    deps.log.info(hecho, 'loads cleaned up');
  return hecho;
}

/**
 * Waits until a load is no longer PROCESANDO (`?esperar=true`): woken at once when its ingest ends
 * in this process, else it reads the row (the ingest may run in another process).
 */
export async function esperarCarga(db: Queryable, idCarga: number, maxMs = 30 * 60_000): Promise<void> {
  const hasta = Date.now() + maxMs;
  let pausa = 25;
  for (;;) {
    const c = await una<{ estado: string }>(
      db,
      sql`SELECT estado_proceso AS estado FROM carga WHERE id_carga = ${idCarga}`,
    );
    if (c?.estado !== 'PROCESANDO' || Date.now() > hasta) return;
    await new Promise<void>((ok) => {
      const listo = () => {
        clearTimeout(t);
        cargasTerminadas.off(String(idCarga), listo);
        ok();
      };
      const t = setTimeout(listo, pausa);
      cargasTerminadas.on(String(idCarga), listo);
    });
    pausa = Math.min(500, pausa * 2);
  }
}
