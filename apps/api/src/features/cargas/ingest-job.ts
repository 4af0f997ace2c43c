import crypto from 'node:crypto';
import { EventEmitter } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { MSG_CARGA } from '@app/domain';
import type { FastifyBaseLogger } from 'fastify';
import { type Database, isConnectionError } from '../../db/client.ts';
import { carga } from '../../db/schema/index.ts';
import { JobInterrupted } from '../../lib/jobs/types.ts';
import { columnas, consulta, fila, lista, sql, una } from '../../lib/sql.ts';
import { ObjectNotFound, type Storage, StorageUnavailable } from '../../lib/storage/index.ts';
import { writeBitacora } from '../tramites/access.ts';
import { Aborted, type CargaJob, ingestEnTransaccion, inLoadTransaction, type Progreso } from './ingest.ts';
import { sniffFile } from './sniff.ts';
import { IngestError } from './sources.ts';

/*
 * The ingest as a background job (decision 60): one attempt fetches the load's file from the storage
 * layer, runs the ingest proper (ingest.ts) in the load's transaction, and settles the load: retried,
 * failed with its reason, or done, its file released.
 */

export type IngestDeps = {
  database: Database;
  /** Where accepted data files wait for their ingest (a shared folder or the S3 bucket). */
  storage: Storage;
  /** This process's folder for a downloaded copy of the file while it is ingested (S3). */
  tmpDir: string;
  log: FastifyBaseLogger;
  progress: Map<number, Progreso>;
};

/**
 * Where an accepted upload waited for its job before migration 0021 (the API's temp folder): still
 * read for a load left over from then.
 */
export const archivoCargaAntiguo = (tmpDir: string, idCarga: number, formato: string) =>
  path.join(tmpDir, `carga-${idCarga}.${formato}`);

/** The storage key of an accepted data file until its ingest is over (never the user's file name). */
export const claveArchivoCarga = (formato: string) => `cargas/${crypto.randomUUID()}.${formato}`;

/** What the job reads of a load and its procedure (aliases c, t). */
const CARGA_JOB = lista([
  columnas(carga, 'c', {
    solo: ['idCarga', 'idTramite'],
    extra: { numeroTramite: 't.numero' },
  }),
  columnas(carga, 'c', { solo: ['idUsuario'], extra: { idPrestador: 't.id_prestador' } }),
  columnas(carga, 'c', {
    solo: ['formato', 'fechaDesde', 'fechaHasta'],
    extra: { tamanioArchivo: 'c.tamanio_archivo::float8' },
  }),
  columnas(carga, 'c', { solo: ['nombreArchivo', 'estadoProceso', 'archivoClave'] }),
]);

/** One attempt of the ingest job (decision 60). */
export type IntentoIngesta = { signal: AbortSignal; attempt: number; maxAttempts: number };

/** Emits the load's id (as a string) when its ingest is over in this process (`?esperar=true`). */
export const cargasTerminadas = new EventEmitter().setMaxListeners(0);

/**
 * Ingests one accepted load (issue item 5) as one attempt of its background job: fetch the file from
 * the storage layer, stream-parse it, validate each row, store the raw rows and their errors in
 * batches, run the set-based checks, count, and move the procedure to CARGADO when the load has no
 * errors — all in one transaction. A file that cannot be read leaves no rows: the load ends FALLIDA
 * with the Spanish reason in `obs`. A failure of the server (the database or the storage away, an
 * unexpected error) is thrown for the job runner to retry with backoff, the load showing that it
 * will be retried; after the last attempt it ends FALLIDA with a reason (the dead letter). A stop of
 * the process throws `JobInterrupted`: the load stays PROCESANDO and runs again.
 */
