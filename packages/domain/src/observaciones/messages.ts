/**
 * Texts of the auditor–provider conversation (docs/spec-summary.md 001 §5, §8; issue 13), verbatim where the spec
 * quotes them. Shared by the API (error and success messages) and the web (labels, warnings).
 */

/** How each observation type is named in messages and tabs. */
export const TIPO_OBSERVACION_TEXTO = {
  M: 'Auditoría Médica',
  D: 'Gestión Documental',
  C: 'Común',
} as const;

const tipoTexto = (tipo: string) =>
  TIPO_OBSERVACION_TEXTO[tipo as keyof typeof TIPO_OBSERVACION_TEXTO] ?? tipo;

export const MSG_OBSERVACION = {
  // validation (docs/spec-summary.md 001 §5)
  observacionEstandarRequerida: 'Debe ingresar una observación estándar',
  ingreseObservacion: 'Ingrese una observación',
  respuestaRequerida: 'Ingrese una respuesta',
  tramiteYTipoRequeridos: 'Por favor, ingrese ID Trámite y Tipo de Observación',
  tipoRequerido: 'Indique el tipo de observación (M o D).',
  observacionNoDelTipo: 'La observación estándar no existe o no corresponde a este tipo.',
  respuestaNoExiste: 'La respuesta estándar no existe.',
  // type of process (docs/spec-summary.md 001 §4, §8)
  tipoDistinto: (tipo: string) =>
    `No se puede actualizar – La observación fue registrada en ${tipoTexto(tipo)}`,
  // success (docs/spec-summary.md 001 §8 '¡Correcto!')
  correcto: '¡Correcto!',
  observacionCreada: '¡Registro creado exitosamente!',
  observacionActualizada: '¡Registro actualizado exitosamente!',
  observacionEliminada: '¡Observación eliminada exitosamente!',
  respuestaRegistrada: '¡Respuesta registrada exitosamente!',
  resolucionRegistrada: '¡Decisión sobre la respuesta registrada exitosamente!',
  archivosRespuesta: (n: number) =>
    n === 1 ? '1 documento de sustento cargado.' : `${n} documentos de sustento cargados.`,
  // failures (docs/spec-summary.md 001 §8)
  errorGuardar: '¡Error! Inténtelo de nuevo.',
  errorRespuesta: 'Inténtelo de nuevo.',
  noSePudoEliminar: 'No se pudo eliminar',
  // state and rules
  estadoNoPermite: (estado: string) =>
    `Las observaciones solo pueden registrarse con el trámite RECIBIDO, EN PROCESO, PLANILLAJE u OBSERVACIONES (estado actual: ${estado}).`,
  procesoInactivo: (tipo: string) => `No tiene activo el proceso de ${tipoTexto(tipo)} para esta atención.`,
  yaEnviada: 'La observación ya fue enviada al prestador: no puede modificarse ni eliminarse.',
  versionObsoleta: 'La observación fue modificada por otro usuario. Actualice la página.',
  respuestaSoloEnObservaciones: (estado: string) =>
    `Las observaciones solo pueden responderse con el trámite en OBSERVACIONES (estado actual: ${estado}).`,
  noEnviadaAlPrestador: 'La observación no ha sido enviada al prestador.',
  respuestaYaEnviada: 'Las respuestas de esta observación ya fueron enviadas: no puede modificarse.',
  sinRespuesta: 'La observación aún no tiene una respuesta enviada por el prestador.',
  resolucionEstado: (estado: string) =>
    `La respuesta solo puede aceptarse con el trámite RECIBIDO, EN PROCESO o PLANILLAJE (estado actual: ${estado}).`,
  archivosSoloObservada:
    'Solo puede adjuntar documentos a una atención con observaciones enviadas y pendientes de enviar su respuesta.',
  // completeness (docs/spec-summary.md 001 §4) and sending (docs/spec-summary.md 001 §7, §8)
  completasPlanilla: (tipo: string) =>
    `Todas las observaciones de ${tipoTexto(tipo)} de la atención tienen respuesta.`,
  pendientesPlanilla: (tipo: string, n: number) =>
    `La atención tiene ${n} ${n === 1 ? 'observación' : 'observaciones'} de ${tipoTexto(tipo)} sin responder.`,
  completasTramite: (tipo: string) =>
    `Todas las observaciones de ${tipoTexto(tipo)} del trámite tienen respuesta.`,
  sinObservacionesEnviadas: (tipo: string) =>
    `No hay observaciones de ${tipoTexto(tipo)} enviadas al prestador por responder.`,
  observacionesPendientesTitulo: 'Observaciones pendientes',
  exitoTitulo: 'Éxito',
  correoObservacionesEnviado: 'Correo con reporte de observaciones enviado.',
  correoRespuestasEnviado: 'Correo con reporte de respuestas enviado.',
  sinDestinatarios: 'No hay usuarios con correo para recibir el reporte; el envío quedó registrado.',
  errorEnvio: 'Ocurrió un problema al procesar la solicitud. Inténtelo de nuevo.',
  // lists (docs/spec-summary.md 001 §8)
  valorAprobadoRequerido: 'Para reducir la glosa indique el nuevo valor aprobado de la línea.',
  sinObservaciones: 'No hay observaciones para este trámite/tipo.',
  // audit trail and log
  bitacoraEnvio: (tipo: string, n: number, ronda: number) =>
    `Observaciones de ${tipoTexto(tipo)} enviadas al prestador: ${n} (ronda ${ronda}).`,
  bitacoraRespuestas: (tipo: string, n: number) =>
    `Respuestas a observaciones de ${tipoTexto(tipo)} enviadas por el prestador: ${n}.`,
} as const;
