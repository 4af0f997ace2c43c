import {
  COLUMNAS_DATOS,
  coberturaParamsSchema,
  coberturaSchema,
  consultaCoberturaPageSchema,
  consultaCoberturaQuerySchema,
  ejemploCsv,
  ejemploJson,
  filasEjemplo,
  manualDatos,
  responses,
  vademecumPageSchema,
  vademecumQuerySchema,
} from '@app/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { loadExcel } from '../../lib/excel.ts';
import { XLSX_CONTENT_TYPE } from '../../lib/tabla-export.ts';
import { registrarManualTecnico } from './manual-routes.ts';
import { atencionesCobertura, cobertura, vademecum } from './queries.ts';

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

  registrarManualTecnico(app, {
    ruta: 'manual-datos',
    summary: 'Manual técnico del archivo de datos (PDF)',
    nombrePdf: 'manual-archivo-datos.pdf',
    manual: () => manualDatos({ maxMb: app.config.UPLOAD_MAX_MB }),
    ejemplos: [
      {
        formato: 'csv',
        summary: 'Archivo de datos de ejemplo en CSV (punto y coma, UTF-8 con BOM)',
        mime: 'text/csv',
        archivo: (idTramite) => ({
          contentType: 'text/csv; charset=utf-8',
          nombre: 'ejemplo-datos.csv',
          // The BOM lets Excel open the accents correctly; the ingest accepts it with or without.
          cuerpo: `\uFEFF${ejemploCsv(idTramite)}`,
        }),
      },
      {
        formato: 'json',
        summary: 'Archivo de datos de ejemplo en JSON',
        mime: 'application/json',
        archivo: (idTramite) => ({
          contentType: 'application/json; charset=utf-8',
          nombre: 'ejemplo-datos.json',
          cuerpo: ejemploJson(idTramite),
        }),
      },
      {
        formato: 'xlsx',
        summary: 'Archivo de datos de ejemplo en Excel (.xlsx, primera hoja)',
        mime: XLSX_CONTENT_TYPE,
        archivo: async (idTramite) => ({
          contentType: XLSX_CONTENT_TYPE,
          nombre: 'ejemplo-datos.xlsx',
          cuerpo: await ejemploDatosXlsx(idTramite),
        }),
      },
    ],
  });
}

/** The example data file in Excel: the manual's columns as headers, every cell as text. */
async function ejemploDatosXlsx(idTramite: number): Promise<Buffer> {
  const wb = new (await loadExcel()).Workbook();
  wb.creator = 'Auditoría Médica';
  const ws = wb.addWorksheet('Atenciones');
  ws.addRow([...COLUMNAS_DATOS]).font = { bold: true };
  // Every cell as text, so cédulas keep their leading zero and dates read the same as in the CSV.
  for (const f of filasEjemplo(idTramite)) ws.addRow(COLUMNAS_DATOS.map((c) => f[c] || null));
  ws.columns.forEach((col) => {
    col.numFmt = '@';
    col.width = 16;
  });
  return Buffer.from(await wb.xlsx.writeBuffer());
}
