import {
  CONTROLES,
  controlQuerySchema,
  getTramitesByIdControlesByNResponse,
  getTramitesByIdControlesResponse,
  idParams,
  idSchema,
  isSupervision,
  responses,
  uncheckedResponses,
} from '@app/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { planilla } from '../../db/schema/index.ts';
import { forbidden } from '../../lib/errors.ts';
import { columnas, consulta, sql, una } from '../../lib/sql.ts';
import { controlSql } from '../planillas/controles-sql.ts';
import { getTramiteForUser } from '../tramites/access.ts';

const tags = ['revisión'];

/** A flagged attention (alias p) with the control's reason (x) and the count as a window. */
const FILA_CONTROL = columnas(planilla, 'p', {
  solo: ['idPlanilla', 'idCarga', 'numero', 'cedula', 'nombre', 'fechaDesde', 'fechaHasta'],
  extra: { motivo: 'x.motivo', total: 'count(*) OVER ()::int' },
});

/** The procedure's controls (automatic checks over its attentions) and the attentions of one control. */
export async function controlesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database;
  const auth = { onRequest: [app.authenticate] };

  r.get(
    '/api/v1/tramites/:id/controles',
    {
      ...auth,
      schema: {
        response: responses({ 200: getTramitesByIdControlesResponse }),
        tags,
        summary: 'Controles 1 a 5: número de atenciones señaladas por cada uno',
        params: idParams,
        querystring: controlQuerySchema.pick({ idCarga: true }),
      },
    },
    async (req) => {
      const tramite = await getTramiteForUser(db, req.user, req.params.id);
      if (!isSupervision(req.user.idPerfil)) throw forbidden();
      const controles = [];
      for (const ctl of CONTROLES) {
        const q = controlSql(ctl.control, tramite.idTramite, req.query.idCarga ?? null);
        const x = (await una<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM (${q}) x`)) as {
          n: number;
        };
        controles.push({
          control: ctl.control,
          nombre: ctl.nombre,
          descripcion: ctl.descripcion,
          total: x.n,
        });
      }
      return { controles };
    },
  );

  r.get(
    '/api/v1/tramites/:id/controles/:n',
    {
      ...auth,
      schema: {
        response: uncheckedResponses({ 200: getTramitesByIdControlesByNResponse }),
        tags,
        summary: 'Atenciones señaladas por un control, con el motivo',
        params: z.object({
          id: idSchema,
          n: z.coerce.number().int().min(1).max(5),
        }),
        querystring: controlQuerySchema,
      },
    },
    async (req) => {
      const tramite = await getTramiteForUser(db, req.user, req.params.id);
      if (!isSupervision(req.user.idPerfil)) throw forbidden();
      const { idCarga, page, pageSize } = req.query;
      const q = controlSql(req.params.n, tramite.idTramite, idCarga ?? null);
      // One evaluation of the control: the count rides along as a window.
      const rows = await consulta<{ total: number }>(
        db,
        sql`SELECT ${FILA_CONTROL}
           FROM (${q}) x
          CROSS JOIN LATERAL (SELECT * FROM planilla pl WHERE pl.id_planilla = x.id_planilla) p
          ORDER BY p.numero, p.id_planilla LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`,
      );
      let total = rows[0]?.total ?? 0;
      if (rows.length === 0 && page > 1) {
        const c = (await una<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM (${q}) x`)) as {
          n: number;
        };
        total = c.n;
      }
      return { items: rows.map(({ total: _t, ...r }) => r), total, page, pageSize };
    },
  );
}
