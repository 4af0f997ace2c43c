import { formatMoneyText } from '@app/domain/detalles/money';
import type { TipoReporte } from '@app/domain/reportes/pdf';
import type { ColumnaPdf } from '../../lib/pdf-tabla.ts';

/*
 * What the report models share (modelos.ts): the messages the event loop sends the report worker
 * (the report's start, its batches of rows, the summary read before them) and the money columns.
 */

/** In reports the type is shown as P (procedure, medical audit) or D (document): spec 001 §1. */
export const LETRA: Record<TipoReporte, string> = { M: 'P', D: 'D' };
export const TIPO_TEXTO: Record<TipoReporte, string> = { M: 'Auditoría Médica', D: 'Gestión Documental' };

/** Money columns: claimed, approved, objected; right-aligned, `1.234,56`. */
export const DINERO: ColumnaPdf[] = [
  { header: 'Reclamado', width: 52, align: 'right' },
  { header: 'Aprobado', width: 52, align: 'right' },
  { header: 'Glosa', width: 52, align: 'right' },
];
export const m = (v: string | null | undefined) => formatMoneyText(v ?? '0');

export type Importes = { n: number; reclamado: string; aprobado: string; glosa: string };

// ---- what the event loop sends -------------------------------------------------------------------

/** The first message: everything but the rows and the totals. */
export type InicioReporte = {
  reportId: number;
  tipo: TipoReporte | null;
  titulo: string;
  empresa: string;
  logo: string | null;
  /** Procedure, provider, period, load, attention: printed under the title. */
  cabecera: string[];
  /** The report lists several loads (no `identificador02`): a load column / heading rows. */
  variasCargas: boolean;
  generado: string;
};

export type FilaObs = {
  nivel: 'PLANILLA' | 'DETALLE';
  numero: string;
  cedula: string;
  paciente: string;
  fechaAtencion: string | null;
  codigo: string | null;
  detalle: string | null;
  observacion: string;
  complementaria: string | null;
  respuestaEstandar: string | null;
  respuesta: string | null;
  respondida: boolean;
  fechaReg: Date | string;
  fechaAct: Date | string | null;
  usuario: string | null;
  /** The observed line's amounts, or the attention's totals for an observation on the attention. */
  reclamado: string;
  aprobado: string;
  glosa: string;
};

export type FilaNovedad = {
  cargaDesde: string;
  cargaHasta: string;
  fila: number | null;
  columna: string | null;
  valor: string | null;
  mensaje: string;
};

export type FilaAtencion = {
  idPlanilla: number;
  idCarga: number;
  numero: string;
  cedula: string;
  paciente: string;
  fechaDesde: string;
  fechaHasta: string;
  diagnosticos: string;
  medico: string | null;
  nivel: number;
  estadoAud: string;
  estadoDoc: string;
  lineas: number;
  reclamado: string;
  aprobado: string;
  glosa: string;
};

export type FilaLinea = {
  idPlanilla: number;
  fechaAtencion: string | null;
  codigo: string;
  descripcion: string | null;
  cantidad: number;
  cantidadAprobada: number;
  valorUni: string;
  reclamado: string;
  aprobado: string;
  glosa: string;
  estado: number;
};

/** Totals of one load of the procedure (the headings of reports 10 and 11). */
export type TotalCarga = Importes & { idCarga: number; desde: string; hasta: string; lineas: number };

/** Rows, in order, of one section. */
export type LoteReporte =
  | { t: 'obs'; filas: FilaObs[] }
  | { t: 'novedades'; filas: FilaNovedad[] }
  | { t: 'atenciones'; atenciones: FilaAtencion[]; lineas: FilaLinea[] };

/**
 * What the subtitle and the closing rows need, read before the rows (the document is drawn as the
 * rows arrive): the counts and totals, and how many rows the cap leaves out.
 */
export type CierreReporte = {
  /** Rows the data had beyond the cap (a note says so). */
  omitidas: number;
  limite: number;
  obs?: {
    observaciones: number;
    respondidas: number;
    detalles: Importes;
    atenciones: Importes;
    alcance: Importes & { etiqueta: string };
  };
  novedades?: number;
  atenciones?: { total: Importes & { lineas: number }; cargas: TotalCarga[]; etiqueta: string };
};
