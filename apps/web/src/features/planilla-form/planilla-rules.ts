/**
 * Pure rules of the attention record page and popup (docs/spec-summary.md 000 §2 "Attention record page and popup"):
 * breadcrumb per profile, links, the weekend notice, date bounds, which review actions and tabs a user
 * gets, the keyboard map, and the form ↔ API mapping. The permissions themselves come from the API
 * (`permisos`, computed by the domain's predicates).
 */
import { calendarDate, formatDate } from '@app/domain/common/format';
import { canActivarDetalle } from '@app/domain/planillas/detalles';
import { MSG_PLANILLA } from '@app/domain/planillas/messages';
import {
  diaFinDeSemana,
  esEstadoTrabajo,
  isSupervision,
  TIPOS_REVISION,
  type TipoRevision,
} from '@app/domain/planillas/permissions';
import { estadoRevision, revisionesDisponibles } from '@app/domain/planillas/revision';
import type { PlanillaDetalleRespuesta } from '@app/domain/planillas/types';
import dayjs, { type Dayjs } from 'dayjs';

const PRESTADOR = 15;
const AUDITOR_AM = 18;
const GESTOR_GD = 20;

export type Crumb = { title: string; href?: string };

/** 'Trámites' of the breadcrumb: 18 and 20 go back to their assigned procedures, the others to all. */
export function tramitesHref(idPerfil: number): string {
  if (idPerfil === PRESTADOR) return '/tramite-carga';
  return idPerfil === AUDITOR_AM || idPerfil === GESTOR_GD ? '/tramite-asignados' : '/tramite';
}

export function tramiteHref(idPerfil: number, idTramite: number): string {
  return idPerfil === PRESTADOR ? `/tramiteform-carga/${idTramite}` : `/tramiteform/${idTramite}`;
}

/** Trámites › Trámite {id} › {número de la atención}. */
export function breadcrumbPlanilla(
  idPerfil: number,
  idTramite: number,
  numeroTramite: string | null,
  numero: string | null,
): Crumb[] {
  return [
    { title: 'Trámites', href: tramitesHref(idPerfil) },
    // People know a procedure by its number (TR-2026-000006), not by its internal id (issue 14 §4).
    { title: `Trámite ${numeroTramite ?? '…'}`, href: tramiteHref(idPerfil, idTramite) },
    { title: numero ?? '…' },
  ];
}

/** A route parameter read as an id, else null (the domain's reading of an id). */
export { parseId } from '@app/domain/common/ids';

/** A calendar date from the API ('2026-03-07' or an ISO instant) as 'YYYY-MM-DD' (the domain's). */
export { calendarDate };

/** The notice shown when the attention starts on a Saturday or Sunday; null otherwise. */
export function avisoFinDeSemana(fechaDesde: string | null | undefined): string | null {
  const f = calendarDate(fechaDesde);
  const dia = f ? diaFinDeSemana(f) : null;
  return dia ? MSG_PLANILLA.finDeSemana(dia) : null;
}

/** 'dd/MM/yyyy – dd/MM/yyyy' of the load's period. */
export const periodoCarga = (p: Pick<PlanillaDetalleRespuesta, 'fechaDesdeCarga' | 'fechaHastaCarga'>) =>
  `${formatDate(calendarDate(p.fechaDesdeCarga))} – ${formatDate(calendarDate(p.fechaHastaCarga))}`;

/**
 * A DatePicker `disabledDate`: days outside the load's period (desde..hasta, 'YYYY-MM-DD'), and before
 * `minimo` when given (the end date cannot precede the start date).
 */
export function limitesFecha(
  desde: string | null | undefined,
  hasta: string | null | undefined,
  minimo?: Dayjs | null,
): (d: Dayjs) => boolean {
  const a = calendarDate(desde);
  const b = calendarDate(hasta);
  const m = minimo?.isValid() ? minimo.format('YYYY-MM-DD') : null;
  return (d: Dayjs) => {
    const s = d.format('YYYY-MM-DD');
    return (a !== null && s < a) || (b !== null && s > b) || (m !== null && s < m);
  };
}

/** The state of one review type of the attention. */
export const estadoDe = estadoRevision;

export const NOMBRE_TIPO: Record<TipoRevision, string> = { M: 'AM', D: 'GD' };

export type AccionesRevision = {
  /** Register the review (PENDIENTE → REVISADA) of this type. */
  revisar: TipoRevision | null;
  /** Reset to PENDIENTE (REVISADA → PENDIENTE). */
  reiniciar: TipoRevision | null;
  /** Supervisor: close (REVISADA → FINALIZADA), per type. */
  finalizar: TipoRevision[];
  /** Supervisor: reopen (FINALIZADA → REVISADA), per type. */
  reabrir: TipoRevision[];
  /** Supervisor: close every reviewed attention of the load, per type. */
  finalizarCarga: TipoRevision[];
};

