import { type ArchivosCargaFila, foldText, type SessionUser } from '@app/domain';
import type { Queryable } from '../../db/client.ts';
import { foldedLike, likePattern } from '../../lib/sql.ts';
import { Params, visibilitySql } from '../planillas/queries.ts';
import type { TramiteRow } from '../tramites/access.ts';

/** ArchivoPla as docs/spec-summary.md 001 §3 names it. */
export const ARCHIVO_COLS = `a.id_archivo_pla AS "idArchivoPla", a.id_planilla AS "idPlanilla", a.nombre, a.ruta, a.tipo,
  a.tamano::float8 AS tamano, a.hash, a.fecha_crea AS "fechaCrea", a.fecha_mod AS "fechaMod"`;

export type ArchivoRow = {
  idArchivoPla: number;
  idPlanilla: number;
  nombre: string;
  ruta: string;
  tipo: string;
  tamano: number;
  hash: string;
  fechaCrea: Date;
  fechaMod: Date | null;
};

const page = (p: Params, pg: number, size: number) => `LIMIT ${p.add(size)} OFFSET ${p.add((pg - 1) * size)}`;

/** Files of one attention, newest first, optionally searched by name. */
export async function archivosDePlanilla(
  q: Queryable,
  idPlanilla: number,
  f: { q?: string; page: number; pageSize: number },
) {
  const params = new Params();
  const w = [`a.id_planilla = ${params.add(idPlanilla)}`];
  if (f.q) w.push(foldedLike('a.nombre', params.add(likePattern(foldText(f.q)))));
  const where = w.join(' AND ');
  const [{ total }] = await q.query<{ total: number }>(
    `SELECT count(*)::int AS total FROM archivo_pla a WHERE ${where}`,
    params.values,
  );
  const items = await q.query<ArchivoRow>(
    `SELECT ${ARCHIVO_COLS} FROM archivo_pla a WHERE ${where}
      ORDER BY a.fecha_crea DESC, a.id_archivo_pla DESC ${page(params, f.page, f.pageSize)}`,
    params.values,
  );
  return { items, total, page: f.page, pageSize: f.pageSize };
}

/** Active attentions of a procedure (or one load) the user may see that have no file. */
export async function planillasSinArchivos(
  q: Queryable,
  user: SessionUser,
  t: TramiteRow,
  f: { idCarga?: number; page: number; pageSize: number },
) {
  const params = new Params();
  const w = [
    `p.id_tramite = ${params.add(t.idTramite)}`,
    'p.estado = 1',
    'NOT EXISTS (SELECT 1 FROM archivo_pla a WHERE a.id_planilla = p.id_planilla)',
  ];
  if (f.idCarga) w.push(`p.id_carga = ${params.add(f.idCarga)}`);
  const vis = visibilitySql(user, t, params);
  if (vis) w.push(vis);
  const where = w.join(' AND ');
  const [{ total }] = await q.query<{ total: number }>(
    `SELECT count(*)::int AS total FROM planilla p WHERE ${where}`,
    params.values,
  );
  const items = await q.query(
    `SELECT p.id_planilla AS "idPlanilla", p.id_carga AS "idCarga", p.numero, p.cedula, p.nombre,
            p.fecha_desde AS "fechaDesde", p.fecha_hasta AS "fechaHasta", p.nombre_medico AS "nombreMedico",
            c.fecha_desde AS "cargaDesde", c.fecha_hasta AS "cargaHasta", c.tipo_carga AS "tipoCarga"
       FROM planilla p JOIN carga c ON c.id_carga = p.id_carga
      WHERE ${where}
      ORDER BY p.numero, p.id_planilla ${page(params, f.page, f.pageSize)}`,
    params.values,
  );
  return { items, total, page: f.page, pageSize: f.pageSize };
}

export type ArchivoNuevo = {
  idArchivoPla: number;
  idPlanilla: number;
  idCarga: number;
  numero: string;
  cedula: string;
  paciente: string;
  nombre: string;
  tipo: string;
  tamano: number;
  fechaCrea: Date;
  usuario: string | null;
};

/**
 * Files added to a procedure between two calendar days of America/Guayaquil (both included), newest
 * first. Without `page` every row is returned (CSV export).
 */
export async function archivosNuevos(
  q: Queryable,
  user: SessionUser,
  t: TramiteRow,
  f: { desde: string; hasta: string; page?: number; pageSize?: number },
) {
  const params = new Params();
  const w = [
    `a.id_tramite = ${params.add(t.idTramite)}`,
    `a.fecha_crea >= (${params.add(f.desde)}::date::timestamp AT TIME ZONE 'America/Guayaquil')`,
    `a.fecha_crea < ((${params.add(f.hasta)}::date + 1)::timestamp AT TIME ZONE 'America/Guayaquil')`,
  ];
  const vis = visibilitySql(user, t, params);
  if (vis) w.push(vis);
  const where = w.join(' AND ');
  const from =
    'FROM archivo_pla a JOIN planilla p ON p.id_planilla = a.id_planilla LEFT JOIN usuario u ON u.id_usuario = a.id_usuario';
  const [{ total, bytes }] = await q.query<{ total: number; bytes: number }>(
    `SELECT count(*)::int AS total, coalesce(sum(a.tamano), 0)::float8 AS bytes ${from} WHERE ${where}`,
    params.values,
  );
  const limit = f.page && f.pageSize ? page(params, f.page, f.pageSize) : '';
  const items = await q.query<ArchivoNuevo>(
    `SELECT a.id_archivo_pla AS "idArchivoPla", a.id_planilla AS "idPlanilla", a.id_carga AS "idCarga", p.numero,
            p.cedula, p.nombre AS paciente, a.nombre, a.tipo, a.tamano::float8 AS tamano, a.fecha_crea AS "fechaCrea",
            u.nombre AS usuario
       ${from} WHERE ${where}
      ORDER BY a.fecha_crea DESC, a.id_archivo_pla DESC ${limit}`,
    params.values,
  );
  return { items, total, bytes, page: f.page ?? 1, pageSize: f.pageSize ?? total };
}

/** ArchivoCarga: per active organised load, its attentions, those with files, the files, bytes and last upload. */
export function archivosPorCarga(q: Queryable, idTramite: number) {
  return q.query<ArchivosCargaFila>(
    `SELECT c.id_carga AS "idCarga", c.tipo_carga AS "tipoCarga", c.fecha_desde AS "fechaDesde",
            c.fecha_hasta AS "fechaHasta",
            count(p.id_planilla)::int AS atenciones,
            count(p.id_planilla) FILTER (WHERE a.n > 0)::int AS "conArchivos",
            coalesce(sum(a.n), 0)::int AS archivos, coalesce(sum(a.bytes), 0)::float8 AS bytes,
            max(a.ultimo) AS "ultimoArchivo"
       FROM carga c
       LEFT JOIN planilla p ON p.id_carga = c.id_carga AND p.estado = 1
       LEFT JOIN (SELECT x.id_planilla, count(*) AS n, sum(x.tamano) AS bytes, max(x.fecha_crea) AS ultimo
                    FROM archivo_pla x WHERE x.id_tramite = $1 GROUP BY x.id_planilla) a
              ON a.id_planilla = p.id_planilla
      WHERE c.id_tramite = $1 AND c.estado = 1 AND c.tiene_planillas = 1
      GROUP BY c.id_carga
      ORDER BY c.fecha_desde DESC, c.id_carga DESC`,
    [idTramite],
  );
}
