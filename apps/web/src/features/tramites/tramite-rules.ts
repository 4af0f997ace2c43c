import { fieldErrors } from '@app/domain/common/errors';
/**
 * Pure rules of the procedure screens: which list a route shows, where a row opens, which buttons
 * and tabs a user sees for a procedure. The workflow itself comes from the domain's table.
 */
import { todayIso } from '@app/domain/common/format';
import { MSG } from '@app/domain/messages';
import { assignProfiles, esEstadoTrabajo, isSupervision } from '@app/domain/planillas/permissions';
import { esEditable } from '@app/domain/tramites/periodo';
import { type TramiteInput, tramiteInputSchema } from '@app/domain/tramites/schemas';
import { VISTAS_TRAMITE } from '@app/domain/tramites/vistas';
import {
  ACCIONES,
  type Accion,
  BITACORA_TIPOS,
  ESTADOS_TRAMITE,
  type EstadoTramite,
  FRECUENCIAS,
  type FrecuenciaCarga,
  semanaDisponible,
  type Transicion,
  transicion,
} from '@app/domain/tramites/workflow';
import type { Tramite, Vista } from './tramites-api.ts';

const PRESTADOR = 15;
const REVISOR = 16;
const SUPERVISOR_AM = 17;
const AUDITOR_AM = 18;
const SUPERVISOR_GD = 19;
const GESTOR_GD = 20;

export type VistaDef = { vista: Vista; path: string; title: string; perfiles: readonly number[] };

/** The four procedure lists of docs/spec-summary.md 000 §2 (one screen, parameterised by the API's `vista`). */
export const VISTAS: Readonly<Record<Vista, VistaDef>> = {
  todos: { vista: 'todos', ...VISTAS_TRAMITE.todos, perfiles: [REVISOR, SUPERVISOR_AM, SUPERVISOR_GD] },
  asignados: {
    vista: 'asignados',
    ...VISTAS_TRAMITE.asignados,
    perfiles: [REVISOR, SUPERVISOR_AM, AUDITOR_AM, SUPERVISOR_GD, GESTOR_GD],
  },
  procesados: {
    vista: 'procesados',
    ...VISTAS_TRAMITE.procesados,
    perfiles: [REVISOR, SUPERVISOR_AM, SUPERVISOR_GD],
  },
  carga: { vista: 'carga', ...VISTAS_TRAMITE.carga, perfiles: [PRESTADOR] },
};

export const esPrestador = (idPerfil: number) => idPerfil === PRESTADOR;

/** The side of the detail page: the provider's upload side or the auditors' side. */
export type Lado = 'carga' | 'auditoria';

/** Where a procedure opens: the provider's page for profile 15, the audit page for everyone else. */
export function detailPath(idPerfil: number, idTramite: number): string {
  return esPrestador(idPerfil) ? `/tramiteform-carga/${idTramite}` : `/tramiteform/${idTramite}`;
}

/** The 'Trámites' crumb of a detail page (spec: 18 and 20 go back to their assigned list). */
export function listHref(lado: Lado, idPerfil: number): string {
  if (lado === 'carga' || esPrestador(idPerfil)) return VISTAS.carga.path;
  return idPerfil === AUDITOR_AM || idPerfil === GESTOR_GD ? VISTAS.asignados.path : VISTAS.todos.path;
}

// Date and period formatting moved to the domain's format module (issue 12 §5); kept here as
// re-exports until the last importers (features/planillas, features/revision) move.
export {
  calendarDate,
  formatCalendarDate as fecha,
  formatPeriod as periodo,
} from '@app/domain/common/format';

export function frecuenciaLabel(code: string | null | undefined): string {
  return FRECUENCIAS.find((f) => f.value === code)?.label ?? code ?? '';
}

/** 'Semana': current / maximum for weekly procedures; monthly ones have no weeks. */
export function semanaTexto(t: Pick<Tramite, 'frecuenciaCarga' | 'numSemana' | 'maxSemanas'>): string {
  if (t.frecuenciaCarga !== 'S') return 'No aplica (mensual)';
  return `${t.numSemana} de ${t.maxSemanas}`;
}

/** Actions offered elsewhere: the weekly loads panel ('Siguiente semana'), the observations' screens. */
const FUERA_DE_CABECERA: readonly Accion[] = ['saltar-semana', 'enviar-observaciones', 'enviar-respuestas'];
/** The header's actions in workflow order; 'anular' is last and never the primary one (issue 14 §2, decision 50). */
const ORDEN_ACCIONES = ACCIONES.filter((a) => !FUERA_DE_CABECERA.includes(a));

export type BotonAccion = {
  accion: Accion;
  label: string;
  primary: boolean;
  confirm: boolean;
  danger: boolean;
};

/**
 * The header buttons for the actions the server allows now, in workflow order; the first is the
 * primary one. 'Siguiente semana' lives in the weekly loads panel, not in the header.
 */
