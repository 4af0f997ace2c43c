import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { type AgrupacionZip, MSG_ARCHIVO, nombreZip, type SessionUser } from '@app/domain';
import type { ReporteEnCurso } from '@app/domain/reportes/pdf';
import type { Database, Queryable } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { DocumentosPorTrabajo } from '../../lib/jobs/documentos.ts';
import type { JobContext, JobQueue } from '../../lib/jobs/index.ts';
import { consulta, sql, una } from '../../lib/sql.ts';
import { ObjectNotFound, type Storage } from '../../lib/storage/index.ts';
import { loadSessionUser } from '../../plugins/auth.ts';
import { getTramiteForUser, type TramiteRow } from '../tramites/access.ts';
import { assertCargaDelTramite } from './queries.ts';
import { type EntradaZip, entradasZip, filasZip, zipStream } from './zip.ts';

/*
 * ZIP downloads built by a background job (decision 80, the design of the PDF reports: decision 78).
 * A ZIP's key is its procedure, its variant (grouping and load) and the version of what it holds (a
 * hash of its entries: paths, objects, sizes, dates — so two readers who see the same files share
 * it, and a reader who sees fewer files gets their own). A request whose ZIP is stored (`zip_archivo`,
 * migration 0029) streams it; otherwise it records the ZIP to build in `zip_trabajo` and adds the job
 * `archivos:zip` in the same transaction — once per key, so a double click, a retry or a second
 * reader never builds twice — waits a moment for it and answers 202 with the job's progress. Any
 * worker process builds it into a spool file, stores it under a key made of the key fields only
 * (a run again after a kill overwrites the same object) and removes the row. Stored ZIPs expire
 * after 24 hours (the periodic job `archivos:zip-limpieza`).
 */

/** The background job that builds one ZIP. */
const JOB_ZIP = 'archivos:zip';
/** The periodic clean-up of stored ZIPs. */
const JOB_ZIP_LIMPIEZA = 'archivos:zip-limpieza';
/** Attempts of a ZIP's job (then the dead letter: FALLIDO, said once to the next request). */
const ZIP_INTENTOS = 3;
/** How long a request waits for its ZIP before answering 202. */
export const ESPERA_MS = 2000;
/** Hours a stored ZIP is served (then the clean-up removes it). */
const ZIP_VIGENCIA_HORAS = 24;
/**
 * Another version of the same variant stored this long ago is removed when a new one is stored
 * (twice a download link's life: a link given for it has been used).
 */
const REEMPLAZO_MIN = 10;
/** One PUT to S3 takes at most 5 GiB: a larger ZIP on S3 is streamed in the request (decision 30). */
const MAX_PUT_S3 = 5 * 1024 ** 3;

type PeticionZip = { idTramite: number; agrupar: AgrupacionZip; idCarga: number | null };

/** What a request resolved: the entries the user may see, the file name, the ZIP's key. */
export type ZipPreparado = PeticionZip & {
  entradas: EntradaZip[];
  nombre: string;
  variante: string;
  version: string;
  idUsuario: number;
};

export type ZipServido =
  | { stream: Readable; nombre: string; tamano: number; origen: 'cache' | 'generado' }
  | { listo: true; origen: 'cache' | 'generado' }
  | { directo: true }
  | { enCurso: ReporteEnCurso };

/*
 * `zip_archivo` and `zip_trabajo` (migration 0029) have no Drizzle declaration: their few columns are
 * selected by their SQL names (decision 89 lists select lists for the declared tables).
 */
const VIGENTE = sql`fecha_reg > now() - make_interval(hours => ${ZIP_VIGENCIA_HORAS})`;
/** A stored ZIP's row. */
const esteZip = (p: { idTramite: number; variante: string; version: string }) =>
  sql`id_tramite = ${p.idTramite} AND variante = ${p.variante} AND version = ${p.version}`;

/** The job's payload: what to build, for whose view, and the version the request saw. */
type Encargo = PeticionZip & { idUsuario: number; version: string };

/** 'fecha-c12': the grouping and the load (0: the whole procedure). */
const varianteZip = (p: PeticionZip) => `${p.agrupar}-c${p.idCarga ?? 0}`;

/** The version of a ZIP: what it holds, entry by entry. */
function versionZip(entradas: readonly EntradaZip[]): string {
  const h = crypto.createHash('sha256');
  for (const e of entradas) h.update(`${e.path}\0${e.ruta}\0${e.tamano}\0${e.fechaCrea.getTime()}\n`);
  return h.digest('hex');
}

/** The job key: one job per procedure, variant and version. */
const claveTrabajoZip = (idTramite: number, v: string, version: string) =>
  `zip:${idTramite}:${v}:${version.slice(0, 32)}`;

