import { MSG } from '@app/domain';
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
import { type Key, type KeyboardEvent, type MouseEvent, type ReactNode, useEffect, useRef } from 'react';
import {
  PAGE_SIZE,
  pageCount,
  type SortOrder,
  sortFromOrder,
  sortOrderOf,
  totalLabel,
} from './data-table.ts';
import './components.css';
import { ErrorRetry } from './error-retry.tsx';

/** How a row was opened: Ctrl/Cmd or the middle button may ask for another window (the record popup). */
export type OpenEvent = { ctrlKey: boolean; metaKey: boolean; button: number };

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
  /** Double-click (or Enter on a focused row; with `middleClick`, the middle button) opens the row. */
  onRowDoubleClick?: (row: T, e: OpenEvent) => void;
  /** The middle button opens the row too (instead of starting auto-scroll). */
  middleClick?: boolean;
  /**
   * 'paginas': Anterior / page numbers / Siguiente; 'extremos': Primera / Anterior / 'Página n de m' /
   * Siguiente / Última (the spec's attentions list).
   */
  paging?: 'paginas' | 'extremos';
  /** Fixed layout over the sum of the column widths: columns keep their width, long texts get an ellipsis. */
  fixedLayout?: boolean;
  className?: string;
  /** Shown when there are no rows; the spec's empty text by default. */
  emptyText?: ReactNode;
  /** Accessible name of the table (e.g. the page title). */
  ariaLabel?: string;
  /**
   * The query behind the rows: when it fails, its message (or `errorFallback`) and 'Reintentar' stand
   * above the table (`ErrorRetry`). `usePagedList().table` and `tablaDeConsulta` give it.
   */
  consulta?: { error: unknown; refetch: () => unknown };
  /** Title of that failure when the server sent no message (the generic request error by default). */
  errorFallback?: string;
  /** A fixed title of that failure instead: the server's message (or `errorFallback`) goes beneath it. */
  errorTitle?: string;
  /** Anything else of antd's Table (rowSelection, scroll, ...) for screens that need more. */
  tableProps?: Omit<
    TableProps<T>,
    'columns' | 'dataSource' | 'pagination' | 'loading' | 'rowKey' | 'onChange'
  >;
};

/** Interactive cells (check boxes, buttons, links, selects) keep their own clicks. */
const interactive = (target: EventTarget | null) =>
  target instanceof Element &&
  !!target.closest('button, a, input, label, .ant-checkbox-wrapper, .ant-select');

function columnKey<T>(col: TableColumnsType<T>[number]): string | undefined {
  if (col.key !== undefined) return String(col.key);
  if ('dataIndex' in col && typeof col.dataIndex === 'string') return col.dataIndex;
  return undefined;
}

/**
 * antd copies the column titles into a hidden measuring row (`aria-hidden`); a button in a title (a
 * 'Marcar todas') would then be focusable inside hidden content (axe-core: aria-hidden-focus). The
 * copies are made `inert`, as they are meant to be.
 */
function useInertMeasureRows() {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const root = ref.current;
    if (!root) return;
    const mark = () => {
      for (const tr of root.querySelectorAll('tr.ant-table-measure-row:not([inert])'))
        tr.setAttribute('inert', '');
    };
    mark();
    const observer = new MutationObserver(mark);
    observer.observe(root, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, []);
  return ref;
}

/** A server-paged list: antd Table, the total and the spec's paging. */
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
  middleClick = false,
  paging = 'paginas',
  fixedLayout = false,
  className,
  emptyText = MSG.listaVacia,
  ariaLabel,
  tableProps,
  consulta,
  errorFallback = MSG.errorPeticion,
  errorTitle,
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
        onDoubleClick: (e: MouseEvent<HTMLElement>) => {
          if (interactive(e.target)) return;
          onRowDoubleClick(row, { ctrlKey: e.ctrlKey, metaKey: e.metaKey, button: 0 });
        },
        onMouseDown: (e: MouseEvent<HTMLElement>) => {
          if (middleClick && e.button === 1 && !interactive(e.target)) e.preventDefault();
        },
        onAuxClick: (e: MouseEvent<HTMLElement>) => {
          if (!middleClick || e.button !== 1 || interactive(e.target)) return;
          e.preventDefault();
          onRowDoubleClick(row, { ctrlKey: false, metaKey: false, button: 1 });
        },
        onKeyDown: (e: KeyboardEvent<HTMLElement>) => {
          if (e.key === 'Enter' && e.target === e.currentTarget) {
            e.preventDefault();
            onRowDoubleClick(row, { ctrlKey: e.ctrlKey, metaKey: e.metaKey, button: 0 });
          }
        },
      })
    : undefined;

  const last = pageCount(total, pageSize);
  const wrapper = useInertMeasureRows();
  const layout: Pick<TableProps<T>, 'tableLayout' | 'scroll'> = fixedLayout
    ? {
        tableLayout: 'fixed',
        scroll: { x: columns.reduce((sum, c) => sum + (typeof c.width === 'number' ? c.width : 120), 0) },
      }
    : { scroll: { x: 'max-content' } };

  return (
    <div ref={wrapper} className={className ? `dt ${className}` : 'dt'}>
      {consulta && (
        <ErrorRetry
          error={consulta.error}
          fallback={errorFallback}
          title={errorTitle}
          onRetry={() => void consulta.refetch()}
          style={{ marginBottom: 12 }}
        />
      )}
      <Table<T>
        size="small"
        {...layout}
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