export function botonesCabecera(acciones: readonly string[]): BotonAccion[] {
  const list = ORDEN_ACCIONES.filter((a) => acciones.includes(a))
    .map((a) => transicion(a))
    .filter((t): t is Transicion => t !== undefined);
  return list.map((t, i) => ({
    accion: t.accion,
    label: t.label,
    primary: i === 0 && t.accion !== 'anular',
    confirm: t.accion === 'finalizar' || t.accion === 'enviar' || t.accion === 'anular',
    danger: t.accion === 'anular',
  }));
}

/** Profile 17 opening an ENVIADO procedure is asked whether to receive it (docs/spec-summary.md 000 §4). */
export function debePreguntarRecibir(
  t: Pick<Tramite, 'estadoTramite'>,
  idPerfil: number,
  acciones: readonly string[],
) {
  return idPerfil === SUPERVISOR_AM && t.estadoTramite === 'ENVIADO' && acciones.includes('recibir');
}

/** Dates and description are editable only by the provider while REGISTRADO. */
export const puedeEditar = (t: Pick<Tramite, 'estadoTramite' | 'tieneApr'>, idPerfil: number) =>
  esPrestador(idPerfil) && esEditable(t);

/** Week skipping is offered in the weekly loads panel when the server allows it. */
export const puedeSaltarSemana = (
  t: Pick<Tramite, 'estadoTramite' | 'frecuenciaCarga' | 'numSemana' | 'maxSemanas'>,
  acciones: readonly string[],
) => acciones.includes('saltar-semana') && semanaDisponible(t);

export type TabKey =
  | 'carga'
  | 'atenciones'
  | 'sin-documentacion'
  | 'asignar-gd'
  | 'asignar-am'
  | 'bitacora'
  | 'novedades'
  | 'controles'
  | 'datos-archivo';

export const TAB_LABELS: Readonly<Record<TabKey, string>> = {
  carga: 'Datos y carga de archivos',
  atenciones: 'Atenciones médicas',
  'sin-documentacion': 'Atenciones sin documentación',
  'asignar-gd': 'Asignar Gestor Documental',
  'asignar-am': 'Asignar Médico Auditor',
  bitacora: 'Bitácora',
  novedades: 'Novedades',
  controles: 'Controles',
  'datos-archivo': 'Datos del archivo',
};

const indice = (e: string) => ESTADOS_TRAMITE.indexOf(e as EstadoTramite);

/** Attention tabs appear from ESTRUCTURADO onwards, or when the procedure has more than one load. */
export const muestraAtenciones = (t: Pick<Tramite, 'estadoTramite' | 'numCargas'>) =>
  indice(t.estadoTramite) >= indice('ESTRUCTURADO') || t.numCargas > 1;

/** The log is for the supervisors (17, 19) and the super-reviewer (16). */
export const muestraBitacora = (idPerfil: number) => isSupervision(idPerfil);

/**
 * 'Asignar Médico Auditor' for 16 and 17, 'Asignar Gestor Documental' for 16 and 19, only while the
 * procedure is RECIBIDO, EN PROCESO or PLANILLAJE (docs/spec-summary.md 000 §6).
 */
export const muestraAsignacion = (t: Pick<Tramite, 'estadoTramite'>, idPerfil: number, tipo: 'M' | 'D') =>
  assignProfiles(tipo).includes(idPerfil) && esEstadoTrabajo(t.estadoTramite);

/** The loads' novedades (warnings): supervision profiles (16, 17, 19) once there is a load. */
export const muestraNovedades = (t: Pick<Tramite, 'numCargas'>, idPerfil: number) =>
  isSupervision(idPerfil) && t.numCargas > 0;

/** Controls 1–5: supervision profiles (16, 17, 19) once the procedure has attentions. */
export const muestraControles = (t: Pick<Tramite, 'estadoTramite' | 'numCargas'>, idPerfil: number) =>
  isSupervision(idPerfil) && muestraAtenciones(t);

export function tabsVisibles(t: Pick<Tramite, 'estadoTramite' | 'numCargas'>, idPerfil: number): TabKey[] {
  const tabs: TabKey[] = ['carga'];
  if (muestraAtenciones(t)) tabs.push('atenciones', 'sin-documentacion');
  if (muestraAsignacion(t, idPerfil, 'D')) tabs.push('asignar-gd');
  if (muestraAsignacion(t, idPerfil, 'M')) tabs.push('asignar-am');
  if (muestraBitacora(idPerfil)) tabs.push('bitacora');
  if (muestraNovedades(t, idPerfil)) tabs.push('novedades');
  if (muestraControles(t, idPerfil)) tabs.push('controles');
  tabs.push('datos-archivo');
  return tabs;
}

/** The tab named in the URL when the user may see it, else the first one. */
export function resolveTab(requested: string | null | undefined, visibles: readonly TabKey[]): TabKey {
  return visibles.find((t) => t === requested) ?? visibles[0];
}

export const muestraAvisoDocumentado = (t: Pick<Tramite, 'estadoTramite'>) =>
  t.estadoTramite === 'DOCUMENTADO';

export type BitacoraOpcion = { value: string; label: string };

