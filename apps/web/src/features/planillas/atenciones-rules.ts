/**
 * Pure rules of the attentions list of a procedure (docs/spec-summary.md 000 §2 "Attentions list of a trámite",
 * "Pending list and record search"; §6 roles): which views, filters, columns and options a user
 * gets, and how the filters travel between the URL and the API.
 */

import { PERFIL } from '@app/domain/auth/profiles';
import { TIPOS_CARGA } from '@app/domain/cargas/rules';
import { formatDate } from '@app/domain/common/format';
import { CONTROLES } from '@app/domain/planillas/controles';
import {
  canDeleteProfile,
  canSetNivel,
  esEstadoTrabajo,
  isSupervision,
  type PlanillaRef,
  pendingColumn,
  showsEstadoAud,
  showsEstadoDoc,
  type UsuarioRef,
} from '@app/domain/planillas/permissions';
import type { VistaPlanilla } from '@app/domain/planillas/schemas';
import { PAGE_SIZE } from '../../components/data-table.ts';
import type { ListParams } from '../../components/list-params.ts';
import { popupPath as popupDe } from '../tramites/tramite-rules.ts';

/**
 * URL namespace of the attentions list: its params are `pl.vista`, `pl.cedula`, `pl.page`,
 * `pl.control`... TramiteDetailPage drops every param with a dot when the tab changes, so each tab
 * starts afresh, and the supervisor's Controles tab links to `?tab=atenciones&pl.control=N` (or
 * `pl.ids=1,2,3`) to show the attentions a control flagged.
 */
export const NS = 'pl';

/** Filters of the panel (spec: Periodo, Fecha de Atención, Médico, Especialidad, Número, Cédula, Nombre, Nivel, Estado AM/GD, duplicados). */
export const PANEL_KEYS = [
  'idCarga',
  'fecha',
  'nombreMedico',
  'idEspecialidad',
  'numero',
  'cedula',
  'nombre',
  'nivel',
  'estadoAud',
  'estadoDoc',
  'duplicadas',
] as const;
export type PanelKey = (typeof PANEL_KEYS)[number];

/** Filters of the pending list. */
export const PENDIENTES_KEYS = ['estadoAud', 'estadoDoc', 'sinNumeroExt'] as const;

/** Filters that arrive by link (Controles tab): the attentions of a control, or a list of ids. */
export const LINK_KEYS = ['control', 'ids'] as const;

/** Every URL param the list owns (besides page and sort). */
export const FILTER_KEYS = ['vista', ...PANEL_KEYS, 'sinNumeroExt', ...LINK_KEYS] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];

/** Text filters display and travel upper-case (docs/spec-summary.md 000 §5). */
export const UPPER_KEYS: readonly PanelKey[] = ['numero', 'cedula', 'nombre', 'nombreMedico'];

export type Filtros = Partial<Record<FilterKey, string>>;

/** 'atenciones': the tab 'Atenciones médicas'; 'sin-documentacion': only attentions without files. */
export type Modo = 'atenciones' | 'sin-documentacion';

/** The views of the list: the API's, plus the record search (BUSCAR). */
export type VistaLista = VistaPlanilla | 'BUSCAR';

export const VISTA_LABELS: Readonly<Record<VistaLista, string>> = {
  TODAS: 'Todas',
  PENDIENTES: 'Pendientes',
  REVISADAS: 'Revisadas',
  ANULADAS: 'Anuladas',
  FILTROS: 'Filtros',
  BUSCAR: 'Buscar',
};

const AUDITORIA: readonly number[] = [
  PERFIL.REVISOR,
  PERFIL.SUPERVISOR_AM,
  PERFIL.AUDITOR_AM,
  PERFIL.SUPERVISOR_GD,
  PERFIL.GESTOR_GD,
];
/** Insurer staff who review (16–20): pending list, search, the record page. */
export const esAuditoria = (idPerfil: number) => AUDITORIA.includes(idPerfil);

