import { idParams, PERFILES_FINANZAS, pagoCargaSchema, pagosTramiteSchema, responses } from '@app/domain';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fila, sql } from '../../lib/sql.ts';
import { formatoExportSchema, respuestaExport } from '../../lib/tabla-export.ts';
import { getTramiteForUser } from '../tramites/access.ts';
import { ArchivoRechazado, leerArchivo, MAX_BYTES_PAGOS } from './archivo-pagos.ts';
import { manualPagosRoutes } from './manual-pagos.ts';
import { exigirEstado, listarPagos, registrarPagos } from './pagos.ts';
import { reporteFinanciero } from './reporte.ts';

const tags = ['finanzas'];

/**
 * Money leaving the product (issue 15 item 2, docs/spec-summary.md 000 §2 auditor-side actions): the financial report
 * reporte_financiero.csv and the insurer's payment file (`cargafinans`), for 16, 17 and 19 (decision 55);
 * and the payment file's technical manual (page /manual-pagos, its PDF and example), public like the data
 * file's manual (manual-pagos.ts).
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
      const { numero } = await fila<{ numero: string }>(
        db,
        sql`SELECT numero FROM tramite WHERE id_tramite = ${t.idTramite}`,
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

  await app.register(manualPagosRoutes);
}
