import {
  getPlanillasResponse,
  type PlanillaFila,
  planillaListQuerySchema,
  showsEstadoAud,
  showsEstadoDoc,
  uncheckedResponses,
} from '@app/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { IdListCache } from '../../lib/id-list-cache.ts';
import { consulta, sql, todas } from '../../lib/sql.ts';
import { getTramiteConRevisiones } from '../tramites/access.ts';
import { buscarRoutes } from './buscar.ts';
import { diagnosticoRoutes } from './diagnosticos.ts';
import { estadoNivelRoutes } from './estado-nivel.ts';
import { exportarRoutes } from './exportar.ts';
import { fichaRoutes } from './ficha.ts';
import { historialRoutes } from './historial.ts';
import { listIds } from './list-ids.ts';
import { plantillaRoutes } from './plantillas.ts';
import { LIST_COLS, listConditions, orderSql } from './queries.ts';
import { resumenPdfRoutes } from './resumen-pdf.ts';

const tags = ['planillas'];

/**
 * The attentions of a procedure (planillas): the list here; search, export, one attention's record,
 * annul / restore / level and its history in the files beside it.
 */
export async function planillaRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database;
  const auth = { onRequest: [app.authenticate] };

  await app.register(diagnosticoRoutes);
  await app.register(plantillaRoutes);
  const listas = new IdListCache();
  await app.register(resumenPdfRoutes);
  await app.register(exportarRoutes);
  await app.register(buscarRoutes);
  await app.register(fichaRoutes);
  await app.register(estadoNivelRoutes);
  await app.register(historialRoutes);

  r.get(
    '/api/v1/planillas',
    {
      ...auth,
      schema: {
        response: uncheckedResponses({ 200: getPlanillasResponse }),
        tags,
        summary:
          'Atenciones de un trámite (vistas TODAS, PENDIENTES, REVISADAS, ANULADAS, FILTROS), filtradas y paginadas',
        querystring: planillaListQuerySchema,
      },
    },
    async (req) => {
      const q = req.query;
      const tramite = await getTramiteConRevisiones(db, req.user, q.idTramite);
      const w = todas(listConditions(req.user, tramite, q));
      // The ordered ids of the list (cached while what it depends on is unchanged): the total is
      // their number and any page, first or last, is a primary-key lookup of its rows.
      const ids = await listIds(db, listas, req.user, tramite, q, w, orderSql(q.sort));
      const n = ids.length;
      const pagina = Array.from(ids.subarray((q.page - 1) * q.pageSize, q.page * q.pageSize));
      let rows: PlanillaFila[] = [];
      if (pagina.length > 0) {
        const found = await consulta<PlanillaFila>(
          db,
          sql`SELECT ${LIST_COLS} FROM planilla p LEFT JOIN diagnostico dg ON dg.codigo = p.diag1
            WHERE p.id_planilla = ANY(${sql.param(pagina)}::int[])`,
        );
        const porId = new Map(found.map((f) => [f.idPlanilla, f]));
        rows = pagina.map((id) => porId.get(id)).filter((f): f is PlanillaFila => f !== undefined);
      }
      const verEstadoAud = showsEstadoAud(req.user.idPerfil, tramite.estadoTramite);
      const verEstadoDoc = showsEstadoDoc(req.user.idPerfil, tramite.estadoTramite);
      const items = rows.map((row) => ({
        ...row,
        estadoAud: verEstadoAud ? row.estadoAud : null,
        estadoDoc: verEstadoDoc ? row.estadoDoc : null,
      }));
      return {
        items,
        total: n,
        page: q.page,
        pageSize: q.pageSize,
        estadoTramite: tramite.estadoTramite,
        verEstadoAud,
        verEstadoDoc,
      };
    },
  );
}
