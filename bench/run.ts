/**
 * `npm run bench`: every benchmark in turn against the PostgreSQL server of DATABASE_URL (default the
 * local one), each writing its section of docs/performance.md. One benchmark: `npm run bench -- ingest`.
 * They are benchmarks, not tests: they take minutes and want an otherwise idle machine.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const url = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const ALL: Record<string, string[]> = {
  'web-bundle': ['bench/web-bundle.ts'],
  ingest: ['bench/ingest.ts'],
  'cluster-ingest': ['bench/cluster-ingest.ts'],
  'cluster-carga': ['bench/cluster-carga.ts'],
  planillas: ['bench/planillas.ts', url, '100000', '900000', '--keep'],
  archivos: ['bench/archivos.ts'],
  observaciones: ['bench/observaciones.ts', url],
  totales: ['bench/totales.ts', url, '100000'],
  reportes: ['bench/reportes.ts', url],
};
const chosen = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const names = chosen.length > 0 ? chosen : Object.keys(ALL);
const root = path.resolve(import.meta.dirname, '..');
for (const name of names) {
  const args = ALL[name];
  if (!args) {
    console.error(`Benchmark desconocido: ${name}. Disponibles: ${Object.keys(ALL).join(', ')}`);
    process.exit(2);
  }
  console.log(`\n=== ${name} ===`);
  const r = spawnSync('npx', ['tsx', ...args], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, DATABASE_URL: url },
  });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
