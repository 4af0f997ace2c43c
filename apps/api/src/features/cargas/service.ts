import path from 'node:path';
import {
  type CargaCampos,
  ESTADOS_ALGUNA_CARGA,
  type EstadoOrganizacion,
  type EstadoTramite,
  estadosCargaPermitidos,
  type FormatoDatos,
  MSG,
  MSG_ANULACION,
  MSG_AUTORIZACION,
  MSG_CARGA,
  MSG_TRAMITE,
  organizacionEnCurso,
  PERFIL,
  periodoSemana,
  puedeEliminarCarga,
  type ResumenEliminacionCarga,
  type SessionUser,
  type TipoCarga,
} from '@app/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Queryable } from '../../db/client.ts';
import { autorizacion, carga } from '../../db/schema/index.ts';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.ts';
import { columnas, consulta, fila, lista, sql, todas, una } from '../../lib/sql.ts';
import type { Storage } from '../../lib/storage/index.ts';
import { getTramiteForUser, writeBitacora } from '../tramites/access.ts';
import { aplicar } from '../workflow/service.ts';
import { borrarDelAlmacen, quitarArchivosCarga } from './archivos-carga.ts';

/** The columns of a load (alias c, its user u). */
const CARGA_COLS = lista([
  columnas(carga, 'c', { solo: ['idCarga', 'idTramite', 'idUsuario'], extra: { usuarioNombre: 'u.nombre' } }),
  columnas(carga, 'c', {
    solo: [
      'idAutorizacion',
      'tipoCarga',
      'numSemana',
      'fechaDesde',
      'fechaHasta',
      'numeroRegistros',
      'numeroRegVal',
      'contadorErrores',
      'contadorNovedades',
      'tieneErrores',
      'tieneNovedades',
      'tienePlanillas',
      'tieneArchivos',
      'estado',
      'estadoProceso',
      'progreso',
      'filasPorSegundo',
    ],
    extra: { tamanioArchivo: 'c.tamanio_archivo::float8' },
  }),
  columnas(carga, 'c', {
    solo: [
      'nombreArchivo',
      'formato',
      'obs',
      'fechaCreacion',
      'fechaActualizacion',
      'fechaModificacion',
      'organizacion',
      'organizacionObs',
    ],
  }),
]);

/** `SELECT` a load's columns `FROM carga c JOIN usuario u`: add the WHERE. */
export const CARGA_SQL = sql`SELECT ${CARGA_COLS} FROM carga c JOIN usuario u ON u.id_usuario = c.id_usuario`;

/** An authorization's period and state (alias a). */
const AUTORIZACION = columnas(autorizacion, 'a', { solo: ['fechaDesde', 'fechaHasta', 'estadoAut'] });
/** A new load's id (RETURNING). */
const ID_CARGA = columnas(carga, 'carga', { solo: ['idCarga'] });
/** The procedure of a load (alias c). */
const TRAMITE_DE_CARGA = columnas(carga, 'c', { solo: ['idTramite'] });

export type Carga = {
  idCarga: number;
  idTramite: number;
  idUsuario: number;
  usuarioNombre: string;
  idAutorizacion: number | null;
  tipoCarga: TipoCarga;
  numSemana: number | null;
  fechaDesde: string;
  fechaHasta: string;
  numeroRegistros: number;
  numeroRegVal: number;
  contadorErrores: number;
  contadorNovedades: number;
  tieneErrores: number;
  tieneNovedades: number;
  tienePlanillas: number;
  tieneArchivos: number;
  estado: number;
  estadoProceso: 'PROCESANDO' | 'COMPLETADA' | 'FALLIDA';
  progreso: number;
  filasPorSegundo: number | null;
  tamanioArchivo: number;
  nombreArchivo: string;
  formato: FormatoDatos;
  obs: string | null;
  fechaCreacion: Date;
  fechaActualizacion: Date | null;
  fechaModificacion: Date | null;
  /** Organising as a background job (decision 85). */
  organizacion: EstadoOrganizacion | null;
  organizacionObs: string | null;
};

/** A load the user may see (its procedure in the user's tenant), else 404. */
export async function getCargaForUser(q: Queryable, user: SessionUser, idCarga: number): Promise<Carga> {
  const c = await una<Carga>(q, sql`${CARGA_SQL} WHERE c.id_carga = ${idCarga}`);
  if (!c) throw notFound();
  await getTramiteForUser(q, user, c.idTramite);
  return c;
}

