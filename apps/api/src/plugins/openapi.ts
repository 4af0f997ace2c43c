import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

/** OpenAPI generated from the routes' zod schemas: UI at /api/docs, JSON at /api/docs/json. */
export const openapiPlugin = fp(async (app: FastifyInstance) => {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'API de Auditoría Médica',
        description:
          'API del back office de reclamos de salud. Autenticación: `Authorization: Bearer {token}` obtenido en `POST /api/v1/auth/login`. Errores: `{ error: { code, message, fields? } }` con el mensaje en español. ' +
          'Escrituras (POST, PUT): encabezado opcional `Idempotency-Key` (por ejemplo un UUID por operación); la misma clave del mismo usuario durante 15 minutos devuelve la primera respuesta (con `Idempotent-Replayed: true`) sin repetir la operación; con otra solicitud responde 422.',
        version: '1.0.0',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
});
