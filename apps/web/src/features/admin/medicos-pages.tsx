import { formatDate, medicoSchema } from '@app/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Flex, Form, Input, Result } from 'antd';
import { useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { PageHeader } from '../../components/page-header.tsx';
import { adminApi, adminKeys, type Medico, type Row } from './admin-api.ts';
import { dateCol, textCol } from './components/columns.tsx';
import { DetailState, InfoBlock, parseId } from './components/detail.tsx';
import { FormModal } from './components/form-modal.tsx';
import { INICIO, PROCESOS } from './components/guards.tsx';
import { FieldGrid, toFormValues, useRecordForm } from './components/record-form.tsx';
import { ResourceList } from './components/resource-list.tsx';
import { MEDICO_FIELDS } from './persona-form.tsx';

const PERSONAS = { title: 'Personas', href: '/persona' };

/** /persona_medico/:p_idpersona — the doctors of a person (Especialidad, Documento), read-only. */
export function PersonaMedicoPage() {
  const id = parseId(useParams().p_idpersona);
  const q = useQuery({
    queryKey: adminKeys.one('personas', id),
    queryFn: ({ signal }) => adminApi.personas.get(id, signal),
    enabled: id > 0,
  });
  const breadcrumb = [INICIO, PERSONAS, { title: q.data?.nombreCompleto ?? `Persona ${id}` }];
  if (!q.data)
    return (
      <DetailState
        error={id ? q.error : { status: 404 }}
        loading={q.isLoading}
        title="Médicos de la persona"
        breadcrumb={breadcrumb}
        back={{ href: '/persona', label: 'Volver a Personas' }}
        onRetry={() => void q.refetch()}
      />
    );
  const p = q.data;
  return (
    <>
      <PageHeader
        title={`Médicos de ${p.nombreCompleto}`}
        breadcrumb={breadcrumb}
        extra={<Link to={`/personaform/${p.idPersona}?tab=medico`}>Ir a la ficha de la persona</Link>}
      />
      <InfoBlock
        items={[
          { label: 'Documento', value: p.documento },
          { label: 'Nombre', value: p.nombreCompleto },
          { label: 'Fecha de nacimiento', value: formatDate(p.fechaNac), more: true },
          { label: 'Correo electrónico', value: p.email, more: true },
        ]}
      />
      <Card variant="borderless">
        <ResourceList<Medico>
          resource="medicos"
          ariaLabel="Médicos de la persona"
          fixedQuery={{ idPersona: p.idPersona }}
          fetch={adminApi.medicos.list}
          rowKey={(m) => m.idMedico}
          search={false}
          columns={[
            textCol('especialidadNombre', 'Especialidad', true),
            textCol('documento', 'Documento', true),
          ]}
          emptyText="La persona no está registrada como médico."
        />
      </Card>
    </>
  );
}

/** /medico — every doctor of the company's persons. */
export function MedicoListPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const fields = MEDICO_FIELDS({ personaFija: false });
  return (
    <>
      <ResourceList<Medico>
        resource="medicos"
        ariaLabel="Médicos"
        title="Médicos"
        breadcrumb={[INICIO, PROCESOS, { title: 'Médicos' }]}
        fetch={adminApi.medicos.list}
        rowKey={(m) => m.idMedico}
        defaultSort="personaNombre"
        columns={[
          textCol('personaNombre', 'Persona', true),
          textCol('personaDocumento', 'Cédula'),
          textCol('especialidadNombre', 'Especialidad', true),
          textCol('documento', 'Documento', true),
          dateCol('fechaReg', 'Fecha de registro'),
        ]}
        onCreate={() => setOpen(true)}
        onOpen={(m) => navigate(`/medicoform/${m.idMedico}`)}
        extraActions={[{ key: 'ver', label: 'Ver', run: (m) => navigate(`/medicoform/${m.idMedico}`) }]}
        onDelete={{
          noun: 'el médico',
          label: (m) => `${m.personaNombre} (${m.documento})`,
          run: (m) => adminApi.medicos.remove(m.idMedico),
        }}
      />
      <FormModal<Medico>
        open={open}
        title="Crear Médico"
        fields={fields}
        schema={medicoSchema}
        submit={(b) => adminApi.medicos.create(b)}
        onSaved={() => void queryClient.invalidateQueries({ queryKey: adminKeys.all('medicos') })}
        onClose={() => setOpen(false)}
      />
    </>
  );
}

