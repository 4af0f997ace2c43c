import fs from 'node:fs';
import path from 'node:path';
import { MIGRATIONS_DIR } from '../paths.ts';
import type { Database } from './client.ts';

/**
 * Whether the database has every migration of this version, and the job queue's schema (decision
 * 60). API and worker processes check instead of migrating: replicas of two versions starting
 * together must not race; `npm run migrate` (a Kubernetes Job) migrates once.
 */
export async function esquemaAlDia(db: Database): Promise<boolean> {
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as {
    entries: Array<{ when: number }>;
  };
  const ultima = Math.max(...journal.entries.map((e) => e.when));
  try {
    const [r] = await db.query<{ hecha: string | null; cola: boolean }>(
      `SELECT (SELECT max(created_at)::text FROM drizzle.__drizzle_migrations) AS hecha,
              to_regclass('graphile_worker.jobs') IS NOT NULL AS cola`,
    );
    return Number(r?.hecha ?? 0) >= ultima && (db.kind !== 'postgres' || r.cola);
  } catch {
    return false; // no migration table at all
  }
}
