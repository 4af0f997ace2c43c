import type { DetalleFilaAuditada, PlanillaTotales, Totales } from '@app/domain';
import type { Queryable } from '../../db/client.ts';

/*
 * The money of one line, in SQL so that no amount passes through a float (docs/design-summary.md §1):
 * claimed = round(cantidad × valor_uni, 2); approved = valor_aprobado (NULL: as claimed), 0 when the
 * line is inactive (deactivating objects the whole amount); glosa = claimed − approved.
 */
export const RECLAMADO = (d = 'd') => `round(${d}.cantidad * ${d}.valor_uni, 2)`;
export const APROBADO = (d = 'd') =>
  `(CASE WHEN ${d}.estado = 1 THEN COALESCE(${d}.valor_aprobado, ${RECLAMADO(d)}) ELSE 0::numeric(14, 2) END)`;

/** The agreed unit value (tarifa_pres) of the attention's provider for the line's element. */
const TARIFA = `(SELECT tp.valor FROM tarifa_pres tp WHERE tp.id_prestador = p.id_prestador AND tp.id_elemento = d.id_elemento)`;

/** Columns of a line as the API names them (aliases d line, e element, p attention). */
export const DETALLE_COLS = `
  d.id_planilla_det AS "idPlanillaDet", d.id_elemento AS "idElemento", d.fecha_atencion AS "fechaAtencion",
  d.codigo, d.descripcion, e.codigo AS "elementoCodigo", e.nombre AS "elementoNombre", d.cantidad,
  d.valor_uni AS "valorUni", ${RECLAMADO()}::text AS total, d.tipo, d.laboratorio, d.imagen, d.estado,
  CASE WHEN d.estado = 1 THEN COALESCE(d.cantidad_aprobada, d.cantidad) ELSE 0 END AS "cantidadAprobada",
  ${RECLAMADO()}::text AS "valorReclamado", ${APROBADO()}::text AS "valorAprobado",
  (${RECLAMADO()} - ${APROBADO()})::text AS "valorGlosa",
  tar.valor::text AS "valorTarifa",
  CASE WHEN d.estado = 1 AND tar.valor IS NOT NULL AND d.valor_uni > tar.valor
       THEN (d.cantidad * (d.valor_uni - tar.valor))::numeric(14, 2)::text END AS "glosaPropuesta",
  (SELECT count(*)::int FROM pla_det_obs o
    WHERE o.id_planilla_det = d.id_planilla_det AND o.estado = 1 AND o.observacion_tipo = 'M') AS "observacionesM"`;

export const DETALLE_FROM = `FROM planilla_det d JOIN planilla p ON p.id_planilla = d.id_planilla
  LEFT JOIN elemento e ON e.id_elemento = d.id_elemento
  LEFT JOIN LATERAL (SELECT ${TARIFA} AS valor) tar ON true`;

export async function leerDetalle(q: Queryable, idPlanillaDet: number): Promise<DetalleFilaAuditada> {
  const [row] = await q.query<DetalleFilaAuditada>(
    `SELECT ${DETALLE_COLS} ${DETALLE_FROM} WHERE d.id_planilla_det = $1`,
    [idPlanillaDet],
  );
  return row;
}

/** The attention's totals as the triggers of migration 0013 keep them. */
export async function totalesPlanilla(q: Queryable, idPlanilla: number): Promise<PlanillaTotales> {
  const [row] = await q.query<PlanillaTotales>(
    `SELECT id_planilla AS "idPlanilla", total, total_reclamado AS "totalReclamado", total_aprobado AS "totalAprobado",
            total_glosa AS "totalGlosa", version FROM planilla WHERE id_planilla = $1`,
    [idPlanilla],
  );
  return row;
}

export const aTotales = (p: PlanillaTotales): Totales => ({
  reclamado: p.totalReclamado,
  aprobado: p.totalAprobado,
  glosa: p.totalGlosa,
});

/** Active observations of type M on the line: the justification every glosa needs. */
export async function observacionesM(q: Queryable, idPlanillaDet: number): Promise<number> {
  const [r] = await q.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM pla_det_obs WHERE id_planilla_det = $1 AND estado = 1 AND observacion_tipo = 'M'`,
    [idPlanillaDet],
  );
  return r.n;
}
