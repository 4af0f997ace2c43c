import type { z } from 'zod';
import { PERFIL } from '../auth/profiles.ts';
import { ESTADOS_COLUMNAS_AUDITORIA, ESTADOS_TRABAJO, type EstadoTramite } from '../tramites/workflow.ts';
import type { permisosPlanillaSchema } from './responses-planillas.ts';

/*
 * The profile rules of docs/spec-summary.md 000 §6 for attentions, as pure predicates: the API enforces them and
 * the web asks them which columns, tabs and buttons to show.
 */

export const ESTADOS_REVISION = ['PENDIENTE', 'REVISADA', 'FINALIZADA'] as const;
export type EstadoRevision = (typeof ESTADOS_REVISION)[number];

/** M: medical audit (AM, estadoAud); D: document management (GD, estadoDoc). */
export const TIPOS_REVISION = ['M', 'D'] as const;
export type TipoRevision = (typeof TIPOS_REVISION)[number];

export const NIVELES = [1, 2] as const;
export type Nivel = (typeof NIVELES)[number];

export type UsuarioRef = { idUsuario: number; idPerfil: number };
export type TramiteRef = { estadoTramite: string; tipoAsignacion: string };
export type PlanillaRef = { idUsuarioMed: number | null; idUsuarioDoc: number | null };

const AM_OPERATIVOS: readonly number[] = [PERFIL.SUPERVISOR_AM, PERFIL.AUDITOR_AM];
const GD_OPERATIVOS: readonly number[] = [PERFIL.SUPERVISOR_GD, PERFIL.GESTOR_GD];
/** The super-reviewer and the two supervisors: supervision tabs, procedure reports, the log. */
export const PERFILES_SUPERVISION: readonly number[] = [
  PERFIL.REVISOR,
  PERFIL.SUPERVISOR_AM,
  PERFIL.SUPERVISOR_GD,
];
const SUPERVISION = PERFILES_SUPERVISION;

/** Work on records (edit, review, annotate, assign) only in RECIBIDO, EN PROCESO or PLANILLAJE (§4). */
export const esEstadoTrabajo = (estado: string) => ESTADOS_TRABAJO.includes(estado as EstadoTramite);

/** Profiles 16, 17, 19, or a procedure with tipoAsignacion T, see every attention of the procedure. */
export function canSeeAll(user: UsuarioRef, tramite: TramiteRef): boolean {
  return SUPERVISION.includes(user.idPerfil) || tramite.tipoAsignacion === 'T';
}

/**
 * The assignment column that limits what the user sees: 18 only its own usuarioMed, 20 only its own
 * usuarioDoc, unless the procedure's tipoAsignacion is T. null: no limit.
 */
export function visibilityColumn(
  user: UsuarioRef,
  tramite: TramiteRef,
): 'idUsuarioMed' | 'idUsuarioDoc' | null {
  if (canSeeAll(user, tramite)) return null;
  if (user.idPerfil === PERFIL.AUDITOR_AM) return 'idUsuarioMed';
  if (user.idPerfil === PERFIL.GESTOR_GD) return 'idUsuarioDoc';
  return null;
}

/** Whether the user may see this attention (tenancy is checked separately). */
export function canSeePlanilla(user: UsuarioRef, tramite: TramiteRef, planilla: PlanillaRef): boolean {
  const c = visibilityColumn(user, tramite);
  return c === null || planilla[c] === user.idUsuario;
}

/** AM processing (edit diagnoses, templates, review): 17, or 18 when the record's medical user is the user. */
export function canProcessAM(user: UsuarioRef, planilla: PlanillaRef): boolean {
  return (
    user.idPerfil === PERFIL.SUPERVISOR_AM ||
    (user.idPerfil === PERFIL.AUDITOR_AM && planilla.idUsuarioMed === user.idUsuario)
  );
}

/** GD processing: 19, or 20 when the record's document user is the user. */
export function canProcessGD(user: UsuarioRef, planilla: PlanillaRef): boolean {
  return (
    user.idPerfil === PERFIL.SUPERVISOR_GD ||
    (user.idPerfil === PERFIL.GESTOR_GD && planilla.idUsuarioDoc === user.idUsuario)
  );
}

export const canProcess = (user: UsuarioRef, planilla: PlanillaRef, tipo: TipoRevision) =>
  tipo === 'M' ? canProcessAM(user, planilla) : canProcessGD(user, planilla);

/** Saving a record requires AM or GD processing, in a working state. */
export function canEditPlanilla(user: UsuarioRef, tramite: TramiteRef, planilla: PlanillaRef): boolean {
  return (
    esEstadoTrabajo(tramite.estadoTramite) && (canProcessAM(user, planilla) || canProcessGD(user, planilla))
  );
}

/** AM consult: 17 or 18. GD consult: 19 or 20. */
export const canConsultAM = (idPerfil: number) => AM_OPERATIVOS.includes(idPerfil);
export const canConsultGD = (idPerfil: number) => GD_OPERATIVOS.includes(idPerfil);

/** The review a profile registers: 17/18 AM ('M'), 19/20 GD ('D'); others none ('Perfil no autorizado para esta acción'). */
export function reviewType(idPerfil: number): TipoRevision | null {
  if (AM_OPERATIVOS.includes(idPerfil)) return 'M';
  if (GD_OPERATIVOS.includes(idPerfil)) return 'D';
  return null;
}

/** Closing (REVISADA → FINALIZADA) and reopening a review: the supervisor of that type. */
export const canFinalizeReview = (idPerfil: number, tipo: TipoRevision) =>
  idPerfil === (tipo === 'M' ? PERFIL.SUPERVISOR_AM : PERFIL.SUPERVISOR_GD);