/** A page of a procedure's active loads (optionally of one authorization), most recent first. */
export async function cargasActivas(
  q: Queryable,
  idTramite: number,
  p: { idAutorizacion?: number | null; page: number; pageSize: number },
): Promise<{ items: Carga[]; total: number; page: number; pageSize: number }> {
  const { page, pageSize } = p;
  const where = todas([
    sql`c.id_tramite = ${idTramite} AND c.estado = 1`,
    p.idAutorizacion ? sql`c.id_autorizacion = ${p.idAutorizacion}` : undefined,
  ]);
  const { total } = await fila<{ total: number }>(
    q,
    sql`SELECT count(*)::int AS total FROM carga c WHERE ${where}`,
  );
  const items = await consulta<Carga>(
    q,
    sql`${CARGA_SQL} WHERE ${where} ORDER BY c.id_carga DESC LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`,
  );
  return { items, total, page, pageSize };
}

const unsupported = (message: string) => new AppError(415, 'TIPO_NO_PERMITIDO', message);
export const formatoNoReconocido = () => unsupported(MSG_CARGA.formatoNoReconocido);
export const contenidoNoPermitido = (formato: FormatoDatos) =>
  unsupported(MSG_CARGA.contenidoInvalido(formato === 'xlsx' ? 'Excel (.xlsx)' : formato.toUpperCase()));

/** Early refusal before the body is read: tenant (404) and a state in which no load is possible (409). */
export async function precheckCarga(db: Database, user: SessionUser, idTramite: number) {
  const t = await getTramiteForUser(db, user, idTramite);
  if (!ESTADOS_ALGUNA_CARGA.includes(t.estadoTramite as EstadoTramite)) {
    throw conflict(MSG_CARGA.estadoNoPermiteCarga(t.estadoTramite));
  }
}

export type Subida = {
  /** Storage key of the received file (already stored; removed by the caller if this fails). */
  clave: string;
  size: number;
  nombreArchivo: string;
  formato: FormatoDatos;
  campos: CargaCampos;
};

/**
 * Registers an accepted upload as a load in PROCESANDO, with the storage key of its file, and queues
 * its ingest (`encolar`) in the same transaction: a load exists only with its job (decision 60).
 * The period: the one sent, else monthly = the procedure's, weekly = week numSemana + 1 in 7-day
 * blocks from its start, authorization = the authorization's dates (or the procedure's).
 */
export async function registrarCarga(
  db: Database,
  user: SessionUser,
  idTramite: number,
  s: Subida,
  encolar: (tx: Queryable, idCarga: number) => Promise<void>,
) {
  return db.transaction(async (tx) => {
    const t = await getTramiteForUser(tx, user, idTramite, { lock: true });
    const idAutorizacion = s.campos.idAutorizacion ?? null;
    const tipoCarga: TipoCarga = idAutorizacion ? 'A' : t.frecuenciaCarga === 'S' ? 'S' : 'M';
    const estadoPermitido = estadosCargaPermitidos(tipoCarga).includes(t.estadoTramite as EstadoTramite);
    if (!estadoPermitido && !idAutorizacion) throw conflict(MSG_CARGA.estadoNoPermiteCarga(t.estadoTramite));
    let periodo = { fechaDesde: t.fechaDesde, fechaHasta: t.fechaHasta };
    let numSemana: number | null = null;
    if (idAutorizacion) {
      const a = await una<{ fechaDesde: string | null; fechaHasta: string | null; estadoAut: string }>(
        tx,
        sql`SELECT ${AUTORIZACION} FROM autorizacion a
             WHERE a.id_autorizacion = ${idAutorizacion} AND a.id_tramite = ${t.idTramite}`,
      );
      if (!a)
        throw badRequest(MSG_CARGA.autorizacionInvalida, { idAutorizacion: MSG_CARGA.autorizacionInvalida });
      // An authorization of another procedure is a bad request (above); then its state, then the procedure's.
      if (a.estadoAut !== 'APROBADA') throw conflict(MSG_AUTORIZACION.noAprobada, 'AUTORIZACION_NO_APROBADA');
      if (!estadoPermitido) throw conflict(MSG_CARGA.estadoNoPermiteCarga(t.estadoTramite));
      if (a.fechaDesde && a.fechaHasta) periodo = { fechaDesde: a.fechaDesde, fechaHasta: a.fechaHasta };
    } else if (tipoCarga === 'S') {
      numSemana = t.numSemana + 1;
      const semana = periodoSemana(t, numSemana);
      if (!semana && !s.campos.fechaDesde) throw conflict(MSG_CARGA.sinSemanas);
      if (semana) periodo = semana;
    }
    if (s.campos.fechaDesde && s.campos.fechaHasta) {
      if (s.campos.fechaDesde < t.fechaDesde || s.campos.fechaHasta > t.fechaHasta) {
        throw badRequest(MSG_CARGA.fechasFueraTramite, { fechaDesde: MSG_CARGA.fechasFueraTramite });
      }
      // A load under an authorization stays inside the authorization's period.
      if (
        idAutorizacion &&
        (s.campos.fechaDesde < periodo.fechaDesde || s.campos.fechaHasta > periodo.fechaHasta)
      ) {
        const m = MSG_AUTORIZACION.fechasFueraAutorizacion(periodo.fechaDesde, periodo.fechaHasta);
        throw badRequest(m, { fechaDesde: m });
      }
      periodo = { fechaDesde: s.campos.fechaDesde, fechaHasta: s.campos.fechaHasta };
    }
    const c = await fila<{ idCarga: number }>(
      tx,
      sql`INSERT INTO carga (id_tramite, id_usuario, id_autorizacion, tipo_carga, num_semana, fecha_desde, fecha_hasta,
                          tamanio_archivo, nombre_archivo, formato, fecha_modificacion, estado_proceso, progreso, archivo_clave)
       VALUES (${t.idTramite}, ${user.idUsuario}, ${idAutorizacion}, ${tipoCarga}, ${numSemana}, ${periodo.fechaDesde},
               ${periodo.fechaHasta}, ${s.size}, ${s.nombreArchivo}, ${s.formato}, ${s.campos.fechaModificacion ?? null},
               'PROCESANDO', 0, ${s.clave})
       RETURNING ${ID_CARGA}`,
    );
    await encolar(tx, c.idCarga);
    return c.idCarga;
  });
}

