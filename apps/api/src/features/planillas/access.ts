import {
  canSeePlanilla,
  esEstadoTrabajo,
  type getPlanillasByIdResponse,
  MSG_PLANILLA,
  type SessionUser,
  type TramiteRef,
} from '@app/domain';
import type { z } from 'zod';
import type { Queryable } from '../../db/client.ts';
import { carga, planilla, tramite } from '../../db/schema/index.ts';
import { AppError, conflict, notFound } from '../../lib/errors.ts';
import { columnas, consulta, lista, sql, una } from '../../lib/sql.ts';
import { getTramiteForUser, type TramiteRow, tramiteScopeSql } from '../tramites/access.ts';

/** Every column of a planilla as the API names it (alias p), plus its load's period (c). */
export const PLANILLA_COLS = lista([
  columnas(planilla, 'p', {
    sin: ['lMuerto', 'totalReclamado', 'totalAprobado', 'totalGlosa', 'fechaReg', 'idUsuarioReg'],
  }),
  columnas(carga, 'c', {
    solo: ['tipoCarga'],
    extra: { fechaDesdeCarga: 'c.fecha_desde', fechaHastaCarga: 'c.fecha_hasta' },
  }),
]);

const CARGA = columnas(carga, 'carga', {
  solo: ['idCarga', 'idTramite', 'fechaDesde', 'fechaHasta', 'estado'],
});
const FOR_UPDATE_P = sql.raw(' FOR UPDATE OF p');
const TRAMITE_DE_PLANILLA = columnas(planilla, 'p', { solo: ['idTramite'] });
const ID_TRAMITE = columnas(tramite, 't', { solo: ['idTramite'] });

/**
 * An attention's row (PLANILLA_COLS): the record page's answer (GET /planillas/:id) without what
 * ficha.ts `detalle()` adds to it (names, counts, the procedure's state and the user's permissions).
 */
export type PlanillaRow = Omit<
  z.output<typeof getPlanillasByIdResponse>,
  | 'diagnostico01'
  | 'diagnostico02'
  | 'diagnostico03'
  | 'diagnostico04'
  | 'diagnostico05'
  | 'numDetalles'
  | 'numArchivos'
  | 'usuarioMed'
  | 'usuarioDoc'
  | 'plantillaNombre'
  | 'numeroTramite'
  | 'estadoTramite'
  | 'tipoAsignacion'
  | 'finDeSemana'
  | 'permisos'
>;

export type PlanillaCtx = { planilla: PlanillaRow; tramite: TramiteRow };

/**
 * The attention if the user may see it (tenant of its procedure, and for 18/20 the assignment
 * unless tipoAsignacion is T), else 404. With `lock` (inside a transaction) the procedure is locked
 * FOR SHARE first and then the attention FOR UPDATE: the same order as every writer here, so state
 * changes of the procedure wait for running reviews and no two writers deadlock.
 */
export async function getPlanillaForUser(
  q: Queryable,
  user: SessionUser,
  idPlanilla: number,
  opts: { lock?: 'share' | 'update' } = {},
): Promise<PlanillaCtx> {
  const ref = await una<{ idTramite: number }>(
    q,
    sql`SELECT ${TRAMITE_DE_PLANILLA} FROM planilla p WHERE p.id_planilla = ${idPlanilla}`,
  );
  if (!ref) throw notFound();
  const tramite = opts.lock
    ? await lockTramite(q, user, ref.idTramite, opts.lock)
    : await getTramiteForUser(q, user, ref.idTramite);
  const fila = await una<PlanillaRow>(
    q,
    sql`SELECT ${PLANILLA_COLS} FROM planilla p JOIN carga c ON c.id_carga = p.id_carga
      WHERE p.id_planilla = ${idPlanilla}${opts.lock ? FOR_UPDATE_P : sql.empty()}`,
  );
  if (!fila || !canSeePlanilla(user, tramite, fila)) throw notFound();
  return { planilla: fila, tramite };
}

/** The procedure, tenant-checked, locked FOR SHARE (reviews) or FOR UPDATE (state changes). */
export async function lockTramite(
  q: Queryable,
  user: SessionUser,
  idTramite: number,
  mode: 'share' | 'update',
) {
  if (mode === 'update') return getTramiteForUser(q, user, idTramite, { lock: true });
  const row = await una<{ idTramite: number }>(
    q,
    sql`SELECT ${ID_TRAMITE} FROM tramite t WHERE t.id_tramite = ${idTramite} AND ${tramiteScopeSql(user)} FOR SHARE`,
  );
  if (!row) throw notFound();
  return getTramiteForUser(q, user, idTramite);
}

/** A load of a procedure the user may see, else 404. */
export async function getCargaForUser(
  q: Queryable,
  user: SessionUser,
  idCarga: number,
  opts: { lock?: 'share' | 'update' } = {},
) {
  const c = await una<{
    idCarga: number;
    idTramite: number;
    fechaDesde: string;
    fechaHasta: string;
    estado: number;
  }>(q, sql`SELECT ${CARGA} FROM carga WHERE id_carga = ${idCarga}`);
  if (!c) throw notFound();
  const tramite = opts.lock
    ? await lockTramite(q, user, c.idTramite, opts.lock)
    : await getTramiteForUser(q, user, c.idTramite);
  return { carga: c, tramite };
}

/** 409 unless the procedure is RECIBIDO, EN PROCESO or PLANILLAJE. */
export function assertEstadoTrabajo(tramite: TramiteRef) {
  if (!esEstadoTrabajo(tramite.estadoTramite)) {
    throw conflict(MSG_PLANILLA.tramiteNoTrabajo(tramite.estadoTramite), 'ESTADO_INVALIDO');
  }
}

/** 409 when the client saw another version of the attention. */
export function assertVersion(planilla: { version: number }, version: number | undefined) {
  if (version !== undefined && version !== planilla.version)
    throw conflict(MSG_PLANILLA.versionObsoleta, 'VERSION');
}

export const perfilNoAutorizado = () =>
  new AppError(403, 'PERFIL_NO_AUTORIZADO', MSG_PLANILLA.perfilNoAutorizado);

type Valor = string | number | boolean | Date | null | undefined;

const texto = (v: Valor): string | null =>
  v === null || v === undefined ? null : v instanceof Date ? v.toISOString() : String(v);

/**
 * Writes the audit trail of one attention (or one line item) inside the caller's transaction: one
 * auditoria_pla row per field whose value changed between `before` and `after` (fields of `after`
 * only). Returns how many rows were written.
 */
export async function recordChanges(
  tx: Queryable,
  before: Record<string, Valor>,
  after: Record<string, Valor>,
  meta: { idPlanilla: number; idUsuario: number; operacion: string; idPlanillaDet?: number | null },
): Promise<number> {
  const rows: Array<[string, string | null, string | null]> = [];
  for (const [campo, nuevo] of Object.entries(after)) {
    const a = texto(before[campo]);
    const d = texto(nuevo);
    if (a !== d) rows.push([campo, a, d]);
  }
  if (rows.length === 0) return 0;
  const [campos, antes, despues] = [0, 1, 2].map((i) => sql.param(rows.map((r) => r[i])));
  await consulta(
    tx,
    sql`INSERT INTO auditoria_pla (id_planilla, id_planilla_det, id_usuario, operacion, campo, antes, despues)
     SELECT ${meta.idPlanilla}::int, ${meta.idPlanillaDet ?? null}::int, ${meta.idUsuario}::int, ${meta.operacion}::text, c, a, d
       FROM unnest(${campos}::text[], ${antes}::text[], ${despues}::text[]) AS x(c, a, d)`,
  );
  return rows.length;
}
