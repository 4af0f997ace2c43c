import fs from 'node:fs';
import path from 'node:path';
import { binaryResponse, idParams, respaldosSchema, responses, uncheckedResponses } from '@app/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/errors.ts';
import { getCargaForUser } from '../cargas/service.ts';
import { getTramiteForUser } from '../tramites/access.ts';
import { dirRespaldos } from './registro.ts';
import { enModo, type Modo } from './schema.ts';

/**
 * The backups of a load, listed and downloaded, real or sandbox (under `prefix`); registered inside
 * `sandboxRoutes` (routes.ts), whose hook writes sandbox_log for the sandbox ones.
 */
export function respaldosRoutes(app: FastifyInstance, modo: Modo, prefix: string, tags: string[]) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database;
  const dataDir = app.config.dataDir;
  const sandbox = modo === 'sandbox';

  r.get(
    `${prefix}/cargas/:id/respaldos`,
    {
      onRequest: [app.authenticate],
      config: { sandboxLog: sandbox, apiToken: true },
      schema: {
        tags,
        summary: `Archivos de respaldo de una carga${sandbox ? ' (sandbox)' : ''}`,
        params: idParams,
        response: uncheckedResponses({ 200: respaldosSchema }),
      },
    },
    async (req) =>
      enModo(db, modo, async (tx) => {
        const c = sandbox
          ? await cargaSandbox(tx, req.user, req.params.id)
          : await getCargaForUser(tx, req.user, req.params.id);
        return tx.query(
          `SELECT id_carga_respaldo AS "idCargaRespaldo", id_carga AS "idCarga", nombre_archivo AS "nombreArchivo", tipo,
                  tamanio::float8 AS tamanio, sha256, fecha_reg AS "fechaReg"
             FROM carga_respaldo WHERE id_carga = $1 ORDER BY id_carga_respaldo`,
          [c.idCarga],
        );
      }),
  );

  r.get(
    `${prefix}/respaldos/:id`,
    {
      onRequest: [app.authenticate],
      config: { sandboxLog: sandbox, apiToken: true },
      schema: {
        tags,
        summary: `Descargar un archivo de respaldo${sandbox ? ' (sandbox)' : ''}`,
        params: idParams,
        response: responses({ 200: binaryResponse('application/octet-stream') }),
      },
    },
    async (req, reply) => {
      const f = await enModo(db, modo, async (tx) => {
        const [row] = await tx.query<{
          idCarga: number;
          nombreArchivo: string;
          tipo: string;
          ruta: string;
        }>(
          `SELECT id_carga AS "idCarga", nombre_archivo AS "nombreArchivo", tipo, ruta FROM carga_respaldo
            WHERE id_carga_respaldo = $1`,
          [req.params.id],
        );
        if (!row) throw notFound();
        if (sandbox) await cargaSandbox(tx, req.user, row.idCarga);
        else await getCargaForUser(tx, req.user, row.idCarga);
        return row;
      });
      const file = path.join(dirRespaldos(dataDir), f.ruta);
      if (!f.ruta || !fs.existsSync(file)) throw notFound();
      reply.header('content-type', f.tipo);
      reply.header(
        'content-disposition',
        `attachment; filename="${f.nombreArchivo.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(f.nombreArchivo)}`,
      );
      return reply.send(fs.createReadStream(file));
    },
  );
}

/** A sandbox load whose procedure is the user's (call inside a sandbox transaction), else 404. */
export async function cargaSandbox(
  tx: Parameters<typeof getTramiteForUser>[0],
  user: FastifyRequest['user'],
  idCarga: number,
) {
  const [c] = await tx.query<{ idCarga: number; idTramite: number }>(
    'SELECT id_carga AS "idCarga", id_tramite AS "idTramite" FROM carga WHERE id_carga = $1',
    [idCarga],
  );
  if (!c) throw notFound();
  await getTramiteForUser(tx, user, c.idTramite, { sandbox: true });
  return c;
}
