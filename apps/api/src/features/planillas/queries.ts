import {
  foldText,
  PERFIL,
  type PlanillaFiltros,
  pendingColumn,
  type SessionUser,
  visibilityColumn,
} from '@app/domain';
import { foldedLike, likePattern } from '../../lib/sql.ts';
import type { TramiteRow } from '../tramites/access.ts';
import { controlSql } from './controles-sql.ts';

/** LIKE pattern for "starts with", escaped. */
export const prefixPattern = (q: string) => `${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Parameters collected while building a statement; `add` returns the placeholder. */
export class Params {
  readonly values: unknown[] = [];
  add(v: unknown): string {
    this.values.push(v);
    return `$${this.values.length}`;
  }
}

const AM_ESTADO = [PERFIL.REVISOR, PERFIL.SUPERVISOR_AM, PERFIL.AUDITOR_AM] as readonly number[];
const GD_ESTADO = [PERFIL.REVISOR, PERFIL.SUPERVISOR_GD, PERFIL.GESTOR_GD] as readonly number[];

/** The column that limits an operative (18/20) to its own attentions, as SQL on alias p; '' when none. */
export function visibilitySql(user: SessionUser, tramite: TramiteRow, params: Params): string {
  const c = visibilityColumn(user, tramite);
  if (!c) return '';
  return `p.${c === 'idUsuarioMed' ? 'id_usuario_med' : 'id_usuario_doc'} = ${params.add(user.idUsuario)}`;
}

/** Pending (or reviewed) condition for the user's review type: AM 17/18, GD 19/20, either for others. */
export function estadoRevisionSql(idPerfil: number, estados: readonly string[], params: Params): string {
  const p = params.add(estados);
  const col = pendingColumn(idPerfil);
  if (col === 'estadoAud') return `p.estado_aud = ANY(${p}::text[])`;
  if (col === 'estadoDoc') return `p.estado_doc = ANY(${p}::text[])`;
  return `(p.estado_aud = ANY(${p}::text[]) OR p.estado_doc = ANY(${p}::text[]))`;
}

/**
 * WHERE conditions (alias p) of the attentions list of one procedure: view, visibility of 18/20 and
 * every filter of the panel. Text filters are accent- and case-insensitive like the catalogue search.
 */
export function listConditions(
  user: SessionUser,
  tramite: TramiteRow,
  f: PlanillaFiltros,
  params: Params,
): string[] {
  const w: string[] = [`p.id_tramite = ${params.add(tramite.idTramite)}`];
  w.push(f.vista === 'ANULADAS' ? 'p.estado = 0' : 'p.estado = 1');
  if (f.vista === 'PENDIENTES') w.push(estadoRevisionSql(user.idPerfil, ['PENDIENTE'], params));
  if (f.vista === 'REVISADAS') w.push(estadoRevisionSql(user.idPerfil, ['REVISADA', 'FINALIZADA'], params));
  const vis = visibilitySql(user, tramite, params);
  if (vis) w.push(vis);
  if (f.idCarga) w.push(`p.id_carga = ${params.add(f.idCarga)}`);
  if (f.fecha) {
    const d = params.add(f.fecha);
    w.push(`p.fecha_desde <= ${d}::date AND p.fecha_hasta >= ${d}::date`);
  }
  if (f.nombreMedico)
    w.push(foldedLike('p.nombre_medico', params.add(likePattern(foldText(f.nombreMedico)))));
  if (f.idEspecialidad) {
    w.push(
      `EXISTS (SELECT 1 FROM medico m WHERE m.documento = p.cedula_medico AND m.id_especialidad = ${params.add(f.idEspecialidad)})`,
    );
  }
  if (f.numero) w.push(`p.numero ILIKE ${params.add(likePattern(f.numero))}`);
  if (f.cedula) w.push(`p.cedula LIKE ${params.add(likePattern(f.cedula))}`);
  if (f.nombre) w.push(foldedLike('p.nombre', params.add(likePattern(foldText(f.nombre)))));
  if (f.nivel) w.push(`p.nivel = ${params.add(f.nivel)}`);
  // State filters only for the profiles that see that state (docs/spec-summary.md 000 §6).
  if (f.estadoAud && AM_ESTADO.includes(user.idPerfil)) w.push(`p.estado_aud = ${params.add(f.estadoAud)}`);
  if (f.estadoDoc && GD_ESTADO.includes(user.idPerfil)) w.push(`p.estado_doc = ${params.add(f.estadoDoc)}`);
  if (f.duplicadas) w.push('p.duplicada = 1');
  if (f.sinNumeroExt) w.push(`(p.numero_ext IS NULL OR p.numero_ext = '')`);
  if (f.sinArchivos) w.push('NOT EXISTS (SELECT 1 FROM archivo_pla a WHERE a.id_planilla = p.id_planilla)');
  if (f.ids?.length) w.push(`p.id_planilla = ANY(${params.add(f.ids)}::int[])`);
  if (f.control) {
    const t = params.add(tramite.idTramite);
    const c = f.idCarga ? params.add(f.idCarga) : null;
    w.push(`p.id_planilla IN (SELECT x.id_planilla FROM (${controlSql(f.control, t, c)}) x)`);
  }
  return w;
}

const SORT_COLS: Record<string, string> = {
  numero: 'numero',
  fechaDesde: 'fecha_desde',
  cedula: 'cedula',
  nombre: 'nombre',
  total: 'total',
  idPlanilla: 'id_planilla',
};

/** ORDER BY for a sort key, always ending in id_planilla so that pages are stable; `reverse` flips it. */
export function orderSql(sort: string, reverse = false, alias = 'p'): string {
  const desc = sort.startsWith('-') !== reverse;
  const key = sort.replace(/^-/, '');
  const c = SORT_COLS[key] ?? 'numero';
  const dir = desc ? 'DESC' : 'ASC';
  return c === 'id_planilla'
    ? `${alias}.id_planilla ${dir}`
    : `${alias}.${c} ${dir}, ${alias}.id_planilla ${dir}`;
}

/** The columns of a list row (alias p, diagnosis dg). */
export const LIST_COLS = `
  p.id_planilla AS "idPlanilla", p.id_carga AS "idCarga", p.numero, p.numero_ext AS "numeroExt",
  p.fecha_desde AS "fechaDesde", p.fecha_hasta AS "fechaHasta", p.cedula, p.nombre, p.cedula_medico AS "cedulaMedico",
  p.nombre_medico AS "nombreMedico", p.diag1, dg.nombre AS "diag1Nombre", p.estado_aud AS "estadoAud",
  p.estado_doc AS "estadoDoc", p.duplicada, p.nivel,
  (SELECT count(*)::int FROM archivo_pla a WHERE a.id_planilla = p.id_planilla) AS "numArchivos",
  p.total, p.total_reclamado AS "totalReclamado", p.total_aprobado AS "totalAprobado", p.total_glosa AS "totalGlosa",
  p.estado, p.version, p.id_usuario_med AS "idUsuarioMed", p.id_usuario_doc AS "idUsuarioDoc"`;