/** Assignment to AM: 16 or 17; to GD: 16 or 19; only in RECIBIDO, EN PROCESO or PLANILLAJE. */
export function canAssignAM(user: UsuarioRef, tramite: TramiteRef): boolean {
  return (
    (user.idPerfil === PERFIL.REVISOR || user.idPerfil === PERFIL.SUPERVISOR_AM) &&
    esEstadoTrabajo(tramite.estadoTramite)
  );
}
export function canAssignGD(user: UsuarioRef, tramite: TramiteRef): boolean {
  return (
    (user.idPerfil === PERFIL.REVISOR || user.idPerfil === PERFIL.SUPERVISOR_GD) &&
    esEstadoTrabajo(tramite.estadoTramite)
  );
}
export const canAssign = (user: UsuarioRef, tramite: TramiteRef, tipo: TipoRevision) =>
  tipo === 'M' ? canAssignAM(user, tramite) : canAssignGD(user, tramite);
/** The profile part of the assignment rule (the state part answers 409, not 403). */
export const assignProfiles = (tipo: TipoRevision): readonly number[] =>
  tipo === 'M' ? [PERFIL.REVISOR, PERFIL.SUPERVISOR_AM] : [PERFIL.REVISOR, PERFIL.SUPERVISOR_GD];
/** Who can receive an assignment of that type: the operatives and their supervisor. */
export const assigneeProfiles = (tipo: TipoRevision): readonly number[] =>
  tipo === 'M' ? [PERFIL.AUDITOR_AM, PERFIL.SUPERVISOR_AM] : [PERFIL.GESTOR_GD, PERFIL.SUPERVISOR_GD];

/** Deleting (annulling) and restoring an attention: 16 or the supervisors, never in FINALIZADO. */
export const canDeleteProfile = (idPerfil: number) => SUPERVISION.includes(idPerfil);
export function canDeletePlanilla(user: UsuarioRef, tramite: TramiteRef): boolean {
  return canDeleteProfile(user.idPerfil) && tramite.estadoTramite !== 'FINALIZADO';
}

/** Supervisor tabs (audit trail, activate detail, controls, reports): 16, 17, 19. */
export const isSupervision = (idPerfil: number) => SUPERVISION.includes(idPerfil);

/** Level of one attention: its processors and the supervision profiles; the whole load: supervision. */
export function canSetNivel(user: UsuarioRef, planilla: PlanillaRef): boolean {
  return isSupervision(user.idPerfil) || canProcessAM(user, planilla) || canProcessGD(user, planilla);
}

/** Estado AM column and filter: 16, 17, 18; Estado GD: 16, 19, 20; both only while RECIBIDO or EN PROCESO. */
export function showsEstadoAud(idPerfil: number, estadoTramite: string): boolean {
  return (
    (idPerfil === PERFIL.REVISOR || AM_OPERATIVOS.includes(idPerfil)) &&
    ESTADOS_COLUMNAS_AUDITORIA.includes(estadoTramite as EstadoTramite)
  );
}
export function showsEstadoDoc(idPerfil: number, estadoTramite: string): boolean {
  return (
    (idPerfil === PERFIL.REVISOR || GD_OPERATIVOS.includes(idPerfil)) &&
    ESTADOS_COLUMNAS_AUDITORIA.includes(estadoTramite as EstadoTramite)
  );
}

/**
 * Which state the PENDIENTES/REVISADAS views use: estadoAud for 17 and 18, estadoDoc for 19 and 20,
 * either for everybody else (16 sees both).
 */
export function pendingColumn(idPerfil: number): 'estadoAud' | 'estadoDoc' | 'ambos' {
  const t = reviewType(idPerfil);
  return t === 'M' ? 'estadoAud' : t === 'D' ? 'estadoDoc' : 'ambos';
}

/** Permissions of one record for one user, sent with the record so the web shows the right controls. */
export type PermisosPlanilla = z.output<typeof permisosPlanillaSchema>;

export function permisosPlanilla(
  user: UsuarioRef,
  tramite: TramiteRef,
  planilla: PlanillaRef,
): PermisosPlanilla {
  const trabajo = esEstadoTrabajo(tramite.estadoTramite);
  const puedeAM = trabajo && canProcessAM(user, planilla);
  const puedeGD = trabajo && canProcessGD(user, planilla);
  const tipo = reviewType(user.idPerfil);
  return {
    puedeAM,
    puedeGD,
    puedeEditar: puedeAM || puedeGD,
    puedeRevisar: tipo && (tipo === 'M' ? puedeAM : puedeGD) ? tipo : null,
    puedeFinalizarAM: trabajo && canFinalizeReview(user.idPerfil, 'M'),
    puedeFinalizarGD: trabajo && canFinalizeReview(user.idPerfil, 'D'),
    puedeBorrar: canDeletePlanilla(user, tramite),
    puedeNivel: trabajo && canSetNivel(user, planilla),
    supervisor: isSupervision(user.idPerfil),
    verEstadoAud: showsEstadoAud(user.idPerfil, tramite.estadoTramite),
    verEstadoDoc: showsEstadoDoc(user.idPerfil, tramite.estadoTramite),
  };
}

/** Saturday or Sunday (the weekend notice of the record page), for a `YYYY-MM-DD` date. */
export function diaFinDeSemana(fecha: string): 'sábado' | 'domingo' | null {
  const d = new Date(`${fecha}T00:00:00Z`).getUTCDay();
  return d === 6 ? 'sábado' : d === 0 ? 'domingo' : null;
}
