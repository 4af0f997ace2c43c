import { MSG } from '@app/domain';
import { Empty, Flex, Pagination, Table, type TableColumnsType, type TableProps, Typography } from 'antd';
import type { Key, KeyboardEvent, ReactNode } from 'react';
import { PAGE_SIZE, type SortOrder, sortFromOrder, sortOrderOf, totalLabel } from './data-table.ts';
import './components.css';

export type DataTableProps<T extends object> = {
  /** antd columns; a column with `sorter: true` is sorted by the server under its `key` (or `dataIndex`). */
  columns: TableColumnsType<T>;
  rows: readonly T[];
  total: number;
  /** 1-based. */
  page: number;
  pageSize?: number;
  loading?: boolean;
  onPageChange: (page: number) => void;
  /** Current API sort: a column key, '-' prefix for descending. */
  sort?: string;
  /** Called with the new API sort, or undefined when the user removes it. */
  onSort?: (sort: string | undefined) => void;
  rowKey: string | ((row: T) => Key);
  /** Double-click (or Enter on a focused row) opens the row. */
  onRowDoubleClick?: (row: T) => void;
  /** Shown when there are no rows; the spec's empty text by default. */
  emptyText?: ReactNode;
  /** Accessible name of the table (e.g. the page title). */
  ariaLabel?: string;
  /** Anything else of antd's Table (rowSelection, scroll, ...) for screens that need more. */
  tableProps?: Omit<
    TableProps<T>,
    'columns' | 'dataSource' | 'pagination' | 'loading' | 'rowKey' | 'onChange'
  >;
};

function columnKey<T>(col: TableColumnsType<T>[number]): string | undefined {
  if (col.key !== undefined) return String(col.key);
  if ('dataIndex' in col && typeof col.dataIndex === 'string') return col.dataIndex;
  return undefined;
}

/** A server-paged list: antd Table, the total and the spec's paging (Anterior / pages / Siguiente). */
export function DataTable<T extends object>({
  columns,
  rows,
  total,
  page,
  pageSize = PAGE_SIZE,
  loading = false,
  onPageChange,
  sort,
  onSort,
  rowKey,
  onRowDoubleClick,
  emptyText = MSG.listaVacia,
  ariaLabel,
  tableProps,
}: DataTableProps<T>) {
  const cols: TableColumnsType<T> = columns.map((col) => {
    const key = columnKey(col);
    if (!('sorter' in col) || !col.sorter || !key) return col;
    return { ...col, key, sortOrder: sortOrderOf(sort, key), sortDirections: ['ascend', 'descend'] };
  });

  const handleChange: TableProps<T>['onChange'] = (_pagination, _filters, sorter, extra) => {
    if (extra.action !== 'sort' || !onSort) return;
    const s = Array.isArray(sorter) ? sorter[0] : sorter;
    const key = s?.columnKey !== undefined ? String(s.columnKey) : undefined;
    onSort(sortFromOrder(key, (s?.order ?? null) as SortOrder));
  };

  const onRow = onRowDoubleClick
    ? (row: T) => ({
        tabIndex: 0,
        className: 'dt-row-open',
        onDoubleClick: () => onRowDoubleClick(row),
        onKeyDown: (e: KeyboardEvent<HTMLElement>) => {
          if (e.key === 'Enter' && e.target === e.currentTarget) {
            e.preventDefault();
            onRowDoubleClick(row);
          }
        },
      })
    : undefined;

  return (
    <div className="dt">
      <Table<T>
        size="small"
        scroll={{ x: 'max-content' }}
        {...tableProps}
        aria-label={ariaLabel}
        columns={cols}
        dataSource={rows as T[]}
        rowKey={rowKey}
        loading={loading}
        pagination={false}
        onChange={handleChange}
        onRow={onRow}
        showSorterTooltip={{ target: 'sorter-icon' }}
        locale={{
          emptyText: loading ? (
            <div style={{ height: 120 }} />
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} />
          ),
        }}
      />
      <Flex className="dt-footer" align="center" justify="space-between" gap={16} wrap>
        <Typography.Text type="secondary" aria-live="polite">
          {totalLabel(total)}
        </Typography.Text>
        {total > 0 && (
          <Pagination
            current={page}
            total={total}
            pageSize={pageSize}
            showSizeChanger={false}
            showLessItems
            onChange={onPageChange}
            itemRender={(_page, type, original) => {
              if (type === 'prev' || type === 'next')
                return (
                  <button type="button" tabIndex={-1} className="ant-pagination-item-link dt-pager-text">
                    {type === 'prev' ? 'Anterior' : 'Siguiente'}
                  </button>
                );
              return original;
            }}
          />
        )}
      </Flex>
    </div>
  );
}
