import { formatCount, MSG_ADMIN } from '@app/domain';
import type { TableColumnsType } from 'antd';
import { Alert, Card, Col, Empty, Row as GridRow, Table, Typography } from 'antd';
import type { ReactNode } from 'react';
import { GraficoDiferido } from '../../components/grafico/grafico-diferido.tsx';
import { INICIO, PageHeader, REPORTES } from '../../components/page-header.tsx';

/** A row of the chart's data table. */
export type FilaGrafico = { key: number; sesiones: number; usuarios: number } & Record<string, unknown>;

type Barra = { label: string; value: number; title: string };

const formatoSesiones = (v: number) => formatCount(v) || '0';

/** A count column of the chart's data table. */
export const numCol = (key: string, title: string) => ({
  key,
  dataIndex: key,
  title,
  align: 'right' as const,
  render: (v: number) => formatCount(v),
});

/** A chart page of the session administration: the bars and, beside them, their data with the total. */
export function GraficoSesiones({
  title,
  question,
  picker,
  bars,
  xLabel,
  columns,
  rows,
  consulta,
}: {
  title: string;
  question: string;
  picker: ReactNode;
  bars: Barra[];
  xLabel: string;
  columns: TableColumnsType<FilaGrafico>;
  rows: FilaGrafico[];
  /** The chart's query: its total, loading and failure. */
  consulta: { data?: { total: number }; isLoading: boolean; error: Error | null };
}) {
  const { error, isLoading: loading } = consulta;
  const total = consulta.data?.total ?? 0;
  return (
    <>
      <PageHeader title={title} breadcrumb={[INICIO, REPORTES, { title }]} extra={picker} />
      {error && <Alert type="error" showIcon title={error.message} style={{ marginBottom: 16 }} />}
      <GridRow gutter={16}>
        <Col xs={24} xl={15}>
          <Card variant="borderless" title={question} loading={loading}>
            {total === 0 ? (
              <Empty description={MSG_ADMIN.sesionesVacio} />
            ) : (
              <GraficoDiferido
                tipo="barras"
                categorias={bars.map((b) => b.label)}
                series={[{ nombre: 'Sesiones', datos: bars.map((b) => b.value) }]}
                ejeX={xLabel}
                ejeY="Sesiones"
                ariaLabel={question}
                formatoValor={formatoSesiones}
                enteros
                alto={320}
              />
            )}
          </Card>
        </Col>
        <Col xs={24} xl={9}>
          <Card variant="borderless" title="Datos del gráfico" loading={loading}>
            <Table<FilaGrafico>
              size="small"
              pagination={false}
              rowKey={(r) => String(r.key)}
              columns={columns}
              dataSource={rows}
              scroll={{ y: 360 }}
              summary={() => (
                <Table.Summary fixed>
                  <Table.Summary.Row>
                    <Table.Summary.Cell index={0}>
                      <Typography.Text strong>Total</Typography.Text>
                    </Table.Summary.Cell>
                    <Table.Summary.Cell index={1} align="right">
                      <Typography.Text strong>{formatCount(total)}</Typography.Text>
                    </Table.Summary.Cell>
                    <Table.Summary.Cell index={2} />
                  </Table.Summary.Row>
                </Table.Summary>
              )}
            />
          </Card>
        </Col>
      </GridRow>
    </>
  );
}
