import { ETIQUETA_COLUMNA, MSG_CARGA } from '@app/domain';
import type { Queryable } from '../../db/client.ts';
import { cie10FormatoSql, cie10Sql, fechaTextoSql, numeroSql, plantilla } from './sql.ts';

/*
 * The checks of docs/design-summary.md §6 that need the catalogues or several rows, as set-based statements over the
 * rows already stored (none row by row). The catalogue lookups and conversions (CIE-10 normalisation,
 * numbers, dates) run on the few DISTINCT values of a load, never on each of its 100,000 rows; the
 * offending values are then joined back to the rows by plain equality, so a clean load is never
 * scanned again. The distinct values come from the parser, which saw every row anyway (see
 * `Distintos`); past a bound it stops collecting and the statement reads them from the rows instead.
 * Each statement writes its carga_error rows, flags the rows and returns how many rows it newly flagged.
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

const DESDE_FILAS = {
  diagnosticos: `SELECT diag_pri AS valor FROM carga_fila WHERE id_carga = $1 GROUP BY diag_pri
                 UNION SELECT diag_sec FROM carga_fila WHERE id_carga = $1 GROUP BY diag_sec`,
  servicios: 'SELECT no_servicio AS raw FROM carga_fila WHERE id_carga = $1 GROUP BY no_servicio',
  precios: 'SELECT no_servicio, v_sem FROM carga_fila WHERE id_carga = $1 GROUP BY no_servicio, v_sem',
};

/**
 * Service codes resolved to elements: the provider's own code (equivalence, elem_pres) first, then
 * the TPSNS code (elemento). `raw` is the code as written; `codigos` a query yielding `raw`.
 */
export const resolucionSql = (prestador: string, codigos: string = DESDE_FILAS.servicios) => `
  SELECT DISTINCT ON (c.raw) c.raw, COALESCE(ep.id_elemento, e.id_elemento) AS id_elemento,
         COALESCE(ee.nombre, ep.nombre, e.nombre) AS nombre, (ep.id_elem_pres IS NOT NULL OR e.id_elemento IS NOT NULL) AS existe
    FROM (${codigos}) c
    LEFT JOIN elem_pres ep ON ep.id_prestador = ${prestador} AND upper(ep.codigo) = upper(c.raw)
    LEFT JOIN elemento ee ON ee.id_elemento = ep.id_elemento
    LEFT JOIN elemento e ON upper(e.codigo) = upper(c.raw)
   WHERE c.raw IS NOT NULL
   ORDER BY c.raw, ep.id_elem_pres NULLS LAST, e.id_elemento`;

const INSERT_ERROR = 'INSERT INTO carga_error (id_carga, fila, columna, valor, mensaje, tipo)';

/** Flags the rows of the CTE `ins` and counts the rows that had no such flag yet. */
const marcar = (tipo: 'E' | 'N') => {
  const flag = tipo === 'E' ? 'tiene_error' : 'tiene_novedad';
  return `, upd AS (
    UPDATE carga_fila f SET ${flag} = true
      FROM (SELECT DISTINCT fila FROM ins) i
     WHERE f.id_carga = $1 AND f.fila = i.fila AND NOT f.${flag}
    RETURNING 1)
  SELECT count(*)::int AS n FROM upd`;
};

const diagnosticosSql = (valores: string) => `
  WITH valores AS MATERIALIZED (${valores}),
  malos AS MATERIALIZED (
    -- NOT IN over the catalogue: one hashed subplan, whatever the planner guesses about the load.
    SELECT valor FROM valores
     WHERE valor IS NOT NULL AND ${cie10FormatoSql('valor')} AND ${cie10Sql('valor')} NOT IN (SELECT codigo::text FROM diagnostico)
  ), ins AS (
    ${INSERT_ERROR}
    SELECT $1, f.fila, 'diagPri', f.diag_pri, left(format($2, f.diag_pri), 500), 'E'
      FROM carga_fila f JOIN malos m ON f.diag_pri = m.valor WHERE f.id_carga = $1
    UNION ALL
    SELECT $1, f.fila, 'diagSec', f.diag_sec, left(format($2, f.diag_sec), 500), 'E'
      FROM carga_fila f JOIN malos m ON f.diag_sec = m.valor WHERE f.id_carga = $1
    RETURNING fila)
  ${marcar('E')}`;

