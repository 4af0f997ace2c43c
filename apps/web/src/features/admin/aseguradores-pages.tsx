import { EyeOutlined } from '@ant-design/icons';
import {
  aseguradorSchema,
  formatDate,
  formatDateTime,
  formatMoney,
  getCatalog,
  type Page,
  prestadorSchema,
} from '@app/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Result } from 'antd';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { api } from '../../app/api.ts';
import { CatalogForm } from '../../components/catalog/CatalogForm.tsx';
import { fetchCatalogPage } from '../../components/catalog/catalog-api.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { type Asegurador, adminApi, adminKeys, type Prestador, type Query, type Row } from './admin-api.ts';
import { dateCol, textCol } from './components/columns.tsx';
import { DetailState, HelpIcon, InfoBlock, parseId, UrlTabs } from './components/detail.tsx';
import { FormModal } from './components/FormModal.tsx';
import type { FieldSpec } from './components/fields.tsx';
import { INICIO, PROCESOS } from './components/guards.tsx';
import { OPTIONS } from './components/options.ts';
import { ResourceList } from './components/ResourceList.tsx';
import { RucAviso } from './components/RucAviso.tsx';

const ASEGURADOR_FIELDS: FieldSpec[] = [
  { name: 'nombre', label: 'Nombre', kind: 'upper', required: true, maxLength: 200, span: 24 },
  { name: 'tipo', label: 'Tipo', kind: 'upper', required: true, maxLength: 40, span: 24 },
];
const PRESTADOR_FIELDS: FieldSpec[] = [
  { name: 'razonSocial', label: 'Razón social', kind: 'upper', required: true, maxLength: 200, span: 24 },
  {
    name: 'nombreComercial',
    label: 'Nombre comercial',
    kind: 'upper',
    required: true,
    maxLength: 200,
    span: 24,
  },
  { name: 'ruc', label: 'RUC', kind: 'digits', required: true, maxLength: 13 },
  {
    name: 'idEmpresa',
    label: 'Empresa',
    kind: 'select',
    options: OPTIONS.empresa,
    currentLabelField: 'empresaNombre',
  },
];

/** The rows of a declared catalogue (tariff sheets, equivalences) as a ResourceList source. */
const catalogo = (name: string) => (query: Query, signal?: AbortSignal) =>
  fetchCatalogPage(name, query, signal) as Promise<Page<Row>>;

function AseguradorModal({
  open,
  record,
  onClose,
  onSaved,
}: {
  open: boolean;
  record: Asegurador | null;
  onClose: () => void;
  onSaved?: () => void;
}) {
  const queryClient = useQueryClient();
  return (
    <FormModal<Asegurador>
      open={open}
      title={record ? 'Editar Asegurador' : 'Crear Asegurador'}
      record={record as Row | null}
      idField="idAsegurador"
      fields={ASEGURADOR_FIELDS}
      schema={aseguradorSchema}
      submit={(b) =>
        record ? adminApi.aseguradores.update(record.idAsegurador, b) : adminApi.aseguradores.create(b)
      }
      onSaved={() => {
        void queryClient.invalidateQueries({ queryKey: adminKeys.all('aseguradores') });
        onSaved?.();
      }}
      onClose={onClose}
    />
  );
}

export function AseguradorListPage() {
  const navigate = useNavigate();
  const [form, setForm] = useState<{ open: boolean; record: Asegurador | null }>({
    open: false,
    record: null,
  });
  return (
    <>
      <ResourceList<Asegurador>
        resource="aseguradores"
        ariaLabel="Aseguradores"
        title="Aseguradores"
        breadcrumb={[INICIO, PROCESOS, { title: 'Aseguradores' }]}
        fetch={adminApi.aseguradores.list}
        rowKey={(a) => a.idAsegurador}
        defaultSort="nombre"
        columns={[
          textCol('nombre', 'Nombre', true),
          textCol('tipo', 'Tipo', true),
          {
            key: 'tarifariosCreados',
            dataIndex: 'tarifariosCreados',
            title: 'Tarifarios creados',
            align: 'right',
          },
          {
            key: 'tarifariosUsados',
            dataIndex: 'tarifariosUsados',
            title: 'Tarifarios utilizados',
            align: 'right',
          },
          dateCol('fechaReg', 'Fecha de registro'),
        ]}
        onCreate={() => setForm({ open: true, record: null })}
        onOpen={(a) => navigate(`/aseguradorform/${a.idAsegurador}`)}
        onEdit={(record) => setForm({ open: true, record })}
        extraActions={[
          {
            key: 'detalle',
            label: 'Ver detalle',
            icon: <EyeOutlined />,
            run: (a) => navigate(`/aseguradorform/${a.idAsegurador}`),
          },
        ]}
        onDelete={{
          noun: 'el asegurador',
          label: (a) => a.nombre,
          run: (a) => adminApi.aseguradores.remove(a.idAsegurador),
        }}
      />
      <AseguradorModal
        open={form.open}
        record={form.record}
        onClose={() => setForm((s) => ({ ...s, open: false }))}
      />
    </>
  );
}

