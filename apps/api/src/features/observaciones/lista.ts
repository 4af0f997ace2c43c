import {
  type ObservacionTramiteItem,
  type observacionesListaQuerySchema,
  PERFIL,
  RESOLUCION_TEXTO,
  type Resolucion,
  type SessionUser,
  visibilityColumn,
} from '@app/domain';
import type pg from 'pg';
import type { z } from 'zod';
import type { Queryable } from '../../db/client.ts';
import { planilla, plaObs } from '../../db/schema/index.ts';
import { type IdListCache, parseIdList } from '../../lib/id-list-cache.ts';
import { columnas, compilar, consulta, lista, type SQL, sql, todas, una } from '../../lib/sql.ts';
import { columnasExport } from '../../lib/tabla-export.ts';
import type { PlanillaRevs, TramiteRow } from '../tramites/access.ts';
import { ITEM_COLS, ITEM_JOINS, ramaSql, unionSql } from './queries.ts';

/*
 * The procedure's observations (the supervisors' report 'ObservacionesTramite', the
 * pending-observations review of 16–20, the provider's lists per load and type). The filters run in
 * the partial indexes pla_obs_tramite_idx / pla_det_obs_tramite_idx (index-only); the ordered ids of
 * a list are cached per revision of the procedure's observations, and the page's rows alone are read
 * by primary key and joined to the catalogues (docs/performance.md 'Observaciones').
 */

type Query = z.infer<typeof observacionesListaQuerySchema>;

/** The condition of both branches (alias o), for the user. */
function condicion(user: SessionUser, t: TramiteRow, q: Query): SQL {
  const w: SQL[] = [sql`o.id_tramite = ${t.idTramite}`, sql.raw('o.estado = 1 AND o.planilla_estado = 1')];
  if (q.tipo) w.push(sql`o.observacion_tipo = ${q.tipo}`);
  if (q.idCarga) w.push(sql`o.id_carga = ${q.idCarga}`);
  if (q.respondida === 'si') w.push(sql.raw('o.respondida'));
  if (q.respondida === 'no') w.push(sql.raw('NOT o.respondida'));
  if (q.porResolver === 'si')
    w.push(sql.raw('o.respondida AND o.fecha_envio_resp IS NOT NULL AND o.resolucion IS NULL'));
  if (q.porResolver === 'no') w.push(sql.raw('o.resolucion IS NOT NULL'));
  // The provider sees what was sent to it; 18 and 20 the attentions assigned to them (unless T).
  if (user.idPerfil === PERFIL.PRESTADOR) w.push(sql.raw('o.ronda IS NOT NULL'));
  const col = visibilityColumn(user, t);
  if (col) {
    const c = sql.raw(col === 'idUsuarioMed' ? 'id_usuario_med' : 'id_usuario_doc');
    w.push(
      sql`EXISTS (SELECT 1 FROM planilla pv WHERE pv.id_planilla = o.id_planilla AND pv.${c} = ${user.idUsuario})`,
    );
  }
  return todas(w);
}

/** The SQL order of a list (`sort`), over the columns of `union` (optionally qualified by `alias`). */
function ordenSql(q: Query, alias = ''): SQL {
  const dir = q.sort === '-numero' ? 'DESC' : 'ASC';
  return sql.raw(
    ['planilla_numero', 'id_planilla', 'nivel_orden', 'id'].map((c) => `${alias}${c} ${dir}`).join(', '),
  );
}

const RAMA_IDS = {
  planilla: sql.raw(
    'SELECT o.id_pla_obs AS id, 1 AS nivel_orden, o.planilla_numero, o.id_planilla FROM pla_obs o WHERE',
  ),
  detalle: sql.raw(
    'SELECT o.id_pla_det_obs AS id, 2 AS nivel_orden, o.planilla_numero, o.id_planilla FROM pla_det_obs o WHERE',
  ),
};

/**
 * The statement loading the ordered ids of a list: one text of signed ids (attention-level
 * observations positive, line-level negative), from index-only scans of *_tramite_idx.
 */
