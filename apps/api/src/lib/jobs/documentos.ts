import type { ErrorCode } from '@app/domain';
import type { AvanceDocumento, ReporteEnCurso } from '@app/domain/reportes/pdf';
import type { Database, Queryable } from '../../db/client.ts';
import { reporteTrabajo } from '../../db/schema/index.ts';
import { AppError } from '../errors.ts';
import { columnas, consulta, type SQL, sql, una } from '../sql.ts';
import type { Storage } from '../storage/index.ts';
import { type JobContext, JobInterrupted, type JobQueue } from './index.ts';

/*
 * Documents built by a background job and stored (the PDF reports: decision 78; the ZIPs: decision
 * 80). Each has a progress row keyed by procedure, variant and version (`reporte_trabajo`,
 * `zip_trabajo`: the same columns), inserted by the first request together with its job — once per
 * key, so a double click, a retry or a second reader adds nothing — read by any replica for the
 * 202 answer, written every second by the worker that builds it, removed when it is stored; the
 * last failed attempt leaves it FALLIDO (the dead letter), said once to the next request.
 */

/** A document's key: the procedure, what it holds (variant) and the version of its data. */
export type ClaveDocumento = { idTramite: number; variante: string; version: string };

export type EstadoTrabajo = {
  estado: 'PENDIENTE' | 'GENERANDO' | 'FALLIDO';
  intento: number;
  maxIntentos: number;
  progreso: number;
  /** Nobody touched it for PERDIDO_SEG: its job is gone (a stopped embedded server), add it again. */
  perdido: boolean;
};

/**
 * A row pending or building that nobody touched for this long lost its job (the in-memory queue of
 * a stopped embedded server; a job removed by hand): the next request adds it again. A building
 * worker touches its row every second; a killed one's job is taken again within about 30 s.
 */
const PERDIDO_SEG = 90;
/**
 * A progress row (alias x). `zip_trabajo` has the columns of `reporte_trabajo` (migrations 0028,
 * 0029) and no Drizzle declaration of its own: the list is written from `reporteTrabajo`.
 */
const COLS = columnas(reporteTrabajo, 'x', {
  solo: ['estado', 'intento', 'maxIntentos', 'progreso'],
  extra: { perdido: `x.fecha_act < now() - make_interval(secs => ${PERDIDO_SEG})` },
});
/** One document's row. */
const clave = (k: ClaveDocumento) =>
  sql`x.id_tramite = ${k.idTramite} AND x.variante = ${k.variante} AND x.version = ${k.version}`;
const dormir = (ms: number) => new Promise((r) => setTimeout(r, ms));

export type OpcionesDocumentos = {
  /** The progress table. */
  tabla: 'reporte_trabajo' | 'zip_trabajo';
  /** The job that builds one document. */
  job: string;
  /** Its attempts (then the dead letter). */
  intentos: number;
  /** What the 202 answer says, in Spanish (avanceDocumento). */
  mensajes: AvanceDocumento;
  /** The dead letter's error code ('REPORTE_FALLIDO'). */
  codigoFallido: ErrorCode;
  /** How long a request waits for its document before answering 202. */
  esperaMs: number;
  /** Builds one document from the job's payload (defined here as the job, with `intentos` attempts). */
  construir: (payload: unknown, ctx: JobContext) => Promise<void>;
};

export class TrabajosDocumento {
  readonly nuevo: EstadoTrabajo;
  /** The progress table, alias x (`tabla` of the options, a constant of the code). */
  private readonly tabla: SQL;

  constructor(
    private readonly db: Database,
    private readonly jobs: JobQueue,
    private readonly o: OpcionesDocumentos,
  ) {
    this.tabla = sql`${sql.identifier(o.tabla)} x`;
    this.nuevo = { estado: 'PENDIENTE', intento: 0, maxIntentos: o.intentos, progreso: 0, perdido: false };
    jobs.define(o.job, { maxAttempts: o.intentos, run: (payload, ctx) => o.construir(payload, ctx) });
  }

  /** What the 202 answer says of a document being built. */
  enCurso(t: Pick<EstadoTrabajo, 'estado' | 'intento' | 'maxIntentos' | 'progreso'>): ReporteEnCurso {
    const m = this.o.mensajes;
    const estado = t.estado === 'GENERANDO' ? 'GENERANDO' : 'PENDIENTE';
    const mensaje =
      t.estado === 'GENERANDO'
        ? t.intento > 1
          ? m.reanudado(t.intento, t.maxIntentos, t.progreso)
          : m.generando(t.progreso)
        : t.intento > 0
          ? m.reintentando(t.intento + 1, t.maxIntentos)
          : m.enCola;
    return { estado, intento: t.intento, maxIntentos: t.maxIntentos, progreso: t.progreso, mensaje };
  }

  async trabajo(q: Queryable, k: ClaveDocumento, bloquear = false): Promise<EstadoTrabajo | undefined> {
    return una<EstadoTrabajo>(
      q,
      sql`SELECT ${COLS} FROM ${this.tabla} WHERE ${clave(k)} ${bloquear ? sql`FOR UPDATE` : sql.empty()}`,
    );
  }

  quitar(k: ClaveDocumento) {
    return consulta(this.db, sql`DELETE FROM ${this.tabla} WHERE ${clave(k)}`);
  }

  /** The dead letter, said once: the row goes, so the next request queues the document again. */
  async fallido(k: ClaveDocumento): Promise<never> {
    await this.quitar(k);
    throw new AppError(500, this.o.codigoFallido, this.o.mensajes.fallido);
  }

