import {
  buscarQuerySchema,
  foldText,
  getPlanillasBuscarResponse,
  normalizarCie10,
  pareceCodigoCie10,
  uncheckedResponses,
} from '@app/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { foldedLike, likePattern } from '../../lib/sql.ts';
import { getTramiteForUser } from '../tramites/access.ts';
import { DIAGS } from './ficha.ts';
import { estadoRevisionSql, Params, prefixPattern, visibilitySql } from './queries.ts';

const tags = ['planillas'];

/** The attentions' search by codes, names, diagnoses or a range of totals (the search window of the record page). */
export async function buscarRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database;
  const auth = { onRequest: [app.authenticate] };

  r.get(
    '/api/v1/planillas/buscar',
    {
      ...auth,
      schema: {
        response: uncheckedResponses({ 200: getPlanillasBuscarResponse }),
        tags,
        summary: 'Búsqueda de atenciones por códigos, nombres, diagnósticos o rango de total',
        querystring: buscarQuerySchema,
      },
    },
    async (req) => {
      const q = req.query;
      const tramite = await getTramiteForUser(db, req.user, q.idTramite);
      const params = new Params();
      const w = [`p.id_tramite = ${params.add(tramite.idTramite)}`, 'p.estado = 1'];
      const vis = visibilitySql(req.user, tramite, params);
      if (vis) w.push(vis);
      if (q.soloPendientes) w.push(estadoRevisionSql(req.user.idPerfil, ['PENDIENTE'], params));
      if (q.tipo === 'total') {
        if (q.desde !== undefined) w.push(`p.total >= ${params.add(q.desde)}`);
        if (q.hasta !== undefined) w.push(`p.total <= ${params.add(q.hasta)}`);
      } else if (q.tipo && q.valor) {
        if (q.tipo === 'codigos') {
          // A service code as typed, or its beginning.
          w.push(`EXISTS (SELECT 1 FROM planilla_det d WHERE d.id_planilla = p.id_planilla AND d.estado = 1
                           AND d.codigo LIKE ${params.add(prefixPattern(q.valor.toUpperCase()))})`);
        } else if (q.tipo === 'nombres') {
          w.push(foldedLike('p.nombre', params.add(likePattern(foldText(q.valor)))));
        } else {
          // The catalogue is matched first (trigram index), then the attentions by code: no per-row unaccent.
          const codigos = pareceCodigoCie10(q.valor)
            ? await db.query<{ codigo: string }>('SELECT codigo FROM diagnostico WHERE codigo LIKE $1', [
                prefixPattern(normalizarCie10(q.valor)),
              ])
            : await db.query<{ codigo: string }>(
                'SELECT codigo FROM diagnostico WHERE f_unaccent(lower(nombre)) LIKE $1 LIMIT 5000',
                [likePattern(foldText(q.valor))],
              );
          const cod = params.add(codigos.map((c) => c.codigo));
          w.push(`(${DIAGS.map((d) => `p.${d} = ANY(${cod}::text[])`).join(' OR ')})`);
        }
      }
      const where = w.join(' AND ');
      const [{ n }] = await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM planilla p WHERE ${where}`,
        params.values,
      );
      const pl = params.add(q.pageSize);
      const po = params.add((q.page - 1) * q.pageSize);
      const items = await db.query(
        `SELECT p.id_planilla AS "idPlanilla", p.numero, p.cedula, p.nombre,
                concat_ws(', ', p.diag1, p.diag2, p.diag3, p.diag4, p.diag5) AS diagnosticos,
                p.fecha_desde AS "fechaDesde", p.fecha_hasta AS "fechaHasta", p.total,
                p.estado_aud AS "estadoAud", p.estado_doc AS "estadoDoc"
           FROM planilla p WHERE ${where} ORDER BY p.numero, p.id_planilla LIMIT ${pl} OFFSET ${po}`,
        params.values,
      );
      return { items, total: n, page: q.page, pageSize: q.pageSize };
    },
  );
}
