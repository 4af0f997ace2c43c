import {
  ESTADOS_TRAMITE,
  type FiltrosEstadistica,
  PERFILES_ESTADISTICAS,
  type ReporteEstadisticoId,
  type SessionUser,
  TIME_ZONE,
} from '@app/domain';
import { type SQL, sql } from '../../lib/sql.ts';
import { type TramiteScopeOpts, tramiteScopeSql } from '../tramites/access.ts';

/*
 * The SQL of each report page (decision 66), beside its declaration in packages/domain/src/estadisticas.
 * Attentions are read from the counts the triggers of migration 0023 keep per procedure (est_revision,
 * est_dimension), state stays from tramite_estado_hist; `tramite t` always gives the caller's scope and
 * the filters by provider, service and state. By diagnosis, the counts of 0027 past the procedure
 * (est_diagnostico), which carry those columns of `tramite` themselves.
 */

const p = (v: unknown) => sql.param(v);

/** The caller's procedures (tramiteScopeSql, the one rule) as a condition on `t`. */
export function ambito(user: SessionUser, opts: TramiteScopeOpts = {}): SQL {
  return tramiteScopeSql(user, opts);
}

/** Provider, service and state of the procedure. */
function deTramite(f: FiltrosEstadistica): SQL[] {
  const c: SQL[] = [];
  if (f.idPrestador) c.push(sql`t.id_prestador = ${p(f.idPrestador)}`);
  if (f.idServicio) c.push(sql`t.id_servicio = ${p(f.idServicio)}`);
  if (f.estado) c.push(sql`t.estado_tramite = ${p(f.estado)}`);
  return c;
}

/** A date column within the range; by month: every month the range touches. */
function rango(col: SQL, f: FiltrosEstadistica, porMes: boolean): SQL[] {
  const c: SQL[] = [];
  if (f.desde) {
    c.push(
      porMes
        ? sql`${col} >= date_trunc('month', ${p(f.desde)}::date)::date`
        : sql`${col} >= ${p(f.desde)}::date`,
    );
  }
  if (f.hasta) c.push(sql`${col} <= ${p(f.hasta)}::date`);
  return c;
}

const y = (conds: SQL[]) => sql.join(conds, sql` AND `);
const ordenEstado = (col: SQL) => sql`array_position(${p([...ESTADOS_TRAMITE])}::text[], ${col}::text)`;
const dinero = (expr: SQL) => sql`COALESCE(${expr}, 0)::numeric(16, 2)::text`;
const pct = (parte: SQL, todo: SQL) => sql`round(100.0 * ${parte} / NULLIF(${todo}, 0), 1)::float8`;
const SIN_ASIGNAR = 'Sin asignar';

/**
 * The table's query and the chart's; or, with `juntas`, one statement for both (GROUPING SETS: one pass
 * over the counts), whose chart rows say `"esGrafico"`.
 */
export type Consulta = { filas: SQL; grafico?: SQL; juntas?: boolean };
type Constructor = (user: SessionUser, f: FiltrosEstadistica) => Consulta;

/** Reviews per day and user of one process (A: medical audit, G: documents). */
const avanceProceso =
  (tipo: 'A' | 'G'): Constructor =>
  (user, f) => ({
    filas: sql`
      SELECT d.fecha::text AS fecha, COALESCE(us.nombre, ${p(SIN_ASIGNAR)}) AS usuario,
             sum(d.atenciones)::int AS revisadas, ${dinero(sql`sum(d.reclamado)`)} AS reclamado,
             ${dinero(sql`sum(d.aprobado)`)} AS aprobado, ${dinero(sql`sum(d.glosa)`)} AS glosa
        FROM est_dimension d
        JOIN tramite t ON t.id_tramite = d.id_tramite
        LEFT JOIN usuario us ON us.id_usuario = NULLIF(d.clave, '0')::int
       WHERE d.tipo = ${p(tipo)} AND ${y([ambito(user), ...deTramite(f), ...rango(sql`d.fecha`, f, false)])}
       GROUP BY 1, 2 HAVING sum(d.atenciones) > 0
       ORDER BY 1, 2`,
  });

/** Revision counts of the procedures in scope, within the attention months of the range. */
const revisiones = (user: SessionUser, f: FiltrosEstadistica) => sql`
  SELECT e.*, t.id_prestador FROM est_revision e JOIN tramite t ON t.id_tramite = e.id_tramite
   WHERE ${y([ambito(user), ...deTramite(f), ...rango(sql`e.mes`, f, true)])}`;

