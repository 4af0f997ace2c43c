import { PERFIL } from '../auth/profiles.ts';
import { MSG_TRAMITE } from './messages.ts';

export const ESTADOS_TRAMITE = [
  'REGISTRADO',
  'CARGADO',
  'ESTRUCTURADO',
  'DOCUMENTADO',
  'ENVIADO',
  'RECIBIDO',
  'EN PROCESO',
  'PLANILLAJE',
  'OBSERVACIONES',
  'FINALIZADO',
  /** Annulled by the provider before sending (issue 14 §2, decision 50): out of the lists, kept for audit. */
  'ANULADO',
] as const;
export type EstadoTramite = (typeof ESTADOS_TRAMITE)[number];

/** States in which attentions can be edited, reviewed and annotated. */
export const ESTADOS_TRABAJO: readonly EstadoTramite[] = ['RECIBIDO', 'EN PROCESO', 'PLANILLAJE'];
/** States in which AM/GD columns and filters are shown. */
export const ESTADOS_COLUMNAS_AUDITORIA: readonly EstadoTramite[] = ['RECIBIDO', 'EN PROCESO'];
/** Provider-side states (before sending). */
export const ESTADOS_PRESTADOR: readonly EstadoTramite[] = [
  'REGISTRADO',
  'CARGADO',
  'ESTRUCTURADO',
  'DOCUMENTADO',
];
/** States listed in 'Trámites procesados'. */
export const ESTADOS_PROCESADOS: readonly EstadoTramite[] = ['PLANILLAJE', 'FINALIZADO'];

/**
 * How a procedure's attentions reach the operatives (docs/spec-summary.md 000: U 'USUARIO', T 'TODOS'), in words a
 * reader of the procedure header understands (issue 14 §4: the raw code looked unfinished).
 */
export const TIPO_ASIGNACION = {
  U: 'Por usuario: cada auditor ve las atenciones asignadas a él',
  T: 'Todo el equipo ve todas las atenciones',
} as const;
export const asignacionTexto = (v: string | null | undefined) =>
  v === 'U' || v === 'T' ? TIPO_ASIGNACION[v] : 'Sin definir';

export const FRECUENCIAS = [
  { value: 'S', label: 'Semanal' },
  { value: 'M', label: 'Mensual' },
] as const;
/** How often a procedure loads: S weekly, M monthly. */
export type FrecuenciaCarga = (typeof FRECUENCIAS)[number]['value'];
export const FRECUENCIAS_CARGA = FRECUENCIAS.map((f) => f.value) as [FrecuenciaCarga, ...FrecuenciaCarga[]];

export const BITACORA_TIPOS = [
  'ESTADO',
  'SUPERVISIÓN',
  'AUDITORÍA MÉDICA',
  'AUDITORÍA MÉDICA FINALIZADA',
  'M',
  'D',
] as const;
export type BitacoraTipo = (typeof BITACORA_TIPOS)[number];

/** What a user asks for (a button, an endpoint), in workflow order ('anular' last: the web's header reads this order). */
export const ACCIONES = [
  'enviar',
  'recibir',
  'iniciar',
  'planillaje',
  'finalizar',
  'reabrir',
  'saltar-semana',
  'cambiar-asignacion',
  'enviar-observaciones',
  'enviar-respuestas',
  'anular',
] as const;
export type Accion = (typeof ACCIONES)[number];

/**
 * What happens as a consequence of another feature's write (docs/design-summary.md §5): a load ends without errors,
 * a load's attentions are organised, sheet files are matched, the first attentions are assigned.
 * The feature fires the event when its condition (`cuando`) holds; the workflow service applies it
 * only from its from-states and otherwise does nothing.
 */
export type Evento =
  | 'carga-sin-errores'
  | 'organizada'
  | 'archivos'
  | 'primera-asignacion'
  /** A deleted load takes the provider's progress back (issue 14 §2, decision 51). */
  | 'sin-cargas'
  | 'sin-atenciones'
  | 'sin-archivos';

export type Guard =
  | 'cargasOrganizadas'
  | 'todasFinalizadas'
  | 'semanaDisponible'
  | 'estadoEsperado'
  /** At least one active observation of the type (M/D) on an active attention. */
  | 'hayObservaciones'
  /** No active observation of the type left without an answer (id_respuesta and respuesta null). */
  | 'observacionesRespondidas';

/** Column changes besides state, version, fecha_act and id_usuario_act; the service maps each to SQL. */
export type Efecto =
  | 'inicioAuditoria'
  | 'finAuditoria'
  | 'borrarFinAuditoria'
  | 'siguienteSemana'
  | 'alternarAsignacion';

type Base = {
  desde: readonly EstadoTramite[];
  /** null: the action does not change the state. */
  hacia: EstadoTramite | null;
  perfiles: readonly number[];
  guards: readonly Guard[];
  efectos: readonly Efecto[];
  bitacora: BitacoraTipo;
};

