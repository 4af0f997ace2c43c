import { isValidCedula } from '../common/validators.ts';
import {
  type ColumnaDatos,
  ETIQUETA_COLUMNA,
  type FilaDatos,
  MANUAL_COLUMNAS,
  TIPOS_LINEA,
} from './columns.ts';
import { MSG_CARGA } from './messages.ts';

/**
 * The formats accepted in a data file. The same patterns run in PostgreSQL (its regular expressions
 * understand these sources), so what the row validator accepts the set-based SQL can convert.
 */
export const PATRON = {
  fechaIso: '^\\d{4}-\\d{2}-\\d{2}$',
  fechaDmy: '^\\d{1,2}/\\d{1,2}/\\d{4}$',
  decimal: '^-?\\d+(?:[.,]\\d+)?$',
  entero: '^-?\\d+$',
  cedula: '^\\d{10}$',
  cie10: '^[A-Z]\\d{2}(?:\\.?[0-9A-Z]{1,4})?$',
} as const;

const RE = {
  fechaIso: new RegExp(PATRON.fechaIso),
  fechaDmy: new RegExp(PATRON.fechaDmy),
  decimal: new RegExp(PATRON.decimal),
  entero: new RegExp(PATRON.entero),
  cedula: new RegExp(PATRON.cedula),
  cie10: new RegExp(PATRON.cie10),
};

const pad2 = (n: number) => (n < 10 ? `0${n}` : String(n));
const DIAS_MES = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

const digit = (s: string, i: number) => {
  const c = s.charCodeAt(i) - 48;
  return c >= 0 && c <= 9 ? c : -1;
};
const num = (s: string, from: number, to: number) => {
  let n = 0;
  for (let i = from; i < to; i++) {
    const d = digit(s, i);
    if (d < 0) return -1;
    n = n * 10 + d;
  }
  return to > from ? n : -1;
};

function fechaIso(y: number, m: number, d: number): string | null {
  if (y < 1900 || y > 2199 || m < 1 || m > 12 || d < 1) return null;
  const days = m === 2 && y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0) ? 29 : DIAS_MES[m - 1];
  if (d > days) return null;
  return `${y}-${pad2(m)}-${pad2(d)}`;
}

function parseFechaSinCache(v: string): string | null {
  if (v.length === 10 && v[4] === '-' && v[7] === '-')
    return fechaIso(num(v, 0, 4), num(v, 5, 7), num(v, 8, 10));
  const a = v.indexOf('/');
  const b = a < 0 ? -1 : v.indexOf('/', a + 1);
  if (a < 1 || a > 2 || b - a < 2 || b - a > 3 || v.length - b !== 5 || v.indexOf('/', b + 1) >= 0)
    return null;
  return fechaIso(num(v, b + 1, v.length), num(v, a + 1, b), num(v, 0, a));
}

// A load has few distinct dates and each row has three of them: remember the answers.
const cacheFechas = new Map<string, string | null>();

/**
 * `YYYY-MM-DD` or `dd/MM/yyyy` (day and month may have one digit) → `YYYY-MM-DD`; null when not a
 * real date. Accepts exactly what PATRON.fechaIso / PATRON.fechaDmy describe.
 */
export function parseFecha(value: string | null | undefined): string | null {
  if (!value) return null;
  let r = cacheFechas.get(value);
  if (r === undefined) {
    r = parseFechaSinCache(value);
    if (cacheFechas.size > 5000) cacheFechas.clear();
    cacheFechas.set(value, r);
  }
  return r;
}

/** A decimal number with `.` or `,` as separator and no grouping; null otherwise. */
export function parseDecimal(value: string | null | undefined): number | null {
  if (!value || !RE.decimal.test(value)) return null;
  return Number(value.replace(',', '.'));
}

/** CIE-10 code as the catalogue stores it: upper case, no dot, `X` padding removed (`a09.x` → `A09`). */
export function normalizarCie10(value: string): string {
  const c = value.trim().toUpperCase().replace('.', '');
  return c.length > 3 ? c.slice(0, 3) + c.slice(3).replace(/X+$/, '') : c;
}

export const esCie10Valido = (value: string) => RE.cie10.test(value.trim().toUpperCase());

/** `S`/`N`/`true`/`false` (any case) → boolean; empty → false; anything else → null. */
export function parseLMuerto(value: string | null | undefined): boolean | null {
  if (!value) return false;
  const v = value.toUpperCase();
  if (v === 'S' || v === 'TRUE') return true;
  if (v === 'N' || v === 'FALSE') return false;
  return null;
}

export type Incidencia = { columna: ColumnaDatos; valor: string | null; mensaje: string };
export type ResultadoFila = { errores: Incidencia[]; novedades: Incidencia[] };

export type ContextoFila = {
  /** The procedure being loaded. */
  idTramite: number;
  /** The load's period, `YYYY-MM-DD`. */
  fechaDesde: string;
  fechaHasta: string;
};

/** Bounds that keep a line total (cantidad × vSem) inside numeric(14,2). */
export const MAX_CANTIDAD = 100_000;
export const MAX_VALOR = 1_000_000;
export const MAX_FACTOR = 9_999;

const MAX_LENGTH = MANUAL_COLUMNAS.filter((c) => c.maxLength).map((c) => [c.columna, c.maxLength!] as const);
const REQUERIDAS: readonly ColumnaDatos[] = [
  'idTramite',
  'noPlanilla',
  'cedula1',
  'nombre',
  'fIngreso',
  'fSalida',
  'diagPri',
  'noServicio',
  'cantidad',
  'vSem',
  'tipo',
];

