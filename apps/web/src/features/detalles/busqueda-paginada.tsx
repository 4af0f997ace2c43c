import { BUSQUEDA_DETALLE, MSG_DETALLE_EDICION } from '@app/domain/detalles/index';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Flex, Input, Table, type TableColumnsType, Typography } from 'antd';
import { type Key, useState } from 'react';
import { useDebounced } from './use-debounced.ts';

type Page<T> = { items: T[]; total: number; page: number; pageSize: number };

export type BusquedaProps<T extends object> = {
  label: string;
  placeholder: string;
  queryKey: (q: string, page: number) => readonly unknown[];
  fetch: (q: string, page: number, signal: AbortSignal) => Promise<Page<T>>;
  columns: TableColumnsType<T>;
  rowKey: (row: T) => Key;
  onSelect: (row: T) => void;
  /** Row selected now (highlighted). */
  selected?: Key | null;
};

/**
 * A search of the line window (docs/spec-summary.md 001 §5, §9): runs once the text has at least 2 characters and
 * has not changed for 300 ms; 5 results per page; 'Seleccionar' (or a click on the row) picks one.
 */
export function BusquedaPaginada<T extends object>(p: BusquedaProps<T>) {
  const [texto, setTexto] = useState('');
  const [page, setPage] = useState(1);
  const q = useDebounced(texto.trim(), BUSQUEDA_DETALLE.esperaMs);
  const activa = q.length >= BUSQUEDA_DETALLE.minimo;
  const res = useQuery({
    queryKey: p.queryKey(q, page),
    queryFn: ({ signal }) => p.fetch(q, page, signal),
    enabled: activa,
    placeholderData: keepPreviousData,
  });
  const columns: TableColumnsType<T> = [
    ...p.columns,
    {
      key: 'sel',
      width: 110,
      render: (_: unknown, row) => (
        <Button
          size="small"
          type={p.rowKey(row) === p.selected ? 'primary' : 'default'}
          onClick={() => p.onSelect(row)}
        >
          Seleccionar
        </Button>
      ),
    },
  ];
  return (
    <Flex vertical gap={6}>
      <Input
        aria-label={p.label}
        placeholder={p.placeholder}
        value={texto}
        allowClear
        onChange={(e) => {
          setTexto(e.target.value);
          setPage(1);
        }}
      />
      {!activa ? (
        texto.trim().length > 0 && (
          <Typography.Text type="secondary">{MSG_DETALLE_EDICION.busquedaCorta}</Typography.Text>
        )
      ) : (
        <Table<T>
          size="small"
          aria-label={`Resultados: ${p.label}`}
          rowKey={p.rowKey}
          columns={columns}
          dataSource={res.data?.items ?? []}
          loading={res.isFetching}
          locale={{ emptyText: res.isError ? (res.error as Error).message : 'Sin resultados.' }}
          rowClassName={(row) => (p.rowKey(row) === p.selected ? 'ant-table-row-selected' : '')}
          onRow={(row) => ({ onDoubleClick: () => p.onSelect(row) })}
          pagination={{
            current: page,
            pageSize: BUSQUEDA_DETALLE.pageSize,
            total: res.data?.total ?? 0,
            onChange: setPage,
            showSizeChanger: false,
            size: 'small',
          }}
        />
      )}
    </Flex>
  );
}
