import {
  type AtencionCobertura,
  binaryResponse,
  COLUMNAS_DATOS,
  CONSULTA_COBERTURA_PAGE_SIZE,
  type Cobertura,
  coberturaParamsSchema,
  coberturaSchema,
  consultaCoberturaPageSchema,
  consultaCoberturaQuerySchema,
  ejemploCsv,
  ejemploJson,
  filasEjemplo,
  foldText,
  ID_TRAMITE_EJEMPLO,
  idCon,
  type Medicamento,
  manualDatos,
  PERFIL,
  responses,
  VADEMECUM_PAGE_SIZE,
  vademecumPageSchema,
  vademecumQuerySchema,
} from '@app/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { loadExcel } from '../../lib/excel.ts';
import { foldedLike, likePattern } from '../../lib/sql.ts';
import { tramiteScope } from '../tramites/access.ts';
import { renderManualPdf } from './manual-pdf.ts';

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
    async (req) => {
      const { q, page } = req.query;
      // Ordered as a reader expects: 'ÁCIDO FÓLICO' among the A, not after Z (the database may collate by byte).
      const params: unknown[] = [];
      let where = `t.codigo = 'M'`;
      if (q) {
        params.push(likePattern(foldText(q)));
        where += ` AND (${foldedLike('e.nombre', `$${params.length}`)} OR ${foldedLike('e.codigo', `$${params.length}`)})`;
      }
      const from = `FROM elemento e JOIN tipo_elem t ON t.id_tipo_elem = e.id_tipo_elem
                    LEFT JOIN clas_elem c ON c.id_clas_elem = e.id_clas_elem WHERE ${where}`;
      const [{ n }] = await db.query<{ n: number }>(`SELECT count(*)::int AS n ${from}`, params);
      const items = await db.query<Medicamento>(
        `SELECT e.id_elemento AS "idElemento", e.codigo, e.nombre, e.valor::text AS valor, c.nombre AS clasificacion
           ${from} ORDER BY f_unaccent(lower(e.nombre)), e.nombre, e.id_elemento LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
        [...params, VADEMECUM_PAGE_SIZE, (page - 1) * VADEMECUM_PAGE_SIZE],
      );
      return { items, total: n, page, pageSize: VADEMECUM_PAGE_SIZE };
    },
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
    async (req): Promise<Cobertura> => {
      const { cedula } = req.params;
      const scope = tramiteScope(req.user, 2);
      const visibles = `FROM planilla p JOIN tramite t ON t.id_tramite = p.id_tramite
                        JOIN prestador pr ON pr.id_prestador = p.id_prestador
                        WHERE p.cedula = $1 AND p.estado = 1 AND ${scope.sql}`;
      const params = [cedula, ...scope.params];
      const [resumen] = await db.query<{ n: number; ultima: string | null }>(
        `SELECT count(*)::int AS n, max(p.fecha_desde) AS ultima ${visibles}`,
        params,
      );
      const recientes = await db.query<Cobertura['recientes'][number] & { nombre: string }>(
        `SELECT p.id_planilla AS "idPlanilla", p.numero, p.nombre, p.fecha_desde AS "fechaDesde", p.fecha_hasta AS "fechaHasta",
                p.diag1, pr.nombre_comercial AS prestador, t.numero AS tramite
           ${visibles}
          ORDER BY p.fecha_desde DESC, p.id_planilla DESC LIMIT 10`,
        params,
      );
      return {
        cedula,
        nombre: recientes[0]?.nombre ?? null,
        numeroAtenciones: resumen.n,
        ultimaAtencion: resumen.ultima,
        recientes: recientes.map(({ nombre: _n, ...rest }) => rest),
      };
    },
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
    async (req) => {
      const { cedula } = req.params;
      const { idEspecialidad, page } = req.query;
      const scope = tramiteScope(req.user, 2);
      const params: unknown[] = [cedula, ...scope.params];
      const where = [`p.cedula = $1`, `p.estado = 1`, scope.sql];
      if (req.user.idPerfil === PERFIL.PRESTADOR) {
        // The provider's own attentions, read through planilla_dup_idx (id_prestador, cedula, fecha_desde).
        params.push(req.user.idEmpresa);
        where.push(
          `p.id_prestador IN (SELECT id_prestador FROM prestador WHERE id_empresa = $${params.length})`,
        );
      }
      if (idEspecialidad) {
        params.push(idEspecialidad);
        where.push(
          `EXISTS (SELECT 1 FROM medico m WHERE m.documento = p.cedula_medico AND m.id_especialidad = $${params.length})`,
        );
      }
      const from = `FROM planilla p JOIN tramite t ON t.id_tramite = p.id_tramite
                    JOIN prestador pr ON pr.id_prestador = p.id_prestador WHERE ${where.join(' AND ')}`;
      const [{ n }] = await db.query<{ n: number }>(`SELECT count(*)::int AS n ${from}`, params);
      const items = await db.query<AtencionCobertura>(
        `SELECT p.id_planilla AS "idPlanilla", p.id_tramite AS "idTramite", t.numero AS tramite,
                t.estado_tramite AS "estadoTramite", p.numero, p.nombre, p.fecha_desde AS "fechaDesde",
                p.fecha_hasta AS "fechaHasta", p.nombre_medico AS "nombreMedico", p.diag1, pr.nombre_comercial AS prestador
           ${from}
          ORDER BY p.fecha_desde DESC, p.id_planilla DESC LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
        [...params, CONSULTA_COBERTURA_PAGE_SIZE, (page - 1) * CONSULTA_COBERTURA_PAGE_SIZE],
      );
      return { items, total: n, page, pageSize: CONSULTA_COBERTURA_PAGE_SIZE };
    },
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
