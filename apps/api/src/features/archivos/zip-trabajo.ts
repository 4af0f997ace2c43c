import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { type AgrupacionZip, MSG_ARCHIVO, nombreZip, type SessionUser } from '@app/domain';
import type { ReporteEnCurso } from '@app/domain/reportes/pdf';
import type { Database, Queryable } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { type JobContext, JobInterrupted, type JobQueue } from '../../lib/jobs/index.ts';
import { ObjectNotFound, type Storage } from '../../lib/storage/index.ts';
import { loadSessionUser } from '../../plugins/auth.ts';
import { getTramiteForUser, type TramiteRow } from '../tramites/access.ts';
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
export const JOB_ZIP = 'archivos:zip';
/** The periodic clean-up of stored ZIPs. */
export const JOB_ZIP_LIMPIEZA = 'archivos:zip-limpieza';
/** Attempts of a ZIP's job (then the dead letter: FALLIDO, said once to the next request). */
export const ZIP_INTENTOS = 3;
/** How long a request waits for its ZIP before answering 202. */
export const ESPERA_MS = 2000;
/** Hours a stored ZIP is served (then the clean-up removes it). */
export const ZIP_VIGENCIA_HORAS = 24;
/** A row pending or building nobody touched for this long lost its job: the next request adds it again. */
const PERDIDO_SEG = 90;
/**
 * Another version of the same variant stored this long ago is removed when a new one is stored
 * (twice a download link's life: a link given for it has been used).
 */
const REEMPLAZO_MIN = 10;
/** One PUT to S3 takes at most 5 GiB: a larger ZIP on S3 is streamed in the request (decision 30). */
const MAX_PUT_S3 = 5 * 1024 ** 3;

export type PeticionZip = { idTramite: number; agrupar: AgrupacionZip; idCarga: number | null };

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

type Trabajo = {
  estado: 'PENDIENTE' | 'GENERANDO' | 'FALLIDO';
  intento: number;
  maxIntentos: number;
  progreso: number;
  perdido: boolean;
};
const TRABAJO_COLS = `estado, intento, max_intentos AS "maxIntentos", progreso,
  fecha_act < now() - make_interval(secs => ${PERDIDO_SEG}) AS perdido`;
const VIGENTE = `fecha_reg > now() - make_interval(hours => ${ZIP_VIGENCIA_HORAS})`;

/** The job's payload: what to build, for whose view, and the version the request saw. */
type Encargo = PeticionZip & { idUsuario: number; version: string };

/** 'fecha-c12': the grouping and the load (0: the whole procedure). */
export const varianteZip = (p: PeticionZip) => `${p.agrupar}-c${p.idCarga ?? 0}`;

/** The version of a ZIP: what it holds, entry by entry. */
export function versionZip(entradas: readonly EntradaZip[]): string {
  const h = crypto.createHash('sha256');
  for (const e of entradas) h.update(`${e.path}\0${e.ruta}\0${e.tamano}\0${e.fechaCrea.getTime()}\n`);
  return h.digest('hex');
}

/** The job key: one job per procedure, variant and version. */
export const claveTrabajoZip = (idTramite: number, v: string, version: string) =>
  `zip:${idTramite}:${v}:${version.slice(0, 32)}`;

/** The object key: the key fields only (a run again overwrites the same object). */
export const objetoZip = (idTramite: number, v: string, version: string) =>
  `zips/${idTramite}/${v}-${version.slice(0, 32)}.zip`;

/** What the 202 answer says of a ZIP being built. */
export function zipEnCurso(
  t: Pick<Trabajo, 'estado' | 'intento' | 'maxIntentos' | 'progreso'>,
): ReporteEnCurso {
  const estado = t.estado === 'GENERANDO' ? 'GENERANDO' : 'PENDIENTE';
  const mensaje =
    t.estado === 'GENERANDO'
      ? t.intento > 1
        ? MSG_ARCHIVO.zipReanudado(t.intento, t.maxIntentos, t.progreso)
        : MSG_ARCHIVO.zipGenerando(t.progreso)
      : t.intento > 0
        ? MSG_ARCHIVO.zipReintentando(t.intento + 1, t.maxIntentos)
        : MSG_ARCHIVO.zipEnCola;
  return { estado, intento: t.intento, maxIntentos: t.maxIntentos, progreso: t.progreso, mensaje };
}

const sinArchivosParaDescargar = () => new AppError(404, 'SIN_ARCHIVOS', MSG_ARCHIVO.nadaQueDescargar);
const dormir = (ms: number) => new Promise((r) => setTimeout(r, ms));
const NUEVO: Trabajo = {
  estado: 'PENDIENTE',
  intento: 0,
  maxIntentos: ZIP_INTENTOS,
  progreso: 0,
  perdido: false,
};