/**
 * Attentions per provider and main diagnosis for the managers: from est_diagnostico (migration 0027,
 * decision 77), the counts already folded per provider, service, state and month, whose columns are
 * named as in `tramite`, so the scope and the filters apply to it as `t`. It holds the procedures out
 * of the provider-side states, which the managers' scope leaves out anyway.
 */
const porDiagnostico = (user: SessionUser, f: FiltrosEstadistica) => sql`
  SELECT t.id_prestador, t.diag1 AS clave, sum(t.atenciones) AS atenciones, sum(t.reclamado) AS reclamado,
         sum(t.glosa) AS glosa
    FROM est_diagnostico t
   WHERE ${y([ambito(user), ...deTramite(f), ...rango(sql`t.mes`, f, true)])}
   GROUP BY 1, 2`;

/** Attentions per provider and specialty of the treating doctor (kept as E), or main diagnosis (D). */
function porGrupo(user: SessionUser, f: FiltrosEstadistica): SQL {
  const especialidad = f.por !== 'diagnostico';
  const base =
    !especialidad && PERFILES_ESTADISTICAS.includes(user.idPerfil)
      ? porDiagnostico(user, f)
      : sql`
    SELECT t.id_prestador, d.clave, sum(d.atenciones) AS atenciones, sum(d.reclamado) AS reclamado,
           sum(d.glosa) AS glosa
      FROM est_dimension d JOIN tramite t ON t.id_tramite = d.id_tramite
     WHERE d.tipo = ${p(especialidad ? 'E' : 'D')}
       AND ${y([ambito(user), ...deTramite(f), ...rango(sql`d.fecha`, f, true)])}
     GROUP BY 1, 2`;
  return especialidad
    ? sql`
      SELECT x.id_prestador, COALESCE(es.nombre, ${p('Sin especialidad registrada')}) AS grupo,
             x.atenciones, x.reclamado, x.glosa
        FROM (${base}) x LEFT JOIN especialidad es ON es.id_especialidad = NULLIF(x.clave, '')::int`
    : sql`
      SELECT x.id_prestador,
             CASE WHEN x.clave = '' THEN ${p('Sin diagnóstico')}
                  ELSE x.clave || COALESCE(' ' || dg.nombre, '') END AS grupo,
             x.atenciones, x.reclamado, x.glosa
        FROM (${base}) x LEFT JOIN diagnostico dg ON dg.codigo = x.clave`;
}

