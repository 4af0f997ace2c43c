import { foldText, type getTramitesByIdArchivosPorCargaResponse, type SessionUser } from '@app/domain';
import type { z } from 'zod';
import type { Queryable } from '../../db/client.ts';
import { archivoPla, carga, planilla } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import {
  columnas,
  consulta,
  contiene,
  likePattern,
  lista,
  type SQL,
  sql,
  todas,
  una,
} from '../../lib/sql.ts';
import { visibilitySql } from '../planillas/queries.ts';
import type { TramiteRow } from '../tramites/access.ts';

/** A file's size as a JSON number (bigint column). */
const TAMANO = { tamano: 'a.tamano::float8' };

/** ArchivoPla as docs/spec-summary.md 001 §3 names it (alias a). */
export const ARCHIVO_COLS = lista([
  columnas(archivoPla, 'a', {
    solo: ['idArchivoPla', 'idPlanilla', 'nombre', 'ruta', 'tipo'],
    extra: TAMANO,
  }),
  columnas(archivoPla, 'a', { solo: ['hash', 'fechaCrea', 'fechaMod'] }),
]);

/** An attention without files (alias p) and its load (c). */
const SIN_ARCHIVOS = lista([
  columnas(planilla, 'p', {
    solo: ['idPlanilla', 'idCarga', 'numero', 'cedula', 'nombre', 'fechaDesde', 'fechaHasta', 'nombreMedico'],
  }),
  columnas(carga, 'c', { solo: [], extra: { cargaDesde: 'c.fecha_desde', cargaHasta: 'c.fecha_hasta' } }),
  columnas(carga, 'c', { solo: ['tipoCarga'] }),
]);

/** A new file (alias a) with its attention (p) and uploader (u). */
const NUEVO = lista([
  columnas(archivoPla, 'a', { solo: ['idArchivoPla', 'idPlanilla', 'idCarga'] }),
  columnas(planilla, 'p', { solo: ['numero', 'cedula'], extra: { paciente: 'p.nombre' } }),
  columnas(archivoPla, 'a', { solo: ['nombre', 'tipo'], extra: TAMANO }),
  columnas(archivoPla, 'a', { solo: ['fechaCrea'], extra: { usuario: 'u.nombre' } }),
]);

/**
 * A row of the files-per-load report: the load (alias c), its attentions (p) and their files (a:
 * count, bytes, last upload per attention).
 */
const POR_CARGA = columnas(carga, 'c', {
  solo: ['idCarga', 'tipoCarga', 'fechaDesde', 'fechaHasta'],
  extra: {
    atenciones: 'count(p.id_planilla)::int',
    conArchivos: 'count(p.id_planilla) FILTER (WHERE a.n > 0)::int',
    archivos: 'coalesce(sum(a.n), 0)::int',
    bytes: 'coalesce(sum(a.bytes), 0)::float8',
    ultimoArchivo: 'max(a.ultimo)',
  },
});

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

const page = (pg: number, size: number) => sql`LIMIT ${size} OFFSET ${(pg - 1) * size}`;

/** Files of one attention, newest first, optionally searched by name. */
export async function archivosDePlanilla(
  q: Queryable,
  idPlanilla: number,
  f: { q?: string; page: number; pageSize: number },
) {
  const w = [sql`a.id_planilla = ${idPlanilla}`];
  if (f.q) w.push(contiene(sql.raw('a.nombre'), likePattern(foldText(f.q))));
  const where = todas(w);
  const total =
    (await una<{ total: number }>(q, sql`SELECT count(*)::int AS total FROM archivo_pla a WHERE ${where}`))
      ?.total ?? 0;
  const items = await consulta<ArchivoRow>(
    q,
    sql`SELECT ${ARCHIVO_COLS} FROM archivo_pla a WHERE ${where}
      ORDER BY a.fecha_crea DESC, a.id_archivo_pla DESC ${page(f.page, f.pageSize)}`,
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
  const w: (SQL | undefined)[] = [
    sql`p.id_tramite = ${t.idTramite}`,
    sql.raw('p.estado = 1'),
    sql.raw('NOT EXISTS (SELECT 1 FROM archivo_pla a WHERE a.id_planilla = p.id_planilla)'),
  ];
  if (f.idCarga) w.push(sql`p.id_carga = ${f.idCarga}`);
  w.push(visibilitySql(user, t));
  const where = todas(w);
  const total =
    (await una<{ total: number }>(q, sql`SELECT count(*)::int AS total FROM planilla p WHERE ${where}`))
      ?.total ?? 0;
  const items = await consulta(
    q,
    sql`SELECT ${SIN_ARCHIVOS}
       FROM planilla p JOIN carga c ON c.id_carga = p.id_carga
      WHERE ${where}
      ORDER BY p.numero, p.id_planilla ${page(f.page, f.pageSize)}`,
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
  const w: (SQL | undefined)[] = [
    sql`a.id_tramite = ${t.idTramite}`,
    sql`a.fecha_crea >= (${f.desde}::date::timestamp AT TIME ZONE 'America/Guayaquil')`,
    sql`a.fecha_crea < ((${f.hasta}::date + 1)::timestamp AT TIME ZONE 'America/Guayaquil')`,
  ];
  w.push(visibilitySql(user, t));
  const where = todas(w);
  const from = sql.raw(
    'FROM archivo_pla a JOIN planilla p ON p.id_planilla = a.id_planilla LEFT JOIN usuario u ON u.id_usuario = a.id_usuario',
  );
  const { total, bytes } = (await una<{ total: number; bytes: number }>(
    q,
    sql`SELECT count(*)::int AS total, coalesce(sum(a.tamano), 0)::float8 AS bytes ${from} WHERE ${where}`,
  )) as { total: number; bytes: number };
  const limit = f.page && f.pageSize ? page(f.page, f.pageSize) : sql.empty();
  const items = await consulta<ArchivoNuevo>(
    q,
    sql`SELECT ${NUEVO}
       ${from} WHERE ${where}
      ORDER BY a.fecha_crea DESC, a.id_archivo_pla DESC ${limit}`,
  );
  return { items, total, bytes, page: f.page ?? 1, pageSize: f.pageSize ?? total };
}

/** ArchivoCarga: per active organised load, its attentions, those with files, the files, bytes and last upload. */
export function archivosPorCarga(q: Queryable, idTramite: number) {
  return consulta<z.output<typeof getTramitesByIdArchivosPorCargaResponse>['items'][number]>(
    q,
    sql`SELECT ${POR_CARGA}
       FROM carga c
       LEFT JOIN planilla p ON p.id_carga = c.id_carga AND p.estado = 1
       LEFT JOIN (SELECT x.id_planilla, count(*) AS n, sum(x.tamano) AS bytes, max(x.fecha_crea) AS ultimo
                    FROM archivo_pla x WHERE x.id_tramite = ${idTramite} GROUP BY x.id_planilla) a
              ON a.id_planilla = p.id_planilla
      WHERE c.id_tramite = ${idTramite} AND c.estado = 1 AND c.tiene_planillas = 1
      GROUP BY c.id_carga
      ORDER BY c.fecha_desde DESC, c.id_carga DESC`,
  );
}

/** 404 unless the load is one of the procedure's. */
export async function assertCargaDelTramite(q: Queryable, idCarga: number, idTramite: number) {
  const c = await una(q, sql`SELECT 1 FROM carga WHERE id_carga = ${idCarga} AND id_tramite = ${idTramite}`);
  if (!c) throw notFound();
}
