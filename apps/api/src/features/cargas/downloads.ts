import { Readable } from 'node:stream';
import { COLUMNAS_DATOS, MSG_TRAMITE } from '@app/domain';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { archivoExport, columnasExport, type FormatoExport } from '../../lib/tabla-export.ts';
import { FILA_COLUMNAS_SQL } from './sql.ts';

type FilaRow = Record<string, string | null> & { idCarga: number; fila: number; errores?: string[] | null };

const SELECT_COLS = COLUMNAS_DATOS.map((c, i) => `f.${FILA_COLUMNAS_SQL[i]} AS "${c}"`).join(', ');
const ERRORES_AGG = `(SELECT array_agg(e.columna || ': ' || e.mensaje ORDER BY e.id_carga_error)
   FROM carga_error e WHERE e.id_carga = f.id_carga AND e.fila = f.fila AND e.tipo = 'E') AS errores`;

/** Rows of the procedure's active, processed loads (all or those with errors). */
const WHERE = (
  soloErrores: boolean,
) => `c.id_tramite = $1 AND c.estado = 1 AND c.estado_proceso = 'COMPLETADA'
  ${soloErrores ? 'AND f.tiene_error' : ''}`;

const BATCH = 5000;

/** Keyset pages over (id_carga, fila): constant memory and no deep OFFSET, whatever the size. */
async function* lotes(db: Database, idTramite: number, soloErrores: boolean): AsyncGenerator<FilaRow[]> {
  let carga = 0;
  let fila = 0;
  for (;;) {
    const rows = await db.query<FilaRow>(
      `SELECT f.id_carga AS "idCarga", f.fila, ${SELECT_COLS}${soloErrores ? `, ${ERRORES_AGG}` : ''}
         FROM carga_fila f JOIN carga c ON c.id_carga = f.id_carga
        WHERE ${WHERE(soloErrores)} AND (f.id_carga, f.fila) > ($2, $3)
        ORDER BY f.id_carga, f.fila LIMIT ${BATCH}`,
      [idTramite, carga, fila],
    );
    if (!rows.length) return;
    yield rows;
    const last = rows[rows.length - 1];
    carga = last.idCarga;
    fila = last.fila;
    if (rows.length < BATCH) return;
  }
}

async function hayFilas(db: Database, idTramite: number, soloErrores: boolean) {
  const rows = await db.query(
    `SELECT 1 FROM carga_fila f JOIN carga c ON c.id_carga = f.id_carga WHERE ${WHERE(soloErrores)} LIMIT 1`,
    [idTramite],
  );
  if (!rows.length) throw new AppError(404, 'SIN_DATOS', MSG_TRAMITE.noHayDatosExportar);
}

/**
 * The claim data of a procedure as a file in the technical manual's column order (so that it can be
 * corrected and uploaded again); the error variant adds a last column `errores` that uploads ignore.
 */
export async function archivoDatos(
  db: Database,
  idTramite: number,
  formato: 'json' | FormatoExport,
  soloErrores: boolean,
) {
  await hayFilas(db, idTramite, soloErrores);
  const base = `datos${soloErrores ? '_errores' : ''}_tramite_${idTramite}`;
  if (formato !== 'json') {
    // Every column as text, as uploaded: the file can be corrected and uploaded again (CSV or Excel).
    const columnas = columnasExport<FilaRow>([
      ...COLUMNAS_DATOS.map((c) => ({ titulo: c, tipo: 'texto' as const, valor: (r: FilaRow) => r[c] })),
      ...(soloErrores
        ? [
            {
              titulo: 'errores',
              tipo: 'texto' as const,
              valor: (r: FilaRow) => (r.errores ?? []).join(' | '),
              ancho: 60,
            },
          ]
        : []),
    ]);
    const filas = (async function* () {
      for await (const rows of lotes(db, idTramite, soloErrores)) yield* rows;
    })();
    return archivoExport({ columnas, filas, formato, nombre: base, hoja: 'Datos' });
  }
  const nombre = `${base}.json`;
  const stream = Readable.from(
    (async function* () {
      yield '[';
      let first = true;
      for await (const rows of lotes(db, idTramite, soloErrores)) {
        const parts: string[] = [];
        for (const r of rows) {
          const o: Record<string, string | null | string[]> = {};
          for (const c of COLUMNAS_DATOS) o[c] = r[c];
          if (soloErrores) o.errores = r.errores ?? [];
          parts.push(JSON.stringify(o));
        }
        yield (first ? '' : ',') + parts.join(',');
        first = false;
      }
      yield ']';
    })(),
  );
  return { nombre, contentType: 'application/json; charset=utf-8', stream };
}

export type FilaLista = Record<string, unknown>;

/** The 'Claim CSV files' screen: rows of the procedure (all, or those with novedades), paged. */
export async function listarFilas(
  db: Database,
  idTramite: number,
  q: { vista: 'todos' | 'novedades'; idCarga?: number; page: number; pageSize: number },
) {
  const params: unknown[] = [idTramite];
  const where = ["c.id_tramite = $1 AND c.estado = 1 AND c.estado_proceso = 'COMPLETADA'"];
  if (q.idCarga) {
    params.push(q.idCarga);
    where.push(`f.id_carga = $${params.length}`);
  }
  if (q.vista === 'novedades') where.push('f.tiene_novedad');
  const from = `FROM carga_fila f JOIN carga c ON c.id_carga = f.id_carga WHERE ${where.join(' AND ')}`;
  const [{ total }] = await db.query<{ total: number }>(`SELECT count(*)::int AS total ${from}`, params);
  params.push(q.pageSize, (q.page - 1) * q.pageSize);
  const items = await db.query<FilaLista>(
    `SELECT f.id_carga AS "idCarga", f.fila, ${SELECT_COLS}, f.tiene_error AS "tieneError", f.tiene_novedad AS "tieneNovedad",
            COALESCE((SELECT array_agg(e.mensaje ORDER BY e.id_carga_error) FROM carga_error e
                       WHERE e.id_carga = f.id_carga AND e.fila = f.fila AND e.tipo = 'N'), '{}') AS novedades
       ${from}
      ORDER BY f.id_carga DESC, f.fila LIMIT $${params.length - 1} OFFSET $${params.length}`,
    params,
  );
  return { items, total, page: q.page, pageSize: q.pageSize };
}
