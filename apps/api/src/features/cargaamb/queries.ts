import {
  COLUMNAS_IMG,
  COLUMNAS_LAB,
  type FilaCargaAmb,
  type getTramitesByIdCargaambResponse,
} from '@app/domain';
import type { z } from 'zod';
import type { Queryable } from '../../db/client.ts';
import { cargaAmb } from '../../db/schema/index.ts';
import { columnas, consulta, lista, type PaginaPedida, paginada, sql, una } from '../../lib/sql.ts';

/** The SQL of the ambulatory loads (table carga_amb): list, one record, and the replacement of a load's records. */

const r_ = sql.raw;

const LIST_SELECT = columnas(cargaAmb, 'c', {
  solo: ['idCargaAmb', 'idTramite', 'idCarga', 'numero', 'nombrePaciente', 'cedula', 'tipo', 'fecha'],
});
const DETAIL_SELECT = lista([
  LIST_SELECT,
  columnas(cargaAmb, 'c', {
    solo: [
      'codVal',
      'diag1',
      'diag2',
      'diag3',
      'diag4',
      'diag5',
      'motivo',
      'horaDesde',
      'horaHasta',
      'laboratorios',
      'imagenes',
      'fechaReg',
      'fechaAct',
      'idUsuarioReg',
      'idUsuarioAct',
    ],
  }),
]);

/** The ambulatory attentions of a procedure (and load), paged. */
const LISTA = {
  select: LIST_SELECT,
  from: r_('carga_amb c'),
  buscar: [r_('c.numero'), r_('c.nombre_paciente'), r_('c.cedula'), r_('c.tipo')],
  orden: {
    numero: r_('c.numero'),
    nombrePaciente: r_('c.nombre_paciente'),
    cedula: r_('c.cedula'),
    tipo: r_('c.tipo'),
    fecha: r_('c.fecha'),
  },
  ordenInicial: 'numero',
  desempate: r_('c.id_carga_amb'),
};

type FilaLista = z.output<typeof getTramitesByIdCargaambResponse>['items'][number];

export function listarCargaAmb(
  db: Queryable,
  idTramite: number,
  idCarga: number | undefined,
  query: PaginaPedida,
) {
  const where = [sql`c.id_tramite = ${idTramite}`, idCarga ? sql`c.id_carga = ${idCarga}` : undefined];
  return paginada<FilaLista>(db, { ...LISTA, where }, query);
}

/** One record with its laboratories and images as the columns laboratorio01 … imagen10; undefined if not of the procedure. */
export async function detalleCargaAmb(db: Queryable, idTramite: number, idCargaAmb: number) {
  const row = await una<
    Record<string, unknown> & { laboratorios: string[] | null; imagenes: string[] | null }
  >(
    db,
    sql`SELECT ${DETAIL_SELECT} FROM carga_amb c
         WHERE c.id_carga_amb = ${idCargaAmb} AND c.id_tramite = ${idTramite}`,
  );
  if (!row) return undefined;
  const { laboratorios, imagenes, ...rest } = row;
  const out: Record<string, unknown> = { ...rest };
  COLUMNAS_LAB.forEach((c, i) => {
    out[c] = laboratorios?.[i] ?? null;
  });
  COLUMNAS_IMG.forEach((c, i) => {
    out[c] = imagenes?.[i] ?? null;
  });
  return out;
}

/** Whether the load belongs to the procedure. */
export async function esCargaDelTramite(db: Queryable, idCarga: number, idTramite: number) {
  return !!(await una(
    db,
    sql`SELECT 1 FROM carga WHERE id_carga = ${idCarga} AND id_tramite = ${idTramite}`,
  ));
}

/** The codes among `codigos` that the CIE-10 catalogue holds (one query for the whole file). */
export async function diagnosticosExistentes(db: Queryable, codigos: string[]): Promise<Set<string>> {
  if (!codigos.length) return new Set();
  const rows = await consulta<{ codigo: string }>(
    db,
    sql`SELECT codigo FROM diagnostico WHERE codigo = ANY(${sql.param(codigos)}::text[])`,
  );
  return new Set(rows.map((r) => r.codigo));
}

const COLS = r_(
  'id_tramite, id_carga, numero, nombre_paciente, cod_val, cedula, diag1, diag2, diag3, diag4, diag5, motivo, tipo, fecha, hora_desde, hora_hasta, laboratorios, imagenes, id_usuario_reg',
);

/** Replaces the ambulatory records of the procedure's load (or of the procedure without load), 200 rows a statement. */
export async function reemplazarCargaAmb(
  tx: Queryable,
  idTramite: number,
  idCarga: number | null,
  filas: FilaCargaAmb[],
  idUsuario: number,
) {
  await consulta(
    tx,
    sql`DELETE FROM carga_amb WHERE id_tramite = ${idTramite} AND id_carga IS NOT DISTINCT FROM ${idCarga}`,
  );
  for (let i = 0; i < filas.length; i += 200) {
    const rows = filas.slice(i, i + 200).map(
      (f) =>
        sql`(${idTramite}, ${idCarga}, ${f.numero}, ${f.nombrePaciente}, ${f.codVal}, ${f.cedula},
          ${sql.join(
            f.diagnosticos.map((d) => sql`${d}`),
            r_(', '),
          )}, ${f.motivo}, ${f.tipo}, ${f.fecha}, ${f.horaDesde}, ${f.horaHasta},
          ${sql.param(f.laboratorios)}, ${sql.param(f.imagenes)}, ${idUsuario})`,
    );
    await consulta(tx, sql`INSERT INTO carga_amb (${COLS}) VALUES ${sql.join(rows, r_(', '))}`);
  }
}
