import { type ObservacionFila, observacionQuerySchema, pageQuerySchema } from '@app/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getPlanillaForUser } from '../planillas/access.ts';

const tags = ['observaciones'];

/**
 * Observations of one attention, read-only, as the record page's 'Observaciones de Auditoría Médica'
 * (M) and 'Observaciones de Gestión Documental' (D) tabs show them: those on the attention and those
 * on its line items, with their answers. Writing observations and answers belongs to their feature.
 */
export async function observacionRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database;

  r.get(
    '/api/v1/planillas/:id/observaciones',
    {
      onRequest: [app.authenticate],
      schema: {
        tags,
        summary: 'Observaciones (y respuestas) de una atención y de sus detalles, por tipo M o D',
        params: z.object({ id: z.coerce.number().int().positive() }),
        querystring: observacionQuerySchema.extend(pageQuerySchema.shape),
      },
    },
    async (req) => {
      const { planilla } = await getPlanillaForUser(db, req.user, req.params.id);
      const { tipo, page, pageSize } = req.query;
      const rows = await db.query<ObservacionFila & { n: number }>(
        `WITH obs AS (
           SELECT o.id_pla_obs AS id, 'PLANILLA' AS nivel, NULL::text AS "codigoDetalle", o.observacion_tipo AS tipo,
                  o.id_observacion, o.descripcion, o.id_respuesta, o.respuesta, o.fecha_reg, o.id_usuario_reg
             FROM pla_obs o WHERE o.id_planilla = $1 AND o.observacion_tipo = $2 AND o.estado = 1
           UNION ALL
           SELECT o.id_pla_det_obs, 'DETALLE', d.codigo, o.observacion_tipo,
                  o.id_observacion, o.descripcion, o.id_respuesta, o.respuesta, o.fecha_reg, o.id_usuario_reg
             FROM pla_det_obs o JOIN planilla_det d ON d.id_planilla_det = o.id_planilla_det
            WHERE o.id_planilla = $1 AND o.observacion_tipo = $2 AND o.estado = 1
         )
         SELECT x.id, x.nivel, x."codigoDetalle", x.tipo, ob.descripcion AS "observacionEstandar",
                x.descripcion AS "observacionComplementaria", re.descripcion AS "respuestaEstandar",
                x.respuesta AS "respuestaComplementaria",
                (x.id_respuesta IS NOT NULL OR x.respuesta IS NOT NULL) AS respondida,
                x.fecha_reg AS "fechaReg", u.nombre AS usuario, count(*) OVER ()::int AS n
           FROM obs x
           JOIN observacion ob ON ob.id_observacion = x.id_observacion
           LEFT JOIN respuesta re ON re.id_respuesta = x.id_respuesta
           LEFT JOIN usuario u ON u.id_usuario = x.id_usuario_reg
          ORDER BY x.nivel DESC, x.fecha_reg DESC, x.id DESC
          LIMIT $3 OFFSET $4`,
        [planilla.idPlanilla, tipo, pageSize, (page - 1) * pageSize],
      );
      let total = rows[0]?.n ?? 0;
      if (rows.length === 0 && page > 1) {
        const [c] = await db.query<{ n: number }>(
          `SELECT (SELECT count(*) FROM pla_obs WHERE id_planilla = $1 AND observacion_tipo = $2 AND estado = 1)
                + (SELECT count(*) FROM pla_det_obs WHERE id_planilla = $1 AND observacion_tipo = $2 AND estado = 1) AS n`,
          [planilla.idPlanilla, tipo],
        );
        total = Number(c.n);
      }
      return { items: rows.map(({ n: _n, ...o }) => o), total, page, pageSize };
    },
  );
}