/** Which review buttons the user sees for this attention now (the API checks the same rules). */
export function accionesRevision(
  p: Pick<PlanillaDetalleRespuesta, 'estadoAud' | 'estadoDoc' | 'permisos' | 'estado'>,
): AccionesRevision {
  const out: AccionesRevision = {
    revisar: null,
    reiniciar: null,
    finalizar: [],
    reabrir: [],
    finalizarCarga: [],
  };
  if (p.estado !== 1) return out;
  const { puedeRevisar, puedeFinalizarAM, puedeFinalizarGD } = p.permisos;
  const supervisor = (tipo: TipoRevision) => (tipo === 'M' ? puedeFinalizarAM : puedeFinalizarGD);
  // The domain's review table (TRANSICIONES_REVISION) decides; the permissions say who may.
  const abiertas = revisionesDisponibles(p, (quien, tipo) =>
    quien === 'supervisor' ? supervisor(tipo) : puedeRevisar === tipo,
  );
  for (const { accion, tipo } of abiertas) {
    if (accion === 'revisar' || accion === 'reiniciar') out[accion] = tipo;
    else out[accion].push(tipo);
  }
  out.finalizarCarga = TIPOS_REVISION.filter(supervisor);
  return out;
}

// ---------------------------------------------------------------------------------------------
// Tabs

export const TABS = ['detalle', 'archivos', 'obs-am', 'obs-gd', 'otras', 'auditoria', 'activar'] as const;
export type TabPlanilla = (typeof TABS)[number];

export const TAB_LABELS: Record<TabPlanilla, string> = {
  detalle: 'Detalle',
  archivos: 'Archivos',
  'obs-am': 'Observaciones de Auditoría Médica',
  'obs-gd': 'Observaciones de Gestión Documental',
  otras: 'Otras atenciones',
  auditoria: 'Inf. auditoría',
  activar: 'Activar detalle',
};

/** Short labels where the tabs share the width with the documents (1366 px, issue 14 §1); the full one in the tooltip. */
export const TAB_CORTOS: Partial<Record<TabPlanilla, string>> = {
  'obs-am': 'Obs. AM',
  'obs-gd': 'Obs. GD',
  otras: 'Otras',
};

/** Inf. auditoría for the supervision profiles; Activar detalle for 16 and 17 while the procedure is workable. */
export function tabsPlanilla(idPerfil: number, estadoTramite: string): TabPlanilla[] {
  return TABS.filter((t) => {
    if (t === 'auditoria') return isSupervision(idPerfil);
    if (t === 'activar') return canActivarDetalle(idPerfil) && esEstadoTrabajo(estadoTramite);
    return true;
  });
}

export function resolveTab(value: string | null, visibles: readonly TabPlanilla[]): TabPlanilla {
  return visibles.includes(value as TabPlanilla) ? (value as TabPlanilla) : visibles[0];
}

// ---------------------------------------------------------------------------------------------
// Keyboard review

export type AccionTeclado = 'siguiente' | 'anterior' | 'revisar' | 'guardar' | 'archivos' | 'deshacer';

/**
 * Alt + a letter, matched on the physical key (`code`) so it works on any layout. Letters chosen not
 * to clash with the browsers (Alt+D/Alt+←/→ are theirs, Alt+F/E/V/S/B/T/H open Firefox's menus) nor
 * with typing: AltGr (Ctrl+Alt) and Shift/Meta combinations are left alone.
 */
export const ATAJOS: ReadonlyArray<{
  accion: AccionTeclado;
  code: string;
  teclas: string;
  descripcion: string;
}> = [
  { accion: 'siguiente', code: 'KeyN', teclas: 'Alt + N', descripcion: 'Siguiente atención pendiente' },
  { accion: 'anterior', code: 'KeyP', teclas: 'Alt + P', descripcion: 'Atención pendiente anterior' },
  { accion: 'revisar', code: 'KeyR', teclas: 'Alt + R', descripcion: 'Registrar la revisión' },
  { accion: 'guardar', code: 'KeyG', teclas: 'Alt + G', descripcion: 'Guardar los cambios (Actualizar)' },
  {
    accion: 'archivos',
    code: 'KeyA',
    teclas: 'Alt + A',
    descripcion: 'Ver los documentos (pestaña Archivos)',
  },
  // Only while 'Revisión registrada' is on screen (the record page's review notice, issue 14 §1).
  {
    accion: 'deshacer',
    code: 'KeyZ',
    teclas: 'Alt + Z',
    descripcion: 'Deshacer la revisión recién registrada',
  },
];

export type TeclaEvento = {
  altKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  code: string;
  repeat?: boolean;
};

/** The review action of a key press, or null (a held key does not repeat it). */
export function accionDeTecla(e: TeclaEvento, disponibles?: readonly AccionTeclado[]): AccionTeclado | null {
  if (!e.altKey || e.ctrlKey || e.metaKey || e.shiftKey || e.repeat) return null;
  const a = ATAJOS.find((x) => x.code === e.code)?.accion ?? null;
  return a && (!disponibles || disponibles.includes(a)) ? a : null;
}

