import { formatCount, formatDate } from '../common/format.ts';

/** Spanish texts of loads: request answers, ingest failures and per-row reasons. */
export const MSG_CARGA = {
  // request
  recibida: 'Archivo recibido. La carga se está procesando.',
  archivoVacio: 'El archivo está vacío: no contiene filas para cargar.',
  extensionInvalida: 'Solicitud incorrecta: solo se aceptan archivos .json, .csv o .xlsx.',
  formatoNoReconocido:
    'El archivo no es un JSON, un CSV ni un libro de Excel (.xlsx): su contenido es de otro tipo (PDF, imagen, un Excel antiguo .xls...). Si es un libro de Excel antiguo, guárdelo como .xlsx.',
  contenidoInvalido: (formato: string) =>
    `Solicitud incorrecta: el contenido del archivo no corresponde a un archivo ${formato}.`,
  estadoNoPermiteCarga: (estado: string) =>
    `No se puede cargar un archivo de datos en un trámite en estado ${estado}.`,
  fechasFueraTramite: 'Las fechas de la carga deben estar dentro del período del trámite.',
  fechasInvertidas: 'La fecha desde de la carga debe ser anterior o igual a la fecha hasta.',
  fechaInvalida: 'La fecha no es válida: use AAAA-MM-DD.',
  sinSemanas: 'No quedan semanas por cargar dentro del período del trámite.',
  autorizacionInvalida: 'La autorización no pertenece al trámite.',
  // load actions
  enProceso: 'La carga todavía se está procesando. Espere a que termine.',
  soloConErrores: 'Solo se puede eliminar una carga con errores.',
  yaEliminada: 'La carga ya fue eliminada.',
  conErrores: 'No se pueden organizar las atenciones médicas de una carga con errores.',
  yaOrganizada: 'Las atenciones médicas de esta carga ya fueron organizadas.',
  noOrganizable: 'La carga no terminó de procesarse correctamente: no se pueden organizar sus atenciones.',
  estadoNoPermiteOrganizar: (estado: string) =>
    `No se pueden organizar las atenciones médicas de un trámite en estado ${estado}.`,
  // organising as a background job (decision 85): the load's row while its job is queued or runs, its result, the dead letter
  organizando: 'Las atenciones médicas de la carga se están organizando.',
  organizacionReanudada: (intento: number, max: number) =>
    `La organización de las atenciones médicas se reanudó después de una interrupción del servidor (intento ${intento} de ${max}).`,
  organizacionReintentando: (siguiente: number, max: number) =>
    `La organización de las atenciones médicas se interrumpió por un problema temporal del servidor; se reintentará automáticamente (intento ${siguiente} de ${max}).`,
  organizacionAgotada: (intentos: number) =>
    `No se pudieron organizar las atenciones médicas de la carga en ${intentos} intentos por un problema del servidor; no se guardó ninguna atención. Vuelva a organizarlas y, si vuelve a fallar, comuníquese con soporte.`,
  organizacionInterrumpida:
    'La organización de las atenciones médicas se interrumpió; no se guardó ninguna atención. Vuelva a organizarlas.',
  organizadasResumen: (planillas: number, detalles: number, duplicadas: number) =>
    `${formatCount(planillas) || '0'} ${planillas === 1 ? 'atención médica' : 'atenciones médicas'} con ` +
    `${formatCount(detalles) || '0'} ${detalles === 1 ? 'línea' : 'líneas'}; ` +
    `${formatCount(duplicadas) || '0'} ${duplicadas === 1 ? 'marcada' : 'marcadas'} como ${duplicadas === 1 ? 'duplicada' : 'duplicadas'}.`,
  // ingest failures (the carga ends FALLIDA with one of these in obs)
  jsonMalFormado: (detalle: string) => `El archivo JSON está incompleto o mal formado (${detalle}).`,
  jsonNoArreglo: 'El archivo JSON debe contener un arreglo de filas o un objeto con la propiedad "filas".',
  jsonFilaNoObjeto: (n: number) =>
    `El elemento ${n} del archivo JSON no es un objeto con las columnas del manual técnico.`,
  columnasFaltantes: (cols: string[]) => `Faltan columnas en el archivo: ${cols.join(', ')}.`,
  columnasInconsistentes: (linea: number, n: number, esperado: number) =>
    `La línea ${linea} del archivo tiene ${n} columnas y el encabezado ${esperado}: revise los separadores.`,
  csvMalFormado: (linea: number, detalle: string) =>
    `El archivo CSV está mal formado en la línea ${linea} (${detalle}).`,
  excelInvalido: 'El archivo Excel no se pudo leer: verifique que sea un libro .xlsx válido.',
  csvIlegible:
    'El archivo CSV no se pudo leer: verifique que sea un archivo de texto separado por ";" o "," con las columnas del manual técnico.',
  jsonAnidado: (posicion: number) =>
    `El archivo JSON tiene valores anidados más profundos de lo que admite el formato (posición ${posicion}): ` +
    'el archivo es un arreglo de filas (o un objeto con la propiedad "filas") y cada fila es un objeto con valores simples (texto, número, true/false o null).',
  archivoDemasiadoComplejo:
    'El archivo no se pudo procesar: su contenido necesita más memoria de la permitida. Divídalo en archivos más pequeños.',
  baseNoDisponible:
    'Se perdió la conexión con la base de datos mientras se procesaba la carga; no se guardó ninguna fila. Vuelva a cargar el archivo.',
  sinFilas: 'El archivo no contiene filas de datos.',
  interrumpida: 'El procesamiento de la carga se interrumpió. Vuelva a cargar el archivo.',
  inesperado: 'Ocurrió un error inesperado al procesar la carga. Inténtelo de nuevo.',
  // background retries (decision 60): shown while the load waits for its next attempt, and the dead letter
  reintentando: (siguiente: number, max: number) =>
    `El procesamiento de la carga se interrumpió por un problema temporal del servidor; se reintentará automáticamente (intento ${siguiente} de ${max}).`,
  reanudada: (intento: number, max: number) =>
    `El procesamiento de la carga se reanudó después de una interrupción del servidor (intento ${intento} de ${max}).`,
  agotadaConexion: (intentos: number) =>
    `La carga no se pudo procesar en ${intentos} intentos porque se perdió la conexión con la base de datos; no se guardó ninguna fila. Vuelva a cargar el archivo.`,
  agotada: (intentos: number) =>
    `La carga no se pudo procesar en ${intentos} intentos por un error inesperado del servidor; no se guardó ninguna fila. Vuelva a cargar el archivo y, si vuelve a fallar, comuníquese con soporte.`,
  resumen: (registros: number, validos: number, errores: number, novedades: number) =>
    `Archivo procesado: ${formatCount(registros)} registros, ${formatCount(validos)} válidos, ` +
    `${formatCount(errores)} con errores y ${formatCount(novedades)} con novedades.`,
  // per-row reasons
  comillasSueltas: (linea: number) =>
    `Línea ${linea}: el valor tiene comillas (") sin encerrar el campo entre comillas. Encierre el valor entre comillas y duplique las comillas internas (""), o quítelas.`,
  caracterNulo: 'El valor contiene caracteres nulos (código 0), que no son válidos en un archivo de datos.',
  obligatorio: (columna: string, etiqueta: string) => `La columna ${columna} (${etiqueta}) es obligatoria.`,
  muyLargo: (etiqueta: string, max: number) => `${etiqueta} admite como máximo ${max} caracteres.`,
  idTramiteDistinto: (valor: string, idTramite: number) =>
    `El idTramite ${valor} no corresponde al trámite ${idTramite} en el que se carga el archivo.`,
  cedulaDigitos: (quien: string) => `La cédula del ${quien} debe tener 10 dígitos.`,
  cedulaVerificador: (valor: string) =>
    `La cédula del paciente ${valor} tiene un dígito verificador incorrecto.`,
  fechaNoValida: (etiqueta: string, valor: string) =>
    `${etiqueta} "${valor}" no es una fecha válida: use AAAA-MM-DD o dd/MM/aaaa.`,
  fechaFueraPeriodo: (etiqueta: string, fecha: string, desde: string, hasta: string) =>
    `${etiqueta} ${formatDate(fecha)} está fuera del período de la carga (${formatDate(desde)} al ${formatDate(hasta)}).`,
  salidaAntesIngreso: (salida: string, ingreso: string) =>
    `La fecha de salida ${formatDate(salida)} es anterior a la fecha de ingreso ${formatDate(ingreso)}.`,
  atencionFueraEstancia: (fecha: string, ingreso: string, salida: string) =>
    `La fecha de atención ${formatDate(fecha)} no está entre la fecha de ingreso ${formatDate(ingreso)} y la de salida ${formatDate(salida)}.`,
  cie10Formato: (valor: string) =>
    `El código CIE-10 "${valor}" no tiene un formato válido (ejemplos: J06.9, J069, A09X).`,
  lMuerto: 'Paciente fallecido (lMuerto) debe ser S o N.',
  fTarifario: 'El factor tarifario debe ser un número mayor que 0.',
  cantidad: 'La cantidad debe ser un número entero mayor o igual a 1.',
  vSem: 'El valor unitario debe ser un número mayor o igual a 0.',
  vPaciente: 'El valor pagado por el paciente debe ser un número mayor o igual a 0.',
  tipo: 'El tipo de línea debe ser P (procedimiento), M (medicamento), I (insumo), L (laboratorio) o X (imagen).',
  // set-based checks (run in SQL; the texts are built there with the same wording)
  cie10Inexistente: (valor: string) => `El código CIE-10 ${valor} no existe en el catálogo de diagnósticos.`,
  servicioInexistente: (valor: string) =>
    `El código de servicio ${valor} no existe en el tarifario ni en las equivalencias del prestador.`,
  precioDistinto: (valor: string, tarifa: string) =>
    `El valor unitario ${valor} difiere del tarifario del prestador (${tarifa}).`,
  planillaInconsistente: (noPlanilla: string, etiqueta: string, fila: number | string) =>
    `Las filas de la planilla ${noPlanilla} no coinciden: ${etiqueta} difiere de la fila ${fila}.`,
} as const;
