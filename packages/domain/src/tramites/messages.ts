/** Texts of docs/spec-summary.md 000 §8 for procedures and loads, verbatim. */
export const MSG_TRAMITE = {
  // bitácora notes of the workflow's events (tramites/workflow.ts EVENTOS)
  bitacoraDocumentado: 'El trámite pasa de ESTRUCTURADO a DOCUMENTADO.',
  bitacoraInicio: 'Estado cambiado de RECIBIDO a EN PROCESO por la primera asignación.',
  actualizado: '¡Trámite actualizado exitosamente!',
  errorCargar: 'No se pudo cargar el trámite.',
  creado: '¡Trámite creado exitosamente!',
  errorGuardar: 'Inténtelo de nuevo.',
  errorActualizarAuditor: 'Hubo un problema al actualizar el trámite. Inténtelo de nuevo.',
  asignacionActualizada: 'Tipo de asignación actualizada exitosamente.',
  estadoActualizado: 'Estado actualizado exitosamente.',
  semanaSaltada: '¡Ya puede cargar la siguiente semana!',
  finalizarRechazado: 'Error: No todas las planillas cumplen con los requisitos. Revise los datos.',
  finalizarDialogoTitulo: 'Las atenciones médicas no cumplen las condiciones requeridas.',
  finalizarDialogoDetalle:
    'Todas las atenciones médicas deben estar revisadas y finalizadas por Auditoría Médica y Gestión Documental.',
  finalizarError: 'Error al finalizar el trámite',
  finalizado: 'Trámite finalizado',
  recibirPregunta: 'El trámite no está recibido. ¿Desea recibirlo ahora?',
  recibirExito: 'Éxito',
  recibirError: 'Error al actualizar el trámite',
  documentadoAviso: (n: number) =>
    `${n === 1 ? 'Existe 1 atención médica' : `Existen ${n.toLocaleString('es-EC')} atenciones médicas`} sin documentos de respaldo. Revise la pestaña de atenciones médicas sin documentación cargada.`,
  noEditable: 'El trámite solo puede modificarse mientras está REGISTRADO o con una autorización aprobada.',
  soloAmpliarPeriodo:
    'Con el trámite en curso, el período solo puede ampliarse: no puede quedar fuera ninguna carga.',
  estadoCambio: (esperado: string, actual: string) =>
    `El trámite ya no está ${esperado}: su estado actual es ${actual}. Actualice la página.`,
  accionNoPermitida: (accion: string, estado: string) =>
    `No se puede ${accion} un trámite en estado ${estado}.`,
  sinSemanas: 'Ya se cargaron todas las semanas del trámite.',
  cargasSinOrganizar:
    'Todas las cargas activas deben tener sus atenciones médicas organizadas antes de enviar el trámite.',
  sinObservaciones: (tipo: 'M' | 'D' | null) =>
    `No hay observaciones nuevas${tipo === 'M' ? ' de Auditoría Médica' : tipo === 'D' ? ' de Gestión Documental' : ''} para enviar.`,
  observacionesSinResponder: (tipo: 'M' | 'D' | null, n: number) =>
    `Quedan ${n} observaciones${tipo === 'M' ? ' de Auditoría Médica' : tipo === 'D' ? ' de Gestión Documental' : ''} sin responder.`,
  fechasInvalidas: 'La fecha desde debe ser anterior o igual a la fecha hasta.',
  maxSemanasRequerido: 'Indique el número máximo de semanas para un trámite semanal.',
  idTramiteInvalido: 'Ingrese un ID de trámite válido',
  parametroIdTramite: 'Parámetro idTramite no definido.',
  // loads
  archivoCargado: 'Archivo cargado',
  errorCarga: 'Hubo un error al cargar los archivos. Inténtelo de nuevo.',
  errorDesconocido: 'Error desconocido',
  organizadas: '¡Atenciones médicas organizadas exitosamente!',
  algoSalioMal: '¡Algo salió mal! Por favor, inténtelo nuevamente.',
  cargaEliminada: 'La carga fue eliminada con éxito.',
  cargaBorrada: 'Carga borrada',
  consultaServicio: 'Ocurrió un error al consultar el servicio.',
  sinArchivo: 'No se ha seleccionado ningún archivo para cargar.',
  sandboxSinArchivo: 'Debe adjuntar un archivo de datos para continuar.',
  solicitudIncorrecta: 'Solicitud incorrecta: Verifique los datos enviados.',
  sinPlanillas: 'No se encontraron planillas para el trámite especificado.',
  noHayDatosExportar: 'No hay datos para exportar.',
} as const;
