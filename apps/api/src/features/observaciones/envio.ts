import {
  MSG_OBSERVACION,
  MSG_PLANILLA,
  MSG_TRAMITE,
  perfilEnvioObservaciones,
  reviewType,
  type SessionUser,
  type TipoRevision,
} from '@app/domain';
import type { Database, Queryable } from '../../db/client.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import { consulta, type SQL, sql } from '../../lib/sql.ts';
import { type Encolado, enqueueObservacionesMail, enqueueRespuestasMail } from '../correo/index.ts';
import { getTramiteForUser } from '../tramites/access.ts';
import { aplicar } from '../workflow/service.ts';
import { type Conteo, conteoTramite } from './queries.ts';

/*
 * Completeness and the two sending actions of the conversation (issue 13 item 5). The state moves
 * only through the workflow service (`aplicar`); its effects hook marks the round and queues the
 * e-mail in the same transaction.
 */

/** observacionesCompletas and its message (docs/spec-summary.md 001 §4): every observation sent and still open is answered. */
export function completitud(c: Conteo, tipo: TipoRevision, nivel: 'planilla' | 'tramite') {
  const mensaje =
    c.pendientes > 0
      ? nivel === 'tramite'
        ? MSG_TRAMITE.observacionesSinResponder(tipo, c.pendientes)
        : MSG_OBSERVACION.pendientesPlanilla(tipo, c.pendientes)
      : c.abiertas === 0
        ? MSG_OBSERVACION.sinObservacionesEnviadas(tipo)
        : nivel === 'tramite'
          ? MSG_OBSERVACION.completasTramite(tipo)
          : MSG_OBSERVACION.completasPlanilla(tipo);
  return {
    observacionesCompletas: c.pendientes === 0,
    mensaje,
    tipo,
    total: c.abiertas,
    pendientes: c.pendientes,
    porEnviar: c.porEnviar,
  };
}

/** The open observations of a procedure (alias-free): sent, not answered back. */
const abiertas = (idTramite: number) =>
  sql`id_tramite = ${idTramite} AND estado = 1 AND planilla_estado = 1 AND ronda IS NOT NULL AND fecha_envio_resp IS NULL`;

/** The one type whose observations are with the provider now (sent, not answered back), else null. */
async function tipoAbierto(tx: Queryable, idTramite: number): Promise<TipoRevision | null> {
  const w = abiertas(idTramite);
  const rows = await consulta<{ tipo: TipoRevision }>(
    tx,
    sql`SELECT DISTINCT observacion_tipo AS tipo FROM (
       SELECT observacion_tipo FROM pla_obs WHERE ${w}
       UNION ALL
       SELECT observacion_tipo FROM pla_det_obs WHERE ${w}) x`,
  );
  return rows.length === 1 ? rows[0].tipo : null;
}

/**
 * Marks the observations of a procedure and type with `set`: the drafts when sending (`ronda` set),
 * else the open ones (answers sent back).
 */
async function marcar(tx: Queryable, idTramite: number, tipo: TipoRevision, set: SQL, borradores: boolean) {
  for (const tabla of [sql.raw('pla_obs'), sql.raw('pla_det_obs')])
    await consulta(
      tx,
      sql`UPDATE ${tabla} SET ${set}, version = version + 1
        WHERE id_tramite = ${idTramite} AND observacion_tipo = ${tipo} AND estado = 1 AND planilla_estado = 1 AND ${
          borradores ? sql.raw('ronda IS NULL') : sql.raw('ronda IS NOT NULL AND fecha_envio_resp IS NULL')
        }`,
    );
}

/** One of the two sending actions, through the workflow service (the one writer of the state). */
export async function enviar(
  db: Database,
  user: SessionUser,
  idTramite: number,
  accion: 'enviar-observaciones' | 'enviar-respuestas',
  b: { tipo?: TipoRevision; estadoActual?: string },
) {
  return db.transaction(async (tx) => {
    const t = await getTramiteForUser(tx, user, idTramite, { lock: true });
    const observaciones = accion === 'enviar-observaciones';
    const tipo = b.tipo ?? (observaciones ? reviewType(user.idPerfil) : await tipoAbierto(tx, t.idTramite));
    if (!tipo) throw badRequest(MSG_OBSERVACION.tipoRequerido, { tipo: MSG_OBSERVACION.tipoRequerido });
    if (observaciones && user.idPerfil !== perfilEnvioObservaciones(tipo))
      throw new AppError(403, 'PERFIL_NO_AUTORIZADO', MSG_PLANILLA.perfilNoAutorizado);
    const c = await conteoTramite(tx, t.idTramite, tipo);
    const ronda = observaciones ? c.ronda + 1 : c.ronda;
    const n = observaciones ? c.porEnviar : c.abiertas;
    let correo: Encolado = { idCorreo: null, destinatarios: [] };
    const ap = await aplicar(tx, t, accion, user, {
      tipo,
      estadoActual: b.estadoActual,
      nota: observaciones
        ? MSG_OBSERVACION.bitacoraEnvio(tipo, n, ronda)
        : MSG_OBSERVACION.bitacoraRespuestas(tipo, n),
      efectos: async (tx2) => {
        const mail = { idTramite: t.idTramite, tipo, idUsuario: user.idUsuario };
        if (observaciones) {
          if (n === 0) throw new AppError(422, 'SIN_OBSERVACIONES', MSG_TRAMITE.sinObservaciones(tipo));
          await marcar(
            tx2,
            t.idTramite,
            tipo,
            sql`ronda = ${ronda}, fecha_envio = now(), id_usuario_envio = ${user.idUsuario}`,
            true,
          );
          // E-mail to the provider with the observations report (features/correo, issue 13 item 5).
          correo = await enqueueObservacionesMail(tx2, mail);
        } else {
          if (n === 0)
            throw new AppError(422, 'SIN_OBSERVACIONES', MSG_OBSERVACION.sinObservacionesEnviadas(tipo));
          if (c.pendientes > 0)
            throw new AppError(
              422,
              'OBSERVACIONES_PENDIENTES',
              MSG_TRAMITE.observacionesSinResponder(tipo, c.pendientes),
              { pendientes: String(c.pendientes) },
            );
          await marcar(
            tx2,
            t.idTramite,
            tipo,
            sql`fecha_envio_resp = now(), id_usuario_envio_resp = ${user.idUsuario}`,
            false,
          );
          // E-mail to the insurer's supervisors with the answers report (features/correo).
          correo = await enqueueRespuestasMail(tx2, mail);
        }
      },
    });
    const enviado = observaciones
      ? MSG_OBSERVACION.correoObservacionesEnviado
      : MSG_OBSERVACION.correoRespuestasEnviado;
    return {
      mensaje: correo.idCorreo === null ? `${ap.mensaje} ${MSG_OBSERVACION.sinDestinatarios}` : enviado,
      estadoTramite: ap.hacia,
      tipo,
      ronda,
      observaciones: n,
      correo,
    };
  });
}