export async function ingestCarga(deps: IngestDeps, idCarga: number, intento: IntentoIngesta): Promise<void> {
  const db = deps.database;
  const { signal } = intento;
  const c = await una<CargaJob>(
    db,
    sql`SELECT ${CARGA_JOB} FROM carga c JOIN tramite t ON t.id_tramite = c.id_tramite WHERE c.id_carga = ${idCarga}`,
  );
  if (!c) return;
  if (c.estadoProceso !== 'PROCESANDO') {
    await liberarArchivo(deps, c);
    return;
  }
  if (intento.attempt > 1) {
    // A retry, or the job of a worker that is gone (kill -9, a lost node) taken by another one: the
    // provider sees the load taken up again, its progress from the start (decision 72).
    await consulta(
      db,
      sql`UPDATE carga SET obs = ${MSG_CARGA.reanudada(intento.attempt, intento.maxAttempts)}, progreso = 0,
            fecha_actualizacion = now()
        WHERE id_carga = ${idCarga} AND estado_proceso = 'PROCESANDO'`,
    );
  }
  const started = performance.now();
  const prog: Progreso = { progreso: 0, filasPorSegundo: 0 };
  const tiempos: Record<string, number> = {};
  deps.progress.set(idCarga, prog);
  let heartbeat: NodeJS.Timeout | undefined;
  if (db.kind === 'postgres') {
    // Other connections (and other processes) see the progress while the load's own transaction is open.
    heartbeat = setInterval(() => {
      consulta(
        db,
        sql`UPDATE carga SET progreso = ${prog.progreso}, filas_por_segundo = ${prog.filasPorSegundo},
              fecha_actualizacion = now()
          WHERE id_carga = ${idCarga} AND estado_proceso = 'PROCESANDO'`,
      ).catch(() => {});
    }, 1000);
  }
  let local: { file: string; temporal: boolean } | undefined;
  // Whether this attempt settled the load (its file is no longer needed).
  let terminada = false;
  try {
    try {
      local = await archivoLocal(deps, c);
      const sniff = await sniffFile(local.file, c.formato, c.tamanioArchivo);
      tiempos.descarga = performance.now() - started;
      const file = local.file;
      const out = await inLoadTransaction(db, idCarga, async (tx, sink) => {
        // Another worker may have finished it between the first read and the lock.
        const again = await fila<{ estado: string }>(
          tx,
          sql`SELECT estado_proceso AS estado FROM carga WHERE id_carga = ${idCarga}`,
        );
        if (again.estado !== 'PROCESANDO') return null;
        return ingestEnTransaccion(tx, sink, c, file, sniff.ok ? sniff.encoding : 'utf8', {
          signal,
          prog,
          tiempos,
          started,
          onLocked: () => clearInterval(heartbeat),
        });
      });
      // Not ran: another worker holds the load (and its file); ran with null: it was already settled.
      terminada = out.ran;
      if (out.ran && out.value) {
        const ms = Object.fromEntries(Object.entries(tiempos).map(([k, v]) => [k, Math.round(v)]));
        deps.log.info(
          { idCarga, filas: out.value.registros, ms, total: Math.round(performance.now() - started) },
          'load ingested',
        );
      }
    } catch (e) {
      if (e instanceof Aborted || signal.aborted) throw new JobInterrupted();
      // The bucket refusing looks like a lost connection too: only the database's is named as such.
      const caida = isConnectionError(e) && !(e instanceof StorageUnavailable);
      if (e instanceof IngestError) {
        await marcarFallida(deps, c, e.message);
      } else if (intento.attempt < intento.maxAttempts) {
        deps.log.warn(
          { err: e, idCarga, intento: intento.attempt, de: intento.maxAttempts },
          'ingest attempt failed; it will be retried',
        );
        await consulta(
          db,
          sql`UPDATE carga SET obs = ${MSG_CARGA.reintentando(intento.attempt + 1, intento.maxAttempts)}
               WHERE id_carga = ${idCarga} AND estado_proceso = 'PROCESANDO'`,
        ).catch(() => {});
        throw e;
      } else {
        deps.log.error({ err: e, idCarga, intentos: intento.attempt }, 'ingest failed for good');
        const motivo = caida
          ? MSG_CARGA.agotadaConexion(intento.attempt)
          : MSG_CARGA.agotada(intento.attempt);
        await marcarFallida(deps, c, motivo);
      }
      terminada = true;
    }
  } finally {
    clearInterval(heartbeat);
    deps.progress.delete(idCarga);
    if (local?.temporal) fs.rmSync(local.file, { force: true });
    if (terminada) {
      await liberarArchivo(deps, c);
      cargasTerminadas.emit(String(idCarga));
    }
  }
}

