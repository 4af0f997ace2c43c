import {
  type AccionRevision,
  estadoRevision,
  MSG_PLANILLA,
  puedeTransicionRevision,
  type SessionUser,
  type TipoRevision,
  type TransicionRevision,
  transicionRevision,
} from '@app/domain';
import type { Queryable } from '../../db/client.ts';
import { planilla } from '../../db/schema/index.ts';
import { AppError, conflict } from '../../lib/errors.ts';
import { columnas, fila, sql, una } from '../../lib/sql.ts';
import { sinResponderPlanilla } from '../observaciones/queries.ts';
import {
  assertEstadoTrabajo,
  assertVersion,
  getPlanillaForUser,
  type PlanillaRow,
  perfilNoAutorizado,
  recordChanges,
} from '../planillas/access.ts';
import { writeBitacora } from '../tramites/access.ts';

/*
 * One review transition of one attention, as the review routes and the load's finalisation apply it.
 */

/** Column names of one review type. */
/** What a review answers of the attention (alias p). */
const REVISADA = columnas(planilla, 'p', { solo: ['version', 'estadoAud', 'estadoDoc'] });

export const COLS = {
  M: {
    estado: 'estado_aud',
    usuario: 'id_usuario_med',
    fecha: 'fecha_aud',
    campo: 'estadoAud',
    campoUsuario: 'usuarioMed',
  },
  D: {
    estado: 'estado_doc',
    usuario: 'id_usuario_doc',
    fecha: 'fecha_doc',
    campo: 'estadoDoc',
    campoUsuario: 'usuarioDoc',
  },
} as const;

/** Who left the attention's review of that type in its current state (the audit trail), if anyone. */
async function autorRevision(tx: Queryable, p: PlanillaRow, tipo: TipoRevision, estado: string) {
  const a = await una<{ nombre: string }>(
    tx,
    sql`SELECT u.nombre FROM auditoria_pla a JOIN usuario u ON u.id_usuario = a.id_usuario
      WHERE a.id_planilla = ${p.idPlanilla} AND a.operacion = 'REVISION' AND a.campo = ${COLS[tipo].campo}
        AND a.despues = ${estado}
      ORDER BY a.id_auditoria DESC LIMIT 1`,
  );
  return a?.nombre ?? null;
}

/**
 * One review transition of one attention (the domain's TRANSICIONES_REVISION), in one transaction:
 * procedure FOR SHARE, attention FOR UPDATE; profile, state of the procedure, version and current
 * review state checked; audit trail and bitácora written. A review never changes an assignment: the
 * one who loses a race for the same review gets 409 naming who won.
 */
export async function aplicarRevision(
  tx: Queryable,
  user: SessionUser,
  idPlanilla: number,
  tipo: TipoRevision,
  version: number | undefined,
  tr: TransicionRevision,
) {
  const { planilla: p, tramite } = await getPlanillaForUser(tx, user, idPlanilla, { lock: 'share' });
  if (!puedeTransicionRevision(tr, user, p, tipo)) throw perfilNoAutorizado();
  assertEstadoTrabajo(tramite);
  const actual = estadoRevision(p, tipo);
  if (actual !== tr.desde) {
    const autor = await autorRevision(tx, p, tipo, actual);
    if (autor) {
      const code = version !== undefined && version !== p.version ? 'VERSION' : 'ESTADO_REVISION';
      throw conflict(MSG_PLANILLA.revisionGanada(tipo, p.numero, actual, autor), code);
    }
  }
  assertVersion(p, version);
  if (actual !== tr.desde)
    throw conflict(MSG_PLANILLA.estadoRevisionInvalido(tipo, tr.desde, actual), 'ESTADO_REVISION');
  if (tr.guards.includes('observacionesRespondidas')) {
    // Observations of the attention and of its line items (features/observaciones).
    if ((await sinResponderPlanilla(tx, p.idPlanilla, tipo)) > 0)
      throw new AppError(422, 'OBSERVACIONES_PENDIENTES', MSG_PLANILLA.observacionesSinResponder);
  }
  const c = COLS[tipo];
  let fecha = sql.empty();
  if (tr.efectos.includes('fechaRevision')) fecha = sql.raw(`, ${c.fecha} = now()`);
  if (tr.efectos.includes('borrarFechaRevision')) fecha = sql.raw(`, ${c.fecha} = NULL`);
  const u = await fila<Pick<PlanillaRow, 'version' | 'estadoAud' | 'estadoDoc'>>(
    tx,
    sql`UPDATE planilla p SET ${sql.raw(c.estado)} = ${tr.hacia}, version = version + 1, fecha_act = now(),
           id_usuario_act = ${user.idUsuario}${fecha}
      WHERE p.id_planilla = ${p.idPlanilla}
     RETURNING ${REVISADA}`,
  );
  await recordChanges(
    tx,
    { [c.campo]: actual },
    { [c.campo]: tr.hacia },
    { idPlanilla: p.idPlanilla, idUsuario: user.idUsuario, operacion: 'REVISION' },
  );
  await writeBitacora(tx, tramite.idTramite, user.idUsuario, tipo, tr.bitacora(tipo, p.numero));
  return { planilla: p, tramite, item: { idPlanilla: p.idPlanilla, ...u } };
}

export const transicionDe = (accion: AccionRevision) => transicionRevision(accion) as TransicionRevision;
