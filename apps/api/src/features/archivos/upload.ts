import crypto from 'node:crypto';
import { once } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';
import {
  BYTES_FIRMA,
  candidatosNumeroAtencion,
  type EstadoTramite,
  EXTENSION_DE_MIME,
  estadosArchivos,
  MAX_ARCHIVOS_CARGA,
  MAX_BYTES_DOCUMENTO,
  type MimeDocumento,
  MSG_ARCHIVO,
  nombreVisible,
  planillaDeArchivo,
  type ResultadoArchivos,
  rutaVisible,
  type SessionUser,
  tipoPorFirma,
} from '@app/domain';
import type { Multipart } from '@fastify/multipart';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Queryable } from '../../db/client.ts';
import { archivoPla } from '../../db/schema/index.ts';
import { AppError, badRequest, conflict } from '../../lib/errors.ts';
import { columnas, consulta, fila, sql, una } from '../../lib/sql.ts';
import type { Storage } from '../../lib/storage/index.ts';
import { SpoolWriter } from '../../lib/storage/spool-writer.ts';
import { CARGA_SQL, type Carga, getCargaForUser } from '../cargas/service.ts';
import { getTramiteForUser, type TramiteRow } from '../tramites/access.ts';
import { aplicar } from '../workflow/service.ts';

const MAX_MB = MAX_BYTES_DOCUMENTO / 1024 / 1024;

/** A stored file's attention and content hash (alias a). */
const CONTENIDO = columnas(archivoPla, 'a', { solo: ['idPlanilla', 'hash'] });

export const carpetaNoSeleccionada = () =>
  badRequest(MSG_ARCHIVO.carpetaNoSeleccionada, { archivos: MSG_ARCHIVO.carpetaNoSeleccionada });
const demasiados = () =>
  new AppError(413, 'DEMASIADOS_ARCHIVOS', MSG_ARCHIVO.demasiadosArchivos(MAX_ARCHIVOS_CARGA));
const muyGrande = (nombre: string) =>
  new AppError(413, 'ARCHIVO_MUY_GRANDE', MSG_ARCHIVO.archivoMuyGrande(MAX_MB), { archivos: nombre });

/** 409 unless the load takes files: active, organised, its procedure in a state of `estadosArchivos`. */
export function assertCargaAdmiteArchivos(t: TramiteRow, c: Carga) {
  if (!estadosArchivos(c.tipoCarga).includes(t.estadoTramite as EstadoTramite))
    throw conflict(MSG_ARCHIVO.estadoNoPermite(t.estadoTramite), 'ESTADO_INVALIDO');
  if (c.estado !== 1) throw conflict(MSG_ARCHIVO.cargaNoActiva);
  if (c.tienePlanillas !== 1 || c.estadoProceso !== 'COMPLETADA')
    throw conflict(MSG_ARCHIVO.cargaSinPlanillas);
}

/** Early refusal before the body is read: tenant (404) and state (409). */
export async function precheckSubida(db: Database, user: SessionUser, idCarga: number) {
  const c = await getCargaForUser(db, user, idCarga);
  const t = await getTramiteForUser(db, user, c.idTramite);
  assertCargaAdmiteArchivos(t, c);
  return c;
}

type Recibido = {
  spool: string;
  /** As the user sent it (folders inside the chosen one kept), for the result lists. */
  mostrado: string;
  /** Last segment only: the stored metadata. */
  nombre: string;
  hash: string;
  size: number;
  tipo: MimeDocumento;
  /** The spool file being written; settles once it is closed. */
  escrito?: Promise<void>;
  ws?: fs.WriteStream;
  /** Handed to the storage: nothing left to clean up. */
  movido?: boolean;
};

type Pendiente = Recibido & { idPlanilla: number; key: string };

/** Files whose last bytes may still be on their way to disk while the next ones are received. */
const ESCRITURAS_EN_VUELO = 8;
/**
 * Documents up to this size (most scanned pages) are written with one call instead of a stream:
 * fewer round trips to the file-system threads per file. At most ESCRITURAS_EN_VUELO of them are held
 * per request.
 */
