import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';

// Calendar dates stay `YYYY-MM-DD` strings (no time zone shift); numeric stays a string (money).
pg.types.setTypeParser(1082, (v) => v);

import { MIGRATIONS_DIR } from '../paths.ts';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export type QueryFn = <T = Record<string, unknown>>(sql: string, params?: unknown[]) => Promise<T[]>;
/**
 * What runs SQL: the database, or one transaction's connection. Statements are written with Drizzle's
 * `sql` tag and run with `consulta(q, sql`…`)` (lib/sql.ts, decision 89), which compiles them to the
 * text and parameters this `query` takes.
 */
export type Queryable = { query: QueryFn };

export type Database = {
  kind: 'pglite' | 'postgres';
  db: Db;
  /** Raw parameterised SQL, for set-based statements Drizzle does not express well (via `consulta`). */
  query: QueryFn;
  /** Raw SQL inside one transaction on one connection. */
  transaction: <T>(fn: (tx: Queryable) => Promise<T>) => Promise<T>;
  migrate: () => Promise<void>;
  close: () => Promise<void>;
  pool?: pg.Pool;
  pglite?: PGlite;
};

const migrationsFolder = MIGRATIONS_DIR;
/** The advisory lock key held while migrating (any 64-bit number of our own). */
const MIGRATION_LOCK = 4_200_060;

/** SQLSTATEs of a connection the server ended or refused: admin/crash shutdown, cannot connect now, class 08. */
const CONNECTION_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);
const CONNECTION_ERRNOS = new Set([
  'ECONNRESET',
  'ECONNREFUSED',
  'EPIPE',
  'ETIMEDOUT',
  'ENOTCONN',
  'EHOSTUNREACH',
]);
const CONNECTION_MESSAGES = /Connection terminated|not queryable|Client has encountered a connection error/i;

/**
 * Whether an error means the database connection was lost or refused (issue 11 item 5), looking through
 * wrapped causes (Drizzle wraps driver errors). Such a failure is the database's, not the request's:
 * the request answers 503 with a retry hint and a load fails with a reason.
 */
export function isConnectionError(err: unknown): boolean {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string') {
      if (CONNECTION_SQLSTATES.has(code) || code.startsWith('08') || CONNECTION_ERRNOS.has(code)) return true;
    }
    if (typeof message === 'string' && CONNECTION_MESSAGES.test(message)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

export async function openDatabase(opts: {
  url?: string;
  /** Connections of the PostgreSQL pool (default 10). */
  poolMax?: number;
  dataDir?: string;
  loadDataDir?: Blob;
}): Promise<Database> {
  if (opts.url) {
    // Every connection renders instants for America/Guayaquil-independent ISO strings. JIT off: its
    // compile time (seconds) dwarfs these queries (control 1 over 100,000 attentions: 6.1 s with JIT,
    // 1.6 s without; docs/performance.md). Set as startup options: no extra statement per connection.
    const pool = new pg.Pool({
      connectionString: opts.url,
      max: opts.poolMax ?? 10,
      options: '-c TimeZone=UTC -c jit=off',
    });
    // An idle connection closed by the server (restart, DROP DATABASE … FORCE, network) is discarded
    // by the pool; without a listener its 'error' event would crash the process.
    pool.on('error', () => {});
    // The same for a connection checked out (a transaction, Drizzle, LISTEN): the statement in flight
    // fails with the error and the pool discards the connection when it comes back; nothing else
    // listens, and an 'error' event without a listener would end the process (issue 11 item 5).
    pool.on('connect', (client) => {
      client.on('error', () => {});
    });
    const db = drizzlePg(pool, { schema, casing: 'snake_case' }) as unknown as Db;
    return {
      kind: 'postgres',
      db,
      pool,
      query: async (sql, params) => (await pool.query(sql, params as unknown[])).rows,
      transaction: async (fn) => {
        const client = await pool.connect();
        let broken = false;
        const onError = () => {
          broken = true;
        };
        client.on('error', onError);
        try {
          await client.query('BEGIN');
          const out = await fn({
            query: async (sql, params) => (await client.query(sql, params as unknown[])).rows,
          });
          await client.query('COMMIT');
          return out;
        } catch (e) {
          await client.query('ROLLBACK').catch(() => {
            broken = true;
          });
          throw e;
        } finally {
          client.removeListener('error', onError);
          client.release(broken);
        }
      },
      // Replicas may start together: one migrates at a time (a session advisory lock on its own
      // connection), then graphile-worker's schema for the background jobs (decision 60).
      migrate: async () => {
        const lock = await pool.connect();
        try {
          await lock.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
          await migratePg(db as never, { migrationsFolder });
          const { migrateJobs } = await import('../lib/jobs/graphile.ts');
          await migrateJobs(opts.url as string);
        } finally {
          await lock.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
          lock.release();
        }
      },
      close: () => pool.end(),
    };
  }
  const dir = opts.dataDir;
  if (dir) fs.mkdirSync(dir, { recursive: true });
  const client = await PGlite.create(dir ? dir : 'memory://', {
    extensions: { unaccent, pg_trgm },
    // A desktop's database: WAL recycled after a few segments instead of PostgreSQL's server default
    // of 1 GB (issue 14: a fresh `npm start` left about 1 GB in pg_wal for 36 MB of data).
    postgresqlconf: ['max_wal_size = 32MB', 'min_wal_size = 32MB'],
    parsers: { 1082: (v: string) => v, 1700: (v: string) => v },
    ...(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}),
  });
  await client.exec("SET TIME ZONE 'UTC'");
  const db = drizzlePglite(client, { schema, casing: 'snake_case' }) as unknown as Db;
  return {
    kind: 'pglite',
    db,
    pglite: client,
    query: async (sql, params) => (await client.query(sql, params as unknown[])).rows as never,
    transaction: (fn) =>
      client.transaction((tx) =>
        fn({ query: async (sql, params) => (await tx.query(sql, params as unknown[])).rows as never }),
      ),
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    close: () => client.close(),
  };
}
