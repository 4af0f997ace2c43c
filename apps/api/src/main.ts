import path from 'node:path';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { seedIfEmpty } from './db/seed/index.ts';
import { storageFor } from './lib/storage/index.ts';

const config = loadConfig();
const database = await openDatabase(
  config.DATABASE_URL ? { url: config.DATABASE_URL } : { dataDir: path.join(config.dataDir, 'db') },
);
await database.migrate();
const seeded = await seedIfEmpty(database, {
  demo: config.SEED_DEMO,
  tramites: config.SEED_DEMO,
  archivos: storageFor(config),
});
// The seed writes tens of thousands of rows at once: a checkpoint now lets the embedded database
// recycle that WAL before the first user arrives (issue 14, the disk a desktop install needs).
if (seeded && database.kind === 'pglite') await database.query('CHECKPOINT');
const app = await buildApp({ config, database });
if (seeded) app.log.info({ demo: config.SEED_DEMO }, 'database seeded');

const shutdown = async () => {
  await app.close();
  await database.close();
  process.exit(0);
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);

await app.listen({ port: config.PORT, host: config.HOST });
// The outbox job (features/correo): sends the messages committed by any process, retries the rest.
await app.correo.start();
app.log.info(`Auditoría Médica escuchando en http://localhost:${config.PORT} (${database.kind})`);
