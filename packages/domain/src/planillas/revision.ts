import { MSG_PLANILLA } from './messages.ts';
import {
  canFinalizeReview,
  canProcess,
  type EstadoRevision,
  type PlanillaRef,
  reviewType,
  TIPOS_REVISION,
  type TipoRevision,
  type UsuarioRef,
} from './permissions.ts';

/*
 * The review of one attention (docs/design-summary.md §5, 'Attention review'): estadoAud for AM (M), estadoDoc for
 * GD (D). One table: the API applies it (features/revision), the web asks it which buttons to show.
 */

export type AccionRevision = 'revisar' | 'reiniciar' | 'finalizar' | 'reabrir';

/**
 * operativo: the operative of that type to whom the attention is assigned, or that type's supervisor
 * (canProcess); supervisor: that type's supervisor only (canFinalizeReview).
 */
export type QuienRevision = 'operativo' | 'supervisor';

/** observacionesRespondidas: none of that type's active observations of the attention is unanswered. */
export type GuardRevision = 'observacionesRespondidas';

/** fechaRevision: fecha_aud/fecha_doc = now(); borrarFechaRevision: NULL. A review never changes an assignment. */
export type EfectoRevision = 'fechaRevision' | 'borrarFechaRevision';

export type TransicionRevision = {
  accion: AccionRevision;
  desde: EstadoRevision;
  hacia: EstadoRevision;
  quien: QuienRevision;
  guards: readonly GuardRevision[];
  efectos: readonly EfectoRevision[];
  summary: string;
  /** Success text. */
  mensaje: string;
  /** The bitácora entry (type M or D). */
  bitacora: (tipo: TipoRevision, numero: string) => string;
};

export const TRANSICIONES_REVISION: readonly TransicionRevision[] = [
  {
    accion: 'revisar',
    desde: 'PENDIENTE',
    hacia: 'REVISADA',
    quien: 'operativo',
    guards: [],
    efectos: ['fechaRevision'],
    summary: 'Registrar la revisión AM (M) o GD (D): PENDIENTE → REVISADA',
    mensaje: MSG_PLANILLA.revisionRegistrada,
    bitacora: MSG_PLANILLA.bitacoraRevision,
  },
  {
    accion: 'reiniciar',
    desde: 'REVISADA',
    hacia: 'PENDIENTE',
    quien: 'operativo',
    guards: [],
    efectos: ['borrarFechaRevision'],
    summary: 'Reiniciar la revisión: REVISADA → PENDIENTE',
    mensaje: MSG_PLANILLA.revisionReiniciada,
    bitacora: MSG_PLANILLA.bitacoraReinicio,
  },
  {
    accion: 'finalizar',
    desde: 'REVISADA',
    hacia: 'FINALIZADA',
    quien: 'supervisor',
    guards: ['observacionesRespondidas'],
    efectos: [],
    summary: 'Finalizar la revisión (supervisor): REVISADA → FINALIZADA, sin observaciones sin responder',
    mensaje: MSG_PLANILLA.revisionFinalizada,
    bitacora: MSG_PLANILLA.bitacoraFinalizada,
  },
  {
    accion: 'reabrir',
    desde: 'FINALIZADA',
    hacia: 'REVISADA',
    quien: 'supervisor',
    guards: [],
    efectos: [],
    summary: 'Reabrir la revisión (supervisor): FINALIZADA → REVISADA',
    mensaje: MSG_PLANILLA.revisionReabierta,
    bitacora: MSG_PLANILLA.bitacoraReabierta,
  },
];

export function transicionRevision(accion: string): TransicionRevision | undefined {
  return TRANSICIONES_REVISION.find((t) => t.accion === accion);
}

/** The review state of one type. */
export const estadoRevision = (p: { estadoAud: string; estadoDoc: string }, tipo: TipoRevision) =>
  tipo === 'M' ? p.estadoAud : p.estadoDoc;

/** Whether the user may take that transition of that type on that attention (profile and assignment, not state). */
export function puedeTransicionRevision(
  tr: Pick<TransicionRevision, 'quien'>,
  user: UsuarioRef,
  planilla: PlanillaRef,
  tipo: TipoRevision,
): boolean {
  return tr.quien === 'supervisor'
    ? canFinalizeReview(user.idPerfil, tipo)
    : reviewType(user.idPerfil) === tipo && canProcess(user, planilla, tipo);
}

/**
 * The transitions open now, type by type (M first): the state of that type is the transition's
 * from-state and `puede(quien, tipo)` says yes. Guards (observations) are checked by the server.
 */
export function revisionesDisponibles(
  p: { estadoAud: string; estadoDoc: string },
  puede: (quien: QuienRevision, tipo: TipoRevision) => boolean,
): { accion: AccionRevision; tipo: TipoRevision }[] {
  const out: { accion: AccionRevision; tipo: TipoRevision }[] = [];
  for (const tipo of TIPOS_REVISION) {
    for (const tr of TRANSICIONES_REVISION) {
      if (estadoRevision(p, tipo) === tr.desde && puede(tr.quien, tipo))
        out.push({ accion: tr.accion, tipo });
    }
  }
  return out;
}
