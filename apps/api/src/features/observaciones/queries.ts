import type { NivelObservacion, ObservacionItem, TipoRevision } from '@app/domain';
import type { Queryable } from '../../db/client.ts';
import { type SQL, sql } from '../../lib/sql.ts';

/*
 * SQL of observations (attention level pla_obs, line level pla_det_obs) shared by the routes, the
 * completeness checks and the review gate. Both tables carry copies of their attention's
 * id_tramite, id_carga, numero and estado (migration 0011, kept by triggers), so the procedure's
 * lists and counts run on the partial indexes *_tramite_idx.
 */

export const TABLA = {
  planilla: { tabla: 'pla_obs', id: 'id_pla_obs', det: 'NULL::int', nivel: 'PLANILLA', orden: 1 },
  detalle: {
    tabla: 'pla_det_obs',
    id: 'id_pla_det_obs',
    det: 'o.id_planilla_det',
    nivel: 'DETALLE',
    orden: 2,
  },
} as const;

/** The head of one branch of the union: the observation columns under common names (alias o). */
const CABEZA = Object.fromEntries(
  (['planilla', 'detalle'] as const).map((n) => {
    const t = TABLA[n];
    return [
      n,
      `SELECT o.${t.id} AS id, '${t.nivel}'::text AS nivel, ${t.orden} AS nivel_orden, o.id_planilla,
                 ${t.det} AS id_planilla_det, o.id_carga, o.planilla_numero, o.observacion_tipo, o.id_observacion,
                 o.descripcion, o.id_respuesta, o.respuesta, o.respondida, o.ronda, o.fecha_envio, o.fecha_resp,
                 o.fecha_envio_resp, o.aceptada, o.resolucion, o.fecha_acepta, o.fecha_reg, o.id_usuario_reg, o.version
            FROM ${t.tabla} o WHERE`,
    ];
  }),
) as Record<NivelObservacion, string>;
const CABEZA_SQL = { planilla: sql.raw(CABEZA.planilla), detalle: sql.raw(CABEZA.detalle) };

/** One branch of the union, filtered by `where` (alias o). */
export const rama = (n: NivelObservacion, where: string) => `${CABEZA[n]} ${where}`;

/** Both levels (or one), each branch filtered by `where`. */
export const union = (where: string, nivel?: 'PLANILLA' | 'DETALLE') =>
  nivel === 'PLANILLA'
    ? rama('planilla', where)
    : nivel === 'DETALLE'
      ? rama('detalle', where)
      : `${rama('planilla', where)} UNION ALL ${rama('detalle', where)}`;

/** `rama` with the tag. */
export const ramaSql = (n: NivelObservacion, where: SQL) => sql`${CABEZA_SQL[n]} ${where}`;

/** `union` with the tag. */
export const unionSql = (where: SQL, nivel?: 'PLANILLA' | 'DETALLE') =>
  nivel === 'PLANILLA'
    ? ramaSql('planilla', where)
    : nivel === 'DETALLE'
      ? ramaSql('detalle', where)
      : sql`${ramaSql('planilla', where)} UNION ALL ${ramaSql('detalle', where)}`;

/** The API columns of an observation row `x` of `union` (joins below). */
export const ITEM_COLS = `
  x.id, x.nivel, x.id_planilla AS "idPlanilla", x.id_planilla_det AS "idPlanillaDet",
  d.codigo AS "codigoDetalle", d.descripcion AS "descripcionDetalle", e.codigo AS "elementoCodigo",
  e.nombre AS "elementoNombre", x.observacion_tipo AS tipo, x.id_observacion AS "idObservacion",
  ob.descripcion AS "observacionEstandar", x.descripcion AS "observacionComplementaria",
  x.id_respuesta AS "idRespuesta", re.descripcion AS "respuestaEstandar", x.respuesta AS "respuestaComplementaria",
  x.respondida, x.ronda, x.fecha_envio AS "fechaEnvio", x.fecha_resp AS "fechaRespuesta",
  x.fecha_envio_resp AS "fechaEnvioRespuesta", x.aceptada = 1 AS aceptada, x.resolucion,
  x.fecha_acepta AS "fechaResolucion", x.fecha_reg AS "fechaReg", u.nombre AS usuario, x.version`;

export const ITEM_JOINS = `
  LEFT JOIN planilla_det d ON d.id_planilla_det = x.id_planilla_det
  LEFT JOIN elemento e ON e.id_elemento = d.id_elemento
  JOIN observacion ob ON ob.id_observacion = x.id_observacion
  LEFT JOIN respuesta re ON re.id_respuesta = x.id_respuesta
  LEFT JOIN usuario u ON u.id_usuario = x.id_usuario_reg`;

/** The raw row of one observation as the writers check it. */
export type ObsRow = {
  id: number;
  idPlanilla: number;
  idPlanillaDet: number | null;
  tipo: TipoRevision;
  idObservacion: number;
  descripcion: string | null;
  idRespuesta: number | null;
  respuesta: string | null;
  estado: number;
  version: number;
  ronda: number | null;
  fechaEnvioResp: Date | null;
  aceptada: number;
  resolucion: string | null;
};

