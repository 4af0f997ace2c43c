import { PERFIL } from '../auth/profiles.ts';
import type { Accion, EstadoTramite } from './workflow.ts';

/**
 * The procedure's road as the steps bar shows it (issue 14 §3): the provider's four steps, the
 * insurer's receipt, the audit and the close. OBSERVACIONES is a detour of the audit step (the
 * procedure goes back to EN PROCESO with the answers), so it is shown on that step, not as one more.
 */
export const PASOS_TRAMITE: readonly { estado: EstadoTramite; titulo: string }[] = [
  { estado: 'REGISTRADO', titulo: 'Registrado' },
  { estado: 'CARGADO', titulo: 'Cargado' },
  { estado: 'ESTRUCTURADO', titulo: 'Estructurado' },
  { estado: 'DOCUMENTADO', titulo: 'Documentado' },
  { estado: 'ENVIADO', titulo: 'Enviado' },
  { estado: 'RECIBIDO', titulo: 'Recibido' },
  { estado: 'EN PROCESO', titulo: 'En auditoría' },
  { estado: 'PLANILLAJE', titulo: 'Planillaje' },
  { estado: 'FINALIZADO', titulo: 'Finalizado' },
];

/** Index of the state's step in `PASOS_TRAMITE` (OBSERVACIONES on the audit step; -1 for ANULADO). */
export function pasoActual(estado: EstadoTramite): number {
  return PASOS_TRAMITE.findIndex((p) => p.estado === (estado === 'OBSERVACIONES' ? 'EN PROCESO' : estado));
}

/**
 * Where the user goes to take the next step: a procedure action (a header button), a tab of the
 * procedure page, or a page of its own (the provider's observation answers).
 */
export type Destino =
  | { tipo: 'accion'; accion: Accion }
  | { tipo: 'tab'; tab: 'carga' | 'atenciones' | 'asignar-am' | 'asignar-gd' }
  | { tipo: 'ruta'; ruta: (idTramite: number) => string };

export type SiguientePaso = {
  /** What the procedure needs now, said to this user. */
  texto: string;
  /** The button that takes the user there; absent when the next step is someone else's. */
  boton?: { label: string; destino: Destino };
};

const SUPERVISORES: readonly number[] = [PERFIL.SUPERVISOR_AM, PERFIL.SUPERVISOR_GD];
const OPERATIVOS: readonly number[] = [PERFIL.REVISOR, PERFIL.AUDITOR_AM, PERFIL.GESTOR_GD];

/**
 * The one next step of a procedure for a profile (issue 14 §3: organise, upload files and send hid
 * in row menus; the provider did not know what came next). Who may actually press it is still the
 * API's decision: the page shows an action's button only when the procedure's `acciones` list it.
 */
export function siguientePaso(estado: EstadoTramite, idPerfil: number): SiguientePaso {
  const prestador = idPerfil === PERFIL.PRESTADOR;
  const supervisor = SUPERVISORES.includes(idPerfil);
  const asignar = {
    label: 'Asignar atenciones',
    destino: { tipo: 'tab', tab: idPerfil === PERFIL.SUPERVISOR_GD ? 'asignar-gd' : 'asignar-am' },
  } as const;
  switch (estado) {
    case 'REGISTRADO':
      return prestador
        ? {
            texto: 'Cargue el archivo de datos con las atenciones del período.',
            boton: { label: 'Cargar atenciones', destino: { tipo: 'tab', tab: 'carga' } },
          }
        : { texto: 'El prestador todavía no ha cargado las atenciones.' };
    case 'CARGADO':
      return prestador
        ? {
            texto: 'Organice las atenciones de la carga (menú de la carga › Organizar).',
            boton: { label: 'Organizar atenciones', destino: { tipo: 'tab', tab: 'carga' } },
          }
        : { texto: 'El prestador está preparando el trámite.' };
    case 'ESTRUCTURADO':
      return prestador
        ? {
            texto:
              'Cargue los documentos de respaldo de las atenciones (menú de la carga › Carga de Archivos) y luego envíe el trámite.',
            boton: { label: 'Cargar documentos', destino: { tipo: 'tab', tab: 'carga' } },
          }
        : { texto: 'El prestador está preparando el trámite.' };
    case 'DOCUMENTADO':
      return prestador
        ? {
            texto: 'Revise que cada atención tenga sus documentos y envíe el trámite a la aseguradora.',
            boton: { label: 'Enviar trámite', destino: { tipo: 'accion', accion: 'enviar' } },
          }
        : { texto: 'El prestador está preparando el trámite.' };
    case 'ENVIADO':
      if (idPerfil === PERFIL.SUPERVISOR_AM)
        return {
          texto: 'Reciba el trámite para comenzar la auditoría.',
          boton: { label: 'Recibir trámite', destino: { tipo: 'accion', accion: 'recibir' } },
        };
      return prestador
        ? { texto: 'El trámite está en manos de la aseguradora: falta que lo reciba.' }
        : { texto: 'Falta que el supervisor de auditoría médica reciba el trámite.' };
    case 'RECIBIDO':
      if (supervisor)
        return {
          texto: 'Asigne las atenciones a los auditores y gestores para comenzar la auditoría.',
          boton: asignar,
        };
      return prestador
        ? { texto: 'La aseguradora recibió el trámite y está por auditarlo.' }
        : { texto: 'Falta que el supervisor asigne las atenciones.' };
    case 'EN PROCESO':
      if (OPERATIVOS.includes(idPerfil))
        return {
          texto: 'Revise las atenciones que tiene asignadas.',
          boton: { label: 'Revisar atenciones', destino: { tipo: 'tab', tab: 'atenciones' } },
        };
      if (supervisor)
        return {
          texto:
            'Siga el avance de la revisión; envíe las observaciones al prestador o, con todas las atenciones finalizadas, pase el trámite a Planillaje.',
          boton: { label: 'Ver atenciones', destino: { tipo: 'tab', tab: 'atenciones' } },
        };
      return { texto: 'La aseguradora está auditando las atenciones.' };
    case 'OBSERVACIONES':
      return prestador
        ? {
            texto: 'La aseguradora observó atenciones: responda cada observación y envíe las respuestas.',
            boton: {
              label: 'Responder observaciones',
              destino: { tipo: 'ruta', ruta: (id) => `/tramite-observaciones/${id}` },
            },
          }
        : { texto: 'Se esperan las respuestas del prestador a las observaciones enviadas.' };
    case 'PLANILLAJE':
      return supervisor
        ? {
            texto: 'Todas las atenciones están finalizadas: finalice el trámite para su pago.',
            boton: { label: 'Finalizar Trámite', destino: { tipo: 'accion', accion: 'finalizar' } },
          }
        : { texto: 'El trámite está en planillaje, por finalizar.' };
    case 'FINALIZADO':
      return { texto: 'La auditoría del trámite está cerrada.' };
    case 'ANULADO':
      return { texto: 'Trámite anulado por el prestador: se conserva solo para auditoría.' };
  }
}