/** Tariff sheets created by an insurer (declared catalogue `tarifario`, filtered by the insurer). */
function TarifariosCreados({ idAsegurador }: { idAsegurador: number }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const def = getCatalog('tarifario');
  const [open, setOpen] = useState(false);
  if (!def) return null;
  return (
    <>
      <ResourceList<Row>
        resource="tarifario"
        ariaLabel="Tarifarios creados"
        namespace="creados"
        fixedQuery={{ idAsegurador }}
        fetch={catalogo('tarifario')}
        rowKey={(r) => r.idTarifario as number}
        defaultSort="-fechaDesde"
        columns={[
          textCol('descripcion', 'Descripción', true, 320),
          dateCol('fechaDesde', 'FechaDesde'),
          dateCol('fechaHasta', 'FechaHasta'),
          textCol('clasElemNombre', 'ClasElemNombre'),
          textCol('aseguradorNombre', 'AseguradorNombre'),
        ]}
        onCreate={() => setOpen(true)}
        onOpen={(r) => navigate(`/tarifarioform/${r.idTarifario}`)}
        extraActions={[
          {
            key: 'detalle',
            label: 'Ver detalle',
            icon: <EyeOutlined />,
            run: (r) => navigate(`/tarifarioform/${r.idTarifario}`),
          },
          { key: 'editar', label: 'Editar', run: (r) => navigate(`/tarifariomd/${r.idTarifario}`) },
        ]}
      />
      <CatalogForm
        def={def}
        open={open}
        fixedValues={{ idAsegurador }}
        onClose={() => setOpen(false)}
        onSaved={() => void queryClient.invalidateQueries({ queryKey: adminKeys.all('tarifario') })}
      />
    </>
  );
}

/** Tariff sheets an insurer uses (declared catalogue `tarifaaseg`). */
function TarifariosUsados({ idAsegurador }: { idAsegurador: number }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const def = getCatalog('tarifaaseg');
  const [open, setOpen] = useState(false);
  if (!def) return null;
  return (
    <>
      <ResourceList<Row>
        resource="tarifaaseg"
        ariaLabel="Tarifarios utilizados"
        namespace="usados"
        fixedQuery={{ idAsegurador }}
        fetch={catalogo('tarifaaseg')}
        rowKey={(r) => r.idTarifaAseg as number}
        defaultSort="-fechaReg"
        search={false}
        columns={[
          dateCol('fechaReg', 'FechaReg'),
          textCol('tarifarioNombre', 'Tarifario'),
          textCol('aseguradorNombre', 'Asegurador'),
        ]}
        onCreate={() => setOpen(true)}
        onOpen={(r) => navigate(`/tarifaasegmd/${r.idTarifaAseg}`)}
        extraActions={[
          {
            key: 'detalle',
            label: 'Ver detalle',
            icon: <EyeOutlined />,
            run: (r) => navigate(`/tarifaasegmd/${r.idTarifaAseg}`),
          },
        ]}
      />
      <CatalogForm
        def={def}
        open={open}
        fixedValues={{ idAsegurador }}
        onClose={() => setOpen(false)}
        onSaved={() => void queryClient.invalidateQueries({ queryKey: adminKeys.all('tarifaaseg') })}
      />
    </>
  );
}

function TarifaDetalle({ idAsegurador, idTarifario }: { idAsegurador: number; idTarifario?: number }) {
  return (
    <ResourceList<Row>
      resource={`tarifa-detalle-${idAsegurador}`}
      ariaLabel="Detalle de tarifas"
      namespace="detalle"
      fixedQuery={idTarifario ? { idTarifario } : undefined}
      fetch={adminApi.tarifaDetalle(idAsegurador)}
      rowKey={(r) => `${r.idTarifario}-${r.idElemento}`}
      defaultSort="codigo"
      searchPlaceholder="Buscar por código o nombre..."
      columns={[
        textCol('codigo', 'Código', true),
        textCol('nombre', 'Elemento', true, 360),
        {
          key: 'valor',
          dataIndex: 'valor',
          title: 'Valor',
          align: 'right',
          sorter: true,
          render: (v: string) => formatMoney(v),
        },
        ...(idTarifario ? [] : [textCol<Row>('tarifarioDescripcion', 'Tarifario', true, 240)]),
      ]}
      emptyText="No hay elementos en los tarifarios del asegurador."
    />
  );
}