/**
 * Views offered: auditors get the review views, the pending list and the search; the provider the
 * whole list, the annulled and the filtered ones. The tab without documentation is one list.
 */
export function vistasDisponibles(idPerfil: number, modo: Modo): VistaLista[] {
  if (modo === 'sin-documentacion') return [];
  if (esAuditoria(idPerfil)) return ['TODAS', 'PENDIENTES', 'REVISADAS', 'ANULADAS', 'FILTROS', 'BUSCAR'];
  return ['TODAS', 'ANULADAS', 'FILTROS'];
}

export function resolveVista(raw: string | undefined, disponibles: readonly VistaLista[]): VistaLista {
  return disponibles.find((v) => v === raw) ?? 'TODAS';
}

/** PENDIENTES is the pending list and BUSCAR the search; the others show the attention table. */
export type Pantalla = 'tabla' | 'pendientes' | 'buscar';
export const pantallaDe = (vista: VistaLista): Pantalla =>
  vista === 'PENDIENTES' ? 'pendientes' : vista === 'BUSCAR' ? 'buscar' : 'tabla';

const vacio = (v: string | undefined) => v === undefined || v.trim() === '';

/** Whether any panel or link filter is set (FILTROS is the filtered list). */
export function hayFiltros(f: Filtros): boolean {
  return [...PANEL_KEYS, ...LINK_KEYS].some((k) => !vacio(f[k]));
}

/** After the panel runs: a filtered TODAS becomes FILTROS; an unfiltered FILTROS goes back to TODAS. */
export function vistaTrasFiltrar(vista: VistaLista, filtros: Filtros): VistaLista {
  const con = hayFiltros(filtros);
  if (vista === 'TODAS' && con) return 'FILTROS';
  if (vista === 'FILTROS' && !con) return 'TODAS';
  return vista;
}

/**
 * The URL patch of a view change. The table views share the panel's filters; the pending list has
 * its own; 'Todas' means every attention, so it clears them.
 */
export function cambioDeVista(actual: VistaLista, nueva: VistaLista): Record<string, string | null> {
  const patch: Record<string, string | null> = { vista: nueva === 'TODAS' ? null : nueva };
  const mantiene = pantallaDe(actual) === 'tabla' && pantallaDe(nueva) === 'tabla' && nueva !== 'TODAS';
  if (!mantiene) for (const k of FILTER_KEYS) if (k !== 'vista') patch[k] = null;
  return patch;
}

/**
 * The view after the record popup reports a review: the list it was opened from (docs/spec-summary.md 000 §2); the
 * search stays where it is (its popups report TODAS).
 */
export function vistaTrasMensaje(
  actual: VistaLista,
  deMensaje: VistaPlanilla,
  disponibles: readonly VistaLista[],
): VistaLista {
  if (actual === 'BUSCAR' || !disponibles.includes(deMensaje)) return actual;
  return deMensaje;
}

export type ContextoLista = {
  idTramite: number;
  idPerfil: number;
  estadoTramite: string;
  modo: Modo;
  /** /cargaplanilla/{idTramite}/{idCarga}: the list of one load. */
  idCargaFija?: number;
};

/**
 * The query of GET /planillas (and its CSV export) for the URL's params. State filters only go to
 * the profiles and procedure states that show them (docs/spec-summary.md 000 §6), so a shared link cannot filter
 * by a column the user does not see.
 */