  /**
   * Records the document to build and adds its job (`encargo`, job key `claveJob`) in the same
   * transaction, unless it is recorded already (one job); a lost job is added again. `antes`: a
   * check run only when nothing is recorded yet (it throws to refuse).
   */
  async encolar(
    k: ClaveDocumento,
    encargo: Record<string, unknown>,
    claveJob: string,
    antes?: () => Promise<void>,
  ): Promise<EstadoTrabajo> {
    const existente = await this.trabajo(this.db, k);
    if (existente?.estado === 'FALLIDO') return this.fallido(k);
    if (existente && !existente.perdido) return existente;
    if (!existente) await antes?.();
    const { job, intentos } = this.o;
    return this.db.transaction(async (tx) => {
      const nuevo = await una<EstadoTrabajo>(
        tx,
        sql`INSERT INTO ${sql.identifier(this.o.tabla)} AS x (id_tramite, variante, version, max_intentos)
            VALUES (${k.idTramite}, ${k.variante}, ${k.version}, ${intentos})
            ON CONFLICT DO NOTHING RETURNING ${COLS}`,
      );
      if (nuevo) {
        await this.jobs.add(job, encargo, { tx, key: claveJob });
        return nuevo;
      }
      const t = await this.trabajo(tx, k, true);
      if (!t?.perdido) return t ?? this.nuevo;
      await consulta(
        tx,
        sql`UPDATE ${this.tabla} SET estado = 'PENDIENTE', progreso = 0, fecha_act = now() WHERE ${clave(k)}`,
      );
      await this.jobs.add(job, encargo, { tx, key: claveJob });
      return { ...t, estado: 'PENDIENTE', progreso: 0, perdido: false };
    });
  }

  /**
   * Waits up to `esperaMs` for the document queued as `t` to be stored (`guardado`: the stored copy,
   * or null); then its progress, for a 202. A dead letter is said (thrown) once.
   */
  async esperar<T>(
    k: ClaveDocumento,
    t0: EstadoTrabajo,
    guardado: () => Promise<T | null>,
  ): Promise<{ listo: T } | { enCurso: ReporteEnCurso }> {
    let t: EstadoTrabajo | undefined = t0;
    const fin = Date.now() + this.o.esperaMs;
    for (let pausa = 25; Date.now() < fin; pausa = Math.min(250, pausa * 2)) {
      await dormir(Math.min(pausa, Math.max(0, fin - Date.now())));
      const ya = await guardado();
      if (ya) return { listo: ya };
      t = await this.trabajo(this.db, k);
      // Gone without a stored copy: its data changed while it was built; the next request builds anew.
      if (!t) break;
      if (t.estado === 'FALLIDO') return this.fallido(k);
    }
    return { enCurso: this.enCurso(t ?? this.nuevo) };
  }

  /**
   * A job's run: `construir` calls `latir(porcentaje)` once it starts building (the row says
   * GENERANDO with the attempt, and the percentage every second); the row goes when it ends. A
   * failure marks the row PENDIENTE (retried) or, on the last attempt, FALLIDO, and is thrown for
   * the queue; a stop of the process is an interruption (the job runs again elsewhere).
   */
  async ejecutar(
    ctx: JobContext,
    k: ClaveDocumento,
    construir: (latir: (porcentaje: () => number) => Promise<void>) => Promise<void>,
  ): Promise<void> {
    let latido: NodeJS.Timeout | undefined;
    const latir = async (porcentaje: () => number) => {
      const tocar = () =>
        consulta(
          this.db,
          sql`UPDATE ${this.tabla} SET estado = 'GENERANDO', intento = ${ctx.attempt}, progreso = ${porcentaje()},
                fecha_act = now()
            WHERE ${clave(k)}`,
        );
      await tocar();
      clearInterval(latido);
      latido = setInterval(() => {
        tocar().catch((err) => ctx.log.warn({ err }, `${this.o.job} progress`));
      }, 1000);
      latido.unref();
    };
    try {
      await construir(latir);
      await this.quitar(k);
    } catch (err) {
      if (ctx.signal.aborted) throw new JobInterrupted();
      const ultimo = ctx.attempt >= ctx.maxAttempts;
      await consulta(
        this.db,
        sql`UPDATE ${this.tabla} SET estado = ${ultimo ? 'FALLIDO' : 'PENDIENTE'}, progreso = 0,
              mensaje = ${String((err as Error).message).slice(0, 300)}, fecha_act = now()
          WHERE ${clave(k)}`,
      ).catch(() => {});
      throw err;
    } finally {
      clearInterval(latido);
    }
  }
}

/**
 * A service of stored documents (the reports' `ReportesPdf`, the ZIPs' `ZipsPorTrabajo`): the
 * database, the storage layer, and the progress rows whose job builds one document with `construir`.
 */
export abstract class DocumentosPorTrabajo<Encargo> {
  /** The progress rows of the documents being built. */
  readonly trabajos: TrabajosDocumento;

  constructor(
    protected readonly db: Database,
    protected readonly storage: Storage,
    jobs: JobQueue,
    o: Omit<OpcionesDocumentos, 'construir'>,
  ) {
    this.trabajos = new TrabajosDocumento(db, jobs, {
      ...o,
      construir: (payload, ctx) => this.construir(payload as Encargo, ctx),
    });
  }

  /** The job: builds one document from its payload. */
  protected abstract construir(e: Encargo, ctx: JobContext): Promise<void>;
}