const serviciosSql = (codigos?: string) => `
  WITH res AS MATERIALIZED (${resolucionSql('$3', codigos)}),
  malos AS MATERIALIZED (SELECT raw FROM res WHERE NOT existe),
  ins AS (
    ${INSERT_ERROR}
    SELECT $1, f.fila, 'noServicio', f.no_servicio, left(format($2, f.no_servicio), 500), 'E'
      FROM carga_fila f JOIN malos m ON m.raw = f.no_servicio
     WHERE f.id_carga = $1
    RETURNING fila)
  ${marcar('E')}`;

const preciosSql = (pares: string) => `
  WITH pares AS MATERIALIZED (${pares}),
  res AS MATERIALIZED (${resolucionSql('$3', 'SELECT DISTINCT no_servicio AS raw FROM pares')}),
  malos AS MATERIALIZED (
    SELECT p.no_servicio, p.v_sem, t.valor
      FROM pares p JOIN res r ON r.raw = p.no_servicio
      JOIN tarifa_pres t ON t.id_prestador = $3 AND t.id_elemento = r.id_elemento
     WHERE ${numeroSql('p.v_sem')} <> t.valor
  ), ins AS (
    ${INSERT_ERROR}
    SELECT $1, f.fila, 'vSem', f.v_sem, left(format($2, f.v_sem, m.valor::text), 500), 'N'
      FROM carga_fila f JOIN malos m ON f.no_servicio = m.no_servicio AND f.v_sem = m.v_sem
     WHERE f.id_carga = $1
    RETURNING fila)
  ${marcar('N')}`;

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
const FIRMA = `concat(${ACUERDO.map(([, c]) => c).join(', chr(31), ')}) COLLATE "C"`;
const SOSPECHOSAS_DESDE_FILAS = `SELECT no_planilla FROM carga_fila WHERE id_carga = $1 AND no_planilla IS NOT NULL
  GROUP BY no_planilla HAVING min(${FIRMA}) <> max(${FIRMA})`;

/** Rows of those attentions that differ, after normalising, from the attention's first row. */
const planillasSql = (sospechosas: string) => `
  WITH sospechosas AS MATERIALIZED (${sospechosas}),
  n AS (
    SELECT f.fila, f.no_planilla,
           ARRAY[${ACUERDO.map(([, , k]) => k).join(', ')}] AS k,
           ARRAY[${ACUERDO.map(([, c]) => c).join(', ')}] AS raw
      FROM carga_fila f JOIN sospechosas s ON s.no_planilla = f.no_planilla
     WHERE f.id_carga = $1
  ), w AS (
    SELECT fila, no_planilla, k, raw, first_value(k) OVER p AS k0, first_value(fila) OVER p AS fila0
      FROM n WINDOW p AS (PARTITION BY no_planilla ORDER BY fila)
  ), ins AS (
    ${INSERT_ERROR}
    SELECT $1, w.fila, c.columna, w.raw[c.i], left(format($2, w.no_planilla, c.etiqueta, w.fila0), 500), 'E'
      FROM w CROSS JOIN (VALUES ${ACUERDO.map(
        ([columna], i) => `(${i + 1}, '${columna}', '${minuscula(ETIQUETA_COLUMNA[columna])}')`,
      ).join(', ')}) c(i, columna, etiqueta)
     WHERE w.fila <> w.fila0 AND w.k[c.i] IS DISTINCT FROM w.k0[c.i]
    RETURNING fila)
  ${marcar('E')}`;

export type Paso = 'diagnosticos' | 'servicios' | 'precios' | 'planillas';

