import { ESTADOS_CARGA_AUTORIZACION } from '../autorizaciones/rules.ts';
import type { EstadoTramite } from '../tramites/workflow.ts';

export const ESTADOS_PROCESO = ['PROCESANDO', 'COMPLETADA', 'FALLIDA'] as const;
export type EstadoProceso = (typeof ESTADOS_PROCESO)[number];

/** M monthly, S weekly, A under an authorization (docs/spec-summary.md 000 §3). */
export const TIPOS_CARGA = { M: 'Mensual', S: 'Semanal', A: 'Autorización' } as const;
export type TipoCarga = keyof typeof TIPOS_CARGA;

export const FORMATOS_DATOS = ['json', 'csv', 'xlsx'] as const;
export type FormatoDatos = (typeof FORMATOS_DATOS)[number];

/** The file's format from its name; the content is checked separately (magic bytes). */
export function formatoDeArchivo(nombre: string): FormatoDatos | null {
  const ext = nombre.toLowerCase().match(/\.([a-z0-9]+)$/)?.[1];
  return ext === 'json' || ext === 'csv' || ext === 'xlsx' ? ext : null;
}

/**
 * States in which a data file may be uploaded (docs/design-summary.md §5): a monthly load while REGISTRADO or
 * CARGADO; weekly loads also in the later provider states up to DOCUMENTADO; loads under an approved
 * authorization from CARGADO onwards, also while the insurer works on the procedure.
 */
export function estadosCargaPermitidos(tipoCarga: TipoCarga): readonly EstadoTramite[] {
  if (tipoCarga === 'A') return ESTADOS_CARGA_AUTORIZACION;
  return tipoCarga === 'M'
    ? ['REGISTRADO', 'CARGADO']
    : ['REGISTRADO', 'CARGADO', 'ESTRUCTURADO', 'DOCUMENTADO'];
}

/** Every state in which some load may be uploaded (the early refusal before the file is read). */
export const ESTADOS_ALGUNA_CARGA: readonly EstadoTramite[] = [
  ...new Set([...estadosCargaPermitidos('S'), ...estadosCargaPermitidos('A')]),
];

/** States in which the attentions of a load may be organised. */
export const ESTADOS_ORGANIZAR: readonly EstadoTramite[] = ['CARGADO', 'ESTRUCTURADO', 'DOCUMENTADO'];

/** Per load type: a load under an authorization is organised in the states it may be uploaded in. */
export const estadosOrganizar = (tipoCarga: TipoCarga | string): readonly EstadoTramite[] =>
  tipoCarga === 'A' ? ESTADOS_CARGA_AUTORIZACION : ESTADOS_ORGANIZAR;

const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * The period of week `n` (1-based) of a weekly procedure: 7-day blocks from its start date, the last
 * one cut at its end date; null when the week starts after the procedure ends.
 */
export function periodoSemana(
  tramite: { fechaDesde: string; fechaHasta: string },
  n: number,
): { fechaDesde: string; fechaHasta: string } | null {
  const start = Date.parse(`${tramite.fechaDesde}T00:00:00Z`) + (n - 1) * 7 * DAY;
  const end = Date.parse(`${tramite.fechaHasta}T00:00:00Z`);
  if (Number.isNaN(start) || Number.isNaN(end) || n < 1 || start > end) return null;
  return { fechaDesde: iso(start), fechaHasta: iso(Math.min(start + 6 * DAY, end)) };
}

export type CargaEstadoInfo = {
  estado: number;
  estadoProceso: string;
  tieneErrores: number;
  tienePlanillas: number;
};

/** 'Borrar Carga': an active load with errors (a failed load counts as one with errors). */
/** States in which a valid load (one without errors) may be deleted: before sending (decision 51). */
export const ESTADOS_ELIMINAR_CARGA: readonly EstadoTramite[] = [
  'REGISTRADO',
  'CARGADO',
  'ESTRUCTURADO',
  'DOCUMENTADO',
];

/**
 * 'Borrar Carga': an active load that is not being processed, with errors at any time (docs/spec-summary.md
 * 000 §4), or valid while its procedure has not been sent (issue 14 §2, decision 51). Without the
 * procedure's state only loads with errors qualify.
 */
export const puedeEliminarCarga = (c: CargaEstadoInfo, estadoTramite?: string) =>
  c.estado === 1 &&
  c.estadoProceso !== 'PROCESANDO' &&
  (c.tieneErrores === 1 ||
    (estadoTramite !== undefined && ESTADOS_ELIMINAR_CARGA.includes(estadoTramite as EstadoTramite)));

/** 'Organizar Atenciones Médicas': an active, processed load without errors and without attentions. */
export const puedeOrganizarCarga = (c: CargaEstadoInfo) =>
  c.estado === 1 && c.estadoProceso === 'COMPLETADA' && c.tieneErrores === 0 && c.tienePlanillas === 0;
