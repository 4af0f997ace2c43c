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
import { consulta, fila, type SQL, sql } from '../../lib/sql.ts';
import { writeBitacora } from '../tramites/access.ts';
import { aplicar } from '../workflow/service.ts';
import { desdeFilas, resolucionSql } from './checks.ts';
import { type Carga, getCargaForUser, lockCarga } from './service.ts';
import { cie10Sql, fechaValidaSql, numeroValidoSql } from './sql.ts';

/*
 * Organising a load (docs/design-summary.md §5, issue item 6): the request that queues it
 * (`solicitarOrganizacion`), the job's transaction (`organizar`, decision 85) and its three set-based
 * statements over carga_fila, no loop. They run only on a load without errors, so every conversion
 * below meets values the row validator and the set-based checks already accepted.
 */

/** What organising a load needs to know: the load, its procedure and provider, the user. */
type Organizar = { idCarga: number; idTramite: number; idPrestador: number; idUsuario: number };

/** The conversions of the statements below (text from code), built once. */
const C = {
  diagPri: sql.raw(cie10Sql('f.diag_pri')),
  diagSec: sql.raw(cie10Sql('f.diag_sec')),
  fIngreso: sql.raw(fechaValidaSql('f.f_ingreso')),
  fSalida: sql.raw(fechaValidaSql('f.f_salida')),
  vSemFila: sql.raw(numeroValidoSql('v_sem')),
  fechaAtencion: sql.raw(fechaValidaSql('f.fecha_atencion')),
  vSem: sql.raw(numeroValidoSql('f.v_sem')),
  vPaciente: sql.raw(numeroValidoSql('f.v_paciente')),
  fTarifario: sql.raw(numeroValidoSql('f.f_tarifario')),
};

/**
 * One attention per noPlanilla. Its rows agree on patient, dates and diagnoses (checked at ingest),
 * so those come from its first row; only the total and the death flag need every row.
 */
const PLANILLAS = (p: Organizar) => sql`
  INSERT INTO planilla (id_tramite, id_carga, id_prestador, numero, cedula, nombre, cedula_medico, nombre_medico,
                        diag1, diag2, control_diag1, control_diag2, fecha_desde, fecha_hasta, l_muerto, total,
                        total_reclamado, total_aprobado, id_usuario_reg)
  SELECT ${p.idTramite}, ${p.idCarga}, ${p.idPrestador}, g.numero, f.cedula1, f.nombre, f.cedula2, f.nombre_med_ins,
         ${C.diagPri}, ${C.diagSec}, 1, (f.diag_sec IS NOT NULL)::int,
         ${C.fIngreso}, ${C.fSalida}, g.l_muerto, g.total,
         -- Every line is new and approved as claimed: the totals the line triggers (migration 0013)
         -- would compute, so that they find nothing to update.
         g.total, g.total, ${p.idUsuario}
    FROM (
      SELECT no_planilla AS numero, min(fila) AS primera,
             max(CASE WHEN upper(l_muerto) IN ('S', 'TRUE') THEN 1 ELSE 0 END) AS l_muerto,
             sum(cantidad::int * round(${C.vSemFila}, 2)) AS total
        FROM carga_fila WHERE id_carga = ${p.idCarga}
       GROUP BY no_planilla
    ) g
    JOIN carga_fila f ON f.id_carga = ${p.idCarga} AND f.fila = g.primera
   ORDER BY g.primera`;

/** One line item per row, its element resolved as in the checks. */
const DETALLES = (p: Organizar) => sql`
  WITH res AS (${resolucionSql(sql`${p.idPrestador}`, desdeFilas(sql`${p.idCarga}`).servicios)})
  INSERT INTO planilla_det (id_planilla, id_elemento, codigo, descripcion, fecha_atencion, cantidad, valor_uni, v_paciente,
                            f_tarifario, no_modificador, tipo, laboratorio, imagen, fila, id_usuario_reg)
  SELECT p.id_planilla, r.id_elemento, f.no_servicio, left(r.nombre, 400),
         COALESCE(${C.fechaAtencion}, ${C.fIngreso}),
         f.cantidad::int, round(${C.vSem}, 2), COALESCE(round(${C.vPaciente}, 2), 0),
         COALESCE(${C.fTarifario}, 1), f.no_modificador, upper(f.tipo),
         (upper(f.tipo) = 'L')::int, (upper(f.tipo) = 'X')::int, f.fila, ${p.idUsuario}
    FROM carga_fila f
    JOIN planilla p ON p.id_carga = ${p.idCarga} AND p.numero = f.no_planilla
    LEFT JOIN res r ON r.raw = f.no_servicio
   WHERE f.id_carga = ${p.idCarga}
   ORDER BY f.fila`;

