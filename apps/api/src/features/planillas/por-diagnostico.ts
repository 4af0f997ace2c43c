import {
  getDiagnosticosByIdPlanillasResponse,
  idParams,
  pageQuerySchema,
  responses,
  visibilityColumn,
} from '@app/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/errors.ts';
import { tramiteScope } from '../tramites/access.ts';
import { Params } from './queries.ts';

const DIAGS = ['diag1', 'diag2', 'diag3', 'diag4', 'diag5'] as const;

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
 * procedure (tramiteScope) and, for the operatives 18 and 20, only the attentions assigned to them
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
      const [d] = await db.query<{ codigo: string }>(
        'SELECT codigo FROM diagnostico WHERE id_diagnostico = $1',
        [req.params.id],
      );
      if (!d) throw notFound();
      const { page, pageSize } = req.query;
      const params = new Params();
      const codigo = params.add(d.codigo);
      const scope = tramiteScope(req.user, params.values.length + 1);
      for (const v of scope.params) params.add(v);
      const where = [`(${DIAGS.map((c) => `p.${c} = ${codigo}`).join(' OR ')})`, 'p.estado = 1', scope.sql];
      // The same rule as visibilityColumn, per procedure: the limit of an operative applies unless T.
      const limit = visibilityColumn(req.user, { estadoTramite: '', tipoAsignacion: 'U' });
      if (limit) {
        const col = limit === 'idUsuarioMed' ? 'p.id_usuario_med' : 'p.id_usuario_doc';
        where.push(`(t.tipo_asignacion = 'T' OR ${col} = ${params.add(req.user.idUsuario)})`);
      }
      const from = `FROM planilla p JOIN tramite t ON t.id_tramite = p.id_tramite WHERE ${where.join(' AND ')}`;
      const [{ n }] = await db.query<{ n: number }>(`SELECT count(*)::int AS n ${from}`, params.values);
      const pl = params.add(pageSize);
      const po = params.add((page - 1) * pageSize);
      const items = await db.query<PlanillaPorDiagnostico>(
        `SELECT p.id_planilla AS "idPlanilla", p.id_tramite AS "idTramite", t.numero AS "numeroTramite", p.numero,
                p.fecha_desde AS "fechaDesde", p.cedula, p.nombre,
                CASE ${DIAGS.map((c, i) => `WHEN p.${c} = ${codigo} THEN ${i + 1}`).join(' ')} END AS posicion
           ${from}
          ORDER BY p.fecha_desde DESC, p.id_planilla DESC LIMIT ${pl} OFFSET ${po}`,
        params.values,
      );
      return { items, total: n, page, pageSize };
    },
  );
}