export type Transicion = Base & {
  accion: Accion;
  label: string;
  /** Success text shown to the user (docs/spec-summary.md 000 §8 where it gives one). */
  mensaje: string;
  /** Acts on the observations of one type, M or D (the 'tipo' the service receives). */
  porTipo?: true;
};

export type TransicionEvento = Base & {
  evento: Evento;
  hacia: EstadoTramite;
  /** The condition under which the feature fires the event. */
  cuando: string;
  /** The bitácora sentence of the state change (after the feature's own text, when it gives one). */
  nota: string;
};

const SUP = [PERFIL.SUPERVISOR_AM, PERFIL.SUPERVISOR_GD] as const;
const NO_FINAL = ESTADOS_TRAMITE.filter((e) => e !== 'FINALIZADO' && e !== 'ANULADO');

/** The procedure workflow of docs/design-summary.md §5: the API enforces it, the UI asks it which buttons to show. */
export const TRANSICIONES: readonly Transicion[] = [
  {
    accion: 'enviar',
    label: 'Enviar trámite',
    desde: ['ESTRUCTURADO', 'DOCUMENTADO'],
    hacia: 'ENVIADO',
    perfiles: [PERFIL.PRESTADOR],
    guards: ['cargasOrganizadas'],
    efectos: [],
    mensaje: '¡Trámite enviado exitosamente!',
    bitacora: 'ESTADO',
  },
  {
    accion: 'recibir',
    label: 'Recibir trámite',
    desde: ['ENVIADO'],
    hacia: 'RECIBIDO',
    perfiles: [PERFIL.SUPERVISOR_AM],
    guards: ['estadoEsperado'],
    efectos: ['inicioAuditoria'],
    mensaje: 'Trámite recibido exitosamente.',
    bitacora: 'ESTADO',
  },
  {
    accion: 'iniciar',
    label: 'En Proceso',
    desde: ['RECIBIDO'],
    hacia: 'EN PROCESO',
    perfiles: SUP,
    guards: [],
    efectos: [],
    mensaje: 'Estado actualizado exitosamente.',
    bitacora: 'SUPERVISIÓN',
  },
  {
    accion: 'enviar-observaciones',
    label: 'Enviar observaciones',
    desde: ['EN PROCESO'],
    hacia: 'OBSERVACIONES',
    perfiles: SUP,
    guards: ['hayObservaciones'],
    efectos: [],
    mensaje: 'Observaciones enviadas exitosamente.',
    bitacora: 'SUPERVISIÓN',
    porTipo: true,
  },
  {
    accion: 'enviar-respuestas',
    label: 'Enviar respuestas',
    desde: ['OBSERVACIONES'],
    hacia: 'EN PROCESO',
    perfiles: [PERFIL.PRESTADOR],
    guards: ['observacionesRespondidas'],
    efectos: [],
    mensaje: 'Respuestas enviadas exitosamente.',
    bitacora: 'ESTADO',
    porTipo: true,
  },
  {
    accion: 'planillaje',
    label: 'Pasar a Planillaje',
    desde: ['EN PROCESO'],
    hacia: 'PLANILLAJE',
    perfiles: SUP,
    guards: ['todasFinalizadas'],
    efectos: [],
    mensaje: 'Estado actualizado exitosamente.',
    bitacora: 'SUPERVISIÓN',
  },
  {
    accion: 'finalizar',
    label: 'Finalizar Trámite',
    desde: ['RECIBIDO', 'EN PROCESO', 'PLANILLAJE', 'OBSERVACIONES'],
    hacia: 'FINALIZADO',
    perfiles: SUP,
    guards: ['todasFinalizadas'],
    efectos: ['finAuditoria'],
    mensaje: 'Trámite finalizado',
    bitacora: 'AUDITORÍA MÉDICA FINALIZADA',
  },
  {
    accion: 'reabrir',
    label: 'Reabrir trámite',
    desde: ['FINALIZADO'],
    hacia: 'EN PROCESO',
    perfiles: SUP,
    guards: [],
    efectos: ['borrarFinAuditoria'],
    mensaje: 'Estado actualizado exitosamente.',
    bitacora: 'SUPERVISIÓN',
  },
  {
    accion: 'saltar-semana',
    label: 'Siguiente semana',
    desde: NO_FINAL,
    hacia: null,
    perfiles: [PERFIL.PRESTADOR],
    guards: ['semanaDisponible'],
    efectos: ['siguienteSemana'],
    mensaje: '¡Ya puede cargar la siguiente semana!',
    bitacora: 'ESTADO',
  },
  {
    accion: 'cambiar-asignacion',
    label: 'Cambiar asignación',
    desde: ['EN PROCESO'],
    hacia: null,
    perfiles: SUP,
    guards: [],
    efectos: ['alternarAsignacion'],
    mensaje: 'Tipo de asignación actualizada exitosamente.',
    bitacora: 'SUPERVISIÓN',
  },
  {
    // Issue 14 §2 (decision 50): the provider withdraws a procedure it has not sent. Nothing is deleted.
    accion: 'anular',
    label: 'Anular trámite',
    desde: ESTADOS_PRESTADOR,
    hacia: 'ANULADO',
    perfiles: [PERFIL.PRESTADOR],
    guards: ['estadoEsperado'],
    efectos: [],
    mensaje: 'Trámite anulado. Se conserva para auditoría y ya no aparece en las listas.',
    bitacora: 'ESTADO',
  },
];