/** /aseguradorform/:p_idasegurador — nombre and tipo; tabs tariff sheets created, used and tariff detail. */
export function AseguradorFormPage() {
  const id = parseId(useParams().p_idasegurador);
  const [open, setOpen] = useState(false);
  const q = useQuery({
    queryKey: adminKeys.one('aseguradores', id),
    queryFn: ({ signal }) => adminApi.aseguradores.get(id, signal),
    enabled: id > 0,
  });
  const breadcrumb = [
    INICIO,
    { title: 'Aseguradores', href: '/asegurador' },
    { title: q.data?.nombre ?? `Asegurador ${id}` },
  ];
  if (!q.data)
    return (
      <DetailState
        error={id ? q.error : { status: 404 }}
        loading={q.isLoading}
        title={`Asegurador ${id}`}
        breadcrumb={breadcrumb}
        back={{ href: '/asegurador', label: 'Volver a Aseguradores' }}
        onRetry={() => void q.refetch()}
      />
    );
  const a = q.data;
  return (
    <>
      <PageHeader
        title={a.nombre}
        breadcrumb={breadcrumb}
        extra={<Button onClick={() => setOpen(true)}>Editar</Button>}
      />
      <InfoBlock
        items={[
          { label: 'Nombre', value: a.nombre },
          { label: 'Tipo', value: a.tipo },
          { label: 'Empresa', value: a.empresaNombre },
          { label: 'ID asegurador', value: a.idAsegurador, more: true },
          { label: 'Fecha de registro', value: formatDateTime(a.fechaReg), more: true },
          { label: 'Fecha de actualización', value: formatDateTime(a.fechaAct), more: true },
        ]}
      />
      <UrlTabs
        defaultKey="creados"
        items={[
          {
            key: 'creados',
            label: 'Tarifarios creados',
            children: <TarifariosCreados idAsegurador={a.idAsegurador} />,
          },
          {
            key: 'usados',
            label: 'Tarifarios utilizados',
            children: <TarifariosUsados idAsegurador={a.idAsegurador} />,
          },
          {
            key: 'detalle',
            label: 'Detalle de tarifas',
            children: <TarifaDetalle idAsegurador={a.idAsegurador} />,
          },
        ]}
      />
      <AseguradorModal
        open={open}
        record={a}
        onClose={() => setOpen(false)}
        onSaved={() => void q.refetch()}
      />
    </>
  );
}

function PrestadorModal({
  open,
  record,
  onClose,
  onSaved,
}: {
  open: boolean;
  record: Prestador | null;
  onClose: () => void;
  onSaved?: () => void;
}) {
  const queryClient = useQueryClient();
  return (
    <FormModal<Prestador>
      open={open}
      title={record ? 'Editar Prestador' : 'Crear Prestador'}
      record={record as Row | null}
      idField="idPrestador"
      fields={PRESTADOR_FIELDS}
      schema={prestadorSchema}
      submit={(b) =>
        record ? adminApi.prestadores.update(record.idPrestador, b) : adminApi.prestadores.create(b)
      }
      onSaved={() => {
        void queryClient.invalidateQueries({ queryKey: adminKeys.all('prestadores') });
        onSaved?.();
      }}
      onClose={onClose}
    >
      <RucAviso field="ruc" />
    </FormModal>
  );
}

export function PrestadorListPage() {
  const navigate = useNavigate();
  const [form, setForm] = useState<{ open: boolean; record: Prestador | null }>({
    open: false,
    record: null,
  });
  return (
    <>
      <ResourceList<Prestador>
        resource="prestadores"
        ariaLabel="Prestadores"
        title="Prestadores"
        breadcrumb={[INICIO, PROCESOS, { title: 'Prestadores' }]}
        fetch={adminApi.prestadores.list}
        rowKey={(p) => p.idPrestador}
        defaultSort="nombreComercial"
        columns={[
          textCol('nombreComercial', 'Nombre comercial', true),
          textCol('razonSocial', 'Razón social', true),
          textCol('ruc', 'RUC', true),
          textCol('empresaNombre', 'Empresa', true),
          dateCol('fechaReg', 'Fecha de registro'),
        ]}
        onCreate={() => setForm({ open: true, record: null })}
        onOpen={(p) => navigate(`/prestadorform/${p.idPrestador}`)}
        onEdit={(record) => setForm({ open: true, record })}
        extraActions={[
          {
            key: 'detalle',
            label: 'Ver detalle',
            icon: <EyeOutlined />,
            run: (p) => navigate(`/prestadorform/${p.idPrestador}`),
          },
        ]}
        onDelete={{
          noun: 'el prestador',
          label: (p) => p.nombreComercial,
          run: (p) => adminApi.prestadores.remove(p.idPrestador),
        }}
      />
      <PrestadorModal
        open={form.open}
        record={form.record}
        onClose={() => setForm((s) => ({ ...s, open: false }))}
      />
    </>
  );
}

