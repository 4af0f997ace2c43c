import fs from 'node:fs';
import path from 'node:path';
import { COLUMNAS_DATOS, type FilaDatos, type FormatoDatos, MSG_CARGA, validateFila } from '@app/domain';
import type { FastifyBaseLogger } from 'fastify';
import { type Database, isConnectionError, type Queryable } from '../../db/client.ts';
import { writeBitacora } from '../tramites/access.ts';
import { aplicar } from '../workflow/service.ts';
import { COLUMNAS_ACUERDO, Recolector, validarConjunto } from './checks.ts';
import { rowsInThread } from './parse-thread.ts';
import type { Progreso } from './queue.ts';
import { sniffFile } from './sniff.ts';
import { IngestError } from './sources.ts';
import { copySink, type Incidencia, type RowSink, unnestSink } from './writers.ts';

export type IngestDeps = {
  database: Database;
  tmpDir: string;
  log: FastifyBaseLogger;
  progress: Map<number, Progreso>;
};

/** Where an accepted upload waits for its job (never named after the user's file). */
export const archivoCarga = (tmpDir: string, idCarga: number, formato: string) =>
  path.join(tmpDir, `carga-${idCarga}.${formato}`);

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
 * Ingests one accepted load (issue item 5): stream-parse the file, validate each row, store the raw
 * rows and their errors in batches, run the set-based checks, count, and move the procedure to
 * CARGADO when the load has no errors — all in one transaction. A file that cannot be read leaves no
 * rows: the load ends FALLIDA with the Spanish reason in `obs`.
 */
export async function ingestCarga(deps: IngestDeps, idCarga: number, signal: AbortSignal): Promise<void> {
  const db = deps.database;
  const [c] = await db.query<CargaJob>(
    `SELECT c.id_carga AS "idCarga", c.id_tramite AS "idTramite", t.numero AS "numeroTramite", c.id_usuario AS "idUsuario", t.id_prestador AS "idPrestador",
            c.formato, c.fecha_desde AS "fechaDesde", c.fecha_hasta AS "fechaHasta", c.tamanio_archivo::float8 AS "tamanioArchivo",
            c.nombre_archivo AS "nombreArchivo", c.estado_proceso AS "estadoProceso"
       FROM carga c JOIN tramite t ON t.id_tramite = c.id_tramite WHERE c.id_carga = $1`,
    [idCarga],
  );
  const file = c ? archivoCarga(deps.tmpDir, idCarga, c.formato) : '';
  if (c?.estadoProceso !== 'PROCESANDO') {
    if (file) fs.rmSync(file, { force: true });
    return;
  }
  const started = performance.now();
  const prog: Progreso = { progreso: 0, filasPorSegundo: 0 };
  const tiempos: Record<string, number> = {};
  deps.progress.set(idCarga, prog);
  let heartbeat: NodeJS.Timeout | undefined;
  if (db.kind === 'postgres') {
    // Other connections see the progress while the load's own transaction is still open.
    heartbeat = setInterval(() => {
      db.query(
        `UPDATE carga SET progreso = $2, filas_por_segundo = $3, fecha_actualizacion = now()
          WHERE id_carga = $1 AND estado_proceso = 'PROCESANDO'`,
        [idCarga, prog.progreso, prog.filasPorSegundo],
      ).catch(() => {});
    }, 1000);
  }
  try {
    if (!fs.existsSync(file)) throw new IngestError(MSG_CARGA.interrumpida);
    const sniff = await sniffFile(file, c.formato, c.tamanioArchivo);
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
    if (out.ran && out.value) {
      const ms = Object.fromEntries(Object.entries(tiempos).map(([k, v]) => [k, Math.round(v)]));
      deps.log.info(
        { idCarga, filas: out.value.registros, ms, total: Math.round(performance.now() - started) },
        'load ingested',
      );
    }
  } catch (e) {
    if (e instanceof Aborted) return; // rolled back; picked up again at the next start
    const caida = isConnectionError(e);
    if (caida) deps.log.warn({ err: e, idCarga }, 'ingest lost its database connection');
    else if (!(e instanceof IngestError)) deps.log.error({ err: e, idCarga }, 'ingest failed');
    const motivo =
      e instanceof IngestError ? e.message : caida ? MSG_CARGA.baseNoDisponible : MSG_CARGA.inesperado;
    await marcarFallida(deps, c, motivo);
  } finally {
    clearInterval(heartbeat);
    deps.progress.delete(idCarga);
    if (!signal.aborted) fs.rmSync(file, { force: true });
  }
}

/**
 * Marks a load FALLIDA with its reason (its own transaction rolled back: no row of it is stored). Right
 * after the database dropped its connections the pool may still hand out one of them, so a lost
 * connection is retried a few times; if the database stays away the load stays PROCESANDO and the next
 * start marks it interrupted.
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
        return;
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
