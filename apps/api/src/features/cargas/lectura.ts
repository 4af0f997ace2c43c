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
import { cargaError } from '../../db/schema/index.ts';
import { columnas, consulta, fila, sql, todas } from '../../lib/sql.ts';
import { getTramiteForUser } from '../tramites/access.ts';
import type { CargaRoutesOpts } from './routes.ts';
import { cargasActivas, getCargaForUser } from './service.ts';

const tags = ['cargas'];

/** An error or novelty of a load (alias e). */
const INCIDENCIA = columnas(cargaError, 'e', {
  solo: ['idCargaError', 'fila', 'columna', 'valor', 'mensaje'],
});

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
      const r = await cargasActivas(db, t.idTramite, req.query);
      return { ...r, items: r.items.map(withProgress) };
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
        const { fila: n, page, pageSize } = req.query;
        const where = todas([
          sql`e.id_carga = ${c.idCarga} AND e.tipo = ${tipo}`,
          n ? sql`e.fila = ${n}` : undefined,
        ]);
        const { total } = await fila<{ total: number }>(
          db,
          sql`SELECT count(*)::int AS total FROM carga_error e WHERE ${where}`,
        );
        const items = await consulta(
          db,
          sql`SELECT ${INCIDENCIA} FROM carga_error e
            WHERE ${where} ORDER BY e.fila, e.id_carga_error LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`,
        );
        return { items, total, page, pageSize };
      },
    );
  }
}
