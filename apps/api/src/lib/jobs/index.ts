import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../../db/client.ts';
import { GraphileJobQueue } from './graphile.ts';
import { MemoryJobQueue } from './memory.ts';
import type { JobQueue } from './types.ts';

export { GraphileJobQueue, JOBS_SCHEMA, migrateJobs } from './graphile.ts';
export { MemoryJobQueue } from './memory.ts';
export * from './types.ts';

/**
 * What one process does (decision 60): `all` serves HTTP and runs the background jobs (`npm start`,
 * the tests), `api` only serves HTTP (any number of replicas), `worker` only runs jobs (any number).
 */
export type ProcessRole = 'all' | 'api' | 'worker';

declare module 'fastify' {
  interface FastifyInstance {
    /** Background jobs: define and add them in any process; they run where the role runs jobs. */
    jobs: JobQueue;
    role: ProcessRole;
  }
}

/** graphile-worker on PostgreSQL, the in-process runner on PGlite. */
export function createJobQueue(database: Database, log: FastifyInstance['log']): JobQueue {
  if (database.kind === 'postgres' && database.pool) {
    const url = (database.pool.options as { connectionString?: string }).connectionString;
    if (!url) throw new Error('the PostgreSQL pool has no connection string for the job runner');
    return new GraphileJobQueue(database, url, log, { concurrency: 2 });
  }
  return new MemoryJobQueue(log, 1);
}

/**
 * Decorates `app.jobs` and `app.role`. Jobs start running when the server is ready unless the
 * role is `api`; they stop (the running ones aborted, to run again elsewhere) when it closes.
 */
export const jobsPlugin = fp(async (app: FastifyInstance, opts: { role: ProcessRole; jobs?: JobQueue }) => {
  const jobs = opts.jobs ?? createJobQueue(app.database, app.log);
  app.decorate('jobs', jobs);
  app.decorate('role', opts.role);
  if (opts.role !== 'api') app.addHook('onReady', async () => jobs.start());
  app.addHook('onClose', async () => jobs.close());
});
