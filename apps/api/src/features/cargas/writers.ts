import { COLUMNAS_DATOS } from '@app/domain';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { Queryable } from '../../db/client.ts';
import { compilar, sql } from '../../lib/sql.ts';
import type { Cells } from './sources.ts';
import { FILA_COLUMNAS_SQL } from './sql.ts';

export type Incidencia = {
  fila: number;
  columna: string;
  valor: string | null;
  mensaje: string;
  tipo: 'E' | 'N';
};

/**
 * Where the rows of a load go, in batches, inside the load's transaction. `add` returns a promise
 * only when it flushed a batch; the caller awaits it (backpressure) and calls `finish` at the end.
 */
export type RowSink = {
  add: (
    fila: number,
    cells: Cells,
    tieneError: boolean,
    tieneNovedad: boolean,
    incidencias: Incidencia[],
  ) => Promise<void> | undefined;
  finish: () => Promise<void>;
  /** After a failure: drop what is queued and wait for what is in flight (before ROLLBACK). */
  cancel: () => Promise<void>;
};

const FILA_COLS = ['id_carga', 'fila', ...FILA_COLUMNAS_SQL, 'tiene_error', 'tiene_novedad'];
const ERROR_COLS = ['id_carga', 'fila', 'columna', 'valor', 'mensaje', 'tipo'];
const MAX_MENSAJE = 500;

const mensaje = (m: string) => (m.length > MAX_MENSAJE ? `${m.slice(0, MAX_MENSAJE - 1)}…` : m);

const ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };
const NEEDS_ESCAPE = /[\\\t\n\r]/;
/** A value in COPY's text format. */
const copyText = (v: string | null) =>
  v === null ? '\\N' : NEEDS_ESCAPE.test(v) ? v.replace(/[\\\t\n\r]/g, (c) => ESCAPES[c]) : v;

/**
 * PostgreSQL: one `COPY … FROM STDIN` per batch on the load's own connection. While one batch is
 * being copied the parser fills the next (PostgreSQL works on the other core), never more than one
 * batch ahead, so memory stays bounded by two batches.
 */
export function copySink(client: pg.PoolClient, idCarga: number, batchSize = 10_000): RowSink {
  let rows: string[] = [];
  // One array for the parts of every row's line (joined at once).
  const parts: string[] = [];
  let errs: string[] = [];
  let inflight: Promise<void> = Promise.resolve();
  let cancelled = false;
  const prefix = `${idCarga}\t`;

  // COPY takes no parameters: its statement is text from the code's column lists, the right tool for
  // the bulk path (decision 89).
  const copy = (table: string, cols: string[], lines: string[]) =>
    new Promise<void>((resolve, reject) => {
      const stream = client.query(copyFrom(`COPY ${table} (${cols.join(', ')}) FROM STDIN`));
      stream.on('error', reject);
      stream.on('finish', resolve);
      stream.end(`${lines.join('\n')}\n`);
    });

  const flush = async () => {
    const batchRows = rows;
    const batchErrs = errs;
    rows = [];
    errs = [];
    const previous = inflight;
    const next = previous.then(async () => {
      if (batchRows.length && !cancelled) await copy('carga_fila', FILA_COLS, batchRows);
      if (batchErrs.length && !cancelled) await copy('carga_error', ERROR_COLS, batchErrs);
    });
    next.catch(() => {}); // awaited by the next flush or by finish()
    inflight = next;
    await previous;
  };

  return {
    add(fila, cells, tieneError, tieneNovedad, incidencias) {
      // One flat string per row (join), not a rope of its cells: the batch waiting for COPY then holds
      // one object per row instead of dozens, and the collector has far less to copy and promote.
      // Cells of a batch the parse thread found nothing to escape in go as they are (`Cells.escapar`).
      const n = cells.length;
      parts.length = n + 3;
      parts[0] = prefix + fila;
      if (cells.escapar) for (let i = 0; i < n; i++) parts[i + 1] = copyText(cells[i]);
      else
        for (let i = 0; i < n; i++) {
          const v = cells[i];
          parts[i + 1] = v === null ? '\\N' : v;
        }
      parts[n + 1] = tieneError ? 't' : 'f';
      parts[n + 2] = tieneNovedad ? 't' : 'f';
      rows.push(parts.join('\t'));
      for (const e of incidencias) {
        errs.push(
          `${prefix}${e.fila}\t${copyText(e.columna)}\t${copyText(e.valor)}\t${copyText(mensaje(e.mensaje))}\t${e.tipo}`,
        );
      }
      return rows.length >= batchSize ? flush() : undefined;
    },
    async finish() {
      await flush();
      await inflight;
    },
    async cancel() {
      cancelled = true;
      await inflight.catch(() => {});
    },
  };
}

/*
 * The batch statements are written with the tag and compiled once to text at load (decision 89): a
 * batch then runs the finished text with its arrays, as the COPY path runs its text.
 */
/** An array parameter of the batch statements below (compiled once to text: its value is the batch's). */
const arreglo = (tipo: string) => sql`${sql.param([] as unknown[])}::${sql.raw(tipo)}[]`;
const FILA_INSERT = compilar(sql`INSERT INTO carga_fila (${sql.raw(FILA_COLS.join(', '))})
  SELECT ${0}::int, * FROM unnest(${sql.join(
    [arreglo('int'), ...COLUMNAS_DATOS.map(() => arreglo('text')), arreglo('bool'), arreglo('bool')],
    sql.raw(', '),
  )})`).text;
const ERROR_INSERT = compilar(sql`INSERT INTO carga_error (${sql.raw(ERROR_COLS.join(', '))})
  SELECT ${0}::int, * FROM unnest(${sql.join(['int', 'text', 'text', 'text', 'text'].map(arreglo), sql.raw(', '))})`).text;

/** PGlite: `INSERT … SELECT * FROM unnest(…::text[], …)` batches inside the load's transaction. */
export function unnestSink(tx: Queryable, idCarga: number, batchSize = 5_000): RowSink {
  const n = COLUMNAS_DATOS.length;
  let filas: number[] = [];
  let columns: (string | null)[][] = Array.from({ length: n }, () => []);
  let errores: boolean[] = [];
  let novedades: boolean[] = [];
  let inc: Incidencia[] = [];

  const flush = async () => {
    if (filas.length) await tx.query(FILA_INSERT, [idCarga, filas, ...columns, errores, novedades]);
    if (inc.length) {
      await tx.query(ERROR_INSERT, [
        idCarga,
        inc.map((e) => e.fila),
        inc.map((e) => e.columna),
        inc.map((e) => e.valor),
        inc.map((e) => mensaje(e.mensaje)),
        inc.map((e) => e.tipo),
      ]);
    }
    filas = [];
    columns = Array.from({ length: n }, () => []);
    errores = [];
    novedades = [];
    inc = [];
  };

  return {
    add(fila, cells, tieneError, tieneNovedad, incidencias) {
      filas.push(fila);
      for (let i = 0; i < n; i++) columns[i].push(cells[i]);
      errores.push(tieneError);
      novedades.push(tieneNovedad);
      for (const e of incidencias) inc.push(e);
      return filas.length >= batchSize ? flush() : undefined;
    },
    finish: flush,
    cancel: async () => {},
  };
}
