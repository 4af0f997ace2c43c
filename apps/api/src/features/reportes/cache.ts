import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PassThrough, type Readable } from 'node:stream';
import { ERROR_CODE } from '@app/domain';
import { MSG_REPORTE } from '@app/domain/reportes/pdf';
import type { Database, Queryable } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { ObjectNotFound, type Storage } from '../../lib/storage/index.ts';
import { alimentar, inicioReporte, type PeticionReporte } from './datos.ts';
import { generarPdf } from './hilo.ts';

/*
 * Procedure reports served from what was generated (decision 48). A report's variant (report, load,
 * type, attention, reader) and the version of the data it reads make its key; the last PDF of each
 * variant is kept in the storage layer with a row of `reporte_pdf` (migration 0015). A request whose
 * data version equals the row's gets the stored bytes; otherwise the report is drawn (in a worker
 * thread), streamed to the client and stored as it leaves. Two requests for the same missing
 * report share one drawing: the second waits for it and reads the stored copy.
 */

/** The layout's version: a change of the report code that changes the PDFs bumps it. */
export const FORMATO = 2;

/**
 * The version of everything a procedure's reports read, in one query: the revision counters of its
 * attentions, reviews, levels, observations and line items (`planilla_rev`, bumped by triggers in the
 * writing transaction: migrations 0007, 0014, 0015); the row versions (`xmin`, which every UPDATE of
 * a row changes) of the procedure, its provider, the insurer and its loads; the insurer's logos; the
 * texts of its standard observations and answers; and the names of its users (the authors of reports
 * 8/9). Exact: any write to data a report prints changes it; nothing else does.
 */
export async function versionDatos(db: Queryable, idTramite: number): Promise<string | null> {
  const [r] = await db.query<{ v: string }>(
    `SELECT concat_ws('|', t.xmin::text, pr.xmin::text, e.xmin::text,
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
      WHERE t.id_tramite = $1`,
    [idTramite],
  );
  return r ? crypto.createHash('sha256').update(`${FORMATO}|${r.v}`).digest('hex') : null;
}

/** 'r11-c0-tx-p0-v-': the report, its load, type, attention and reader. */
export const variante = (p: PeticionReporte) =>
  `r${p.reportId}-c${p.idCarga ?? 0}-t${p.tipo ?? 'x'}-p${p.idPlanilla ?? 0}-v${p.vista === '-' ? 'x' : p.vista}`;

export type ReporteServido = {
  stream: Readable;
  nombre: string;
  /** Known for a stored report (Content-Length); a report being drawn is streamed chunked. */
  tamano?: number;
  /** 'cache': the stored copy; 'generado': drawn for this request. */
  origen: 'cache' | 'generado';
};

type Fila = { claveObjeto: string; nombre: string; tamano: string };

export class ReportesPdf {
  private readonly enCurso = new Map<string, Promise<void>>();

  constructor(
    private readonly db: Database,
    private readonly storage: Storage,
  ) {}

  /** The report as a stream: the stored copy if its data has not changed, else drawn now. */
  async servir(p: PeticionReporte): Promise<ReporteServido> {
    const version = await versionDatos(this.db, p.idTramite);
    if (!version) throw notFound();
    const v = variante(p);
    const clave = `${p.idTramite}|${v}|${version}`;
    const guardado = await this.guardado(p.idTramite, v, version);
    if (guardado) return guardado;
    const otro = this.enCurso.get(clave);
    if (otro) {
      await otro.catch(() => {});
      const ya = await this.guardado(p.idTramite, v, version);
      if (ya) return ya;
    }
    // Registered before the first await of the drawing: a request arriving meanwhile waits for it.
    let terminar!: () => void;
    const hecho = new Promise<void>((r) => {
      terminar = r;
    });
    const fin = () => {
      if (this.enCurso.get(clave) === hecho) this.enCurso.delete(clave);
      terminar();
    };
    this.enCurso.set(clave, hecho);
    try {
      return await this.generar(p, v, version, fin);
    } catch (e) {
      fin();
      throw e;
    }
  }