/** One observation by level and id (optionally FOR UPDATE), or undefined. */
export async function leerObservacion(
  q: Queryable,
  nivel: NivelObservacion,
  id: number,
  lock = false,
): Promise<ObsRow | undefined> {
  const t = TABLA[nivel];
  const [o] = await q.query<ObsRow>(
    `SELECT o.${t.id} AS id, o.id_planilla AS "idPlanilla", ${t.det} AS "idPlanillaDet", o.observacion_tipo AS tipo,
            o.id_observacion AS "idObservacion", o.descripcion, o.id_respuesta AS "idRespuesta", o.respuesta,
            o.estado, o.version, o.ronda, o.fecha_envio_resp AS "fechaEnvioResp", o.aceptada, o.resolucion
       FROM ${t.tabla} o WHERE o.${t.id} = $1${lock ? ' FOR UPDATE' : ''}`,
    [id],
  );
  return o;
}

/** One observation in the API's shape. */
export async function itemObservacion(q: Queryable, nivel: NivelObservacion, id: number) {
  const t = TABLA[nivel];
  const [row] = await q.query<ObservacionItem>(
    `SELECT ${ITEM_COLS} FROM (${rama(nivel, `o.${t.id} = $1`)}) x ${ITEM_JOINS}`,
    [id],
  );
  return row;
}

/** Counts of one procedure and type (optionally one load): the conversation's state. */
export type Conteo = {
  /** Sent to the provider and not sent back yet. */
  abiertas: number;
  /** Of those, without an answer. */
  pendientes: number;
  /** Drafts not sent yet (the next round). */
  porEnviar: number;
  /** The last round sent (0: none). */
  ronda: number;
};

const CONTEO = (tabla: string) => `
  SELECT count(*) FILTER (WHERE ronda IS NOT NULL AND fecha_envio_resp IS NULL) AS abiertas,
         count(*) FILTER (WHERE ronda IS NOT NULL AND fecha_envio_resp IS NULL AND NOT respondida) AS pendientes,
         count(*) FILTER (WHERE ronda IS NULL) AS por_enviar,
         coalesce(max(ronda), 0) AS ronda
    FROM ${tabla}
   WHERE id_tramite = $1 AND observacion_tipo = $2 AND estado = 1 AND planilla_estado = 1
     AND ($3::int IS NULL OR id_carga = $3)`;

export async function conteoTramite(
  q: Queryable,
  idTramite: number,
  tipo: TipoRevision,
  idCarga?: number | null,
): Promise<Conteo> {
  const [c] = await q.query<{ abiertas: string; pendientes: string; porEnviar: string; ronda: string }>(
    `SELECT sum(abiertas) AS abiertas, sum(pendientes) AS pendientes, sum(por_enviar) AS "porEnviar",
            max(ronda) AS ronda
       FROM (${CONTEO('pla_obs')} UNION ALL ${CONTEO('pla_det_obs')}) x`,
    [idTramite, tipo, idCarga ?? null],
  );
  return {
    abiertas: Number(c.abiertas),
    pendientes: Number(c.pendientes),
    porEnviar: Number(c.porEnviar),
    ronda: Number(c.ronda),
  };
}

/** Counts of one attention and type (both levels). */
export async function conteoPlanilla(q: Queryable, idPlanilla: number, tipo: TipoRevision): Promise<Conteo> {
  const cond = 'id_planilla = $1 AND observacion_tipo = $2 AND estado = 1';
  const sel = (tabla: string) => `
    SELECT count(*) FILTER (WHERE ronda IS NOT NULL AND fecha_envio_resp IS NULL) AS abiertas,
           count(*) FILTER (WHERE ronda IS NOT NULL AND fecha_envio_resp IS NULL AND NOT respondida) AS pendientes,
           count(*) FILTER (WHERE ronda IS NULL) AS por_enviar, coalesce(max(ronda), 0) AS ronda
      FROM ${tabla} WHERE ${cond}`;
  const [c] = await q.query<{ abiertas: string; pendientes: string; porEnviar: string; ronda: string }>(
    `SELECT sum(abiertas) AS abiertas, sum(pendientes) AS pendientes, sum(por_enviar) AS "porEnviar", max(ronda) AS ronda
       FROM (${sel('pla_obs')} UNION ALL ${sel('pla_det_obs')}) x`,
    [idPlanilla, tipo],
  );
  return {
    abiertas: Number(c.abiertas),
    pendientes: Number(c.pendientes),
    porEnviar: Number(c.porEnviar),
    ronda: Number(c.ronda),
  };
}

/**
 * Active observations of an attention and type without an answer, both levels: finalizing the
 * attention's review is refused while there is one (revision routes).
 */
export async function sinResponderPlanilla(q: Queryable, idPlanilla: number, tipo: TipoRevision) {
  const [o] = await q.query<{ n: number }>(
    `SELECT ((SELECT count(*) FROM pla_obs WHERE id_planilla = $1 AND observacion_tipo = $2 AND estado = 1 AND NOT respondida)
           + (SELECT count(*) FROM pla_det_obs WHERE id_planilla = $1 AND observacion_tipo = $2 AND estado = 1 AND NOT respondida))::int AS n`,
    [idPlanilla, tipo],
  );
  return o.n;
}

/**
 * SQL condition (for the set-based review closing of a load): the attention `alias` has an active
 * observation of type `tipoParam` without an answer, at either level.
 */
export const SIN_RESPONDER_SQL = (alias: string, tipoParam: string) =>
  `(EXISTS (SELECT 1 FROM pla_obs o WHERE o.id_planilla = ${alias}.id_planilla AND o.observacion_tipo = ${tipoParam}
              AND o.estado = 1 AND NOT o.respondida)
    OR EXISTS (SELECT 1 FROM pla_det_obs o WHERE o.id_planilla = ${alias}.id_planilla AND o.observacion_tipo = ${tipoParam}
              AND o.estado = 1 AND NOT o.respondida))`;
