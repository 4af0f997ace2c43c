import {
  completitudQuerySchema,
  completitudSchema,
  envioObservacionesSchema,
  envioResultadoSchema,
  idParams,
  PERFIL,
  responses,
  type TipoRevision,
} from '@app/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { getPlanillaForUser } from '../planillas/access.ts';
import { getTramiteForUser } from '../tramites/access.ts';
import { completitud, enviar } from './envio.ts';
import { conteoPlanilla, conteoTramite } from './queries.ts';

const tags = ['observaciones'];

/** Sending a round's observations to the provider, and its answers back to the insurer. */
const ENVIOS = [
  {
    accion: 'enviar-observaciones',
    perfiles: [PERFIL.SUPERVISOR_AM, PERFIL.SUPERVISOR_GD],
    summary:
      'Enviar al prestador las observaciones nuevas de un tipo (17: M, 19: D): EN PROCESO → OBSERVACIONES',
    description:
      'Marca las observaciones no enviadas del tipo con la ronda siguiente y encola el correo al prestador con el ' +
      'reporte de observaciones. Éxito: "Correo con reporte de observaciones enviado.". Sin observaciones nuevas: 422.',
  },
  {
    accion: 'enviar-respuestas',
    perfiles: [PERFIL.PRESTADOR],
    summary: 'Enviar las respuestas de un tipo a la aseguradora (15): OBSERVACIONES → EN PROCESO',
    description:
      'Solo con todas las observaciones enviadas del tipo respondidas; si no, 422 OBSERVACIONES_PENDIENTES con el ' +
      'mensaje del servidor (la web lo muestra como "Observaciones pendientes"). Encola el correo a los supervisores.',
  },
] as const;

export async function envioRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database;
  const auth = { onRequest: [app.authenticate] };

  r.get(
    '/api/v1/planillas/:id/observaciones/completitud',
    {
      ...auth,
      schema: {
        tags,
        summary: 'observacionesCompletas de una atención y tipo (las enviadas al prestador, respondidas)',
        params: idParams,
        querystring: completitudQuerySchema.pick({ tipo: true }),
        response: responses({ 200: completitudSchema }),
      },
    },
    async (req) => {
      const { planilla } = await getPlanillaForUser(db, req.user, req.params.id);
      const tipo = req.query.tipo as TipoRevision;
      return completitud(await conteoPlanilla(db, planilla.idPlanilla, tipo), tipo, 'planilla');
    },
  );

  r.get(
    '/api/v1/tramites/:id/observaciones/completitud',
    {
      ...auth,
      schema: {
        tags,
        summary:
          'observacionesCompletas y mensaje de un trámite y tipo (y carga): habilita el envío de respuestas',
        params: idParams,
        querystring: completitudQuerySchema,
        response: responses({ 200: completitudSchema }),
      },
    },
    async (req) => {
      const t = await getTramiteForUser(db, req.user, req.params.id);
      const tipo = req.query.tipo as TipoRevision;
      return completitud(await conteoTramite(db, t.idTramite, tipo, req.query.idCarga), tipo, 'tramite');
    },
  );

  // The two sends of a round: the same body, answer and service; who may and what each says differ.
  for (const e of ENVIOS)
    r.post(
      `/api/v1/tramites/:id/acciones/${e.accion}`,
      {
        ...auth,
        preValidation: [app.requireProfile(...e.perfiles)],
        schema: {
          tags,
          summary: e.summary,
          description: e.description,
          params: idParams,
          body: envioObservacionesSchema,
          response: responses({ 200: envioResultadoSchema }),
        },
      },
      async (req) =>
        enviar(db, req.user, req.params.id, e.accion, {
          tipo: req.body.tipo as TipoRevision | undefined,
          estadoActual: req.body.estadoActual,
        }),
    );
}