  private async guardado(idTramite: number, v: string, version: string): Promise<ReporteServido | null> {
    const [f] = await this.db.query<Fila>(
      `SELECT clave_objeto AS "claveObjeto", nombre, tamano::text AS tamano FROM reporte_pdf
        WHERE id_tramite = $1 AND variante = $2 AND version = $3`,
      [idTramite, v, version],
    );
    if (!f) return null;
    const tamano = Number(f.tamano);
    try {
      const stream = await this.storage.read(f.claveObjeto, { size: tamano });
      return { stream, nombre: f.nombre, tamano, origen: 'cache' };
    } catch (e) {
      if (!(e instanceof ObjectNotFound)) throw e;
      // The object is gone (storage cleaned by hand): forget the row and draw it again.
      await this.db.query('DELETE FROM reporte_pdf WHERE id_tramite = $1 AND variante = $2', [idTramite, v]);
      return null;
    }
  }

  /** Draws the report; `hecho` runs once it is stored (or failed). */
  private async generar(
    p: PeticionReporte,
    v: string,
    version: string,
    hecho: () => void,
  ): Promise<ReporteServido> {
    const ini = await inicioReporte(this.db, p);
    if (!ini) throw new AppError(404, ERROR_CODE.noEncontrado, MSG_REPORTE.cargaAjena);
    const spool = path.join(this.storage.spoolDir, `reporte-${crypto.randomUUID()}.pdf`);
    const archivo = fs.createWriteStream(spool);
    const cerrado = new Promise<void>((resolve, reject) => {
      archivo.on('close', resolve);
      archivo.on('error', reject);
    });
    const hash = crypto.createHash('sha256');
    const cliente = new PassThrough();
    // A client that leaves does not stop the drawing: the stored copy serves the next request.
    cliente.on('error', () => {});
    const gen = generarPdf(
      ini.inicio,
      (enviar) => alimentar(this.db, p, enviar),
      (chunk) => {
        archivo.write(chunk);
        hash.update(chunk);
        if (!cliente.destroyed) cliente.write(chunk);
      },
    );
    const tarea = gen.fin
      .then(
        async ({ bytes, paginas }) => {
          cliente.end();
          archivo.end();
          await cerrado;
          // Data written while the report was drawn: the PDF may mix both; serve it, do not keep it.
          if ((await versionDatos(this.db, p.idTramite)) !== version) {
            await fs.promises.rm(spool, { force: true });
            return;
          }
          await this.guardar(p.idTramite, v, version, spool, ini.nombre, bytes, paginas, hash.digest('hex'));
        },
        async (e) => {
          cliente.destroy(e as Error);
          archivo.destroy();
          await fs.promises.rm(spool, { force: true });
          throw e;
        },
      )
      .finally(hecho);
    tarea.catch(() => {});
    await gen.datos;
    return { stream: cliente, nombre: ini.nombre, origen: 'generado' };
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
    const objeto = `reportes/${idTramite}/${v}-${version.slice(0, 16)}-${crypto.randomBytes(4).toString('hex')}.pdf`;
    await this.storage.putFile(objeto, spool, { size: tamano, contentType: 'application/pdf', sha256 });
    const [r] = await this.db.query<{ viejo: string | null }>(
      `WITH viejo AS (SELECT clave_objeto FROM reporte_pdf WHERE id_tramite = $1 AND variante = $2)
       INSERT INTO reporte_pdf (id_tramite, variante, version, clave_objeto, nombre, tamano, paginas)
       VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (id_tramite, variante) DO UPDATE
         SET version = excluded.version, clave_objeto = excluded.clave_objeto, nombre = excluded.nombre,
             tamano = excluded.tamano, paginas = excluded.paginas, fecha_reg = now()
       RETURNING (SELECT clave_objeto FROM viejo) AS viejo`,
      [idTramite, v, version, objeto, nombre, tamano, paginas],
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
