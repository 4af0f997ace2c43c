import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { ERROR_CODE } from '@app/domain';
import { MSG_REPORTE, type ReporteEnCurso } from '@app/domain/reportes/pdf';
import type { Database, Queryable } from '../../db/client.ts';
import { reportePdf } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { DocumentosPorTrabajo } from '../../lib/jobs/documentos.ts';
import { type JobContext, JobInterrupted, type JobQueue } from '../../lib/jobs/index.ts';
import { columnas, consulta, sql, una } from '../../lib/sql.ts';
import { ObjectNotFound, type Storage } from '../../lib/storage/index.ts';
import { alimentar, type Enviar, inicioReporte, type PeticionReporte } from './datos.ts';
import { generarPdf } from './hilo.ts';

/*
 * Procedure reports served from what was generated (decision 48), drawn by a background job
 * (decision 78). A report's variant (report, load, type, attention, reader) and the version of the
 * data it reads make its key; the last PDF of each variant is kept in the storage layer with a row
 * of `reporte_pdf` (migration 0015). A request whose data version equals the row's gets the stored
 * bytes. Otherwise it records the report to build in `reporte_trabajo` (migration 0028) and adds the
 * job `reportes:pdf` in the same transaction — once per variant and version, so a double click or a
 * retry never builds twice — waits a moment for it, and answers 202 with the job's progress if it
 * is not stored yet: the client asks again. Any worker process draws it (in a worker thread), stores
 * it and removes the row; a worker killed mid-report leaves the job to another one (graphile-worker,
 * lib/jobs), which draws it again from the start under the same object key.
 */

/** The background job that draws one report. */
const JOB_REPORTE = 'reportes:pdf';
/** Attempts of a report's job (then the dead letter: FALLIDO, said once to the next request). */
const REPORTE_INTENTOS = 3;
/** How long a request waits for its report before answering 202 (most reports take less). */
export const ESPERA_MS = 2000;
/** The layout's version: a change of the report code that changes the PDFs bumps it. */
const FORMATO = 2;

/** A stored report (alias r). */
const GUARDADO = columnas(reportePdf, 'r', {
  solo: ['claveObjeto', 'nombre'],
  extra: { tamano: 'r.tamano::text' },
});

/**
 * The version of everything a procedure's reports read, in one query: the revision counters of its
 * attentions, reviews, levels, observations and line items (`planilla_rev`, bumped by triggers in the
 * writing transaction: migrations 0007, 0014, 0015); the row versions (`xmin`, which every UPDATE of
 * a row changes) of the procedure, its provider, the insurer and its loads; the insurer's logos; the
 * texts of its standard observations and answers; and the names of its users (the authors of reports
 * 8/9). Exact: any write to data a report prints changes it; nothing else does.
 */
async function versionDatos(db: Queryable, idTramite: number): Promise<string | null> {
  const r = await una<{ v: string }>(
    db,
    sql`SELECT concat_ws('|', t.xmin::text, pr.xmin::text, e.xmin::text,
              coalesce(r.datos, 0), coalesce(r.revision, 0), coalesce(r.nivel, 0),
              coalesce(r.observaciones, 0), coalesce(r.detalles, 0),
              (SELECT string_agg(c.id_carga || ':' || c.xmin::text, ',' ORDER BY c.id_carga)
                 FROM carga c WHERE c.id_tramite = t.id_tramite),
              (SELECT string_agg(i.id_empresa_img || ':' || i.xmin::text, ',' ORDER BY i.id_empresa_img)
                 FROM empresa_img i WHERE i.id_empresa = t.id_empresa_aseguradora),
              (SELECT md5(string_agg(o.id_observacion || ':' || o.xmin::text, ',' ORDER BY o.id_observacion))
                 FROM observacion o WHERE o.id_empresa = t.id_empresa_aseguradora),
              (SELECT md5(string_agg(x.id_respuesta || ':' || x.xmin::text, ',' ORDER BY x.id_respuesta))
                 FROM respuesta x WHERE x.id_empresa = t.id_empresa_aseguradora),
              (SELECT md5(string_agg(u.id_usuario || ':' || u.nombre, ',' ORDER BY u.id_usuario))
                 FROM usuario u WHERE u.id_suscripcion = t.id_suscripcion)) AS v
       FROM tramite t JOIN prestador pr ON pr.id_prestador = t.id_prestador
       JOIN empresa e ON e.id_empresa = t.id_empresa_aseguradora
       LEFT JOIN planilla_rev r ON r.id_tramite = t.id_tramite
      WHERE t.id_tramite = ${idTramite}`,
  );
  return r ? crypto.createHash('sha256').update(`${FORMATO}|${r.v}`).digest('hex') : null;
}

