import {
  CATALOGS,
  type CatalogDef,
  type CatalogField,
  getCatalog,
  getMasterDetail,
  type MasterDetailComponent,
  type MasterDetailDef,
  MSG,
} from '@app/domain';
import { parseId } from '@app/domain/common/ids';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, type DescriptionsProps, Result, Skeleton } from 'antd';
import { type ComponentType, type LazyExoticComponent, lazy, Suspense, useId, useState } from 'react';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../app/api.ts';
import { CatalogList, SECTION_LABEL } from '../catalog/CatalogPage.tsx';
import { fetchCatalogRow } from '../catalog/catalog-api.ts';
import {
  type CatalogRow,
  columnFields,
  displayValue,
  recordLabel,
  stampDateTime,
} from '../catalog/catalog-values.ts';
import { ErrorRetry } from '../ErrorRetry.tsx';
import { PageHeader } from '../PageHeader.tsx';

/** Details that are not catalogue lists (`detailComponent` of the registry), each its own chunk. */
const DETAIL_COMPONENTS: Record<MasterDetailComponent, LazyExoticComponent<ComponentType<{ id: number }>>> = {
  'atenciones-diagnostico': lazy(() => import('./AtencionesDiagnostico.tsx')),
  'equivalencia-elempres': lazy(() => import('../../features/detalles/EquivalenciaElemPres.tsx')),
};

/**
 * One master-detail screen of the registry (`packages/domain/src/catalogs/master-detail.ts`):
 * `/{route}/:{param}` shows the master record's key fields (GET /catalogos/{master}/{id}) and the
 * detail catalogue's list filtered by that id, where new rows are created with it fixed.
 */
export default function MasterDetailPage({ route }: { route: string }) {
  const md = getMasterDetail(route);
  const param = useParams()[md?.param ?? ''];
  const id = parseId(param);
  const master = md ? getCatalog(md.master) : undefined;
  if (!md || !master || id === null) return <NotFound />;
  // Another record is another screen: search, page and open modal do not carry over.
  return <MasterDetail key={`${route}:${id}`} md={md} master={master} id={id} />;
}

function NotFound() {
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

function MasterDetail({ md, master, id }: { md: MasterDetailDef; master: CatalogDef; id: number }) {
  const record = useQuery({
    queryKey: ['catalogo', master.name, 'uno', id],
    queryFn: ({ signal }) => fetchCatalogRow(master.name, id, signal),
    retry: (count, e) => !(e instanceof ApiError && e.status < 500) && count < 2,
  });
  const detail = md.detail ? getCatalog(md.detail.catalog) : undefined;
  const Custom = md.detailComponent ? DETAIL_COMPONENTS[md.detailComponent] : undefined;
  const row = record.data;
  // The master's own list, when it has a screen (views of other features' rows do not).
  const masterList = CATALOGS[master.name] ? `/${master.name}` : undefined;
  const breadcrumb = [
    { title: 'Inicio', href: '/MenuPrincipal' },
    { title: SECTION_LABEL[master.section] },
    { title: master.title, href: masterList },
    { title: row ? recordLabel(master, row) : `${master.singular} ${id}` },
    { title: md.title },
  ];

  if (record.isError) {
    const missing = record.error instanceof ApiError && record.error.status === 404;
    return (
      <>
        <PageHeader title={md.title} breadcrumb={breadcrumb} />
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
      <PageHeader title={md.title} breadcrumb={breadcrumb} />
      {row ? (
        <MasterInfo md={md} master={master} row={row} />
      ) : (
        <Card variant="borderless" style={{ marginBottom: 16 }}>
          <Skeleton active paragraph={{ rows: 2 }} title={false} />
        </Card>
      )}
      {detail && md.detail ? (
        // The list waits for the master: a 404 above must not show another record's rows below.
        row && <CatalogList def={detail} parent={{ field: md.detail.field, id }} embedded />
      ) : Custom ? (
        row && (
          <Suspense fallback={<Skeleton active paragraph={{ rows: 4 }} />}>
            <Custom id={id} />
          </Suspense>
        )
      ) : (
        <Alert type="info" showIcon title={md.note} />
      )}
    </>
  );
}

/** The info block: the declared key fields, the rest behind '(+) Más información'. */
function MasterInfo({ md, master, row }: { md: MasterDetailDef; master: CatalogDef; row: CatalogRow }) {
  const [more, setMore] = useState(false);
  const blockId = useId();
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
  return (
    <Card
      variant="borderless"
      size="small"
      title={master.singular}
      extra={
        <Button
          type="link"
          size="small"
          aria-expanded={more}
          aria-controls={blockId}
          onClick={() => setMore((v) => !v)}
          style={{ paddingInline: 0 }}
        >
          {more ? '(-) Menos información' : '(+) Más información'}
        </Button>
      }
      styles={{ body: { padding: '12px 16px' } }}
      style={{ marginBottom: 16 }}
    >
      <div id={blockId}>
        <Descriptions
          size="small"
          column={{ xs: 1, sm: 2, lg: 3 }}
          items={more ? [...main, ...rest] : main}
        />
      </div>
    </Card>
  );
}
