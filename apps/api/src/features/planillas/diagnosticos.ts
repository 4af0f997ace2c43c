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
import { diagnostico } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { columnas, consulta, likePattern, type SQL, sql, todas, una } from '../../lib/sql.ts';

const tags = ['diagnósticos'];
const PAGE_SIZE = 10;
const FILA = columnas(diagnostico, 'd', {
  solo: ['idDiagnostico', 'codigo', 'codigoPunto', 'nombre'],
  extra: { total: 'count(*) OVER ()::int' },
});
const NOMBRE = columnas(diagnostico, 'diagnostico', { solo: ['codigo', 'codigoPunto', 'nombre'] });

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
      let where: SQL;
      let order = sql.raw('d.codigo');
      if (pareceCodigoCie10(q)) {
        const code = normalizarCie10(q);
        where = sql`d.codigo LIKE ${`${code}%`}`;
        order = sql`(d.codigo = ${code}) DESC, d.codigo`;
      } else {
        const all = foldText(q).split(/\s+/).filter(Boolean);
        // Words under 3 letters ('de', 'y') cannot use the trigram index; drop them when a longer word narrows the search.
        const long = all.filter((w) => w.length >= 3);
        const words = (long.length ? long : all).slice(0, 8);
        where = todas(words.map((w) => sql`f_unaccent(lower(d.nombre)) LIKE ${likePattern(w)}`));
      }
      const rows = await consulta<{
        idDiagnostico: number;
        codigo: string;
        codigoPunto: string;
        nombre: string;
        total: number;
      }>(
        db,
        sql`SELECT ${FILA}
           FROM diagnostico d WHERE ${where} ORDER BY ${order} LIMIT ${PAGE_SIZE} OFFSET ${(page - 1) * PAGE_SIZE}`,
      );
      let total = rows[0]?.total ?? 0;
      if (rows.length === 0 && page > 1) {
        const c = await una<{ n: number }>(
          db,
          sql`SELECT count(*)::int AS n FROM diagnostico d WHERE ${where}`,
        );
        total = c?.n ?? 0;
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
      const d = await una<{ codigo: string; codigoPunto: string; nombre: string }>(
        db,
        sql`SELECT ${NOMBRE} FROM diagnostico WHERE codigo = ${normalizarCie10(req.params.codigo)}`,
      );
      if (!d) throw new AppError(404, 'DIAGNOSTICO_NO_ENCONTRADO', MSG_PLANILLA.diagnosticoNoEncontrado);
      return d;
    },
  );
}
