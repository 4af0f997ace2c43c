import { ETIQUETA_COLUMNA, MSG_CARGA } from '@app/domain';
import type { Queryable } from '../../db/client.ts';
import { fila, type SQL, sql } from '../../lib/sql.ts';
import { cie10FormatoSql, cie10Sql, fechaTextoSql, numeroSql, plantilla } from './sql.ts';

/*
 * The checks of docs/design-summary.md §6 that need the catalogues or several rows, as set-based statements over the
 * rows already stored (none row by row). The catalogue lookups and conversions (CIE-10 normalisation,
 * numbers, dates) run on the few DISTINCT values of a load, never on each of its 100,000 rows; the
 * offending values are then joined back to the rows by plain equality, so a clean load is never
 * scanned again. The distinct values come from the parser, which saw every row anyway (see
 * `Distintos`); past a bound it stops collecting and the statement reads them from the rows instead.
 * The four checks are one statement that reads the load's rows once (decision 86): it writes their
 * carga_error rows, flags the rows and returns how many rows each kind of flag newly reached.
 */

/** What the parser noticed about the load; `null` = too many to keep, read them from the stored rows. */
export type Distintos = {
  /** Raw values of diagPri and diagSec. */
  diagnosticos: string[] | null;
  /** Raw values of noServicio. */
  servicios: string[] | null;
  /** Raw (noServicio, vSem) pairs, as two parallel arrays. */
  precios: { servicios: string[]; valores: string[] } | null;
  /** Attention numbers whose rows are not identical on patient, dates and diagnoses. */
  planillas: string[] | null;
};

/** The distinct values of the load `carga` read from its stored rows. */
export const desdeFilas = (carga: SQL) => ({
  diagnosticos: sql`SELECT diag_pri AS valor FROM carga_fila WHERE id_carga = ${carga} GROUP BY diag_pri
                 UNION SELECT diag_sec FROM carga_fila WHERE id_carga = ${carga} GROUP BY diag_sec`,
  servicios: sql`SELECT no_servicio AS raw FROM carga_fila WHERE id_carga = ${carga} GROUP BY no_servicio`,
  precios: sql`SELECT no_servicio, v_sem FROM carga_fila WHERE id_carga = ${carga} GROUP BY no_servicio, v_sem`,
});

/**
 * Service codes resolved to elements: the provider's own code (equivalence, elem_pres) first, then
 * the TPSNS code (elemento). `raw` is the code as written; `codigos` a query yielding `raw`.
 */
export const resolucionSql = (prestador: SQL, codigos: SQL) => sql`
  SELECT DISTINCT ON (c.raw) c.raw, COALESCE(ep.id_elemento, e.id_elemento) AS id_elemento,
         COALESCE(ee.nombre, ep.nombre, e.nombre) AS nombre, (ep.id_elem_pres IS NOT NULL OR e.id_elemento IS NOT NULL) AS existe
    FROM (${codigos}) c
    LEFT JOIN elem_pres ep ON ep.id_prestador = ${prestador} AND upper(ep.codigo) = upper(c.raw)
    LEFT JOIN elemento ee ON ee.id_elemento = ep.id_elemento
    LEFT JOIN elemento e ON upper(e.codigo) = upper(c.raw)
   WHERE c.raw IS NOT NULL
   ORDER BY c.raw, ep.id_elem_pres NULLS LAST, e.id_elemento`;

const INSERT_ERROR = sql.raw('INSERT INTO carga_error (id_carga, fila, columna, valor, mensaje, tipo)');

/** The columns on which all rows of one attention must agree: [column, SQL column, normalised form]. */
const ACUERDO: [keyof typeof ETIQUETA_COLUMNA, string, string][] = [
  ['cedula1', 'cedula1', 'cedula1'],
  ['nombre', 'nombre', 'upper(nombre)'],
  ['fIngreso', 'f_ingreso', fechaTextoSql('f_ingreso')],
  ['fSalida', 'f_salida', fechaTextoSql('f_salida')],
  ['diagPri', 'diag_pri', cie10Sql('diag_pri')],
  ['diagSec', 'diag_sec', cie10Sql('diag_sec')],
];
/** The same columns in the file's terms, for the parser's signature of a row. */
export const COLUMNAS_ACUERDO = ACUERDO.map(([c]) => c);
const minuscula = (s: string) => s[0].toLowerCase() + s.slice(1);

