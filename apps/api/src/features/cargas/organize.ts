import type { Queryable } from '../../db/client.ts';
import { resolucionSql } from './checks.ts';
import { cie10Sql, fechaValidaSql, numeroValidoSql } from './sql.ts';

/*
 * Organising a load (docs/design-summary.md §5, issue item 6): three set-based statements over carga_fila, no loop.
 * They run only on a load without errors, so every conversion below meets values the row validator
 * and the set-based checks already accepted. $1 is always the load.
 */

/**
 * One attention per noPlanilla ($2 procedure, $3 provider, $4 user). Its rows agree on patient, dates
 * and diagnoses (checked at ingest), so those come from its first row; only the total and the death
 * flag need every row.
 */
const PLANILLAS = `
  INSERT INTO planilla (id_tramite, id_carga, id_prestador, numero, cedula, nombre, cedula_medico, nombre_medico,
                        diag1, diag2, control_diag1, control_diag2, fecha_desde, fecha_hasta, l_muerto, total,
                        total_reclamado, total_aprobado, id_usuario_reg)
  SELECT $2, $1, $3, g.numero, f.cedula1, f.nombre, f.cedula2, f.nombre_med_ins,
         ${cie10Sql('f.diag_pri')}, ${cie10Sql('f.diag_sec')}, 1, (f.diag_sec IS NOT NULL)::int,
         ${fechaValidaSql('f.f_ingreso')}, ${fechaValidaSql('f.f_salida')}, g.l_muerto, g.total,
         -- Every line is new and approved as claimed: the totals the line triggers (migration 0013)
         -- would compute, so that they find nothing to update.
         g.total, g.total, $4
    FROM (
      SELECT no_planilla AS numero, min(fila) AS primera,
             max(CASE WHEN upper(l_muerto) IN ('S', 'TRUE') THEN 1 ELSE 0 END) AS l_muerto,
             sum(cantidad::int * round(${numeroValidoSql('v_sem')}, 2)) AS total
        FROM carga_fila WHERE id_carga = $1
       GROUP BY no_planilla
    ) g
    JOIN carga_fila f ON f.id_carga = $1 AND f.fila = g.primera
   ORDER BY g.primera`;

/** One line item per row ($2 provider, $3 user), its element resolved as in the checks. */
const DETALLES = `
  WITH res AS (${resolucionSql('$2')})
  INSERT INTO planilla_det (id_planilla, id_elemento, codigo, descripcion, fecha_atencion, cantidad, valor_uni, v_paciente,
                            f_tarifario, no_modificador, tipo, laboratorio, imagen, fila, id_usuario_reg)
  SELECT p.id_planilla, r.id_elemento, f.no_servicio, left(r.nombre, 400),
         COALESCE(${fechaValidaSql('f.fecha_atencion')}, ${fechaValidaSql('f.f_ingreso')}),
         f.cantidad::int, round(${numeroValidoSql('f.v_sem')}, 2), COALESCE(round(${numeroValidoSql('f.v_paciente')}, 2), 0),
         COALESCE(${numeroValidoSql('f.f_tarifario')}, 1), f.no_modificador, upper(f.tipo),
         (upper(f.tipo) = 'L')::int, (upper(f.tipo) = 'X')::int, f.fila, $3
    FROM carga_fila f
    JOIN planilla p ON p.id_carga = $1 AND p.numero = f.no_planilla
    LEFT JOIN res r ON r.raw = f.no_servicio
   WHERE f.id_carga = $1
   ORDER BY f.fila`;

/**
 * Duplicates: a new attention whose patient, dates and set of service codes equal another active
 * attention of the same provider (in this load or any other procedure). Only the new attentions are
 * marked: attentions of other procedures may already be under review and are not changed silently.
 * Pairs come from the (provider, cédula, dates) index first; only their line items are compared, so
 * the cost follows the candidates, not the provider's history. $2 is the provider.
 */
const DUPLICADAS = `
  WITH par AS MATERIALIZED (
    -- LATERAL … OFFSET 0 keeps the shape: one probe of planilla_dup_idx per new attention, whatever
    -- the planner guesses about tables that grew in this very transaction.
    SELECT n.id_planilla AS nueva, o.id_planilla AS otra
      FROM planilla n
     CROSS JOIN LATERAL (
       SELECT o.id_planilla FROM planilla o
        WHERE o.id_prestador = $2 AND o.cedula = n.cedula AND o.fecha_desde = n.fecha_desde
          AND o.fecha_hasta = n.fecha_hasta AND o.estado = 1 AND o.id_planilla <> n.id_planilla
       OFFSET 0) o
     WHERE n.id_carga = $1
  )
  UPDATE planilla SET duplicada = 1
   WHERE id_planilla IN (
     SELECT p.nueva FROM par p
      CROSS JOIN LATERAL (
        SELECT string_agg(DISTINCT d.codigo, ',' ORDER BY d.codigo) AS firma
          FROM planilla_det d WHERE d.id_planilla = p.nueva AND d.estado = 1 OFFSET 0) a
      CROSS JOIN LATERAL (
        SELECT string_agg(DISTINCT d.codigo, ',' ORDER BY d.codigo) AS firma
          FROM planilla_det d WHERE d.id_planilla = p.otra AND d.estado = 1 OFFSET 0) b
      WHERE a.firma = b.firma)`;

export async function organizarCarga(
  q: Queryable,
  p: { idCarga: number; idTramite: number; idPrestador: number; idUsuario: number },
  onPaso?: (paso: 'planillas' | 'detalles' | 'duplicadas', ms: number) => void,
): Promise<{ planillas: number; detalles: number; duplicadas: number }> {
  const paso = async (nombre: 'planillas' | 'detalles' | 'duplicadas', sql: string, params: unknown[]) => {
    const t0 = performance.now();
    await q.query(sql, params);
    onPaso?.(nombre, performance.now() - t0);
  };
  await paso('planillas', PLANILLAS, [p.idCarga, p.idTramite, p.idPrestador, p.idUsuario]);
  await paso('detalles', DETALLES, [p.idCarga, p.idPrestador, p.idUsuario]);
  await paso('duplicadas', DUPLICADAS, [p.idCarga, p.idPrestador]);
  return conteoOrganizada(q, p.idCarga);
}

/** The counts of an organised load: attentions, their line items, the duplicates among them. */
export async function conteoOrganizada(q: Queryable, idCarga: number) {
  const [n] = await q.query<{ planillas: number; detalles: number; duplicadas: number }>(
    `SELECT count(*)::int AS planillas, count(*) FILTER (WHERE duplicada = 1)::int AS duplicadas,
            (SELECT count(*)::int FROM planilla_det d JOIN planilla x ON x.id_planilla = d.id_planilla WHERE x.id_carga = $1) AS detalles
       FROM planilla WHERE id_carga = $1`,
    [idCarga],
  );
  return n;
}
