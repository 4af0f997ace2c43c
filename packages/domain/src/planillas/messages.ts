import { MSG_TRAMITE } from '../tramites/messages.ts';
/** Texts of docs/spec-summary.md 000 §8 for attentions, their review, templates and diagnoses (verbatim where quoted). */
export const MSG_PLANILLA = {
  // review
  revisionRegistrada: '¡Revisión registrada exitosamente!',
  sinPendientesTitulo: 'Sin planillas pendientes',
  tipoRevisionRequerido: 'Indique el tipo de revisión (M o D).',
  sinPendientes: 'No se encontraron planillas pendientes para este trámite y carga.',
  errorRevision: 'Error al registrar la revisión',
  perfilNoAutorizado: 'Perfil no autorizado para esta acción',
  revisionReiniciada: 'La revisión fue reiniciada a PENDIENTE.',
  revisionFinalizada: 'Revisión finalizada exitosamente.',
  revisionesFinalizadas: (n: number) => `${n} revisiones finalizadas exitosamente.`,
  revisionReabierta: 'La revisión fue reabierta.',
  estadoRevisionInvalido: (tipo: 'M' | 'D', esperado: string, actual: string) =>
    `La revisión ${tipo === 'M' ? 'AM' : 'GD'} de la planilla no está ${esperado}: su estado actual es ${actual}.`,
  /** 409 to the one who lost a race for the same review: who won, and the state they left. */
  revisionGanada: (tipo: 'M' | 'D', numero: string, estado: string, nombre: string) =>
    `${nombre} ya dejó la revisión ${tipo === 'M' ? 'AM' : 'GD'} de la atención ${numero} en estado ${estado}. Actualice la página.`,
  observacionesSinResponder:
    'La planilla tiene observaciones sin responder de este tipo; no se puede finalizar la revisión.',
  sinRevisadasCarga: 'No hay planillas revisadas sin observaciones pendientes para finalizar en esta carga.',
  bitacoraRevision: (tipo: 'M' | 'D', numero: string) =>
    `Revisión ${tipo === 'M' ? 'AM' : 'GD'} de la atención ${numero}`,
  bitacoraReinicio: (tipo: 'M' | 'D', numero: string) =>
    `Revisión ${tipo === 'M' ? 'AM' : 'GD'} reiniciada de la atención ${numero}`,
  bitacoraFinalizada: (tipo: 'M' | 'D', numero: string) =>
    `Revisión ${tipo === 'M' ? 'AM' : 'GD'} finalizada de la atención ${numero}`,
  bitacoraFinalizadasCarga: (tipo: 'M' | 'D', idCarga: number, n: number) =>
    `Revisiones ${tipo === 'M' ? 'AM' : 'GD'} finalizadas de la carga ${idCarga}: ${n} atenciones`,
  bitacoraReabierta: (tipo: 'M' | 'D', numero: string) =>
    `Revisión ${tipo === 'M' ? 'AM' : 'GD'} reabierta de la atención ${numero}`,
  // record
  planillaEliminada: 'Planilla eliminada correctamente.',
  planillaRestaurada: 'Planilla restaurada correctamente.',
  noSePudoEliminar: 'No se pudo eliminar la planilla.',
  planillaActualizada: '¡Planilla actualizada exitosamente!',
  noCargaInfo: 'No se pudo cargar la información de la planilla.',
  versionObsoleta: 'La planilla fue modificada por otro usuario. Actualice la página.',
  tramiteNoTrabajo: (estado: string) =>
    `Las atenciones solo pueden modificarse con el trámite RECIBIDO, EN PROCESO o PLANILLAJE (estado actual: ${estado}).`,
  tramiteFinalizado: 'El trámite está FINALIZADO: sus atenciones no pueden modificarse.',
  yaAnulada: 'La planilla ya está anulada.',
  noAnulada: 'La planilla no está anulada.',
  fechaFueraPeriodo: (desde: string, hasta: string) =>
    `La fecha debe estar entre ${desde} y ${hasta} (periodo de la carga).`,
  fechasInvertidas: 'La fecha desde debe ser anterior o igual a la fecha hasta.',
  finDeSemana: (dia: string) => `La fecha de inicio de la atención cae en ${dia}.`,
  // levels
  nivelActualizado: (n: number) => `Nivel actualizado a ${n}.`,
  nivelesActualizados: (n: number) => `Todos los niveles actualizados correctamente a ${n}.`,
  nivelError: 'No se pudo actualizar el nivel.',
  nivelesError: (n: number) => `No se pudo actualizar todos los niveles a ${n}.`,
  seleccioneCarga: 'Seleccione la semana/carga',
  // templates
  plantillaYaAsignada: 'La planilla ya tiene asignada una plantilla.',
  plantillaNoAsignada: 'Esta planilla no tiene una plantilla asignada que pueda ser eliminada.',
  seleccionePlantilla: 'Por favor, seleccione una plantilla antes de continuar.',
  plantillaAplicada: (nombre: string, n: number) => `Plantilla ${nombre} aplicada: ${n} elementos agregados.`,
  plantillaEliminada: (n: number) => `Plantilla eliminada: ${n} elementos retirados.`,
  plantillaError: 'Ocurrió un error al realizar la operación.',
  // diagnoses
  diagnosticoConsultaVacia: 'ERROR: Ingrese un valor de consulta Diagnostico',
  diagnosticoNoEncontrado: 'Diagnóstico no encontrado',
  noEncontrado: 'No encontrado',
  errorCargar: 'Error al cargar',
  // audit trail, lists, exports
  sinAuditoria: 'No se encontró auditoría para esta planilla.',
  noHayDatosExportar: 'No hay datos para exportar.',
  sinResultados: 'No se encontraron resultados',
  sinCoincidencias: 'No hay resultados que coincidan.',
  sinArchivos: 'No hay atenciones sin archivos.',
  sinPlanillas: 'No se encontraron planillas para el trámite especificado.',
  errorLista: 'No se pudieron cargar los datos. Por favor, inténtelo de nuevo.',
  parametroIdTramite: 'Parámetro idTramite no definido.',
  parametroIdPlanilla: 'Parámetro idPlanilla no definido.',
  // assignment
  asignacionRealizada: (n: number) => `${n} atenciones asignadas exitosamente.`,
  usuarioNoAsignable: 'El usuario seleccionado no puede recibir esta asignación.',
  asignacionSinSeleccion: 'Seleccione las atenciones o la carga a asignar.',
  asignacionRepartirSinUsuarios: 'Seleccione al menos un usuario para repartir la carga.',
  bitacoraAsignacion: (tipo: 'M' | 'D', n: number, nombres: string) =>
    `Asignación ${tipo === 'M' ? 'de Médico Auditor' : 'de Gestor Documental'}: ${n} atenciones a ${nombres}`,
  bitacoraInicio: MSG_TRAMITE.bitacoraInicio,
} as const;
