import {
  idParams,
  MSG_PLANILLA,
  postPlanillasByIdRevisionResponse,
  responses,
  revisionBodySchema,
  revisionCierreBodySchema,
  revisionTransicionResponse,
  TRANSICIONES_REVISION,
} from '@app/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { aplicarRevision, transicionDe } from './aplicar.ts';
import { asignacionConsultaRoutes } from './asignaciones.ts';
import { asignarRoutes } from './asignar.ts';
import { controlesRoutes } from './controles.ts';
import { finalizarRoutes } from './finalizar.ts';
import { pendientesRoutes, siguientePendiente } from './pendientes.ts';

const tags = ['revisión'];

/**
 * The review of attentions (AM and GD): one review transition here; the load's finalisation, the
 * assignments, the controls and the pending navigation in the files beside it.
 */
export async function revisionRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database;
  const auth = { onRequest: [app.authenticate] };

  await app.register(asignacionConsultaRoutes);
  await app.register(pendientesRoutes);
  await app.register(finalizarRoutes);
  await app.register(asignarRoutes);
  await app.register(controlesRoutes);

  r.post(
    '/api/v1/planillas/:id/revision',
    {
      ...auth,
      schema: {
        response: responses({ 200: postPlanillasByIdRevisionResponse }),
        tags,
        summary: transicionDe('revisar').summary,
        params: idParams,
        body: revisionBodySchema,
      },
    },
    async (req) => {
      const { tipo, version } = req.body;
      const res = await db.transaction((tx) =>
        aplicarRevision(tx, req.user, req.params.id, tipo, version, transicionDe('revisar')),
      );
      const sig = await siguientePendiente(
        db,
        req.user,
        res.tramite,
        tipo,
        res.planilla.idCarga,
        res.planilla.idPlanilla,
      );
      return { mensaje: MSG_PLANILLA.revisionRegistrada, item: res.item, siguiente: sig?.idPlanilla ?? null };
    },
  );

  // The other transitions of one review (docs/spec-summary.md 000 §4): the domain's table, one handler.
  for (const tr of TRANSICIONES_REVISION.filter((x) => x.accion !== 'revisar')) {
    const body = tr.quien === 'supervisor' ? revisionCierreBodySchema : revisionBodySchema;
    r.post(
      `/api/v1/planillas/:id/revision/${tr.accion}`,
      {
        ...auth,
        schema: {
          tags,
          summary: tr.summary,
          params: idParams,
          body,
          response: responses({ 200: revisionTransicionResponse }),
        },
      },
      async (req) => {
        const { tipo, version } = req.body;
        const res = await db.transaction((tx) =>
          aplicarRevision(tx, req.user, req.params.id, tipo, version, tr),
        );
        return { mensaje: tr.mensaje, item: res.item };
      },
    );
  }
}
