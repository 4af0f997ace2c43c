import {
  binaryResponse,
  COLUMNAS_DATOS,
  coberturaParamsSchema,
  coberturaSchema,
  consultaCoberturaPageSchema,
  consultaCoberturaQuerySchema,
  ejemploCsv,
  ejemploJson,
  filasEjemplo,
  ID_TRAMITE_EJEMPLO,
  idCon,
  manualDatos,
  responses,
  vademecumPageSchema,
  vademecumQuerySchema,
} from '@app/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { loadExcel } from '../../lib/excel.ts';
import { renderManualPdf } from './manual-pdf.ts';
import { atencionesCobertura, cobertura, vademecum } from './queries.ts';

const ejemploQuerySchema = z.object({
  idTramite: idCon('El ID del trámite debe ser un número entero positivo.').default(ID_TRAMITE_EJEMPLO),
});

const attachment = (name: string) => `attachment; filename="${name}"`;

/**
 * Tools of the user drawer (Vademecum, Consulta Cobertura) and the technical manual of the data file
 * (page /manual-datos, PDF and example files). The manual and its examples are public: they hold no
 * data, the upload dialog links to them, and providers' integrators read them without a session.
 */
export async function herramientasRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database;

  r.get(
    '/api/v1/herramientas/vademecum',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['herramientas'],
        summary:
          'Vademécum: medicamentos (elementos de tipo M), búsqueda sin tildes ni mayúsculas, 10 por página',
        querystring: vademecumQuerySchema,
        response: responses({ 200: vademecumPageSchema }),
      },
    },
    async (req) => vademecum(db, req.query),
  );

  r.get(
    '/api/v1/herramientas/cobertura/:cedula',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['herramientas'],
        summary:
          'Consulta de cobertura: atenciones del paciente visibles para el usuario (prestador: su empresa; aseguradora: su suscripción)',
        params: coberturaParamsSchema,
        response: responses({ 200: coberturaSchema }),
      },
    },
    async (req) => cobertura(db, req.user, req.params.cedula),
  );

  r.get(
    '/api/v1/herramientas/cobertura/:cedula/atenciones',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['herramientas'],
        summary:
          'Consulta de cobertura (spec 001 §2.7): todas las atenciones del paciente visibles para el usuario, por cédula o cédula y especialidad del médico, 10 por página',
        params: coberturaParamsSchema,
        querystring: consultaCoberturaQuerySchema,
        response: responses({ 200: consultaCoberturaPageSchema }),
      },
    },
    async (req) => atencionesCobertura(db, req.user, req.params.cedula, req.query),
  );

  // The default manual never changes while the server runs: render it once.
  let manualPdf: Promise<Buffer> | undefined;
  r.get(
    '/api/v1/manual-datos.pdf',
    {
      schema: {
        tags: ['ayuda'],
        summary: 'Manual técnico del archivo de datos (PDF)',
        response: responses({ 200: binaryResponse('application/pdf') }),
      },
    },
    async (_req, reply) => {
      manualPdf ??= renderManualPdf(manualDatos({ maxMb: app.config.UPLOAD_MAX_MB })).catch((e) => {
        manualPdf = undefined;
        throw e;
      });
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', 'inline; filename="manual-archivo-datos.pdf"')
        .header('cache-control', 'public, max-age=3600')
        .send(await manualPdf);
    },
  );

  r.get(
    '/api/v1/manual-datos/ejemplo.csv',
    {
      schema: {
        tags: ['ayuda'],
        summary: 'Archivo de datos de ejemplo en CSV (punto y coma, UTF-8 con BOM)',
        querystring: ejemploQuerySchema,
        response: responses({ 200: binaryResponse('text/csv') }),
      },
    },
    async (req, reply) =>
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', attachment('ejemplo-datos.csv'))
        // The BOM lets Excel open the accents correctly; the ingest accepts it with or without.
        .send(`\uFEFF${ejemploCsv(req.query.idTramite)}`),
  );

  r.get(
    '/api/v1/manual-datos/ejemplo.json',
    {
      schema: {
        tags: ['ayuda'],
        summary: 'Archivo de datos de ejemplo en JSON',
        querystring: ejemploQuerySchema,
        response: responses({ 200: binaryResponse('application/json') }),
      },
    },
    async (req, reply) =>
      reply
        .header('content-type', 'application/json; charset=utf-8')
        .header('content-disposition', attachment('ejemplo-datos.json'))
        .send(ejemploJson(req.query.idTramite)),
  );

  r.get(
    '/api/v1/manual-datos/ejemplo.xlsx',
    {
      schema: {
        tags: ['ayuda'],
        summary: 'Archivo de datos de ejemplo en Excel (.xlsx, primera hoja)',
        querystring: ejemploQuerySchema,
        response: responses({
          200: binaryResponse('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'),
        }),
      },
    },
    async (req, reply) => {
      const wb = new (await loadExcel()).Workbook();
      wb.creator = 'Auditoría Médica';
      const ws = wb.addWorksheet('Atenciones');
      ws.addRow([...COLUMNAS_DATOS]).font = { bold: true };
      // Every cell as text, so cédulas keep their leading zero and dates read the same as in the CSV.
      for (const f of filasEjemplo(req.query.idTramite)) ws.addRow(COLUMNAS_DATOS.map((c) => f[c] || null));
      ws.columns.forEach((col) => {
        col.numFmt = '@';
        col.width = 16;
      });
      const buf = Buffer.from(await wb.xlsx.writeBuffer());
      return reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', attachment('ejemplo-datos.xlsx'))
        .send(buf);
    },
  );
}
