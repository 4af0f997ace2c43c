import { formatDate, formatDateTime, getCatalog } from '@app/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Result } from 'antd';
import { Link, useNavigate, useParams } from 'react-router';
import { api } from '../../app/api.ts';
import { CatalogForm } from '../../components/catalog/CatalogForm.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import type { Row } from './admin-api.ts';
import { DetailState, InfoBlock, parseId } from './components/detail.tsx';
import { INICIO } from './components/guards.tsx';
import TarifaDetalle from './tarifa-detalle.tsx';

/*
 * Pages of tariff sheets reached from an insurer or a provider. The insurers and providers
 * themselves are declared resources (packages/domain admin/aseguradores.ts): their lists are the
 * catalogue screen and their record screens `RESOURCE_DETAILS` (components/master-detail).
 */

function useCatalogRow(name: string, id: number) {
  return useQuery({
    queryKey: ['catalogo', name, 'uno', id],
    queryFn: ({ signal }) => api<Row>(`/catalogos/${name}/${id}`, { signal }),
    enabled: id > 0,
  });
}

/** /tarifarioform/:p_idtarifario — a tariff sheet and the elements it prices. */
export function TarifarioFormPage() {
  const id = parseId(useParams().p_idtarifario);
  const q = useCatalogRow('tarifario', id);
  const t = q.data;
  const breadcrumb = [
    INICIO,
    { title: 'Tarifarios', href: '/tarifario' },
    { title: (t?.descripcion as string) ?? `Tarifario ${id}` },
  ];
  if (!t)
    return (
      <DetailState
        error={id ? q.error : { status: 404 }}
        loading={q.isLoading}
        title={`Tarifario ${id}`}
        breadcrumb={breadcrumb}
        back={{ href: '/tarifario', label: 'Volver a Tarifarios' }}
        onRetry={() => void q.refetch()}
      />
    );
  return (
    <>
      <PageHeader
        title={`Tarifario ${id}`}
        breadcrumb={breadcrumb}
        extra={
          <Link to={`/tarifariomd/${id}`}>
            <Button>Editar</Button>
          </Link>
        }
      />
      <InfoBlock
        items={[
          { label: 'Descripción', value: t.descripcion as string },
          { label: 'Clase de elemento', value: t.clasElemNombre as string },
          {
            label: 'Asegurador',
            value: <Link to={`/aseguradorform/${t.idAsegurador}`}>{t.aseguradorNombre as string}</Link>,
          },
          { label: 'Fecha desde', value: formatDate(t.fechaDesde as string) },
          { label: 'Fecha hasta', value: formatDate(t.fechaHasta as string) },
          { label: 'Fecha de registro', value: formatDateTime(t.fechaReg as string), more: true },
        ]}
      />
      <Card variant="borderless" title="Detalle de tarifas">
        <TarifaDetalle id={t.idAsegurador as number} idTarifario={id} />
      </Card>
    </>
  );
}

/** Full-page edit of a declared catalogue row (/tarifariomd/:id, /tarifaasegmd/:id): the record and its form. */
function CatalogRecordPage({
  name,
  param,
  back,
}: {
  name: string;
  param: string;
  back: { title: string; href: string };
}) {
  const id = parseId(useParams()[param]);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const def = getCatalog(name);
  const q = useCatalogRow(name, id);
  const breadcrumb = [INICIO, back, { title: `${def?.singular ?? name} ${id}` }];
  if (!def) return <Result status="404" title="Catálogo no disponible" />;
  if (!q.data)
    return (
      <DetailState
        error={id ? q.error : { status: 404 }}
        loading={q.isLoading}
        title={`${def.singular} ${id}`}
        breadcrumb={breadcrumb}
        back={{ href: back.href, label: `Volver a ${back.title}` }}
        onRetry={() => void q.refetch()}
      />
    );
  const r = q.data;
  return (
    <>
      <PageHeader title={`${def.singular} ${id}`} breadcrumb={breadcrumb} />
      <InfoBlock
        items={[
          ...def.fields.map((f) => {
            const v = f.ref
              ? r[`${f.name.replace(/^id/, '').replace(/^./, (c) => c.toLowerCase())}Nombre`]
              : r[f.name];
            return { label: f.label, value: f.type === 'date' ? formatDate(v as string) : String(v ?? '') };
          }),
          { label: 'Fecha de registro', value: formatDateTime(r.fechaReg as string) },
        ]}
      />
      {/* The catalogue's own form (the same schema as the API), open on the page. */}
      <CatalogForm
        def={def}
        open
        record={r}
        onClose={() => navigate(-1)}
        onSaved={() => {
          void queryClient.invalidateQueries({ queryKey: ['admin'] });
          void q.refetch();
        }}
      />
    </>
  );
}

export function TarifarioMdPage() {
  return <CatalogRecordPage name="tarifario" param="id" back={{ title: 'Tarifarios', href: '/tarifario' }} />;
}

export function TarifaAsegMdPage() {
  return (
    <CatalogRecordPage
      name="tarifaaseg"
      param="id"
      back={{ title: 'Tarifas de Asegurador', href: '/tarifaaseg' }}
    />
  );
}

/** /tarifapresmd/:id — one price-list entry of a provider (docs/spec-summary.md 001 §2.6). */
export function TarifaPresMdPage() {
  return (
    <CatalogRecordPage
      name="tarifapres"
      param="id"
      back={{ title: 'Tarifas de Prestación', href: '/tarifapres' }}
    />
  );
}
