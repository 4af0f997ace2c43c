import { DeleteOutlined, DownOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { MSG, type Page } from '@app/domain';
import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { Button, Card, type MenuProps, type TableColumnsType } from 'antd';
import { type Key, type ReactNode, useEffect, useState } from 'react';
import { ListToolbar } from './catalog/list-toolbar.tsx';
import { opcionesCol } from './columns.tsx';
import { confirmarEliminacion } from './confirmar-eliminacion.tsx';
import { PAGE_SIZE, pageCount } from './data-table.ts';
import { DataTable } from './data-table.tsx';
import { listQuery } from './list-params.ts';
import { MenuOpciones } from './menu-opciones.tsx';
import { type BreadcrumbEntry, PageHeader } from './page-header.tsx';
import { useFeedback } from './use-feedback.tsx';
import { usePagedList } from './use-paged-list.ts';

export type ListQuery = Record<string, string | number | undefined>;

export type RowAction<T> = {
  key: string;
  label: string;
  icon?: ReactNode;
  danger?: boolean;
  run: (row: T) => void;
};

export type ResourceListProps<T extends object> = {
  /** The resource's query key: its pages are `[...cacheKey, 'lista', query]`, all refreshed after a change. */
  cacheKey: QueryKey;
  fetch: (query: ListQuery, signal?: AbortSignal) => Promise<Page<T>>;
  columns: TableColumnsType<T>;
  rowKey: (row: T) => Key;
  defaultSort?: string;
  /** Page header (full pages); lists inside a tab leave it out and use a `namespace`. */
  title?: string;
  breadcrumb?: BreadcrumbEntry[];
  headerExtra?: ReactNode;
  namespace?: string;
  /** Fixed filters of the list (`idSuscripcion` of a tab). */
  fixedQuery?: ListQuery;
  /** URL filters of the list and their controls. */
  filterKeys?: string[];
  filters?: (
    set: (key: string, value: string | number | null | undefined) => void,
    values: Record<string, string>,
  ) => ReactNode;
  /** Search box (an empty search is ignored). */
  search?: boolean;
  searchPlaceholder?: string;
  /** The empty table's text, or a function of the search ('' when none). */
  emptyText?: string | ((q: string) => string);
  onCreate?: () => void;
  createLabel?: string;
  onEdit?: (row: T) => void;
  /** Deletes after a confirmation naming the row. */
  onDelete?: { label: (row: T) => string; noun: string; run: (row: T) => Promise<{ mensaje: string }> };
  extraActions?: RowAction<T>[];
  /** The rows' 'Opciones' menu (default shown; the persons list follows the session's opcionMenu). */
  rowMenu?: boolean;
  /** Double-click / Enter on a row (default: edit). */
  onOpen?: (row: T) => void;
  ariaLabel: string;
};

/**
 * A hand-written list screen (docs/design-summary.md §10 "Lists"), the shape of a catalogue's list for
 * rows no declaration describes: search and filters in the URL, server paging and sorting, row
 * options in an 'Opciones' menu, 'Todos los registros'.
 */
export function ResourceList<T extends object>(p: ResourceListProps<T>) {
  const queryClient = useQueryClient();
  const feedback = useFeedback();
  const {
    params,
    query: list,
    table,
  } = usePagedList<T, ListQuery>({
    defaultSort: p.defaultSort,
    namespace: p.namespace,
    filterKeys: p.filterKeys,
    pageSize: PAGE_SIZE,
    request: (lp) => ({ ...listQuery(lp, PAGE_SIZE), ...p.fixedQuery }),
    queryKey: (q) => [...p.cacheKey, 'lista', q],
    queryFn: (q, signal) => p.fetch(q, signal),
  });
  const [text, setText] = useState(params.q);
  useEffect(() => setText(params.q), [params.q]);
  // After deleting the last row of the last page, show the page that now is the last one.
  const { setPage } = params;
  useEffect(() => {
    const d = list.data;
    if (d && !list.isPlaceholderData && d.items.length === 0 && d.total > 0 && params.page > 1)
      setPage(pageCount(d.total, PAGE_SIZE));
  }, [list.data, list.isPlaceholderData, params.page, setPage]);

  const reload = () => queryClient.invalidateQueries({ queryKey: p.cacheKey });

  function confirmDelete(row: T) {
    const del = p.onDelete!;
    confirmarEliminacion(feedback, {
      noun: del.noun,
      label: del.label(row),
      eliminar: () => del.run(row),
      despues: reload,
    });
  }

  const actions: RowAction<T>[] = [
    ...(p.onEdit ? [{ key: 'editar', label: 'Editar', icon: <EditOutlined />, run: p.onEdit }] : []),
    ...(p.extraActions ?? []),
    ...(p.onDelete
      ? [{ key: 'eliminar', label: 'Eliminar', icon: <DeleteOutlined />, danger: true, run: confirmDelete }]
      : []),
  ];
  const columns: TableColumnsType<T> = [...p.columns];
  if (actions.length && p.rowMenu !== false) {
    columns.push(opcionesCol((row: T) => <RowOptions actions={actions} row={row} />));
  }

  const newButton = p.onCreate && (
    <Button type="primary" icon={<PlusOutlined />} onClick={p.onCreate}>
      {p.createLabel ?? 'Nuevo'}
    </Button>
  );
  const searchable = p.search !== false;

  const body = (
    <>
      {(searchable || p.filters || (!p.title && p.onCreate)) && (
        <ListToolbar
          label={p.ariaLabel}
          text={searchable ? text : undefined}
          onText={setText}
          onSearch={(q) => (q === params.q ? void list.refetch() : params.setQ(q))}
          placeholder={p.searchPlaceholder ?? 'Buscar por nombre...'}
          filters={p.filters?.(params.setFilter, params.filters)}
          onShowAll={
            searchable || p.filters
              ? () => {
                  setText('');
                  params.clear();
                  void reload();
                }
              : undefined
          }
          action={!p.title && newButton}
        />
      )}
      <DataTable<T>
        ariaLabel={p.ariaLabel}
        columns={columns}
        {...table}
        sort={params.sort}
        onSort={params.setSort}
        rowKey={p.rowKey}
        onRowDoubleClick={p.onOpen ?? p.onEdit}
        emptyText={
          typeof p.emptyText === 'function'
            ? p.emptyText(params.q)
            : (p.emptyText ?? (params.q ? MSG.sinDatos : MSG.listaVacia))
        }
      />
    </>
  );

  return (
    <>
      {feedback.contextHolder}
      {p.title ? (
        <>
          <PageHeader
            title={p.title}
            breadcrumb={p.breadcrumb}
            extra={
              <>
                {p.headerExtra}
                {newButton}
              </>
            }
          />
          <Card variant="borderless" styles={{ body: { padding: 16 } }}>
            {body}
          </Card>
        </>
      ) : (
        body
      )}
    </>
  );
}

function RowOptions<T>({ actions, row }: { actions: RowAction<T>[]; row: T }) {
  const items: MenuProps['items'] = actions.map(({ run: _run, ...item }) => item);
  return (
    <MenuOpciones items={items} onSelect={(key) => actions.find((a) => a.key === key)?.run(row)}>
      <Button
        size="small"
        aria-label="Opciones del registro"
        onClick={(e) => e.stopPropagation()}
        onDoubleClick={(e) => e.stopPropagation()}
      >
        Opciones <DownOutlined />
      </Button>
    </MenuOpciones>
  );
}
