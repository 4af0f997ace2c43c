import {
  canAuditarValores,
  canToggleDetalle,
  fechaDentro,
  MSG_DETALLE_EDICION as M,
  MSG_DETALLE,
  OBS_TARIFA_SUPERIOR,
  type SessionUser,
} from '@app/domain';
import type { Queryable } from '../../db/client.ts';
import { AppError, badRequest, conflict } from '../../lib/errors.ts';
import { consulta, fila, sql, una } from '../../lib/sql.ts';
import { recordChanges } from '../planillas/access.ts';
import { cerrarCambio, contexto, lineaBloqueada } from './service.ts';
import { leerDetalle } from './sql.ts';

/** 'Activar detalle': on/off (16, 17, 18). Off objects the whole amount of the line; on restores its approval. */
export async function cambiarEstado(
  tx: Queryable,
  user: SessionUser,
  idPlanilla: number,
  idDet: number,
  b: { estado: 0 | 1; version: number },
) {
  const ctx = await contexto(tx, user, idPlanilla, b.version, canToggleDetalle);
  const l = await lineaBloqueada(tx, idPlanilla, idDet);
  if (l.estado === b.estado)
    throw conflict(b.estado === 1 ? MSG_DETALLE.yaActivo : MSG_DETALLE.yaInactivo, 'ESTADO_INVALIDO');
  await consulta(
    tx,
    sql`UPDATE planilla_det SET estado = ${b.estado}, fecha_act = now(), id_usuario_act = ${user.idUsuario}
         WHERE id_planilla_det = ${idDet}`,
  );
  const operacion = b.estado === 1 ? 'ACTIVAR' : 'DESACTIVAR';
  await recordChanges(
    tx,
    { estado: l.estado },
    { estado: b.estado },
    { idPlanilla, idPlanillaDet: idDet, idUsuario: user.idUsuario, operacion },
  );
  const planilla = await cerrarCambio(tx, ctx, user.idUsuario, operacion);
  return {
    mensaje: b.estado === 1 ? MSG_DETALLE.detalleActivado : MSG_DETALLE.detalleDesactivado,
    item: await leerDetalle(tx, idDet),
    planilla,
  };
}

/** The date of a laboratory or imaging line (docs/spec-summary.md 001 'procedimientos/actualizar-fecha'). */
export async function actualizarFecha(
  tx: Queryable,
  user: SessionUser,
  idPlanilla: number,
  idDet: number,
  b: { fechaAtencion: string; version: number },
) {
  const ctx = await contexto(tx, user, idPlanilla, b.version);
  const l = await lineaBloqueada(tx, idPlanilla, idDet);
  if (!(l.laboratorio === 1 || l.imagen === 1 || l.tipo === 'L' || l.tipo === 'X'))
    throw new AppError(422, 'NO_LAB_IMAGEN', M.fechaSoloLabImagen);
  const { fechaDesde, fechaHasta } = ctx.planilla;
  if (!fechaDentro(b.fechaAtencion, fechaDesde, fechaHasta))
    throw badRequest(M.fechaFuera(fechaDesde, fechaHasta), {
      fechaAtencion: M.fechaFuera(fechaDesde, fechaHasta),
    });
  await consulta(
    tx,
    sql`UPDATE planilla_det SET fecha_atencion = ${b.fechaAtencion}, fecha_act = now(), id_usuario_act = ${user.idUsuario}
         WHERE id_planilla_det = ${idDet}`,
  );
  await recordChanges(
    tx,
    { fechaAtencion: l.fechaAtencion },
    { fechaAtencion: b.fechaAtencion },
    { idPlanilla, idPlanillaDet: idDet, idUsuario: user.idUsuario, operacion: 'DET_FECHA' },
  );
  const planilla = await cerrarCambio(tx, ctx, user.idUsuario, 'DET_FECHA');
  return { item: await leerDetalle(tx, idDet), planilla };
}

/**
 * Accepts the proposal of a line above the provider's agreed tariff: the line gets the standard
 * observation (type M) 'VALOR SUPERIOR A LA TARIFA CONVENIDA' of the insurer (created in its
 * catalogue the first time) unless it has it already, and its approved value becomes
 * cantidad × tariff. The auditor may then change the approved value like any other.
 */
