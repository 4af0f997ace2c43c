import type { NivelObservacion, ObservacionItem, TipoRevision } from '@app/domain';
import type { Queryable } from '../../db/client.ts';
import { plaDetObs, plaObs } from '../../db/schema/index.ts';
import { columnas, fila, lista, type SQL, sql, una } from '../../lib/sql.ts';

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

/** The table and primary key of a level as fragments (text from code), for the writers' statements. */
export const TABLA_SQL = {
  planilla: { tabla: sql.raw('pla_obs'), id: sql.raw('id_pla_obs') },
  detalle: { tabla: sql.raw('pla_det_obs'), id: sql.raw('id_pla_det_obs') },
} as const;

/** The head of one branch of the union: the observation columns under common names (alias o). */
const CABEZA = Object.fromEntries(
  (['planilla', 'detalle'] as const).map((n) => {
    const t = TABLA[n];
    return [
      n,
      sql.raw(`SELECT o.${t.id} AS id, '${t.nivel}'::text AS nivel, ${t.orden} AS nivel_orden, o.id_planilla,
                 ${t.det} AS id_planilla_det, o.id_carga, o.planilla_numero, o.observacion_tipo, o.id_observacion,
                 o.descripcion, o.id_respuesta, o.respuesta, o.respondida, o.ronda, o.fecha_envio, o.fecha_resp,
                 o.fecha_envio_resp, o.aceptada, o.resolucion, o.fecha_acepta, o.fecha_reg, o.id_usuario_reg, o.version
            FROM ${t.tabla} o WHERE`),
    ];
  }),
) as Record<NivelObservacion, SQL>;

/** One branch of the union, filtered by `where` (alias o). */
export const ramaSql = (n: NivelObservacion, where: SQL) => sql`${CABEZA[n]} ${where}`;

/** Both levels (or one), each branch filtered by `where`. */
export const unionSql = (where: SQL, nivel?: 'PLANILLA' | 'DETALLE') =>
  nivel === 'PLANILLA'
    ? ramaSql('planilla', where)
    : nivel === 'DETALLE'
      ? ramaSql('detalle', where)
      : sql`${ramaSql('planilla', where)} UNION ALL ${ramaSql('detalle', where)}`;

/**
 * The API columns of an observation row `x` of `union` (joins below): the union keeps the tables'
 * column names, so the observation tables' declarations name them.
 */
export const ITEM_COLS = lista([
  sql.raw('x.id, x.nivel'),
  columnas(plaDetObs, 'x', {
    solo: ['idPlanilla', 'idPlanillaDet'],
    extra: {
      codigoDetalle: 'd.codigo',
      descripcionDetalle: 'd.descripcion',
      elementoCodigo: 'e.codigo',
      elementoNombre: 'e.nombre',
      tipo: 'x.observacion_tipo',
    },
  }),
  columnas(plaObs, 'x', {
    solo: ['idObservacion'],
    extra: { observacionEstandar: 'ob.descripcion', observacionComplementaria: 'x.descripcion' },
  }),
  columnas(plaObs, 'x', {
    solo: ['idRespuesta'],
    extra: { respuestaEstandar: 're.descripcion', respuestaComplementaria: 'x.respuesta' },
  }),
  columnas(plaObs, 'x', {
    solo: ['respondida', 'ronda', 'fechaEnvio'],
    extra: { fechaRespuesta: 'x.fecha_resp' },
  }),
  columnas(plaObs, 'x', {
    solo: [],
    extra: { fechaEnvioRespuesta: 'x.fecha_envio_resp', aceptada: 'x.aceptada = 1' },
  }),
  columnas(plaObs, 'x', { solo: ['resolucion'], extra: { fechaResolucion: 'x.fecha_acepta' } }),
  columnas(plaObs, 'x', { solo: ['fechaReg'], extra: { usuario: 'u.nombre' } }),
  columnas(plaObs, 'x', { solo: ['version'] }),
]);

export const ITEM_JOINS = sql.raw(`
  LEFT JOIN planilla_det d ON d.id_planilla_det = x.id_planilla_det
  LEFT JOIN elemento e ON e.id_elemento = d.id_elemento
  JOIN observacion ob ON ob.id_observacion = x.id_observacion
  LEFT JOIN respuesta re ON re.id_respuesta = x.id_respuesta
  LEFT JOIN usuario u ON u.id_usuario = x.id_usuario_reg`);

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

/** The columns of `ObsRow` (alias o) after the id and the line. */
const OBS_ROW_RESTO = columnas(plaObs, 'o', {
  solo: [
    'idObservacion',
    'descripcion',
    'idRespuesta',
    'respuesta',
    'estado',
    'version',
    'ronda',
    'fechaEnvioResp',
    'aceptada',
    'resolucion',
  ],
});