/** Attentions whose rows are not byte-for-byte equal (stored values are never '', so NULL as '' cannot collide). */
const FIRMA = sql.raw(`concat(${ACUERDO.map(([, c]) => c).join(', chr(31), ')}) COLLATE "C"`);
const sospechosasDesdeFilas = (carga: SQL) => sql`SELECT no_planilla FROM carga_fila
  WHERE id_carga = ${carga} AND no_planilla IS NOT NULL
  GROUP BY no_planilla HAVING min(${FIRMA}) <> max(${FIRMA})`;

/** Constant pieces of the checks' statement (text from code), built once. */
const CIE10_VALOR = sql.raw(
  `${cie10FormatoSql('valor')} AND ${cie10Sql('valor')} NOT IN (SELECT codigo::text FROM diagnostico)`,
);
const NUMERO_VSEM = sql.raw(numeroSql('p.v_sem'));
const ARRAYS_ACUERDO = sql.raw(`ARRAY[${ACUERDO.map(([, , k]) => k).join(', ')}] AS k,
           ARRAY[${ACUERDO.map(([, c]) => c).join(', ')}] AS raw`);
const VALORES_ACUERDO = sql.raw(
  ACUERDO.map(([columna], i) => `(${i + 1}, '${columna}', '${minuscula(ETIQUETA_COLUMNA[columna])}')`).join(
    ', ',
  ),
);

/** What the checks read of a row. */
const COLUMNAS_F = [
  ...new Set([
    'fila',
    'tiene_error',
    'tiene_novedad',
    'no_planilla',
    'no_servicio',
    'v_sem',
    ...ACUERDO.map(([, c]) => c),
  ]),
];

/**
 * The four checks in one statement, over one read of the load's rows: the offending values (few)
 * first, then the rows that hold one of them or belong to a suspicious attention, then their
 * carga_error rows — in the order of the checks, then of the rows, as the rows' errors are listed —
 * and their flags. The values the parser collected come as arrays (empty when it kept none: the
 * values are then read from the rows as well).
 */
