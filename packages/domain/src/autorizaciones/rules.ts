import { PERFIL } from '../auth/profiles.ts';
import { ESTADOS_TRAMITE, type EstadoTramite } from '../tramites/workflow.ts';

/*
 * Authorizations ('Solicitudes', docs/spec-summary.md 000 §2 and §3): a provider asks the insurer for permission to
 * load more attentions into a procedure the insurer already has (or that already has several loads);
 * a supervisor approves or rejects; an approved authorization takes loads of type A for its period on
 * /tramiteform-carga-aut/{id}/{idAutorizacion}. The spec leaves the states open ("not shown"): these
 * are ours, written down in docs/decisions.md.
 */

export const ESTADOS_AUTORIZACION = ['SOLICITADA', 'APROBADA', 'RECHAZADA', 'ANULADA'] as const;
export type EstadoAutorizacion = (typeof ESTADOS_AUTORIZACION)[number];

/** What a user may do with an authorization now (the API lists them, the web shows their buttons). */
export const ACCIONES_AUTORIZACION = ['aprobar', 'rechazar', 'anular', 'cargar'] as const;
export type AccionAutorizacion = (typeof ACCIONES_AUTORIZACION)[number];

/** States of the procedure in which the 'Solicitudes' button is shown (besides "more than one load"). */
export const ESTADOS_SOLICITUDES: readonly EstadoTramite[] = ['RECIBIDO', 'EN PROCESO', 'OBSERVACIONES'];

/**
 * States in which a load under an approved authorization may be uploaded and organised: from CARGADO
 * onwards (spec: "the data-upload step is available from CARGADO onwards"), except while the
 * procedure travels to the insurer (ENVIADO) and once it is billed or closed (PLANILLAJE, FINALIZADO).
 */
export const ESTADOS_CARGA_AUTORIZACION: readonly EstadoTramite[] = [
  'CARGADO',
  'ESTRUCTURADO',
  'DOCUMENTADO',
  'RECIBIDO',
  'EN PROCESO',
  'OBSERVACIONES',
];

/** Profiles that answer requests: the super-reviewer and both supervisors. */
export const PERFILES_RESUELVEN: readonly number[] = [
  PERFIL.REVISOR,
  PERFIL.SUPERVISOR_AM,
  PERFIL.SUPERVISOR_GD,
];

type TramiteSolicitudes = { estadoTramite: string; numCargas: number };

const enEstados = (estado: string, estados: readonly EstadoTramite[]) =>
  estados.includes(estado as EstadoTramite);

/** 'Solicitudes' is shown in RECIBIDO, EN PROCESO or OBSERVACIONES, or with more than one load. */
export const solicitudesVisible = (t: TramiteSolicitudes) =>
  enEstados(t.estadoTramite, ESTADOS_SOLICITUDES) || t.numCargas > 1;

/** ... and disabled while ENVIADO. */
export const solicitudesHabilitadas = (t: TramiteSolicitudes) =>
  solicitudesVisible(t) && t.estadoTramite !== 'ENVIADO';

/** A new request: the button's rule, and a state in which the approved authorization could be loaded. */
export const puedeSolicitar = (t: TramiteSolicitudes) =>
  solicitudesHabilitadas(t) && enEstados(t.estadoTramite, ESTADOS_CARGA_AUTORIZACION);

export type AutorizacionEstadoInfo = { estadoAut: string };

export const puedeResolver = (idPerfil: number, a: AutorizacionEstadoInfo) =>
  PERFILES_RESUELVEN.includes(idPerfil) && a.estadoAut === 'SOLICITADA';

export const puedeAnular = (idPerfil: number, a: AutorizacionEstadoInfo) =>
  idPerfil === PERFIL.PRESTADOR && a.estadoAut === 'SOLICITADA';

/** Loads of type A: an approved authorization in a procedure state that takes them. */
export const puedeCargarConAutorizacion = (estadoTramite: string, a: AutorizacionEstadoInfo) =>
  a.estadoAut === 'APROBADA' && enEstados(estadoTramite, ESTADOS_CARGA_AUTORIZACION);

/** The authorization screen shows its data-upload tab from CARGADO onwards. */
export const muestraCargaAutorizacion = (estadoTramite: string) =>
  estadoTramite !== 'ANULADO' &&
  ESTADOS_TRAMITE.indexOf(estadoTramite as EstadoTramite) >= ESTADOS_TRAMITE.indexOf('CARGADO');

// ---------------------------------------------------------------------------------------------------
// Weeks (docs/spec-summary.md 000 §3 "Week (semana): listed for a date range"; GET /vwsemanas/rango?desde&hasta).

export type Semana = { anio: number; numero: number; fechaDesde: string; fechaHasta: string };

const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
export const MAX_DIAS_SEMANAS = 3 * 366;

/** ISO 8601 week (Monday to Sunday) of a date, with its ISO year. */
export function semanaIso(fecha: string): Semana {
  const t = Date.parse(`${fecha}T00:00:00Z`);
  const dow = (new Date(t).getUTCDay() + 6) % 7; // Monday 0
  const lunes = t - dow * DAY;
  const jueves = lunes + 3 * DAY;
  const anio = new Date(jueves).getUTCFullYear();
  const primerJueves = Date.parse(`${anio}-01-04T00:00:00Z`);
  const lunes1 = primerJueves - ((new Date(primerJueves).getUTCDay() + 6) % 7) * DAY;
  return {
    anio,
    numero: Math.round((lunes - lunes1) / (7 * DAY)) + 1,
    fechaDesde: iso(lunes),
    fechaHasta: iso(lunes + 6 * DAY),
  };
}

/** The ISO weeks that touch [desde, hasta], in order; empty for an invalid or inverted range. */
export function semanasDeRango(desde: string, hasta: string): Semana[] {
  const d = Date.parse(`${desde}T00:00:00Z`);
  const h = Date.parse(`${hasta}T00:00:00Z`);
  if (Number.isNaN(d) || Number.isNaN(h) || h < d) return [];
  const out: Semana[] = [];
  for (let s = semanaIso(desde); Date.parse(`${s.fechaDesde}T00:00:00Z`) <= h; ) {
    out.push(s);
    s = semanaIso(iso(Date.parse(`${s.fechaDesde}T00:00:00Z`) + 7 * DAY));
  }
  return out;
}