/** The select list of `ObsRow` per level (alias o). */
const OBS_ROW = {
  planilla: lista([
    columnas(plaObs, 'o', {
      solo: [],
      extra: {
        id: 'o.id_pla_obs',
        idPlanilla: 'o.id_planilla',
        idPlanillaDet: 'NULL::int',
        tipo: 'o.observacion_tipo',
      },
    }),
    OBS_ROW_RESTO,
  ]),
  detalle: lista([
    columnas(plaDetObs, 'o', { solo: [], extra: { id: 'o.id_pla_det_obs' } }),
    columnas(plaDetObs, 'o', {
      solo: ['idPlanilla', 'idPlanillaDet'],
      extra: { tipo: 'o.observacion_tipo' },
    }),
    OBS_ROW_RESTO,
  ]),
};

/** One observation by level and id (optionally FOR UPDATE), or undefined. */
export async function leerObservacion(
  q: Queryable,
  nivel: NivelObservacion,
  id: number,
  lock = false,
): Promise<ObsRow | undefined> {
  const t = TABLA_SQL[nivel];
  return una<ObsRow>(
    q,
    sql`SELECT ${OBS_ROW[nivel]} FROM ${t.tabla} o WHERE o.${t.id} = ${id}${lock ? sql.raw(' FOR UPDATE') : sql.empty()}`,
  );
}

/** One observation in the API's shape. */
export async function itemObservacion(q: Queryable, nivel: NivelObservacion, id: number) {
  const t = TABLA_SQL[nivel];
  return fila<ObservacionItem>(
    q,
    sql`SELECT ${ITEM_COLS} FROM (${ramaSql(nivel, sql`o.${t.id} = ${id}`)}) x ${ITEM_JOINS}`,
  );
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

/** The counts of one table (`sum` over both below); `porEnviar` comes back as por_enviar. */
type FilaConteo = { abiertas: string; pendientes: string; por_enviar: string; ronda: string };

const CONTEO_COLS =
  sql.raw(`count(*) FILTER (WHERE ronda IS NOT NULL AND fecha_envio_resp IS NULL) AS abiertas,
         count(*) FILTER (WHERE ronda IS NOT NULL AND fecha_envio_resp IS NULL AND NOT respondida) AS pendientes,
         count(*) FILTER (WHERE ronda IS NULL) AS por_enviar,
         coalesce(max(ronda), 0) AS ronda`);

/** Both tables' counts under `where`, summed. */
const sumaConteo = (where: SQL) => sql`
  SELECT sum(abiertas) AS abiertas, sum(pendientes) AS pendientes, sum(por_enviar) AS por_enviar,
         max(ronda) AS ronda
    FROM (SELECT ${CONTEO_COLS} FROM pla_obs WHERE ${where}
          UNION ALL SELECT ${CONTEO_COLS} FROM pla_det_obs WHERE ${where}) x`;

const aConteo = (c: FilaConteo): Conteo => ({
  abiertas: Number(c.abiertas),
  pendientes: Number(c.pendientes),
  porEnviar: Number(c.por_enviar),
  ronda: Number(c.ronda),
});

export async function conteoTramite(
  q: Queryable,
  idTramite: number,
  tipo: TipoRevision,
  idCarga?: number | null,
): Promise<Conteo> {
  const carga = idCarga ?? null;
  return aConteo(
    await fila<FilaConteo>(
      q,
      sumaConteo(sql`id_tramite = ${idTramite} AND observacion_tipo = ${tipo} AND estado = 1 AND planilla_estado = 1
     AND (${carga}::int IS NULL OR id_carga = ${carga})`),
    ),
  );
}

/** Counts of one attention and type (both levels). */
export async function conteoPlanilla(q: Queryable, idPlanilla: number, tipo: TipoRevision): Promise<Conteo> {
  return aConteo(
    await fila<FilaConteo>(
      q,
      sumaConteo(sql`id_planilla = ${idPlanilla} AND observacion_tipo = ${tipo} AND estado = 1`),
    ),
  );
}

/**
 * Active observations of an attention and type without an answer, both levels: finalizing the
 * attention's review is refused while there is one (revision routes).
 */
export async function sinResponderPlanilla(q: Queryable, idPlanilla: number, tipo: TipoRevision) {
  const w = sql`id_planilla = ${idPlanilla} AND observacion_tipo = ${tipo} AND estado = 1 AND NOT respondida`;
  const o = await fila<{ n: number }>(
    q,
    sql`SELECT ((SELECT count(*) FROM pla_obs WHERE ${w}) + (SELECT count(*) FROM pla_det_obs WHERE ${w}))::int AS n`,
  );
  return o.n;
}

/**
 * SQL condition (for the set-based review closing of a load): the attention `alias` has an active
 * observation of type `tipo` without an answer, at either level.
 */
export const sinResponderSql = (alias: string, tipo: SQL | string) => {
  const a = sql.raw(alias);
  return sql`(EXISTS (SELECT 1 FROM pla_obs o WHERE o.id_planilla = ${a}.id_planilla AND o.observacion_tipo = ${tipo}
              AND o.estado = 1 AND NOT o.respondida)
    OR EXISTS (SELECT 1 FROM pla_det_obs o WHERE o.id_planilla = ${a}.id_planilla AND o.observacion_tipo = ${tipo}
              AND o.estado = 1 AND NOT o.respondida))`;
};
