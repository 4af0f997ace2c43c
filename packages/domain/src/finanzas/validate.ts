import { parseFecha } from '../cargas/validate.ts';
import {
  COLUMNAS_PAGO,
  COLUMNAS_PAGO_REQUERIDAS,
  type ColumnaPago,
  columnaPagoDe,
  ETIQUETA_COLUMNA_PAGO,
  MANUAL_COLUMNAS_PAGO,
} from './columns.ts';
import { MSG_FINANZAS } from './messages.ts';

/** One row of the payment file, checked: amounts as canonical decimal text ("25.50"), dates ISO. */
export type FilaPago = {
  idTramite: number;
  noPlanilla: string;
  /** Upper case; null: the payment is for the whole attention. */
  noServicio: string | null;
  fechaAtencion: string | null;
  valorPagado: string;
  fechaPago: string | null;
  referencia: string | null;
};

/** The largest amount numeric(14,2) keeps. */
const MAX_ENTEROS = 12;

export type MontoLeido = { valor: string } | { error: 'numero' | 'negativo' | 'decimales' | 'grande' };

/**
 * An amount of the payment file: digits with '.' or ',' as decimal separator, no grouping, at most
 * 2 decimals → canonical text ('25,5' → '25.50'). Never through a float (decision 43).
 */
export function leerMonto(value: string): MontoLeido {
  const v = value.trim();
  const m = /^([+-])?(\d+)(?:[.,](\d+))?$/.exec(v);
  if (!m) return { error: 'numero' };
  const enteros = m[2].replace(/^0+(?=\d)/, '');
  const decimales = m[3] ?? '';
  if (decimales.length > 2) return { error: 'decimales' };
  if (m[1] === '-' && /[1-9]/.test(enteros + decimales)) return { error: 'negativo' };
  if (enteros.length > MAX_ENTEROS) return { error: 'grande' };
  return { valor: `${enteros}.${decimales.padEnd(2, '0')}` };
}

export type EncabezadoPago = {
  /** The column of each header position (null: not a payment column). */
  columnas: (ColumnaPago | null)[];
  errores: string[];
};

/** Header checks: every required column, no unknown or repeated ones. */
export function validarEncabezadoPago(headers: readonly string[]): EncabezadoPago {
  const columnas = headers.map((h) => columnaPagoDe(h) ?? null);
  const errores: string[] = [];
  const faltan = COLUMNAS_PAGO_REQUERIDAS.filter((c) => !columnas.includes(c));
  if (faltan.length)
    errores.push(
      MSG_FINANZAS.faltanColumnas(faltan.map((c) => `${c} (${ETIQUETA_COLUMNA_PAGO[c]})`).join(', ')),
    );
  const desconocidas = headers.filter((h, i) => columnas[i] === null && h.trim() !== '');
  if (desconocidas.length) errores.push(MSG_FINANZAS.columnasDesconocidas(desconocidas.join(', ')));
  if (headers.some((h, i) => columnas[i] === null && h.trim() === '' && i < headers.length - 1))
    errores.push(MSG_FINANZAS.columnasDesconocidas('(columna sin nombre)'));
  const repetidas = COLUMNAS_PAGO.filter((c) => columnas.filter((x) => x === c).length > 1);
  if (repetidas.length) errores.push(MSG_FINANZAS.columnasRepetidas(repetidas.join(', ')));
  return { columnas, errores };
}

const MAX_LONGITUD = Object.fromEntries(
  MANUAL_COLUMNAS_PAGO.filter((c) => c.maxLength).map((c) => [c.columna, c.maxLength as number]),
) as Partial<Record<ColumnaPago, number>>;

/**
 * Checks one row (cells by column, trimmed or not). Every problem of the row is reported, each as a
 * Spanish sentence that the caller prefixes with the row number.
 */
export function validarFilaPago(
  cells: Partial<Record<ColumnaPago, string | null | undefined>>,
  idTramite: number,
): { fila: FilaPago | null; errores: string[] } {
  const v = (c: ColumnaPago) => {
    const s = cells[c]?.trim();
    return s ? s : null;
  };
  const errores: string[] = [];
  for (const c of COLUMNAS_PAGO_REQUERIDAS)
    if (v(c) === null) errores.push(MSG_FINANZAS.requerido(ETIQUETA_COLUMNA_PAGO[c].toLowerCase(), c));
  for (const [c, max] of Object.entries(MAX_LONGITUD) as [ColumnaPago, number][]) {
    const s = v(c);
    if (s && s.length > max) errores.push(MSG_FINANZAS.muyLargo(ETIQUETA_COLUMNA_PAGO[c], max));
  }

  const tramite = v('idTramite');
  if (tramite !== null && (!/^\d+$/.test(tramite) || Number(tramite) !== idTramite))
    errores.push(MSG_FINANZAS.tramiteDistinto(tramite, idTramite));

  let valorPagado: string | null = null;
  const monto = v('valorPagado');
  if (monto !== null) {
    const r = leerMonto(monto);
    const etiqueta = ETIQUETA_COLUMNA_PAGO.valorPagado;
    if ('valor' in r) valorPagado = r.valor;
    else if (r.error === 'numero') errores.push(MSG_FINANZAS.noEsNumero(etiqueta, monto));
    else if (r.error === 'negativo') errores.push(MSG_FINANZAS.negativo(etiqueta));
    else if (r.error === 'decimales') errores.push(MSG_FINANZAS.decimales(etiqueta, monto));
    else errores.push(MSG_FINANZAS.muyGrande(etiqueta));
  }

  const fecha = (c: 'fechaAtencion' | 'fechaPago') => {
    const s = v(c);
    if (s === null) return null;
    const iso = parseFecha(s);
    if (iso === null) errores.push(MSG_FINANZAS.fechaInvalida(ETIQUETA_COLUMNA_PAGO[c], s));
    return iso;
  };
  const fechaAtencion = fecha('fechaAtencion');
  const fechaPago = fecha('fechaPago');
  const noServicio = v('noServicio')?.toUpperCase() ?? null;
  if (v('fechaAtencion') !== null && noServicio === null) errores.push(MSG_FINANZAS.fechaSinCodigo);

  if (errores.length || valorPagado === null) return { fila: null, errores };
  return {
    fila: {
      idTramite,
      noPlanilla: v('noPlanilla') as string,
      noServicio,
      fechaAtencion,
      valorPagado,
      fechaPago,
      referencia: v('referencia'),
    },
    errores: [],
  };
}