type Fechas = 'fIngreso' | 'fSalida' | 'fechaAtencion';

function add(errores: Incidencia[], row: FilaDatos, columna: ColumnaDatos, mensaje: string) {
  errores.push({ columna, valor: row[columna], mensaje });
}

function fecha(row: FilaDatos, c: Fechas, errores: Incidencia[]): string | null {
  const v = row[c];
  if (!v) return null;
  const iso = parseFecha(v);
  if (!iso) add(errores, row, c, MSG_CARGA.fechaNoValida(ETIQUETA_COLUMNA[c], v));
  return iso;
}

/** The date if it lies inside the load's period, else null (and an error). */
function enPeriodo(
  row: FilaDatos,
  c: Fechas,
  iso: string | null,
  ctx: ContextoFila,
  errores: Incidencia[],
): boolean {
  if (iso === null) return false;
  if (iso < ctx.fechaDesde || iso > ctx.fechaHasta) {
    add(
      errores,
      row,
      c,
      MSG_CARGA.fechaFueraPeriodo(ETIQUETA_COLUMNA[c], iso, ctx.fechaDesde, ctx.fechaHasta),
    );
    return false;
  }
  return true;
}

/**
 * The per-row rules of docs/design-summary.md §6 that need nothing but the row and the load: formats, ranges, the
 * load's period and the procedure. Catalogue checks (CIE-10, service codes, price list) and the
 * agreement of the rows of one attention run afterwards as set-based SQL over the stored rows.
 * Runs once per row of 100,000-row files: no closures, no allocation unless something is wrong.
 */
export function validateFila(row: FilaDatos, ctx: ContextoFila): ResultadoFila {
  const errores: Incidencia[] = [];
  const novedades: Incidencia[] = [];

  for (const c of REQUERIDAS)
    if (row[c] === null || row[c] === '') add(errores, row, c, MSG_CARGA.obligatorio(c, ETIQUETA_COLUMNA[c]));
  for (const [c, max] of MAX_LENGTH) {
    const v = row[c];
    if (v && v.length > max) add(errores, row, c, MSG_CARGA.muyLargo(ETIQUETA_COLUMNA[c], max));
  }

  const idTramite = row.idTramite;
  if (idTramite && !(RE.entero.test(idTramite) && Number(idTramite) === ctx.idTramite)) {
    add(errores, row, 'idTramite', MSG_CARGA.idTramiteDistinto(idTramite, ctx.idTramite));
  }

  const cedula1 = row.cedula1;
  if (cedula1) {
    if (!RE.cedula.test(cedula1)) add(errores, row, 'cedula1', MSG_CARGA.cedulaDigitos('paciente'));
    else if (!isValidCedula(cedula1))
      novedades.push({ columna: 'cedula1', valor: cedula1, mensaje: MSG_CARGA.cedulaVerificador(cedula1) });
  }
  if (row.cedula2 && !RE.cedula.test(row.cedula2))
    add(errores, row, 'cedula2', MSG_CARGA.cedulaDigitos('médico'));

  const ingreso = fecha(row, 'fIngreso', errores);
  const salida = fecha(row, 'fSalida', errores);
  const atencion = fecha(row, 'fechaAtencion', errores);
  const ingresoOk = enPeriodo(row, 'fIngreso', ingreso, ctx, errores);
  const salidaOk = enPeriodo(row, 'fSalida', salida, ctx, errores);
  if (ingreso && salida && salida < ingreso)
    add(errores, row, 'fSalida', MSG_CARGA.salidaAntesIngreso(salida, ingreso));
  if (
    atencion &&
    ingresoOk &&
    salidaOk &&
    ingreso! <= salida! &&
    (atencion < ingreso! || atencion > salida!)
  ) {
    add(errores, row, 'fechaAtencion', MSG_CARGA.atencionFueraEstancia(atencion, ingreso!, salida!));
  }

  if (row.diagPri && !esCie10Valido(row.diagPri))
    add(errores, row, 'diagPri', MSG_CARGA.cie10Formato(row.diagPri));
  if (row.diagSec && !esCie10Valido(row.diagSec))
    add(errores, row, 'diagSec', MSG_CARGA.cie10Formato(row.diagSec));

  if (parseLMuerto(row.lMuerto) === null) add(errores, row, 'lMuerto', MSG_CARGA.lMuerto);

  if (row.fTarifario) {
    const f = parseDecimal(row.fTarifario);
    if (f === null || f <= 0 || f > MAX_FACTOR) add(errores, row, 'fTarifario', MSG_CARGA.fTarifario);
  }
  if (row.cantidad) {
    const n = RE.entero.test(row.cantidad) ? Number(row.cantidad) : Number.NaN;
    if (!(n >= 1 && n <= MAX_CANTIDAD)) add(errores, row, 'cantidad', MSG_CARGA.cantidad);
  }
  if (row.vSem) {
    const v = parseDecimal(row.vSem);
    if (v === null || v < 0 || v > MAX_VALOR) add(errores, row, 'vSem', MSG_CARGA.vSem);
  }
  if (row.vPaciente) {
    const v = parseDecimal(row.vPaciente);
    if (v === null || v < 0 || v > MAX_VALOR) add(errores, row, 'vPaciente', MSG_CARGA.vPaciente);
  }
  if (row.tipo && !Object.hasOwn(TIPOS_LINEA, row.tipo.toUpperCase()))
    add(errores, row, 'tipo', MSG_CARGA.tipo);

  return { errores, novedades };
}
