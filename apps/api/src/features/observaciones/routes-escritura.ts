import {
  idParams,
  MSG_OBSERVACION,
  mensajeSchema,
  observacionCrearSchema,
  observacionEditarSchema,
  observacionEliminarQuerySchema,
  observacionMutacionSchema,
  observacionParams,
  PERFIL,
  resolucionSchema,
  responses,
  respuestaSchema,
  type TipoRevision,
} from '@app/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  crearObservacion,
  editarObservacion,
  eliminarObservacion,
  resolverObservacion,
  responderObservacion,
} from './service.ts';

const tags = ['observaciones'];
const STAFF = [
  PERFIL.REVISOR,
  PERFIL.SUPERVISOR_AM,
  PERFIL.AUDITOR_AM,
  PERFIL.SUPERVISOR_GD,
  PERFIL.GESTOR_GD,
];

/**
 * Writing observations (16–20 by process: 16/17/18 M, 16/19/20 D), answering them (15) and deciding
 * on the answers (the auditor). Rules and messages: service.ts.
 */
export async function escrituraRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database;
  const staff = { onRequest: [app.authenticate], preValidation: [app.requireProfile(...STAFF)] };

  const crear = (nivel: 'planilla' | 'detalle', path: string, summary: string) =>
    r.post(
      path,
      {
        ...staff,
        schema: {
          tags,
          summary,
          description:
            'Tipo M: perfiles 16, 17 y 18 (18 solo en sus atenciones asignadas); tipo D: 16, 19 y 20 (20 solo en las ' +
            'asignadas). Trámite RECIBIDO, EN PROCESO, PLANILLAJE u OBSERVACIONES. La observación estándar es ' +
            'obligatoria ("Debe ingresar una observación estándar"); el texto complementario se guarda en mayúsculas. ' +
            'Queda como borrador hasta que el supervisor envía las observaciones al prestador.',
          params: idParams,
          body: observacionCrearSchema,
          response: responses({ 201: observacionMutacionSchema }),
        },
      },
      async (req, reply) => {
        const item = await db.transaction((tx) =>
          crearObservacion(tx, req.user, nivel, req.params.id, req.body),
        );
        return reply.code(201).send({ mensaje: MSG_OBSERVACION.observacionCreada, item });
      },
    );
  crear('planilla', '/api/v1/planillas/:id/observaciones', 'Registrar una observación en una atención');
  crear('detalle', '/api/v1/planilla-detalles/:id/observaciones', 'Registrar una observación en un detalle');

  r.put(
    '/api/v1/observaciones/:nivel/:id',
    {
      ...staff,
      schema: {
        tags,
        summary: 'Editar una observación no enviada (solo el proceso que la registró)',
        description:
          'Con otro proceso: 422 "No se puede actualizar – La observación fue registrada en {tipo}". El perfil 16 indica ' +
          'en `tipo` el proceso en que actúa. Versión distinta: 409. Ya enviada al prestador: 409.',
        params: observacionParams,
        body: observacionEditarSchema,
        response: responses({ 200: observacionMutacionSchema }),
      },
    },
    async (req) => {
      const { nivel, id } = req.params;
      const item = await db.transaction((tx) => editarObservacion(tx, req.user, nivel, id, req.body));
      return { mensaje: MSG_OBSERVACION.observacionActualizada, item };
    },
  );

  r.delete(
    '/api/v1/observaciones/:nivel/:id',
    {
      ...staff,
      schema: {
        tags,
        summary: 'Eliminar (estado 0) una observación no enviada (solo el proceso que la registró)',
        params: observacionParams,
        querystring: observacionEliminarQuerySchema,
        response: responses({ 200: mensajeSchema }),
      },
    },
    async (req) => {
      const { nivel, id } = req.params;
      const q = { tipo: req.query.tipo as TipoRevision | undefined, version: req.query.version };
      await db.transaction((tx) => eliminarObservacion(tx, req.user, nivel, id, q));
      return { mensaje: MSG_OBSERVACION.observacionEliminada };
    },
  );

  r.post(
    '/api/v1/observaciones/:nivel/:id/respuesta',
    {
      onRequest: [app.authenticate],
      preValidation: [app.requireProfile(PERFIL.PRESTADOR)],
      schema: {
        tags,
        summary: 'Responder una observación enviada (prestador, trámite en OBSERVACIONES)',
        description:
          'Respuesta estándar (idRespuesta) o texto (respuesta, en mayúsculas), al menos una: "Ingrese una respuesta". ' +
          'Puede corregirse hasta que el prestador envía las respuestas. Éxito: "¡Respuesta registrada exitosamente!".',
        params: observacionParams,
        body: respuestaSchema,
        response: responses({ 200: observacionMutacionSchema }),
      },
    },
    async (req) => {
      const { nivel, id } = req.params;
      const item = await db.transaction((tx) => responderObservacion(tx, req.user, nivel, id, req.body));
      return { mensaje: MSG_OBSERVACION.respuestaRegistrada, item };
    },
  );

  r.post(
    '/api/v1/observaciones/:nivel/:id/aceptar',
    {
      ...staff,
      schema: {
        tags,
        summary: 'Decidir sobre la respuesta del prestador: se mantiene, reduce o retira la glosa',
        description:
          'Por el proceso que registró la observación (mismas reglas de perfil y asignación), con la respuesta ya enviada ' +
          'y el trámite RECIBIDO, EN PROCESO o PLANILLAJE. REDUCE y RETIRA aceptan la respuesta (aceptada = true).',
        params: observacionParams,
        body: resolucionSchema,
        response: responses({ 200: observacionMutacionSchema }),
      },
    },
    async (req) => {
      const { nivel, id } = req.params;
      const b = { ...req.body, tipo: req.body.tipo as TipoRevision | undefined };
      const item = await db.transaction((tx) => resolverObservacion(tx, req.user, nivel, id, b));
      return { mensaje: MSG_OBSERVACION.resolucionRegistrada, item };
    },
  );
}
