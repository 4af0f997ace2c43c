import {
  cargasActivasQuerySchema,
  getCargasActivasResponse,
  getCargasActivasSinArchivosResponse,
  getSemanasResponse,
  responses,
  semanasDeRango,
  semanasQuerySchema,
} from '@app/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CARGA_SELECT, type Carga } from '../cargas/service.ts';
import { getTramiteForUser } from '../tramites/access.ts';

/**
 * What the load forms of an authorization ask (tag 'cargas'): the weeks of a date range, a procedure's active
 * loads and whether some of them still lack files. Registered inside `autorizacionRoutes` (routes.ts).
 */
export function semanasYCargasActivasRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database;
  const auth = { onRequest: [app.authenticate] };

  r.get(
    '/api/v1/semanas',
    {
      ...auth,
      schema: {
        response: responses({ 200: getSemanasResponse }),
        tags: ['cargas'],
        summary: 'Semanas (ISO, lunes a domingo) de un rango de fechas',
        description:
          'Las semanas registradas en el catálogo Semanas reemplazan a las calculadas del mismo año y número.',
        querystring: semanasQuerySchema,
      },
    },
    async (req) => {
      const desde = req.query.desde as string;
      const hasta = req.query.hasta as string;
      const calculadas = semanasDeRango(desde, hasta);
      const catalogo = await db.query<{
        idSemana: number;
        anio: number;
        numero: number;
        fechaDesde: string;
        fechaHasta: string;
      }>(
        `SELECT id_semana AS "idSemana", anio, numero, fecha_desde AS "fechaDesde", fecha_hasta AS "fechaHasta"
           FROM semana WHERE fecha_hasta >= $1 AND fecha_desde <= $2`,
        [desde, hasta],
      );
      const porClave = new Map(catalogo.map((s) => [`${s.anio}-${s.numero}`, s]));
      const items = calculadas.map((s) => porClave.get(`${s.anio}-${s.numero}`) ?? { idSemana: null, ...s });
      for (const s of catalogo) if (!items.includes(s)) items.push(s);
      items.sort((a, b) => (a.fechaDesde < b.fechaDesde ? -1 : a.fechaDesde > b.fechaDesde ? 1 : 0));
      return { desde, hasta, items };
    },
  );

  const activasTags = ['cargas'];
  r.get(
    '/api/v1/cargas/activas',
    {
      ...auth,
      schema: {
        response: responses({ 200: getCargasActivasResponse }),
        tags: activasTags,
        summary: 'Cargas activas de un trámite (opcionalmente de una autorización), más recientes primero',
        querystring: cargasActivasQuerySchema.extend({
          page: z.coerce.number().int().min(1).default(1),
          pageSize: z.coerce.number().int().min(1).max(100).default(10),
        }),
      },
    },
    async (req) => {
      const t = await getTramiteForUser(db, req.user, req.query.idTramite as number);
      const params: unknown[] = [t.idTramite];
      let where = 'c.id_tramite = $1 AND c.estado = 1';
      if (req.query.idAutorizacion) {
        params.push(req.query.idAutorizacion);
        where += ` AND c.id_autorizacion = $${params.length}`;
      }
      const [{ total }] = await db.query<{ total: number }>(
        `SELECT count(*)::int AS total FROM carga c WHERE ${where}`,
        params,
      );
      params.push(req.query.pageSize, (req.query.page - 1) * req.query.pageSize);
      const items = await db.query<Carga>(
        `${CARGA_SELECT} WHERE ${where} ORDER BY c.id_carga DESC LIMIT $${params.length - 1} OFFSET $${params.length}`,
        params,
      );
      return { items, total, page: req.query.page, pageSize: req.query.pageSize };
    },
  );

  r.get(
    '/api/v1/cargas/activas/sin-archivos',
    {
      ...auth,
      schema: {
        response: responses({ 200: getCargasActivasSinArchivosResponse }),
        tags: activasTags,
        summary: '¿Tiene el trámite cargas activas sin archivos? (habilita la carga de la semana siguiente)',
        querystring: cargasActivasQuerySchema,
      },
    },
    async (req) => {
      const t = await getTramiteForUser(db, req.user, req.query.idTramite as number);
      const params: unknown[] = [t.idTramite];
      let where = 'id_tramite = $1 AND estado = 1';
      if (req.query.idAutorizacion) {
        params.push(req.query.idAutorizacion);
        where += ` AND id_autorizacion = $${params.length}`;
      }
      const [row] = await db.query<{ activas: number; sinArchivos: number }>(
        `SELECT count(*)::int AS activas, count(*) FILTER (WHERE tiene_archivos = 0)::int AS "sinArchivos"
           FROM carga WHERE ${where}`,
        params,
      );
      return {
        idTramite: t.idTramite,
        cargasActivas: row.activas,
        cargasActivasSinArchivos: row.sinArchivos,
        hayCargasActivasSinArchivos: row.sinArchivos > 0,
      };
    },
  );
}