function comprobacionesSql(d: Distintos, idCarga: number, idPrestador: number): SQL {
  const carga = sql`${idCarga}::int`;
  const prestador = sql`${idPrestador}::int`;
  const msg = {
    diag: sql`${plantilla(MSG_CARGA.cie10Inexistente, 1)}::text`,
    serv: sql`${plantilla(MSG_CARGA.servicioInexistente, 1)}::text`,
    precio: sql`${plantilla(MSG_CARGA.precioDistinto, 2)}::text`,
    pla: sql`${plantilla(MSG_CARGA.planillaInconsistente, 3)}::text`,
  };
  const filas = desdeFilas(carga);
  const oFilas = (kept: unknown, q: SQL) => (kept ? sql.empty() : sql` UNION ${q}`);
  const arr = (v: string[]) => sql`${sql.param(v)}::text[]`;
  const diagnosticos = sql`SELECT unnest(${arr(d.diagnosticos ?? [])}) AS valor${oFilas(d.diagnosticos, filas.diagnosticos)}`;
  const servicios = sql`SELECT unnest(${arr(d.servicios ?? [])}) AS raw${oFilas(d.servicios, filas.servicios)}`;
  const pares = sql`SELECT * FROM unnest(${arr(d.precios?.servicios ?? [])}, ${arr(d.precios?.valores ?? [])}) AS p(no_servicio, v_sem)${oFilas(d.precios, filas.precios)}`;
  const sospechosas = sql`SELECT unnest(${arr(d.planillas ?? [])}) AS no_planilla${oFilas(d.planillas, sospechosasDesdeFilas(carga))}`;
  return sql`
  WITH valores AS MATERIALIZED (${diagnosticos}),
  malos_diag AS MATERIALIZED (
    -- NOT IN over the catalogue: one hashed subplan, whatever the planner guesses about the load.
    SELECT valor FROM valores
     WHERE valor IS NOT NULL AND ${CIE10_VALOR}
  ),
  res AS MATERIALIZED (${resolucionSql(prestador, servicios)}),
  malos_serv AS MATERIALIZED (SELECT raw FROM res WHERE NOT existe),
  pares AS MATERIALIZED (${pares}),
  res_p AS MATERIALIZED (${resolucionSql(prestador, sql.raw('SELECT DISTINCT no_servicio AS raw FROM pares'))}),
  malos_precio AS MATERIALIZED (
    SELECT p.no_servicio, p.v_sem, t.valor
      FROM pares p JOIN res_p r ON r.raw = p.no_servicio
      JOIN tarifa_pres t ON t.id_prestador = ${prestador} AND t.id_elemento = r.id_elemento
     WHERE ${NUMERO_VSEM} <> t.valor
  ),
  sospechosas AS MATERIALIZED (${sospechosas}),
  -- The one read of the load's rows: those that any check may concern (hashed subplans, no join order to guess).
  f AS MATERIALIZED (
    SELECT ${sql.raw(COLUMNAS_F.join(', '))}
      FROM carga_fila
     WHERE id_carga = ${carga}
       -- Evaluated once, before the read: a load with nothing to flag is not read at all.
       AND (EXISTS (SELECT FROM malos_diag) OR EXISTS (SELECT FROM malos_serv)
            OR EXISTS (SELECT FROM malos_precio) OR EXISTS (SELECT FROM sospechosas))
       AND (diag_pri IN (SELECT valor FROM malos_diag) OR diag_sec IN (SELECT valor FROM malos_diag)
            OR no_servicio IN (SELECT raw FROM malos_serv)
            OR (no_servicio, v_sem) IN (SELECT no_servicio, v_sem FROM malos_precio)
            OR no_planilla IN (SELECT no_planilla FROM sospechosas))
  ),
  n AS (
    SELECT f.fila, f.no_planilla,
           ${ARRAYS_ACUERDO}
      FROM f WHERE f.no_planilla IN (SELECT no_planilla FROM sospechosas)
  ), w AS (
    SELECT fila, no_planilla, k, raw, first_value(k) OVER v AS k0, first_value(fila) OVER v AS fila0
      FROM n WINDOW v AS (PARTITION BY no_planilla ORDER BY fila)
  ), e AS (
    SELECT 1 AS orden, f.fila, 0 AS i, 'diagPri' AS columna, f.diag_pri AS valor, format(${msg.diag}, f.diag_pri) AS mensaje, 'E' AS tipo
      FROM f WHERE f.diag_pri IN (SELECT valor FROM malos_diag)
    UNION ALL
    SELECT 2, f.fila, 0, 'diagSec', f.diag_sec, format(${msg.diag}, f.diag_sec), 'E'
      FROM f WHERE f.diag_sec IN (SELECT valor FROM malos_diag)
    UNION ALL
    SELECT 3, f.fila, 0, 'noServicio', f.no_servicio, format(${msg.serv}, f.no_servicio), 'E'
      FROM f WHERE f.no_servicio IN (SELECT raw FROM malos_serv)
    UNION ALL
    SELECT 4, f.fila, 0, 'vSem', f.v_sem, format(${msg.precio}, f.v_sem, m.valor::text), 'N'
      FROM f JOIN malos_precio m ON f.no_servicio = m.no_servicio AND f.v_sem = m.v_sem
    UNION ALL
    SELECT 5, w.fila, c.i, c.columna, w.raw[c.i], format(${msg.pla}, w.no_planilla, c.etiqueta, w.fila0), 'E'
      FROM w CROSS JOIN (VALUES ${VALORES_ACUERDO}) c(i, columna, etiqueta)
     WHERE w.fila <> w.fila0 AND w.k[c.i] IS DISTINCT FROM w.k0[c.i]
  ), ins AS (
    ${INSERT_ERROR}
    SELECT ${carga}, fila, columna, valor, left(mensaje, 500), tipo FROM e ORDER BY orden, fila, i
    RETURNING fila, tipo
  ), marcas AS (
    SELECT fila, bool_or(tipo = 'E') AS e, bool_or(tipo = 'N') AS n FROM ins GROUP BY fila
  ), upd AS (
    UPDATE carga_fila c SET tiene_error = c.tiene_error OR m.e, tiene_novedad = c.tiene_novedad OR m.n
      FROM marcas m
     WHERE c.id_carga = ${carga} AND c.fila = m.fila AND ((m.e AND NOT c.tiene_error) OR (m.n AND NOT c.tiene_novedad))
    RETURNING 1)
  -- f holds the flags as they were before this statement (one snapshot for all of it).
  SELECT count(*) FILTER (WHERE m.e AND NOT f.tiene_error)::int AS errores,
         count(*) FILTER (WHERE m.n AND NOT f.tiene_novedad)::int AS novedades,
         (SELECT count(*) FROM upd)::int AS marcadas
    FROM marcas m JOIN f USING (fila)`;
}

