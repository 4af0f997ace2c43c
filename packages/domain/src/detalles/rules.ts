import { PERFIL } from '../auth/profiles.ts';
import { ESTADOS_TRABAJO } from '../tramites/workflow.ts';

/**
 * Who writes line items (docs/spec-summary.md 001 §6): the medical audit 16, 17 and 18 (18 only on the attentions
 * it may see) create, edit, deactivate and update lab/image dates; 19 may open the edit window in
 * the working states (double-click) and save it, but the money of the audit (approved value, glosa)
 * and the on/off toggle belong to the medical audit only.
 */
export const PERFILES_EDITAN_DETALLE: readonly number[] = [
  PERFIL.REVISOR,
  PERFIL.SUPERVISOR_AM,
  PERFIL.AUDITOR_AM,
  PERFIL.SUPERVISOR_GD,
];
export const PERFILES_AUDITAN_VALORES: readonly number[] = [
  PERFIL.REVISOR,
  PERFIL.SUPERVISOR_AM,
  PERFIL.AUDITOR_AM,
];

export const canEditarDetalle = (idPerfil: number) => PERFILES_EDITAN_DETALLE.includes(idPerfil);
export const canAuditarValores = (idPerfil: number) => PERFILES_AUDITAN_VALORES.includes(idPerfil);
/** The on/off toggle column (docs/spec-summary.md 001 §2.7, §6): 16, 17, 18. */
export const canToggleDetalle = canAuditarValores;

/** Lines are written in RECIBIDO, EN PROCESO and PLANILLAJE (docs/spec-summary.md 001 §4). */
export const detalleEditable = (estadoTramite: string) =>
  (ESTADOS_TRABAJO as readonly string[]).includes(estadoTramite);
/** The Edit action of the row menu shows only in RECIBIDO; the double-click works in all three. */
export const menuEditarVisible = (estadoTramite: string) => estadoTramite === 'RECIBIDO';

/** Searches in the line window: at least 2 characters, debounced 300 ms, 5 per page (docs/spec-summary.md 001 §9). */
export const BUSQUEDA_DETALLE = { minimo: 2, esperaMs: 300, pageSize: 5 } as const;

/** 'YYYY-MM-DD' strings compare as dates. */
export const fechaDentro = (fecha: string, desde: string, hasta: string) => fecha >= desde && fecha <= hasta;