/** The object key: the key fields only (a run again overwrites the same object). */
const objetoZip = (idTramite: number, v: string, version: string) =>
  `zips/${idTramite}/${v}-${version.slice(0, 32)}.zip`;

const sinArchivosParaDescargar = () => new AppError(404, 'SIN_ARCHIVOS', MSG_ARCHIVO.nadaQueDescargar);

/** The entries of a ZIP as `user` sees them (404 for a load of another procedure or nothing to zip). */
export async function prepararZip(
  db: Queryable,
  user: SessionUser,
  t: TramiteRow,
  q: { agrupar: AgrupacionZip; idCarga?: number | null },
): Promise<ZipPreparado> {
  const idCarga = q.idCarga ?? null;
  if (idCarga) await assertCargaDelTramite(db, idCarga, t.idTramite);
  const filas = await filasZip(db, user, t, { agrupar: q.agrupar, idCarga: idCarga ?? undefined });
  if (filas.length === 0) throw sinArchivosParaDescargar();
  const entradas = entradasZip(filas, q.agrupar);
  const p: PeticionZip = { idTramite: t.idTramite, agrupar: q.agrupar, idCarga };
  return {
    ...p,
    entradas,
    nombre: nombreZip(t.idTramite, q.agrupar, !idCarga),
    variante: varianteZip(p),
    version: versionZip(entradas),
    idUsuario: user.idUsuario,
  };
}

/** The ZIPs' progress rows (`zip_trabajo`) and job. */
const DOCUMENTO = {
  tabla: 'zip_trabajo',
  job: JOB_ZIP,
  intentos: ZIP_INTENTOS,
  codigoFallido: 'ZIP_FALLIDO',
} as const;

export class ZipsPorTrabajo extends DocumentosPorTrabajo<Encargo> {
  constructor(db: Database, storage: Storage, jobs: JobQueue, esperaMs = ESPERA_MS) {
    super(db, storage, jobs, { ...DOCUMENTO, mensajes: MSG_ARCHIVO.zip, esperaMs });
    jobs.define(JOB_ZIP_LIMPIEZA, { maxAttempts: 1, run: () => this.limpiar().then(() => {}) });
    jobs.every(JOB_ZIP_LIMPIEZA, 60);
  }

  /** Whether this ZIP is built by the job (else it is streamed in the request, as before: decision 30). */
  porTrabajo(z: ZipPreparado): boolean {
    if (this.storage.kind !== 's3') return true;
    // An upper bound of the ZIP's length: the files, and per entry its headers (name twice, ZIP64 fields).
    let bytes = 1024;
    for (const e of z.entradas) bytes += e.tamano + 256 + 2 * Buffer.byteLength(e.path);
    return bytes <= MAX_PUT_S3;
  }

  /**
   * The stored ZIP (`leer`: its stream; else only that it is there); otherwise it is queued (once)
   * and, if not stored within `esperaMs`, its progress (the route answers 202; the client asks again).
   */
  async servir(z: ZipPreparado, leer = true): Promise<ZipServido> {
    if (!this.porTrabajo(z)) return { directo: true };
    const guardado = await this.guardado(z, leer);
    if (guardado) return { ...guardado, origen: 'cache' };
    const k = { idTramite: z.idTramite, variante: z.variante, version: z.version };
    const encargo: Encargo = {
      idTramite: z.idTramite,
      agrupar: z.agrupar,
      idCarga: z.idCarga,
      idUsuario: z.idUsuario,
      version: z.version,
    };
    const t = await this.trabajos.encolar(k, encargo, claveTrabajoZip(z.idTramite, z.variante, z.version));
    const r = await this.trabajos.esperar(k, t, () => this.guardado(z, leer));
    return 'listo' in r ? { ...r.listo, origen: 'generado' } : r;
  }

  private async guardado(
    z: ZipPreparado,
    leer: boolean,
  ): Promise<{ stream: Readable; nombre: string; tamano: number } | { listo: true } | null> {
    const f = await una<{ clave: string; tamano: string }>(
      this.db,
      sql`SELECT clave_objeto AS clave, tamano::text AS tamano FROM zip_archivo WHERE ${esteZip(z)} AND ${VIGENTE}`,
    );
    if (!f) return null;
    if (!leer) return { listo: true };
    const tamano = Number(f.tamano);
    try {
      const stream = await this.storage.read(f.clave, { size: tamano });
      return { stream, nombre: z.nombre, tamano };
    } catch (e) {
      if (!(e instanceof ObjectNotFound)) throw e;
      // The object is gone (storage cleaned by hand): forget the row and build it again.
      await consulta(this.db, sql`DELETE FROM zip_archivo WHERE ${esteZip(z)}`);
      return null;
    }
  }

