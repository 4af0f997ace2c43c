import { DeleteOutlined, DownOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { MSG, type Page } from '@app/domain';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, type MenuProps, type TableColumnsType } from 'antd';
import { type Key, type ReactNode, useEffect, useState } from 'react';
import { deleteErrorText } from '../../../components/catalog/catalog-values.ts';
import { ListToolbar } from '../../../components/catalog/list-toolbar.tsx';
import { PAGE_SIZE, pageCount } from '../../../components/data-table.ts';
import { DataTable } from '../../../components/data-table.tsx';
import { ErrorRetry } from '../../../components/error-retry.tsx';
import { listQuery } from '../../../components/list-params.ts';
import { MenuOpciones } from '../../../components/menu-opciones.tsx';
import { type BreadcrumbEntry, PageHeader } from '../../../components/page-header.tsx';
import { useFeedback } from '../../../components/use-feedback.tsx';
import { useListParams } from '../../../components/use-list-params.ts';
import { adminKeys, type Mensaje, type Query } from '../admin-api.ts';

export type RowAction<T> = {
  key: string;
  label: string;
  icon?: ReactNode;
  danger?: boolean;
  run: (row: T) => void;
};

export type ResourceListProps<T extends object> = {
  /** Cache name: every list and record of it is refreshed after a change. */
  resource: string;
  fetch: (query: Query, signal?: AbortSignal) => Promise<Page<T>>;
  columns: TableColumnsType<T>;
  rowKey: (row: T) => Key;
  defaultSort?: string;
  /** Page header (full pages); lists inside a tab leave it out and use a `namespace`. */
  title?: string;
  breadcrumb?: BreadcrumbEntry[];
  headerExtra?: ReactNode;
  namespace?: string;
  /** Fixed filters of the list (`idSuscripcion` of a tab). */
  fixedQuery?: Query;
  /** URL filters of the list and their controls. */
  filterKeys?: string[];
  filters?: (
    set: (key: string, value: string | number | null | undefined) => void,
    values: Record<string, string>,
  ) => ReactNode;
  /** Search box (spec: 'Buscar por nombre'; an empty search is ignored). */
  search?: boolean;
  searchPlaceholder?: string;
  emptyText?: string;
  onCreate?: () => void;
  createLabel?: string;
  onEdit?: (row: T) => void;
  /** Deletes after a confirmation naming the row. */
  onDelete?: { label: (row: T) => string; noun: string; run: (row: T) => Promise<Mensaje> };
  extraActions?: RowAction<T>[];
  /** The rows' 'Opciones' menu (default shown; the persons list follows the session's opcionMenu). */
  rowMenu?: boolean;
  /** Double-click / Enter on a row (default: edit). */
  onOpen?: (row: T) => void;
  ariaLabel: string;
};

/**
 * The list screen of the administration (docs/design-summary.md §10 "Lists"): search and filters in the URL, the table
 * with server paging and sorting, row options in an 'Opciones' menu, 'Todos los registros'.
 */
export function ResourceList<T extends object>(p: ResourceListProps<T>) {
  const queryClient = useQueryClient();
  const feedback = useFeedback();
  const params = useListParams({
    defaultSort: p.defaultSort,
    namespace: p.namespace,
    filterKeys: p.filterKeys,
  });
  const query = { ...listQuery(params, PAGE_SIZE), ...p.fixedQuery };
  const list = useQuery({
    queryKey: adminKeys.list(p.resource, query),
    queryFn: ({ signal }) => p.fetch(query, signal),
    placeholderData: keepPreviousData,
  });
  const [text, setText] = useState(params.q);
  useEffect(() => setText(params.q), [params.q]);
  const { setPage } = params;
  useEffect(() => {
    if (
      list.data &&
      !list.isPlaceholderData &&
      list.data.items.length === 0 &&
      list.data.total > 0 &&
      params.page > 1
    )
      setPage(pageCount(list.data.total, PAGE_SIZE));
  }, [list.data, list.isPlaceholderData, params.page, setPage]);

  const reload = () => queryClient.invalidateQueries({ queryKey: adminKeys.all(p.resource) });

  function runSearch(q: string) {
    if (q === params.q) void list.refetch();
    else params.setQ(q);
  }

  function confirmDelete(row: T) {
    const del = p.onDelete!;
    feedback.modal.confirm({
      title: `¿Eliminar ${del.noun}?`,
      content: (
        <>
          Se eliminará <strong>{del.label(row)}</strong>. Esta acción no se puede deshacer.
        </>
      ),
      okText: 'Eliminar',
      okButtonProps: { danger: true },
      cancelText: 'Cancelar',
      focusable: { autoFocusButton: 'cancel' },
      onOk: async () => {
        try {
          const res = await del.run(row);
          feedback.success(res.mensaje);
          await reload();
        } catch (e) {
          feedback.errorDialog(MSG.noSePudoEliminar, deleteErrorText((e as Error).message));
        }
      },
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
    columns.push({
      key: 'opciones',
      title: 'Opciones',
      width: 120,
      align: 'center',
      fixed: 'right',
      render: (_: unknown, row: T) => <RowOptions actions={actions} row={row} />,
    });
  }

  const newButton = p.onCreate && (
    <Button type="primary" icon={<PlusOutlined />} onClick={p.onCreate}>
      {p.createLabel ?? 'Nuevo'}
    </Button>
  );

  const body = (
    <>
      {(p.search !== false || p.filters || (!p.title && p.onCreate)) && (
        <ListToolbar
          label={p.ariaLabel}
          text={p.search !== false ? text : undefined}
          onText={setText}
          onSearch={runSearch}
          placeholder={p.searchPlaceholder ?? 'Buscar por nombre...'}
          filters={p.filters?.(params.setFilter, params.filters)}
          onShowAll={
            p.search !== false || p.filters
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
      <ErrorRetry
        error={list.error}
        fallback={MSG.errorPeticion}
        onRetry={() => void list.refetch()}
        style={{ marginBottom: 12 }}
      />
      <DataTable<T>
        ariaLabel={p.ariaLabel}
        columns={columns}
        rows={list.data?.items ?? []}
        total={list.data?.total ?? 0}
        page={params.page}
        loading={list.isFetching}
        onPageChange={params.setPage}
        sort={params.sort}
        onSort={params.setSort}
        rowKey={p.rowKey}
        onRowDoubleClick={p.onOpen ?? p.onEdit}
        emptyText={p.emptyText ?? (params.q ? MSG.sinDatos : MSG.listaVacia)}
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
