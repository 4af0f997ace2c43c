import {
  detalleAprobadoSchema,
  detalleCrearSchema,
  detalleEditarSchema,
  detalleEscrituraSchema,
  detalleFechaSchema,
  detalleVersionSchema,
  idParams,
  idSchema,
  MSG_DETALLE_EDICION as M,
  responses,
} from '@app/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actualizarFecha, aplicarGlosaTarifa } from './acciones.ts';
import { aprobarDetalle, crearDetalle, editarDetalle } from './service.ts';

const tags = ['detalles'];
const lineaParams = z.object({ id: idSchema, idDet: idSchema });

/**
 * Line items written by the audit (docs/spec-summary.md 001 §2.7, §5, §6; issue 13 items 2–3): 16, 17, 18 (18 on
 * the attentions it may see) and 19 add and edit lines in RECIBIDO, EN PROCESO and PLANILLAJE; the
 * approved value (glosa) and the over-tariff proposal belong to 16, 17, 18. Every body carries the
 * attention's version (stale → 409); every answer the line and the attention's new totals.
 */
export async function detalleEdicionRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database;
  const auth = { onRequest: [app.authenticate] };

  r.post(
    '/api/v1/planillas/:id/detalles',
    {
      ...auth,
      schema: {
        response: responses({ 201: detalleEscrituraSchema }),
        tags,
        summary: 'Agregar un detalle (elemento codificado o código del prestador por su equivalencia)',
        params: idParams,
        body: detalleCrearSchema,
      },
    },
    async (req, reply) => {
      const out = await db.transaction((tx) => crearDetalle(tx, req.user, req.params.id, req.body));
      return reply.code(201).send({ mensaje: M.detalleCreado, ...out });
    },
  );

  r.put(
    '/api/v1/planillas/:id/detalles/:idDet',
    {
      ...auth,
      schema: {
        response: responses({ 200: detalleEscrituraSchema }),
        tags,
        summary:
          'Editar un detalle: elemento, descripción, fecha, cantidad, valor unitario, laboratorio, imagen',
        params: lineaParams,
        body: detalleEditarSchema,
      },
    },
    async (req) => ({
      mensaje: M.detalleActualizado,
      ...(await db.transaction((tx) =>
        editarDetalle(tx, req.user, req.params.id, req.params.idDet, req.body),
      )),
    }),
  );

  r.put(
    '/api/v1/planillas/:id/detalles/:idDet/aprobado',
    {
      ...auth,
      schema: {
        response: responses({ 200: detalleEscrituraSchema }),
        tags,
        summary:
          'Valor aprobado por la auditoría (16, 17, 18): la diferencia con lo reclamado es la glosa y exige una observación M del detalle',
        params: lineaParams,
        body: detalleAprobadoSchema,
      },
    },
    async (req) => ({
      mensaje: M.aprobadoActualizado,
      ...(await db.transaction((tx) =>
        aprobarDetalle(tx, req.user, req.params.id, req.params.idDet, req.body),
      )),
    }),
  );

  r.put(
    '/api/v1/planillas/:id/detalles/:idDet/fecha',
    {
      ...auth,
      schema: {
        response: responses({ 200: detalleEscrituraSchema }),
        tags,
        summary: 'Actualizar la fecha de atención de un elemento de laboratorio o imagen',
        params: lineaParams,
        body: detalleFechaSchema,
      },
    },
    async (req) => ({
      mensaje: M.fechaActualizada,
      ...(await db.transaction((tx) =>
        actualizarFecha(tx, req.user, req.params.id, req.params.idDet, req.body),
      )),
    }),
  );

  r.post(
    '/api/v1/planillas/:id/detalles/:idDet/glosa-tarifa',
    {
      ...auth,
      schema: {
        response: responses({ 200: detalleEscrituraSchema }),
        tags,
        summary:
          'Aceptar la glosa propuesta por valor superior a la tarifa convenida: observación estándar M y valor aprobado = cantidad × tarifa',
        params: lineaParams,
        body: detalleVersionSchema,
      },
    },
    async (req) => ({
      mensaje: M.glosaTarifaAplicada,
      ...(await db.transaction((tx) =>
        aplicarGlosaTarifa(tx, req.user, req.params.id, req.params.idDet, req.body.version),
      )),
    }),
  );
}
