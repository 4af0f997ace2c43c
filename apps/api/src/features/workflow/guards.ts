/** The effects and guards of the workflow table as SQL (the service applies them; see service.ts). */
import { type Efecto, type Guard, MSG_TRAMITE, semanaDisponible, type TipoRevision } from '@app/domain';
import type { Queryable } from '../../db/client.ts';
import { AppError, conflict } from '../../lib/errors.ts';
import { fila, type SQL, sql } from '../../lib/sql.ts';
import type { TramiteFlujo } from './service.ts';

export const TIPO_TEXTO = { M: 'Auditoría Médica', D: 'Gestión Documental' } as const;

/** The effects of the table as SQL assignments and their bitácora sentence. */
export function efecto(e: Efecto, t: TramiteFlujo): { set: SQL; nota?: string } {
  switch (e) {
    case 'inicioAuditoria':
      return { set: sql`fecha_ini_aud = now()` };
    case 'finAuditoria':
      return { set: sql`fecha_fin_aud = now()` };
    case 'borrarFinAuditoria':
      return { set: sql`fecha_fin_aud = NULL` };
    case 'siguienteSemana':
      return {
        set: sql`num_semana = num_semana + 1`,
        nota: `Semana ${t.numSemana + 1} de ${t.maxSemanas} habilitada para carga.`,
      };
    case 'alternarAsignacion': {
      const nuevo = t.tipoAsignacion === 'T' ? 'U' : 'T';
      return {
        set: sql`tipo_asignacion = ${nuevo}`,
        nota: `Tipo de asignación cambiado a ${nuevo === 'T' ? 'TODOS' : 'USUARIO'}.`,
      };
    }
  }
}

/** Active observations of the procedure's active attentions (attention and line level), of one type or both. */
const observaciones = (tx: Queryable, idTramite: number, tipo: TipoRevision | null, where: SQL) => {
  const de = sql`p.id_tramite = ${idTramite} AND p.estado = 1 AND o.estado = 1
    AND (${tipo}::text IS NULL OR o.observacion_tipo = ${tipo}) ${where}`;
  return fila<{ n: number }>(
    tx,
    sql`SELECT (SELECT count(*) FROM pla_obs o JOIN planilla p ON p.id_planilla = o.id_planilla WHERE ${de})
       + (SELECT count(*) FROM pla_det_obs o JOIN planilla p ON p.id_planilla = o.id_planilla WHERE ${de}) AS n`,
  );
};
/** Drafts of the next round (not yet sent to the provider; migration 0011). */
const POR_ENVIAR = sql`AND o.ronda IS NULL`;
/** Sent to the provider, not answered, and the answers not yet sent back. */
const SIN_RESPUESTA = sql`AND o.ronda IS NOT NULL AND o.fecha_envio_resp IS NULL AND o.id_respuesta IS NULL
  AND o.respuesta IS NULL`;

/** The failure of one guard, or null when it holds. */
export async function guard(
  tx: Queryable,
  g: Guard,
  t: TramiteFlujo,
  tipo: TipoRevision | null,
): Promise<AppError | null> {
  switch (g) {
    case 'estadoEsperado':
      return null; // checked before the from-state
    case 'semanaDisponible':
      return semanaDisponible(t) ? null : conflict(MSG_TRAMITE.sinSemanas, 'SIN_SEMANAS');
    case 'cargasOrganizadas': {
      const c = await fila<{ total: number; pendientes: number }>(
        tx,
        sql`SELECT count(*)::int AS total,
                count(*) FILTER (WHERE tiene_planillas = 0 OR tiene_errores = 1 OR estado_proceso <> 'COMPLETADA')::int AS pendientes
           FROM carga WHERE id_tramite = ${t.idTramite} AND estado = 1`,
      );
      return c.total === 0 || c.pendientes > 0
        ? new AppError(422, 'CARGAS_SIN_ORGANIZAR', MSG_TRAMITE.cargasSinOrganizar)
        : null;
    }
    case 'todasFinalizadas': {
      const p = await fila<{ n: number }>(
        tx,
        sql`SELECT count(*)::int AS n FROM planilla
          WHERE id_tramite = ${t.idTramite} AND estado = 1 AND (estado_aud <> 'FINALIZADA' OR estado_doc <> 'FINALIZADA')`,
      );
      return p.n > 0
        ? new AppError(422, 'PLANILLAS_NO_FINALIZADAS', MSG_TRAMITE.finalizarRechazado, {
            detalle: MSG_TRAMITE.finalizarDialogoDetalle,
            pendientes: String(p.n),
          })
        : null;
    }
    case 'hayObservaciones': {
      const o = await observaciones(tx, t.idTramite, tipo, POR_ENVIAR);
      return Number(o.n) === 0
        ? new AppError(422, 'SIN_OBSERVACIONES', MSG_TRAMITE.sinObservaciones(tipo))
        : null;
    }
    case 'observacionesRespondidas': {
      const o = await observaciones(tx, t.idTramite, tipo, SIN_RESPUESTA);
      const n = Number(o.n);
      return n > 0
        ? new AppError(422, 'OBSERVACIONES_PENDIENTES', MSG_TRAMITE.observacionesSinResponder(tipo, n), {
            pendientes: String(n),
          })
        : null;
    }
  }
}
