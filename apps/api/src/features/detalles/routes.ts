import {
  canActivarDetalle,
  type DetalleFila,
  detalleEstadoBodySchema,
  detalleQuerySchema,
  foldText,
  idParams,
  idSchema,
  MSG_DETALLE,
} from '@app/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { conflict, notFound } from '../../lib/errors.ts';
import { foldedLike, likePattern } from '../../lib/sql.ts';
import {
  assertEstadoTrabajo,
  assertVersion,
  getPlanillaForUser,
  perfilNoAutorizado,
  recordChanges,
} from '../planillas/access.ts';
import { Params, prefixPattern } from '../planillas/queries.ts';

const tags = ['detalles'];

/**
 * Line items of an attention as the record page reads them: the Detalle tab (active items, newest
 * attention date first, then code) and the supervisor's 'Activar detalle' tab (every item with its
 * on/off state). Creating and editing items belongs to the line-item screens.
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
        tags,
        summary: 'Detalles (líneas) de una atención: activos, inactivos o todos; búsqueda por código o texto',
        params: idParams,
        querystring: detalleQuerySchema,
      },
    },
    async (req) => {
      const { planilla } = await getPlanillaForUser(db, req.user, req.params.id);
      const q = req.query;
      const params = new Params();
      const w = [`d.id_planilla = ${params.add(planilla.idPlanilla)}`];
      if (q.estado !== 'todos') w.push(`d.estado = ${params.add(Number(q.estado))}`);
      if (q.q) {
        const code = params.add(prefixPattern(q.q.toUpperCase()));
        const words = params.add(likePattern(foldText(q.q)));
        w.push(
          `(d.codigo LIKE ${code} OR e.codigo LIKE ${code} OR ${foldedLike('d.descripcion', words)} OR ${foldedLike('e.nombre', words)})`,
        );
      }
      const where = w.join(' AND ');
      const from = 'FROM planilla_det d LEFT JOIN elemento e ON e.id_elemento = d.id_elemento';
      const [{ n }] = await db.query<{ n: number }>(
        `SELECT count(*)::int AS n ${from} WHERE ${where}`,
        params.values,
      );
      const pl = params.add(q.pageSize);
      const po = params.add((q.page - 1) * q.pageSize);
      const items = await db.query<DetalleFila>(
        `SELECT d.id_planilla_det AS "idPlanillaDet", d.fecha_atencion AS "fechaAtencion", d.codigo, d.descripcion,
                e.codigo AS "elementoCodigo", e.nombre AS "elementoNombre", d.cantidad, d.valor_uni AS "valorUni",
                round(d.cantidad * d.valor_uni, 2)::text AS total, d.tipo, d.laboratorio, d.imagen, d.estado
           ${from} WHERE ${where}
          ORDER BY d.fecha_atencion DESC NULLS LAST, d.codigo, d.id_planilla_det LIMIT ${pl} OFFSET ${po}`,
        params.values,
      );
      const cents = items.reduce((a, i) => a + Math.round(Number(i.total) * 100), 0);
      return { items, total: n, page: q.page, pageSize: q.pageSize, totalPagina: (cents / 100).toFixed(2) };
    },
  );

  r.put(
    '/api/v1/planillas/:id/detalles/:idDet/estado',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Activar o desactivar un detalle (supervisión, 16 y 17): recalcula el total de la atención',
        params: z.object({
          id: idSchema,
          idDet: idSchema,
        }),
        body: detalleEstadoBodySchema,
      },
    },
    async (req) => {
      const { estado, version } = req.body;
      return db.transaction(async (tx) => {
        const { planilla: p, tramite } = await getPlanillaForUser(tx, req.user, req.params.id, {
          lock: 'share',
        });
        if (!canActivarDetalle(req.user.idPerfil)) throw perfilNoAutorizado();
        assertEstadoTrabajo(tramite);
        assertVersion(p, version);
        const [d] = await tx.query<{ estado: number; codigo: string }>(
          'SELECT estado, codigo FROM planilla_det WHERE id_planilla_det = $1 AND id_planilla = $2 FOR UPDATE',
          [req.params.idDet, p.idPlanilla],
        );
        if (!d) throw notFound();
        if (d.estado === estado)
          throw conflict(estado === 1 ? MSG_DETALLE.yaActivo : MSG_DETALLE.yaInactivo, 'ESTADO_INVALIDO');
        await tx.query(
          `UPDATE planilla_det SET estado = $2, fecha_act = now(), id_usuario_act = $3 WHERE id_planilla_det = $1`,
          [req.params.idDet, estado, req.user.idUsuario],
        );
        const [u] = await tx.query<{ total: string; version: number }>(
          `UPDATE planilla SET version = version + 1, fecha_act = now(), id_usuario_act = $2,
                  total = (SELECT COALESCE(round(sum(x.cantidad * x.valor_uni), 2), 0) FROM planilla_det x
                            WHERE x.id_planilla = $1 AND x.estado = 1)
            WHERE id_planilla = $1 RETURNING total, version`,
          [p.idPlanilla, req.user.idUsuario],
        );
        const operacion = estado === 1 ? 'ACTIVAR' : 'DESACTIVAR';
        await recordChanges(
          tx,
          { estado: d.estado },
          { estado },
          {
            idPlanilla: p.idPlanilla,
            idPlanillaDet: req.params.idDet,
            idUsuario: req.user.idUsuario,
            operacion,
          },
        );
        await recordChanges(
          tx,
          { total: p.total },
          { total: u.total },
          { idPlanilla: p.idPlanilla, idUsuario: req.user.idUsuario, operacion },
        );
        return {
          mensaje: estado === 1 ? MSG_DETALLE.detalleActivado : MSG_DETALLE.detalleDesactivado,
          item: { idPlanillaDet: req.params.idDet, estado },
          planilla: { idPlanilla: p.idPlanilla, total: u.total, version: u.version },
        };
      });
    },
  );
}
