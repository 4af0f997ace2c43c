import {
  type ColumnaEstadistica,
  type FilaEstadistica,
  formatCalendarDate,
  formatCount,
  formatMoney,
  formatNumber,
  nombreMes,
  type ReporteEstadistico,
  type TipoColumnaEstadistica,
} from '@app/domain';
import type { SerieGrafico } from '../../components/grafico/grafico-diferido.tsx';
import { stateHex } from '../../components/states.ts';

/** A cell as the page shows it (the table, the chart's categories). */
export function textoCelda(tipo: TipoColumnaEstadistica, v: string | number | null | undefined): string {
  if (v === null || v === undefined) return '';
  switch (tipo) {
    case 'mes':
      return nombreMes(String(v));
    case 'fecha':
      return formatCalendarDate(String(v));
    case 'entero':
      return formatCount(v) || '0';
    case 'monto':
      return formatMoney(v);
    case 'porcentaje':
      return `${formatNumber(v)} %`;
    case 'dias':
      return formatNumber(v);
    default:
      return String(v);
  }
}

/** A month on an axis: 03/2026 (shorter than the table's 'Marzo 2026'). */
const categoria = (c: ColumnaEstadistica, v: string | number | null) =>
  c.tipo === 'mes' && typeof v === 'string' ? `${v.slice(5, 7)}/${v.slice(0, 4)}` : textoCelda(c.tipo, v);

/**
 * The chart's categories and series from the rows the server computed: the declaration says which
 * column is the category, which the series (or which columns are series). Values are placed, never
 * computed: a category without a row for a series is 0.
 */
export function datosGrafico(r: ReporteEstadistico, filas: FilaEstadistica[]) {
  const g = r.grafico;
  const columnas = g.columnas ?? r.columnas;
  const col = (clave: string) => columnas.find((c) => c.clave === clave) as ColumnaEstadistica;
  const rows = g.limite ? filas.slice(0, g.limite) : filas;
  const clave = (f: FilaEstadistica) => g.x.map((k) => categoria(col(k), f[k])).join(' · ');
  const categorias = [...new Set(rows.map(clave))];
  const indice = new Map(categorias.map((c, i) => [c, i]));
  let series: SerieGrafico[];
  if (g.serie) {
    const serie = g.serie;
    const valor = g.valores[0];
    const nombres = [...new Set(rows.map((f) => String(f[serie] ?? '')))];
    series = nombres.map((nombre) => {
      const datos = categorias.map(() => 0);
      for (const f of rows)
        if (String(f[serie] ?? '') === nombre) datos[indice.get(clave(f)) ?? 0] = Number(f[valor]);
      return { nombre, datos, color: col(serie).tipo === 'estado' ? stateHex(nombre) : undefined };
    });
  } else {
    series = g.valores.map((v) => {
      const datos = categorias.map(() => 0);
      for (const f of rows) datos[indice.get(clave(f)) ?? 0] = Number(f[v] ?? 0);
      const c = col(v);
      return { nombre: c.titulo, datos, color: c.colorDe ? stateHex(c.colorDe) : undefined };
    });
  }
  const tipoValor = col(g.valores[0]).tipo;
  const formatoValor =
    tipoValor === 'monto'
      ? (v: number) => formatMoney(v)
      : tipoValor === 'entero'
        ? (v: number) => formatCount(v) || '0'
        : (v: number) => formatNumber(v);
  return { categorias, series, formatoValor, enteros: tipoValor === 'entero' };
}
