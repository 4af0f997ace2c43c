import {
  binaryResponse,
  COLUMNAS_PAGO,
  type ColumnaPago,
  ejemploPagosCsv,
  type FilaPagoEjemplo,
  filasPagoEjemplo,
  ID_TRAMITE_EJEMPLO,
  idCon,
  manualPagos,
  parseFecha,
  responses,
} from '@app/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  archivoExport,
  columnasExport,
  type TipoColumna,
  XLSX_CONTENT_TYPE,
} from '../../lib/tabla-export.ts';
import { renderManualPdf } from '../herramientas/manual-pdf.ts';

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

const ejemploQuerySchema = z.object({
  idTramite: idCon('El ID del trámite debe ser un número entero positivo.').default(ID_TRAMITE_EJEMPLO),
});

/** The payment file's technical manual (page /manual-pagos): its PDF and its example in CSV and Excel, public like the data file's manual. */
export async function manualPagosRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // The default manual never changes while the server runs: render it once.
  let manualPdf: Promise<Buffer> | undefined;
  r.get(
    '/api/v1/manual-pagos.pdf',
    {
      schema: {
        tags: ['ayuda'],
        summary: 'Manual técnico del archivo de pagos (PDF)',
        response: responses({ 200: binaryResponse('application/pdf') }),
      },
    },
    async (_req, reply) => {
      manualPdf ??= renderManualPdf(manualPagos()).catch((e) => {
        manualPdf = undefined;
        throw e;
      });
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', 'inline; filename="manual-archivo-pagos.pdf"')
        .header('cache-control', 'public, max-age=3600')
        .send(await manualPdf);
    },
  );

  r.get(
    '/api/v1/manual-pagos/ejemplo.csv',
    {
      schema: {
        tags: ['ayuda'],
        summary: 'Archivo de pagos de ejemplo en CSV (punto y coma, UTF-8 con BOM)',
        querystring: ejemploQuerySchema,
        response: responses({ 200: binaryResponse('text/csv') }),
      },
    },
    async (req, reply) =>
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="ejemplo-pagos.csv"')
        .send(`\uFEFF${ejemploPagosCsv(req.query.idTramite)}`),
  );

  r.get(
    '/api/v1/manual-pagos/ejemplo.xlsx',
    {
      schema: {
        tags: ['ayuda'],
        summary:
          'Archivo de pagos de ejemplo en Excel (.xlsx, primera hoja; fechas y montos como fechas y números)',
        querystring: ejemploQuerySchema,
        response: responses({ 200: binaryResponse(XLSX_CONTENT_TYPE) }),
      },
    },
    async (req, reply) => {
      const f = archivoExport({
        columnas: COLUMNAS_EJEMPLO_XLSX,
        filas: filasPagoEjemplo(req.query.idTramite),
        formato: 'xlsx',
        nombre: 'ejemplo-pagos',
        hoja: 'Pagos',
      });
      return reply
        .header('content-type', f.contentType)
        .header('content-disposition', `attachment; filename="${f.nombre}"`)
        .send(f.stream);
    },
  );
}
