import {
  ESTADO_RESPUESTA,
  ESTADOS_RESOLUCION,
  esEstadoObservable,
  MSG_OBSERVACION,
  MSG_PLANILLA,
  type NivelObservacion,
  type ObservacionCrear,
  type ObservacionEditar,
  PERFIL,
  perfilesObservacion,
  procesoActivo,
  type Resolucion,
  type RespuestaObservacion,
  resolucionAcepta,
  type SessionUser,
  type TipoRevision,
  tipoProceso,
} from '@app/domain';
import type { Queryable } from '../../db/client.ts';
import { planillaDet } from '../../db/schema/index.ts';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { columnas, consulta, fila, sql, una } from '../../lib/sql.ts';
import { ajustarGlosa } from '../detalles/service.ts';
import { getPlanillaForUser, type PlanillaCtx, recordChanges } from '../planillas/access.ts';
import { itemObservacion, leerObservacion, type ObsRow, TABLA_SQL } from './queries.ts';

/** The attention of a line item (alias d). */
const DET_PLANILLA = columnas(planillaDet, 'd', { solo: ['idPlanilla'] });

/*
 * Writes of observations and answers (issue 13 items 1, 4, 6). Each runs inside the caller's
 * transaction with the locks of every attention writer: procedure FOR SHARE, attention FOR UPDATE,
 * then the observation FOR UPDATE. Checks answer 404 (tenant, visibility), 403 (profile, process
 * flag), 422 (another process's observation), 409 (state, stale version, already sent) and 400
 * (catalogue references); every change goes to the attention's audit trail (auditoria_pla).
 */

const perfilNoAutorizado = () => new AppError(403, 'PERFIL_NO_AUTORIZADO', MSG_PLANILLA.perfilNoAutorizado);
const procesoInactivo = (tipo: TipoRevision) =>
  new AppError(403, 'PROCESO_INACTIVO', MSG_OBSERVACION.procesoInactivo(tipo));
const versionObsoleta = () => conflict(MSG_OBSERVACION.versionObsoleta, 'VERSION');

/** The attention a new observation hangs on: the attention itself, or the line item's. */
async function destino(tx: Queryable, user: SessionUser, nivel: NivelObservacion, id: number) {
  let idPlanilla = id;
  let idPlanillaDet: number | null = null;
  if (nivel === 'detalle') {
    const d = await una<{ idPlanilla: number }>(
      tx,
      sql`SELECT ${DET_PLANILLA} FROM planilla_det d WHERE d.id_planilla_det = ${id}`,
    );
    if (!d) throw notFound();
    idPlanilla = d.idPlanilla;
    idPlanillaDet = id;
  }
  const ctx = await getPlanillaForUser(tx, user, idPlanilla, { lock: 'share' });
  if (ctx.planilla.estado !== 1) throw conflict(MSG_PLANILLA.yaAnulada, 'PLANILLA_ANULADA');
  return { ...ctx, idPlanillaDet };
}

/** The observation and its attention, locked; 404 when the user may not see it or it was deleted. */
async function cargar(tx: Queryable, user: SessionUser, nivel: NivelObservacion, id: number) {
  const o0 = await leerObservacion(tx, nivel, id);
  if (!o0) throw notFound();
  const ctx = await getPlanillaForUser(tx, user, o0.idPlanilla, { lock: 'share' });
  const o = await leerObservacion(tx, nivel, id, true);
  if (o?.estado !== 1 || o.idPlanilla !== o0.idPlanilla || ctx.planilla.estado !== 1) throw notFound();
  // The provider sees only what was sent to it.
  if (user.idPerfil === PERFIL.PRESTADOR && o.ronda === null) throw notFound();
  return { o, ...ctx };
}

/**
 * The insurer-side checks of a write on an existing observation: the process the user acts in
 * (`tipo` for 16), the observation written in that process, the state, the process flag, the version.
 */
