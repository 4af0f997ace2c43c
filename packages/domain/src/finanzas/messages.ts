import { formatDate, formatMoney } from '../common/format.ts';

/** Spanish texts of the financial report and the payment file (docs/spec-summary.md 000 §8, 001 §8; decisions 55–56). */
export const MSG_FINANZAS = {
  // Spec texts (verbatim).
  sinArchivo: 'No se ha seleccionado ningún archivo para cargar.',
  procesando: 'Procesando...',
  cargaExitosaTitulo: 'Archivos cargados correctamente',
  errorTitulo: 'Error',
  errorCarga: 'Hubo un error al cargar los archivos. Inténtelo de nuevo.',
  errorDescarga: 'Error al descargar el archivo',
  noHayDatosExportar: 'No hay datos para exportar.',

  // The file as a whole.
  tipoInvalido:
    'El archivo de pagos debe ser un archivo .csv de texto (separado por punto y coma o coma) o un libro de Excel (.xlsx).',
  excelInvalido: 'El archivo de pagos no es un libro de Excel (.xlsx) válido.',
  archivoVacio: 'El archivo de pagos no tiene filas de pagos.',
  csvMalFormado: 'el archivo no es un CSV válido (comillas o separadores mal cerrados).',
  faltanColumnas: (cols: string) => `Faltan columnas obligatorias en el encabezado: ${cols}.`,
  columnasDesconocidas: (cols: string) =>
    `Columnas desconocidas en el encabezado: ${cols}. Use solo las columnas del manual del archivo de pagos.`,
  columnasRepetidas: (cols: string) => `Columnas repetidas en el encabezado: ${cols}.`,
  conErrores: (filas: number) =>
    `El archivo de pagos tiene errores en ${filas} ${filas === 1 ? 'fila' : 'filas'}; no se registró ningún pago.`,
  yaCargado: (nombre: string, fecha: string) =>
    `Este archivo de pagos ya fue cargado en el trámite el ${formatDate(fecha)} (${nombre}); no se registró ningún pago.`,
  estadoNoPermitido: (estado: string) =>
    `El archivo de pagos solo se carga cuando el trámite está FINALIZADO (estado actual: ${estado}).`,
  pagosRegistrados: (filas: number, total: string) =>
    `${filas === 1 ? 'Se registró 1 pago' : `Se registraron ${filas} pagos`} por ${formatMoney(total)}.`,
  fechaModificacionInvalida: 'La fecha de modificación del archivo no es válida.',

  // One row (prefixed with 'Fila n: ').
  columnasFila: (n: number, header: number) => `tiene ${n} columnas y el encabezado ${header}.`,
  requerido: (etiqueta: string, columna: string) => `falta ${etiqueta} (${columna}).`,
  tramiteDistinto: (valor: string, idTramite: number) =>
    `el ID del trámite ${valor} no corresponde al trámite ${idTramite} en el que se carga el archivo.`,
  noEsNumero: (etiqueta: string, valor: string) =>
    `${etiqueta} "${valor}" no es un número (escriba por ejemplo 25.50 o 25,50, sin separador de miles).`,
  negativo: (etiqueta: string) => `${etiqueta} no puede ser negativo.`,
  decimales: (etiqueta: string, valor: string) => `${etiqueta} "${valor}" tiene más de 2 decimales.`,
  muyGrande: (etiqueta: string) => `${etiqueta} excede el máximo permitido.`,
  fechaInvalida: (etiqueta: string, valor: string) =>
    `${etiqueta} "${valor}" no es una fecha válida (AAAA-MM-DD o dd/MM/aaaa).`,
  fechaSinCodigo: 'la fecha de atención solo se usa junto con el código de servicio (noServicio).',
  muyLargo: (etiqueta: string, max: number) => `${etiqueta} tiene más de ${max} caracteres.`,
  planillaNoExiste: (numero: string) => `la planilla ${numero} no existe en el trámite o está anulada.`,
  planillaAmbigua: (numero: string) =>
    `el número de planilla ${numero} corresponde a más de una atención activa del trámite.`,
  lineaNoExiste: (numero: string, codigo: string, fecha: string | null) =>
    `la planilla ${numero} no tiene una línea activa con el código ${codigo}${fecha ? ` y fecha de atención ${formatDate(fecha)}` : ''}.`,
  pagadoMayor: (pagado: string, pendiente: string, aprobado: string, pagadoAntes: string) =>
    `el valor pagado ${formatMoney(pagado)} supera el valor aprobado pendiente de pago ${formatMoney(pendiente)} ` +
    `(aprobado ${formatMoney(aprobado)}, ya pagado ${formatMoney(pagadoAntes)}).`,

  // Web.
  botonFinanzas: 'Finanzas',
  descargarReporte: 'Reporte financiero (CSV)',
  descargarReporteExcel: 'Reporte financiero (Excel)',
  cargarPagos: 'Cargar archivo de pagos',
  exportarFhir: 'Exportar FHIR (JSON)',
  cargarSoloFinalizado: 'Disponible cuando el trámite está FINALIZADO.',
  sinDiferencias: 'Todos los pagos coinciden con el valor aprobado.',
} as const;

/** Line kind of the glosa reason when a line was switched off without an observation. */
export const MOTIVO_DETALLE_INACTIVO = 'DETALLE DESACTIVADO POR LA AUDITORÍA';
