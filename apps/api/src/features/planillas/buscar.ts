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
import { planilla } from '../../db/schema/index.ts';
import {
  columnas,
  consulta,
  contiene,
  likePattern,
  lista,
  prefixPattern,
  type SQL,
  sql,
  todas,
  una,
} from '../../lib/sql.ts';
import { getTramiteForUser } from '../tramites/access.ts';
import { DIAGS } from './ficha.ts';
import { estadoRevisionSql, visibilitySql } from './queries.ts';

const tags = ['planillas'];

/** A found attention (alias p). */
const FILA = lista([
  columnas(planilla, 'p', {
    solo: ['idPlanilla', 'numero', 'cedula', 'nombre'],
    extra: { diagnosticos: `concat_ws(', ', p.diag1, p.diag2, p.diag3, p.diag4, p.diag5)` },
  }),
  columnas(planilla, 'p', { solo: ['fechaDesde', 'fechaHasta', 'total', 'estadoAud', 'estadoDoc'] }),
]);

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
      const w: (SQL | undefined)[] = [sql`p.id_tramite = ${tramite.idTramite}`, sql.raw('p.estado = 1')];
      w.push(visibilitySql(req.user, tramite));
      if (q.soloPendientes) w.push(estadoRevisionSql(req.user.idPerfil, ['PENDIENTE']));
      if (q.tipo === 'total') {
        if (q.desde !== undefined) w.push(sql`p.total >= ${q.desde}`);
        if (q.hasta !== undefined) w.push(sql`p.total <= ${q.hasta}`);
      } else if (q.tipo && q.valor) {
        if (q.tipo === 'codigos') {
          // A service code as typed, or its beginning.
          w.push(sql`EXISTS (SELECT 1 FROM planilla_det d WHERE d.id_planilla = p.id_planilla AND d.estado = 1
                           AND d.codigo LIKE ${prefixPattern(q.valor.toUpperCase())})`);
        } else if (q.tipo === 'nombres') {
          w.push(contiene(sql.raw('p.nombre'), likePattern(foldText(q.valor))));
        } else {
          // The catalogue is matched first (trigram index), then the attentions by code: no per-row unaccent.
          const codigos = pareceCodigoCie10(q.valor)
            ? await consulta<{ codigo: string }>(
                db,
                sql`SELECT codigo FROM diagnostico WHERE codigo LIKE ${prefixPattern(normalizarCie10(q.valor))}`,
              )
            : await consulta<{ codigo: string }>(
                db,
                sql`SELECT codigo FROM diagnostico WHERE f_unaccent(lower(nombre)) LIKE ${likePattern(foldText(q.valor))} LIMIT 5000`,
              );
          const cod = sql.param(codigos.map((c) => c.codigo));
          w.push(
            sql`(${sql.join(
              DIAGS.map((d) => sql`p.${sql.raw(d)} = ANY(${cod}::text[])`),
              sql.raw(' OR '),
            )})`,
          );
        }
      }
      const where = todas(w);
      const n =
        (await una<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM planilla p WHERE ${where}`))?.n ?? 0;
      const items = await consulta(
        db,
        sql`SELECT ${FILA}
           FROM planilla p WHERE ${where} ORDER BY p.numero, p.id_planilla
           LIMIT ${q.pageSize} OFFSET ${(q.page - 1) * q.pageSize}`,
      );
      return { items, total: n, page: q.page, pageSize: q.pageSize };
    },
  );
}
