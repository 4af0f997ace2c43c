import {
  diagnosticoQuerySchema,
  foldText,
  getDiagnosticosCodigoByCodigoResponse,
  getDiagnosticosResponse,
  MSG_PLANILLA,
  normalizarCie10,
  pareceCodigoCie10,
  responses,
} from '@app/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors.ts';
import { likePattern } from '../../lib/sql.ts';
import { Params } from './queries.ts';

const tags = ['diagnósticos'];
const PAGE_SIZE = 10;

/**
 * 'Lista de Diagnósticos': CIE-10 by code (with or without dot, `X` padding) or by words of the
 * description regardless of accents and case. Word search uses the trigram index on
 * f_unaccent(lower(nombre)) of migration 0001.
 */
export async function diagnosticoRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database;

  r.get(
    '/api/v1/diagnosticos',
    {
      onRequest: [app.authenticate],
      schema: {
        response: responses({ 200: getDiagnosticosResponse }),
        tags,
        summary: 'Buscar diagnósticos CIE-10 por código o descripción (10 por página)',
        querystring: diagnosticoQuerySchema,
      },
    },
    async (req) => {
      const { q, page } = req.query;
      const params = new Params();
      let where: string;
      let order = 'd.codigo';
      if (pareceCodigoCie10(q)) {
        const code = normalizarCie10(q);
        where = `d.codigo LIKE ${params.add(`${code}%`)}`;
        order = `(d.codigo = ${params.add(code)}) DESC, d.codigo`;
      } else {
        const all = foldText(q).split(/\s+/).filter(Boolean);
        // Words under 3 letters ('de', 'y') cannot use the trigram index; drop them when a longer word narrows the search.
        const long = all.filter((w) => w.length >= 3);
        const words = (long.length ? long : all).slice(0, 8);
        where = words
          .map((w) => `f_unaccent(lower(d.nombre)) LIKE ${params.add(likePattern(w))}`)
          .join(' AND ');
      }
      const pl = params.add(PAGE_SIZE);
      const po = params.add((page - 1) * PAGE_SIZE);
      const rows = await db.query<{
        idDiagnostico: number;
        codigo: string;
        codigoPunto: string;
        nombre: string;
        total: number;
      }>(
        `SELECT d.id_diagnostico AS "idDiagnostico", d.codigo, d.codigo_punto AS "codigoPunto", d.nombre,
                count(*) OVER ()::int AS total
           FROM diagnostico d WHERE ${where} ORDER BY ${order} LIMIT ${pl} OFFSET ${po}`,
        params.values,
      );
      let total = rows[0]?.total ?? 0;
      if (rows.length === 0 && page > 1) {
        const [c] = await db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM diagnostico d WHERE ${where}`,
          params.values.slice(0, -2),
        );
        total = c.n;
      }
      return { items: rows.map(({ total: _t, ...d }) => d), total, page, pageSize: PAGE_SIZE };
    },
  );

  r.get(
    '/api/v1/diagnosticos/codigo/:codigo',
    {
      onRequest: [app.authenticate],
      schema: {
        response: responses({ 200: getDiagnosticosCodigoByCodigoResponse }),
        tags,
        summary: 'Nombre de un diagnóstico por su código (J18.1, J181, A09X = A09)',
        params: z.object({ codigo: z.string().trim().min(1).max(12) }),
      },
    },
    async (req) => {
      const [d] = await db.query<{ codigo: string; codigoPunto: string; nombre: string }>(
        'SELECT codigo, codigo_punto AS "codigoPunto", nombre FROM diagnostico WHERE codigo = $1',
        [normalizarCie10(req.params.codigo)],
      );
      if (!d) throw new AppError(404, 'DIAGNOSTICO_NO_ENCONTRADO', MSG_PLANILLA.diagnosticoNoEncontrado);
      return d;
    },
  );
}