/** Runs the four checks; returns how many rows each kind of flag newly reached. */
export async function validarConjunto(
  q: Queryable,
  idCarga: number,
  idPrestador: number,
  d: Distintos,
  onPaso?: (p: Paso, ms: number) => void,
): Promise<{ errores: number; novedades: number }> {
  const paso = async (p: Paso, skip: boolean, sql: string, params: unknown[]) => {
    const t0 = performance.now();
    const n = skip ? 0 : (await q.query<{ n: number }>(sql, params))[0].n;
    onPaso?.(p, performance.now() - t0);
    return n;
  };
  const diag = plantilla(MSG_CARGA.cie10Inexistente, 1);
  const serv = plantilla(MSG_CARGA.servicioInexistente, 1);
  const precio = plantilla(MSG_CARGA.precioDistinto, 2);
  const pla = plantilla(MSG_CARGA.planillaInconsistente, 3);
  const errores =
    (await paso(
      'diagnosticos',
      d.diagnosticos?.length === 0,
      diagnosticosSql(d.diagnosticos ? 'SELECT unnest($3::text[]) AS valor' : DESDE_FILAS.diagnosticos),
      d.diagnosticos ? [idCarga, diag, d.diagnosticos] : [idCarga, diag],
    )) +
    (await paso(
      'servicios',
      d.servicios?.length === 0,
      serviciosSql(d.servicios ? 'SELECT unnest($4::text[]) AS raw' : undefined),
      d.servicios ? [idCarga, serv, idPrestador, d.servicios] : [idCarga, serv, idPrestador],
    ));
  const novedades = await paso(
    'precios',
    d.precios?.servicios.length === 0,
    preciosSql(
      d.precios
        ? 'SELECT * FROM unnest($4::text[], $5::text[]) AS p(no_servicio, v_sem)'
        : DESDE_FILAS.precios,
    ),
    d.precios
      ? [idCarga, precio, idPrestador, d.precios.servicios, d.precios.valores]
      : [idCarga, precio, idPrestador],
  );
  const inconsistentes = await paso(
    'planillas',
    d.planillas?.length === 0,
    planillasSql(d.planillas ? 'SELECT unnest($3::text[]) AS no_planilla' : SOSPECHOSAS_DESDE_FILAS),
    d.planillas ? [idCarga, pla, d.planillas] : [idCarga, pla],
  );
  return { errores: errores + inconsistentes, novedades };
}

/** Bound on each set the parser keeps (memory stays flat whatever the file). */
export const MAX_DISTINTOS = 100_000;

/** Collects `Distintos` while the rows stream by. */
export class Recolector {
  private readonly diag = new Set<string>();
  private readonly serv = new Set<string>();
  private readonly pares = new Map<string, [string, string]>();
  private readonly firmas = new Map<string, string>();
  private readonly sospechosas = new Set<string>();
  private lleno = { diag: false, serv: false, pares: false, firmas: false };

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
      if (a !== null) this.diag.add(a);
      if (b !== null) this.diag.add(b);
      if (this.diag.size > MAX_DISTINTOS) this.lleno.diag = true;
    }
    const s = cells[p.noServicio];
    if (s !== null) {
      if (!this.lleno.serv) {
        this.serv.add(s);
        if (this.serv.size > MAX_DISTINTOS) this.lleno.serv = true;
      }
      const v = cells[p.vSem];
      if (v !== null && !this.lleno.pares) {
        const key = `${s}\u0000${v}`;
        if (!this.pares.has(key)) this.pares.set(key, [s, v]);
        if (this.pares.size > MAX_DISTINTOS) this.lleno.pares = true;
      }
    }
    const np = cells[p.noPlanilla];
    if (np !== null && !this.lleno.firmas) {
      // One flat string (join), not a rope of `+=` pieces: the map holds one per attention, and a
      // million-row load has hundreds of thousands (bench/cluster-ingest.ts, decision 72).
      const partes = p.acuerdo.map((i) => cells[i] ?? '\u0000');
      partes.push('');
      const firma = partes.join('\u001f');
      const prev = this.firmas.get(np);
      if (prev === undefined) {
        this.firmas.set(np, firma);
        if (this.firmas.size > MAX_DISTINTOS * 5) this.lleno.firmas = true;
      } else if (prev !== firma) this.sospechosas.add(np);
    }
  }

  result(): Distintos {
    const pares = [...this.pares.values()];
    return {
      diagnosticos: this.lleno.diag ? null : [...this.diag],
      servicios: this.lleno.serv ? null : [...this.serv],
      precios: this.lleno.pares
        ? null
        : { servicios: pares.map((x) => x[0]), valores: pares.map((x) => x[1]) },
      planillas: this.lleno.firmas ? null : [...this.sospechosas],
    };
  }
}
