import type { FastifyBaseLogger } from 'fastify';
import type { Queryable } from '../../db/client.ts';

/*
 * Background work behind one interface (decision 60): graphile-worker on PostgreSQL (jobs in the
 * database, run by any number of worker processes), an in-process runner on the embedded PGlite
 * (one process, as `npm start` runs without DATABASE_URL). Features define their jobs in every
 * process (an API replica adds jobs, a worker runs them) and add them, preferably inside the
 * transaction of the change that causes them.
 */

export type JobContext = {
  /** 1 for the first attempt. */
  attempt: number;
  maxAttempts: number;
  /**
   * Fires when this process stops: the job should stop and throw, it is then run again (by another
   * worker, or after the restart).
   */
  signal: AbortSignal;
  log: FastifyBaseLogger;
};

export type JobHandler = (payload: Record<string, unknown>, ctx: JobContext) => Promise<void>;

export type JobDefinition = {
  /**
   * Attempts before the job is given up (a thrown error is retried with exponential backoff: about
   * 3 s, 7 s, 20 s, 55 s, …). On its last attempt a handler records the failure in its own table
   * (the load FALLIDA, the message FALLIDO): that is the dead letter the user sees.
   */
  maxAttempts: number;
  run: JobHandler;
};

export type AddOptions = {
  /**
   * Added inside this transaction: the job exists only if the transaction commits (graphile-worker;
   * on PGlite the one connection serialises the job's first statement after the transaction).
   */
  tx?: Queryable;
  /** At most one pending job per key: adding again replaces the pending one (not a running one). */
  key?: string;
  /** Not before this many seconds from now. */
  delaySeconds?: number;
  maxAttempts?: number;
};

export interface JobQueue {
  readonly kind: 'memory' | 'graphile';
  /** Declares a job (every process: API replicas add jobs, workers run them). */
  define(name: string, def: JobDefinition): void;
  /** Adds a job; see AddOptions. */
  add(name: string, payload: Record<string, unknown>, opts?: AddOptions): Promise<void>;
  /** Adds `name` every `minutes` minutes (one pending at a time) while workers run. */
  every(name: string, minutes: number): void;
  /** Starts running jobs in this process (the worker role). Idempotent. */
  start(): Promise<void>;
  /** Whether this process runs jobs. */
  readonly running: boolean;
  /** Stops running jobs here: running ones are aborted (they run again later); `start()` resumes. */
  stop(): Promise<void>;
  /** Stops for good (the server closes). */
  close(): Promise<void>;
}

/** Thrown by a job that stopped because its process is stopping: it runs again, it did not fail. */
export class JobInterrupted extends Error {
  constructor() {
    super('job interrupted: the process is stopping');
  }
}

/** graphile-worker's backoff, used by both runners: e^min(attempt, 10) seconds. */
export const backoffSeconds = (attempt: number) => Math.exp(Math.min(attempt, 10));