const EN_MEMORIA = 1024 * 1024;
const spoolWriter = new SpoolWriter();

const cerrado = (ws: fs.WriteStream) =>
  new Promise<void>((resolve, reject) => {
    ws.once('close', () => resolve());
    ws.once('error', reject);
  });

/**
 * Receives the files of one request into the spool folder, checking each by content and size. Any
 * bad file refuses the whole request (nothing is stored); the caller removes the spooled files.
 * Each file is hashed as it streams, and its writes go on in the background while the next part is
 * parsed (a few at a time), so disk latency does not stall the upload.
 */
export async function recibirArchivos(
  parts: AsyncIterableIterator<Multipart>,
  spoolDir: string,
  recibidos: Recibido[],
) {
  const enVuelo: Promise<void>[] = [];
  try {
    for await (const part of parts) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== 'archivos' || !part.filename) {
        part.file.resume();
        continue;
      }
      const mostrado = rutaVisible(part.filename);
      const spool = path.join(spoolDir, `${crypto.randomUUID()}.part`);
      // Registered first, so that a refusal below still removes whatever was written.
      const r: Recibido = {
        spool,
        mostrado,
        nombre: nombreVisible(part.filename),
        hash: '',
        size: 0,
        tipo: 'application/pdf',
      };
      recibidos.push(r);
      const hash = crypto.createHash('sha256');
      let head = Buffer.alloc(0);
      let size = 0;
      // A document up to EN_MEMORIA is kept whole and written in one go once it has passed its
      // checks (a refused one never touches the disk); a larger one is streamed to its spool file.
      let enMemoria: Buffer[] | null = [];
      let ws: fs.WriteStream | undefined;
      for await (const chunk of part.file as AsyncIterable<Buffer>) {
        hash.update(chunk);
        size += chunk.length;
        if (head.length < BYTES_FIRMA)
          head = Buffer.concat([head, chunk.subarray(0, BYTES_FIRMA - head.length)]);
        if (enMemoria) {
          enMemoria.push(chunk);
          if (size <= EN_MEMORIA) continue;
          ws = fs.createWriteStream(spool, { highWaterMark: 1024 * 1024 });
          r.ws = ws;
          r.escrito = cerrado(ws);
          r.escrito.catch(() => {});
          for (const c of enMemoria) ws.write(c);
          enMemoria = null;
        } else ws?.write(chunk);
        if (ws?.writableNeedDrain) await Promise.race([once(ws, 'drain'), r.escrito]);
      }
      ws?.end();
      if (part.file.truncated) throw muyGrande(mostrado);
      if (size === 0)
        throw badRequest(MSG_ARCHIVO.archivoVacio(mostrado), {
          archivos: MSG_ARCHIVO.archivoVacio(mostrado),
        });
      const tipo = tipoPorFirma(head);
      if (!tipo)
        throw new AppError(415, 'TIPO_NO_PERMITIDO', MSG_ARCHIVO.contenidoNoPermitido(mostrado), {
          archivos: mostrado,
        });
      r.hash = hash.digest('hex');
      r.size = size;
      r.tipo = tipo;
      if (enMemoria) {
        r.escrito = spoolWriter.write(spool, Buffer.concat(enMemoria));
        r.escrito.catch(() => {});
      }
      if (r.escrito) enVuelo.push(r.escrito);
      if (enVuelo.length >= ESCRITURAS_EN_VUELO) await enVuelo.shift();
    }
    await Promise.all(enVuelo);
  } catch (e) {
    const code = (e as { code?: string }).code;
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') throw demasiados();
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw muyGrande(recibidos.at(-1)?.mostrado ?? '');
    throw e;
  }
}

export const storageKey = (idTramite: number, idCarga: number, tipo: MimeDocumento) =>
  `tramites/${idTramite}/cargas/${idCarga}/${crypto.randomUUID()}.${EXTENSION_DE_MIME[tipo]}`;

