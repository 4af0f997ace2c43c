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
export type Queryable = { query: QueryFn };

export type Database = {
  kind: 'pglite' | 'postgres';
  db: Db;
  /** Raw parameterised SQL, for set-based statements Drizzle does not express well. */
  query: QueryFn;
  /** Raw SQL inside one transaction on one connection. */
  transaction: <T>(fn: (tx: Queryable) => Promise<T>) => Promise<T>;
  migrate: () => Promise<void>;
  close: () => Promise<void>;
  pool?: pg.Pool;
  pglite?: PGlite;
};

const migrationsFolder = MIGRATIONS_DIR;

export async function openDatabase(opts: {
  url?: string;
  dataDir?: string;
  loadDataDir?: Blob;
}): Promise<Database> {
  if (opts.url) {
    // Every connection renders instants for America/Guayaquil-independent ISO strings. JIT off: its
    // compile time (seconds) dwarfs these queries (control 1 over 100,000 attentions: 6.1 s with JIT,
    // 1.6 s without; docs/performance.md). Set as startup options: no extra statement per connection.
    const pool = new pg.Pool({ connectionString: opts.url, max: 10, options: '-c TimeZone=UTC -c jit=off' });
    // An idle connection closed by the server (restart, DROP DATABASE … FORCE, network) is discarded
    // by the pool; without a listener its 'error' event would crash the process.
    pool.on('error', () => {});
    const db = drizzlePg(pool, { schema, casing: 'snake_case' }) as unknown as Db;
    return {
      kind: 'postgres',
      db,
      pool,
      query: async (sql, params) => (await pool.query(sql, params as unknown[])).rows,
      transaction: async (fn) => {
        const client = await pool.connect();
        try {
          await client.query('BEGIN');
          const out = await fn({
            query: async (sql, params) => (await client.query(sql, params as unknown[])).rows,
          });
          await client.query('COMMIT');
          return out;
        } catch (e) {
          await client.query('ROLLBACK').catch(() => {});
          throw e;
        } finally {
          client.release();
        }
      },
      migrate: () => migratePg(db as never, { migrationsFolder }),
      close: () => pool.end(),
    };
  }
  const dir = opts.dataDir;
  if (dir) fs.mkdirSync(dir, { recursive: true });
  const client = await PGlite.create(dir ? dir : 'memory://', {
    extensions: { unaccent, pg_trgm },
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
