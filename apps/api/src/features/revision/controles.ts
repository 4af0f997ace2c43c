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
import { forbidden } from '../../lib/errors.ts';
import { controlSql } from '../planillas/controles-sql.ts';
import { getTramiteForUser } from '../tramites/access.ts';

const tags = ['revisión'];

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
      const vals: unknown[] = [tramite.idTramite];
      if (req.query.idCarga) vals.push(req.query.idCarga);
      const controles = [];
      for (const ctl of CONTROLES) {
        const [x] = await db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM (${controlSql(ctl.control, '$1', req.query.idCarga ? '$2' : null)}) x`,
          vals,
        );
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
      const vals: unknown[] = [tramite.idTramite];
      if (idCarga) vals.push(idCarga);
      const sql = controlSql(req.params.n, '$1', idCarga ? '$2' : null);
      vals.push(pageSize, (page - 1) * pageSize);
      // One evaluation of the control: the count rides along as a window.
      const rows = await db.query<{ total: number }>(
        `SELECT p.id_planilla AS "idPlanilla", p.id_carga AS "idCarga", p.numero, p.cedula, p.nombre,
                p.fecha_desde AS "fechaDesde", p.fecha_hasta AS "fechaHasta", x.motivo, count(*) OVER ()::int AS total
           FROM (${sql}) x
          CROSS JOIN LATERAL (SELECT * FROM planilla pl WHERE pl.id_planilla = x.id_planilla) p
          ORDER BY p.numero, p.id_planilla LIMIT $${vals.length - 1} OFFSET $${vals.length}`,
        vals,
      );
      let total = rows[0]?.total ?? 0;
      if (rows.length === 0 && page > 1) {
        const [c] = await db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM (${sql}) x`,
          vals.slice(0, -2),
        );
        total = c.n;
      }
      return { items: rows.map(({ total: _t, ...r }) => r), total, page, pageSize };
    },
  );
}
