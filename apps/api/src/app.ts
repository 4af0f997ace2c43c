import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { adminRoutes } from './features/admin/routes.ts';
import { archivoRoutes } from './features/archivos/routes.ts';
import { authRoutes } from './features/auth/routes.ts';
import { autorizacionRoutes } from './features/autorizaciones/routes.ts';
import { cargaAmbRoutes } from './features/cargaamb/routes.ts';
import { cargaRoutes } from './features/cargas/routes.ts';
import { catalogRoutes } from './features/catalogs/routes.ts';
import { correoPlugin } from './features/correo/plugin.ts';
import { detalleRoutes } from './features/detalles/routes.ts';
import { estadisticasRoutes } from './features/estadisticas/routes.ts';
import { fhirRoutes } from './features/fhir/routes.ts';
import { finanzasRoutes } from './features/finanzas/routes.ts';
import { herramientasRoutes } from './features/herramientas/routes.ts';
import { apiTokenRoutes } from './features/integracion/tokens.ts';
import { observacionRoutes } from './features/observaciones/routes.ts';
import { respuestasEstandarRoutes } from './features/observaciones-catalogo/routes.ts';
import { planillasPorDiagnosticoRoutes } from './features/planillas/por-diagnostico.ts';
import { planillaRoutes } from './features/planillas/routes.ts';
import { preferenciasRoutes } from './features/preferencias/routes.ts';
import { registroRoutes } from './features/registro/routes.ts';
import { reportesPdfRoutes } from './features/reportes/routes.ts';
import { revisionRoutes } from './features/revision/routes.ts';
import { sandboxRoutes } from './features/sandbox/routes.ts';
import { sesionRoutes } from './features/sesiones/routes.ts';
import { bitacoraRoutes } from './features/tramites/bitacora.ts';
import { tramiteRoutes } from './features/tramites/routes.ts';
import { type JobQueue, jobsPlugin, type ProcessRole } from './lib/jobs/index.ts';
import { serializerCompiler } from './lib/serializer.ts';
import { authPlugin } from './plugins/auth.ts';
import { errorsPlugin } from './plugins/errors.ts';
import { idempotencyPlugin } from './plugins/idempotency.ts';
import { mailPlugin } from './plugins/mail.ts';
import { openapiPlugin } from './plugins/openapi.ts';
import { webPlugin } from './plugins/web.ts';

/** TRUST_PROXY for Fastify: a hop count as the function Fastify itself would build from it. */
function trustProxy(v: boolean | number | string) {
  return typeof v === 'number' ? (_address: string, hop: number) => hop < v : v;
}

export async function buildApp(opts: {
  config: Config;
  database: Database;
  logger?: boolean;
  /** What this process does (decision 60): 'all' (default), 'api' (HTTP only) or 'worker' (jobs only). */
  role?: ProcessRole;
  /** The job runner to use instead of the one the database implies (tests). */
  jobs?: JobQueue;
}): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      opts.logger === false
        ? false
        : {
            level: opts.config.LOG_LEVEL,
            redact: ['req.headers.authorization', 'body.clave', 'body.nuevaClave'],
          },
    trustProxy: trustProxy(opts.config.TRUST_PROXY),
    bodyLimit: 2 * 1024 * 1024,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', opts.config);
  app.decorate('database', opts.database);

  await app.register(errorsPlugin);
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        frameSrc: ["'self'", 'blob:'],
        objectSrc: ["'self'", 'blob:'],
      },
    },
  });
  await app.register(rateLimit, { global: false });
  // Answers carry patients' data: no browser or proxy keeps them, unless a route chose its own caching
  // for something public (decision 37).
  app.addHook('onSend', async (req, reply, payload) => {
    if (req.url.startsWith('/api/') && !reply.hasHeader('cache-control'))
      reply.header('cache-control', 'no-store');
    return payload;
  });
  await app.register(openapiPlugin);
  await app.register(authPlugin);
  // Every signed-in write honours Idempotency-Key (decision 49): before any route is declared.
  await app.register(idempotencyPlugin);
  // Background jobs (decision 60): graphile-worker on PostgreSQL, in-process on PGlite.
  await app.register(jobsPlugin, { role: opts.role ?? 'all', jobs: opts.jobs });
  await app.register(mailPlugin);
  await app.register(correoPlugin);

  app.get(
    '/api/health',
    {
      schema: {
        tags: ['sistema'],
        summary: 'Estado del servicio',
        response: { 200: z.object({ status: z.literal('ok') }) },
      },
    },
    async () => {
      await opts.database.query('SELECT 1');
      return { status: 'ok' as const };
    },
  );

  // One line per feature.
  await app.register(authRoutes);
  await app.register(preferenciasRoutes);
  await app.register(catalogRoutes);
  await app.register(tramiteRoutes);
  await app.register(bitacoraRoutes);
  await app.register(cargaRoutes);
  await app.register(cargaAmbRoutes);
  await app.register(apiTokenRoutes);
  await app.register(autorizacionRoutes);
  await app.register(sandboxRoutes);

  await app.register(planillaRoutes);
  await app.register(planillasPorDiagnosticoRoutes);
  await app.register(revisionRoutes);
  await app.register(detalleRoutes);
  await app.register(observacionRoutes);
  await app.register(respuestasEstandarRoutes);
  await app.register(reportesPdfRoutes);
  await app.register(adminRoutes);
  await app.register(registroRoutes);
  await app.register(sesionRoutes);
  await app.register(herramientasRoutes);
  await app.register(archivoRoutes);
  await app.register(finanzasRoutes);
  await app.register(estadisticasRoutes);
  await app.register(fhirRoutes);

  await app.register(webPlugin);
  return app;
}
