import {
  type DetalleFilaAuditada,
  detalleEscrituraSchema,
  detalleEstadoBodySchema,
  detalleQuerySchema,
  detallesPageSchema,
  foldText,
  idParams,
  idSchema,
  responses,
  type Totales,
} from '@app/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { consulta, contiene, fila, likePattern, prefixPattern, sql, todas, una } from '../../lib/sql.ts';
import { getPlanillaForUser } from '../planillas/access.ts';
import { cambiarEstado } from './acciones.ts';
import { detalleBusquedaRoutes } from './routes-busqueda.ts';
import { detalleEdicionRoutes } from './routes-edicion.ts';
import { detalleTotalesRoutes } from './routes-totales.ts';
import { APROBADO, DETALLE_COLS, DETALLE_FROM, RECLAMADO } from './sql.ts';

const tags = ['detalles'];

/** The constant fragments of the page statement, built once. */
const PAGINA_COLS = sql`${DETALLE_COLS}, ${sql.raw(`${RECLAMADO()} AS r_, ${APROBADO()} AS a_,
                  d.estado AS e_, d.cantidad * d.valor_uni AS t_`)}
             ${DETALLE_FROM}`;
const FROM = sql.raw('FROM planilla_det d LEFT JOIN elemento e ON e.id_elemento = d.id_elemento');

/**
 * Line items of an attention as the record page reads them: the Detalle tab (active items, newest
 * attention date first, then code) and the 'Activar detalle' tab (every item with its on/off
 * state), each line with the money of the audit (claimed, approved, glosa, the agreed tariff).
 * Writes by the audit: routes-edicion.ts; searches and equivalences: routes-busqueda.ts.
 */
export async function detalleRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database;
  const auth = { onRequest: [app.authenticate] };

  r.get(
    '/api/v1/planillas/:id/detalles',
    {
      ...auth,
      schema: {
        response: responses({ 200: detallesPageSchema }),
        tags,
        summary: 'Detalles (líneas) de una atención: activos, inactivos o todos; búsqueda por código o texto',
        params: idParams,
        querystring: detalleQuerySchema,
      },
    },
    async (req) => {
      const { planilla } = await getPlanillaForUser(db, req.user, req.params.id);
      const q = req.query;
      const w = [sql`d.id_planilla = ${planilla.idPlanilla}`];
      if (q.estado !== 'todos') w.push(sql`d.estado = ${Number(q.estado)}`);
      if (q.q) {
        const code = prefixPattern(q.q.toUpperCase());
        const words = likePattern(foldText(q.q));
        w.push(
          sql`(d.codigo LIKE ${code} OR e.codigo LIKE ${code} OR ${contiene(sql.raw('d.descripcion'), words)} OR ${contiene(sql.raw('e.nombre'), words)})`,
        );
      }
      const where = todas(w);
      const n = (await una<{ n: number }>(db, sql`SELECT count(*)::int AS n ${FROM} WHERE ${where}`))?.n ?? 0;
      // The page and its footer sums in one statement, summed in SQL (exact numeric).
      type Fila = DetalleFilaAuditada & {
        pag: Totales & { total: string };
        r_: unknown;
        a_: unknown;
        e_: unknown;
        t_: unknown;
      };
      const rows = await consulta<Fila>(
        db,
        sql`WITH pagina AS (
           SELECT ${PAGINA_COLS} WHERE ${where}
            ORDER BY d.fecha_atencion DESC NULLS LAST, d.codigo, d.id_planilla_det
            LIMIT ${q.pageSize} OFFSET ${(q.page - 1) * q.pageSize})
         SELECT x.*, json_build_object(
                  'total', (SELECT COALESCE(sum(round(t_, 2)) FILTER (WHERE e_ = 1), 0) FROM pagina)::text,
                  'reclamado', (SELECT COALESCE(sum(r_), 0) FROM pagina)::text,
                  'aprobado', (SELECT COALESCE(sum(a_), 0) FROM pagina)::text,
                  'glosa', (SELECT COALESCE(sum(r_ - a_), 0) FROM pagina)::text) AS pag
           FROM pagina x`,
      );
      const pag = rows[0]?.pag ?? { total: '0.00', reclamado: '0.00', aprobado: '0.00', glosa: '0.00' };
      const items: DetalleFilaAuditada[] = rows.map(({ pag: _p, r_: _r, a_: _a, e_: _e, t_: _t, ...i }) => i);
      const tot = await fila<Totales>(
        db,
        sql`SELECT total_reclamado::text AS reclamado, total_aprobado::text AS aprobado, total_glosa::text AS glosa
           FROM planilla WHERE id_planilla = ${planilla.idPlanilla}`,
      );
      return {
        items,
        total: n,
        page: q.page,
        pageSize: q.pageSize,
        totalPagina: pag.total,
        totalesPagina: { reclamado: pag.reclamado, aprobado: pag.aprobado, glosa: pag.glosa },
        totales: tot,
      };
    },
  );

  r.put(
    '/api/v1/planillas/:id/detalles/:idDet/estado',
    {
      ...auth,
      schema: {
        response: responses({ 200: detalleEscrituraSchema }),
        tags,
        summary:
          'Activar o desactivar un detalle (16, 17, 18): desactivado, todo su valor queda glosado; recalcula los totales',
        params: z.object({ id: idSchema, idDet: idSchema }),
        body: detalleEstadoBodySchema,
      },
    },
    async (req) =>
      db.transaction((tx) => cambiarEstado(tx, req.user, req.params.id, req.params.idDet, req.body)),
  );

  await detalleEdicionRoutes(app);
  await detalleBusquedaRoutes(app);
  await detalleTotalesRoutes(app);
}