/** /prestadorform/:p_idprestador — razón social, nombre comercial, RUC and stamps; tabs equivalences and tariff sheets. */
export function PrestadorFormPage() {
  const id = parseId(useParams().p_idprestador);
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const q = useQuery({
    queryKey: adminKeys.one('prestadores', id),
    queryFn: ({ signal }) => adminApi.prestadores.get(id, signal),
    enabled: id > 0,
  });
  const breadcrumb = [
    INICIO,
    { title: 'Prestadores', href: '/prestador' },
    { title: q.data?.nombreComercial ?? `Prestador ${id}` },
  ];
  if (!q.data)
    return (
      <DetailState
        error={id ? q.error : { status: 404 }}
        loading={q.isLoading}
        title={`Prestador ${id}`}
        breadcrumb={breadcrumb}
        back={{ href: '/prestador', label: 'Volver a Prestadores' }}
        onRetry={() => void q.refetch()}
      />
    );
  const p = q.data;
  return (
    <>
      <PageHeader
        title={p.nombreComercial}
        breadcrumb={breadcrumb}
        extra={
          <>
            <HelpIcon title="Prestador">
              El RUC de una persona natural debe contener una cédula válida; el de una sociedad (tercer dígito
              6 o 9) solo se advierte.
            </HelpIcon>
            <Button onClick={() => setOpen(true)}>Editar</Button>
          </>
        }
      />
      <InfoBlock
        items={[
          { label: 'Razón social', value: p.razonSocial },
          { label: 'Nombre comercial', value: p.nombreComercial },
          { label: 'RUC', value: p.ruc },
          { label: 'ID prestador', value: p.idPrestador, more: true },
          { label: 'Empresa', value: p.empresaNombre, more: true },
          { label: 'Fecha de registro', value: formatDateTime(p.fechaReg), more: true },
          { label: 'Fecha de actualización', value: formatDateTime(p.fechaAct), more: true },
        ]}
      />
      <UrlTabs
        defaultKey="equivalencias"
        items={[
          {
            key: 'equivalencias',
            label: 'Tabla de equivalencias',
            children: (
              <ResourceList<Row>
                resource="elempres"
                ariaLabel="Tabla de equivalencias"
                namespace="equivalencias"
                fixedQuery={{ idPrestador: p.idPrestador }}
                fetch={catalogo('elempres')}
                rowKey={(r) => r.idElemPres as number}
                defaultSort="nombre"
                columns={[
                  textCol('codigo', 'Código del prestador', true),
                  textCol('nombre', 'Nombre', true, 320),
                  textCol('elementoNombre', 'Elemento equivalente'),
                ]}
                emptyText="El prestador no tiene códigos propios registrados."
                headerExtra={null}
              />
            ),
          },
          {
            key: 'tarifas',
            label: 'Tarifarios',
            children: (
              <ResourceList<Row>
                resource="tarifapres"
                ariaLabel="Tarifas del prestador"
                namespace="tarifas"
                fixedQuery={{ idPrestador: p.idPrestador }}
                fetch={catalogo('tarifapres')}
                rowKey={(r) => r.idTarifaPres as number}
                defaultSort="-fechaReg"
                columns={[
                  textCol('tarifarioNombre', 'Tarifario/Convenio'),
                  textCol('elementoNombre', 'Elemento', false, 360),
                  {
                    key: 'valor',
                    dataIndex: 'valor',
                    title: 'Valor',
                    align: 'right',
                    sorter: true,
                    render: (v: string) => formatMoney(v),
                  },
                ]}
                emptyText="El prestador no tiene tarifas registradas."
                onOpen={(r) => navigate(`/tarifapresmd/${r.idTarifaPres}`)}
              />
            ),
          },
        ]}
      />
      <Card variant="borderless" style={{ marginTop: 16 }}>
        <Link to={`/prestador_elempres/${p.idPrestador}`}>Administrar los elementos del prestador</Link>
      </Card>
      <PrestadorModal
        open={open}
        record={p}
        onClose={() => setOpen(false)}
        onSaved={() => void q.refetch()}
      />
    </>
  );
}

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
        <TarifaDetalle idAsegurador={t.idAsegurador as number} idTarifario={id} />
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
