import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client.ts';
import { seedIfEmpty } from '../db/seed/index.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    testDb: { kind: 'postgres'; adminUrl: string; template: string } | { kind: 'pglite'; dump: string };
  }
}

export const testAdminUrl = () => process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;

/**
 * Migrates and seeds one database for the whole run; each test file then gets its own copy
 * (a PostgreSQL database cloned from the template, or a PGlite data dump loaded in memory).
 */
export default async function setup(project: TestProject) {
  const adminUrl = testAdminUrl();
  if (adminUrl) {
    const template = `test_tpl_${process.pid}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${template}`);
    await admin.query(`CREATE DATABASE ${template}`);
    const url = new URL(adminUrl);
    url.pathname = `/${template}`;
    const database = await openDatabase({ url: url.toString() });
    await database.migrate();
    await seedIfEmpty(database, { demo: true });
    await database.close();
    project.provide('testDb', { kind: 'postgres', adminUrl, template });
    return async () => {
      const rows = await admin.query<{ datname: string }>(
        `SELECT datname FROM pg_database WHERE datname LIKE $1 OR datname = $2`,
        [`test_${process.pid}_%`, template],
      );
      for (const r of rows.rows) await admin.query(`DROP DATABASE IF EXISTS ${r.datname} WITH (FORCE)`);
      await admin.end();
    };
  }
  const database = await openDatabase({});
  await database.migrate();
  await seedIfEmpty(database, { demo: true });
  const blob = await database.pglite!.dumpDataDir('none');
  const dump = path.join(os.tmpdir(), `pglite-test-${process.pid}.tar`);
  fs.writeFileSync(dump, Buffer.from(await blob.arrayBuffer()));
  await database.close();
  project.provide('testDb', { kind: 'pglite', dump });
  return () => fs.rmSync(dump, { force: true });
}