export async function aplicarGlosaTarifa(
  tx: Queryable,
  user: SessionUser,
  idPlanilla: number,
  idDet: number,
  version: number,
) {
  const ctx = await contexto(tx, user, idPlanilla, version, canAuditarValores);
  const l = await lineaBloqueada(tx, idPlanilla, idDet);
  if (l.estado !== 1) throw new AppError(422, 'DETALLE_INACTIVO', M.glosaDetalleInactivo);
  const t = await una<{ valor: string; exceso: boolean; aprobado: string; reclamado: string }>(
    tx,
    sql`SELECT tp.valor::text AS valor, ${l.valorUni}::numeric > tp.valor AS exceso,
            (tp.valor * ${l.cantidad}::int)::numeric(14, 2)::text AS aprobado,
            (${l.valorUni}::numeric * ${l.cantidad}::int)::numeric(14, 2)::text AS reclamado
       FROM tarifa_pres tp WHERE tp.id_prestador = ${ctx.planilla.idPrestador} AND tp.id_elemento = ${l.idElemento}`,
  );
  if (!t) throw new AppError(422, 'SIN_TARIFA', M.sinTarifa);
  if (!t.exceso) throw new AppError(422, 'SIN_EXCESO', M.sinExcesoTarifa);
  const idObservacion = await observacionTarifa(tx, ctx.tramite.idTramite, user.idUsuario);
  const ya = await una<{ id: number }>(
    tx,
    sql`SELECT id_pla_det_obs AS id FROM pla_det_obs
      WHERE id_planilla_det = ${idDet} AND id_observacion = ${idObservacion} AND estado = 1 AND observacion_tipo = 'M'`,
  );
  if (!ya) {
    const descripcion = `TARIFA CONVENIDA ${t.valor}; VALOR UNITARIO RECLAMADO ${l.valorUni}`;
    const o = await fila<{ id: number }>(
      tx,
      sql`INSERT INTO pla_det_obs (id_planilla_det, id_planilla, id_observacion, observacion_tipo, descripcion, id_usuario_reg)
       VALUES (${idDet}, ${idPlanilla}, ${idObservacion}, 'M', ${descripcion}, ${user.idUsuario})
       RETURNING id_pla_det_obs AS id`,
    );
    // Named as the observations feature names its trail ('Obs. detalle M #12 estándar').
    await recordChanges(
      tx,
      {},
      {
        [`Obs. detalle M #${o.id} estándar`]: OBS_TARIFA_SUPERIOR,
        [`Obs. detalle M #${o.id} complementaria`]: descripcion,
      },
      { idPlanilla, idPlanillaDet: idDet, idUsuario: user.idUsuario, operacion: 'OBS_CREAR' },
    );
  }
  await consulta(
    tx,
    sql`UPDATE planilla_det SET valor_aprobado = ${t.aprobado}::numeric WHERE id_planilla_det = ${idDet}`,
  );
  await recordChanges(
    tx,
    { valorAprobado: l.valorAprobado ?? t.reclamado },
    { valorAprobado: t.aprobado },
    { idPlanilla, idPlanillaDet: idDet, idUsuario: user.idUsuario, operacion: 'DET_GLOSA_TARIFA' },
  );
  const planilla = await cerrarCambio(tx, ctx, user.idUsuario, 'DET_GLOSA_TARIFA');
  return { item: await leerDetalle(tx, idDet), planilla };
}

/** The insurer's standard observation for a price above the agreed tariff, created if missing. */
async function observacionTarifa(tx: Queryable, idTramite: number, idUsuario: number): Promise<number> {
  const found = await una<{ id: number }>(
    tx,
    sql`SELECT ob.id_observacion AS id FROM observacion ob, tramite t
      WHERE t.id_tramite = ${idTramite} AND ob.tipo = 'M' AND upper(ob.descripcion) = ${OBS_TARIFA_SUPERIOR}
        AND (ob.id_empresa = t.id_empresa_aseguradora
             OR ob.id_empresa = (SELECT s.id_empresa FROM suscripcion s WHERE s.id_suscripcion = t.id_suscripcion))
      ORDER BY ob.id_observacion LIMIT 1`,
  );
  if (found) return found.id;
  const created = await fila<{ id: number }>(
    tx,
    sql`INSERT INTO observacion (id_empresa, descripcion, tipo, id_usuario_reg)
     SELECT t.id_empresa_aseguradora, ${OBS_TARIFA_SUPERIOR}, 'M', ${idUsuario} FROM tramite t WHERE t.id_tramite = ${idTramite}
     RETURNING id_observacion AS id`,
  );
  return created.id;
}
