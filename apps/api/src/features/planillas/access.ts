import {
  canSeePlanilla,
  esEstadoTrabajo,
  MSG_PLANILLA,
  type SessionUser,
  type TramiteRef,
} from '@app/domain';
import type { Queryable } from '../../db/client.ts';
import { AppError, conflict, notFound } from '../../lib/errors.ts';
import { getTramiteForUser, type TramiteRow, tramiteScope } from '../tramites/access.ts';

/** Every column of a planilla as the API names it (alias p), plus its load's period. */
export const PLANILLA_COLS = `
  p.id_planilla AS "idPlanilla", p.id_tramite AS "idTramite", p.id_carga AS "idCarga", p.id_prestador AS "idPrestador",
  p.numero, p.numero_ext AS "numeroExt", p.cedula, p.nombre, p.cedula_medico AS "cedulaMedico",
  p.nombre_medico AS "nombreMedico", p.diag1, p.diag2, p.diag3, p.diag4, p.diag5,
  p.control_diag1 AS "controlDiag1", p.control_diag2 AS "controlDiag2", p.control_diag3 AS "controlDiag3",
  p.control_diag4 AS "controlDiag4", p.control_diag5 AS "controlDiag5", p.codigo_val AS "codigoVal",
  p.fecha_desde AS "fechaDesde", p.fecha_hasta AS "fechaHasta", p.hora_desde AS "horaDesde", p.hora_hasta AS "horaHasta",
  p.estado_aud AS "estadoAud", p.estado_doc AS "estadoDoc", p.id_usuario_med AS "idUsuarioMed",
  p.id_usuario_doc AS "idUsuarioDoc", p.fecha_aud AS "fechaAud", p.fecha_doc AS "fechaDoc",
  p.id_usuario_act AS "idUsuarioAct", p.fecha_act AS "fechaAct", p.id_plantilla AS "idPlantilla", p.nivel,
  p.duplicada, p.estado, p.total, p.version,
  c.fecha_desde AS "fechaDesdeCarga", c.fecha_hasta AS "fechaHastaCarga", c.tipo_carga AS "tipoCarga"`;

export type PlanillaRow = {
  idPlanilla: number;
  idTramite: number;
  idCarga: number;
  idPrestador: number;
  numero: string;
  numeroExt: string | null;
  cedula: string;
  nombre: string;
  cedulaMedico: string | null;
  nombreMedico: string | null;
  diag1: string | null;
  diag2: string | null;
  diag3: string | null;
  diag4: string | null;
  diag5: string | null;
  controlDiag1: number;
  controlDiag2: number;
  controlDiag3: number;
  controlDiag4: number;
  controlDiag5: number;
  codigoVal: string | null;
  fechaDesde: string;
  fechaHasta: string;
  horaDesde: string | null;
  horaHasta: string | null;
  estadoAud: 'PENDIENTE' | 'REVISADA' | 'FINALIZADA';
  estadoDoc: 'PENDIENTE' | 'REVISADA' | 'FINALIZADA';
  idUsuarioMed: number | null;
  idUsuarioDoc: number | null;
  fechaAud: Date | null;
  fechaDoc: Date | null;
  idUsuarioAct: number | null;
  fechaAct: Date | null;
  idPlantilla: number | null;
  nivel: number;
  duplicada: number;
  estado: number;
  total: string;
  version: number;
  fechaDesdeCarga: string;
  fechaHastaCarga: string;
  tipoCarga: string;
};

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
  const [ref] = await q.query<{ idTramite: number }>(
    'SELECT id_tramite AS "idTramite" FROM planilla WHERE id_planilla = $1',
    [idPlanilla],
  );
  if (!ref) throw notFound();
  const tramite = opts.lock
    ? await lockTramite(q, user, ref.idTramite, opts.lock)
    : await getTramiteForUser(q, user, ref.idTramite);
  const [planilla] = await q.query<PlanillaRow>(
    `SELECT ${PLANILLA_COLS} FROM planilla p JOIN carga c ON c.id_carga = p.id_carga
      WHERE p.id_planilla = $1${opts.lock ? ' FOR UPDATE OF p' : ''}`,
    [idPlanilla],
  );
  if (!planilla || !canSeePlanilla(user, tramite, planilla)) throw notFound();
  return { planilla, tramite };
}

/** The procedure, tenant-checked, locked FOR SHARE (reviews) or FOR UPDATE (state changes). */
export async function lockTramite(
  q: Queryable,
  user: SessionUser,
  idTramite: number,
  mode: 'share' | 'update',
) {
  if (mode === 'update') return getTramiteForUser(q, user, idTramite, { lock: true });
  const scope = tramiteScope(user, 2);
  const [row] = await q.query<{ idTramite: number }>(
    `SELECT t.id_tramite AS "idTramite" FROM tramite t WHERE t.id_tramite = $1 AND ${scope.sql} FOR SHARE`,
    [idTramite, ...scope.params],
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
  const [c] = await q.query<{
    idCarga: number;
    idTramite: number;
    fechaDesde: string;
    fechaHasta: string;
    estado: number;
  }>(
    `SELECT id_carga AS "idCarga", id_tramite AS "idTramite", fecha_desde AS "fechaDesde", fecha_hasta AS "fechaHasta", estado
       FROM carga WHERE id_carga = $1`,
    [idCarga],
  );
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
  await tx.query(
    `INSERT INTO auditoria_pla (id_planilla, id_planilla_det, id_usuario, operacion, campo, antes, despues)
     SELECT $1, $2, $3, $4, c, a, d FROM unnest($5::text[], $6::text[], $7::text[]) AS x(c, a, d)`,
    [
      meta.idPlanilla,
      meta.idPlanillaDet ?? null,
      meta.idUsuario,
      meta.operacion,
      rows.map((r) => r[0]),
      rows.map((r) => r[1]),
      rows.map((r) => r[2]),
    ],
  );
  return rows.length;
}