/** 'r11-c0-tx-p0-v-': the report, its load, type, attention and reader. */
export const variante = (p: PeticionReporte) =>
  `r${p.reportId}-c${p.idCarga ?? 0}-t${p.tipo ?? 'x'}-p${p.idPlanilla ?? 0}-v${p.vista === '-' ? 'x' : p.vista}`;

type ReporteServido = {
  stream: Readable;
  nombre: string;
  tamano: number;
  /** 'cache': stored before this request; 'generado': drawn (by a worker) because of it. */
  origen: 'cache' | 'generado';
};

type Fila = { claveObjeto: string; nombre: string; tamano: string };

/** The job's payload: what to draw, and the data version the request asked for. */
type Encargo = PeticionReporte & { version: string };

/** The job key: one job per report variant and data version. */
const claveTrabajo = (idTramite: number, v: string, version: string) =>
  `reporte:${idTramite}:${v}:${version.slice(0, 32)}`;

/** The reports' progress rows (`reporte_trabajo`) and job. */
const DOCUMENTO = {
  tabla: 'reporte_trabajo',
  job: JOB_REPORTE,
  intentos: REPORTE_INTENTOS,
  codigoFallido: 'REPORTE_FALLIDO',
} as const;

export class ReportesPdf extends DocumentosPorTrabajo<Encargo> {
  constructor(db: Database, storage: Storage, jobs: JobQueue, esperaMs = ESPERA_MS) {
    super(db, storage, jobs, { ...DOCUMENTO, mensajes: MSG_REPORTE, esperaMs });
  }

  /**
   * The stored report if its data has not changed; else the report is queued (once) and, if it is
   * not stored within `esperaMs`, its progress (the route answers 202; the client asks again).
   */
  async servir(p: PeticionReporte): Promise<ReporteServido | { enCurso: ReporteEnCurso }> {
    const version = await versionDatos(this.db, p.idTramite);
    if (!version) throw notFound();
    const v = variante(p);
    const guardado = await this.guardado(p.idTramite, v, version);
    if (guardado) return { ...guardado, origen: 'cache' };
    const k = { idTramite: p.idTramite, variante: v, version };
    const encargo: Encargo = { ...p, version };
    const t = await this.trabajos.encolar(k, encargo, claveTrabajo(p.idTramite, v, version), async () => {
      if (!(await inicioReporte(this.db, p)))
        throw new AppError(404, ERROR_CODE.noEncontrado, MSG_REPORTE.cargaAjena);
    });
    const r = await this.trabajos.esperar(k, t, () => this.guardado(p.idTramite, v, version));
    return 'listo' in r ? { ...r.listo, origen: 'generado' } : r;
  }

  private async guardado(
    idTramite: number,
    v: string,
    version: string,
  ): Promise<Omit<ReporteServido, 'origen'> | null> {
    const f = await una<Fila>(
      this.db,
      sql`SELECT ${GUARDADO} FROM reporte_pdf r
        WHERE r.id_tramite = ${idTramite} AND r.variante = ${v} AND r.version = ${version}`,
    );
    if (!f) return null;
    const tamano = Number(f.tamano);
    try {
      const stream = await this.storage.read(f.claveObjeto, { size: tamano });
      return { stream, nombre: f.nombre, tamano };
    } catch (e) {
      if (!(e instanceof ObjectNotFound)) throw e;
      // The object is gone (storage cleaned by hand): forget the row and draw it again.
      await consulta(
        this.db,
        sql`DELETE FROM reporte_pdf WHERE id_tramite = ${idTramite} AND variante = ${v}`,
      );
      return null;
    }
  }

  /**
   * The job: draws the report from its current data, stores it and removes its row. Run again after
   * a kill or a failure, it starts over (the same object key, so nothing is kept twice); a report
   * already stored for the current data is not drawn again.
   */
  protected async construir(e: Encargo, ctx: JobContext) {
    const v = variante(e);
    const k = { idTramite: e.idTramite, variante: v, version: e.version };
    const version = await versionDatos(this.db, e.idTramite);
    if (!version) return; // the procedure is gone (its rows with it)
    const ya = await una(
      this.db,
      sql`SELECT 1 FROM reporte_pdf WHERE id_tramite = ${e.idTramite} AND variante = ${v} AND version = ${version}`,
    );
    if (ya) {
      await this.trabajos.quitar(k);
      return;
    }
    const avance = { hechas: 0, total: 0 };
    await this.trabajos.ejecutar(ctx, k, async (latir) => {
      await latir(() =>
        avance.total > 0 ? Math.min(99, Math.floor((100 * avance.hechas) / avance.total)) : 0,
      );
      await this.dibujar(e, v, version, ctx, avance);
    });
  }

