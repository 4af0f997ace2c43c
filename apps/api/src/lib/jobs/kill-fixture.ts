/*
 * A worker process for jobs.test.ts (`kill -9` of a worker): runs one job that never ends and tells
 * its parent when it holds it. Not a test file itself.
 */
import type { FastifyBaseLogger } from 'fastify';
import { openDatabase } from '../../db/client.ts';
import { GraphileJobQueue } from './graphile.ts';

const url = process.env.JOBS_TEST_URL as string;
const log = { info() {}, warn() {}, error() {}, debug() {} } as unknown as FastifyBaseLogger;
const db = await openDatabase({ url });
const q = new GraphileJobQueue(db, url, log, { concurrency: 1, pollIntervalMs: 200 });
q.define('prueba:larga', {
  maxAttempts: 3,
  run: async () => {
    process.send?.('started');
    await new Promise(() => {});
  },
});
await q.start();
process.send?.('ready');