/** The user's file name as metadata only (never used as a path). */
export const nombreSeguro = (name: string) =>
  path
    .basename(name.replace(/\\/g, '/'))
    .replace(/\p{Cc}/gu, '')
    .slice(0, 300) || 'archivo';

/** Locks the procedure, then the load (the same order as the ingest), and checks the load is active. */
export async function lockCarga(tx: Queryable, user: SessionUser, idCarga: number) {
  const ref = await una<{ idTramite: number }>(
    tx,
    sql`SELECT ${TRAMITE_DE_CARGA} FROM carga c WHERE c.id_carga = ${idCarga}`,
  );
  if (!ref) throw notFound();
  const t = await getTramiteForUser(tx, user, ref.idTramite, { lock: true });
  const c = await fila<Carga>(tx, sql`${CARGA_SQL} WHERE c.id_carga = ${idCarga} FOR NO KEY UPDATE OF c`);
  if (c.estado !== 1) throw conflict(MSG_CARGA.yaEliminada);
  if (c.estadoProceso === 'PROCESANDO') throw conflict(MSG_CARGA.enProceso);
  return { t, c };
}

/** What deleting a load removes: its raw rows, its attentions with their lines, and their files. */
async function contenidoCarga(q: Queryable, c: Pick<Carga, 'idCarga' | 'numeroRegistros'>) {
  const id = c.idCarga;
  const r = await fila<{ atenciones: number; lineas: number; archivos: number }>(
    q,
    sql`SELECT (SELECT count(*)::int FROM planilla p WHERE p.id_carga = ${id}) AS atenciones,
            (SELECT count(*)::int FROM planilla_det d JOIN planilla p ON p.id_planilla = d.id_planilla WHERE p.id_carga = ${id}) AS lineas,
            (SELECT count(*)::int FROM archivo_pla a WHERE a.id_carga = ${id}) AS archivos`,
  );
  return { filas: c.numeroRegistros, ...r };
}

/** Why this load may not be deleted now (null: it may), for the route and for the confirmation. */
function motivoNoEliminar(user: SessionUser, c: Carga, estadoTramite: string): string | null {
  if (user.idPerfil !== PERFIL.PRESTADOR) return MSG.noAutorizado;
  if (c.estado !== 1) return MSG_CARGA.yaEliminada;
  if (c.estadoProceso === 'PROCESANDO') return MSG_CARGA.enProceso;
  if (organizacionEnCurso(c.organizacion)) return MSG_CARGA.organizando;
  // The same predicate as the web's 'Borrar Carga': errors at any time, a valid load before sending.
  return puedeEliminarCarga(c, estadoTramite) ? null : MSG_ANULACION.cargaEnviada;
}

