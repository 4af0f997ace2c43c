/**
 * The insurer's payment file (`cargafinans`, docs/spec-summary.md 000 §2 'upload a financial file'; decision 55): one row
 * per payment of an attention or of one of its lines. Declared once here: the parser, the validator,
 * the technical manual page (/manual-pagos), its PDF and its example read this list.
 */
export const COLUMNAS_PAGO = [
  'idTramite',
  'noPlanilla',
  'noServicio',
  'fechaAtencion',
  'valorPagado',
  'fechaPago',
  'referencia',
] as const;

export type ColumnaPago = (typeof COLUMNAS_PAGO)[number];

export type ColumnaManualPago = {
  columna: ColumnaPago;
  /** Spanish name used in messages. */
  etiqueta: string;
  significado: string;
  regla: string;
  obligatorio: boolean;
  maxLength?: number;
};

/** Longest payment reference kept (a transfer or voucher number). */
export const MAX_REFERENCIA_PAGO = 60;

export const MANUAL_COLUMNAS_PAGO: readonly ColumnaManualPago[] = [
  {
    columna: 'idTramite',
    etiqueta: 'ID del trámite',
    significado: 'Número interno del trámite cuyas atenciones se pagan (el mismo del archivo de datos).',
    regla: 'Obligatorio; igual al trámite en el que se carga el archivo.',
    obligatorio: true,
  },
  {
    columna: 'noPlanilla',
    etiqueta: 'Número de planilla',
    significado:
      'Número de la atención pagada, como aparece en el archivo de datos y en el reporte financiero.',
    regla: 'Obligatorio; una atención activa (no anulada) del trámite.',
    obligatorio: true,
    maxLength: 40,
  },
  {
    columna: 'noServicio',
    etiqueta: 'Código de servicio',
    significado:
      'Código de la línea pagada: el código del tarifario (TPSNS) o el código propio del prestador, como en el archivo de datos.',
    regla:
      'Opcional; vacío, el pago es de la atención completa. Si se informa, la atención debe tener una línea activa con ese código.',
    obligatorio: false,
    maxLength: 30,
  },
  {
    columna: 'fechaAtencion',
    etiqueta: 'Fecha de atención',
    significado: 'Fecha del servicio de la línea pagada.',
    regla:
      'Opcional, solo junto con el código de servicio; AAAA-MM-DD o dd/MM/aaaa. Distingue líneas con el mismo código en fechas distintas.',
    obligatorio: false,
  },
  {
    columna: 'valorPagado',
    etiqueta: 'Valor pagado',
    significado: 'Monto pagado en dólares (USD).',
    regla:
      'Obligatorio; número mayor o igual a 0 con hasta 2 decimales, punto o coma decimal y sin separador de miles (25.50 o 25,50). No puede superar el valor aprobado pendiente de pago.',
    obligatorio: true,
  },
  {
    columna: 'fechaPago',
    etiqueta: 'Fecha de pago',
    significado: 'Fecha en que la aseguradora realizó el pago.',
    regla: 'Opcional; AAAA-MM-DD o dd/MM/aaaa; vacía toma la fecha de la carga.',
    obligatorio: false,
  },
  {
    columna: 'referencia',
    etiqueta: 'Referencia',
    significado: 'Número de transferencia, cheque o comprobante del pago.',
    regla: 'Opcional.',
    obligatorio: false,
    maxLength: MAX_REFERENCIA_PAGO,
  },
];

export const COLUMNAS_PAGO_REQUERIDAS: readonly ColumnaPago[] = MANUAL_COLUMNAS_PAGO.filter(
  (c) => c.obligatorio,
).map((c) => c.columna);

export const ETIQUETA_COLUMNA_PAGO = Object.fromEntries(
  MANUAL_COLUMNAS_PAGO.map((c) => [c.columna, c.etiqueta]),
) as Record<ColumnaPago, string>;

/** Header → column, case-insensitive and without a BOM (`VALORPAGADO` is `valorPagado`). */
const BY_LOWER = new Map<string, ColumnaPago>(COLUMNAS_PAGO.map((c) => [c.toLowerCase(), c]));
export function columnaPagoDe(header: string): ColumnaPago | undefined {
  return BY_LOWER.get(
    header
      .replace(/^\uFEFF/, '')
      .trim()
      .toLowerCase(),
  );
}

/**
 * Headers of reporte_financiero.csv (docs/spec-summary.md 000 §7 `vw-reporte-finan/csv-por-tramite`): one row per line
 * item of the procedure's active attentions, in this order.
 */
export const COLUMNAS_REPORTE_FINANCIERO = [
  'Trámite',
  'Carga',
  'Planilla',
  'Cédula',
  'Paciente',
  'Fecha de atención',
  'Código',
  'Descripción',
  'Cantidad',
  'Valor unitario',
  'Reclamado',
  'Aprobado',
  'Glosa',
  'Motivo de glosa',
  'Pagado',
  'Pendiente de pago',
] as const;

/** File name of the financial report (docs/spec-summary.md 001 §7). */
export const NOMBRE_REPORTE_FINANCIERO = 'reporte_financiero.csv';
