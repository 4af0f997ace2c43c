import { PlusOutlined } from '@ant-design/icons';
import {
  type CatalogDef,
  type CatalogSection,
  canCreateCatalog,
  canWriteCatalog,
  detailsOf,
  getResource,
  MSG,
} from '@app/domain';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Result, type TableColumnsType } from 'antd';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useSession } from '../../lib/use-session.ts';
import { opcionesCol } from '../columns.tsx';
import { confirmarEliminacion } from '../confirmar-eliminacion.tsx';
import { PAGE_SIZE, pageCount } from '../data-table.ts';
import { DataTable } from '../data-table.tsx';
import { listQuery } from '../list-params.ts';
import { PageHeader } from '../page-header.tsx';
import { useFeedback } from '../use-feedback.tsx';
import { useListParams } from '../use-list-params.ts';
import { catalogKeys, deleteCatalogRow, fetchCatalogPage } from './catalog-api.ts';
import { catalogColumns, RowOptions } from './catalog-columns.tsx';
import { CatalogForm } from './catalog-form.tsx';
import { type CatalogRow, isValidSort, recordLabel } from './catalog-values.ts';
import { ListToolbar } from './list-toolbar.tsx';

export const SECTION_LABEL: Record<CatalogSection, string> = {
  procesos: 'Procesos',
  reportes: 'Reportes',
  parametros: 'Parámetros',
};

/** The list screen of any declared catalogue (`/{name}`): search, paged table, create/edit modal, delete. */
export default function CatalogPage({ name }: { name: string }) {
  const def = getResource(name);
  if (!def) return <SinCatalogo />;
  // A new catalogue is a new screen: search text and open modal do not carry over.
  return <CatalogList key={def.name} def={def} />;
}

/** A catalogue or record screen that does not exist: 'no encontrado' and 'Ir al inicio'. */
export function SinCatalogo() {
  return (
    <Result
      status="404"
      title={MSG.noEncontrado}
      extra={
        <Link to="/MenuPrincipal">
          <Button type="primary">Ir al inicio</Button>
        </Link>
      }
    />
  );
}

type FormState = { open: boolean; record: CatalogRow | null };

export type CatalogListProps = {
  def: CatalogDef;
  /**
   * The detail list of a master-detail screen: only the rows whose reference `field` is `id` (the
   * API's `?{field}={id}`), new rows created with it fixed, and its column left out.
   */
  parent?: { field: string; id: number };
  /** Under another page's header (master-detail): no page header of its own. */
  embedded?: boolean;
  /** Key of this list's search, page and sort in the URL, when a page shows several (tabs). */
  namespace?: string;
  /** `false`: no 'Nuevo' here even for users who may create (a company's subscriptions, but another company's). */
  canCreate?: boolean;
};

/**
 * A record page's tab (`UrlTabs`) with a declaration's rows of that record (`parent`); its search,
 * page and sort under the tab's key unless `namespace` says otherwise.
 */
export const catalogTab = (key: string, label: string, props: Omit<CatalogListProps, 'embedded'>) => ({
  key,
  label,
  children: <CatalogList embedded namespace={key} {...props} />,
});

