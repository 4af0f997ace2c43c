/** One series of a chart: its legend name, one value per category, and a colour where it means something (a state). */
export type SerieGrafico = { nombre: string; datos: number[]; color?: string };

export type GraficoProps = {
  tipo: 'barras' | 'barras-apiladas' | 'barras-horizontales' | 'lineas';
  categorias: string[];
  series: SerieGrafico[];
  /** Axis names in Spanish (docs/design-summary.md: no chart without them): the categories' and the values'. */
  ejeX: string;
  ejeY: string;
  /** What the chart answers; also its accessible name. */
  ariaLabel: string;
  /** How a value reads on the axis and in the tooltip ('1.234', '$ 1.234,56'). */
  formatoValor: (v: number) => string;
  /** Counts: the value axis never shows fractions. */
  enteros?: boolean;
  alto?: number;
};
