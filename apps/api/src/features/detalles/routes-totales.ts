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
import { carga, planilla } from '../../db/schema/index.ts';
import { columnas, consulta, fila, sql } from '../../lib/sql.ts';
import { getPlanillaForUser } from '../planillas/access.ts';
import { getTramiteForUser } from '../tramites/access.ts';
import { totalesPlanilla } from './sql.ts';

const tags = ['detalles'];

/** The load of a group of attentions (alias p). */
const POR_CARGA = columnas(planilla, 'p', { solo: ['idCarga'] });
/** A load's period and type (alias c). */
const CARGA = columnas(carga, 'c', { solo: ['idCarga', 'fechaDesde', 'fechaHasta', 'tipoCarga'] });

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
    c === null
      ? sql.empty()
      : sql` AND p.${sql.raw(c === 'idUsuarioMed' ? 'id_usuario_med' : 'id_usuario_doc')} = ${user.idUsuario}`;
  const rows = await consulta<{
    idCarga: number;
    atenciones: number;
    reclamado: string;
    aprobado: string;
    glosa: string;
  }>(
    q,
    sql`SELECT ${POR_CARGA}, count(*)::int AS atenciones, sum(p.total_reclamado)::text AS reclamado,
            sum(p.total_aprobado)::text AS aprobado, sum(p.total_glosa)::text AS glosa
       FROM planilla p WHERE p.id_tramite = ${idTramite} AND p.estado = 1${filtro}
      GROUP BY p.id_carga`,
  );
  const cargas = await consulta<{
    idCarga: number;
    fechaDesde: string;
    fechaHasta: string;
    tipoCarga: string;
  }>(
    q,
    sql`SELECT ${CARGA} FROM carga c WHERE c.id_tramite = ${idTramite} ORDER BY c.fecha_desde, c.id_carga`,
  );
  const sum = await fila<{ reclamado: string; aprobado: string; glosa: string }>(
    q,
    sql`SELECT COALESCE(sum(x.r), 0)::numeric(16, 2)::text AS reclamado, COALESCE(sum(x.a), 0)::numeric(16, 2)::text AS aprobado,
            COALESCE(sum(x.g), 0)::numeric(16, 2)::text AS glosa
       FROM unnest(${sql.param(rows.map((r) => r.reclamado))}::numeric[], ${sql.param(rows.map((r) => r.aprobado))}::numeric[],
                   ${sql.param(rows.map((r) => r.glosa))}::numeric[]) AS x(r, a, g)`,
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