  /**
   * The job: builds the ZIP of the files the requester sees now, stores it and removes its row. Run
   * again after a kill or a failure, it starts over under the same object key; a ZIP already stored
   * is not built again, and one whose files changed since the request is not built (the next
   * request queues the new version).
   */
  protected async construir(e: Encargo, ctx: JobContext) {
    const v = varianteZip(e);
    const k = { idTramite: e.idTramite, variante: v, version: e.version };
    const avance = { hechos: 0, total: 1 };
    await this.trabajos.ejecutar(ctx, k, async (latir) => {
      const z = await this.actual(e);
      const ya = await una(this.db, sql`SELECT 1 FROM zip_archivo WHERE ${esteZip(k)} AND ${VIGENTE}`);
      // Its files changed since the request (the next request queues the new version), or stored already.
      if (!z || z.version !== e.version || ya) return;
      await latir(() => Math.min(99, Math.floor((100 * avance.hechos) / avance.total)));
      await this.guardar(z, ctx, avance);
    });
  }

  /** The ZIP as the requester sees it now; null when they no longer may or there is nothing to zip. */
  private async actual(e: Encargo): Promise<ZipPreparado | null> {
    const user = await loadSessionUser(this.db, e.idUsuario);
    if (!user) return null;
    try {
      const t = await getTramiteForUser(this.db, user, e.idTramite);
      return await prepararZip(this.db, user, t, e);
    } catch (err) {
      if (err instanceof AppError && err.statusCode === 404) return null;
      throw err;
    }
  }

  /** Streams the ZIP into a spool file (counting the bytes: the progress), then into the store. */
  private async guardar(z: ZipPreparado, ctx: JobContext, avance: { hechos: number; total: number }) {
    const spool = path.join(this.storage.spoolDir, `zip-${crypto.randomUUID()}.part`);
    const hash = crypto.createHash('sha256');
    const { stream, size } = zipStream(this.storage, z.entradas, ctx.log);
    avance.total = Math.max(1, size ?? 1);
    const contar = new Transform({
      transform(chunk: Buffer, _enc, cb) {
        hash.update(chunk);
        avance.hechos += chunk.length;
        cb(null, chunk);
      },
    });
    try {
      await pipeline(stream, contar, fs.createWriteStream(spool), { signal: ctx.signal });
      const objeto = objetoZip(z.idTramite, z.variante, z.version);
      await this.storage.putFile(objeto, spool, {
        size: avance.hechos,
        contentType: 'application/zip',
        sha256: hash.digest('hex'),
      });
      await consulta(
        this.db,
        sql`INSERT INTO zip_archivo (id_tramite, variante, version, clave_objeto, nombre, tamano, archivos)
         VALUES (${z.idTramite}, ${z.variante}, ${z.version}, ${objeto}, ${z.nombre}, ${avance.hechos}, ${z.entradas.length})
         ON CONFLICT (id_tramite, variante, version) DO UPDATE
           SET clave_objeto = excluded.clave_objeto, nombre = excluded.nombre, tamano = excluded.tamano,
               archivos = excluded.archivos, fecha_reg = now()`,
      );
      // Older versions of the same variant: replaced (after their links had time to be used).
      const viejos = await consulta<{ clave: string }>(
        this.db,
        sql`DELETE FROM zip_archivo WHERE id_tramite = ${z.idTramite} AND variante = ${z.variante}
            AND version <> ${z.version} AND fecha_reg < now() - make_interval(mins => ${REEMPLAZO_MIN})
         RETURNING clave_objeto AS clave`,
      );
      if (viejos.length) await this.storage.remove(viejos.map((x) => x.clave));
    } finally {
      await fs.promises.rm(spool, { force: true });
    }
  }

  /**
   * The clean-up: stored ZIPs older than 24 hours (object, then row — a row whose object went is
   * built again by the next request) and progress rows nobody touched for as long (a dead letter never
   * read). Returns what it removed (tests).
   */
  async limpiar(): Promise<{ zips: number; trabajos: number }> {
    const viejos = await consulta<{ tramite: number; variante: string; version: string; clave: string }>(
      this.db,
      sql`SELECT id_tramite AS tramite, variante, version, clave_objeto AS clave FROM zip_archivo
        WHERE NOT (${VIGENTE}) ORDER BY fecha_reg LIMIT 1000`,
    );
    if (viejos.length) {
      await this.storage.remove(viejos.map((x) => x.clave));
      for (const x of viejos)
        await consulta(
          this.db,
          sql`DELETE FROM zip_archivo WHERE ${esteZip({ ...x, idTramite: x.tramite })} AND NOT (${VIGENTE})`,
        );
    }
    const trabajos = await consulta(
      this.db,
      sql`DELETE FROM zip_trabajo WHERE fecha_act < now() - make_interval(hours => ${ZIP_VIGENCIA_HORAS})
       RETURNING 1`,
    );
    return { zips: viejos.length, trabajos: trabajos.length };
  }
}
