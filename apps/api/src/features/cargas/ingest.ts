import crypto from 'node:crypto';
import { EventEmitter } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { COLUMNAS_DATOS, type FilaDatos, type FormatoDatos, MSG_CARGA, validateFila } from '@app/domain';
import type { FastifyBaseLogger } from 'fastify';
import { type Database, isConnectionError, type Queryable } from '../../db/client.ts';
import { JobInterrupted } from '../../lib/jobs/types.ts';
import { ObjectNotFound, type Storage, StorageUnavailable } from '../../lib/storage/index.ts';
import { writeBitacora } from '../tramites/access.ts';
import { aplicar } from '../workflow/service.ts';
import { COLUMNAS_ACUERDO, Recolector, validarConjunto } from './checks.ts';
import { rowsInThread } from './parse-thread.ts';
import { sniffFile } from './sniff.ts';
import { IngestError } from './sources.ts';
import { copySink, type Incidencia, type RowSink, unnestSink } from './writers.ts';

/** A running ingest's progress, kept in its process (and written to the load's row every second). */
export type Progreso = { progreso: number; filasPorSegundo: number };

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

/** One attempt of the ingest job (decision 60). */
export type IntentoIngesta = { signal: AbortSignal; attempt: number; maxAttempts: number };

/** Emits the load's id (as a string) when its ingest is over in this process (`?esperar=true`). */
export const cargasTerminadas = new EventEmitter().setMaxListeners(0);

class Aborted extends Error {}

/** What the ingest needs of a load (and of its procedure). */
export type CargaJob = {
  idCarga: number;
  idTramite: number;
  /** The procedure's number as people see it (TR-2026-000006): the data file may name it so. */
  numeroTramite?: string;
  idUsuario: number;
  idPrestador: number;
  formato: FormatoDatos;
  fechaDesde: string;
  fechaHasta: string;
  tamanioArchivo: number;
  nombreArchivo: string;
  estadoProceso: string;
  /** Storage key of the waiting file (null for a load of before migration 0021). */
  archivoClave?: string | null;
};

const ADVISORY_KEY = 4_200_017;

const at = (c: (typeof COLUMNAS_DATOS)[number]) => COLUMNAS_DATOS.indexOf(c);
const POSICIONES = {
  diagPri: at('diagPri'),
  diagSec: at('diagSec'),
  noServicio: at('noServicio'),
  vSem: at('vSem'),
  noPlanilla: at('noPlanilla'),
  acuerdo: COLUMNAS_ACUERDO.map(at),
};

/**
 * One transaction for the whole load on its own connection. On PostgreSQL an advisory lock makes
 * sure that only one worker ingests a load; PGlite has one connection and one process.
 */
export async function inLoadTransaction<T>(
  db: Database,
  idCarga: number,
  fn: (tx: Queryable, sink: RowSink) => Promise<T>,
): Promise<{ ran: false } | { ran: true; value: T }> {
  if (db.kind === 'pglite' || !db.pool) {
    const value = await db.transaction((tx) => fn(tx, unnestSink(tx, idCarga)));
    return { ran: true, value };
  }
  const client = await db.pool.connect();
  let broken = false;
  // A connection the server drops (restart, pg_terminate_backend) fails the statement in flight; its
  // 'error' event must not reach the process (issue 11 item 5). The pool discards the connection.
  const onError = () => {
    broken = true;
  };
  client.on('error', onError);
  let sink: RowSink | undefined;
  try {
    await client.query('BEGIN');
    const [{ ok }] = (
      await client.query<{ ok: boolean }>('SELECT pg_try_advisory_xact_lock($1, $2) AS ok', [
        ADVISORY_KEY,
        idCarga,
      ])
    ).rows;
    if (!ok) {
      await client.query('ROLLBACK');
      return { ran: false };
    }
    // The set-based checks sort and hash the whole load: give them memory instead of temp files.
    // JIT compilation costs more than it saves on these short set-based statements.
    await client.query("SET LOCAL work_mem = '64MB'; SET LOCAL jit = off");
    const tx: Queryable = {
      query: async (sql, params) => (await client.query(sql, params as unknown[])).rows,
    };
    sink = copySink(client, idCarga);
    const value = await fn(tx, sink);
    await client.query('COMMIT');
    return { ran: true, value };
  } catch (e) {
    // A batch may still be on its way: let it land before rolling back, never after.
    await sink?.cancel();
    await client.query('ROLLBACK').catch(() => {
      broken = true;
    });
    throw e;
  } finally {
    client.removeListener('error', onError);
    client.release(broken);
  }
}

