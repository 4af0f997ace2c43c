/**
 * Pure rules of the supervisor tabs (assignment and controls): labels, the preview of an even split,
 * the request body of an assignment and its check, and the link from a control to the attentions list.
 */
import { formatCount } from '@app/domain/common/format';
import { MSG_PLANILLA } from '@app/domain/planillas/messages';
import type { TipoRevision } from '@app/domain/planillas/permissions';
import { fecha } from '../tramites/tramite-rules.ts';
import type { Asignable, AsignacionBody } from './revision-api.ts';

/** The tab's prop: 'AM' (medical audit, review type M) or 'GD' (document management, type D). */
export type TipoAsignacion = 'AM' | 'GD';

export const tipoRevisionDe = (tipo: TipoAsignacion): TipoRevision => (tipo === 'AM' ? 'M' : 'D');

export const ASIGNACION_TEXTOS: Readonly<
  Record<TipoAsignacion, { titulo: string; rol: string; rolPlural: string; estado: string }>
> = {
  AM: {
    titulo: 'Asignar Médico Auditor',
    rol: 'médico auditor',
    rolPlural: 'médicos auditores',
    estado: 'Estado AM',
  },
  GD: {
    titulo: 'Asignar Gestor Documental',
    rol: 'gestor documental',
    rolPlural: 'gestores documentales',
    estado: 'Estado GD',
  },
};

const PERFILES: Readonly<Record<number, string>> = {
  16: 'Revisor',
  17: 'Supervisor AM',
  18: 'Médico auditor',
  19: 'Supervisor GD',
  20: 'Gestor documental',
};
export const perfilNombre = (idPerfil: number) => PERFILES[idPerfil] ?? `Perfil ${idPerfil}`;

/** 'MARÍA PÉREZ (auditor.am@demo.ec)', or the user name alone when there is no person. */
export const usuarioEtiqueta = (u: Pick<Asignable, 'nombre' | 'personaNombre'>) =>
  u.personaNombre ? `${u.personaNombre} (${u.nombre})` : u.nombre;

const TIPOS_CARGA: Readonly<Record<string, string>> = { M: 'Mensual', S: 'Semanal', A: 'Autorización' };

/** A load as the spec's Periodo shows it: 'from – to' plus Mensual/Semanal N/Autorización. */
export function cargaEtiqueta(c: {
  fechaDesde: string;
  fechaHasta: string;
  tipoCarga?: string | null;
  numSemana?: number | null;
}): string {
  const tipo = c.tipoCarga ? (TIPOS_CARGA[c.tipoCarga] ?? c.tipoCarga) : '';
  const semana = c.tipoCarga === 'S' && c.numSemana ? ` ${c.numSemana}` : '';
  return `${fecha(c.fechaDesde)} – ${fecha(c.fechaHasta)}${tipo ? ` · ${tipo}${semana}` : ''}`;
}

/**
 * How many of `n` attentions each of `k` people receives in an even split: the first `n % k` get one
 * more. The server deals the pending attentions in number order round-robin over the users in the
 * order given, which yields exactly these counts.
 */
export function repartoEquitativo(n: number, k: number): number[] {
  if (k <= 0) return [];
  const total = Math.max(0, Math.floor(n));
  const base = Math.floor(total / k);
  const resto = total % k;
  return Array.from({ length: k }, (_, i) => base + (i < resto ? 1 : 0));
}

export type RepartoFila = { idUsuario: number; etiqueta: string; recibe: number };

/**
 * The preview of 'Repartir carga': for each chosen user (in the order chosen) how many of the load's
 * pending attentions they will hold, whoever holds them now.
 */
export function previewReparto(
  pendientesCarga: number,
  idUsuarios: readonly number[],
  staff: readonly Asignable[],
): RepartoFila[] {
  const elegidos = [...new Set(idUsuarios)]
    .map((id) => staff.find((s) => s.idUsuario === id))
    .filter((s): s is Asignable => s !== undefined);
  const partes = repartoEquitativo(pendientesCarga, elegidos.length);
  return elegidos.map((s, i) => ({
    idUsuario: s.idUsuario,
    etiqueta: usuarioEtiqueta(s),
    recibe: partes[i],
  }));
}

export type ModoAsignacion = 'seleccion' | 'carga' | 'repartir';

export const MODOS: ReadonlyArray<{ value: ModoAsignacion; label: string }> = [
  { value: 'seleccion', label: 'Atenciones seleccionadas' },
  { value: 'carga', label: 'Carga completa' },
  { value: 'repartir', label: 'Repartir carga' },
];

/** Largest selection the API accepts in one request. */
export const MAX_SELECCION = 10_000;

export type AsignacionForm = {
  modo: ModoAsignacion;
  idUsuario?: number | null;
  idUsuarios?: readonly number[];
  idPlanillas?: readonly number[];
  idCarga?: number | null;
};

