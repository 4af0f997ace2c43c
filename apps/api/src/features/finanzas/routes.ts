import {
  binaryResponse,
  COLUMNAS_PAGO,
  type ColumnaPago,
  ejemploPagosCsv,
  type FilaPagoEjemplo,
  filasPagoEjemplo,
  ID_TRAMITE_EJEMPLO,
  idCon,
  idParams,
  MSG_FINANZAS,
  manualPagos,
  PERFILES_FINANZAS,
  pagoCargaSchema,
  pagosTramiteSchema,
  parseFecha,
  responses,
} from '@app/domain';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, badRequest } from '../../lib/errors.ts';
import {
  archivoExport,
  columnasExport,
  formatoExportSchema,
  respuestaExport,
  type TipoColumna,
  XLSX_CONTENT_TYPE,
} from '../../lib/tabla-export.ts';
import { renderManualPdf } from '../herramientas/manual-pdf.ts';
import { getTramiteForUser } from '../tramites/access.ts';
import { type ArchivoPagos, ArchivoRechazado, exigirEstado, listarPagos, registrarPagos } from './pagos.ts';
import { reporteFinanciero } from './reporte.ts';

const tags = ['finanzas'];
/** A payment file is a few rows per attention: 10 MB is some 100,000 rows. */
const MAX_BYTES_PAGOS = 10 * 1024 * 1024;

/** The multipart form of docs/spec-summary.md 000 §7 `cargafinans/upload`: `archivo` and `fechaModificacion` (ms or ISO). */
async function leerArchivo(req: FastifyRequest): Promise<ArchivoPagos> {
  if (!req.isMultipart()) throw badRequest(MSG_FINANZAS.sinArchivo, { archivo: MSG_FINANZAS.sinArchivo });
  let buffer: Buffer | null = null;
  let nombre = '';
  let fechaModificacion: Date | null = null;
  try {
    for await (const part of req.parts({ limits: { fileSize: MAX_BYTES_PAGOS, files: 1, fields: 5 } })) {
      if (part.type === 'file') {
        if (part.fieldname !== 'archivo' || buffer) {
          await part.toBuffer();
          continue;
        }
        nombre = part.filename;
        buffer = await part.toBuffer();
      } else if (
        part.fieldname === 'fechaModificacion' &&
        typeof part.value === 'string' &&
        part.value.trim()
      ) {
        const v = part.value.trim();
        const d = /^\d+$/.test(v) ? new Date(Number(v)) : new Date(v);
        if (Number.isNaN(d.getTime()) || d.getUTCFullYear() < 1970 || d.getUTCFullYear() > 9999)
          throw badRequest(MSG_FINANZAS.fechaModificacionInvalida, {
            fechaModificacion: MSG_FINANZAS.fechaModificacionInvalida,
          });
        fechaModificacion = d;
      }
    }
  } catch (e) {
    const err = e as { code?: string; statusCode?: number };
    if (err.code === 'FST_REQ_FILE_TOO_LARGE' || err.statusCode === 413)
      throw new AppError(413, 'ARCHIVO_MUY_GRANDE', 'El archivo de pagos excede el tamaño máximo de 10 MB.');
    throw e;
  }
  if (!buffer || buffer.length === 0)
    throw badRequest(MSG_FINANZAS.sinArchivo, { archivo: MSG_FINANZAS.sinArchivo });
  return { buffer, nombre, fechaModificacion };
}

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

/**
 * Money leaving the product (issue 15 item 2, docs/spec-summary.md 000 §2 auditor-side actions): the financial report
 * reporte_financiero.csv and the insurer's payment file (`cargafinans`), for 16, 17 and 19 (decision 55);
 * and the payment file's technical manual (page /manual-pagos, its PDF and example), public like the data
 * file's manual.
 */
export async function finanzasRoutes(app: FastifyInstance) {
  if (!app.hasContentTypeParser('multipart/form-data')) {
    await app.register(multipart, { limits: { fileSize: MAX_BYTES_PAGOS, files: 1 } });
  }
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database;
  const finanzas = {
    onRequest: [app.authenticate],
    preValidation: [app.requireProfile(...PERFILES_FINANZAS)],
  };

  r.get(
    '/api/v1/tramites/:id/reporte-financiero',
    {
      ...finanzas,
      schema: {
        tags,
        summary:
          'Reporte financiero del trámite (reporte_financiero.csv, o reporte_financiero.xlsx con formato=xlsx)',
        description:
          'Una fila por línea de las atenciones activas: trámite, carga, planilla, paciente, fecha, código, cantidad, ' +
          'valor unitario, reclamado, aprobado, glosa, motivo de glosa, pagado y pendiente de pago. CSV separado por ' +
          'punto y coma, UTF-8 con BOM, montos con coma decimal; en Excel, fechas y montos como fechas y números. ' +
          'Perfiles 16, 17 y 19.',
        params: idParams,
        querystring: z.object({ formato: formatoExportSchema }),
        response: responses({ 200: respuestaExport() }),
      },
    },
    async (req, reply) => {
      const t = await getTramiteForUser(db, req.user, req.params.id, { completo: true });
      const [{ numero }] = await db.query<{ numero: string }>(
        'SELECT numero FROM tramite WHERE id_tramite = $1',
        [t.idTramite],
      );
      const f = await reporteFinanciero(db, t.idTramite, numero, req.query.formato);
      return reply
        .header('content-type', f.contentType)
        .header('content-disposition', `attachment; filename="${f.nombre}"`)
        .send(f.stream);
    },
  );

  r.get(
    '/api/v1/tramites/:id/pagos',
    {
      ...finanzas,
      schema: {
        tags,
        summary: 'Archivos de pagos cargados en el trámite y su saldo (aprobado, pagado, pendiente)',
        params: idParams,
        response: responses({ 200: pagosTramiteSchema }),
      },
    },
    async (req) => {
      const t = await getTramiteForUser(db, req.user, req.params.id, { completo: true });
      return listarPagos(db, t.idTramite);
    },
  );

  r.post(
    '/api/v1/tramites/:id/pagos',
    {
      ...finanzas,
      schema: {
        tags,
        summary: 'Cargar el archivo de pagos de la aseguradora (cargafinans)',
        description:
          'multipart/form-data: `archivo` (.csv del manual del archivo de pagos, /manual-pagos) y `fechaModificacion` ' +
          '(opcional: la fecha de modificación del archivo, milisegundos o ISO). Solo con el trámite FINALIZADO (409). ' +
          'Todo o nada: con una fila con errores no se registra ningún pago y la respuesta 400 trae `error.detalles` por ' +
          'fila; el mismo archivo dos veces es 409. La respuesta 201 informa las diferencias fila por fila.',
        params: idParams,
        consumes: ['multipart/form-data'],
        response: responses({ 201: pagoCargaSchema }),
      },
    },
    async (req, reply) => {
      const t = await getTramiteForUser(db, req.user, req.params.id);
      exigirEstado(t.estadoTramite, req.user.idPerfil);
      const archivo = await leerArchivo(req);
      try {
        return reply.code(201).send(await registrarPagos(db, req.user, t.idTramite, archivo));
      } catch (e) {
        if (e instanceof ArchivoRechazado) return reply.code(400).send(e.envelope());
        throw e;
      }
    },
  );

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