export function apiQuery(
  ctx: ContextoLista,
  vista: VistaLista,
  params: Pick<ListParams, 'filters' | 'page' | 'sort'>,
): Record<string, string | number | undefined> {
  const f = params.filters as Filtros;
  const keys: readonly FilterKey[] =
    pantallaDe(vista) === 'pendientes' ? [...PENDIENTES_KEYS, ...LINK_KEYS] : [...PANEL_KEYS, ...LINK_KEYS];
  const q: Record<string, string | number | undefined> = {
    idTramite: ctx.idTramite,
    vista: pantallaDe(vista) === 'buscar' ? 'TODAS' : vista,
  };
  for (const k of keys) {
    const v = f[k]?.trim();
    if (v) q[k] = UPPER_KEYS.includes(k as PanelKey) ? v.toUpperCase() : v;
  }
  if (!showsEstadoAud(ctx.idPerfil, ctx.estadoTramite)) delete q.estadoAud;
  if (!showsEstadoDoc(ctx.idPerfil, ctx.estadoTramite)) delete q.estadoDoc;
  if (ctx.idCargaFija) q.idCarga = ctx.idCargaFija;
  if (ctx.modo === 'sin-documentacion') q.sinArchivos = 1;
  q.page = params.page;
  q.pageSize = PAGE_SIZE;
  if (params.sort && params.sort !== 'numero') q.sort = params.sort;
  return q;
}

/** The export takes the list's filters without paging. */
export function exportQuery(q: Record<string, string | number | undefined>) {
  const { page: _p, pageSize: _s, sort: _o, ...rest } = q;
  return rest;
}

/** Filters shown in the panel for this user and procedure state. */
export function filtrosVisibles(idPerfil: number, estadoTramite: string, idCargaFija?: number): PanelKey[] {
  return PANEL_KEYS.filter((k) => {
    if (k === 'estadoAud') return showsEstadoAud(idPerfil, estadoTramite);
    if (k === 'estadoDoc') return showsEstadoDoc(idPerfil, estadoTramite);
    if (k === 'idCarga') return !idCargaFija;
    return true;
  });
}

/**
 * State filters of the pending list: the states the user sees, except the one that already makes
 * the list 'pending' for that profile (estadoAud for 17/18, estadoDoc for 19/20; 16 filters by both).
 */
export function filtrosPendientes(idPerfil: number, estadoTramite: string) {
  const col = pendingColumn(idPerfil);
  return {
    estadoAud: showsEstadoAud(idPerfil, estadoTramite) && col !== 'estadoAud',
    estadoDoc: showsEstadoDoc(idPerfil, estadoTramite) && col !== 'estadoDoc',
  };
}

export type ColumnaAtencion =
  | 'numero'
  | 'fechaDesde'
  | 'cedula'
  | 'nombre'
  | 'cedulaMedico'
  | 'diag1'
  | 'estadoAud'
  | 'estadoDoc'
  | 'duplicada'
  | 'archivos'
  | 'nivel1'
  | 'nivel2'
  | 'opciones';

/** Columns of the attention table: Estado AM only to AM profiles, Estado GD only to GD ones, both only in RECIBIDO/EN PROCESO. */
export function columnasAtenciones(idPerfil: number, estadoTramite: string): ColumnaAtencion[] {
  const cols: ColumnaAtencion[] = ['numero', 'fechaDesde', 'cedula', 'nombre', 'cedulaMedico', 'diag1'];
  if (showsEstadoAud(idPerfil, estadoTramite)) cols.push('estadoAud');
  if (showsEstadoDoc(idPerfil, estadoTramite)) cols.push('estadoDoc');
  cols.push('duplicada', 'archivos', 'nivel1', 'nivel2', 'opciones');
  return cols;
}

export type ColumnaPendiente =
  | 'idPlanilla'
  | 'cedula'
  | 'nombre'
  | 'numeroExt'
  | 'estadoAud'
  | 'estadoDoc'
  | 'fechaDesde'
  | 'fechaHasta';

export function columnasPendientes(idPerfil: number, estadoTramite: string): ColumnaPendiente[] {
  const cols: ColumnaPendiente[] = ['idPlanilla', 'cedula', 'nombre', 'numeroExt'];
  if (showsEstadoAud(idPerfil, estadoTramite)) cols.push('estadoAud');
  if (showsEstadoDoc(idPerfil, estadoTramite)) cols.push('estadoDoc');
  cols.push('fechaDesde', 'fechaHasta');
  return cols;
}

