import {
  autorizacionAccionResponse,
  autorizacionInputSchema,
  autorizacionListQuerySchema,
  autorizacionRechazoSchema,
  autorizacionResolverSchema,
  getAutorizacionesByIdResponse,
  getTramitesByIdAutorizacionesResponse,
  idParams,
  MSG_AUTORIZACION,
  PERFIL,
  postTramitesByIdAutorizacionesResponse201,
  type SessionUser,
  uncheckedResponses,
} from '@app/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { getTramiteForUser } from '../tramites/access.ts';
import { detalleAutorizacion, listarAutorizaciones } from './queries.ts';
import { semanasYCargasActivasRoutes } from './routes-cargas.ts';
import { RESOLUCIONES, type Resolucion, resolver, solicitar } from './service.ts';

const tags = ['autorizaciones'];

/**
 * Authorizations of a procedure ('Solicitudes', docs/spec-summary.md 000 §2, §3, §7): list, detail, request, approve,
 * reject and annul, with the bitácora; weeks of a date range; the active-load checks. Loads under an
 * authorization go through the ingest's own upload (POST /tramites/{id}/cargas with idAutorizacion).
 * Reads in queries.ts, writes in service.ts, the weeks and active loads in routes-cargas.ts.
 */
export async function autorizacionRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database;
  const auth = { onRequest: [app.authenticate] };

  const detalle = (user: SessionUser, id: number) => detalleAutorizacion(db, user, id);

  r.get(
    '/api/v1/tramites/:id/autorizaciones',
    {
      ...auth,
      schema: {
        response: uncheckedResponses({ 200: getTramitesByIdAutorizacionesResponse }),
        tags,
        summary: 'Solicitudes de autorización de un trámite (más recientes primero)',
        params: idParams,
        querystring: autorizacionListQuerySchema,
      },
    },
    async (req) => {
      const t = await getTramiteForUser(db, req.user, req.params.id);
      return listarAutorizaciones(db, req.user, t, req.query);
    },
  );

  r.post(
    '/api/v1/tramites/:id/autorizaciones',
    {
      ...auth,
      preValidation: [app.requireProfile(PERFIL.PRESTADOR)],
      schema: {
        response: uncheckedResponses({ 201: postTramitesByIdAutorizacionesResponse201 }),
        tags,
        summary: 'Registrar una solicitud de autorización (prestador)',
        description:
          'Disponible en RECIBIDO, EN PROCESO u OBSERVACIONES, o cuando el trámite tiene más de una carga (nunca en ENVIADO). ' +
          'Una sola solicitud pendiente por trámite; las fechas dentro del período del trámite.',
        params: idParams,
        body: autorizacionInputSchema,
      },
    },
    async (req, reply) => {
      const id = await db.transaction((tx) => solicitar(tx, req.user, req.params.id, req.body));
      reply.code(201);
      return { mensaje: MSG_AUTORIZACION.solicitada, item: await detalle(req.user, id) };
    },
  );

  r.get(
    '/api/v1/autorizaciones/:id',
    {
      ...auth,
      schema: {
        response: uncheckedResponses({ 200: getAutorizacionesByIdResponse }),
        tags,
        summary: 'Una autorización con los datos de su trámite y las acciones disponibles',
        params: idParams,
      },
    },
    async (req) => detalle(req.user, req.params.id),
  );

  for (const accion of Object.keys(RESOLUCIONES) as Resolucion[]) {
    const def = RESOLUCIONES[accion];
    r.post(
      `/api/v1/autorizaciones/:id/${accion}`,
      {
        ...auth,
        preValidation: [app.requireProfile(...def.perfiles)],
        schema: {
          tags,
          summary: def.resumen,
          params: idParams,
          response: uncheckedResponses({ 200: autorizacionAccionResponse }),
          body: accion === 'rechazar' ? autorizacionRechazoSchema : autorizacionResolverSchema,
        },
      },
      async (req) => {
        const observacion = (req.body as { observacion?: string } | null | undefined)?.observacion ?? null;
        await db.transaction((tx) => resolver(tx, req.user, req.params.id, accion, observacion));
        return { mensaje: def.mensaje, item: await detalle(req.user, req.params.id) };
      },
    );
  }

  semanasYCargasActivasRoutes(app);
}
