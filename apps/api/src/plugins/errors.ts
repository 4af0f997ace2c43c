import { ERROR_CODE, MSG } from '@app/domain';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isConnectionError } from '../db/client.ts';
import { AppError } from '../lib/errors.ts';
import { StorageUnavailable } from '../lib/storage/index.ts';

type PgError = { code?: string; constraint?: string };

/** Seconds a client should wait before retrying after the database dropped its connection. */
const RETRY_AFTER_S = 5;

/** One error shape for the whole API (docs/design-summary.md §3); never a stack trace, never a 500 for bad input. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((err: FastifyError & PgError, req, reply) => {
    if (err instanceof AppError) {
      return reply.code(err.statusCode).send({
        error: { code: err.code, message: err.message, ...(err.fields ? { fields: err.fields } : {}) },
      });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const fields: Record<string, string> = {};
      for (const v of err.validation) {
        const key =
          v.instancePath.replace(/^\//, '').split('/')[0] || String(v.params?.missingProperty ?? '_');
        if (!(key in fields)) fields[key] = v.message ?? MSG.datosInvalidos;
      }
      const first = Object.values(fields)[0] ?? MSG.datosInvalidos;
      return reply.code(400).send({ error: { code: ERROR_CODE.datosInvalidos, message: first, fields } });
    }
    if (err instanceof StorageUnavailable) {
      // Before the database check (a refused connection to the store looks like one). The object
      // store is down or refusing: nothing was kept (a folder upload removes what it stored before
      // the failure and writes no row); asking again once it is back works.
      req.log.error({ err }, 'object storage unavailable');
      return reply
        .code(503)
        .header('retry-after', String(RETRY_AFTER_S * 6))
        .send({
          error: { code: ERROR_CODE.almacenamientoNoDisponible, message: MSG.almacenamientoNoDisponible },
        });
    }
    if (isConnectionError(err)) {
      // The database dropped or refused the connection (restart, failover, pg_terminate_backend): the
      // request did nothing it could keep (its transaction rolled back); asking again shortly works.
      req.log.warn({ err }, 'database connection lost');
      return reply
        .code(503)
        .header('retry-after', String(RETRY_AFTER_S))
        .send({ error: { code: ERROR_CODE.baseNoDisponible, message: MSG.baseNoDisponible } });
    }
    if (err.code === '23503') {
      return reply.code(409).send({ error: { code: ERROR_CODE.enUso, message: MSG.enUso } });
    }
    if (err.code === '23505') {
      return reply.code(409).send({ error: { code: ERROR_CODE.duplicado, message: MSG.duplicado } });
    }
    if (typeof err.code === 'string' && err.code.startsWith('22')) {
      // A value PostgreSQL cannot take (out of range, malformed): bad input that slipped past a schema.
      req.log.warn({ err }, 'data exception from the database');
      return reply
        .code(400)
        .send({ error: { code: ERROR_CODE.valorNoAdmitido, message: MSG.datosInvalidos } });
    }
    if (err.statusCode === 429) {
      return reply
        .code(429)
        .send({ error: { code: ERROR_CODE.demasiadasSolicitudes, message: MSG.demasiadasSolicitudes } });
    }
    if (err.statusCode === 413 || err.code === 'FST_REQ_FILE_TOO_LARGE') {
      return reply
        .code(413)
        .send({ error: { code: ERROR_CODE.archivoMuyGrande, message: MSG.archivoMuyGrande } });
    }
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      // Malformed JSON, wrong content type, ...: the client's fault, said in Spanish.
      return reply
        .code(err.statusCode)
        .send({ error: { code: ERROR_CODE.solicitudIncorrecta, message: MSG.datosInvalidos } });
    }
    req.log.error({ err }, 'unhandled error');
    return reply.code(500).send({ error: { code: ERROR_CODE.errorInterno, message: MSG.errorInterno } });
  });

  app.setNotFoundHandler((_req, reply) => {
    reply.code(404).send({ error: { code: ERROR_CODE.noEncontrado, message: MSG.noEncontrado } });
  });
});
