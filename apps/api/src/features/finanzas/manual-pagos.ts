import {
  COLUMNAS_PAGO,
  type ColumnaPago,
  ejemploPagosCsv,
  type FilaPagoEjemplo,
  filasPagoEjemplo,
  manualPagos,
  parseFecha,
} from '@app/domain';
import type { FastifyInstance } from 'fastify';
import {
  archivoExport,
  columnasExport,
  type TipoColumna,
  XLSX_CONTENT_TYPE,
} from '../../lib/tabla-export.ts';
import { registrarManualTecnico } from '../herramientas/manual-routes.ts';

/** The example in Excel: the manual's columns as headers, dates and amounts typed as a spreadsheet keeps them. */
const TIPO_COLUMNA_PAGO: Record<ColumnaPago, TipoColumna> = {
  idTramite: 'entero',
  noPlanilla: 'texto',
  noServicio: 'texto',
  fechaAtencion: 'fecha',
  valorPagado: 'monto',
  fechaPago: 'fecha',
  referencia: 'texto',
};
const COLUMNAS_EJEMPLO_XLSX = columnasExport<FilaPagoEjemplo>(
  COLUMNAS_PAGO.map((c) => ({
    titulo: c,
    tipo: TIPO_COLUMNA_PAGO[c],
    valor: (f: FilaPagoEjemplo) =>
      TIPO_COLUMNA_PAGO[c] === 'fecha'
        ? parseFecha(f[c])
        : TIPO_COLUMNA_PAGO[c] === 'monto'
          ? f[c].replace(',', '.')
          : f[c],
  })),
);

/** The payment file's technical manual (page /manual-pagos): its PDF and its example in CSV and Excel, public like the data file's manual. */
export async function manualPagosRoutes(app: FastifyInstance) {
  registrarManualTecnico(app, {
    ruta: 'manual-pagos',
    summary: 'Manual técnico del archivo de pagos (PDF)',
    nombrePdf: 'manual-archivo-pagos.pdf',
    manual: () => manualPagos(),
    ejemplos: [
      {
        formato: 'csv',
        summary: 'Archivo de pagos de ejemplo en CSV (punto y coma, UTF-8 con BOM)',
        mime: 'text/csv',
        archivo: (idTramite) => ({
          contentType: 'text/csv; charset=utf-8',
          nombre: 'ejemplo-pagos.csv',
          cuerpo: `\uFEFF${ejemploPagosCsv(idTramite)}`,
        }),
      },
      {
        formato: 'xlsx',
        summary:
          'Archivo de pagos de ejemplo en Excel (.xlsx, primera hoja; fechas y montos como fechas y números)',
        mime: XLSX_CONTENT_TYPE,
        archivo: (idTramite) => {
          const f = archivoExport({
            columnas: COLUMNAS_EJEMPLO_XLSX,
            filas: filasPagoEjemplo(idTramite),
            formato: 'xlsx',
            nombre: 'ejemplo-pagos',
            hoja: 'Pagos',
          });
          return { contentType: f.contentType, nombre: f.nombre, cuerpo: f.stream };
        },
      },
    ],
  });
}
