import {
  type accionBodySchema,
  accionesPermitidas,
  esEditable,
  MSG,
  MSG_ANULACION,
  MSG_TRAMITE,
  periodoEditable,
  type SessionUser,
  semanasEnPeriodo,
  type Transicion,
  type tramiteInputSchema,
  type tramiteUpdateSchema,
} from '@app/domain';
import type { z } from 'zod';
import type { Database, Queryable } from '../../db/client.ts';
import { badRequest, conflict } from '../../lib/errors.ts';
import { consulta, fila, sql, una } from '../../lib/sql.ts';
import { aplicar } from '../workflow/service.ts';
import { getTramiteForUser, writeBitacora } from './access.ts';
import { aseguradoraDeSuscripcion, insertTramite } from './insert.ts';
import { TRAMITE_FROM_SQL, TRAMITE_VIEW_SQL } from './queries.ts';

/**
 * A procedure's reads and writes behind routes.ts: its view with the user's actions, what it holds (annulling),
 * the provider's registration and edit, and a workflow action. Writes run inside the caller's transaction.
 */

/** A procedure as the API answers it, with the workflow actions the user may take. */
export async function vistaTramite(q: Queryable, user: SessionUser, idTramite: number) {
  const t = await getTramiteForUser(q, user, idTramite);
  const row = await una<Record<string, unknown>>(
    q,
    sql`SELECT ${TRAMITE_VIEW_SQL} ${TRAMITE_FROM_SQL} WHERE t.id_tramite = ${t.idTramite}`,
  );
  return { ...row, acciones: accionesPermitidas(t, user.idPerfil).map((a) => a.accion) };
}

/** What a procedure holds: the annul confirmation names it and the bitácora keeps it (decision 50). */
export async function contenidoTramite(q: Queryable, idTramite: number) {
  return fila<{ cargas: number; atenciones: number; lineas: number; archivos: number }>(
    q,
    sql`SELECT (SELECT count(*)::int FROM carga c WHERE c.id_tramite = ${idTramite} AND c.estado = 1) AS cargas,
            (SELECT count(*)::int FROM planilla p WHERE p.id_tramite = ${idTramite} AND p.estado = 1) AS atenciones,
            (SELECT count(*)::int FROM planilla_det d JOIN planilla p ON p.id_planilla = d.id_planilla
              WHERE p.id_tramite = ${idTramite} AND p.estado = 1) AS lineas,
            (SELECT count(*)::int FROM archivo_pla a JOIN planilla p ON p.id_planilla = a.id_planilla
              WHERE p.id_tramite = ${idTramite} AND p.estado = 1) AS archivos`,
  );
}

/** What a procedure holds before annulling it (for the confirmation), and whether the user may annul it. */
export async function anulacionTramite(q: Queryable, user: SessionUser, idTramite: number) {
  const t = await getTramiteForUser(q, user, idTramite);
  const puede = accionesPermitidas(t, user.idPerfil).some((a) => a.accion === 'anular');
  return {
    estadoTramite: t.estadoTramite,
    puedeAnular: puede,
    ...(await contenidoTramite(q, t.idTramite)),
  };
}

/** The provider registers a procedure (REGISTRADO) of one of its own providers; answers its id. */
export async function registrarTramite(
  db: Pick<Database, 'query' | 'transaction'>,
  user: SessionUser,
  b: z.infer<typeof tramiteInputSchema>,
) {
  const prest = await consulta<{ id: number }>(
    db,
    sql`SELECT id_prestador AS id FROM prestador WHERE id_prestador = ${b.idPrestador} AND id_empresa = ${user.idEmpresa}`,
  );
  if (!prest[0]) throw badRequest(MSG.campoRequerido('Prestador'), { idPrestador: 'Prestador no válido.' });
  const idEmpresaAseguradora = await aseguradoraDeSuscripcion(db, user);
  const maxSemanas =
    b.frecuenciaCarga === 'S' ? (b.maxSemanas ?? semanasEnPeriodo(b.fechaDesde, b.fechaHasta)) : 0;
  return db.transaction(async (tx) => {
    const idTramite = await insertTramite(tx, {
      idSuscripcion: user.idSuscripcion ?? -1,
      idEmpresaAseguradora,
      idPrestador: b.idPrestador,
      idServicio: b.idServicio,
      fechaDesde: b.fechaDesde,
      fechaHasta: b.fechaHasta,
      descripcion: b.descripcion,
      frecuenciaCarga: b.frecuenciaCarga,
      maxSemanas,
      idUsuario: user.idUsuario,
    });
    await writeBitacora(tx, idTramite, user.idUsuario, 'ESTADO', 'Trámite registrado (REGISTRADO).');
    return idTramite;
  });
}

/** The provider edits the dates and description (REGISTRADO, or only widening with an approved authorization). */
export async function actualizarTramite(
  tx: Queryable,
  user: SessionUser,
  idTramite: number,
  body: z.infer<typeof tramiteUpdateSchema>,
) {
  const t = await getTramiteForUser(tx, user, idTramite, { lock: true });
  if (!esEditable(t)) throw conflict(MSG_TRAMITE.noEditable, 'ESTADO_INVALIDO');
  if (!periodoEditable(t, body.fechaDesde, body.fechaHasta)) {
    throw badRequest(MSG_TRAMITE.soloAmpliarPeriodo, { fechaDesde: MSG_TRAMITE.soloAmpliarPeriodo });
  }
  if (body.version !== undefined && body.version !== t.version) {
    throw conflict(MSG_TRAMITE.estadoCambio('en la versión que usted vio', t.estadoTramite), 'VERSION');
  }
  const maxSemanas =
    t.frecuenciaCarga === 'S' ? semanasEnPeriodo(body.fechaDesde, body.fechaHasta) : t.maxSemanas;
  await consulta(
    tx,
    sql`UPDATE tramite SET fecha_desde = ${body.fechaDesde}, fecha_hasta = ${body.fechaHasta}, descripcion = ${body.descripcion},
       max_semanas = ${maxSemanas}, version = version + 1, fecha_act = now(), id_usuario_act = ${user.idUsuario}
     WHERE id_tramite = ${t.idTramite}`,
  );
}

/** Applies a workflow action to the locked procedure; annulling notes in the bitácora what it held. */
export async function aplicarAccion(
  tx: Queryable,
  user: SessionUser,
  idTramite: number,
  tr: Transicion,
  body: z.infer<typeof accionBodySchema> | null | undefined,
) {
  const t = await getTramiteForUser(tx, user, idTramite, { lock: true });
  // Annulling keeps everything; the bitácora says what the procedure held (decision 50).
  const nota =
    tr.accion === 'anular' && tr.perfiles.includes(user.idPerfil)
      ? MSG_ANULACION.bitacoraAnulado(await contenidoTramite(tx, t.idTramite))
      : undefined;
  const r = await aplicar(tx, t, tr.accion, user, {
    estadoActual: body?.estadoActual,
    tipo: body?.tipo,
    nota,
  });
  return { mensaje: r.mensaje };
}
