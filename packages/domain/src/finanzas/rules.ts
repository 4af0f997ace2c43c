import { PERFIL } from '../auth/profiles.ts';
import type { EstadoTramite } from '../tramites/workflow.ts';

/**
 * Who handles the money of a procedure (decision 55): the financial report and the payment file are
 * actions of the audit side's supervision (docs/spec-summary.md 000 §2, beside finalize and the ZIP): the
 * super-reviewer 16 and the supervisors 17 and 19. The operatives 18 and 20 see only the attentions
 * assigned to them, the provider only its own side.
 */
export const PERFILES_FINANZAS: readonly number[] = [
  PERFIL.REVISOR,
  PERFIL.SUPERVISOR_AM,
  PERFIL.SUPERVISOR_GD,
];

/**
 * The payment file settles approved amounts, which are final only once the audit is closed: line items
 * can still change in RECIBIDO, EN PROCESO and PLANILLAJE (docs/spec-summary.md 001 §4).
 */
export const ESTADOS_CARGA_PAGOS: readonly EstadoTramite[] = ['FINALIZADO'];

export const puedeVerFinanzas = (idPerfil: number) => PERFILES_FINANZAS.includes(idPerfil);

export const puedeCargarPagos = (idPerfil: number, estado: string) =>
  puedeVerFinanzas(idPerfil) && (ESTADOS_CARGA_PAGOS as readonly string[]).includes(estado);

/**
 * The FHIR export holds every attention of the procedure: whoever sees the procedure, the operatives
 * 18 and 20 only when it is assigned to everybody (T), as every other read of all its attentions
 * (decision 42).
 */
export const puedeExportarFhir = (idPerfil: number, tipoAsignacion: string) =>
  (idPerfil !== PERFIL.AUDITOR_AM && idPerfil !== PERFIL.GESTOR_GD) || tipoAsignacion === 'T';