/**
 * Duplicates: a new attention whose patient, dates and set of service codes equal another active
 * attention of the same provider (in this load or any other procedure). Only the new attentions are
 * marked: attentions of other procedures may already be under review and are not changed silently.
 * Pairs come from the (provider, cédula, dates) index first; only their line items are compared, so
 * the cost follows the candidates, not the provider's history.
 */
const DUPLICADAS = (p: Organizar) => sql`
  WITH par AS MATERIALIZED (
    -- LATERAL … OFFSET 0 keeps the shape: one probe of planilla_dup_idx per new attention, whatever
    -- the planner guesses about tables that grew in this very transaction.
    SELECT n.id_planilla AS nueva, o.id_planilla AS otra
      FROM planilla n
     CROSS JOIN LATERAL (
       SELECT o.id_planilla FROM planilla o
        WHERE o.id_prestador = ${p.idPrestador} AND o.cedula = n.cedula AND o.fecha_desde = n.fecha_desde
          AND o.fecha_hasta = n.fecha_hasta AND o.estado = 1 AND o.id_planilla <> n.id_planilla
       OFFSET 0) o
     WHERE n.id_carga = ${p.idCarga}
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
  p: Organizar,
  onPaso?: (paso: 'planillas' | 'detalles' | 'duplicadas', ms: number) => void,
): Promise<{ planillas: number; detalles: number; duplicadas: number }> {
  const paso = async (nombre: 'planillas' | 'detalles' | 'duplicadas', q2: SQL) => {
    const t0 = performance.now();
    await consulta(q, q2);
    onPaso?.(nombre, performance.now() - t0);
  };
  await paso('planillas', PLANILLAS(p));
  await paso('detalles', DETALLES(p));
  await paso('duplicadas', DUPLICADAS(p));
  return conteoOrganizada(q, p.idCarga);
}

/** The counts of an organised load: attentions, their line items, the duplicates among them. */
export async function conteoOrganizada(q: Queryable, idCarga: number) {
  return fila<{ planillas: number; detalles: number; duplicadas: number }>(
    q,
    sql`SELECT count(*)::int AS planillas, count(*) FILTER (WHERE duplicada = 1)::int AS duplicadas,
            (SELECT count(*)::int FROM planilla_det d JOIN planilla x ON x.id_planilla = d.id_planilla
              WHERE x.id_carga = ${idCarga}) AS detalles
       FROM planilla WHERE id_carga = ${idCarga}`,
  );
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
    await consulta(
      tx,
      sql`UPDATE carga SET organizacion = 'PENDIENTE', organizacion_obs = NULL, fecha_actualizacion = now()
           WHERE id_carga = ${idCarga}`,
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
      await consulta(
        tx,
        sql`UPDATE carga SET organizacion = 'ORGANIZADA', fecha_actualizacion = now()
          WHERE id_carga = ${idCarga} AND organizacion IN ('PENDIENTE', 'ORGANIZANDO')`,
      );
      return null;
    }
    guardasOrganizar(c, t.estadoTramite);
    if (db.kind === 'postgres')
      await consulta(tx, sql.raw("SET LOCAL work_mem = '64MB'; SET LOCAL jit = off"));
    const r = await organizarCarga(
      tx,
      { idCarga, idTramite: t.idTramite, idPrestador: t.idPrestador, idUsuario: user.idUsuario },
      (paso, t0) => {
        ms[paso] = Math.round(t0);
      },
    );
    await consulta(
      tx,
      sql`UPDATE carga SET tiene_planillas = 1, organizacion = 'ORGANIZADA',
            organizacion_obs = ${MSG_CARGA.organizadasResumen(r.planillas, r.detalles, r.duplicadas)},
            fecha_actualizacion = now()
        WHERE id_carga = ${idCarga}`,
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
