import { binaryResponse, ERROR_CODE, PERFIL, responses } from '@app/domain';
import {
  MSG_REPORTE,
  REPORTES_PDF,
  reporteEnCursoSchema,
  reportePdfParamsSchema,
  reportePdfQuerySchema,
  tipoDeReporte,
} from '@app/domain/reportes/pdf';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError, badRequest } from '../../lib/errors.ts';
import { contentDisposition, storageFor } from '../../lib/storage/index.ts';
import { getPlanillaForUser } from '../planillas/access.ts';
import { getTramiteForUser } from '../tramites/access.ts';
import { ReportesPdf } from './cache.ts';
import type { Vista } from './datos.ts';

const OPERATIVOS: readonly number[] = [PERFIL.AUDITOR_AM, PERFIL.GESTOR_GD];

/**
 * The procedure reports of spec 001 §7 at the spec's route (decisions 46–48):
 * GET /api/v1/reportes/pdf/{id}/{idTramite}?identificador02={idCarga}&tipo={M|D}&idPlanilla=
 * with id 2 (novelties and observations of a load), 4–9 (observations, answers, both; with the
 * amounts of what they concern), 10 (consolidated attention sheets), 11 (detailed attention sheets).
 * Access: whoever may see the procedure (tramiteScope: the provider's company; the insurer's staff
 * from ENVIADO on); a report of every attention is refused (403) to 18 and 20 unless the procedure
 * is assigned to everybody, and given for one of their own attentions (`idPlanilla`). The PDF is
 * drawn by a background job (decision 78: any worker process, in a worker thread) and kept for the
 * next request while its data does not change; until it is stored the answer is 202 with the job's
 * progress and `Retry-After`, and the client asks again.
 */
export async function reportesPdfRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database;
  const reportes = new ReportesPdf(db, storageFor(app.config), app.jobs);

  r.get(
    '/api/v1/reportes/pdf/:id/:idTramite',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['reportes'],
        summary: 'Reporte PDF de un trámite (2, 4–11)',
        description: Object.entries(REPORTES_PDF)
          .map(([id, d]) => `${id}: ${d.titulo}`)
          .join('; '),
        params: reportePdfParamsSchema,
        querystring: reportePdfQuerySchema,
        response: responses({ 200: binaryResponse('application/pdf'), 202: reporteEnCursoSchema }),
      },
    },
    async (req, reply) => {
      const { id, idTramite } = req.params;
      const { identificador02, idPlanilla } = req.query;
      const t = await getTramiteForUser(db, req.user, idTramite);
      const tipo = tipoDeReporte(id, req.query.tipo);
      if ('error' in tipo) throw badRequest(tipo.error, { tipo: tipo.error });
      if (idPlanilla) {
        // One attention: whoever may open it (18/20 their own ones).
        const { planilla } = await getPlanillaForUser(db, req.user, idPlanilla);
        if (planilla.idTramite !== t.idTramite)
          throw new AppError(404, ERROR_CODE.noEncontrado, MSG_REPORTE.planillaAjena);
      } else if (OPERATIVOS.includes(req.user.idPerfil) && t.tipoAsignacion !== 'T') {
        throw new AppError(403, ERROR_CODE.noAutorizado, MSG_REPORTE.soloAsignacionTodos);
      }
      const clase = REPORTES_PDF[id].clase;
      const vista: Vista =
        clase === 'consolidado' || clase === 'detallado'
          ? '-'
          : req.user.idPerfil === PERFIL.PRESTADOR
            ? 'P'
            : 'A';
      const servido = await reportes.servir({
        reportId: id,
        idTramite: t.idTramite,
        idCarga: identificador02 ?? null,
        idPlanilla: idPlanilla ?? null,
        tipo: tipo.tipo,
        vista,
      });
      if ('enCurso' in servido)
        return reply
          .code(202)
          .header('retry-after', '1')
          .header('cache-control', 'no-store')
          .send(servido.enCurso);
      reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', contentDisposition(servido.nombre, true))
        .header('cache-control', 'no-store')
        .header('x-reporte-origen', servido.origen)
        .header('content-length', servido.tamano);
      return reply.send(servido.stream as never); // a stream: no serializer runs
    },
  );
}
