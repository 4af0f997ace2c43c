import { binaryResponse, idSchema, responses } from '@app/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest } from '../../lib/errors.ts';
import { getTramiteForUser } from '../tramites/access.ts';
import { REPORTE_IDS, REPORTES, renderReporteObservaciones } from './report.ts';

const tags = ['reportes'];

/** `identificador02` is the load (spec 001 §7); `tipo` is implied by the report id and, if sent, must match. */
const querySchema = z.object({
  identificador02: idSchema.optional(),
  tipo: z.enum(['M', 'D'], { error: 'El tipo de observación debe ser M o D.' }).optional(),
});

/**
 * PDF reports 4–9 (observations and answers of a procedure) at the spec's route
 * /reportes/pdf/{reportId}/{idTramite}?identificador02={idCarga}&tipo=. One static route per report
 * id, so the family can grow other ids (1, 2, 10, 11) in other features without clashing.
 * Access: whoever may see the procedure (provider of its company, insurer staff of its
 * subscription); anything else is 404.
 */
export async function reportesObservacionesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database;

  for (const reportId of REPORTE_IDS) {
    const def = REPORTES[reportId];
    r.get(
      `/api/v1/reportes/pdf/${reportId}/:idTramite`,
      {
        onRequest: [app.authenticate],
        schema: {
          tags,
          summary: `Reporte ${reportId}: ${def.titulo} (PDF)`,
          params: z.object({ idTramite: idSchema }),
          querystring: querySchema,
          response: responses({ 200: binaryResponse('application/pdf') }),
        },
      },
      async (req, reply) => {
        // Every attention's observations: 18 and 20 only under tipoAsignacion T (issue 11 item 4).
        const t = await getTramiteForUser(db, req.user, req.params.idTramite, { completo: true });
        if (req.query.tipo && req.query.tipo !== def.tipo) {
          const msg = `El reporte ${reportId} es de tipo ${def.tipo}.`;
          throw badRequest(msg, { tipo: msg });
        }
        const { pdf, nombre } = await renderReporteObservaciones(db, {
          reportId,
          idTramite: t.idTramite,
          idCarga: req.query.identificador02 ?? null,
        });
        return reply
          .header('content-type', 'application/pdf')
          .header('content-disposition', `inline; filename="${nombre}"`)
          .header('cache-control', 'no-store')
          .send(pdf as never); // a Buffer: no serializer runs; the typed reply only knows JSON bodies
      },
    );
  }
}