/**
 * /medicoform/:p_idmedico — the doctor form of docs/spec-summary.md 002: idMedico (only when editing), the person
 * (disabled), specialty and documento; the Save button only in create mode (`/medicoform/nuevo?idPersona=`).
 */
export function MedicoFormPage() {
  const param = useParams().p_idmedico;
  const [sp] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const crear = param === 'nuevo';
  const id = crear ? 0 : parseId(param);
  const idPersona = parseId(sp.get('idPersona') ?? undefined);
  const q = useQuery({
    queryKey: adminKeys.one('medicos', id),
    queryFn: ({ signal }) => adminApi.medicos.get(id, signal),
    enabled: id > 0,
  });
  const persona = useQuery({
    queryKey: adminKeys.one('personas', idPersona),
    queryFn: ({ signal }) => adminApi.personas.get(idPersona, signal),
    enabled: crear && idPersona > 0,
  });
  const fields = MEDICO_FIELDS({ personaFija: true });
  const { form, run, saving, fieldRule, contextHolder } = useRecordForm<Medico>({
    fields,
    schema: medicoSchema,
    extra: () => ({ idPersona }),
    submit: (b) => adminApi.medicos.create(b),
    onSaved: (res) => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.all('medicos') });
      navigate(`/medicoform/${res.item.idMedico}`, { replace: true });
    },
  });
  const breadcrumb = [
    INICIO,
    { title: 'Médicos', href: '/medico' },
    { title: crear ? 'Nuevo médico' : (q.data?.personaNombre ?? `Médico ${id}`) },
  ];
  if (crear && !idPersona)
    return (
      <Result
        status="info"
        title="Elija la persona"
        subTitle="Registre médicos desde la ficha de una persona."
        extra={<Link to="/persona">Ir a Personas</Link>}
      />
    );
  const record = crear
    ? persona.data
      ? { personaNombre: persona.data.nombreCompleto }
      : null
    : (q.data as Row | undefined);
  if (!crear && !q.data)
    return (
      <DetailState
        error={id ? q.error : { status: 404 }}
        loading={q.isLoading}
        title={`Médico ${id}`}
        breadcrumb={breadcrumb}
        back={{ href: '/medico', label: 'Volver a Médicos' }}
        onRetry={() => void q.refetch()}
      />
    );
  return (
    <>
      {contextHolder}
      <PageHeader
        title={crear ? 'Nuevo Médico' : `Médico ${q.data?.personaNombre ?? ''}`}
        breadcrumb={breadcrumb}
      />
      <Card variant="borderless">
        <Form
          key={crear ? `nuevo-${persona.data?.idPersona ?? 0}` : id}
          form={form}
          name="medico"
          layout="vertical"
          onFinish={run}
          disabled={!crear}
          initialValues={
            crear ? { idPersona, documento: persona.data?.documento } : toFormValues(fields, q.data as Row)
          }
        >
          {!crear && (
            <Form.Item label="ID médico" htmlFor="medico-id">
              <Input id="medico-id" value={String(id)} readOnly variant="filled" style={{ maxWidth: 200 }} />
            </Form.Item>
          )}
          <FieldGrid
            fields={fields}
            record={record}
            fieldRule={fieldRule}
            readOnly={!crear}
            schema={medicoSchema}
          />
          {crear && (
            <Flex justify="end">
              <Button type="primary" htmlType="submit" loading={saving}>
                Guardar
              </Button>
            </Flex>
          )}
        </Form>
      </Card>
    </>
  );
}