function checkProceso(
  user: SessionUser,
  ctx: PlanillaCtx & { o: ObsRow },
  tipo: TipoRevision | undefined,
  version: number,
  estados: (estado: string) => AppError | null,
): TipoRevision {
  const tp = tipoProceso(user.idPerfil, tipo);
  if (!tp) {
    if (user.idPerfil === PERFIL.REVISOR)
      throw badRequest(MSG_OBSERVACION.tipoRequerido, { tipo: MSG_OBSERVACION.tipoRequerido });
    throw perfilNoAutorizado();
  }
  if (!perfilesObservacion(tp).includes(user.idPerfil)) throw perfilNoAutorizado();
  if (ctx.o.tipo !== tp) throw new AppError(422, 'TIPO_DISTINTO', MSG_OBSERVACION.tipoDistinto(ctx.o.tipo));
  const e = estados(ctx.tramite.estadoTramite);
  if (e) throw e;
  if (!procesoActivo(user, ctx.planilla, tp)) throw procesoInactivo(tp);
  if (version !== ctx.o.version) throw versionObsoleta();
  return tp;
}

const estadoObservable = (estado: string) =>
  esEstadoObservable(estado) ? null : conflict(MSG_OBSERVACION.estadoNoPermite(estado), 'ESTADO_INVALIDO');

/** The standard observation: of the procedure's insurer, of this type or common (C). */
async function checkCatalogo(tx: Queryable, idTramite: number, idObservacion: number, tipo: TipoRevision) {
  const ok = await una<{ descripcion: string }>(
    tx,
    sql`SELECT ob.descripcion FROM observacion ob, tramite t
      WHERE ob.id_observacion = ${idObservacion} AND t.id_tramite = ${idTramite} AND ob.tipo IN (${tipo}, 'C')
        AND (ob.id_empresa = t.id_empresa_aseguradora
             OR ob.id_empresa = (SELECT s.id_empresa FROM suscripcion s WHERE s.id_suscripcion = t.id_suscripcion))`,
  );
  if (!ok)
    throw badRequest(MSG_OBSERVACION.observacionNoDelTipo, {
      idObservacion: MSG_OBSERVACION.observacionNoDelTipo,
    });
  return ok.descripcion;
}

async function checkRespuesta(tx: Queryable, idTramite: number, idRespuesta: number) {
  const ok = await una<{ descripcion: string }>(
    tx,
    sql`SELECT re.descripcion FROM respuesta re, tramite t
      WHERE re.id_respuesta = ${idRespuesta} AND t.id_tramite = ${idTramite}
        AND (re.id_empresa = t.id_empresa_aseguradora
             OR re.id_empresa = (SELECT s.id_empresa FROM suscripcion s WHERE s.id_suscripcion = t.id_suscripcion))`,
  );
  if (!ok)
    throw badRequest(MSG_OBSERVACION.respuestaNoExiste, { idRespuesta: MSG_OBSERVACION.respuestaNoExiste });
  return ok.descripcion;
}

const estandar = async (tx: Queryable, id: number | null) =>
  id === null
    ? null
    : ((
        await una<{ d: string }>(
          tx,
          sql`SELECT descripcion AS d FROM observacion WHERE id_observacion = ${id}`,
        )
      )?.d ?? null);
const respuestaEstandar = async (tx: Queryable, id: number | null) =>
  id === null
    ? null
    : ((await una<{ d: string }>(tx, sql`SELECT descripcion AS d FROM respuesta WHERE id_respuesta = ${id}`))
        ?.d ?? null);

/** Audit trail of one observation: fields named after the observation (`Obs. M #12 estándar`). */
function auditar(
  tx: Queryable,
  user: SessionUser,
  nivel: NivelObservacion,
  o: { id: number; tipo: string; idPlanilla: number; idPlanillaDet: number | null },
  operacion: string,
  antes: Record<string, string | null>,
  despues: Record<string, string | null>,
) {
  const pref = `Obs. ${nivel === 'planilla' ? '' : 'detalle '}${o.tipo} #${o.id}`;
  const k = (r: Record<string, string | null>) =>
    Object.fromEntries(Object.entries(r).map(([c, v]) => [`${pref} ${c}`, v]));
  return recordChanges(tx, k(antes), k(despues), {
    idPlanilla: o.idPlanilla,
    idPlanillaDet: o.idPlanillaDet,
    idUsuario: user.idUsuario,
    operacion,
  });
}

