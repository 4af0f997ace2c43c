import { formatCount, formatDate, formatMoney } from '@app/domain/common/format';
import { type DetalleFila, MSG_DETALLE } from '@app/domain/planillas/detalles';
import { MSG_PLANILLA } from '@app/domain/planillas/messages';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Flex, Input, type TableColumnsType, Typography } from 'antd';
import { useState } from 'react';
import { DataTable } from '../../components/data-table.tsx';
import { ErrorRetry } from '../../components/error-retry.tsx';
import { type Planilla, planillaApi, planillaKeys } from './planilla-api.ts';
import { calendarDate } from './planilla-rules.ts';

const flag = (v: number) => (v ? 'Sí' : '—');

export const detalleColumns: TableColumnsType<DetalleFila> = [
  {
    title: 'Fecha',
    dataIndex: 'fechaAtencion',
    width: 104,
    render: (v: string | null) => formatDate(calendarDate(v)),
  },
  { title: 'Código', dataIndex: 'codigo', width: 96 },
  {
    title: 'Elemento',
    key: 'elemento',
    render: (_: unknown, d) => (
      <Flex vertical>
        <span>{d.descripcion ?? d.elementoNombre}</span>
        {d.elementoCodigo && d.elementoNombre && d.elementoNombre !== d.descripcion && (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {d.elementoCodigo} · {d.elementoNombre}
          </Typography.Text>
        )}
      </Flex>
    ),
  },
  {
    title: 'Cantidad',
    dataIndex: 'cantidad',
    align: 'right',
    width: 88,
    render: (v: number) => formatCount(v),
  },
  {
    title: 'Valor unitario',
    dataIndex: 'valorUni',
    align: 'right',
    width: 120,
    render: (v: string) => formatMoney(v),
  },
  { title: 'Total', dataIndex: 'total', align: 'right', width: 120, render: (v: string) => formatMoney(v) },
  { title: 'Lab.', dataIndex: 'laboratorio', align: 'center', width: 56, render: flag },
  { title: 'Img.', dataIndex: 'imagen', align: 'center', width: 56, render: flag },
];

/** Detalle: the attention's active line items, newest date first; search by code or words (Enter). */
export default function DetalleTab({ planilla: p }: { planilla: Planilla }) {
  const [texto, setTexto] = useState('');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const params = { q: q || undefined, estado: '1' as const, page, pageSize: 10 };
  const query = useQuery({
    queryKey: planillaKeys.sub(p.idPlanilla, 'detalles', params),
    queryFn: ({ signal }) => planillaApi.detalles(p.idPlanilla, params, signal),
    placeholderData: keepPreviousData,
  });
  const buscar = (v: string) => {
    setQ(v.trim());
    setPage(1);
  };

  return (
    <Flex vertical gap={12}>
      <Flex gap={8} wrap>
        <Input.Search
          aria-label="Buscar detalle por código o descripción"
          placeholder="Código TPSNS, descripción o elemento"
          value={texto}
          onChange={(e) => setTexto(e.target.value)}
          onSearch={buscar}
          allowClear
          enterButton="Buscar"
          style={{ maxWidth: 420 }}
        />
        {q && (
          <Button
            onClick={() => {
              setTexto('');
              buscar('');
            }}
          >
            Todos
          </Button>
        )}
      </Flex>
      <ErrorRetry
        error={query.error}
        fallback={MSG_PLANILLA.errorLista}
        onRetry={() => void query.refetch()}
      />
      <DataTable<DetalleFila>
        columns={detalleColumns}
        rows={query.data?.items ?? []}
        total={query.data?.total ?? 0}
        page={page}
        onPageChange={setPage}
        loading={query.isFetching}
        rowKey="idPlanillaDet"
        emptyText={q ? MSG_PLANILLA.sinResultados : MSG_DETALLE.sinDetalles}
        ariaLabel="Detalle de la atención"
      />
      <Flex justify="flex-end" gap={24} wrap>
        <Typography.Text>
          Total de la página: <strong>{formatMoney(query.data?.totalPagina ?? '0') || '$ 0,00'}</strong>
        </Typography.Text>
        <Typography.Text>
          Total de la atención: <strong>{formatMoney(p.total) || '$ 0,00'}</strong>
        </Typography.Text>
      </Flex>
    </Flex>
  );
}
