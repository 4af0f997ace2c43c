import { COLUMNAS_DATOS, type FilaDatos, type FormatoDatos, MSG_CARGA, validateFila } from '@app/domain';
import type { Database, Queryable } from '../../db/client.ts';
import { consulta, fila, sql } from '../../lib/sql.ts';
import { writeBitacora } from '../tramites/access.ts';
import { aplicar } from '../workflow/service.ts';
import { COLUMNAS_ACUERDO, Recolector, validarConjunto } from './checks.ts';
import { rowsInThread } from './parse-thread.ts';
import { IngestError } from './sources.ts';
import { copySink, type Incidencia, type RowSink, unnestSink } from './writers.ts';

/** A running ingest's progress, kept in its process (and written to the load's row every second). */
export type Progreso = { progreso: number; filasPorSegundo: number };

/** The server closing during the ingest (`IngestOpts.signal`): the attempt is interrupted, the load runs again. */
export class Aborted extends Error {}

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
    const tx: Queryable = {
      query: async (text, params) => (await client.query(text, params as unknown[])).rows,
    };
    // Transaction control and settings are plain text on this connection (decision 89).
    await client.query('BEGIN');
    const { ok } = await fila<{ ok: boolean }>(
      tx,
      sql`SELECT pg_try_advisory_xact_lock(${ADVISORY_KEY}, ${idCarga}) AS ok`,
    );
    if (!ok) {
      await client.query('ROLLBACK');
      return { ran: false };
    }
    // The set-based checks sort and hash the whole load: give them memory instead of temp files.
    // JIT compilation costs more than it saves on these short set-based statements.
    await client.query("SET LOCAL work_mem = '64MB'; SET LOCAL jit = off");
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
/** The incidences of a clean row (most of them): never written to. */
const NINGUNA: Incidencia[] = [];

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
  const inicioLectura = performance.now();
  // Where the reading's time goes: waiting for the parse thread, waiting for COPY, the rest is this thread's work.
  const esperaParser = { ms: 0 };
  let esperaCopy = 0;
  const rows = rowsInThread(
    c.formato,
    {
      file,
      encoding,
      onBytes: (b) => {
        prog.progreso = Math.min(89, Math.floor((b / size) * 90));
      },
    },
    esperaParser,
  );
  const recolector = new Recolector(POSICIONES);
  let fila = 0;
  let conError = 0;
  let conNovedad = 0;
  const idTramiteTexto = String(c.idTramite);
  const numeroTramite = c.numeroTramite?.toUpperCase();
  // One row object for the whole load, its cells replaced row by row (the validator keeps values,
  // never the row): a million rows allocate no object of 19 properties each.
  const row = Object.fromEntries(COLUMNAS_DATOS.map((k) => [k, null])) as FilaDatos;
  for await (const cells of rows) {
    if (o.signal?.aborted) throw new Aborted();
    fila++;
    if (o.idTramiteImplicito && !cells[POS_ID_TRAMITE]) cells[POS_ID_TRAMITE] = idTramiteTexto;
    // People write the number they see on screen (TR-2026-000006) as often as the internal id (6):
    // both name this procedure (issue 14 §4).
    else if (numeroTramite && cells[POS_ID_TRAMITE]?.trim().toUpperCase() === numeroTramite)
      cells[POS_ID_TRAMITE] = idTramiteTexto;
    for (let i = 0; i < COLUMNAS_DATOS.length; i++) row[COLUMNAS_DATOS[i]] = cells[i];
    const r = validateFila(row, ctx);
    let incidencias = NINGUNA;
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
      const t0 = performance.now();
      await flushed;
      esperaCopy += performance.now() - t0;
      prog.filasPorSegundo = Math.round(fila / ((performance.now() - started) / 1000));
    }
  }
  const t0Fin = performance.now();
  await sink.finish();
  esperaCopy += performance.now() - t0Fin;
  if (o.signal?.aborted) throw new Aborted();
  if (fila === 0) throw new IngestError(MSG_CARGA.sinFilas);
  prog.progreso = 90;
  tiempos.lectura = performance.now() - inicioLectura;
  tiempos.esperaParser = esperaParser.ms;
  tiempos.esperaCopy = esperaCopy;
  const sql = await validarConjunto(tx, c.idCarga, c.idPrestador, recolector.result(), (paso, ms) => {
    prog.progreso = 98;
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
  await consulta(tx, sql`SELECT 1 FROM tramite WHERE id_tramite = ${c.idTramite} FOR UPDATE`);
  stopHeartbeat();
  const validos = n.registros - n.errores;
  await consulta(
    tx,
    sql`UPDATE carga SET estado_proceso = 'COMPLETADA', progreso = 100,
            filas_por_segundo = ${Math.round(n.registros / Math.max(ms / 1000, 0.001))}, numero_registros = ${n.registros},
            numero_reg_val = ${validos}, contador_errores = ${n.errores}, contador_novedades = ${n.novedades},
            tiene_errores = ${n.errores > 0 ? 1 : 0}, tiene_novedades = ${n.novedades > 0 ? 1 : 0},
            obs = ${MSG_CARGA.resumen(n.registros, validos, n.errores, n.novedades)}, fecha_actualizacion = now()
      WHERE id_carga = ${c.idCarga}`,
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
