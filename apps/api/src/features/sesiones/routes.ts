import {
  accesosSesionPageSchema,
  PERFIL,
  responses,
  sandboxLogPageSchema,
  sesionesDiaQuerySchema,
  sesionesErroresPageSchema,
  sesionesMesQuerySchema,
  sesionesPageSchema,
  sesionesPorDiaSchema,
  sesionesPorMesSchema,
  sesionesQuerySchema,
} from '@app/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  listarAccesos,
  listarErrores,
  listarSandboxLog,
  listarSesiones,
  sesionesPorDia,
  sesionesPorMes,
} from './queries.ts';

/**
 * Session administration of docs/spec-summary.md 002 (menu Reportes of the administration area, profile 1):
 * sessions, failed logins, route accesses, sessions per month and per day, sandbox calls.
 */
export async function sesionRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database;
  const tags = ['sesiones'];
  const guard = { onRequest: [app.authenticate], preValidation: [app.requireProfile(PERFIL.ADMINISTRADOR)] };

  r.get(
    '/api/v1/sesiones',
    {
      ...guard,
      schema: {
        tags,
        summary: 'Sesiones',
        querystring: sesionesQuerySchema,
        response: responses({ 200: sesionesPageSchema }),
      },
    },
    async (req) => listarSesiones(db, req.user, req.query),
  );

  r.get(
    '/api/v1/sesiones/errores',
    {
      ...guard,
      schema: {
        tags,
        summary: 'Ingresos fallidos y errores de sesión',
        querystring: sesionesQuerySchema,
        response: responses({ 200: sesionesErroresPageSchema }),
      },
    },
    async (req) => listarErrores(db, req.user, req.query),
  );

  r.get(
    '/api/v1/sesiones/accesos',
    {
      ...guard,
      schema: {
        tags,
        summary: 'Accesos a rutas por sesión',
        querystring: sesionesQuerySchema,
        response: responses({ 200: accesosSesionPageSchema }),
      },
    },
    async (req) => listarAccesos(db, req.user, req.query),
  );

  r.get(
    '/api/v1/sesiones/por-mes',
    {
      ...guard,
      schema: {
        tags,
        summary: 'Sesiones por mes de un año',
        querystring: sesionesMesQuerySchema,
        response: responses({ 200: sesionesPorMesSchema }),
      },
    },
    async (req) => sesionesPorMes(db, req.user, req.query),
  );

  r.get(
    '/api/v1/sesiones/por-dia',
    {
      ...guard,
      schema: {
        tags,
        summary: 'Sesiones por día de un mes',
        querystring: sesionesDiaQuerySchema,
        response: responses({ 200: sesionesPorDiaSchema }),
      },
    },
    async (req) => sesionesPorDia(db, req.user, req.query),
  );

  r.get(
    '/api/v1/sandbox-log',
    {
      ...guard,
      schema: {
        tags,
        summary: 'Llamadas de la API de integración en modo sandbox',
        querystring: sesionesQuerySchema,
        response: responses({ 200: sandboxLogPageSchema }),
      },
    },
    async (req) => listarSandboxLog(db, req.user, req.query),
  );
}
