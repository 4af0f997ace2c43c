import { theme } from 'antd';
import { BarChart, LineChart } from 'echarts/charts';
import { AriaComponent, GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';
import type { GraficoProps } from './tipos.ts';

// Only what the product draws: bars and lines, axes, legend, tooltip, the accessible description, SVG.
echarts.use([
  BarChart,
  LineChart,
  GridComponent,
  LegendComponent,
  TooltipComponent,
  AriaComponent,
  SVGRenderer,
]);

/** Ant Design's palette (shade 6), for series that are not states. */
const PALETA = ['#1677ff', '#52c41a', '#faad14', '#f5222d', '#722ed1', '#13c2c2', '#eb2f96', '#fa8c16'];

/**
 * The one chart of the product (Apache ECharts, modular, SVG): bars (grouped, stacked, horizontal) or
 * lines over categories, with Spanish axis names, a legend and a tooltip. It draws the numbers it is
 * given; every figure comes computed from the server. Loaded on demand (`GraficoDiferido`), so pages
 * without a chart never download ECharts.
 */
export default function Grafico({
  tipo,
  categorias,
  series,
  ejeX,
  ejeY,
  ariaLabel,
  formatoValor,
  enteros = false,
  alto = 360,
}: GraficoProps) {
  const ref = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);
  const { token } = theme.useToken();

  useEffect(() => {
    if (!ref.current) return;
    const c = echarts.init(ref.current, undefined, { renderer: 'svg' });
    chart.current = c;
    const ro = new ResizeObserver(() => c.resize());
    ro.observe(ref.current);
    return () => {
      ro.disconnect();
      c.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    const c = chart.current;
    if (!c) return;
    const horizontal = tipo === 'barras-horizontales';
    const apilado = tipo === 'barras-apiladas' || horizontal;
    const texto = { color: token.colorTextSecondary, fontSize: 11 };
    const categoria = {
      type: 'category' as const,
      data: categorias,
      name: horizontal ? ejeY : ejeX,
      nameLocation: 'middle' as const,
      nameGap: horizontal ? 0 : 32,
      nameTextStyle: { color: token.colorText, fontSize: 12 },
      axisLabel: {
        ...texto,
        hideOverlap: true,
        width: horizontal ? 180 : undefined,
        overflow: 'truncate' as const,
      },
      inverse: horizontal,
    };
    const valor = {
      type: 'value' as const,
      name: horizontal ? ejeX : ejeY,
      nameLocation: 'middle' as const,
      nameGap: horizontal ? 28 : 56,
      nameTextStyle: { color: token.colorText, fontSize: 12 },
      axisLabel: { ...texto, formatter: (v: number) => formatoValor(v) },
      splitLine: { lineStyle: { color: token.colorBorderSecondary } },
      minInterval: enteros ? 1 : undefined,
    };
    c.setOption(
      {
        aria: { enabled: true, label: { description: ariaLabel } },
        color: PALETA,
        textStyle: { fontFamily: token.fontFamily },
        grid: {
          left: horizontal ? 200 : 72,
          right: 24,
          top: 48,
          bottom: horizontal ? 48 : 56,
          containLabel: false,
        },
        legend: { top: 0, type: 'scroll', textStyle: { color: token.colorText } },
        tooltip: {
          trigger: 'axis',
          axisPointer: { type: tipo === 'lineas' ? 'line' : 'shadow' },
          valueFormatter: (v: unknown) => formatoValor(Number(v)),
        },
        xAxis: horizontal ? valor : categoria,
        yAxis: horizontal ? categoria : valor,
        series: series.map((s) => ({
          name: s.nombre,
          type: tipo === 'lineas' ? 'line' : 'bar',
          data: s.datos,
          stack: apilado ? 'total' : undefined,
          itemStyle: s.color ? { color: s.color } : undefined,
          lineStyle: s.color ? { color: s.color } : undefined,
          barMaxWidth: 48,
          emphasis: { focus: 'series' },
        })),
      },
      { notMerge: true },
    );
  }, [tipo, categorias, series, ejeX, ejeY, ariaLabel, formatoValor, enteros, token]);

  return <div ref={ref} role="img" aria-label={ariaLabel} style={{ width: '100%', height: alto }} />;
}
