import { MSG, MSG_CARGA } from '@app/domain';
import type { Database, Queryable } from '../../db/client.ts';
import { carga } from '../../db/schema/index.ts';
import { AppError, conflict } from '../../lib/errors.ts';
import { type JobContext, JobInterrupted, type JobQueue } from '../../lib/jobs/index.ts';
import { columnas, consulta, sql, una } from '../../lib/sql.ts';
import { loadSessionUser } from '../../plugins/auth.ts';
import { organizar } from './organize.ts';

/*
 * Organising a load's attentions as a background job (decision 85), as the ingest, the reports and
 * the ZIPs: the request checks the guards and queues one job per load (key `organizar:{id}`) in the
 * transaction that marks the load PENDIENTE; any worker takes it, marks it ORGANIZANDO (outside its
 * transaction, so every replica reads it) and runs the one transaction of `organizar` — a worker
 * killed mid-way rolls back and the retry organises once. A server failure is retried with backoff;
 * the last attempt leaves the load FALLIDA with the Spanish reason (the dead letter), and the
 * provider may organise it again. A guard that no longer holds (the load deleted, the procedure
 * moved on) fails it at once with the guard's message: no retry would help.
 */

export const JOB_ORGANIZAR = 'cargas:organizar';
/** Attempts of an organise: with the backoff the last starts about 10 s after the first. */
export const ORGANIZAR_INTENTOS = 3;
/** The job key of a load's organise: one pending job per load. */
export const claveOrganizar = (idCarga: number) => `organizar:${idCarga}`;

type Encargo = { idCarga: number; idUsuario: number };

/** Queues the organise of a load inside the transaction that marks it PENDIENTE. */
export const encolarOrganizacion = (jobs: JobQueue, tx: Queryable, idCarga: number, idUsuario: number) =>
  jobs.add(JOB_ORGANIZAR, { idCarga, idUsuario } satisfies Encargo, { tx, key: claveOrganizar(idCarga) });

export function definirOrganizacion(jobs: JobQueue, db: Database) {
  jobs.define(JOB_ORGANIZAR, {
    maxAttempts: ORGANIZAR_INTENTOS,
    run: (payload, ctx) => organizarTrabajo(db, payload as unknown as Encargo, ctx),
  });
}

/** A load's id (alias c). */
const ID = columnas(carga, 'c', { solo: ['idCarga'] });
/** The load and the user who asked to organise it (alias c). */
const ENCARGO = columnas(carga, 'c', { solo: ['idCarga', 'idUsuario'] });

/** Writes the row's state, only while it is queued or under way (a stale job changes nothing). */
const marcar = (db: Database, idCarga: number, estado: string, obs: string | null) =>
  consulta<{ idCarga: number }>(
    db,
    sql`UPDATE carga c SET organizacion = ${estado}, organizacion_obs = ${obs}, fecha_actualizacion = now()
      WHERE c.id_carga = ${idCarga} AND c.organizacion IN ('PENDIENTE', 'ORGANIZANDO') RETURNING ${ID}`,
  );

/** One attempt of the job. */
export async function organizarTrabajo(db: Database, e: Encargo, ctx: JobContext): Promise<void> {
  const { attempt, maxAttempts } = ctx;
  const obs = attempt > 1 ? MSG_CARGA.organizacionReanudada(attempt, maxAttempts) : null;
  // Nothing asked (organised already; failed and not asked again): nothing to do.
  if (!(await marcar(db, e.idCarga, 'ORGANIZANDO', obs)).length) return;
  try {
    const user = await loadSessionUser(db, e.idUsuario);
    if (!user) throw conflict(MSG.noAutorizado);
    await organizar(db, user, e.idCarga, ctx.log);
  } catch (err) {
    if (ctx.signal.aborted) throw new JobInterrupted();
    if (err instanceof AppError && err.statusCode < 500) {
      await marcar(db, e.idCarga, 'FALLIDA', err.message);
      return;
    }
    const ultimo = attempt >= maxAttempts;
    ctx.log[ultimo ? 'error' : 'warn']({ err, idCarga: e.idCarga, attempt }, 'organise attempt failed');
    await marcar(
      db,
      e.idCarga,
      ultimo ? 'FALLIDA' : 'PENDIENTE',
      ultimo
        ? MSG_CARGA.organizacionAgotada(attempt)
        : MSG_CARGA.organizacionReintentando(attempt + 1, maxAttempts),
    ).catch(() => {});
    throw err;
  }
}

/**
 * Loads queued or being organised whose job the in-memory queue of a stopped embedded server lost:
 * queued again at the next start (with graphile-worker the jobs are in the database).
 */
export async function reanudarOrganizaciones(jobs: JobQueue, db: Queryable) {
  const pendientes = await consulta<Encargo>(
    db,
    sql`SELECT ${ENCARGO} FROM carga c
      WHERE c.organizacion IN ('PENDIENTE', 'ORGANIZANDO') AND c.estado = 1 ORDER BY c.id_carga`,
  );
  for (const p of pendientes) await jobs.add(JOB_ORGANIZAR, p, { key: claveOrganizar(p.idCarga) });
}

/** Waits until a load's organise is no longer queued nor under way (`?esperar=true`). */
export async function esperarOrganizacion(db: Queryable, idCarga: number, maxMs = 10 * 60_000) {
  const hasta = Date.now() + maxMs;
  for (let pausa = 25; ; pausa = Math.min(500, pausa * 2)) {
    const c = await una<{ organizacion: string | null; obs: string | null }>(
      db,
      sql`SELECT organizacion, organizacion_obs AS obs FROM carga WHERE id_carga = ${idCarga}`,
    );
    if ((c?.organizacion !== 'PENDIENTE' && c?.organizacion !== 'ORGANIZANDO') || Date.now() > hasta)
      return c;
    await new Promise((r) => setTimeout(r, pausa));
  }
}
