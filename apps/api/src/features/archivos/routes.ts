import fs from 'node:fs';
import path from 'node:path';
import { MAX_BYTES_DOCUMENTO } from '@app/domain';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { type Storage, storageFor } from '../../lib/storage/index.ts';
import { descargasRoutes } from './descargas.ts';
import { informesRoutes } from './informes.ts';
import { lecturaRoutes } from './lectura.ts';
import { subidaRoutes } from './subida.ts';
import { ticketKey } from './tickets.ts';
import { ZipsPorTrabajo } from './zip-trabajo.ts';

/** What the files' routes share: the storage layer, the download links' key, the ZIP builder. */
export type ArchivoRoutesOpts = {
  storage: Storage;
  /** HMAC key of the short download links (tickets.ts). */
  key: Buffer;
  zips: ZipsPorTrabajo;
};

/**
 * Supporting files of the attentions (issue 6): folder upload (subida.ts), lists, previews and
 * single downloads (lectura.ts), ZIPs built by a background job and signed links (descargas.ts,
 * decision 80), the supervisors' reports (informes.ts).
 */
export async function archivoRoutes(app: FastifyInstance) {
  const storage = storageFor(app.config);
  if (!app.hasContentTypeParser('multipart/form-data')) {
    await app.register(multipart, { limits: { fileSize: MAX_BYTES_DOCUMENTO } });
  }
  // Uploads and ZIPs left behind by a crash.
  app.addHook('onReady', async () => {
    const dayAgo = Date.now() - 86_400_000;
    for (const f of fs.readdirSync(storage.spoolDir)) {
      const file = path.join(storage.spoolDir, f);
      if (f.endsWith('.part') && fs.statSync(file).mtimeMs < dayAgo) fs.rmSync(file, { force: true });
    }
  });
  const opts: ArchivoRoutesOpts = {
    storage,
    key: ticketKey(app.config),
    zips: new ZipsPorTrabajo(app.database, storage, app.jobs),
  };
  await app.register(subidaRoutes, opts);
  await app.register(lecturaRoutes, opts);
  await app.register(descargasRoutes, opts);
  await app.register(informesRoutes, opts);
}