export async function crearObservacion(
  tx: Queryable,
  user: SessionUser,
  nivel: NivelObservacion,
  idDestino: number,
  b: ObservacionCrear,
) {
  const tipo = b.tipo as TipoRevision;
  const ctx = await destino(tx, user, nivel, idDestino);
  if (!perfilesObservacion(tipo).includes(user.idPerfil)) throw perfilNoAutorizado();
  const e = estadoObservable(ctx.tramite.estadoTramite);
  if (e) throw e;
  if (!procesoActivo(user, ctx.planilla, tipo)) throw procesoInactivo(tipo);
  const std = await checkCatalogo(tx, ctx.tramite.idTramite, b.idObservacion as number, tipo);
  const t = TABLA_SQL[nivel];
  const det = nivel === 'detalle';
  const r = await fila<{ id: number }>(
    tx,
    sql`INSERT INTO ${t.tabla} (${det ? sql.raw('id_planilla_det, ') : sql.empty()}id_planilla, id_observacion,
            observacion_tipo, descripcion, id_usuario_reg)
     VALUES (${det ? sql`${ctx.idPlanillaDet}, ` : sql.empty()}${ctx.planilla.idPlanilla}, ${b.idObservacion},
             ${tipo}, ${b.descripcion ?? null}, ${user.idUsuario}) RETURNING ${t.id} AS id`,
  );
  await auditar(
    tx,
    user,
    nivel,
    { id: r.id, tipo, idPlanilla: ctx.planilla.idPlanilla, idPlanillaDet: ctx.idPlanillaDet },
    'OBS_CREAR',
    {},
    { estándar: std, complementaria: b.descripcion ?? null },
  );
  return itemObservacion(tx, nivel, r.id);
}

export async function editarObservacion(
  tx: Queryable,
  user: SessionUser,
  nivel: NivelObservacion,
  id: number,
  b: ObservacionEditar,
) {
  const ctx = await cargar(tx, user, nivel, id);
  const tp = checkProceso(user, ctx, b.tipo as TipoRevision | undefined, b.version, estadoObservable);
  if (ctx.o.ronda !== null) throw conflict(MSG_OBSERVACION.yaEnviada, 'YA_ENVIADA');
  const std = await checkCatalogo(tx, ctx.tramite.idTramite, b.idObservacion as number, tp);
  const t = TABLA_SQL[nivel];
  await consulta(
    tx,
    sql`UPDATE ${t.tabla} SET id_observacion = ${b.idObservacion}, descripcion = ${b.descripcion ?? null},
            version = version + 1, fecha_act = now(), id_usuario_act = ${user.idUsuario} WHERE ${t.id} = ${id}`,
  );
  await auditar(
    tx,
    user,
    nivel,
    ctx.o,
    'OBS_EDITAR',
    { estándar: await estandar(tx, ctx.o.idObservacion), complementaria: ctx.o.descripcion },
    { estándar: std, complementaria: b.descripcion ?? null },
  );
  return itemObservacion(tx, nivel, id);
}

/** Soft delete (estado 0). */
export async function eliminarObservacion(
  tx: Queryable,
  user: SessionUser,
  nivel: NivelObservacion,
  id: number,
  q: { tipo?: TipoRevision; version: number },
) {
  const ctx = await cargar(tx, user, nivel, id);
  checkProceso(user, ctx, q.tipo, q.version, estadoObservable);
  if (ctx.o.ronda !== null) throw conflict(MSG_OBSERVACION.yaEnviada, 'YA_ENVIADA');
  const t = TABLA_SQL[nivel];
  await consulta(
    tx,
    sql`UPDATE ${t.tabla} SET estado = 0, version = version + 1, fecha_act = now(), id_usuario_act = ${user.idUsuario}
         WHERE ${t.id} = ${id}`,
  );
  await auditar(tx, user, nivel, ctx.o, 'OBS_ELIMINAR', { estado: '1' }, { estado: '0' });
}

