import {
  cargaIncidenciasPageSchema,
  cargaIncidenciasQuerySchema,
  cargaListQuerySchema,
  getCargasByIdResponse,
  getTramitesByIdCargasResponse,
  idParams,
  responses,
  uncheckedResponses,
} from '@app/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { getTramiteForUser } from '../tramites/access.ts';
import type { CargaRoutesOpts } from './routes.ts';
import { CARGA_SELECT, type Carga, getCargaForUser } from './service.ts';

const tags = ['cargas'];

/** The loads of a procedure, one load with its progress, and its errors and novelties. */
export async function lecturaRoutes(app: FastifyInstance, opts: CargaRoutesOpts) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database;
  const withProgress = opts.conProgreso;

  r.get(
    '/api/v1/tramites/:id/cargas',
    {
      schema: {
        response: uncheckedResponses({ 200: getTramitesByIdCargasResponse }),
        tags,
        summary: 'Cargas de un trámite (más recientes primero)',
        params: idParams,
        querystring: cargaListQuerySchema,
      },
      onRequest: [app.authenticate],
    },
    async (req) => {
      const t = await getTramiteForUser(db, req.user, req.params.id);
      const { idAutorizacion, page, pageSize } = req.query;
      const params: unknown[] = [t.idTramite];
      let where = 'c.id_tramite = $1 AND c.estado = 1';
      if (idAutorizacion) {
        params.push(idAutorizacion);
        where += ` AND c.id_autorizacion = $${params.length}`;
      }
      const [{ total }] = await db.query<{ total: number }>(
        `SELECT count(*)::int AS total FROM carga c WHERE ${where}`,
        params,
      );
      params.push(pageSize, (page - 1) * pageSize);
      const items = await db.query<Carga>(
        `${CARGA_SELECT} WHERE ${where} ORDER BY c.id_carga DESC LIMIT $${params.length - 1} OFFSET $${params.length}`,
        params,
      );
      return { items: items.map(withProgress), total, page, pageSize };
    },
  );

  r.get(
    '/api/v1/cargas/:id',
    {
      schema: {
        response: responses({ 200: getCargasByIdResponse }),
        tags,
        summary: 'Resumen de una carga (con su avance mientras se procesa)',
        params: idParams,
      },
      onRequest: [app.authenticate],
    },
    async (req) => withProgress(await getCargaForUser(db, req.user, req.params.id)),
  );

  for (const [ruta, tipo, resumen] of [
    ['errores', 'E', 'Errores de una carga'],
    ['novedades', 'N', 'Novedades de una carga'],
  ] as const) {
    r.get(
      `/api/v1/cargas/:id/${ruta}`,
      {
        schema: {
          tags,
          summary: `${resumen} (fila, columna, valor, mensaje)`,
          response: uncheckedResponses({ 200: cargaIncidenciasPageSchema }),
          params: idParams,
          querystring: cargaIncidenciasQuerySchema,
        },
        onRequest: [app.authenticate],
      },
      async (req) => {
        // Every row's values: the operatives 18 and 20 only under tipoAsignacion T (issue 11 item 4).
        const c = await getCargaForUser(db, req.user, req.params.id);
        await getTramiteForUser(db, req.user, c.idTramite, { completo: true });
        const { fila, page, pageSize } = req.query;
        const params: unknown[] = [c.idCarga, tipo];
        let where = 'e.id_carga = $1 AND e.tipo = $2';
        if (fila) {
          params.push(fila);
          where += ` AND e.fila = $${params.length}`;
        }
        const [{ total }] = await db.query<{ total: number }>(
          `SELECT count(*)::int AS total FROM carga_error e WHERE ${where}`,
          params,
        );
        params.push(pageSize, (page - 1) * pageSize);
        const items = await db.query(
          `SELECT e.id_carga_error AS "idCargaError", e.fila, e.columna, e.valor, e.mensaje FROM carga_error e
            WHERE ${where} ORDER BY e.fila, e.id_carga_error LIMIT $${params.length - 1} OFFSET $${params.length}`,
          params,
        );
        return { items, total, page, pageSize };
      },
    );
  }
}
