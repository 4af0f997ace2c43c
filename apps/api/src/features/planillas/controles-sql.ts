import { type SQL, sql } from '../../lib/sql.ts';

/*
 * Controls 1–5 (pre-audit checks) as one SQL statement each. Every statement yields one row per
 * flagged attention: (id_planilla, motivo) with the reason in Spanish. `t` and `c` are the
 * ids of the procedure and (optionally) the load, so that the same text serves the
 * controls tab and the `control` filter of the attentions list.
 */

const base = (t: number, c: number | null) =>
  sql`p.id_tramite = ${t} AND p.estado = 1${c ? sql` AND p.id_carga = ${c}` : sql.empty()}`;

/**
 * 1: marked duplicate at organising, or same patient + dates + set of services as another active
 * attention of the provider (any procedure). Every step is an index probe per row (LATERAL) or
 * a hash/sort over the few attentions that share patient and dates with another one, so the cost
 * grows with the procedure, not with the whole table.
 */
const duplicados = (t: number, c: number | null) => sql`
  WITH base AS MATERIALIZED (
    SELECT p.id_planilla, p.id_prestador, p.cedula, p.fecha_desde, p.fecha_hasta, p.duplicada
      FROM planilla p WHERE ${base(t, c)}
  ), claves AS MATERIALIZED (
    SELECT DISTINCT b.id_prestador, b.cedula, b.fecha_desde, b.fecha_hasta
      FROM base b
     CROSS JOIN LATERAL (
       SELECT 1 FROM planilla o
        WHERE o.id_prestador = b.id_prestador AND o.cedula = b.cedula AND o.fecha_desde = b.fecha_desde
          AND o.fecha_hasta = b.fecha_hasta AND o.estado = 1 AND o.id_planilla <> b.id_planilla
        LIMIT 1) x
  ), grupo AS MATERIALIZED (
    SELECT o.id_planilla, o.id_tramite, o.numero, o.cedula, o.fecha_desde, o.fecha_hasta, s.n AS fn, s.h AS fh
      FROM claves k
     CROSS JOIN LATERAL (
       SELECT o.* FROM planilla o
        WHERE o.id_prestador = k.id_prestador AND o.cedula = k.cedula AND o.fecha_desde = k.fecha_desde
          AND o.fecha_hasta = k.fecha_hasta AND o.estado = 1) o
     -- The set of service codes as (count, sum of hashes).
     CROSS JOIN LATERAL (
       SELECT count(*) AS n, COALESCE(sum(hashtext(u.codigo)::bigint), 0) AS h
         FROM (SELECT DISTINCT d.codigo FROM planilla_det d WHERE d.id_planilla = o.id_planilla AND d.estado = 1) u) s
  ), igual AS (
    SELECT z.id_planilla AS id_base, array_to_string(array_remove(z.todos, z.yo), ', ') AS otras
      FROM (
        SELECT g.id_planilla, g.numero || ' (trámite ' || g.id_tramite || ')' AS yo,
               array_agg(g.numero || ' (trámite ' || g.id_tramite || ')') OVER w AS todos, count(*) OVER w AS n
          FROM grupo g
        WINDOW w AS (PARTITION BY g.cedula, g.fecha_desde, g.fecha_hasta, g.fn, g.fh ORDER BY g.id_tramite, g.numero
                     ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING)
      ) z
     WHERE z.n > 1
  )
  SELECT b.id_planilla,
         concat_ws('; ',
           CASE WHEN b.duplicada = 1 THEN 'Marcada como duplicada al organizar la carga' END,
           CASE WHEN i.otras IS NOT NULL THEN 'Mismo paciente, fechas y servicios que la atención ' || i.otras END) AS motivo
    FROM base b LEFT JOIN igual i ON i.id_base = b.id_planilla
   WHERE b.duplicada = 1 OR i.otras IS NOT NULL`;

/** 2: dates outside the load's period, or the attention starts on Saturday or Sunday. */
const fechas = (t: number, c: number | null) => sql`
  SELECT p.id_planilla,
         concat_ws('; ',
           CASE WHEN p.fecha_desde < ca.fecha_desde OR p.fecha_hasta > ca.fecha_hasta
                THEN 'Fechas fuera del periodo de la carga (' || to_char(ca.fecha_desde, 'DD/MM/YYYY') || ' - '
                     || to_char(ca.fecha_hasta, 'DD/MM/YYYY') || ')' END,
           CASE extract(isodow FROM p.fecha_desde)
                WHEN 6 THEN 'Atención en fin de semana (sábado)'
                WHEN 7 THEN 'Atención en fin de semana (domingo)' END) AS motivo
    FROM planilla p JOIN carga ca ON ca.id_carga = p.id_carga
   WHERE ${base(t, c)}
     AND (p.fecha_desde < ca.fecha_desde OR p.fecha_hasta > ca.fecha_hasta OR extract(isodow FROM p.fecha_desde) IN (6, 7))`;

