import {
  type EstadoTramite,
  estadosOrganizar,
  MSG_CARGA,
  MSG_TRAMITE,
  organizacionEnCurso,
  type SessionUser,
} from '@app/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Queryable } from '../../db/client.ts';
import { conflict } from '../../lib/errors.ts';
import { writeBitacora } from '../tramites/access.ts';
import { aplicar } from '../workflow/service.ts';
import { resolucionSql } from './checks.ts';
import { type Carga, getCargaForUser, lockCarga } from './service.ts';
import { cie10Sql, fechaValidaSql, numeroValidoSql } from './sql.ts';

/*
 * Organising a load (docs/design-summary.md §5, issue item 6): the request that queues it
 * (`solicitarOrganizacion`), the job's transaction (`organizar`, decision 85) and its three set-based
 * statements over carga_fila, no loop. They run only on a load without errors, so every conversion
 * below meets values the row validator and the set-based checks already accepted. $1 is always the load.
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

/** Why a load may not be organised now (the same 409s the request gave when it organised in place). */
function guardasOrganizar(c: Carga, estadoTramite: string) {
  if (c.estadoProceso !== 'COMPLETADA') throw conflict(MSG_CARGA.noOrganizable);
  if (c.tieneErrores === 1) throw conflict(MSG_CARGA.conErrores);
  if (c.tienePlanillas === 1) throw conflict(MSG_CARGA.yaOrganizada);
  if (!estadosOrganizar(c.tipoCarga).includes(estadoTramite as EstadoTramite)) {
    throw conflict(MSG_CARGA.estadoNoPermiteOrganizar(estadoTramite));
  }
}

/** What the 202 says of a load whose organising is queued or under way. */
const enCurso = (c: Pick<Carga, 'idCarga' | 'organizacion' | 'organizacionObs'>) => ({
  idCarga: c.idCarga,
  organizacion: c.organizacion === 'ORGANIZANDO' ? ('ORGANIZANDO' as const) : ('PENDIENTE' as const),
  mensaje: c.organizacionObs ?? MSG_CARGA.organizando,
});

/**
 * `POST /api/v1/cargas/:id/organizar` (decision 85): checks the guards, marks the load PENDIENTE and
 * queues its job (`encolar`) in the same transaction — once: a load already queued or being organised
 * (a double click, a retry, another replica) answers its state and adds nothing.
 */
export async function solicitarOrganizacion(
  db: Database,
  user: SessionUser,
  idCarga: number,
  encolar: (tx: Queryable, idCarga: number, idUsuario: number) => Promise<void>,
) {
  // Without waiting for the procedure's lock, which the job holds while it organises.
  const visto = await getCargaForUser(db, user, idCarga);
  if (visto.estado === 1 && organizacionEnCurso(visto.organizacion)) return enCurso(visto);
  return db.transaction(async (tx) => {
    const { t, c } = await lockCarga(tx, user, idCarga);
    if (organizacionEnCurso(c.organizacion)) return enCurso(c);
    guardasOrganizar(c, t.estadoTramite);
    await tx.query(
      `UPDATE carga SET organizacion = 'PENDIENTE', organizacion_obs = NULL, fecha_actualizacion = now() WHERE id_carga = $1`,
      [idCarga],
    );
    await encolar(tx, idCarga, user.idUsuario);
    return enCurso({ idCarga, organizacion: 'PENDIENTE', organizacionObs: null });
  });
}

/**
 * Organises the attentions of a load (docs/design-summary.md §5) — the job's transaction (decision
 * 85): lock, the guards again, the set-based statements, the load ORGANIZADA with its counts and the
 * procedure CARGADO → ESTRUCTURADO, all or nothing. A load organised already is left as it is (null).
 */
export async function organizar(db: Database, user: SessionUser, idCarga: number, log?: FastifyBaseLogger) {
  const started = performance.now();
  const ms: Record<string, number> = {};
  const out = await db.transaction(async (tx) => {
    const { t, c } = await lockCarga(tx, user, idCarga);
    if (c.tienePlanillas === 1) {
      await tx.query(
        `UPDATE carga SET organizacion = 'ORGANIZADA', fecha_actualizacion = now()
          WHERE id_carga = $1 AND organizacion IN ('PENDIENTE', 'ORGANIZANDO')`,
        [idCarga],
      );
      return null;
    }
    guardasOrganizar(c, t.estadoTramite);
    if (db.kind === 'postgres') await tx.query("SET LOCAL work_mem = '64MB'; SET LOCAL jit = off");
    const r = await organizarCarga(
      tx,
      { idCarga, idTramite: t.idTramite, idPrestador: t.idPrestador, idUsuario: user.idUsuario },
      (paso, t0) => {
        ms[paso] = Math.round(t0);
      },
    );
    await tx.query(
      `UPDATE carga SET tiene_planillas = 1, organizacion = 'ORGANIZADA', organizacion_obs = $2, fecha_actualizacion = now()
        WHERE id_carga = $1`,
      [idCarga, MSG_CARGA.organizadasResumen(r.planillas, r.detalles, r.duplicadas)],
    );
    const nota = `Carga ${idCarga}: ${r.planillas} atenciones médicas organizadas (${r.duplicadas} duplicadas).`;
    // CARGADO → ESTRUCTURADO (the workflow service writes the bitácora with the note); else the note alone.
    if (!(await aplicar(tx, t, 'organizada', user, { nota })).aplicada)
      await writeBitacora(tx, t.idTramite, user.idUsuario, 'ESTADO', nota);
    return { mensaje: MSG_TRAMITE.organizadas, ...r };
  });
  if (out)
    log?.info(
      { idCarga, planillas: out.planillas, ms, total: Math.round(performance.now() - started) },
      'attentions organised',
    );
  return out;
}
