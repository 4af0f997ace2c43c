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
import { semana } from '../../db/schema/index.ts';
import { columnas, consulta, fila, sql, todas } from '../../lib/sql.ts';
import { cargasActivas } from '../cargas/service.ts';
import { getTramiteForUser } from '../tramites/access.ts';

/** A week of the catalogue (alias s). */
const SEMANA = columnas(semana, 's', { solo: ['idSemana', 'anio', 'numero', 'fechaDesde', 'fechaHasta'] });

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
      const catalogo = await consulta<{
        idSemana: number;
        anio: number;
        numero: number;
        fechaDesde: string;
        fechaHasta: string;
      }>(
        db,
        sql`SELECT ${SEMANA} FROM semana s WHERE s.fecha_hasta >= ${desde} AND s.fecha_desde <= ${hasta}`,
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
      return cargasActivas(db, t.idTramite, req.query);
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
      const where = todas([
        sql`id_tramite = ${t.idTramite} AND estado = 1`,
        req.query.idAutorizacion ? sql`id_autorizacion = ${req.query.idAutorizacion}` : undefined,
      ]);
      const row = await fila<{ activas: number; sin_archivos: number }>(
        db,
        sql`SELECT count(*)::int AS activas, count(*) FILTER (WHERE tiene_archivos = 0)::int AS sin_archivos
              FROM carga WHERE ${where}`,
      );
      return {
        idTramite: t.idTramite,
        cargasActivas: row.activas,
        cargasActivasSinArchivos: row.sin_archivos,
        hayCargasActivasSinArchivos: row.sin_archivos > 0,
      };
    },
  );
}
