import {
  type AutorizacionInput,
  ESTADOS_CARGA_AUTORIZACION,
  type EstadoTramite,
  MSG_AUTORIZACION,
  PERFIL,
  PERFILES_RESUELVEN,
  puedeSolicitar,
  type SessionUser,
} from '@app/domain';
import type { Queryable } from '../../db/client.ts';
import { badRequest, conflict, forbidden } from '../../lib/errors.ts';
import { consulta, fila, sql } from '../../lib/sql.ts';
import { getTramiteForUser, writeBitacora } from '../tramites/access.ts';
import { getAutorizacion, hayPendiente, numCargasActivas } from './queries.ts';

/**
 * Writes of the authorizations (routes.ts): the provider's request, and its approval, rejection or
 * annulment. Each runs inside the caller's transaction and writes the procedure's bitácora.
 */

/** Registers the provider's request on the procedure; answers its id. */
export async function solicitar(tx: Queryable, user: SessionUser, idTramite: number, b: AutorizacionInput) {
  const t = await getTramiteForUser(tx, user, idTramite, { lock: true });
  if (user.idPerfil !== PERFIL.PRESTADOR) throw forbidden();
  const numCargas = await numCargasActivas(tx, t.idTramite);
  if (!puedeSolicitar({ estadoTramite: t.estadoTramite, numCargas })) {
    throw conflict(
      t.estadoTramite === 'ENVIADO'
        ? MSG_AUTORIZACION.solicitudesDeshabilitadas
        : MSG_AUTORIZACION.estadoNoPermiteSolicitud(t.estadoTramite),
      'ESTADO_INVALIDO',
    );
  }
  if (b.fechaDesde < t.fechaDesde || b.fechaHasta > t.fechaHasta) {
    const m = MSG_AUTORIZACION.fechasFueraTramite(t.fechaDesde, t.fechaHasta);
    throw badRequest(m, { fechaDesde: m });
  }
  if (await hayPendiente(tx, t.idTramite))
    throw conflict(MSG_AUTORIZACION.solicitudPendiente, 'SOLICITUD_PENDIENTE');
  const row = await fila<{ id: number }>(
    tx,
    sql`INSERT INTO autorizacion (id_tramite, descripcion, estado_aut, fecha_desde, fecha_hasta, id_usuario_reg)
        VALUES (${t.idTramite}, ${b.descripcion}, 'SOLICITADA', ${b.fechaDesde}, ${b.fechaHasta}, ${user.idUsuario})
        RETURNING id_autorizacion AS id`,
  );
  await writeBitacora(
    tx,
    t.idTramite,
    user.idUsuario,
    'ESTADO',
    `Solicitud de autorización ${row.id} registrada (${b.fechaDesde} al ${b.fechaHasta}): ${b.descripcion}`,
  );
  return row.id;
}

export type Resolucion = 'aprobar' | 'rechazar' | 'anular';
export const RESOLUCIONES: Record<
  Resolucion,
  { estado: string; mensaje: string; perfiles: readonly number[]; resumen: string; bitacora: string }
> = {
  aprobar: {
    estado: 'APROBADA',
    mensaje: MSG_AUTORIZACION.aprobada,
    perfiles: PERFILES_RESUELVEN,
    resumen: 'Aprobar una solicitud de autorización (16, 17, 19)',
    bitacora: 'SUPERVISIÓN',
  },
  rechazar: {
    estado: 'RECHAZADA',
    mensaje: MSG_AUTORIZACION.rechazada,
    perfiles: PERFILES_RESUELVEN,
    resumen: 'Rechazar una solicitud de autorización con su motivo (16, 17, 19)',
    bitacora: 'SUPERVISIÓN',
  },
  anular: {
    estado: 'ANULADA',
    mensaje: MSG_AUTORIZACION.anulada,
    perfiles: [PERFIL.PRESTADOR],
    resumen: 'Anular una solicitud pendiente (prestador)',
    bitacora: 'ESTADO',
  },
};

/** Approves, rejects or annuls a pending request (approval marks the procedure `tiene_apr`). */
export async function resolver(
  tx: Queryable,
  user: SessionUser,
  id: number,
  accion: Resolucion,
  observacion: string | null,
) {
  const def = RESOLUCIONES[accion];
  const { t, a } = await getAutorizacion(tx, user, id, true);
  if (!def.perfiles.includes(user.idPerfil)) throw forbidden();
  if (a.estadoAut !== 'SOLICITADA')
    throw conflict(MSG_AUTORIZACION.yaResuelta(a.estadoAut), 'ESTADO_INVALIDO');
  if (accion === 'aprobar' && !ESTADOS_CARGA_AUTORIZACION.includes(t.estadoTramite as EstadoTramite)) {
    throw conflict(MSG_AUTORIZACION.estadoNoPermiteAprobar(t.estadoTramite), 'ESTADO_INVALIDO');
  }
  await consulta(
    tx,
    sql`UPDATE autorizacion SET estado_aut = ${def.estado}, observacion = COALESCE(${observacion}, observacion),
            fecha_apr = CASE WHEN ${accion === 'aprobar'} THEN now() ELSE fecha_apr END, fecha_act = now(),
            id_usuario_act = ${user.idUsuario}
      WHERE id_autorizacion = ${a.idAutorizacion}`,
  );
  if (accion === 'aprobar') {
    await consulta(
      tx,
      sql`UPDATE tramite SET tiene_apr = 1, version = version + 1, fecha_act = now(), id_usuario_act = ${user.idUsuario}
        WHERE id_tramite = ${t.idTramite}`,
    );
  }
  await writeBitacora(
    tx,
    t.idTramite,
    user.idUsuario,
    def.bitacora,
    `Autorización ${a.idAutorizacion}: ${a.estadoAut} → ${def.estado}.${observacion ? ` ${observacion}` : ''}`,
  );
}