/** The provider's answer (15, the procedure's owner, while OBSERVACIONES). */
export async function responderObservacion(
  tx: Queryable,
  user: SessionUser,
  nivel: NivelObservacion,
  id: number,
  b: RespuestaObservacion,
) {
  if (user.idPerfil !== PERFIL.PRESTADOR) throw forbidden();
  const ctx = await cargar(tx, user, nivel, id);
  if (ctx.tramite.estadoTramite !== ESTADO_RESPUESTA)
    throw conflict(
      MSG_OBSERVACION.respuestaSoloEnObservaciones(ctx.tramite.estadoTramite),
      'ESTADO_INVALIDO',
    );
  if (ctx.o.fechaEnvioResp !== null) throw conflict(MSG_OBSERVACION.respuestaYaEnviada, 'RESPUESTA_ENVIADA');
  if (b.version !== ctx.o.version) throw versionObsoleta();
  const idRespuesta = (b.idRespuesta as number | undefined) ?? null;
  const std = idRespuesta === null ? null : await checkRespuesta(tx, ctx.tramite.idTramite, idRespuesta);
  const t = TABLA_SQL[nivel];
  await consulta(
    tx,
    sql`UPDATE ${t.tabla} SET id_respuesta = ${idRespuesta}, respuesta = ${b.respuesta ?? null}, fecha_resp = now(),
            id_usuario_resp = ${user.idUsuario}, version = version + 1, fecha_act = now(),
            id_usuario_act = ${user.idUsuario} WHERE ${t.id} = ${id}`,
  );
  await auditar(
    tx,
    user,
    nivel,
    ctx.o,
    'OBS_RESPONDER',
    {
      respuesta: await respuestaEstandar(tx, ctx.o.idRespuesta),
      'respuesta complementaria': ctx.o.respuesta,
    },
    { respuesta: std, 'respuesta complementaria': b.respuesta ?? null },
  );
  return itemObservacion(tx, nivel, id);
}

/**
 * The auditor's decision on an answer the provider sent back (issue 13 item 6). On a line item's
 * observation the money follows in the same transaction and audit trail (features/detalles
 * ajustarGlosa): REDUCE approves `valorAprobado`, RETIRA approves the line as claimed, MANTIENE
 * leaves the glosa standing.
 */
export async function resolverObservacion(
  tx: Queryable,
  user: SessionUser,
  nivel: NivelObservacion,
  id: number,
  b: { tipo?: TipoRevision; resolucion: Resolucion; valorAprobado?: string; version: number },
) {
  const ctx = await cargar(tx, user, nivel, id);
  if (nivel === 'detalle' && b.resolucion === 'REDUCE' && b.valorAprobado === undefined)
    throw badRequest(MSG_OBSERVACION.valorAprobadoRequerido, {
      valorAprobado: MSG_OBSERVACION.valorAprobadoRequerido,
    });
  checkProceso(user, ctx, b.tipo, b.version, (estado) =>
    ESTADOS_RESOLUCION.includes(estado as never)
      ? null
      : conflict(MSG_OBSERVACION.resolucionEstado(estado), 'ESTADO_INVALIDO'),
  );
  if (ctx.o.fechaEnvioResp === null || (ctx.o.idRespuesta === null && ctx.o.respuesta === null))
    throw new AppError(422, 'SIN_RESPUESTA', MSG_OBSERVACION.sinRespuesta);
  const t = TABLA_SQL[nivel];
  await consulta(
    tx,
    sql`UPDATE ${t.tabla} SET resolucion = ${b.resolucion}, aceptada = ${resolucionAcepta(b.resolucion) ? 1 : 0},
            fecha_acepta = now(), id_usuario_acepta = ${user.idUsuario}, version = version + 1, fecha_act = now(),
            id_usuario_act = ${user.idUsuario} WHERE ${t.id} = ${id}`,
  );
  await auditar(
    tx,
    user,
    nivel,
    ctx.o,
    'OBS_RESOLVER',
    { resolución: ctx.o.resolucion },
    { resolución: b.resolucion },
  );
  if (nivel === 'detalle' && ctx.o.idPlanillaDet !== null && b.resolucion !== 'MANTIENE')
    await ajustarGlosa(
      tx,
      ctx.o.idPlanillaDet,
      b.resolucion === 'REDUCE' ? (b.valorAprobado ?? null) : null,
      user,
    );
  return itemObservacion(tx, nivel, id);
}