export const MSG_ASIGNACION = {
  seleccioneUsuario: (rol: string) => `Seleccione el ${rol} que recibirá las atenciones.`,
  seleccionExcedida: `Puede asignar hasta ${formatCount(MAX_SELECCION)} atenciones a la vez; use la asignación por carga.`,
  sinCambios: 'Ninguna de las atenciones elegidas estaba pendiente de revisión: no hubo cambios.',
  tramiteEnProceso: 'El trámite pasó a EN PROCESO con la primera asignación.',
  soloPendientes:
    'Solo se asignan las atenciones con revisión pendiente; las revisadas conservan su revisor.',
  noSePudo: 'No se pudo realizar la asignación.',
} as const;

/** The first problem of an assignment form in Spanish, or null when it can be sent. */
export function validarAsignacion(f: AsignacionForm, tipo: TipoAsignacion): string | null {
  if (f.modo === 'repartir') {
    if (!f.idCarga) return MSG_PLANILLA.seleccioneCarga;
    if (!f.idUsuarios?.length) return MSG_PLANILLA.asignacionRepartirSinUsuarios;
    return null;
  }
  if (f.modo === 'carga' && !f.idCarga) return MSG_PLANILLA.seleccioneCarga;
  if (f.modo === 'seleccion') {
    if (!f.idPlanillas?.length) return MSG_PLANILLA.asignacionSinSeleccion;
    if (f.idPlanillas.length > MAX_SELECCION) return MSG_ASIGNACION.seleccionExcedida;
  }
  if (!f.idUsuario) return MSG_ASIGNACION.seleccioneUsuario(ASIGNACION_TEXTOS[tipo].rol);
  return null;
}

/** The body of POST /tramites/:id/asignaciones for a valid form. */
export function asignacionBody(f: AsignacionForm, tipo: TipoAsignacion): AsignacionBody {
  const t = tipoRevisionDe(tipo);
  if (f.modo === 'repartir')
    return { tipo: t, idUsuarios: [...new Set(f.idUsuarios ?? [])], idCarga: f.idCarga ?? 0, repartir: true };
  if (f.modo === 'carga') return { tipo: t, idUsuario: f.idUsuario ?? 0, idCarga: f.idCarga ?? 0 };
  return { tipo: t, idUsuario: f.idUsuario ?? 0, idPlanillas: [...(f.idPlanillas ?? [])] };
}

const atenciones = (n: number) => `${formatCount(n) || '0'} ${n === 1 ? 'atención' : 'atenciones'}`;

/** Title and text of the confirmation that names what will change. */
export function confirmacionAsignacion(
  f: AsignacionForm,
  ctx: { usuario?: string; usuarios?: readonly string[]; carga?: string; pendientesCarga?: number },
): { title: string; content: string } {
  if (f.modo === 'seleccion') {
    const n = f.idPlanillas?.length ?? 0;
    return {
      title: `¿Asignar ${atenciones(n)} a ${ctx.usuario ?? ''}?`,
      content: `Las ${atenciones(n)} seleccionadas que sigan pendientes pasarán a ${ctx.usuario ?? ''}. ${MSG_ASIGNACION.soloPendientes}`,
    };
  }
  const pend = atenciones(ctx.pendientesCarga ?? 0);
  if (f.modo === 'carga') {
    return {
      title: `¿Asignar la carga ${ctx.carga ?? ''} a ${ctx.usuario ?? ''}?`,
      content: `Las ${pend} pendientes de la carga pasarán a ${ctx.usuario ?? ''}, incluidas las que hoy tiene otra persona. ${MSG_ASIGNACION.soloPendientes}`,
    };
  }
  const k = ctx.usuarios?.length ?? 0;
  return {
    title: `¿Repartir la carga ${ctx.carga ?? ''} entre ${k} ${k === 1 ? 'persona' : 'personas'}?`,
    content: `Las ${pend} pendientes de la carga se repartirán en partes iguales, en orden de número, entre ${(ctx.usuarios ?? []).join(', ')}. ${MSG_ASIGNACION.soloPendientes}`,
  };
}

/**
 * The URL search of the attentions tab filtered to what control `n` flags ('Ver en la lista'): the
 * page's own params stay, every tab's list params (namespaced `x.y`) go, and the list of the
 * attentions tab (namespace `pl`) gets `control` and, when a load is chosen, `idCarga`.
 */
export function verEnListaSearch(
  actual: URLSearchParams,
  n: number,
  idCarga?: number | null,
): URLSearchParams {
  const out = new URLSearchParams();
  for (const [k, v] of actual) if (!k.includes('.') && k !== 'tab') out.set(k, v);
  out.set('tab', 'atenciones');
  out.set('pl.control', String(n));
  if (idCarga) out.set('pl.idCarga', String(idCarga));
  return out;
}
