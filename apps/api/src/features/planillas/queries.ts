import {
  foldText,
  PERFIL,
  type PlanillaFiltros,
  pendingColumn,
  type SessionUser,
  visibilityColumn,
} from '@app/domain';
import { planilla } from '../../db/schema/index.ts';
import { columnas, contiene, likePattern, lista, type SQL, sql } from '../../lib/sql.ts';
import type { TramiteRow } from '../tramites/access.ts';
import { controlSql } from './controles-sql.ts';

export { prefixPattern } from '../../lib/sql.ts';

const AM_ESTADO = [PERFIL.REVISOR, PERFIL.SUPERVISOR_AM, PERFIL.AUDITOR_AM] as readonly number[];
const GD_ESTADO = [PERFIL.REVISOR, PERFIL.SUPERVISOR_GD, PERFIL.GESTOR_GD] as readonly number[];

/** The condition that limits an operative (18/20) to its own attentions (alias p); undefined when none. */
export function visibilitySql(user: SessionUser, tramite: TramiteRow): SQL | undefined {
  const c = visibilityColumn(user, tramite);
  if (!c) return undefined;
  return c === 'idUsuarioMed'
    ? sql`p.id_usuario_med = ${user.idUsuario}`
    : sql`p.id_usuario_doc = ${user.idUsuario}`;
}

/** Pending (or reviewed) condition for the user's review type: AM 17/18, GD 19/20, either for others. */
export function estadoRevisionSql(idPerfil: number, estados: readonly string[]): SQL {
  const p = sql.param([...estados]);
  const col = pendingColumn(idPerfil);
  if (col === 'estadoAud') return sql`p.estado_aud = ANY(${p}::text[])`;
  if (col === 'estadoDoc') return sql`p.estado_doc = ANY(${p}::text[])`;
  return sql`(p.estado_aud = ANY(${p}::text[]) OR p.estado_doc = ANY(${p}::text[]))`;
}

/**
 * WHERE conditions (alias p) of the attentions list of one procedure: view, visibility of 18/20 and
 * every filter of the panel. Text filters are accent- and case-insensitive like the catalogue search.
 */
export function listConditions(user: SessionUser, tramite: TramiteRow, f: PlanillaFiltros): SQL[] {
  const w: SQL[] = [sql`p.id_tramite = ${tramite.idTramite}`];
  w.push(f.vista === 'ANULADAS' ? sql.raw('p.estado = 0') : sql.raw('p.estado = 1'));
  if (f.vista === 'PENDIENTES') w.push(estadoRevisionSql(user.idPerfil, ['PENDIENTE']));
  if (f.vista === 'REVISADAS') w.push(estadoRevisionSql(user.idPerfil, ['REVISADA', 'FINALIZADA']));
  const vis = visibilitySql(user, tramite);
  if (vis) w.push(vis);
  if (f.idCarga) w.push(sql`p.id_carga = ${f.idCarga}`);
  if (f.fecha) w.push(sql`p.fecha_desde <= ${f.fecha}::date AND p.fecha_hasta >= ${f.fecha}::date`);
  if (f.nombreMedico) w.push(contiene(sql.raw('p.nombre_medico'), likePattern(foldText(f.nombreMedico))));
  if (f.idEspecialidad) {
    w.push(
      sql`EXISTS (SELECT 1 FROM medico m WHERE m.documento = p.cedula_medico AND m.id_especialidad = ${f.idEspecialidad})`,
    );
  }
  if (f.numero) w.push(sql`p.numero ILIKE ${likePattern(f.numero)}`);
  if (f.cedula) w.push(sql`p.cedula LIKE ${likePattern(f.cedula)}`);
  if (f.nombre) w.push(contiene(sql.raw('p.nombre'), likePattern(foldText(f.nombre))));
  if (f.nivel) w.push(sql`p.nivel = ${f.nivel}`);
  // State filters only for the profiles that see that state (docs/spec-summary.md 000 §6).
  if (f.estadoAud && AM_ESTADO.includes(user.idPerfil)) w.push(sql`p.estado_aud = ${f.estadoAud}`);
  if (f.estadoDoc && GD_ESTADO.includes(user.idPerfil)) w.push(sql`p.estado_doc = ${f.estadoDoc}`);
  if (f.duplicadas) w.push(sql.raw('p.duplicada = 1'));
  if (f.sinNumeroExt) w.push(sql.raw(`(p.numero_ext IS NULL OR p.numero_ext = '')`));
  if (f.sinArchivos)
    w.push(sql.raw('NOT EXISTS (SELECT 1 FROM archivo_pla a WHERE a.id_planilla = p.id_planilla)'));
  if (f.ids?.length) w.push(sql`p.id_planilla = ANY(${sql.param(f.ids)}::int[])`);
  if (f.control) {
    const x = controlSql(f.control, tramite.idTramite, f.idCarga ?? null);
    w.push(sql`p.id_planilla IN (SELECT x.id_planilla FROM (${x}) x)`);
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
export function orderSql(sort: string, reverse = false, alias = 'p'): SQL {
  const desc = sort.startsWith('-') !== reverse;
  const key = sort.replace(/^-/, '');
  const c = SORT_COLS[key] ?? 'numero';
  const dir = desc ? 'DESC' : 'ASC';
  return sql.raw(
    c === 'id_planilla' ? `${alias}.id_planilla ${dir}` : `${alias}.${c} ${dir}, ${alias}.id_planilla ${dir}`,
  );
}

/** The columns of a list row (alias p, diagnosis dg), in the order the list answers them. */
export const LIST_COLS = lista([
  columnas(planilla, 'p', {
    solo: ['idPlanilla', 'idCarga', 'numero', 'numeroExt', 'fechaDesde', 'fechaHasta', 'cedula', 'nombre'],
  }),
  columnas(planilla, 'p', {
    solo: ['cedulaMedico', 'nombreMedico', 'diag1'],
    extra: { diag1Nombre: 'dg.nombre' },
  }),
  columnas(planilla, 'p', {
    solo: ['estadoAud', 'estadoDoc', 'duplicada', 'nivel'],
    extra: { numArchivos: '(SELECT count(*)::int FROM archivo_pla a WHERE a.id_planilla = p.id_planilla)' },
  }),
  columnas(planilla, 'p', {
    solo: [
      'total',
      'totalReclamado',
      'totalAprobado',
      'totalGlosa',
      'estado',
      'version',
      'idUsuarioMed',
      'idUsuarioDoc',
    ],
  }),
]);
