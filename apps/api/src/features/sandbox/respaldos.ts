import fs from 'node:fs';
import path from 'node:path';
import { binaryResponse, idParams, respaldosSchema, responses, uncheckedResponses } from '@app/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { carga, cargaRespaldo } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import { columnas, consulta, lista, sql, una } from '../../lib/sql.ts';
import { getCargaForUser } from '../cargas/service.ts';
import { getTramiteForUser } from '../tramites/access.ts';
import { dirRespaldos } from './registro.ts';
import { enModo, type Modo } from './schema.ts';

/** A backup as listed (alias r): the size as a number. */
const RESPALDO_COLS = lista([
  columnas(cargaRespaldo, 'r', {
    solo: ['idCargaRespaldo', 'idCarga', 'nombreArchivo', 'tipo'],
    extra: { tamanio: 'r.tamanio::float8' },
  }),
  columnas(cargaRespaldo, 'r', { solo: ['sha256', 'fechaReg'] }),
]);
const DESCARGA_COLS = columnas(cargaRespaldo, 'r', { solo: ['idCarga', 'nombreArchivo', 'tipo', 'ruta'] });
const CARGA_COLS = columnas(carga, 'c', { solo: ['idCarga', 'idTramite'] });

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
        return consulta(
          tx,
          sql`SELECT ${RESPALDO_COLS} FROM carga_respaldo r WHERE r.id_carga = ${c.idCarga} ORDER BY r.id_carga_respaldo`,
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
        const row = await una<{ idCarga: number; nombreArchivo: string; tipo: string; ruta: string }>(
          tx,
          sql`SELECT ${DESCARGA_COLS} FROM carga_respaldo r WHERE r.id_carga_respaldo = ${req.params.id}`,
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
  const c = await una<{ idCarga: number; idTramite: number }>(
    tx,
    sql`SELECT ${CARGA_COLS} FROM carga c WHERE c.id_carga = ${idCarga}`,
  );
  if (!c) throw notFound();
  await getTramiteForUser(tx, user, c.idTramite, { sandbox: true });
  return c;
}