/** `GET /api/v1/cargas/:id/eliminacion`: what deleting the load would remove, and whether it may be deleted. */
export async function resumenEliminacion(
  db: Database,
  user: SessionUser,
  idCarga: number,
): Promise<ResumenEliminacionCarga> {
  const c = await getCargaForUser(db, user, idCarga);
  const t = await getTramiteForUser(db, user, c.idTramite);
  const motivo = motivoNoEliminar(user, c, t.estadoTramite);
  return {
    idCarga: c.idCarga,
    nombreArchivo: c.nombreArchivo,
    puedeEliminar: motivo === null,
    motivo,
    ...(await contenidoCarga(db, c)),
  };
}

/**
 * Deletes a load (estado 0): one with errors at any time, a valid one while the procedure has not
 * been sent (issue 14 §2, decision 51). Its raw rows and errors are removed, and so are its attentions
 * (with their line items) and their files: a deleted load is never shown, organised, sent nor
 * downloaded. The attentions' audit trail (auditoria_pla) stays. The procedure then goes back to the
 * step that what is left supports, through the workflow service (events sin-cargas, sin-atenciones,
 * sin-archivos), with the deletion in the same bitácora entry.
 */
export async function eliminarCarga(
  db: Database,
  user: SessionUser,
  idCarga: number,
  opts: { storage?: Storage; log?: FastifyBaseLogger } = {},
) {
  const rutas = await db.transaction(async (tx) => {
    const { t, c } = await lockCarga(tx, user, idCarga);
    const motivo = motivoNoEliminar(user, c, t.estadoTramite);
    if (motivo) throw conflict(motivo);
    const r = await contenidoCarga(tx, c);
    await consulta(
      tx,
      sql`UPDATE carga SET estado = 0, fecha_actualizacion = now() WHERE id_carga = ${idCarga}`,
    );
    await consulta(tx, sql`DELETE FROM carga_error WHERE id_carga = ${idCarga}`);
    await consulta(tx, sql`DELETE FROM carga_fila WHERE id_carga = ${idCarga}`);
    const archivos = await quitarArchivosCarga(tx, idCarga);
    if (r.atenciones > 0) {
      // Observations cannot exist before sending; removed all the same so no row points at a gone attention.
      const deLaCarga = sql`id_planilla IN (SELECT id_planilla FROM planilla WHERE id_carga = ${idCarga})`;
      await consulta(tx, sql`DELETE FROM pla_det_obs WHERE ${deLaCarga}`);
      await consulta(tx, sql`DELETE FROM pla_obs WHERE ${deLaCarga}`);
      const otros = await consulta<{ ruta: string }>(
        tx,
        sql`DELETE FROM archivo_pla WHERE ${deLaCarga} RETURNING ruta`,
      );
      archivos.push(...otros.map((o) => o.ruta));
      await consulta(tx, sql`DELETE FROM planilla WHERE id_carga = ${idCarga}`);
    }
    const nota = MSG_ANULACION.bitacoraCargaEliminada(idCarga, c.nombreArchivo, r);
    // What is left decides the step: no valid load, no attention, no file (in that order).
    const queda = await fila<{ validas: number; atenciones: number; archivos: number }>(
      tx,
      sql`SELECT (SELECT count(*)::int FROM carga c WHERE c.id_tramite = ${t.idTramite} AND c.estado = 1
                 AND c.tiene_errores = 0 AND c.estado_proceso = 'COMPLETADA') AS validas,
              (SELECT count(*)::int FROM planilla p WHERE p.id_tramite = ${t.idTramite} AND p.estado = 1) AS atenciones,
              (SELECT count(*)::int FROM archivo_pla a JOIN planilla p ON p.id_planilla = a.id_planilla
                WHERE p.id_tramite = ${t.idTramite} AND p.estado = 1) AS archivos`,
    );
    const ev =
      queda.validas === 0
        ? 'sin-cargas'
        : queda.atenciones === 0
          ? 'sin-atenciones'
          : queda.archivos === 0
            ? 'sin-archivos'
            : null;
    if (!ev || !(await aplicar(tx, t, ev, user, { nota })).aplicada)
      await writeBitacora(tx, t.idTramite, user.idUsuario, 'ESTADO', nota);
    return archivos;
  });
  // Its files leave the storage only once the database no longer points at them.
  await borrarDelAlmacen(opts.storage, rutas, opts.log);
  return { mensaje: MSG_TRAMITE.cargaEliminada };
}
