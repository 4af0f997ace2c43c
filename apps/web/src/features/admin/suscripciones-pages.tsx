import { EyeOutlined } from '@ant-design/icons';
import {
  formatDate,
  formatDateTime,
  formatMoney,
  PERFIL,
  suscPagoSchema,
  suscripcionSchema,
} from '@app/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Flex, Form } from 'antd';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useSession } from '../../app/use-session.ts';
import { PageHeader } from '../../components/page-header.tsx';
import {
  adminApi,
  adminKeys,
  type Query,
  type Row,
  type SuscPago,
  type Suscripcion,
  type SuscripcionAud,
} from './admin-api.ts';
import { dateCol, estadoTag, textCol } from './components/columns.tsx';
import { DetailState, InfoBlock, parseId, UrlTabs } from './components/detail.tsx';
import type { FieldSpec } from './components/fields.tsx';
import { FormModal } from './components/form-modal.tsx';
import { INICIO, PROCESOS } from './components/guards.tsx';
import { facturaOptions, OPTIONS } from './components/options.ts';
import { FieldGrid, toFormValues, useRecordForm } from './components/record-form.tsx';
import { ResourceList } from './components/resource-list.tsx';
import { UsuariosList } from './usuario-exports.ts';

const SUSCRIPCION_FIELDS: FieldSpec[] = [
  {
    name: 'idPlan',
    label: 'Plan',
    kind: 'select',
    required: true,
    options: OPTIONS.plan,
    currentLabelField: 'planNombre',
  },
  {
    name: 'idFormaPago',
    label: 'Forma de pago',
    kind: 'select',
    required: true,
    options: OPTIONS.formaPago,
    currentLabelField: 'formaPagoNombre',
  },
  { name: 'numero', label: 'Número', kind: 'upper', required: true, maxLength: 40, span: 24 },
  { name: 'fechaDesde', label: 'Fecha desde', kind: 'date', required: true },
  { name: 'fechaHasta', label: 'Fecha hasta', kind: 'date', required: true },
];

