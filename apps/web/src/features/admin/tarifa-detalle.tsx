import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { formatMoney, MSG } from '@app/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Flex, Input, type TableColumnsType } from 'antd';
import { useEffect, useState } from 'react';
import { PAGE_SIZE } from '../../components/data-table.ts';
import { DataTable } from '../../components/data-table.tsx';
import { ErrorRetry } from '../../components/error-retry.tsx';
import { listQuery } from '../../components/list-params.ts';
import { useListParams } from '../../components/use-list-params.ts';
import { adminApi, adminKeys, type Row } from './admin-api.ts';

/**
 * The tariff detail of an insurer (GET /aseguradores/{id}/tarifa-detalle): the coded elements of its
 * tariff sheets' classes with their value, or of one sheet. A join, not a catalogue: the tab
 * 'Detalle de tarifas' of /aseguradorform and the body of /tarifarioform.
 */
export default function TarifaDetalle({ id, idTarifario }: { id: number; idTarifario?: number }) {
  const params = useListParams({ defaultSort: 'codigo', namespace: 'detalle' });
  const query = { ...listQuery(params, PAGE_SIZE), ...(idTarifario ? { idTarifario } : {}) };
  const list = useQuery({
    queryKey: adminKeys.list(`tarifa-detalle-${id}`, query),
    queryFn: ({ signal }) => adminApi.tarifaDetalle(id)(query, signal),
    placeholderData: keepPreviousData,
  });
  const [text, setText] = useState(params.q);
  useEffect(() => setText(params.q), [params.q]);
  const columns: TableColumnsType<Row> = [
    { key: 'codigo', dataIndex: 'codigo', title: 'Código', sorter: true },
    { key: 'nombre', dataIndex: 'nombre', title: 'Elemento', sorter: true, width: 360 },
    {
      key: 'valor',
      dataIndex: 'valor',
      title: 'Valor',
      align: 'right',
      sorter: true,
      render: (v: string) => formatMoney(v),
    },
    ...(idTarifario
      ? []
      : [
          {
            key: 'tarifarioDescripcion',
            dataIndex: 'tarifarioDescripcion',
            title: 'Tarifario',
            sorter: true,
          },
        ]),
  ];
  return (
    <>
      <Flex gap={8} wrap align="center" style={{ marginBottom: 12 }} role="search">
        <Input.Search
          placeholder="Buscar por código o nombre..."
          aria-label="Buscar en Detalle de tarifas"
          value={text}
          onChange={(e) => setText(e.target.value)}
          onSearch={(v) => {
            const q = v.trim();
            if (!q) return;
            if (q === params.q) void list.refetch();
            else params.setQ(q);
          }}
          enterButton={<Button type="primary" icon={<SearchOutlined />} aria-label="Buscar" />}
          maxLength={200}
          style={{ width: 340, maxWidth: '100%' }}
        />
        <Button
          icon={<ReloadOutlined />}
          onClick={() => {
            setText('');
            params.clear();
          }}
        >
          Todos los registros
        </Button>
      </Flex>
      <ErrorRetry
        error={list.error}
        fallback={MSG.errorPeticion}
        onRetry={() => void list.refetch()}
        style={{ marginBottom: 12 }}
      />
      <DataTable<Row>
        ariaLabel="Detalle de tarifas"
        columns={columns}
        rows={list.data?.items ?? []}
        total={list.data?.total ?? 0}
        page={params.page}
        loading={list.isFetching}
        onPageChange={params.setPage}
        sort={params.sort}
        onSort={params.setSort}
        rowKey={(r) => `${r.idTarifario}-${r.idElemento}`}
        emptyText={params.q ? MSG.sinDatos : 'No hay elementos en los tarifarios del asegurador.'}
      />
    </>
  );
}

/** The body of /tarifarioform: the detail of one tariff sheet, read through its insurer. */
export function TarifaDetalleTarifario({ id, row }: { id: number; row: Row }) {
  return <TarifaDetalle id={row.idAsegurador as number} idTarifario={id} />;
}