  /** Draws the report into a spool file; stores it if its data did not change meanwhile. */
  private async dibujar(
    p: PeticionReporte,
    v: string,
    version: string,
    ctx: JobContext,
    avance: { hechas: number; total: number },
  ) {
    const ini = await inicioReporte(this.db, p);
    if (!ini) return; // the load or attention left the procedure: nothing to draw
    const spool = path.join(this.storage.spoolDir, `reporte-${crypto.randomUUID()}.pdf`);
    const archivo = fs.createWriteStream(spool);
    const cerrado = new Promise<void>((resolve, reject) => {
      archivo.on('close', resolve);
      archivo.on('error', reject);
    });
    cerrado.catch(() => {});
    const hash = crypto.createHash('sha256');
    // Counts the rows as they are read (the progress); a stop of the process ends the reading.
    const contar =
      (enviar: Enviar): Enviar =>
      (m) => {
        if (ctx.signal.aborted) throw new JobInterrupted();
        if (m.t === 'cierre') {
          const c = m.cierre;
          const filas = (c.obs?.observaciones ?? 0) + (c.novedades ?? 0) + (c.atenciones?.total.lineas ?? 0);
          avance.total = Math.min(filas, c.limite || filas);
        } else if (m.t === 'lote') {
          const l = m.lote;
          avance.hechas += l.t === 'atenciones' ? l.lineas.length : l.filas.length;
        }
        return enviar(m);
      };
    try {
      const gen = generarPdf(
        ini.inicio,
        (enviar) => alimentar(this.db, p, contar(enviar)),
        (chunk) => {
          archivo.write(chunk);
          hash.update(chunk);
        },
      );
      gen.datos.catch(() => {});
      const { bytes, paginas } = await gen.fin;
      archivo.end();
      await cerrado;
      // Data written while the report was drawn: the PDF may mix both; the next request draws it anew.
      if ((await versionDatos(this.db, p.idTramite)) !== version) return;
      await this.guardar(p.idTramite, v, version, spool, ini.nombre, bytes, paginas, hash.digest('hex'));
    } finally {
      archivo.destroy();
      await fs.promises.rm(spool, { force: true });
    }
  }

  private async guardar(
    idTramite: number,
    v: string,
    version: string,
    spool: string,
    nombre: string,
    tamano: number,
    paginas: number,
    sha256: string,
  ) {
    // The same key for the same data: a job run again after a kill overwrites, never adds, an object.
    const objeto = `reportes/${idTramite}/${v}-${version.slice(0, 16)}.pdf`;
    await this.storage.putFile(objeto, spool, { size: tamano, contentType: 'application/pdf', sha256 });
    const r = await una<{ viejo: string | null }>(
      this.db,
      sql`WITH viejo AS (SELECT clave_objeto FROM reporte_pdf WHERE id_tramite = ${idTramite} AND variante = ${v})
       INSERT INTO reporte_pdf (id_tramite, variante, version, clave_objeto, nombre, tamano, paginas)
       VALUES (${idTramite}, ${v}, ${version}, ${objeto}, ${nombre}, ${tamano}, ${paginas})
       ON CONFLICT (id_tramite, variante) DO UPDATE
         SET version = excluded.version, clave_objeto = excluded.clave_objeto, nombre = excluded.nombre,
             tamano = excluded.tamano, paginas = excluded.paginas, fecha_reg = now()
       RETURNING (SELECT clave_objeto FROM viejo) AS viejo`,
    );
    if (r?.viejo && r.viejo !== objeto) await this.storage.remove([r.viejo]);
  }
}

/** Draws a report without the cache into one Buffer (the outbox's attachments: a few pages). */
export async function renderReporte(
  db: Queryable,
  p: PeticionReporte,
): Promise<{ pdf: Buffer; nombre: string }> {
  const ini = await inicioReporte(db, p);
  if (!ini) throw notFound();
  const partes: Buffer[] = [];
  const gen = generarPdf(
    ini.inicio,
    (enviar) => alimentar(db, p, enviar),
    (c) => partes.push(c),
  );
  await gen.fin;
  return { pdf: Buffer.concat(partes), nombre: ini.nombre };
}