/**
 * Matches the received files to the load's attentions, stores the new ones and records them in one
 * transaction that locks the procedure and the load (parallel batches of one folder commit one after
 * the other, so the same content sent twice is caught). Objects are written before the commit and
 * removed again if it fails, so the database never points at a missing file.
 */
export async function registrarArchivos(opts: {
  db: Database;
  storage: Storage;
  user: SessionUser;
  idCarga: number;
  recibidos: Recibido[];
  log?: FastifyBaseLogger;
  /**
   * Every file to this attention of the load (no matching by name), with this state check instead of
   * assertCargaAdmiteArchivos: a provider's supporting documents while answering observations
   * (features/observaciones/routes-archivos.ts).
   */
  planilla?: { idPlanilla: number; admite: (t: TramiteRow) => void };
}): Promise<ResultadoArchivos & { estadoTramite: EstadoTramite; mensaje: string }> {
  const { db, storage, user, idCarga, recibidos } = opts;
  if (recibidos.length === 0) throw carpetaNoSeleccionada();
  const c0 = await getCargaForUser(db, user, idCarga);

  // Which attention each file names: one query for every candidate number of the request.
  const candidatos = [
    ...new Set(recibidos.flatMap((r) => candidatosNumeroAtencion(r.nombre).map((x) => x.toUpperCase()))),
  ];
  const filas = await consulta<{ id: number; numero: string }>(
    db,
    sql`SELECT min(id_planilla) AS id, upper(numero) AS numero FROM planilla
      WHERE id_carga = ${idCarga} AND estado = 1 AND upper(numero) = ANY(${sql.param(candidatos)}::text[])
      GROUP BY upper(numero)`,
  );
  const numeros = new Map(filas.map((f) => [f.numero, f.id]));

  const out: ResultadoArchivos = { archivosCargados: [], archivosDuplicados: [], planillasNoEncontradas: [] };
  let pendientes: Pendiente[] = [];
  const vistos = new Set<string>();
  for (const r of recibidos) {
    const idPlanilla = opts.planilla ? opts.planilla.idPlanilla : planillaDeArchivo(r.nombre, numeros);
    if (idPlanilla === undefined) out.planillasNoEncontradas.push(r.mostrado);
    else if (vistos.has(`${idPlanilla}:${r.hash}`)) out.archivosDuplicados.push(r.mostrado);
    else {
      vistos.add(`${idPlanilla}:${r.hash}`);
      pendientes.push(Object.assign(r, { idPlanilla, key: storageKey(c0.idTramite, idCarga, r.tipo) }));
    }
  }
  // Content already stored for the same attention (earlier uploads): duplicates, checked before
  // writing anything and again under the lock below.
  pendientes = await quitarDuplicados(db, pendientes, out);

  const escritos: string[] = [];
  try {
    for (const p of pendientes) {
      await storage.putFile(p.key, p.spool, { size: p.size, contentType: p.tipo, sha256: p.hash });
      p.movido = true;
      escritos.push(p.key);
    }
    const result = await db.transaction(async (tx) => {
      const t = await getTramiteForUser(tx, user, c0.idTramite, { lock: true });
      const c = (await una<Carga>(
        tx,
        sql`${CARGA_SQL} WHERE c.id_carga = ${idCarga} FOR UPDATE OF c`,
      )) as Carga;
      if (opts.planilla) opts.planilla.admite(t);
      else assertCargaAdmiteArchivos(t, c);
      const nuevos = await quitarDuplicados(tx, pendientes, out);
      if (nuevos.length > 0) {
        const { n } = await fila<{ n: number }>(
          tx,
          sql`SELECT count(*)::int AS n FROM archivo_pla WHERE id_carga = ${idCarga}`,
        );
        if (n + nuevos.length > MAX_ARCHIVOS_CARGA)
          throw new AppError(413, 'DEMASIADOS_ARCHIVOS', MSG_ARCHIVO.limiteCarga(MAX_ARCHIVOS_CARGA, n));
        const columna = <T>(f: (p: Pendiente) => T) => sql.param(nuevos.map(f));
        await consulta(
          tx,
          sql`INSERT INTO archivo_pla (id_planilla, id_carga, id_tramite, nombre, ruta, tipo, tamano, hash, id_usuario)
           SELECT x.p, ${idCarga}, ${t.idTramite}, x.n, x.r, x.t, x.s, x.h, ${user.idUsuario}
             FROM unnest(${columna((p) => p.idPlanilla)}::int[], ${columna((p) => p.nombre)}::text[],
                         ${columna((p) => p.key)}::text[], ${columna((p) => p.tipo)}::text[],
                         ${columna((p) => p.size)}::bigint[], ${columna((p) => p.hash)}::text[]) AS x(p, n, r, t, s, h)`,
        );
        await consulta(
          tx,
          sql`UPDATE carga SET tiene_archivos = 1, fecha_actualizacion = now() WHERE id_carga = ${idCarga}`,
        );
      }
      out.archivosCargados = nuevos.map((p) => p.mostrado);
      const nota = MSG_ARCHIVO.bitacoraCarga(
        idCarga,
        nuevos.length,
        out.archivosDuplicados.length,
        out.planillasNoEncontradas.length,
      );
      // ESTRUCTURADO → DOCUMENTADO, logged with the batch that caused it; the files themselves are their
      // own record (archivo_pla: who, when), so a folder of 20,000 files does not flood the log.
      const estadoTramite =
        nuevos.length > 0 ? (await aplicar(tx, t, 'archivos', user, { nota })).hacia : t.estadoTramite;
      return { nuevos, estadoTramite };
    });
    const guardados = new Set(result.nuevos.map((p) => p.key));
    const sobrantes = escritos.filter((k) => !guardados.has(k));
    if (sobrantes.length > 0) await storage.remove(sobrantes);
    return {
      ...out,
      estadoTramite: result.estadoTramite,
      mensaje: MSG_ARCHIVO.cargadosTexto(out.archivosCargados.length),
    };
  } catch (e) {
    await storage.remove(escritos).catch((err) => opts.log?.error({ err }, 'could not remove stored files'));
    throw e;
  }
}

