import { Readable } from 'node:stream';
import { COLUMNAS_DATOS, MSG_TRAMITE } from '@app/domain';
import type { Database } from '../../db/client.ts';
import { cargaFila } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { columnas, consulta, fila, lista, sql, todas } from '../../lib/sql.ts';
import { archivoExport, columnasExport, type FormatoExport } from '../../lib/tabla-export.ts';

type FilaRow = Record<string, string | null> & { idCarga: number; fila: number; errores?: string[] | null };

/** A raw row: its load, its number and the data columns in the file's order (alias f). */
const FILA_COLS = columnas(cargaFila, 'f', { solo: ['idCarga', 'fila', ...COLUMNAS_DATOS] });
const ERRORES_AGG = sql.raw(`(SELECT array_agg(e.columna || ': ' || e.mensaje ORDER BY e.id_carga_error)
   FROM carga_error e WHERE e.id_carga = f.id_carga AND e.fila = f.fila AND e.tipo = 'E') AS errores`);

/** Rows of the procedure's active, processed loads (all or those with errors). */
const WHERE = (idTramite: number, soloErrores: boolean) =>
  sql`c.id_tramite = ${idTramite} AND c.estado = 1 AND c.estado_proceso = 'COMPLETADA'
  ${soloErrores ? sql.raw('AND f.tiene_error') : sql.empty()}`;

const BATCH = 5000;

/** Keyset pages over (id_carga, fila): constant memory and no deep OFFSET, whatever the size. */
async function* lotes(db: Database, idTramite: number, soloErrores: boolean): AsyncGenerator<FilaRow[]> {
  let carga = 0;
  let fila = 0;
  for (;;) {
    const rows = await consulta<FilaRow>(
      db,
      sql`SELECT ${FILA_COLS}${soloErrores ? sql`, ${ERRORES_AGG}` : sql.empty()}
         FROM carga_fila f JOIN carga c ON c.id_carga = f.id_carga
        WHERE ${WHERE(idTramite, soloErrores)} AND (f.id_carga, f.fila) > (${carga}, ${fila})
        ORDER BY f.id_carga, f.fila LIMIT ${sql.raw(String(BATCH))}`,
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
  const rows = await consulta(
    db,
    sql`SELECT 1 FROM carga_fila f JOIN carga c ON c.id_carga = f.id_carga WHERE ${WHERE(idTramite, soloErrores)} LIMIT 1`,
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
    const cols = columnasExport<FilaRow>([
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
    return archivoExport({ columnas: cols, filas, formato, nombre: base, hoja: 'Datos' });
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

/** A row of the list: the raw row, its flags and its novelties. */
const FILA_LISTA = lista([
  FILA_COLS,
  columnas(cargaFila, 'f', {
    solo: ['tieneError', 'tieneNovedad'],
    extra: {
      novedades: `COALESCE((SELECT array_agg(e.mensaje ORDER BY e.id_carga_error) FROM carga_error e
                       WHERE e.id_carga = f.id_carga AND e.fila = f.fila AND e.tipo = 'N'), '{}')`,
    },
  }),
]);

/** The 'Claim CSV files' screen: rows of the procedure (all, or those with novedades), paged. */
export async function listarFilas(
  db: Database,
  idTramite: number,
  q: { vista: 'todos' | 'novedades'; idCarga?: number; page: number; pageSize: number },
) {
  const where = todas([
    sql`c.id_tramite = ${idTramite} AND c.estado = 1 AND c.estado_proceso = 'COMPLETADA'`,
    q.idCarga ? sql`f.id_carga = ${q.idCarga}` : undefined,
    q.vista === 'novedades' && sql.raw('f.tiene_novedad'),
  ]);
  const from = sql`FROM carga_fila f JOIN carga c ON c.id_carga = f.id_carga WHERE ${where}`;
  const { total } = await fila<{ total: number }>(db, sql`SELECT count(*)::int AS total ${from}`);
  const items = await consulta<FilaLista>(
    db,
    sql`SELECT ${FILA_LISTA}
       ${from}
      ORDER BY f.id_carga DESC, f.fila LIMIT ${q.pageSize} OFFSET ${(q.page - 1) * q.pageSize}`,
  );
  return { items, total, page: q.page, pageSize: q.pageSize };
}
