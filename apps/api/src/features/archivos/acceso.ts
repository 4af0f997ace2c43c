import type { Readable } from 'node:stream';
import { MSG_ARCHIVO, type SessionUser } from '@app/domain';
import type { FastifyReply } from 'fastify';
import type { Queryable } from '../../db/client.ts';
import { archivoPla } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { columnas, sql, una } from '../../lib/sql.ts';
import { contentDisposition, ObjectNotFound, type Storage } from '../../lib/storage/index.ts';
import { getPlanillaForUser } from '../planillas/access.ts';
import { ARCHIVO_COLS, type ArchivoRow } from './queries.ts';
import { zipStream } from './zip.ts';
import type { ZipPreparado, ZipServido } from './zip-trabajo.ts';

/** A file's load and procedure (alias a). */
const CARGA_TRAMITE = columnas(archivoPla, 'a', { solo: ['idCarga', 'idTramite'] });

/** A file the user may see (tenant of its procedure and, for 18/20, the attention's assignment), else 404. */
export async function getArchivoForUser(q: Queryable, user: SessionUser, idArchivoPla: number) {
  const a = await una<ArchivoRow & { idCarga: number; idTramite: number }>(
    q,
    sql`SELECT ${ARCHIVO_COLS}, ${CARGA_TRAMITE} FROM archivo_pla a
      WHERE a.id_archivo_pla = ${idArchivoPla}`,
  );
  if (!a) throw notFound();
  const ctx = await getPlanillaForUser(q, user, a.idPlanilla);
  return { archivo: a, ...ctx };
}

/** One stored file, inline (preview) or as a download. */
export async function sendArchivo(storage: Storage, reply: FastifyReply, a: ArchivoRow, descarga: boolean) {
  let stream: Readable;
  try {
    stream = await storage.read(a.ruta, { size: a.tamano });
  } catch (e) {
    if (e instanceof ObjectNotFound)
      throw new AppError(404, 'ARCHIVO_NO_DISPONIBLE', MSG_ARCHIVO.archivoNoDisponible);
    throw e;
  }
  reply
    .header('content-type', a.tipo)
    .header('content-length', String(a.tamano))
    .header('content-disposition', contentDisposition(a.nombre, !descarga))
    .header('cache-control', 'private, no-store');
  return reply.send(stream);
}

const zipHeaders = (reply: FastifyReply, nombre: string) =>
  reply
    .header('content-type', 'application/zip')
    .header('content-disposition', contentDisposition(nombre, false))
    .header('cache-control', 'private, no-store');

/**
 * A ZIP as `servir` left it: the stored copy (200, its length), its progress (202, `Retry-After`),
 * or — too large for one object on S3 — streamed here as each file is read (decision 30).
 */
export function sendZip(storage: Storage, reply: FastifyReply, z: ZipPreparado, s: ZipServido) {
  if ('enCurso' in s)
    return reply.code(202).header('retry-after', '1').header('cache-control', 'no-store').send(s.enCurso);
  if ('stream' in s) {
    zipHeaders(reply, s.nombre).header('content-length', String(s.tamano)).header('x-zip-origen', s.origen);
    return reply.send(s.stream as never); // a stream: no serializer runs
  }
  const { stream, size } = zipStream(storage, z.entradas, reply.log);
  zipHeaders(reply, z.nombre);
  if (size !== null) reply.header('content-length', String(size));
  return reply.send(stream as never);
}
