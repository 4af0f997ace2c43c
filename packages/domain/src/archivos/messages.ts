import { avanceDocumento } from '../common/avance.ts';
import { formatCount } from '../common/format.ts';
import { MSG_TRAMITE } from '../tramites/messages.ts';

/** Texts of the supporting files (docs/spec-summary.md 000 §5, §8; docs/spec-summary.md 001 §2.7, §8), verbatim where quoted. */
export const MSG_ARCHIVO = {
  carpetaNoSeleccionada: 'No se ha seleccionado la carpeta contenedora.',
  archivoNoPermitido: 'Archivo no permitido',
  archivoNoPermitidoDetalle: (nombre: string, motivo: string) => `${nombre}: ${motivo}`,
  motivoTipo: 'no es un PDF, JPEG ni PNG.',
  motivoTamano: (maxMb: number) => `supera el tamaño permitido (${maxMb} MB).`,
  motivoVacio: 'está vacío.',
  contenidoNoPermitido: (nombre: string) =>
    `Archivo no permitido: el contenido de "${nombre}" no es un PDF, JPEG ni PNG.`,
  archivoVacio: (nombre: string) => `Archivo no permitido: "${nombre}" está vacío.`,
  archivoMuyGrande: (maxMb: number) =>
    `Archivo no permitido: un archivo supera el tamaño máximo de ${maxMb} MB.`,
  demasiadosArchivos: (max: number) =>
    `Se permiten como máximo ${formatCount(max)} archivos por carga. Divida la carpeta en bloques.`,
  limiteCarga: (max: number, existentes: number) =>
    `La carga ya tiene ${formatCount(existentes)} archivos: se permiten como máximo ${formatCount(max)} por carga.`,
  seleccionRango: (max: number) => `Debe seleccionar entre 1 y ${formatCount(max)} archivos.`,
  sugerenciaBloques: 'Si la carpeta tiene más archivos, divídala en bloques y cárguelos por separado.',
  estadoNoPermite: (estado: string) =>
    `No se pueden cargar archivos en un trámite en estado ${estado}: solo en ESTRUCTURADO o DOCUMENTADO.`,
  cargaSinPlanillas:
    'La carga no tiene atenciones médicas organizadas: organícelas antes de cargar sus archivos.',
  cargaNoActiva: 'La carga fue eliminada: no se pueden cargar archivos en ella.',
  // results (docs/spec-summary.md 000 §8)
  cargadosTitulo: 'Archivos cargados correctamente',
  cargadosTexto: (n: number) => `Se cargaron ${formatCount(n) || '0'} archivos.`,
  duplicadosTitulo: 'Archivos duplicados',
  duplicadosTexto: (n: number) =>
    `${formatCount(n)} ${n === 1 ? 'archivo ya estaba cargado' : 'archivos ya estaban cargados'} en la misma atención (mismo contenido).`,
  noEncontradasTitulo: 'Planillas no encontradas',
  noEncontradasTexto: (n: number) =>
    `${formatCount(n)} ${n === 1 ? 'archivo no corresponde' : 'archivos no corresponden'} a ninguna atención de la carga.`,
  rechazadosTitulo: 'Archivos no permitidos',
  bitacoraCarga: (idCarga: number, cargados: number, duplicados: number, noEncontrados: number) =>
    `Carga ${idCarga}: ${cargados} archivos de atenciones cargados (${duplicados} duplicados, ${noEncontrados} sin planilla).`,
  bitacoraDocumentado: MSG_TRAMITE.bitacoraDocumentado,
  bitacoraEliminados: (n: number) => `${n} archivos de atenciones eliminados del almacenamiento.`,
  // lists, preview, downloads
  sinArchivos: 'No hay atenciones sin archivos.',
  sinArchivosPlanilla: 'La atención no tiene archivos cargados.',
  sinArchivosNuevos: 'No se cargaron archivos en el período indicado.',
  noPrevisualizar: 'No se puede previsualizar este tipo de archivo.',
  errorDescarga: 'Error al descargar el archivo',
  nadaQueDescargar: 'No hay archivos cargados para descargar.',
  enlaceInvalido: 'El enlace de descarga no es válido o ha vencido. Vuelva a intentarlo.',
  errorPrevisualizar: 'No se pudo abrir el archivo.',
  fechasInvalidas: 'Ingrese un período válido (fecha inicial anterior o igual a la final, AAAA-MM-DD).',
  archivoNoDisponible: 'El archivo no está disponible en el almacenamiento.',
  /** A ZIP built by a background job (decision 80): the 202 answer's `mensaje`, the dead letter (ZIP_FALLIDO). */
  zip: avanceDocumento('el ZIP'),
} as const;
