import type { DetalleFilaAuditada, PlanillaTotales, Totales } from '@app/domain';
import type { Queryable } from '../../db/client.ts';
import { elemento, planilla, planillaDet } from '../../db/schema/index.ts';
import { columnas, fila, lista, sql } from '../../lib/sql.ts';

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

/** Columns of a line as the API names them (aliases d line, e element, tar the agreed value). */
export const DETALLE_COLS = lista([
  columnas(planillaDet, 'd', {
    solo: ['idPlanillaDet', 'idElemento', 'fechaAtencion', 'codigo', 'descripcion'],
  }),
  columnas(elemento, 'e', { solo: [], extra: { elementoCodigo: 'e.codigo', elementoNombre: 'e.nombre' } }),
  columnas(planillaDet, 'd', {
    solo: ['cantidad', 'valorUni'],
    extra: { total: `${RECLAMADO()}::text` },
  }),
  columnas(planillaDet, 'd', {
    solo: ['tipo', 'laboratorio', 'imagen', 'estado'],
    extra: {
      cantidadAprobada: 'CASE WHEN d.estado = 1 THEN COALESCE(d.cantidad_aprobada, d.cantidad) ELSE 0 END',
      valorReclamado: `${RECLAMADO()}::text`,
      valorAprobado: `${APROBADO()}::text`,
      valorGlosa: `(${RECLAMADO()} - ${APROBADO()})::text`,
      valorTarifa: 'tar.valor::text',
      glosaPropuesta: `CASE WHEN d.estado = 1 AND tar.valor IS NOT NULL AND d.valor_uni > tar.valor
       THEN (d.cantidad * (d.valor_uni - tar.valor))::numeric(14, 2)::text END`,
      observacionesM: `(SELECT count(*)::int FROM pla_det_obs o
    WHERE o.id_planilla_det = d.id_planilla_det AND o.estado = 1 AND o.observacion_tipo = 'M')`,
    },
  }),
]);

export const DETALLE_FROM = sql.raw(`FROM planilla_det d JOIN planilla p ON p.id_planilla = d.id_planilla
  LEFT JOIN elemento e ON e.id_elemento = d.id_elemento
  LEFT JOIN LATERAL (SELECT ${TARIFA} AS valor) tar ON true`);

export async function leerDetalle(q: Queryable, idPlanillaDet: number): Promise<DetalleFilaAuditada> {
  return fila<DetalleFilaAuditada>(
    q,
    sql`SELECT ${DETALLE_COLS} ${DETALLE_FROM} WHERE d.id_planilla_det = ${idPlanillaDet}`,
  );
}

/** The totals of an attention (alias p). */
const TOTALES = columnas(planilla, 'p', {
  solo: ['idPlanilla', 'total', 'totalReclamado', 'totalAprobado', 'totalGlosa', 'version'],
});

/** The attention's totals as the triggers of migration 0013 keep them. */
export async function totalesPlanilla(q: Queryable, idPlanilla: number): Promise<PlanillaTotales> {
  return fila<PlanillaTotales>(q, sql`SELECT ${TOTALES} FROM planilla p WHERE p.id_planilla = ${idPlanilla}`);
}

export const aTotales = (p: PlanillaTotales): Totales => ({
  reclamado: p.totalReclamado,
  aprobado: p.totalAprobado,
  glosa: p.totalGlosa,
});

/** Active observations of type M on the line: the justification every glosa needs. */
export async function observacionesM(q: Queryable, idPlanillaDet: number): Promise<number> {
  const r = await fila<{ n: number }>(
    q,
    sql`SELECT count(*)::int AS n FROM pla_det_obs WHERE id_planilla_det = ${idPlanillaDet} AND estado = 1 AND observacion_tipo = 'M'`,
  );
  return r.n;
}
