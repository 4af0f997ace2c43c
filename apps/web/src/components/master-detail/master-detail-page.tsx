import {
  CATALOGS,
  type CatalogDef,
  type CatalogField,
  canWriteCatalog,
  getDetailScreen,
  getResource,
  type MasterDetailComponent,
  type MasterDetailDef,
  type MasterDetailTab,
  MSG,
} from '@app/domain';
import { parseId } from '@app/domain/common/ids';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, type DescriptionsProps, Result, Skeleton, Space, Tag, Typography } from 'antd';
import { type ComponentType, type LazyExoticComponent, lazy, Suspense, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../lib/api.ts';
import { useSession } from '../../lib/use-session.ts';
import { fetchCatalogRow } from '../catalog/catalog-api.ts';
import { CatalogForm } from '../catalog/catalog-form.tsx';
import { CatalogList, catalogTab, SECTION_LABEL, SinCatalogo } from '../catalog/catalog-page.tsx';
import {
  type CatalogRow,
  columnFields,
  displayValue,
  recordLabel,
  stampDateTime,
} from '../catalog/catalog-values.ts';
import { ErrorRetry } from '../error-retry.tsx';
import { PageHeader } from '../page-header.tsx';
import { TarjetaInformacion } from '../tarjeta-informacion.tsx';
import { UrlTabs } from '../url-tabs.tsx';

/** What a custom detail receives: the master's id and its row. */
type DetailProps = { id: number; row: CatalogRow };

/** Details that are not catalogue lists (`detailComponent` of the registry), each its own chunk. */
const DETAIL_COMPONENTS: Record<MasterDetailComponent, LazyExoticComponent<ComponentType<DetailProps>>> = {
  'atenciones-diagnostico': lazy(() => import('./atenciones-diagnostico.tsx')),
  'equivalencia-elempres': lazy(() => import('../../features/detalles/equivalencia-elem-pres.tsx')),
  'tarifa-detalle-asegurador': lazy(() => import('../../features/admin/tarifa-detalle.tsx')),
  'tarifa-detalle-tarifario': lazy(() =>
    import('../../features/admin/tarifa-detalle.tsx').then((m) => ({ default: m.TarifaDetalleTarifario })),
  ),
};

/**
 * One master-detail screen of the registry (`packages/domain/src/catalogs/master-detail.ts`):
 * `/{route}/:{param}` shows the master record's key fields (GET /catalogos/{master}/{id}) and the
 * detail catalogue's list filtered by that id, where new rows are created with it fixed.
 */
export default function MasterDetailPage({ route }: { route: string }) {
  const md = getDetailScreen(route);
  const param = useParams()[md?.param ?? ''];
  const id = parseId(param);
  const master = md ? getResource(md.master) : undefined;
  if (!md || !master || id === null) return <SinCatalogo />;
  // Another record is another screen: search, page and open modal do not carry over.
  return <MasterDetail key={`${route}:${id}`} md={md} master={master} id={id} />;
}

function MasterDetail({ md, master, id }: { md: MasterDetailDef; master: CatalogDef; id: number }) {
  const record = useQuery({
    queryKey: ['catalogo', master.name, 'uno', id],
    queryFn: ({ signal }) => fetchCatalogRow(master.name, id, signal),
    retry: (count, e) => !(e instanceof ApiError && e.status < 500) && count < 2,
  });
  const detail = md.detail ? getResource(md.detail.catalog) : undefined;
  const usuario = useSession()?.usuario;
  const navigate = useNavigate();
  // A full-page edit opens with its form; closing it leaves the page.
  const [editing, setEditing] = useState(md.openForm === true);
  const edit = md.editable && usuario && canWriteCatalog(usuario, master) && (
    <Button onClick={() => setEditing(true)}>Editar</Button>
  );
  const Custom = md.detailComponent ? DETAIL_COMPONENTS[md.detailComponent] : undefined;
  const row = record.data;
  // The master's own list, when it has a screen (views of other features' rows do not).
  const masterList = CATALOGS[master.name] || master.api ? `/${master.name}` : undefined;
  const label = row ? recordLabel(master, row) : `${master.singular} ${id}`;
  const heading = md.heading === 'record' ? label : md.title;
  const breadcrumb = [
    { title: 'Inicio', href: '/MenuPrincipal' },
    { title: SECTION_LABEL[master.section] },
    { title: master.title, href: masterList },
    { title: label },
    ...(md.heading === 'record' ? [] : [{ title: md.title }]),
  ];

  if (record.isError) {
    const missing = record.error instanceof ApiError && record.error.status === 404;
    return (
      <>
        <PageHeader title={heading} breadcrumb={breadcrumb} />
        {missing ? (
          <Result
            status="404"
            title={MSG.noEncontrado}
            subTitle={`No existe ${master.singular.toLowerCase()} con el identificador ${id}.`}
            extra={
              masterList && (
                <Link to={masterList}>
                  <Button type="primary">Volver a {master.title}</Button>
                </Link>
              )
            }
          />
        ) : (
          <ErrorRetry
            error={record.error}
            fallback={MSG.errorPeticion}
            onRetry={() => void record.refetch()}
          />
        )}
      </>
    );
  }

  return (
    <>
      <PageHeader title={heading} breadcrumb={breadcrumb} extra={row && edit} />
      {row ? (
        <>
          <MasterInfo md={md} master={master} row={row} />
          {master.formGroups && <MasterGroups master={master} row={row} />}
        </>
      ) : (
        <Card variant="borderless" style={{ marginBottom: 16 }}>
          <Skeleton active paragraph={{ rows: 2 }} title={false} />
        </Card>
      )}
      {md.tabs ? (
        row && <DetailTabs tabs={md.tabs} id={id} row={row} />
      ) : detail && md.detail ? (
        // The list waits for the master: a 404 above must not show another record's rows below.
        row && <CatalogList def={detail} parent={{ field: md.detail.field, id }} embedded />
      ) : Custom ? (
        row && (
          <Suspense fallback={<Skeleton active paragraph={{ rows: 4 }} />}>
            <Custom id={id} row={row} />
          </Suspense>
        )
      ) : md.note ? (
        <Alert type="info" showIcon title={md.note} />
      ) : null}
      {row && edit && (
        <CatalogForm
          def={master}
          open={editing}
          record={row}
          onClose={() => (md.openForm ? navigate(-1) : setEditing(false))}
          onSaved={() => void record.refetch()}
        />
      )}
    </>
  );
}

/** Details in tabs (`UrlTabs`: the active one in the URL); each list's search and page under its tab's key. */
function DetailTabs({ tabs, id, row }: { tabs: readonly MasterDetailTab[]; id: number; row: CatalogRow }) {
  const tab = (t: MasterDetailTab) => {
    const def = t.detail && getResource(t.detail.catalog);
    if (def && t.detail) return catalogTab(t.key, t.label, { def, parent: { field: t.detail.field, id } });
    const Custom = t.component && DETAIL_COMPONENTS[t.component];
    const children = Custom && (
      <Suspense fallback={<Skeleton active paragraph={{ rows: 4 }} />}>
        <Custom id={id} row={row} />
      </Suspense>
    );
    return { key: t.key, label: t.label, children };
  };
  return <UrlTabs items={tabs.map(tab)} />;
}

/** The form's declared block as tags (a user's permissions: 'Módulo Auditoría: Sí'), one line per group. */
function MasterGroups({ master, row }: { master: CatalogDef; row: CatalogRow }) {
  const label = (n: string) => master.fields.find((f) => f.name === n)?.label ?? n;
  return (
    <Card variant="borderless" title={master.formGroups?.title} style={{ marginBottom: 16 }}>
      {master.formGroups?.groups.map((g) => (
        <div key={g.title} style={{ marginBottom: 12 }}>
          <Typography.Text strong>{g.title}: </Typography.Text>
          <Space wrap size={[4, 4]}>
            {g.fields.map((n) => (
              <Tag key={n} color={row[n] ? 'blue' : 'default'}>
                {label(n)}: {row[n] ? 'Sí' : 'No'}
              </Tag>
            ))}
          </Space>
        </div>
      ))}
    </Card>
  );
}

/** The info block: the declared key fields, the rest behind '(+) Más información'. */
function MasterInfo({ md, master, row }: { md: MasterDetailDef; master: CatalogDef; row: CatalogRow }) {
  const fields = columnFields(master);
  const keyNames = md.headerFields ?? fields.slice(0, 3).map((f) => f.name);
  const item = (f: CatalogField) => ({
    key: f.name,
    label: f.label,
    children: displayValue(f, row) || '—',
    span: f.type === 'textarea' ? ('filled' as const) : undefined,
  });
  const main: NonNullable<DescriptionsProps['items']> = keyNames
    .map((n) => master.fields.find((f) => f.name === n))
    .filter((f): f is CatalogField => f !== undefined)
    .map(item);
  const rest: NonNullable<DescriptionsProps['items']> = [
    { key: 'id', label: 'ID', children: String(row[master.idField] ?? '') },
    ...fields.filter((f) => !keyNames.includes(f.name)).map(item),
    { key: 'fechaReg', label: 'Fecha de registro', children: stampDateTime(row) || '—' },
  ];
  return <TarjetaInformacion titulo={master.singular} principal={main} mas={rest} />;
}
