import {
  Button,
  Empty,
  Flex,
  Pagination,
  Table,
  type TableColumnsType,
  type TableProps,
  Typography,
} from 'antd';
import type { Key, KeyboardEvent, MouseEvent, ReactNode } from 'react';
import {
  pageCount,
  type SortOrder,
  sortFromOrder,
  sortOrderOf,
  totalLabel,
} from '../../components/data-table.ts';
import '../../components/components.css';
import { PAGE_SIZE } from './atenciones-rules.ts';
import './planillas.css';

/** How a row was opened: Ctrl/Cmd or the middle button ask for the popup. */
export type OpenEvent = { ctrlKey: boolean; metaKey: boolean; button: number };

export type PagedTableProps<T extends object> = {
  columns: TableColumnsType<T>;
  rows: readonly T[];
  total: number;
  page: number;
  loading: boolean;
  onPageChange: (page: number) => void;
  sort?: string;
  onSort?: (sort: string | undefined) => void;
  rowKey: string | ((row: T) => Key);
  /** Double-click, Enter, and (with `middleClick`) the middle button open the row. */
  onRowOpen?: (row: T, e: OpenEvent) => void;
  middleClick?: boolean;
  emptyText: ReactNode;
  ariaLabel: string;
  /** 'extremos': Primera / Anterior / current / Siguiente / Última (spec's attentions list); else antd pages. */
  paging?: 'extremos' | 'paginas';
  rowClassName?: (row: T) => string;
  className?: string;
};

/** Interactive cells (check boxes, buttons, links) keep their own clicks. */
const interactivo = (target: EventTarget | null) =>
  target instanceof Element &&
  !!target.closest('button, a, input, label, .ant-checkbox-wrapper, .ant-select');

/**
 * A server-paged table like the shared DataTable, plus what the attention lists need: the spec's
 * Primera/Última paging and row opening that knows about Ctrl/Cmd and the middle button.
 */
export function PagedTable<T extends object>({
  columns,
  rows,
  total,
  page,
  loading,
  onPageChange,
  sort,
  onSort,
  rowKey,
  onRowOpen,
  middleClick = false,
  emptyText,
  ariaLabel,
  paging = 'extremos',
  rowClassName,
  className,
}: PagedTableProps<T>) {
  // Fixed layout over the sum of the widths: columns keep their width and long names get an ellipsis.
  const anchoTotal = columns.reduce((s, c) => s + (typeof c.width === 'number' ? c.width : 120), 0);
  const cols: TableColumnsType<T> = columns.map((col) => {
    const key = col.key !== undefined ? String(col.key) : undefined;
    if (!('sorter' in col) || !col.sorter || !key) return col;
    return { ...col, sortOrder: sortOrderOf(sort, key), sortDirections: ['ascend', 'descend'] };
  });

  const handleChange: TableProps<T>['onChange'] = (_p, _f, sorter, extra) => {
    if (extra.action !== 'sort' || !onSort) return;
    const s = Array.isArray(sorter) ? sorter[0] : sorter;
    const key = s?.columnKey !== undefined ? String(s.columnKey) : undefined;
    onSort(sortFromOrder(key, (s?.order ?? null) as SortOrder));
  };

  const onRow = onRowOpen
    ? (row: T) => ({
        tabIndex: 0,
        className: 'dt-row-open',
        onDoubleClick: (e: MouseEvent<HTMLElement>) => {
          if (interactivo(e.target)) return;
          onRowOpen(row, { ctrlKey: e.ctrlKey, metaKey: e.metaKey, button: 0 });
        },
        onMouseDown: (e: MouseEvent<HTMLElement>) => {
          // The middle button would start auto-scrolling instead of opening the popup.
          if (middleClick && e.button === 1 && !interactivo(e.target)) e.preventDefault();
        },
        onAuxClick: (e: MouseEvent<HTMLElement>) => {
          if (!middleClick || e.button !== 1 || interactivo(e.target)) return;
          e.preventDefault();
          onRowOpen(row, { ctrlKey: false, metaKey: false, button: 1 });
        },
        onKeyDown: (e: KeyboardEvent<HTMLElement>) => {
          if (e.key === 'Enter' && e.target === e.currentTarget) {
            e.preventDefault();
            onRowOpen(row, { ctrlKey: e.ctrlKey, metaKey: e.metaKey, button: 0 });
          }
        },
      })
    : undefined;

  const last = pageCount(total, PAGE_SIZE);

  return (
    <div className={className ? `dt ${className}` : 'dt'}>
      <Table<T>
        size="small"
        tableLayout="fixed"
        scroll={{ x: anchoTotal }}
        aria-label={ariaLabel}
        columns={cols}
        dataSource={rows as T[]}
        rowKey={rowKey}
        loading={loading}
        pagination={false}
        onChange={handleChange}
        onRow={onRow}
        rowClassName={rowClassName}
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
        {total > 0 && paging === 'extremos' && (
          <nav aria-label="Paginación">
            <Flex gap={4} align="center" wrap>
              <Button size="small" disabled={page <= 1} onClick={() => onPageChange(1)}>
                Primera
              </Button>
              <Button size="small" disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
                Anterior
              </Button>
              <Typography.Text style={{ padding: '0 8px' }} aria-current="page">
                Página {page} de {last}
              </Typography.Text>
              <Button size="small" disabled={page >= last} onClick={() => onPageChange(page + 1)}>
                Siguiente
              </Button>
              <Button size="small" disabled={page >= last} onClick={() => onPageChange(last)}>
                Última
              </Button>
            </Flex>
          </nav>
        )}
        {total > 0 && paging === 'paginas' && (
          <Pagination
            current={page}
            total={total}
            pageSize={PAGE_SIZE}
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