/** Runs the four checks (one statement); returns how many rows each kind of flag newly reached. */
export async function validarConjunto(
  q: Queryable,
  idCarga: number,
  idPrestador: number,
  d: Distintos,
  onPaso?: (p: 'comprobaciones', ms: number) => void,
): Promise<{ errores: number; novedades: number }> {
  const t0 = performance.now();
  const r = await fila<{ errores: number; novedades: number }>(q, comprobacionesSql(d, idCarga, idPrestador));
  onPaso?.('comprobaciones', performance.now() - t0);
  return { errores: r.errores, novedades: r.novedades };
}

/** Bound on each set the parser keeps (memory stays flat whatever the file). */
export const MAX_DISTINTOS = 100_000;

/**
 * Collects `Distintos` while the rows stream by. A data file lists the lines of one attention (and
 * often the same diagnosis, service and price) one after the other: each set is looked up only when
 * a value differs from the previous row's, and an attention's signature is built and kept once per
 * run of its rows, the rows of a run compared with the one before cell by cell (no string per row).
 */
export class Recolector {
  private readonly diag = new Set<string>();
  private readonly serv = new Set<string>();
  /** Service code → the vSem values seen with it. */
  private readonly pares = new Map<string, Set<string>>();
  private nPares = 0;
  private readonly firmas = new Map<string, string>();
  private readonly sospechosas = new Set<string>();
  private lleno = { diag: false, serv: false, pares: false, firmas: false };
  // The previous row's values (the run being read).
  private prevA: string | null = null;
  private prevB: string | null = null;
  private prevS: string | null = null;
  private prevV: string | null = null;
  private prevNp: string | null = null;
  private prev: (string | null)[] | null = null;

  constructor(
    /** Positions in a row of diagPri, diagSec, noServicio, vSem, noPlanilla and the agreement columns. */
    private readonly pos: {
      diagPri: number;
      diagSec: number;
      noServicio: number;
      vSem: number;
      noPlanilla: number;
      acuerdo: number[];
    },
  ) {}

  add(cells: (string | null)[]) {
    const p = this.pos;
    if (!this.lleno.diag) {
      const a = cells[p.diagPri];
      const b = cells[p.diagSec];
      if (a !== null && a !== this.prevA) this.diag.add(a);
      if (b !== null && b !== this.prevB) this.diag.add(b);
      this.prevA = a;
      this.prevB = b;
      if (this.diag.size > MAX_DISTINTOS) this.lleno.diag = true;
    }
    const s = cells[p.noServicio];
    const v = cells[p.vSem];
    if (s !== null && (s !== this.prevS || v !== this.prevV)) {
      if (!this.lleno.serv && s !== this.prevS) {
        this.serv.add(s);
        if (this.serv.size > MAX_DISTINTOS) this.lleno.serv = true;
      }
      if (v !== null && !this.lleno.pares) {
        let valores = this.pares.get(s);
        if (!valores) {
          valores = new Set();
          this.pares.set(s, valores);
        }
        if (!valores.has(v)) {
          valores.add(v);
          if (++this.nPares > MAX_DISTINTOS) this.lleno.pares = true;
        }
      }
    }
    this.prevS = s;
    this.prevV = v;
    const np = cells[p.noPlanilla];
    if (this.lleno.firmas) return;
    const prev = this.prev;
    if (np !== null && np === this.prevNp && prev !== null) {
      // The same attention as the row before: equal cells, or the attention is suspicious.
      if (!this.sospechosas.has(np))
        for (const i of p.acuerdo)
          if (cells[i] !== prev[i]) {
            this.sospechosas.add(np);
            break;
          }
    } else if (np !== null) {
      // One flat string (join), not a rope of `+=` pieces: the map holds one per attention, and a
      // million-row load has hundreds of thousands (bench/cluster-ingest.ts, decision 72).
      const partes = p.acuerdo.map((i) => cells[i] ?? '\u0000');
      partes.push('');
      const firma = partes.join('\u001f');
      const antes = this.firmas.get(np);
      if (antes === undefined) {
        this.firmas.set(np, firma);
        if (this.firmas.size > MAX_DISTINTOS * 5) this.lleno.firmas = true;
      } else if (antes !== firma) this.sospechosas.add(np);
    }
    this.prevNp = np;
    this.prev = cells;
  }

  result(): Distintos {
    const servicios: string[] = [];
    const valores: string[] = [];
    for (const [s, vs] of this.pares)
      for (const v of vs) {
        servicios.push(s);
        valores.push(v);
      }
    return {
      diagnosticos: this.lleno.diag ? null : [...this.diag],
      servicios: this.lleno.serv ? null : [...this.serv],
      precios: this.lleno.pares ? null : { servicios, valores },
      planillas: this.lleno.firmas ? null : [...this.sospechosas],
    };
  }
}
