import type { SessionUser } from '@app/domain';
import {
  idParams,
  planillaTotalesSchema,
  responses,
  type TramiteTotales,
  tramiteTotalesSchema,
  visibilityColumn,
} from '@app/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Queryable } from '../../db/client.ts';
import { getPlanillaForUser } from '../planillas/access.ts';
import { getTramiteForUser } from '../tramites/access.ts';
import { totalesPlanilla } from './sql.ts';

const tags = ['detalles'];

/**
 * Claimed / approved / objected of a procedure and each of its loads: the per-attention totals the
 * triggers of migration 0013 keep, summed over the index planilla_tramite_totales_idx (active
 * attentions; annulled ones are out of the claim). 18 and 20 sum the attentions they may see.
 */
export async function totalesTramite(
  q: Queryable,
  user: SessionUser,
  idTramite: number,
): Promise<TramiteTotales> {
  const tramite = await getTramiteForUser(q, user, idTramite);
  const c = visibilityColumn(user, tramite);
  const filtro =
    c === null ? '' : ` AND p.${c === 'idUsuarioMed' ? 'id_usuario_med' : 'id_usuario_doc'} = $2`;
  const rows = await q.query<{
    idCarga: number;
    atenciones: number;
    reclamado: string;
    aprobado: string;
    glosa: string;
  }>(
    `SELECT p.id_carga AS "idCarga", count(*)::int AS atenciones, sum(p.total_reclamado)::text AS reclamado,
            sum(p.total_aprobado)::text AS aprobado, sum(p.total_glosa)::text AS glosa
       FROM planilla p WHERE p.id_tramite = $1 AND p.estado = 1${filtro}
      GROUP BY p.id_carga`,
    c === null ? [idTramite] : [idTramite, user.idUsuario],
  );
  const cargas = await q.query<{
    idCarga: number;
    fechaDesde: string;
    fechaHasta: string;
    tipoCarga: string;
  }>(
    `SELECT id_carga AS "idCarga", fecha_desde AS "fechaDesde", fecha_hasta AS "fechaHasta", tipo_carga AS "tipoCarga"
       FROM carga WHERE id_tramite = $1 ORDER BY fecha_desde, id_carga`,
    [idTramite],
  );
  const [sum] = await q.query<{ reclamado: string; aprobado: string; glosa: string }>(
    `SELECT COALESCE(sum(x.r), 0)::numeric(16, 2)::text AS reclamado, COALESCE(sum(x.a), 0)::numeric(16, 2)::text AS aprobado,
            COALESCE(sum(x.g), 0)::numeric(16, 2)::text AS glosa
       FROM unnest($1::numeric[], $2::numeric[], $3::numeric[]) AS x(r, a, g)`,
    [rows.map((r) => r.reclamado), rows.map((r) => r.aprobado), rows.map((r) => r.glosa)],
  );
  const porCarga = new Map(rows.map((r) => [r.idCarga, r]));
  const cero = { atenciones: 0, reclamado: '0.00', aprobado: '0.00', glosa: '0.00' };
  return {
    idTramite,
    atenciones: rows.reduce((a, r) => a + r.atenciones, 0),
    totales: sum,
    cargas: cargas.map((k) => {
      const { idCarga: _i, ...t } = porCarga.get(k.idCarga) ?? { idCarga: k.idCarga, ...cero };
      return { ...k, ...t };
    }),
  };
}

export async function detalleTotalesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database;
  const auth = { onRequest: [app.authenticate] };

  r.get(
    '/api/v1/planillas/:id/totales',
    {
      ...auth,
      schema: {
        response: responses({ 200: planillaTotalesSchema }),
        tags,
        summary: 'Totales reclamado, aprobado y glosado de una atención',
        params: idParams,
      },
    },
    async (req) => {
      await getPlanillaForUser(db, req.user, req.params.id);
      return totalesPlanilla(db, req.params.id);
    },
  );

  r.get(
    '/api/v1/tramites/:id/totales',
    {
      ...auth,
      schema: {
        response: responses({ 200: tramiteTotalesSchema }),
        tags,
        summary: 'Totales reclamado, aprobado y glosado de un trámite y de cada una de sus cargas',
        params: idParams,
      },
    },
    async (req) => totalesTramite(db, req.user, req.params.id),
  );
}
