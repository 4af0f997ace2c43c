import type { z } from 'zod';
import { PERFIL } from '../auth/profiles.ts';
import {
  canProcess,
  type PlanillaRef,
  reviewType,
  type TipoRevision,
  type UsuarioRef,
} from '../planillas/permissions.ts';
import type { EstadoTramite } from '../tramites/workflow.ts';
import type { permisosObservacionSchema } from './schemas.ts';

/*
 * The rules of observations and answers (docs/spec-summary.md 001 §4–§6, issue 13) as pure predicates: the API
 * enforces them and the web asks them which controls to show.
 */

/** The levels an observation hangs on: the attention (pla_obs) or one of its line items (pla_det_obs). */
export const NIVELES_OBSERVACION = ['planilla', 'detalle'] as const;
export type NivelObservacion = (typeof NIVELES_OBSERVACION)[number];
/** How rows name their level (upper case, as the pending-observations screen shows it). */
export type NivelFila = 'PLANILLA' | 'DETALLE';

/**
 * What the auditor decides on an answer: the objected amount (glosa) stands (MANTIENE: the answer is
 * not accepted), is reduced (REDUCE) or withdrawn (RETIRA); both of the latter accept the answer.
 */
export const RESOLUCIONES = ['MANTIENE', 'REDUCE', 'RETIRA'] as const;
export type Resolucion = (typeof RESOLUCIONES)[number];
export const RESOLUCION_TEXTO: Record<Resolucion, string> = {
  MANTIENE: 'Se mantiene la glosa',
  REDUCE: 'Se reduce la glosa',
  RETIRA: 'Se retira la glosa',
};
export const resolucionAcepta = (r: Resolucion) => r !== 'MANTIENE';

/** Observations are written (created, edited, deleted) only in these states of the procedure. */
export const ESTADOS_OBSERVACION: readonly EstadoTramite[] = [
  'RECIBIDO',
  'EN PROCESO',
  'PLANILLAJE',
  'OBSERVACIONES',
];
export const esEstadoObservable = (estado: string) => ESTADOS_OBSERVACION.includes(estado as EstadoTramite);

/** The provider answers only while the procedure is in OBSERVACIONES. */
export const ESTADO_RESPUESTA: EstadoTramite = 'OBSERVACIONES';

/** The auditor decides on answers once they are back: RECIBIDO, EN PROCESO or PLANILLAJE. */
export const ESTADOS_RESOLUCION: readonly EstadoTramite[] = ['RECIBIDO', 'EN PROCESO', 'PLANILLAJE'];

/** Who writes observations of each type: 16, 17, 18 for M (medical); 16, 19, 20 for D (documents). */
export const perfilesObservacion = (tipo: TipoRevision): readonly number[] =>
  tipo === 'M'
    ? [PERFIL.REVISOR, PERFIL.SUPERVISOR_AM, PERFIL.AUDITOR_AM]
    : [PERFIL.REVISOR, PERFIL.SUPERVISOR_GD, PERFIL.GESTOR_GD];

/** Who sends the observations of a type to the provider: 17 for M, 19 for D. */
export const perfilEnvioObservaciones = (tipo: TipoRevision) =>
  tipo === 'M' ? PERFIL.SUPERVISOR_AM : PERFIL.SUPERVISOR_GD;

/** The type the observation screens open with: 17 → M, 19 → D (and 18 → M, 20 → D); 16 and 15 choose. */
export const tipoObservacionPorDefecto = (idPerfil: number): TipoRevision | null => reviewType(idPerfil);

/**
 * The process the user acts in: the type the profile works on (17/18 M, 19/20 D), or for 16 (both
 * processes) the one the screen says. null: the profile writes no observations.
 */
export function tipoProceso(idPerfil: number, tipo?: TipoRevision | null): TipoRevision | null {
  if (idPerfil === PERFIL.REVISOR) return tipo ?? null;
  return reviewType(idPerfil);
}

/**
 * The process flag of docs/spec-summary.md 001 (`procesoAM` / `procesoGD`) for one attention: whether the user may
 * write observations of that type on it. 16 always (super-reviewer of both), 17/19 always, 18/20
 * only on the attentions assigned to them.
 */
export function procesoActivo(user: UsuarioRef, planilla: PlanillaRef, tipo: TipoRevision): boolean {
  return user.idPerfil === PERFIL.REVISOR || canProcess(user, planilla, tipo);
}

/** Create/edit/delete an observation of `tipo` on this attention now (profile, process flag, state). */
export function puedeObservar(
  user: UsuarioRef,
  tramite: { estadoTramite: string },
  planilla: PlanillaRef,
  tipo: TipoRevision,
): boolean {
  return esEstadoObservable(tramite.estadoTramite) && procesoActivo(user, planilla, tipo);
}

/** The provider answers while OBSERVACIONES (the tenant is checked by the server). */
export const puedeResponder = (user: { idPerfil: number }, tramite: { estadoTramite: string }) =>
  user.idPerfil === PERFIL.PRESTADOR && tramite.estadoTramite === ESTADO_RESPUESTA;

/** An observation is answered when it has a standard answer or a complementary text. */
export const estaRespondida = (o: { idRespuesta: number | null; respuesta?: string | null }) =>
  o.idRespuesta !== null || (o.respuesta ?? null) !== null;

/** What the record page's observation tabs show for one attention (as the observations page answers it). */
export type PermisosObservacion = z.input<typeof permisosObservacionSchema>;

export function permisosObservacion(
  user: UsuarioRef,
  tramite: { estadoTramite: string },
  planilla: PlanillaRef,
): PermisosObservacion {
  return {
    procesoAM: puedeObservar(user, tramite, planilla, 'M'),
    procesoGD: puedeObservar(user, tramite, planilla, 'D'),
    puedeResponder: puedeResponder(user, tramite),
  };
}
