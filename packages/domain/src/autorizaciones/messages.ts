import { formatDate } from '../common/format.ts';

/** Texts of authorizations ('Solicitudes'), weeks and the active-load checks (docs/spec-summary.md 000 §2, §5, §7, §8). */
export const MSG_AUTORIZACION = {
  solicitada: '¡Solicitud de autorización registrada exitosamente!',
  aprobada: 'Autorización aprobada exitosamente.',
  rechazada: 'Autorización rechazada.',
  anulada: 'Solicitud de autorización anulada.',
  estadoNoPermiteSolicitud: (estado: string) =>
    `No se pueden registrar solicitudes de autorización en un trámite en estado ${estado}.`,
  solicitudesDeshabilitadas: 'Las solicitudes no están disponibles mientras el trámite está ENVIADO.',
  solicitudPendiente: 'El trámite ya tiene una solicitud de autorización pendiente de respuesta.',
  yaResuelta: (estado: string) => `La solicitud ya fue atendida: su estado es ${estado}.`,
  estadoNoPermiteAprobar: (estado: string) =>
    `No se puede aprobar la autorización de un trámite en estado ${estado}: no podría cargar datos.`,
  noAprobada: 'La autorización no está aprobada: no se pueden cargar datos con ella.',
  estadoNoPermiteCarga: (estado: string) =>
    `No se pueden cargar datos con una autorización en un trámite en estado ${estado}.`,
  fechasFueraTramite: (desde: string, hasta: string) =>
    `Las fechas de la autorización deben estar dentro del período del trámite (${formatDate(desde)} al ${formatDate(hasta)}).`,
  fechasFueraAutorizacion: (desde: string, hasta: string) =>
    `Las fechas de la carga deben estar dentro del período de la autorización (${formatDate(desde)} al ${formatDate(hasta)}).`,
  fechasInvertidas: 'La fecha desde debe ser anterior o igual a la fecha hasta.',
  fechaInvalida: 'Ingrese una fecha válida (AAAA-MM-DD).',
  observacionRechazo: 'Indique el motivo del rechazo en la observación.',
  sinAutorizaciones: 'El trámite no tiene solicitudes de autorización.',
  cargaNoHabilitada:
    'La carga de datos de la autorización está disponible desde el estado CARGADO del trámite y con la autorización APROBADA.',
  // weeks
  rangoSemanasInvalido: 'Ingrese un rango de fechas válido (desde anterior o igual a hasta, AAAA-MM-DD).',
  rangoSemanasLargo: 'El rango de fechas no puede superar tres años.',
  semanasError: 'No se pudieron cargar las semanas.',
  // active-load check (docs/spec-summary.md 000 §5, §8)
  idTramiteInvalido: 'Ingrese un ID de trámite válido',
  consultaServicio: 'Ocurrió un error al consultar el servicio.',
} as const;