/** Search, paged table, create/edit modal and delete of one catalogue; the body of `/{name}` and of detail lists. */
export function CatalogList({ def, parent, embedded = false, namespace, ...props }: CatalogListProps) {
  const queryClient = useQueryClient();
  const feedback = useFeedback();
  const navigate = useNavigate();
  // Reading is open to the route; creating, editing and deleting need the catalogue's flag, and a
  // system-wide catalogue a platform operator (the same predicate as the API).
  const usuario = useSession()?.usuario;
  const canWrite = usuario ? canWriteCatalog(usuario, def) : false;
  const canCreate = usuario ? canCreateCatalog(usuario, def) && props.canCreate !== false : false;
  const details = detailsOf(def.name);
  const params = useListParams({ defaultSort: def.defaultSort, namespace });
  const sort = isValidSort(def, params.sort) ? params.sort : def.defaultSort;
  const query = {
    ...listQuery({ ...params, sort }, PAGE_SIZE),
    ...(parent ? { [parent.field]: parent.id } : {}),
  };
  const fixedValues = parent ? { [parent.field]: parent.id } : undefined;

  const list = useQuery({
    queryKey: catalogKeys.list(def.name, query),
    queryFn: ({ signal }) => fetchCatalogPage(def.name, query, signal),
    placeholderData: keepPreviousData,
  });
  const rows = list.data?.items ?? [];
  const total = list.data?.total ?? 0;

  // Search box text; follows the URL (back button, 'Todos los registros').
  const [text, setText] = useState(params.q);
  useEffect(() => setText(params.q), [params.q]);

  // After deleting the last row of the last page, show the page that now is the last one.
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

  const [form, setForm] = useState<FormState>({ open: false, record: null });
  const openCreate = () => setForm({ open: true, record: null });
  const openEdit = (record: CatalogRow) => setForm({ open: true, record });
  // A resource with a screen of its own opens it; the rest open their form.
  const openDetail = def.detailRoute
    ? (row: CatalogRow) => navigate(`/${def.detailRoute}/${encodeURIComponent(String(row[def.idField]))}`)
    : undefined;

  const reload = () => queryClient.invalidateQueries({ queryKey: catalogKeys.all(def.name) });

  function runSearch(q: string) {
    if (q === params.q) void list.refetch();
    else params.setQ(q);
  }

  function showAll() {
    setText('');
    params.clear();
    void reload();
  }

  function confirmDelete(row: CatalogRow) {
    confirmarEliminacion(feedback, {
      noun: def.singular,
      label: recordLabel(def, row),
      eliminar: () => deleteCatalogRow(def.name, row[def.idField], row),
      despues: reload,
    });
  }

  const columns: TableColumnsType<CatalogRow> = catalogColumns(def, parent?.field);
  if (canWrite || details.length > 0 || openDetail) {
    columns.push(
      opcionesCol((row: CatalogRow) => (
        <RowOptions
          label={recordLabel(def, row)}
          canWrite={canWrite}
          details={details.map((d) => ({ key: d.route, label: d.title }))}
          onOpen={openDetail && (() => openDetail(row))}
          onEdit={() => openEdit(row)}
          onDelete={() => confirmDelete(row)}
          onDetail={(route) => navigate(`/${route}/${encodeURIComponent(String(row[def.idField]))}`)}
        />
      )),
    );
  }

  const newButton = canCreate && (
    <Button type="primary" icon={<PlusOutlined />} onClick={openCreate}>
      Nuevo
    </Button>
  );

  return (
    <>
      {feedback.contextHolder}
      {!embedded && (
        <PageHeader
          title={def.title}
          breadcrumb={[
            { title: 'Inicio', href: '/MenuPrincipal' },
            { title: SECTION_LABEL[def.section] },
            { title: def.title },
          ]}
          extra={newButton}
        />
      )}
      <Card variant="borderless" styles={{ body: { padding: 16 } }}>
        <ListToolbar
          label={def.title}
          text={text}
          onText={setText}
          onSearch={runSearch}
          onShowAll={showAll}
          action={embedded && newButton}
        />
        <DataTable<CatalogRow>
          consulta={list}
          ariaLabel={def.title}
          columns={columns}
          rows={rows}
          total={total}
          page={params.page}
          pageSize={PAGE_SIZE}
          loading={list.isFetching}
          onPageChange={params.setPage}
          sort={sort}
          onSort={params.setSort}
          rowKey={(row) => String(row[def.idField])}
          onRowDoubleClick={openDetail ?? openEdit}
          emptyText={params.q ? MSG.sinDatos : MSG.listaVacia}
        />
      </Card>
      <CatalogForm
        def={def}
        open={form.open}
        record={form.record}
        readOnly={!canWrite}
        fixedValues={fixedValues}
        onClose={() => setForm((s) => ({ ...s, open: false }))}
      />
    </>
  );
}
