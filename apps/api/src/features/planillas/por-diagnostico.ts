import {
  getDiagnosticosByIdPlanillasResponse,
  idParams,
  pageQuerySchema,
  responses,
  visibilityColumn,
} from '@app/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { planilla } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import { columnas, consulta, lista, sql, todas, una } from '../../lib/sql.ts';
import { tramiteScopeSql } from '../tramites/access.ts';

const DIAGS = ['diag1', 'diag2', 'diag3', 'diag4', 'diag5'] as const;

/** An attention with a diagnosis (alias p, procedure t); `posicion` is added per request. */
const FILA = lista([
  columnas(planilla, 'p', { solo: ['idPlanilla', 'idTramite'], extra: { numeroTramite: 't.numero' } }),
  columnas(planilla, 'p', { solo: ['numero', 'fechaDesde', 'cedula', 'nombre'] }),
]);

export type PlanillaPorDiagnostico = {
  idPlanilla: number;
  idTramite: number;
  numeroTramite: string;
  numero: string;
  fechaDesde: string;
  cedula: string;
  nombre: string;
  /** Which of diag1..diag5 holds the diagnosis (the first one when several do). */
  posicion: number;
};

/**
 * Master-detail `diagnostico_diagaten/{p_iddiagnostico}` (docs/spec-summary.md 002): the attentions that carry one
 * diagnosis in any of diag1..diag5, limited exactly as the attention lists are: the tenant of the
 * procedure (tramiteScopeSql) and, for the operatives 18 and 20, only the attentions assigned to them
 * unless the procedure's tipoAsignacion is T. Active attentions of real (not sandbox) procedures,
 * newest first, paged in SQL.
 */
export async function planillasPorDiagnosticoRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database;

  r.get(
    '/api/v1/diagnosticos/:id/planillas',
    {
      onRequest: [app.authenticate],
      schema: {
        response: responses({ 200: getDiagnosticosByIdPlanillasResponse }),
        tags: ['diagnósticos'],
        summary:
          'Atenciones con un diagnóstico (en cualquiera de las cinco posiciones), más recientes primero',
        params: idParams,
        querystring: pageQuerySchema,
      },
    },
    async (req) => {
      const d = await una<{ codigo: string }>(
        db,
        sql`SELECT codigo FROM diagnostico WHERE id_diagnostico = ${req.params.id}`,
      );
      if (!d) throw notFound();
      const { page, pageSize } = req.query;
      const codigo = d.codigo;
      const where = [
        sql`(${sql.join(
          DIAGS.map((c) => sql`p.${sql.raw(c)} = ${codigo}`),
          sql.raw(' OR '),
        )})`,
        sql.raw('p.estado = 1'),
        tramiteScopeSql(req.user),
      ];
      // The same rule as visibilityColumn, per procedure: the limit of an operative applies unless T.
      const limit = visibilityColumn(req.user, { estadoTramite: '', tipoAsignacion: 'U' });
      if (limit) {
        const col = sql.raw(limit === 'idUsuarioMed' ? 'p.id_usuario_med' : 'p.id_usuario_doc');
        where.push(sql`(t.tipo_asignacion = 'T' OR ${col} = ${req.user.idUsuario})`);
      }
      const from = sql`FROM planilla p JOIN tramite t ON t.id_tramite = p.id_tramite WHERE ${todas(where)}`;
      const n = (await una<{ n: number }>(db, sql`SELECT count(*)::int AS n ${from}`))?.n ?? 0;
      const posicion = sql.join(
        DIAGS.map((c, i) => sql`WHEN p.${sql.raw(c)} = ${codigo} THEN ${sql.raw(String(i + 1))}`),
        sql.raw(' '),
      );
      const items = await consulta<PlanillaPorDiagnostico>(
        db,
        sql`SELECT ${FILA}, CASE ${posicion} END AS posicion
           ${from}
          ORDER BY p.fecha_desde DESC, p.id_planilla DESC LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`,
      );
      return { items, total: n, page, pageSize };
    },
  );
}