export function sqlIdsObservaciones(user: SessionUser, t: TramiteRow, q: Query): SQL {
  const where = condicion(user, t, q);
  const nivel = q.nivel as 'PLANILLA' | 'DETALLE' | undefined;
  const ramas: SQL[] = [];
  if (nivel !== 'DETALLE') ramas.push(sql`${RAMA_IDS.planilla} ${where}`);
  if (nivel !== 'PLANILLA') ramas.push(sql`${RAMA_IDS.detalle} ${where}`);
  return sql`SELECT string_agg(CASE x.nivel_orden WHEN 1 THEN x.id ELSE -x.id END::text, ',' ORDER BY ${ordenSql(q, 'x.')}) AS ids
            FROM (${sql.join(ramas, sql.raw(' UNION ALL '))}) x`;
}

/** The columns of a listed observation: the item's, its load and its attention (alias p). */
const FILA = lista([
  ITEM_COLS,
  columnas(plaObs, 'x', { solo: ['idCarga'] }),
  columnas(planilla, 'p', { solo: ['numero', 'cedula', 'nombre', 'fechaDesde', 'fechaHasta'] }),
]);

/**
 * The rows of a page by primary key, compiled once to a prepared text: its two parameters are the
 * attention-level ids and the line-level ids.
 */
const sinIds = sql.param([] as number[]);
export const SQL_PAGINA = compilar(sql`
  SELECT ${FILA}
    FROM (${ramaSql('planilla', sql`o.id_pla_obs = ANY(${sinIds}::int[])`)}
          UNION ALL ${ramaSql('detalle', sql`o.id_pla_det_obs = ANY(${sinIds}::int[])`)}) x
    JOIN planilla p ON p.id_planilla = x.id_planilla
    ${ITEM_JOINS}`).text;

/**
 * A statement prepared once per pooled connection (PostgreSQL) so that its plan is reused: planning
 * the page's joins cost 3–4 times their execution (0.7 ms against 0.2 ms). Elsewhere (PGlite, a
 * transaction) a plain query.
 */
async function preparada<T>(
  db: Queryable & { pool?: pg.Pool },
  name: string,
  text: string,
  values: unknown[],
) {
  if (!db.pool) return db.query<T>(text, values);
  return (await db.pool.query({ name, text, values })).rows as T[];
}

/**
 * A page of the procedure's observations and the exact total. The ordered ids of the whole list
 * are loaded once per filter and kept in `cache` under the procedure's revision of its observations
 * (planilla_rev.observaciones, bumped by triggers in the writing transaction: migration 0014) and,
 * for the operatives 18/20 who see their attentions only, of the attentions' assignments; a page is
 * then a slice and a primary-key lookup of its rows, the total the list's length (decision 27, as
 * the attentions list). `paginar` false (the CSV): every row, read directly in order.
 */
export async function listarObservacionesTramite(
  db: Queryable,
  user: SessionUser,
  t: TramiteRow & { revs?: PlanillaRevs },
  q: Query,
  paginar: boolean,
  cache?: IdListCache,
) {
  if (!paginar || !cache || !t.revs) return listarDirecto(db, user, t, q, paginar);
  const { text, params } = compilar(sqlIdsObservaciones(user, t, q));
  const asignaciones = visibilityColumn(user, t) ? `.r${t.revs.revision}` : '';
  const key = `obs|${t.idTramite}|o${t.revs.observaciones}${asignaciones}|${text}|${JSON.stringify(params)}`;
  const ids = await cache.get(key, null, async () => {
    const [r] = await db.query<{ ids: string | null }>(text, params);
    return parseIdList(r?.ids);
  });
  const desde = (q.page - 1) * q.pageSize;
  const pagina = ids.subarray(desde, desde + q.pageSize);
  if (pagina.length === 0) return { items: [], total: ids.length };
  const pla: number[] = [];
  const det: number[] = [];
  for (const id of pagina) (id > 0 ? pla : det).push(Math.abs(id));
  const rows = await preparada<ObservacionTramiteItem>(db, 'obs_lista_pagina', SQL_PAGINA, [pla, det]);
  const pos = new Map<number, number>();
  pagina.forEach((id, i) => {
    pos.set(id, i);
  });
  const clave = (o: ObservacionTramiteItem) => (o.nivel === 'PLANILLA' ? o.id : -o.id);
  rows.sort((a, b) => (pos.get(clave(a)) ?? 0) - (pos.get(clave(b)) ?? 0));
  return { items: rows, total: ids.length };
}