/** Subscriptions list (docs/spec-summary.md 002 "Subscriptions list for a company"), also the Suscripción tab of a company. */
export function SuscripcionesList({
  fixedQuery,
  namespace,
  standalone,
  canCreate = true,
}: {
  fixedQuery?: Query;
  namespace?: string;
  standalone?: boolean;
  canCreate?: boolean;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [form, setForm] = useState<{ open: boolean; record: Suscripcion | null }>({
    open: false,
    record: null,
  });
  return (
    <>
      <ResourceList<Suscripcion>
        resource="suscripciones"
        ariaLabel="Suscripciones"
        title={standalone ? 'Suscripciones' : undefined}
        breadcrumb={standalone ? [INICIO, PROCESOS, { title: 'Suscripciones' }] : undefined}
        namespace={namespace}
        fixedQuery={fixedQuery}
        fetch={adminApi.suscripciones.list}
        rowKey={(s) => s.idSuscripcion}
        defaultSort="-fechaReg"
        columns={[
          textCol('usuarioNombre', 'Usuario', true),
          dateCol('fechaReg', 'Fecha de registro'),
          dateCol('fechaDesde', 'Fecha desde'),
          dateCol('fechaHasta', 'Fecha hasta'),
          textCol('formaPagoNombre', 'Forma de Pago', true),
          textCol('planNombre', 'Plan', true),
          textCol('numero', 'Número', true),
          { key: 'estado', dataIndex: 'estado', title: 'Estado', render: (v: string) => estadoTag(v) },
        ]}
        onCreate={canCreate ? () => setForm({ open: true, record: null }) : undefined}
        onEdit={(record) => setForm({ open: true, record })}
        extraActions={[
          {
            key: 'detalle',
            label: 'Ver detalle',
            icon: <EyeOutlined />,
            run: (s) => navigate(`/suscripcionform/${s.idSuscripcion}`),
          },
        ]}
        onDelete={{
          noun: 'la suscripción',
          label: (s) => s.numero,
          run: (s) => adminApi.suscripciones.remove(s.idSuscripcion),
        }}
      />
      <FormModal<Suscripcion>
        open={form.open}
        title={form.record ? 'Editar Suscripción' : 'Crear Suscripción'}
        record={form.record as Row | null}
        idField="idSuscripcion"
        fields={SUSCRIPCION_FIELDS}
        schema={suscripcionSchema}
        submit={(b) =>
          form.record
            ? adminApi.suscripciones.update(form.record.idSuscripcion, b)
            : adminApi.suscripciones.create(b)
        }
        onSaved={() => void queryClient.invalidateQueries({ queryKey: ['admin'] })}
        onClose={() => setForm((s) => ({ ...s, open: false }))}
      />
    </>
  );
}

export function SuscripcionListPage() {
  return <SuscripcionesList standalone />;
}

const pagoFields = (idSuscripcion: number, fija: boolean): FieldSpec[] => [
  {
    name: 'idSuscripcion',
    label: 'Suscripción',
    kind: 'select',
    required: true,
    options: OPTIONS.suscripcion,
    disabled: fija,
    currentLabelField: 'suscripcionNumero',
  },
  {
    name: 'idFactura',
    label: 'Factura',
    kind: 'select',
    required: true,
    options: facturaOptions(idSuscripcion),
    currentLabelField: 'facturaNumero',
  },
  {
    name: 'estadoPago',
    label: 'Estado de pago',
    kind: 'select',
    required: true,
    options: OPTIONS.estadoPago,
  },
  { name: 'fechaDesde', label: 'Fecha desde', kind: 'date', required: true },
  { name: 'fechaHasta', label: 'Fecha hasta', kind: 'date', required: true },
];

function PagoModal({
  open,
  record,
  idSuscripcion,
  onClose,
}: {
  open: boolean;
  record: SuscPago | null;
  idSuscripcion?: number;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const [susc, setSusc] = useState<number>(record?.idSuscripcion ?? idSuscripcion ?? 0);
  const fields = pagoFields(susc, idSuscripcion !== undefined);
  return (
    <FormModal<SuscPago>
      open={open}
      title={record ? 'Editar Pago de Suscripción' : 'Crear Pago de Suscripción'}
      record={record as Row | null}
      idField="idSuscPago"
      fields={fields}
      initialValues={
        record ? toFormValues(fields, record as Row) : { idSuscripcion, estadoPago: 'PENDIENTE' }
      }
      onValuesChange={(changed) => {
        if ('idSuscripcion' in changed) setSusc(Number(changed.idSuscripcion) || 0);
      }}
      schema={suscPagoSchema}
      extra={() => (idSuscripcion !== undefined ? { idSuscripcion } : {})}
      submit={(b) =>
        record ? adminApi.suscpagos.update(record.idSuscPago, b) : adminApi.suscpagos.create(b)
      }
      onSaved={() => void queryClient.invalidateQueries({ queryKey: adminKeys.all('suscpagos') })}
      onClose={onClose}
    />
  );
}

/** Payments list (docs/spec-summary.md 002 "Subscription payments"), also the Pagos tab of a subscription. */
export function PagosList({ idSuscripcion, standalone }: { idSuscripcion?: number; standalone?: boolean }) {
  const navigate = useNavigate();
  const [form, setForm] = useState<{ open: boolean; record: SuscPago | null; key: number }>({
    open: false,
    record: null,
    key: 0,
  });
  return (
    <>
      <ResourceList<SuscPago>
        resource="suscpagos"
        ariaLabel="Pagos de suscripción"
        title={standalone ? 'Pagos de Suscripción' : undefined}
        breadcrumb={standalone ? [INICIO, PROCESOS, { title: 'Pagos de Suscripción' }] : undefined}
        namespace={standalone ? undefined : 'pagos'}
        fixedQuery={idSuscripcion ? { idSuscripcion } : undefined}
        fetch={adminApi.suscpagos.list}
        rowKey={(p) => p.idSuscPago}
        defaultSort="-fechaDesde"
        columns={[
          {
            key: 'estadoPago',
            dataIndex: 'estadoPago',
            title: 'Estado del pago',
            sorter: true,
            render: (v: string) => estadoTag(v),
          },
          dateCol('fechaDesde', 'Fecha desde'),
          dateCol('fechaHasta', 'Fecha hasta'),
          dateCol('suscripcionFechaReg', 'Registro de la suscripción'),
          dateCol('facturaFechaReg', 'Registro de la factura'),
          textCol('facturaNumero', 'Factura'),
          {
            key: 'facturaTotal',
            dataIndex: 'facturaTotal',
            title: 'Total',
            align: 'right',
            render: (v: string) => formatMoney(v),
          },
        ]}
        onCreate={() => setForm((s) => ({ open: true, record: null, key: s.key + 1 }))}
        onEdit={(record) => setForm((s) => ({ open: true, record, key: s.key + 1 }))}
        extraActions={[
          {
            key: 'detalle',
            label: 'Ver detalle',
            icon: <EyeOutlined />,
            run: (p) => navigate(`/suscpagomd/${p.idSuscPago}`),
          },
        ]}
        onDelete={{
          noun: 'el pago',
          label: (p) => `${p.facturaNumero} (${formatDate(p.fechaDesde)} – ${formatDate(p.fechaHasta)})`,
          run: (p) => adminApi.suscpagos.remove(p.idSuscPago),
        }}
      />
      <PagoModal
        key={form.key}
        open={form.open}
        record={form.record}
        idSuscripcion={idSuscripcion}
        onClose={() => setForm((s) => ({ ...s, open: false }))}
      />
    </>
  );
}

export function SuscPagoListPage() {
  return <PagosList standalone />;
}

/** /suscpagomd/:id — one payment, edited on its own page. */
export function SuscPagoPage() {
  const id = parseId(useParams().id);
  const queryClient = useQueryClient();
  const q = useQuery({
    queryKey: adminKeys.one('suscpagos', id),
    queryFn: ({ signal }) => adminApi.suscpagos.get(id, signal),
    enabled: id > 0,
  });
  const [susc, setSusc] = useState(0);
  const fields = pagoFields(susc || q.data?.idSuscripcion || 0, false);
  const { form, run, saving, fieldRule, contextHolder } = useRecordForm<SuscPago>({
    fields,
    schema: suscPagoSchema,
    submit: (b) => adminApi.suscpagos.update(id, b),
    onSaved: () => void queryClient.invalidateQueries({ queryKey: adminKeys.all('suscpagos') }),
  });
  const breadcrumb = [INICIO, { title: 'Pagos de Suscripción', href: '/suscpago' }, { title: `Pago ${id}` }];
  if (!q.data)
    return (
      <DetailState
        error={id ? q.error : { status: 404 }}
        loading={q.isLoading}
        title={`Pago ${id}`}
        breadcrumb={breadcrumb}
        back={{ href: '/suscpago', label: 'Volver a Pagos' }}
        onRetry={() => void q.refetch()}
      />
    );
  return (
    <>
      {contextHolder}
      <PageHeader
        title={`Pago de la suscripción ${q.data.suscripcionNumero}`}
        breadcrumb={breadcrumb}
        tag={estadoTag(q.data.estadoPago)}
        extra={
          <Button type="primary" loading={saving} onClick={() => form.submit()}>
            Actualizar
          </Button>
        }
      />
      <Card variant="borderless">
        <Form
          form={form}
          name="pago"
          layout="vertical"
          onFinish={run}
          initialValues={toFormValues(fields, q.data as Row)}
          onValuesChange={(c: Row) => {
            if ('idSuscripcion' in c) setSusc(Number(c.idSuscripcion) || 0);
          }}
        >
          <FieldGrid fields={fields} record={q.data as Row} fieldRule={fieldRule} schema={suscPagoSchema} />
        </Form>
        <Flex gap={24} wrap style={{ color: 'rgba(0,0,0,0.55)' }}>
          <span>Fecha de registro: {formatDateTime(q.data.fechaReg)}</span>
          <span>Registro de la factura: {formatDate(q.data.facturaFechaReg)}</span>
        </Flex>
      </Card>
    </>
  );
}

function AuditoriaList({ idSuscripcion }: { idSuscripcion: number }) {
  const navigate = useNavigate();
  return (
    <ResourceList<SuscripcionAud>
      resource="auditoria"
      ariaLabel="Auditoría de la suscripción"
      namespace="auditoria"
      fetch={adminApi.auditoria(idSuscripcion)}
      fixedQuery={{ idSuscripcion }}
      rowKey={(a) => a.idSuscripcionAud}
      defaultSort="-fechaReg"
      columns={[
        textCol('numero', 'Número', true),
        dateCol('fechaReg', 'Fecha de registro'),
        dateCol('fechaDesde', 'Fecha desde'),
        dateCol('fechaHasta', 'Fecha hasta'),
        textCol('tipo', 'Tipo', true),
        dateCol('suscripcionFechaReg', 'Registro de la suscripción', false),
        textCol('planNombre', 'Plan', true),
        textCol('formaPagoNombre', 'Forma de Pago', true),
        textCol('usuarioNombre', 'Usuario'),
      ]}
      onOpen={(a) => navigate(`/suscripcionaudmd/${a.idSuscripcionAud}`)}
      extraActions={[
        {
          key: 'detalle',
          label: 'Ver detalle',
          icon: <EyeOutlined />,
          run: (a) => navigate(`/suscripcionaudmd/${a.idSuscripcionAud}`),
        },
      ]}
    />
  );
}

/** /suscripcionform/:p_idsuscripcion — tabs Pagos (default), Auditoría, Usuarios. */
export function SuscripcionFormPage() {
  const id = parseId(useParams().p_idsuscripcion);
  const session = useSession();
  const [open, setOpen] = useState(false);
  const q = useQuery({
    queryKey: adminKeys.one('suscripciones', id),
    queryFn: ({ signal }) => adminApi.suscripciones.get(id, signal),
    enabled: id > 0,
  });
  const s = q.data;
  // The spec: to the subscriptions list for profile 1, else to the company; then the user name.
  const parent =
    session?.usuario.idPerfil === PERFIL.ADMINISTRADOR
      ? { title: 'Suscripciones', href: '/suscripcion' }
      : {
          title: s?.empresaNombre ?? 'Empresa',
          href: `/empresaform/${s?.idEmpresa ?? session?.usuario.idEmpresa}`,
        };
  const breadcrumb = [INICIO, parent, { title: s?.usuarioNombre ?? s?.numero ?? `Suscripción ${id}` }];
  if (!s)
    return (
      <DetailState
        error={id ? q.error : { status: 404 }}
        loading={q.isLoading}
        title={`Suscripción ${id}`}
        breadcrumb={breadcrumb}
        back={{ href: parent.href, label: `Volver a ${parent.title}` }}
        onRetry={() => void q.refetch()}
      />
    );
  return (
    <>
      <PageHeader
        title={`Suscripción ${s.numero}`}
        breadcrumb={breadcrumb}
        tag={estadoTag(s.estado)}
        extra={<Button onClick={() => setOpen(true)}>Editar</Button>}
      />
      <InfoBlock
        items={[
          { label: 'ID suscripción', value: s.idSuscripcion },
          { label: 'Plan', value: s.planNombre },
          { label: 'Forma de pago', value: s.formaPagoNombre },
          { label: 'Número', value: s.numero },
          { label: 'Fecha desde', value: formatDate(s.fechaDesde) },
          { label: 'Fecha hasta', value: formatDate(s.fechaHasta) },
          { label: 'Fecha de registro', value: formatDateTime(s.fechaReg), more: true },
          { label: 'Empresa', value: s.empresaNombre, more: true },
          { label: 'Usuario', value: s.usuarioNombre, more: true },
        ]}
      />
      <UrlTabs
        defaultKey="pagos"
        items={[
          { key: 'pagos', label: 'Pagos', children: <PagosList idSuscripcion={s.idSuscripcion} /> },
          {
            key: 'auditoria',
            label: 'Auditoría',
            children: <AuditoriaList idSuscripcion={s.idSuscripcion} />,
          },
          {
            key: 'usuarios',
            label: 'Usuarios',
            children: <UsuariosList namespace="usuarios" fixedQuery={{ idSuscripcion: s.idSuscripcion }} />,
          },
        ]}
      />
      <SuscripcionEditModal
        open={open}
        record={s}
        onClose={() => setOpen(false)}
        onSaved={() => void q.refetch()}
      />
    </>
  );
}

function SuscripcionEditModal({
  open,
  record,
  onClose,
  onSaved,
}: {
  open: boolean;
  record: Suscripcion;
  onClose: () => void;
  onSaved: () => void;
}) {
  const queryClient = useQueryClient();
  return (
    <FormModal<Suscripcion>
      open={open}
      title="Editar Suscripción"
      record={record as Row}
      idField="idSuscripcion"
      fields={SUSCRIPCION_FIELDS}
      schema={suscripcionSchema}
      submit={(b) => adminApi.suscripciones.update(record.idSuscripcion, b)}
      onSaved={() => {
        void queryClient.invalidateQueries({ queryKey: ['admin'] });
        onSaved();
      }}
      onClose={onClose}
    />
  );
}

/** /suscripcionaudmd/:idSuscripcionAud — one audit row of a subscription, read-only. */
export function SuscripcionAudPage() {
  const id = parseId(useParams().idSuscripcionAud);
  const q = useQuery({
    queryKey: adminKeys.one('auditoria', id),
    queryFn: ({ signal }) => adminApi.auditoriaDetalle(id, signal),
    enabled: id > 0,
  });
  const a = q.data;
  const breadcrumb = [
    INICIO,
    { title: 'Suscripciones', href: '/suscripcion' },
    ...(a ? [{ title: a.suscripcionNumero, href: `/suscripcionform/${a.idSuscripcion}?tab=auditoria` }] : []),
    { title: `Auditoría ${id}` },
  ];
  if (!a)
    return (
      <DetailState
        error={id ? q.error : { status: 404 }}
        loading={q.isLoading}
        title={`Auditoría ${id}`}
        breadcrumb={breadcrumb}
        back={{ href: '/suscripcion', label: 'Volver a Suscripciones' }}
        onRetry={() => void q.refetch()}
      />
    );
  return (
    <>
      <PageHeader title={`Auditoría de la suscripción ${a.suscripcionNumero}`} breadcrumb={breadcrumb} />
      <InfoBlock
        items={[
          { label: 'Tipo', value: a.tipo },
          { label: 'Número', value: a.numero },
          { label: 'Plan', value: a.planNombre },
          { label: 'Forma de pago', value: a.formaPagoNombre },
          { label: 'Fecha desde', value: formatDate(a.fechaDesde) },
          { label: 'Fecha hasta', value: formatDate(a.fechaHasta) },
          { label: 'Fecha de registro', value: formatDateTime(a.fechaReg) },
          { label: 'Registrado por', value: a.usuarioNombre },
          { label: 'Registro de la suscripción', value: formatDateTime(a.suscripcionFechaReg) },
        ]}
      />
    </>
  );
}