/** Moves to `out.archivosDuplicados` the pending files whose content the attention already has. */
async function quitarDuplicados(
  q: Queryable,
  pendientes: Pendiente[],
  out: ResultadoArchivos,
): Promise<Pendiente[]> {
  if (pendientes.length === 0) return pendientes;
  const planillas = [...new Set(pendientes.map((p) => p.idPlanilla))];
  const hashes = [...new Set(pendientes.map((p) => p.hash))];
  const rows = await consulta<{ idPlanilla: number; hash: string }>(
    q,
    sql`SELECT DISTINCT ${CONTENIDO} FROM archivo_pla a
      WHERE a.id_planilla = ANY(${sql.param(planillas)}::int[]) AND a.hash = ANY(${sql.param(hashes)}::text[])`,
  );
  if (rows.length === 0) return pendientes;
  const existentes = new Set(rows.map((r) => `${r.idPlanilla}:${r.hash}`));
  const quedan: Pendiente[] = [];
  for (const p of pendientes) {
    if (existentes.has(`${p.idPlanilla}:${p.hash}`)) out.archivosDuplicados.push(p.mostrado);
    else quedan.push(p);
  }
  return quedan;
}

/** Removes the spooled files of a request (stored ones were moved away already), once closed. */
export async function limpiarSpool(recibidos: Recibido[]) {
  await Promise.all(
    recibidos.map(async (r) => {
      if (r.ws && !r.ws.closed) r.ws.destroy();
      await r.escrito?.catch(() => {});
      if (!r.movido) await fs.promises.rm(r.spool, { force: true });
    }),
  );
}