/**
 * An amount as people read it in the reasons ('$ 1.234,56', docs/design-summary.md formats), written by
 * PostgreSQL so the reason is complete in the row (issue 14 §4: it showed '30.00').
 */
const dinero = (col: string) => `('$ ' || translate(to_char(${col}, 'FM999,999,999,990.00'), ',.', '.,'))`;

/** 3: a line's unit value above the provider's price list. */
const tarifas = (t: number, c: number | null) => sql`
  SELECT p.id_planilla,
         string_agg('Servicio ' || d.codigo || ': valor ' || ${sql.raw(dinero('d.valor_uni'))} || ' mayor que la tarifa ' || ${sql.raw(dinero('tp.valor'))}, '; '
                    ORDER BY d.id_planilla_det) AS motivo
    FROM planilla p
    JOIN planilla_det d ON d.id_planilla = p.id_planilla AND d.estado = 1
    JOIN tarifa_pres tp ON tp.id_prestador = p.id_prestador AND tp.id_elemento = d.id_elemento
   WHERE ${base(t, c)} AND d.valor_uni > tp.valor
   GROUP BY p.id_planilla`;

/**
 * 4: a diagnosis not in CIE-10, or incompatible with the patient where the code restricts sex or
 * age. The patient's sex and birth date are known only when a persona with that cédula exists;
 * unknown (or unrestricted) is compatible.
 */
const diagnosticos = (t: number, c: number | null) => sql`
  SELECT p.id_planilla,
         string_agg(
           CASE WHEN dg.codigo IS NULL THEN 'Diagnóstico ' || v.cod || ' no existe en CIE-10'
                WHEN dg.sexo IS NOT NULL AND pac.sexo IS NOT NULL AND upper(dg.sexo) <> upper(pac.sexo)
                THEN 'Diagnóstico ' || v.cod || ' no corresponde al sexo del paciente (' || upper(pac.sexo) || ')'
                ELSE 'Diagnóstico ' || v.cod || ' no corresponde a la edad del paciente ('
                     || date_part('year', age(p.fecha_desde, pac.fecha_nac))::int || ' años)' END,
           '; ' ORDER BY v.n) AS motivo
    FROM planilla p
    CROSS JOIN LATERAL (VALUES (1, p.diag1), (2, p.diag2), (3, p.diag3), (4, p.diag4), (5, p.diag5)) v(n, cod)
    LEFT JOIN diagnostico dg ON dg.codigo = v.cod
    LEFT JOIN (SELECT DISTINCT ON (documento) documento, sexo, fecha_nac FROM persona ORDER BY documento, id_persona) pac
           ON pac.documento = p.cedula
   WHERE ${base(t, c)} AND v.cod IS NOT NULL
     AND (dg.codigo IS NULL
          OR (dg.sexo IS NOT NULL AND pac.sexo IS NOT NULL AND upper(dg.sexo) <> upper(pac.sexo))
          OR (pac.fecha_nac IS NOT NULL
              AND ((dg.edad_min IS NOT NULL AND date_part('year', age(p.fecha_desde, pac.fecha_nac)) < dg.edad_min)
                OR (dg.edad_max IS NOT NULL AND date_part('year', age(p.fecha_desde, pac.fecha_nac)) > dg.edad_max))))
   GROUP BY p.id_planilla`;

/** 5: no supporting document. */
const sinDocumentos = (t: number, c: number | null) => sql`
  SELECT p.id_planilla, 'Atención sin documentos de respaldo' AS motivo
    FROM planilla p
   WHERE ${base(t, c)} AND NOT EXISTS (SELECT 1 FROM archivo_pla a WHERE a.id_planilla = p.id_planilla)`;

const CONTROL_SQL = [duplicados, fechas, tarifas, diagnosticos, sinDocumentos];

/** The statement of control `n` (1–5) over a procedure and optionally one of its loads. */
export function controlSql(n: number, t: number, c: number | null): SQL {
  const f = CONTROL_SQL[n - 1];
  if (!f) throw new Error(`control ${n} does not exist`);
  return f(t, c);
}
