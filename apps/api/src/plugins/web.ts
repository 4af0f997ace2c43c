import fs from 'node:fs';
import path from 'node:path';
import { ERROR_CODE } from '@app/domain';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Serves the built web app; every non-API path falls back to index.html (client-side routes). */
export const webPlugin = fp(async (app: FastifyInstance) => {
  const dist = app.config.webDist;
  if (!fs.existsSync(path.join(dist, 'index.html'))) {
    app.log.warn({ dist }, 'web app not built: run `npm run build`');
    return;
  }
  await app.register(fastifyStatic, {
    root: dist,
    wildcard: false,
    setHeaders: (res, file) => {
      if (file.includes(`${path.sep}assets${path.sep}`))
        res.setHeader('cache-control', 'public, max-age=31536000, immutable');
      else res.setHeader('cache-control', 'no-cache');
    },
  });
  app.get('/*', (req, reply) => {
    if (req.url.startsWith('/api/')) {
      return reply
        .code(404)
        .send({ error: { code: ERROR_CODE.noEncontrado, message: 'Recurso no encontrado' } });
    }
    const rel = decodeURIComponent(req.url.split('?')[0]).replace(/^\/+/, '');
    const file = path.join(dist, rel);
    if (rel && file.startsWith(dist) && fs.existsSync(file) && fs.statSync(file).isFile())
      return reply.sendFile(rel);
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
});
