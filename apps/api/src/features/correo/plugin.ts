import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { alEncolarCorreo } from './outbox.ts';
import { setPublicUrl } from './templates.ts';
import { CORREO_INTENTOS, JOB_CORREO, MailWorker } from './worker.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The outbox job; main.ts starts it, tests drive it with `runOnce()` or `start()`. */
    correo: MailWorker;
  }
}

/** Decorates `app.correo` with the outbox job (not started: see main.ts) and stops it on close. */
export const correoPlugin = fp(async (app: FastifyInstance) => {
  const c = app.config;
  setPublicUrl(c.PUBLIC_URL);
  const worker = new MailWorker(
    app.database,
    app.mailer,
    app.log,
    {
      batch: 5,
      leaseSeconds: c.MAIL_LEASE_SECONDS,
      retryBaseSeconds: c.MAIL_RETRY_BASE_SECONDS,
      retryMax: c.MAIL_RETRY_MAX,
      pollSeconds: c.MAIL_POLL_SECONDS,
    },
    app.jobs,
  );
  // graphile-worker: every message queues a sending round in its own transaction (decision 60).
  const jobs = app.jobs;
  if (jobs.kind === 'graphile') {
    alEncolarCorreo((tx) => jobs.add(JOB_CORREO, {}, { tx, key: 'correo', maxAttempts: CORREO_INTENTOS }));
  }
  app.decorate('correo', worker);
  app.addHook('onClose', async () => worker.close());
});