const BITACORA_LABELS: Readonly<Record<string, string>> = {
  M: 'M (REVISIÓN AUDITORÍA MÉDICA)',
  D: 'D (REVISIÓN GESTIÓN DOCUMENTAL)',
};

/** Type filter of the log (docs/spec-summary.md 002): the placeholder is 'ESTADO'; M and D are the review entries. */
export const BITACORA_OPCIONES: readonly BitacoraOpcion[] = BITACORA_TIPOS.map((t) => ({
  value: t,
  label: BITACORA_LABELS[t] ?? t,
}));

export const esTipoBitacora = (v: string | null | undefined): v is (typeof BITACORA_TIPOS)[number] =>
  !!v && (BITACORA_TIPOS as readonly string[]).includes(v);

export type NuevoTramiteForm = {
  idPrestador?: number | null;
  idServicio?: number | null;
  fechaDesde?: string | null;
  fechaHasta?: string | null;
  descripcion?: string | null;
  frecuenciaCarga?: FrecuenciaCarga | null;
  maxSemanas?: number | null;
};

export type NuevoTramitePayload = TramiteInput;

/** The request body of 'Nuevo trámite': upper-case description; weeks only for weekly procedures. */
export function nuevoTramitePayload(v: NuevoTramiteForm): NuevoTramitePayload {
  const body: NuevoTramitePayload = {
    idPrestador: v.idPrestador ?? 0,
    idServicio: v.idServicio ?? 0,
    fechaDesde: v.fechaDesde ?? '',
    fechaHasta: v.fechaHasta ?? '',
    descripcion: (v.descripcion ?? '').trim().toUpperCase(),
    frecuenciaCarga: v.frecuenciaCarga ?? ('' as 'S'),
  };
  if (v.frecuenciaCarga === 'S' && v.maxSemanas !== null && v.maxSemanas !== undefined)
    body.maxSemanas = v.maxSemanas;
  return body;
}

/**
 * The same check the API runs (the domain's zod schema), as field → first message. Required fields
 * say 'El campo {campo} es obligatorio.'.
 */
export function validarNuevoTramite(body: NuevoTramitePayload): Record<string, string> | null {
  const res = tramiteInputSchema.safeParse({
    ...body,
    idPrestador: body.idPrestador || undefined,
    idServicio: body.idServicio || undefined,
    frecuenciaCarga: body.frecuenciaCarga || undefined,
  });
  return res.success ? null : fieldErrors(res.error, null);
}

/** The required-field message of docs/spec-summary.md 000 §5 for a form label. */
export const requerido = (campo: string) => MSG.campoRequerido(campo);

export type ReporteTramite = { key: string; label: string; href: string };

/**
 * The supervisor's report links of the audit side (docs/spec-summary.md 000 §2 'Reportes': ObservacionesTramite and
 * ArchivoCarga, plus the procedure log, the new-files report and the attentions without files). The
 * new-files window runs from the start of the audit (or of the procedure) to its end (or today).
 */
export function reportesTramite(
  t: Pick<Tramite, 'idTramite' | 'fechaDesde' | 'fechaIniAud' | 'fechaFinAud'>,
  idPerfil: number,
  now: Date = new Date(),
): ReporteTramite[] {
  if (!muestraBitacora(idPerfil)) return [];
  // Audit instants as their calendar day in Guayaquil.
  const dia = (v: string) => (/^\d{4}-\d{2}-\d{2}$/.test(v) ? v : todayIso(new Date(v)));
  const desde = dia(t.fechaIniAud ?? t.fechaDesde);
  const hasta = t.fechaFinAud ? dia(t.fechaFinAud) : todayIso(now);
  return [
    {
      key: 'observaciones',
      label: 'Observaciones del trámite',
      href: `/observaciones-tramite/${t.idTramite}`,
    },
    { key: 'archivo-carga', label: 'Archivos por carga', href: `/archivo-carga/${t.idTramite}` },
    { key: 'bitacora', label: 'Bitácora del trámite', href: `/bitacora-tramite/${t.idTramite}` },
    {
      key: 'archivos-nuevos',
      label: 'Archivos nuevos',
      href: `/tramites-archivos-nuevos/${t.idTramite}/${desde}/${hasta}`,
    },
    {
      key: 'sin-archivos',
      label: 'Atenciones sin archivos',
      href: `/tramites-planillas-sin-archivos/${t.idTramite}`,
    },
  ];
}

/** /planillaform/{idTramite}/{estadoTramite}/{idPlanilla} (the state is informational; the API decides). */
export function planillaPath(idTramite: number, estadoTramite: string, idPlanilla: number): string {
  return `/planillaform/${idTramite}/${encodeURIComponent(estadoTramite)}/${idPlanilla}`;
}

/** /planillaformpopup/{idTramite}/{estadoTramite}/{idPlanilla}/{tipo}: tipo is the list view it came from. */
export function popupPath(
  idTramite: number,
  estadoTramite: string,
  idPlanilla: number,
  tipo: string,
): string {
  return `${planillaPath(idTramite, estadoTramite, idPlanilla).replace('/planillaform/', '/planillaformpopup/')}/${encodeURIComponent(tipo)}`;
}