export type Resultado = { registros: number; errores: number; novedades: number; transicion: boolean };

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
  const [c] = await db.query<CargaJob>(
    `SELECT c.id_carga AS "idCarga", c.id_tramite AS "idTramite", t.numero AS "numeroTramite", c.id_usuario AS "idUsuario", t.id_prestador AS "idPrestador",
            c.formato, c.fecha_desde AS "fechaDesde", c.fecha_hasta AS "fechaHasta", c.tamanio_archivo::float8 AS "tamanioArchivo",
            c.nombre_archivo AS "nombreArchivo", c.estado_proceso AS "estadoProceso", c.archivo_clave AS "archivoClave"
       FROM carga c JOIN tramite t ON t.id_tramite = c.id_tramite WHERE c.id_carga = $1`,
    [idCarga],
  );
  if (!c) return;
  if (c.estadoProceso !== 'PROCESANDO') {
    await liberarArchivo(deps, c);
    return;
  }
  if (intento.attempt > 1) {
    // A retry, or the job of a worker that is gone (kill -9, a lost node) taken by another one: the
    // provider sees the load taken up again, its progress from the start (decision 72).
    await db.query(
      `UPDATE carga SET obs = $2, progreso = 0, fecha_actualizacion = now()
        WHERE id_carga = $1 AND estado_proceso = 'PROCESANDO'`,
      [idCarga, MSG_CARGA.reanudada(intento.attempt, intento.maxAttempts)],
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
      db.query(
        `UPDATE carga SET progreso = $2, filas_por_segundo = $3, fecha_actualizacion = now()
          WHERE id_carga = $1 AND estado_proceso = 'PROCESANDO'`,
        [idCarga, prog.progreso, prog.filasPorSegundo],
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
      const file = local.file;
      const out = await inLoadTransaction(db, idCarga, async (tx, sink) => {
        // Another worker may have finished it between the first read and the lock.
        const [again] = await tx.query<{ estado: string }>(
          'SELECT estado_proceso AS estado FROM carga WHERE id_carga = $1',
          [idCarga],
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
        await db
          .query(`UPDATE carga SET obs = $2 WHERE id_carga = $1 AND estado_proceso = 'PROCESANDO'`, [
            idCarga,
            MSG_CARGA.reintentando(intento.attempt + 1, intento.maxAttempts),
          ])
          .catch(() => {});
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
      await deps.database.query(
        `UPDATE carga SET archivo_clave = NULL WHERE id_carga = $1 AND archivo_clave = $2 AND estado_proceso <> 'PROCESANDO'`,
        [c.idCarga, c.archivoClave],
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
    const failed = await tx.query(
      `UPDATE carga SET estado_proceso = 'FALLIDA', obs = $2, tiene_errores = 1, progreso = 100, numero_registros = 0,
              numero_reg_val = 0, contador_errores = 0, contador_novedades = 0, tiene_novedades = 0, filas_por_segundo = NULL,
              fecha_actualizacion = now()
        WHERE id_carga = $1 AND estado_proceso = 'PROCESANDO' RETURNING id_carga`,
      [idCarga, motivo],
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

export type IngestOpts = {
  /** Fires when the server closes: the transaction rolls back and the load is picked up again. */
  signal?: AbortSignal;
  prog?: Progreso;
  tiempos?: Record<string, number>;
  started?: number;
  /** Called once the procedure's row is locked for the closing statements. */
  onLocked?: () => void;
  /**
   * An empty idTramite cell means the load's procedure (the integration API creates the procedure in
   * the same call, so its rows cannot name it yet).
   */
  idTramiteImplicito?: boolean;
};

const POS_ID_TRAMITE = at('idTramite');

/**
 * The ingest proper, inside the caller's transaction (the background job's, or the integration API's
 * single transaction that also creates the procedure): stream-parse the file, validate each row, store
 * the rows and their errors through `sink`, run the set-based checks, count, and move the procedure to
 * CARGADO when the load has no errors. The load row must exist in PROCESANDO. A file that cannot be
 * read throws IngestError with the Spanish reason.
 */
export async function ingestEnTransaccion(
  tx: Queryable,
  sink: RowSink,
  c: CargaJob,
  file: string,
  encoding: 'utf8' | 'latin1',
  o: IngestOpts = {},
): Promise<Resultado> {
  const started = o.started ?? performance.now();
  const prog: Progreso = o.prog ?? { progreso: 0, filasPorSegundo: 0 };
  const tiempos = o.tiempos ?? {};
  const ctx = { idTramite: c.idTramite, fechaDesde: c.fechaDesde, fechaHasta: c.fechaHasta };
  const size = Math.max(1, c.tamanioArchivo);
  const rows = rowsInThread(c.formato, {
    file,
    encoding,
    onBytes: (b) => {
      prog.progreso = Math.min(89, Math.floor((b / size) * 90));
    },
  });
  const recolector = new Recolector(POSICIONES);
  let fila = 0;
  let conError = 0;
  let conNovedad = 0;
  const idTramiteTexto = String(c.idTramite);
  const numeroTramite = c.numeroTramite?.toUpperCase();
  for await (const cells of rows) {
    if (o.signal?.aborted) throw new Aborted();
    fila++;
    if (o.idTramiteImplicito && !cells[POS_ID_TRAMITE]) cells[POS_ID_TRAMITE] = idTramiteTexto;
    // People write the number they see on screen (TR-2026-000006) as often as the internal id (6):
    // both name this procedure (issue 14 §4).
    else if (numeroTramite && cells[POS_ID_TRAMITE]?.trim().toUpperCase() === numeroTramite)
      cells[POS_ID_TRAMITE] = idTramiteTexto;
    const row = {} as FilaDatos;
    for (let i = 0; i < COLUMNAS_DATOS.length; i++) row[COLUMNAS_DATOS[i]] = cells[i];
    const r = validateFila(row, ctx);
    let incidencias: Incidencia[] = [];
    // A defect of the file on this row (a stray quote): an error of its line and column like any other.
    const defectos = cells.defectos;
    if (defectos || r.errores.length || r.novedades.length) {
      incidencias = r.errores.map((e) => ({
        fila,
        columna: e.columna,
        valor: e.valor,
        mensaje: e.mensaje,
        tipo: 'E' as const,
      }));
      if (defectos) for (const e of defectos) incidencias.unshift({ fila, ...e, tipo: 'E' });
      for (const e of r.novedades)
        incidencias.push({ fila, columna: e.columna, valor: e.valor, mensaje: e.mensaje, tipo: 'N' });
    }
    recolector.add(cells);
    const conErrorFila = r.errores.length > 0 || defectos !== undefined;
    if (conErrorFila) conError++;
    if (r.novedades.length) conNovedad++;
    const flushed = sink.add(fila, cells, conErrorFila, r.novedades.length > 0, incidencias);
    if (flushed) {
      await flushed;
      prog.filasPorSegundo = Math.round(fila / ((performance.now() - started) / 1000));
    }
  }
  await sink.finish();
  if (o.signal?.aborted) throw new Aborted();
  if (fila === 0) throw new IngestError(MSG_CARGA.sinFilas);
  prog.progreso = 90;
  tiempos.lectura = performance.now() - started;
  const sql = await validarConjunto(tx, c.idCarga, c.idPrestador, recolector.result(), (paso, ms) => {
    prog.progreso += 2;
    tiempos[paso] = ms;
  });
  const t0 = performance.now();
  const out = await finalizar(
    tx,
    c,
    { registros: fila, errores: conError + sql.errores, novedades: conNovedad + sql.novedades },
    performance.now() - started,
    o.onLocked ?? (() => {}),
  );
  tiempos.cierre = performance.now() - t0;
  return out;
}

/** Counters, summary, the procedure's REGISTRADO → CARGADO and the bitácora, inside the load's transaction. */
async function finalizar(
  tx: Queryable,
  c: CargaJob,
  n: { registros: number; errores: number; novedades: number },
  ms: number,
  stopHeartbeat: () => void,
): Promise<Resultado> {
  // Lock order everywhere: the procedure, then the load.
  await tx.query('SELECT 1 FROM tramite WHERE id_tramite = $1 FOR UPDATE', [c.idTramite]);
  stopHeartbeat();
  const validos = n.registros - n.errores;
  await tx.query(
    `UPDATE carga SET estado_proceso = 'COMPLETADA', progreso = 100, filas_por_segundo = $2, numero_registros = $3,
            numero_reg_val = $4, contador_errores = $5, contador_novedades = $6, tiene_errores = $7, tiene_novedades = $8,
            obs = $9, fecha_actualizacion = now()
      WHERE id_carga = $1`,
    [
      c.idCarga,
      Math.round(n.registros / Math.max(ms / 1000, 0.001)),
      n.registros,
      validos,
      n.errores,
      n.novedades,
      n.errores > 0 ? 1 : 0,
      n.novedades > 0 ? 1 : 0,
      MSG_CARGA.resumen(n.registros, validos, n.errores, n.novedades),
    ],
  );
  const resumen = `Carga ${c.idCarga} (${c.nombreArchivo}): ${MSG_CARGA.resumen(n.registros, validos, n.errores, n.novedades)}`;
  // REGISTRADO → CARGADO when the load has no errors (the workflow service writes the bitácora with it).
  const usuario = { idUsuario: c.idUsuario };
  const transicion =
    n.errores === 0 &&
    (await aplicar(tx, c.idTramite, 'carga-sin-errores', usuario, { nota: resumen })).aplicada;
  if (!transicion) await writeBitacora(tx, c.idTramite, c.idUsuario, 'ESTADO', resumen);
  return { ...n, transicion };
}