// ---------------------------------------------------------------------------------------------
// Form

export const DIAG_SLOTS = [1, 2, 3, 4, 5] as const;
export type DiagSlot = (typeof DIAG_SLOTS)[number];
export type DiagField = `diag${DiagSlot}`;
export const diagField = (n: DiagSlot) => `diag${n}` as DiagField;
export const diagNombre = (p: PlanillaDetalleRespuesta, n: DiagSlot) =>
  p[`diagnostico0${n}` as `diagnostico0${DiagSlot}`];

export type FormValues = {
  cedula: string;
  nombre: string;
  diag1: string;
  diag2: string;
  diag3: string;
  diag4: string;
  diag5: string;
  codigoVal: string;
  fechaDesde: Dayjs | null;
  fechaHasta: Dayjs | null;
  horaDesde: Dayjs | null;
  horaHasta: Dayjs | null;
};

const hora = (v: string | null) =>
  v && /^\d{2}:\d{2}/.test(v) ? dayjs(`2000-01-01T${v.slice(0, 5)}`) : null;
const fecha = (v: string | null) => {
  const f = calendarDate(v);
  return f ? dayjs(f) : null;
};

export function valoresIniciales(p: PlanillaDetalleRespuesta): FormValues {
  return {
    cedula: p.cedula ?? '',
    nombre: p.nombre ?? '',
    diag1: p.diag1 ?? '',
    diag2: p.diag2 ?? '',
    diag3: p.diag3 ?? '',
    diag4: p.diag4 ?? '',
    diag5: p.diag5 ?? '',
    codigoVal: p.codigoVal ?? '',
    fechaDesde: fecha(p.fechaDesde),
    fechaHasta: fecha(p.fechaHasta),
    horaDesde: hora(p.horaDesde),
    horaHasta: hora(p.horaHasta),
  };
}

/** The PUT body (validated afterwards by the domain's planillaUpdateSchema, as the API does). */
export function cuerpoGuardar(v: FormValues, version: number) {
  return {
    version,
    cedula: v.cedula.trim(),
    nombre: v.nombre.trim().toUpperCase(),
    diag1: v.diag1.trim(),
    diag2: v.diag2.trim(),
    diag3: v.diag3.trim() || null,
    diag4: v.diag4.trim() || null,
    diag5: v.diag5.trim() || null,
    codigoVal: v.codigoVal.trim() || null,
    fechaDesde: v.fechaDesde?.format('YYYY-MM-DD') ?? '',
    fechaHasta: v.fechaHasta?.format('YYYY-MM-DD') ?? '',
    horaDesde: v.horaDesde?.format('HH:mm') ?? null,
    horaHasta: v.horaHasta?.format('HH:mm') ?? null,
  };
}

// ---------------------------------------------------------------------------------------------
// Audit trail

const CAMPOS: Readonly<Record<string, string>> = {
  cedula: 'Cédula',
  nombre: 'Nombre',
  diag1: 'Diagnóstico 1',
  diag2: 'Diagnóstico 2',
  diag3: 'Diagnóstico 3',
  diag4: 'Diagnóstico 4',
  diag5: 'Diagnóstico 5',
  controlDiag1: 'Control diagnóstico 1',
  controlDiag2: 'Control diagnóstico 2',
  controlDiag3: 'Control diagnóstico 3',
  controlDiag4: 'Control diagnóstico 4',
  controlDiag5: 'Control diagnóstico 5',
  codigoVal: 'Aut./Cod. Val.',
  fechaDesde: 'Fecha desde',
  fechaHasta: 'Fecha hasta',
  horaDesde: 'Hora desde',
  horaHasta: 'Hora hasta',
  estadoAud: 'Estado AM',
  estadoDoc: 'Estado GD',
  usuarioMed: 'Médico auditor',
  usuarioDoc: 'Gestor documental',
  nivel: 'Nivel',
  estado: 'Estado',
  total: 'Total',
  plantilla: 'Plantilla',
  elemento: 'Elemento',
};

/** The Spanish name of an audited field ('diag1' → 'Diagnóstico 1'); unknown names as they are. */
export const etiquetaCampo = (campo: string | null) => (campo ? (CAMPOS[campo] ?? campo) : '');

// ---------------------------------------------------------------------------------------------
// Diagnosis lookup list ('Lista de Diagnósticos'): arrows move the highlighted row, Enter picks it

/** The highlighted row after a key press in a list of `n` rows (-1: none); other keys leave it. */
export function moverSeleccion(actual: number, key: string, n: number): number {
  if (n <= 0) return -1;
  if (key === 'ArrowDown') return actual < 0 ? 0 : Math.min(actual + 1, n - 1);
  if (key === 'ArrowUp') return actual <= 0 ? 0 : actual - 1;
  if (key === 'Home') return 0;
  if (key === 'End') return n - 1;
  return Math.min(actual, n - 1);
}
