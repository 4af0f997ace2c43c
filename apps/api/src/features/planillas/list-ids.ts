import { type SessionUser, visibilityColumn } from '@app/domain';
import type { Queryable } from '../../db/client.ts';
import { type IdListCache, parseIdList } from '../../lib/id-list-cache.ts';
import { compilar, type SQL, sql } from '../../lib/sql.ts';
import type { PlanillaRevs, TramiteRow } from '../tramites/access.ts';

/*
 * The ordered ids of an attentions list, cached per filter and per the revisions of the procedure's
 * attentions that the filter depends on (table planilla_rev, bumped by triggers in the writing
 * transaction: migration 0007). A page is then a slice of ids and a primary-key lookup of 10 rows;
 * the total is the length. Exact: any change a filter depends on changes its key.
 */

type Grupo = keyof PlanillaRevs;
const GRUPOS: readonly Grupo[] = ['datos', 'revision', 'nivel', 'archivos'];

/** Query keys whose results depend only on the attentions' own data (group 'datos'). */
const DATOS = new Set([
  'idTramite',
  'vista',
  'idCarga',
  'fecha',
  'nombreMedico',
  'numero',
  'cedula',
  'nombre',
  'duplicadas',
  'sinNumeroExt',
  'ids',
  'page',
  'pageSize',
  'sort',
]);
/**
 * Filters that read other tables not covered by the revisions (controls read line items, price
 * lists, patients, other procedures; the specialty reads doctors): their lists are kept 60 s.
 */
const VOLATIL_MS = 60_000;

const activo = (v: unknown) => v !== undefined && v !== null && v !== false && v !== '';

/** Which revision groups a list depends on, and whether it must also expire. */
export function dependencias(
  q: Record<string, unknown>,
  operativo: boolean,
): { grupos: Grupo[]; ttl: number | null } {
  const g = new Set<Grupo>(['datos']);
  let ttl: number | null = null;
  if (q.vista === 'PENDIENTES' || q.vista === 'REVISADAS' || operativo) g.add('revision');
  for (const [k, v] of Object.entries(q)) {
    if (!activo(v) || DATOS.has(k)) continue;
    if (k === 'estadoAud' || k === 'estadoDoc') g.add('revision');
    else if (k === 'nivel') g.add('nivel');
    else if (k === 'sinArchivos') g.add('archivos');
    else {
      // control, idEspecialidad, or a filter added later: every group and a short life.
      for (const x of GRUPOS) g.add(x);
      ttl = VOLATIL_MS;
    }
  }
  return { grupos: GRUPOS.filter((x) => g.has(x)), ttl };
}

/**
 * The ids (in `order`) of the attentions matching `where` (alias p), from the cache
 * when the revisions it depends on (read with the procedure: `getTramiteConRevisiones`) have not moved.
 */
export async function listIds(
  db: Queryable,
  cache: IdListCache,
  user: SessionUser,
  tramite: TramiteRow & { revs: PlanillaRevs },
  q: Record<string, unknown>,
  where: SQL,
  order: SQL,
): Promise<Int32Array> {
  const { grupos, ttl } = dependencias(q, visibilityColumn(user, tramite) !== null);
  const revs = grupos.map((g) => `${g[0]}${tramite.revs[g]}`).join('.');
  // Compiled once: its text and values are the cache key and the statement.
  const { text, params } = compilar(
    sql`SELECT string_agg(p.id_planilla::text, ',' ORDER BY ${order}) AS ids FROM planilla p WHERE ${where}`,
  );
  const key = `${tramite.idTramite}|${revs}|${text}|${JSON.stringify(params)}`;
  return cache.get(key, ttl, async () => {
    const [r] = await db.query<{ ids: string | null }>(text, params);
    return parseIdList(r?.ids);
  });
}
