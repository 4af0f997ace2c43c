import {
  accionBodySchema,
  getPrestadoresMiosResponse,
  getTramitesAccionesResponse,
  getTramitesByIdAnulacionResponse,
  getTramitesByIdResponse,
  getTramitesResponse,
  idParams,
  idSchema,
  MSG,
  MSG_TRAMITE,
  PERFIL,
  postTramitesByIdAccionesByAccionResponse,
  postTramitesResponse201,
  putTramitesByIdResponse,
  responses,
  type SessionUser,
  TRANSICIONES,
  tramiteInputSchema,
  tramiteListQuerySchema,
  tramiteUpdateSchema,
  transicion,
  uncheckedResponses,
} from '@app/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest, forbidden, notFound } from '../../lib/errors.ts';
import { getTramiteForUser } from './access.ts';
import { listarTramites, prestadoresVisibles } from './lista.ts';
import {
  actualizarTramite,
  anulacionTramite,
  aplicarAccion,
  registrarTramite,
  vistaTramite,
} from './service.ts';

const tags = ['trámites'];

/**
 * Procedures: the list by view, register, read, edit, the visible providers, the workflow's transitions, what
 * annulling would take and a workflow action. The list's SQL in lista.ts, reads and writes in service.ts.
 */
export async function tramiteRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database;
  const auth = { onRequest: [app.authenticate] };

  const view = (user: SessionUser, idTramite: number) => vistaTramite(db, user, idTramite);

  r.get(
    '/api/v1/tramites',
    {
      ...auth,
      schema: {
        response: uncheckedResponses({ 200: getTramitesResponse }),
        tags,
        summary: 'Lista de trámites por vista',
        querystring: tramiteListQuerySchema,
      },
    },
    async (req) => listarTramites(db, req.user, req.query),
  );

  r.post(
    '/api/v1/tramites',
    {
      onRequest: [app.authenticate],
      preValidation: [app.requireProfile(PERFIL.PRESTADOR)],
      schema: {
        response: uncheckedResponses({ 201: postTramitesResponse201 }),
        tags,
        summary: 'Registrar un trámite (prestador)',
        body: tramiteInputSchema,
      },
    },
    async (req, reply) => {
      const id = await registrarTramite(db, req.user, req.body);
      reply.code(201);
      return { mensaje: MSG_TRAMITE.creado, item: await view(req.user, id) };
    },
  );

  r.get(
    '/api/v1/tramites/:id',
    {
      ...auth,
      schema: {
        response: uncheckedResponses({ 200: getTramitesByIdResponse }),
        tags,
        summary: 'Un trámite',
        params: idParams,
      },
    },
    async (req) => view(req.user, req.params.id),
  );

  r.put(
    '/api/v1/tramites/:id',
    {
      ...auth,
      schema: {
        response: uncheckedResponses({ 200: putTramitesByIdResponse }),
        tags,
        summary:
          'Actualizar fechas y descripción (REGISTRADO, o con una autorización aprobada solo ampliando el período)',
        params: idParams,
        body: tramiteUpdateSchema,
      },
    },
    async (req) => {
      if (req.user.idPerfil !== PERFIL.PRESTADOR) {
        await getTramiteForUser(db, req.user, req.params.id);
        throw forbidden();
      }
      await db.transaction((tx) => actualizarTramite(tx, req.user, req.params.id, req.body));
      return { mensaje: MSG_TRAMITE.actualizado, item: await view(req.user, req.params.id) };
    },
  );

  r.get(
    '/api/v1/prestadores/mios',
    {
      ...auth,
      schema: {
        response: responses({ 200: getPrestadoresMiosResponse }),
        tags,
        summary: 'Prestadores visibles para el usuario (para formularios y filtros)',
      },
    },
    async (req) => prestadoresVisibles(db, req.user),
  );

  r.get(
    '/api/v1/tramites/acciones',
    {
      ...auth,
      schema: {
        response: uncheckedResponses({ 200: getTramitesAccionesResponse }),
        tags,
        summary: 'Tabla de transiciones del flujo',
      },
    },
    async () =>
      TRANSICIONES.map(({ accion, label, desde, hacia, perfiles }) => ({
        accion,
        label,
        desde,
        hacia,
        perfiles,
      })),
  );

  r.get(
    '/api/v1/tramites/:id/anulacion',
    {
      ...auth,
      schema: {
        response: responses({ 200: getTramitesByIdAnulacionResponse }),
        tags,
        summary:
          'Qué contiene un trámite antes de anularlo (para la confirmación) y si el usuario puede anularlo',
        params: idParams,
      },
    },
    async (req) => anulacionTramite(db, req.user, req.params.id),
  );

  r.post(
    '/api/v1/tramites/:id/acciones/:accion',
    {
      ...auth,
      schema: {
        response: uncheckedResponses({ 200: postTramitesByIdAccionesByAccionResponse }),
        tags,
        summary: 'Aplicar una acción del flujo del trámite',
        params: z.object({ id: idSchema, accion: z.string().max(40) }),
        body: accionBodySchema.nullish(),
      },
    },
    async (req) => {
      const tr = transicion(req.params.accion);
      if (!tr) throw notFound();
      const expected = req.body?.estadoActual;
      if (tr.guards.includes('estadoEsperado') && !expected) {
        throw badRequest(MSG_TRAMITE.solicitudIncorrecta, {
          estadoActual: MSG.campoRequerido('Estado actual'),
        });
      }
      const result = await db.transaction((tx) => aplicarAccion(tx, req.user, req.params.id, tr, req.body));
      return { ...result, item: await view(req.user, req.params.id) };
    },
  );
}
