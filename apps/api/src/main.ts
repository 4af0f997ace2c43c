import http from 'node:http';
import path from 'node:path';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { esquemaAlDia } from './db/schema-check.ts';
import { seedIfEmpty } from './db/seed/index.ts';
import type { ProcessRole } from './lib/jobs/index.ts';
import { storageFor } from './lib/storage/index.ts';

/*
 * One entry point, four roles (decision 60; docs/deployment.md):
 *   node dist/main.mjs            all: migrate, seed, serve HTTP and run the jobs (`npm start`)
 *   node dist/main.mjs api        serve HTTP only (any number of replicas; needs DATABASE_URL)
 *   node dist/main.mjs worker     run the background jobs only (any number; needs DATABASE_URL)
 *   node dist/main.mjs migrate    migrate and seed the database, then exit (a Kubernetes Job)
 */
const arg = process.argv[2] ?? process.env.APP_ROLE ?? 'all';
if (!['all', 'api', 'worker', 'migrate'].includes(arg)) {
  console.error(`Rol desconocido: ${arg}. Use all, api, worker o migrate.`);
  process.exit(2);
}
const config = loadConfig();
if (arg !== 'all' && arg !== 'migrate' && !config.DATABASE_URL) {
  console.error(
    `El rol ${arg} necesita DATABASE_URL: la base integrada (PGlite) sirve a un solo proceso (npm start).`,
  );
  process.exit(2);
}
if (arg === 'api' && !config.jwtSecret) {
  // Without it each replica would sign with a secret of its own data folder: a session opened on one
  // replica would be refused by the others.
  console.error('El rol api necesita JWT_SECRET (el mismo en todas las réplicas).');
  process.exit(2);
}
const database = await openDatabase(
  config.DATABASE_URL
    ? { url: config.DATABASE_URL, poolMax: config.DATABASE_POOL_MAX }
    : { dataDir: path.join(config.dataDir, 'db') },
);

if (arg === 'all' || arg === 'migrate') {
  await database.migrate();
  const seeded = await seedIfEmpty(database, {
    demo: config.SEED_DEMO,
    tramites: config.SEED_DEMO,
    archivos: storageFor(config),
  });
  // The seed writes tens of thousands of rows at once: a checkpoint now lets the embedded database
  // recycle that WAL before the first user arrives (issue 14, the disk a desktop install needs).
  if (seeded && database.kind === 'pglite') await database.query('CHECKPOINT');
  if (arg === 'migrate') {
    console.log(`Base de datos al día${seeded ? ' y con sus datos iniciales' : ''}.`);
    await database.close();
    process.exit(0);
  }
} else if (!(await esquemaAlDia(database))) {
  // Replicas never migrate: two versions starting together must not race (run `npm run migrate` first).
  console.error('La base de datos no está al día con esta versión: ejecute primero `npm run migrate`.');
  await database.close();
  process.exit(3);
}

const role = arg as ProcessRole;
const app = await buildApp({ config, database, role });

let health: http.Server | undefined;
const shutdown = async () => {
  health?.close();
  await app.close();
  await database.close();
  process.exit(0);
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);

if (role !== 'api') {
  // The outbox job (features/correo): sends the messages committed by any process, retries the rest.
  await app.correo.start();
}
if (role === 'worker') {
  await app.ready();
  // No API here: a liveness answer for the orchestrator, on PORT (200 while the jobs run and the
  // database answers).
  health = http.createServer((req, res) => {
    const ok = () => res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}');
    const fail = () => res.writeHead(503).end();
    if (req.url !== '/api/health' || !app.jobs.running) return fail();
    database.query('SELECT 1').then(ok, fail);
  });
  health.listen(config.PORT, config.HOST);
  app.log.info(`Trabajos en segundo plano en marcha (${app.jobs.kind}); salud en el puerto ${config.PORT}`);
} else {
  await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info(
    `Auditoría Médica escuchando en http://localhost:${config.PORT} (${database.kind}, rol ${role}, trabajos ${app.jobs.kind})`,
  );
}