/**
 * The load's file on this machine: the local store's own file, or a copy downloaded from object
 * storage into this process's temp folder. A file that is gone fails the load ("interrupted").
 */
async function archivoLocal(deps: IngestDeps, c: CargaJob): Promise<{ file: string; temporal: boolean }> {
  const clave = c.archivoClave;
  const { storage } = deps;
  if (!clave || storage.localPath) {
    const file = clave ? storage.localPath!(clave) : archivoCargaAntiguo(deps.tmpDir, c.idCarga, c.formato);
    if (!fs.existsSync(file)) throw new IngestError(MSG_CARGA.interrumpida);
    return { file, temporal: false };
  }
  fs.mkdirSync(deps.tmpDir, { recursive: true });
  const file = path.join(deps.tmpDir, `ingesta-${c.idCarga}-${crypto.randomUUID()}.${c.formato}`);
  try {
    await pipeline(await storage.read(clave), fs.createWriteStream(file));
  } catch (e) {
    fs.rmSync(file, { force: true });
    if (e instanceof ObjectNotFound) throw new IngestError(MSG_CARGA.interrumpida);
    throw e; // the storage server away: retried
  }
  return { file, temporal: true };
}

/**
 * Removes a settled load's file from the storage layer and forgets its key. A failure is only logged:
 * the clean-up job removes what is left (`limpiarArchivosCargas`).
 */
export async function liberarArchivo(
  deps: Pick<IngestDeps, 'database' | 'storage' | 'tmpDir' | 'log'>,
  c: { idCarga: number; formato: string; archivoClave?: string | null },
) {
  try {
    if (c.archivoClave) {
      await deps.storage.remove([c.archivoClave]);
      await consulta(
        deps.database,
        sql`UPDATE carga SET archivo_clave = NULL
             WHERE id_carga = ${c.idCarga} AND archivo_clave = ${c.archivoClave} AND estado_proceso <> 'PROCESANDO'`,
      );
    } else fs.rmSync(archivoCargaAntiguo(deps.tmpDir, c.idCarga, c.formato), { force: true });
  } catch (err) {
    deps.log.warn({ err, idCarga: c.idCarga }, 'could not remove the data file of a settled load');
  }
}

/**
 * Marks a load FALLIDA with its reason (its own transaction rolled back: no row of it is stored). Right
 * after the database dropped its connections the pool may still hand out one of them, so a lost
 * connection is retried a few times; if the database stays away this throws: the job is retried, or
 * once it has no attempt left the clean-up job marks the load (`cargasHuerfanas`).
 */
async function marcarFallida(deps: IngestDeps, c: CargaJob, motivo: string): Promise<void> {
  const db = deps.database;
  const idCarga = c.idCarga;
  for (let intento = 1; ; intento++) {
    try {
      await marcarFallidaUnaVez(db, c, motivo);
      return;
    } catch (err) {
      if (!isConnectionError(err) || intento >= 5) {
        deps.log.error({ err, idCarga }, 'could not mark the load as failed');
        throw err;
      }
      await new Promise((r) => setTimeout(r, 200 * intento));
    }
  }
}

async function marcarFallidaUnaVez(db: Database, c: CargaJob, motivo: string): Promise<void> {
  const idCarga = c.idCarga;
  await db.transaction(async (tx) => {
    // Only a load still PROCESANDO fails: another worker may have completed it meanwhile.
    const failed = await consulta(
      tx,
      sql`UPDATE carga SET estado_proceso = 'FALLIDA', obs = ${motivo}, tiene_errores = 1, progreso = 100,
              numero_registros = 0, numero_reg_val = 0, contador_errores = 0, contador_novedades = 0, tiene_novedades = 0,
              filas_por_segundo = NULL, fecha_actualizacion = now()
        WHERE id_carga = ${idCarga} AND estado_proceso = 'PROCESANDO' RETURNING id_carga`,
    );
    if (failed.length) {
      await writeBitacora(
        tx,
        c.idTramite,
        c.idUsuario,
        'ESTADO',
        `Carga ${idCarga} (${c.nombreArchivo}) fallida: ${motivo}`,
      );
    }
  });
}