export const CONSULTAS: Record<ReporteEstadisticoId, Constructor> = {
  'tramites-por-fecha': (user, f) => ({
    // Headers in every state (the supervisors' procedure list shows them too).
    filas: sql`
      SELECT to_char(t.fecha_desde, 'YYYY-MM') AS mes, t.estado_tramite AS estado, count(*)::int AS tramites,
             COALESCE(sum(r.atenciones), 0)::int AS atenciones, ${dinero(sql`sum(r.reclamado)`)} AS reclamado
        FROM tramite t
        LEFT JOIN LATERAL (SELECT sum(e.atenciones) AS atenciones, sum(e.reclamado) AS reclamado
                             FROM est_revision e WHERE e.id_tramite = t.id_tramite) r ON true
       WHERE ${y([ambito(user, { cabecera: true }), ...deTramite(f), ...rango(sql`t.fecha_desde`, f, true)])}
       GROUP BY 1, 2
       ORDER BY 1, ${ordenEstado(sql`t.estado_tramite`)}`,
  }),

  'tramites-asignaciones': (user, f) => ({
    filas: sql`
      WITH e AS (${revisiones(user, f)}),
      u AS (
        SELECT 1 AS orden, ${p('Auditoría médica')} AS proceso, e.id_usuario_med AS id,
               sum(e.atenciones) AS asignadas,
               COALESCE(sum(e.atenciones) FILTER (WHERE e.estado_aud <> 'PENDIENTE'), 0) AS revisadas
          FROM e GROUP BY e.id_usuario_med
        UNION ALL
        SELECT 2, ${p('Gestión documental')}, e.id_usuario_doc, sum(e.atenciones),
               COALESCE(sum(e.atenciones) FILTER (WHERE e.estado_doc <> 'PENDIENTE'), 0)
          FROM e GROUP BY e.id_usuario_doc
      )
      SELECT u.proceso, COALESCE(us.nombre, ${p(SIN_ASIGNAR)}) AS usuario, u.asignadas::int AS asignadas,
             u.revisadas::int AS revisadas, (u.asignadas - u.revisadas)::int AS pendientes,
             ${pct(sql`u.revisadas`, sql`u.asignadas`)} AS avance
        FROM u LEFT JOIN usuario us ON us.id_usuario = u.id
       WHERE u.asignadas > 0
       ORDER BY u.orden, u.id = 0, 2`,
  }),

  'tramites-avance': (user, f) => ({
    filas: sql`
      SELECT t.numero, pr.nombre_comercial AS prestador, t.estado_tramite AS estado,
             COALESCE(r.atenciones, 0)::int AS atenciones, COALESCE(r.am, 0)::int AS "revisadasAm",
             COALESCE(r.gd, 0)::int AS "revisadasGd", ${pct(sql`r.am`, sql`r.atenciones`)} AS "avanceAm",
             ${pct(sql`r.gd`, sql`r.atenciones`)} AS "avanceGd", ${dinero(sql`r.reclamado`)} AS reclamado
        FROM tramite t
        JOIN prestador pr ON pr.id_prestador = t.id_prestador
        LEFT JOIN LATERAL (
          SELECT sum(e.atenciones) AS atenciones, sum(e.reclamado) AS reclamado,
                 sum(e.atenciones) FILTER (WHERE e.estado_aud <> 'PENDIENTE') AS am,
                 sum(e.atenciones) FILTER (WHERE e.estado_doc <> 'PENDIENTE') AS gd
            FROM est_revision e WHERE e.id_tramite = t.id_tramite) r ON true
       WHERE ${y([ambito(user), ...deTramite(f), ...rango(sql`t.fecha_desde`, f, true)])}
       ORDER BY t.fecha_desde DESC, t.numero DESC`,
  }),

  'tramites-avance-am': avanceProceso('A'),
  'tramites-avance-gd': avanceProceso('G'),

  'tramites-tiempo-proceso': (user, f) => ({
    filas: sql`
      SELECT h.estado, count(*)::int AS permanencias, (count(*) FILTER (WHERE h.hasta IS NULL))::int AS "enCurso",
             round((percentile_cont(0.5) WITHIN GROUP (ORDER BY h.dias))::numeric, 1)::float8 AS mediana,
             round((percentile_cont(0.9) WITHIN GROUP (ORDER BY h.dias))::numeric, 1)::float8 AS p90,
             round(avg(h.dias)::numeric, 1)::float8 AS promedio
        FROM (SELECT x.estado, x.hasta, extract(epoch FROM COALESCE(x.hasta, now()) - x.desde) / 86400 AS dias
                FROM tramite_estado_hist x JOIN tramite t ON t.id_tramite = x.id_tramite
               WHERE ${y([
                 ambito(user),
                 ...deTramite(f),
                 ...rango(sql`(x.desde AT TIME ZONE ${p(TIME_ZONE)})::date`, f, false),
               ])}) h
       GROUP BY h.estado
       ORDER BY ${ordenEstado(sql`h.estado`)}`,
  }),

  'tramites-estadisticas': (user, f) => ({
    filas: sql`
      SELECT to_char(e.mes, 'YYYY-MM') AS mes, pr.nombre_comercial AS prestador, sum(e.atenciones)::int AS atenciones,
             ${dinero(sql`sum(e.reclamado)`)} AS reclamado, ${dinero(sql`sum(e.aprobado)`)} AS aprobado,
             ${dinero(sql`sum(e.glosa)`)} AS glosa, ${pct(sql`sum(e.glosa)`, sql`sum(e.reclamado)`)} AS "porcentajeGlosa"
        FROM (${revisiones(user, f)}) e JOIN prestador pr ON pr.id_prestador = e.id_prestador
       GROUP BY 1, 2 HAVING sum(e.atenciones) > 0
       ORDER BY 1, 2`,
    grafico: sql`
      SELECT to_char(e.mes, 'YYYY-MM') AS mes, ${dinero(sql`sum(e.reclamado)`)} AS reclamado,
             ${dinero(sql`sum(e.aprobado)`)} AS aprobado, ${dinero(sql`sum(e.glosa)`)} AS glosa
        FROM (${revisiones(user, f)}) e
       GROUP BY 1 HAVING sum(e.atenciones) > 0
       ORDER BY 1`,
  }),

  'especialidades-prestador': (user, f) => ({
    juntas: true,
    filas: sql`
      SELECT pr.nombre_comercial AS prestador, g.grupo, sum(g.atenciones)::int AS atenciones,
             ${dinero(sql`sum(g.reclamado)`)} AS reclamado, ${dinero(sql`sum(g.glosa)`)} AS glosa,
             GROUPING(pr.nombre_comercial) = 1 AS "esGrafico"
        FROM (${porGrupo(user, f)}) g JOIN prestador pr ON pr.id_prestador = g.id_prestador
       GROUP BY GROUPING SETS ((pr.nombre_comercial, g.grupo), (g.grupo)) HAVING sum(g.atenciones) > 0
       ORDER BY 3 DESC, 1, 2`,
  }),
};
