import { Skeleton } from 'antd';
import { lazy, Suspense } from 'react';
import type { GraficoProps } from './tipos.ts';

export type { GraficoProps, SerieGrafico } from './tipos.ts';

/** ECharts in a chunk of its own, fetched the first time a page draws a chart. */
const Grafico = lazy(() => import('./grafico.tsx'));

/** The chart, loaded on demand; a placeholder of its height meanwhile. */
export function GraficoDiferido(props: GraficoProps) {
  return (
    <Suspense fallback={<Skeleton.Node active style={{ width: '100%', height: props.alto ?? 360 }} />}>
      <Grafico {...props} />
    </Suspense>
  );
}