/** The list read directly: ordered, paged with OFFSET and counted (the CSV: every row). */
async function listarDirecto(db: Queryable, user: SessionUser, t: TramiteRow, q: Query, paginar: boolean) {
  const where = condicion(user, t, q);
  const nivel = q.nivel as 'PLANILLA' | 'DETALLE' | undefined;
  const limit = paginar ? sql`LIMIT ${q.pageSize} OFFSET ${(q.page - 1) * q.pageSize}` : sql.empty();
  const rows = await consulta<ObservacionTramiteItem>(
    db,
    sql`SELECT ${FILA}
       FROM (SELECT * FROM (${unionSql(where, nivel)}) y ORDER BY ${ordenSql(q)} ${limit}) x
       JOIN planilla p ON p.id_planilla = x.id_planilla
       ${ITEM_JOINS}
      ORDER BY ${ordenSql(q, 'x.')}`,
  );
  if (!paginar) return { items: rows, total: rows.length };
  const ramas = [
    nivel !== 'DETALLE' ? sql`(SELECT count(*) FROM pla_obs o WHERE ${where})` : sql.raw('0'),
    nivel !== 'PLANILLA' ? sql`(SELECT count(*) FROM pla_det_obs o WHERE ${where})` : sql.raw('0'),
  ];
  const c = await una<{ n: number }>(db, sql`SELECT (${sql.join(ramas, sql.raw(' + '))})::int AS n`);
  return { items: rows, total: c?.n ?? 0 };
}

/** The export of the procedure's observations (CSV or Excel), in this order. */
export const COLUMNAS_OBSERVACIONES = columnasExport<ObservacionTramiteItem>([
  { titulo: 'Número', tipo: 'texto', valor: (o) => o.numero },
  { titulo: 'Cédula', tipo: 'texto', valor: (o) => o.cedula, ancho: 12 },
  { titulo: 'Paciente', tipo: 'texto', valor: (o) => o.nombre, ancho: 30 },
  { titulo: 'Fecha de atención', tipo: 'fecha', valor: (o) => o.fechaDesde },
  {
    titulo: 'Nivel',
    tipo: 'texto',
    valor: (o) => (o.nivel === 'PLANILLA' ? 'Atención' : 'Detalle'),
    ancho: 10,
  },
  { titulo: 'Código detalle', tipo: 'texto', valor: (o) => o.codigoDetalle },
  { titulo: 'Tipo', tipo: 'texto', valor: (o) => o.tipo, ancho: 8 },
  { titulo: 'Observación', tipo: 'texto', valor: (o) => o.observacionEstandar, ancho: 40 },
  {
    titulo: 'Observación complementaria',
    tipo: 'texto',
    valor: (o) => o.observacionComplementaria,
    ancho: 40,
  },
  { titulo: 'Respuesta', tipo: 'texto', valor: (o) => o.respuestaEstandar, ancho: 40 },
  { titulo: 'Respuesta complementaria', tipo: 'texto', valor: (o) => o.respuestaComplementaria, ancho: 40 },
  { titulo: 'Respondida', tipo: 'texto', valor: (o) => o.respondida, ancho: 12 },
  { titulo: 'Fecha', tipo: 'fechaHora', valor: (o) => o.fechaReg },
  { titulo: 'Usuario', tipo: 'texto', valor: (o) => o.usuario, ancho: 24 },
  { titulo: 'Ronda', tipo: 'entero', valor: (o) => o.ronda },
  {
    titulo: 'Decisión',
    tipo: 'texto',
    valor: (o) => (o.resolucion ? RESOLUCION_TEXTO[o.resolucion as Resolucion] : null),
  },
]);