/** A row's level boxes: its processors and the supervision, in a working state, not annulled. */
export function puedeNivel(
  user: UsuarioRef,
  estadoTramite: string,
  row: PlanillaRef & { estado: number },
): boolean {
  return esEstadoTrabajo(estadoTramite) && row.estado === 1 && canSetNivel(user, row);
}

/** 'Marcar todas' (the whole selected load): the supervision, in a working state. */
export const puedeMarcarTodas = (idPerfil: number, estadoTramite: string) =>
  esEstadoTrabajo(estadoTramite) && isSupervision(idPerfil);

export type OpcionAtencion = 'resumen' | 'detalles' | 'borrar' | 'restaurar';

export const OPCION_LABELS: Readonly<Record<OpcionAtencion, string>> = {
  resumen: 'Resumen',
  detalles: 'Detalles',
  borrar: 'Borrar',
  restaurar: 'Restaurar',
};

/** The row's 'Opciones': Resumen always; Detalles (the record page) for auditors; Borrar/Restaurar for 16, 17, 19. */
export function opcionesAtencion(idPerfil: number, row: { estado: number }): OpcionAtencion[] {
  const out: OpcionAtencion[] = ['resumen'];
  if (esAuditoria(idPerfil)) out.push('detalles');
  if (canDeleteProfile(idPerfil)) out.push(row.estado === 1 ? 'borrar' : 'restaurar');
  return out;
}

/** Row options are disabled when the procedure is FINALIZADO (docs/spec-summary.md 000 §2). */
export const opcionesDeshabilitadas = (estadoTramite: string) => estadoTramite === 'FINALIZADO';

/** Double-click: the provider gets the summary modal, auditors the record page (or its popup). */
export const dobleClicAbre = (idPerfil: number): 'resumen' | 'registro' =>
  esAuditoria(idPerfil) ? 'registro' : 'resumen';

/** The record page (declared with the record feature). */
export { planillaPath as recordPath } from '../tramites/tramite-rules.ts';

/** The record popup; its last segment tells it which list to refresh after a review. */
export const popupPath = (idTramite: number, estadoTramite: string, idPlanilla: number, vista: VistaLista) =>
  popupDe(idTramite, estadoTramite, idPlanilla, vista === 'BUSCAR' ? 'TODAS' : vista);

export const POPUP_FEATURES = 'popup=yes,width=1200,height=800';

/** Ctrl/Cmd (double-)click, Ctrl+Enter or the middle button open the popup instead of the page. */
export const abreEnPopup = (e: { ctrlKey?: boolean; metaKey?: boolean; button?: number }) =>
  !!e.ctrlKey || !!e.metaKey || e.button === 1;

/** 'dd/MM/yyyy – dd/MM/yyyy · Semanal' for the Periodo filter. */
export function periodoLabel(c: { fechaDesde: string; fechaHasta: string; tipoCarga?: string | null }) {
  const fecha = (v: string) => formatDate(/^\d{4}-\d{2}-\d{2}/.exec(v)?.[0] ?? v);
  const tipo = c.tipoCarga ? TIPOS_CARGA[c.tipoCarga as keyof typeof TIPOS_CARGA] : undefined;
  return `${fecha(c.fechaDesde)} – ${fecha(c.fechaHasta)}${tipo ? ` · ${tipo}` : ''}`;
}

/** 'Control 1: Duplicados' for the banner of a list opened from the Controles tab. */
export function controlLabel(n: string | number | undefined): string | null {
  const c = CONTROLES.find((x) => String(x.control) === String(n));
  return c ? `Control ${c.control}: ${c.nombre}` : null;
}

/** How many ids a `pl.ids` link holds. */
export const cuentaIds = (ids: string | undefined) => (ids ? ids.split(',').filter(Boolean).length : 0);

/** 'N/A' for empty values of the summary (docs/spec-summary.md 000 §2). */
export const na = (v: string | number | null | undefined) =>
  v === null || v === undefined || String(v).trim() === '' ? 'N/A' : String(v);