/** The entries of a ZIP as `user` sees them (404 for a load of another procedure or nothing to zip). */
export async function prepararZip(
  db: Queryable,
  user: SessionUser,
  t: TramiteRow,
  q: { agrupar: AgrupacionZip; idCarga?: number | null },
): Promise<ZipPreparado> {
  const idCarga = q.idCarga ?? null;
  if (idCarga) {
    const [c] = await db.query('SELECT 1 FROM carga WHERE id_carga = $1 AND id_tramite = $2', [
      idCarga,
      t.idTramite,
    ]);
    if (!c) throw notFound();
  }
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

export class ZipsPorTrabajo {
  constructor(
    private readonly db: Database,
    private readonly storage: Storage,
    private readonly jobs: JobQueue,
    private readonly esperaMs = ESPERA_MS,
  ) {
    jobs.define(JOB_ZIP, {
      maxAttempts: ZIP_INTENTOS,
      run: (payload, ctx) => this.construir(payload as unknown as Encargo, ctx),
    });
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
    let t: Trabajo | undefined = await this.encolar(z);
    const fin = Date.now() + this.esperaMs;
    for (let pausa = 25; Date.now() < fin; pausa = Math.min(250, pausa * 2)) {
      await dormir(Math.min(pausa, Math.max(0, fin - Date.now())));
      const ya = await this.guardado(z, leer);
      if (ya) return { ...ya, origen: 'generado' };
      t = await this.trabajo(this.db, z);
      if (!t) break; // gone without a stored copy: its files changed meanwhile; the next request builds anew
      if (t.estado === 'FALLIDO') return this.fallido(z);
    }
    return { enCurso: zipEnCurso(t ?? NUEVO) };
  }

  private async trabajo(
    q: Queryable,
    z: Pick<ZipPreparado, 'idTramite' | 'variante' | 'version'>,
    bloquear = false,
  ) {
    const [t] = await q.query<Trabajo>(
      `SELECT ${TRABAJO_COLS} FROM zip_trabajo WHERE id_tramite = $1 AND variante = $2 AND version = $3
       ${bloquear ? 'FOR UPDATE' : ''}`,
      [z.idTramite, z.variante, z.version],
    );
    return t;
  }

  /** The dead letter, said once: the row goes, so the next request queues the ZIP again. */
  private async fallido(z: ZipPreparado): Promise<never> {
    await this.db.query('DELETE FROM zip_trabajo WHERE id_tramite = $1 AND variante = $2 AND version = $3', [
      z.idTramite,
      z.variante,
      z.version,
    ]);
    throw new AppError(500, 'ZIP_FALLIDO', MSG_ARCHIVO.zipFallido);
  }

  /** Records the ZIP to build and adds its job in the same transaction, unless already recorded. */
  private async encolar(z: ZipPreparado): Promise<Trabajo> {
    const existente = await this.trabajo(this.db, z);
    if (existente?.estado === 'FALLIDO') return this.fallido(z);
    if (existente && !existente.perdido) return existente;
    const encargo: Encargo = {
      idTramite: z.idTramite,
      agrupar: z.agrupar,
      idCarga: z.idCarga,
      idUsuario: z.idUsuario,
      version: z.version,
    };
    const key = claveTrabajoZip(z.idTramite, z.variante, z.version);
    return this.db.transaction(async (tx) => {
      const [nuevo] = await tx.query<Trabajo>(
        `INSERT INTO zip_trabajo (id_tramite, variante, version, max_intentos) VALUES ($1, $2, $3, $4)
         ON CONFLICT DO NOTHING RETURNING ${TRABAJO_COLS}`,
        [z.idTramite, z.variante, z.version, ZIP_INTENTOS],
      );
      if (nuevo) {
        await this.jobs.add(JOB_ZIP, encargo, { tx, key });
        return nuevo;
      }
      const t = await this.trabajo(tx, z, true);
      if (!t?.perdido) return t ?? NUEVO;
      await tx.query(
        `UPDATE zip_trabajo SET estado = 'PENDIENTE', progreso = 0, fecha_act = now()
          WHERE id_tramite = $1 AND variante = $2 AND version = $3`,
        [z.idTramite, z.variante, z.version],
      );
      await this.jobs.add(JOB_ZIP, encargo, { tx, key });
      return { ...t, estado: 'PENDIENTE', progreso: 0, perdido: false };
    });
  }

  private async guardado(
    z: ZipPreparado,
    leer: boolean,
  ): Promise<{ stream: Readable; nombre: string; tamano: number } | { listo: true } | null> {
    const [f] = await this.db.query<{ claveObjeto: string; tamano: string }>(
      `SELECT clave_objeto AS "claveObjeto", tamano::text AS tamano FROM zip_archivo
        WHERE id_tramite = $1 AND variante = $2 AND version = $3 AND ${VIGENTE}`,
      [z.idTramite, z.variante, z.version],
    );
    if (!f) return null;
    if (!leer) return { listo: true };
    const tamano = Number(f.tamano);
    try {
      const stream = await this.storage.read(f.claveObjeto, { size: tamano });
      return { stream, nombre: z.nombre, tamano };
    } catch (e) {
      if (!(e instanceof ObjectNotFound)) throw e;
      // The object is gone (storage cleaned by hand): forget the row and build it again.
      await this.db.query(
        'DELETE FROM zip_archivo WHERE id_tramite = $1 AND variante = $2 AND version = $3',
        [z.idTramite, z.variante, z.version],
      );
      return null;
    }
  }

  /**
   * The job: builds the ZIP of the files the requester sees now, stores it and removes its row. Run
   * again after a kill or a failure, it starts over under the same object key; a ZIP already stored
   * is not built again, and one whose files changed since the request is not built (the next
   * request queues the new version).
   */
  private async construir(e: Encargo, ctx: JobContext) {
    const v = varianteZip(e);
    const fila = [e.idTramite, v, e.version];
    const quitar = () =>
      this.db.query('DELETE FROM zip_trabajo WHERE id_tramite = $1 AND variante = $2 AND version = $3', fila);
    const avance = { hechos: 0, total: 1 };
    const tocar = () =>
      this.db.query(
        `UPDATE zip_trabajo SET estado = 'GENERANDO', intento = $4, progreso = $5, fecha_act = now()
          WHERE id_tramite = $1 AND variante = $2 AND version = $3`,
        [...fila, ctx.attempt, Math.min(99, Math.floor((100 * avance.hechos) / avance.total))],
      );
    let latido: NodeJS.Timeout | undefined;
    try {
      const z = await this.actual(e);
      const [ya] = await this.db.query(
        `SELECT 1 FROM zip_archivo WHERE id_tramite = $1 AND variante = $2 AND version = $3 AND ${VIGENTE}`,
        fila,
      );
      // Its files changed since the request (the next request queues the new version), or stored already.
      if (z && z.version === e.version && !ya) {
        await tocar();
        latido = setInterval(() => {
          tocar().catch((err) => ctx.log.warn({ err }, 'ZIP progress'));
        }, 1000);
        latido.unref();
        await this.guardar(z, ctx, avance);
      }
      await quitar();
    } catch (err) {
      if (ctx.signal.aborted) throw new JobInterrupted();
      const ultimo = ctx.attempt >= ctx.maxAttempts;
      await this.db
        .query(
          `UPDATE zip_trabajo SET estado = $4, progreso = 0, mensaje = $5, fecha_act = now()
            WHERE id_tramite = $1 AND variante = $2 AND version = $3`,
          [...fila, ultimo ? 'FALLIDO' : 'PENDIENTE', String((err as Error).message).slice(0, 300)],
        )
        .catch(() => {});
      throw err;
    } finally {
      clearInterval(latido);
    }
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
      await this.db.query(
        `INSERT INTO zip_archivo (id_tramite, variante, version, clave_objeto, nombre, tamano, archivos)
         VALUES ($1, $2, $3, $4, $5, $6, $7)
         ON CONFLICT (id_tramite, variante, version) DO UPDATE
           SET clave_objeto = excluded.clave_objeto, nombre = excluded.nombre, tamano = excluded.tamano,
               archivos = excluded.archivos, fecha_reg = now()`,
        [z.idTramite, z.variante, z.version, objeto, z.nombre, avance.hechos, z.entradas.length],
      );
      // Older versions of the same variant: replaced (after their links had time to be used).
      const viejos = await this.db.query<{ clave: string }>(
        `DELETE FROM zip_archivo WHERE id_tramite = $1 AND variante = $2 AND version <> $3
            AND fecha_reg < now() - make_interval(mins => ${REEMPLAZO_MIN})
         RETURNING clave_objeto AS clave`,
        [z.idTramite, z.variante, z.version],
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
    const viejos = await this.db.query<{
      idTramite: number;
      variante: string;
      version: string;
      clave: string;
    }>(
      `SELECT id_tramite AS "idTramite", variante, version, clave_objeto AS clave FROM zip_archivo
        WHERE NOT (${VIGENTE}) ORDER BY fecha_reg LIMIT 1000`,
    );
    if (viejos.length) {
      await this.storage.remove(viejos.map((x) => x.clave));
      for (const x of viejos)
        await this.db.query(
          `DELETE FROM zip_archivo WHERE id_tramite = $1 AND variante = $2 AND version = $3 AND NOT (${VIGENTE})`,
          [x.idTramite, x.variante, x.version],
        );
    }
    const trabajos = await this.db.query(
      `DELETE FROM zip_trabajo WHERE fecha_act < now() - make_interval(hours => ${ZIP_VIGENCIA_HORAS})
       RETURNING 1`,
    );
    return { zips: viejos.length, trabajos: trabajos.length };
  }
}