/**
 * The automatic transitions (docs/design-summary.md §5 rows 'upload data file', 'organise attentions', 'upload sheet
 * files' and 'start … also implied by the first assignment'). `perfiles` documents who causes them;
 * the feature that fires the event has already authorised its own write.
 */
export const EVENTOS: readonly TransicionEvento[] = [
  {
    evento: 'carga-sin-errores',
    cuando: 'una carga de datos termina sin errores',
    desde: ['REGISTRADO'],
    hacia: 'CARGADO',
    perfiles: [PERFIL.PRESTADOR],
    guards: [],
    efectos: [],
    bitacora: 'ESTADO',
    nota: 'El trámite pasa de REGISTRADO a CARGADO.',
  },
  {
    evento: 'organizada',
    cuando: 'se organizan las atenciones de una carga',
    desde: ['CARGADO'],
    hacia: 'ESTRUCTURADO',
    perfiles: [PERFIL.PRESTADOR],
    guards: [],
    efectos: [],
    bitacora: 'ESTADO',
    nota: 'El trámite pasa de CARGADO a ESTRUCTURADO.',
  },
  {
    evento: 'archivos',
    cuando: 'se guarda al menos un archivo de sustento de una atención',
    desde: ['ESTRUCTURADO'],
    hacia: 'DOCUMENTADO',
    perfiles: [PERFIL.PRESTADOR],
    guards: [],
    efectos: [],
    bitacora: 'ESTADO',
    nota: MSG_TRAMITE.bitacoraDocumentado,
  },
  {
    evento: 'primera-asignacion',
    cuando: 'se asigna al menos una atención',
    desde: ['RECIBIDO'],
    hacia: 'EN PROCESO',
    perfiles: [PERFIL.REVISOR, ...SUP],
    guards: [],
    efectos: [],
    bitacora: 'SUPERVISIÓN',
    nota: MSG_TRAMITE.bitacoraInicio,
  },
  // A deleted load (cargas/service.ts eliminarCarga, before sending) takes the state back to what is
  // left: the service fires the first that holds (decision 51).
  {
    evento: 'sin-cargas',
    cuando: 'se elimina una carga y no queda ninguna carga válida',
    desde: ['CARGADO', 'ESTRUCTURADO', 'DOCUMENTADO'],
    hacia: 'REGISTRADO',
    perfiles: [PERFIL.PRESTADOR],
    guards: [],
    efectos: [],
    bitacora: 'ESTADO',
    nota: 'El trámite vuelve a REGISTRADO: no le queda ninguna carga válida.',
  },
  {
    evento: 'sin-atenciones',
    cuando: 'se elimina una carga y no queda ninguna atención médica organizada',
    desde: ['ESTRUCTURADO', 'DOCUMENTADO'],
    hacia: 'CARGADO',
    perfiles: [PERFIL.PRESTADOR],
    guards: [],
    efectos: [],
    bitacora: 'ESTADO',
    nota: 'El trámite vuelve a CARGADO: no le queda ninguna atención médica organizada.',
  },
  {
    evento: 'sin-archivos',
    cuando: 'se elimina una carga y no queda ningún archivo de sustento',
    desde: ['DOCUMENTADO'],
    hacia: 'ESTRUCTURADO',
    perfiles: [PERFIL.PRESTADOR],
    guards: [],
    efectos: [],
    bitacora: 'ESTADO',
    nota: 'El trámite vuelve a ESTRUCTURADO: no le queda ningún archivo de sustento.',
  },
];

export function transicion(accion: string): Transicion | undefined {
  return TRANSICIONES.find((t) => t.accion === accion);
}

export function evento(nombre: string): TransicionEvento | undefined {
  return EVENTOS.find((t) => t.evento === nombre);
}

/** The bitácora sentence of an action's state change. */
export const notaCambioEstado = (desde: string, hacia: string) => `Estado cambiado de ${desde} a ${hacia}.`;

export type TramiteEstadoInfo = {
  estadoTramite: string;
  frecuenciaCarga: string;
  numSemana: number;
  maxSemanas: number;
};

/** Guards that only need the procedure itself (the others need the database). */
export function semanaDisponible(t: TramiteEstadoInfo): boolean {
  return t.frecuenciaCarga === 'S' && (t.numSemana === 0 || t.numSemana < t.maxSemanas);
}

/** Actions the user may try now (state and profile; data guards are checked by the server). */
export function accionesPermitidas(t: TramiteEstadoInfo, idPerfil: number): Transicion[] {
  return TRANSICIONES.filter(
    (x) =>
      x.desde.includes(t.estadoTramite as EstadoTramite) &&
      x.perfiles.includes(idPerfil) &&
      (!x.guards.includes('semanaDisponible') || semanaDisponible(t)),
  );
}
