import { MedicineBoxOutlined } from '@ant-design/icons';
import {
  formatDate,
  formatDateTime,
  MSG_ADMIN,
  medicoSchema,
  USER_FLAGS,
  usuarioCreateSchema,
  usuarioUpdateSchema,
} from '@app/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Col, Collapse, Flex, Form, Row as GridRow, Input, Result, Steps } from 'antd';
import { useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { useMarcaCambios } from '../../app/aviso-salida.tsx';
import { useSession } from '../../app/use-session.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { adminApi, adminKeys, type Medico, type Persona, type Row, type Usuario } from './admin-api.ts';
import { dateCol, textCol } from './components/columns.tsx';
import { DetailState, InfoBlock, parseId, UrlTabs } from './components/detail.tsx';
import { FormModal } from './components/form-modal.tsx';
import { INICIO, PROCESOS } from './components/guards.tsx';
import { FieldGrid, toFormValues, useRecordForm } from './components/record-form.tsx';
import { ResourceList } from './components/resource-list.tsx';
import { MEDICO_FIELDS, PERSONA_FIELDS, usePersonaSchema } from './persona-form.tsx';
import { DescargarPersonas } from './personas-descarga.tsx';
import { FlagsEditor, flagsOf, UsuariosList, usuarioFields } from './usuario-exports.ts';

const PERSONAS = { title: 'Personas', href: '/persona' };

/** /persona — persons of the user's company; search and actions follow the session's option flags (docs/spec-summary.md 002 §6). */
export function PersonaListPage() {
  const navigate = useNavigate();
  const u = useSession()?.usuario;
  const operar = !!u?.opcionOperaciones;
  return (
    <ResourceList<Persona>
      resource="personas"
      ariaLabel="Personas"
      title="Personas"
      breadcrumb={[INICIO, PROCESOS, { title: 'Personas' }]}
      headerExtra={u?.opcionDescarga && <DescargarPersonas />}
      rowMenu={!!u?.opcionMenu}
      fetch={adminApi.personas.list}
      rowKey={(p) => p.idPersona}
      defaultSort="nombreCompleto"
      search={!!u?.opcionConsulta}
      searchPlaceholder="Buscar por nombre o documento..."
      columns={[
        textCol('documento', 'Documento', true),
        { ...textCol('nombreCompleto', 'Nombre completo', true) },
        textCol('email', 'Correo electrónico', true),
        textCol('telefono', 'Teléfono'),
        textCol('localidadNombre', 'Localidad'),
        dateCol('fechaReg', 'Fecha de registro'),
      ]}
      onCreate={operar ? () => navigate('/persona/nueva') : undefined}
      onOpen={(p) => navigate(`/personaform/${p.idPersona}`)}
      onEdit={operar ? (p) => navigate(`/personaform/${p.idPersona}`) : undefined}
      extraActions={[
        {
          key: 'medicos',
          label: 'Médicos',
          icon: <MedicineBoxOutlined />,
          run: (p) => navigate(`/persona_medico/${p.idPersona}`),
        },
      ]}
      onDelete={
        operar
          ? {
              noun: 'la persona',
              label: (p) => `${p.documento} - ${p.nombreCompleto}`,
              run: (p) => adminApi.personas.remove(p.idPersona),
            }
          : undefined
      }
    />
  );
}

/** Doctors of one person (tab 'Registro como Médico'): create, edit, delete. */
function MedicosDePersona({ persona }: { persona: Persona }) {
  const queryClient = useQueryClient();
  const [form, setForm] = useState<{ open: boolean; record: Medico | null }>({ open: false, record: null });
  return (
    <>
      <ResourceList<Medico>
        resource="medicos"
        ariaLabel="Registro como médico"
        namespace="medicos"
        fixedQuery={{ idPersona: persona.idPersona }}
        fetch={adminApi.medicos.list}
        rowKey={(m) => m.idMedico}
        search={false}
        columns={[
          textCol('especialidadNombre', 'Especialidad', true),
          textCol('documento', 'Documento', true),
          dateCol('fechaReg', 'Fecha de registro'),
        ]}
        emptyText="La persona no está registrada como médico."
        onCreate={() => setForm({ open: true, record: null })}
        createLabel="Registrar como médico"
        onEdit={(record) => setForm({ open: true, record })}
        onDelete={{
          noun: 'el registro de médico',
          label: (m) => `${m.especialidadNombre ?? ''} ${m.documento}`,
          run: (m) => adminApi.medicos.remove(m.idMedico),
        }}
      />
      <FormModal<Medico>
        open={form.open}
        title={form.record ? 'Editar Médico' : 'Registrar Médico'}
        record={form.record as Row | null}
        idField="idMedico"
        fields={MEDICO_FIELDS({ personaFija: true })}
        initialValues={
          form.record
            ? toFormValues(MEDICO_FIELDS({ personaFija: true }), form.record as Row)
            : { idPersona: persona.idPersona, documento: persona.documento }
        }
        schema={medicoSchema}
        extra={() => ({ idPersona: persona.idPersona })}
        submit={(b) =>
          form.record ? adminApi.medicos.update(form.record.idMedico, b) : adminApi.medicos.create(b)
        }
        onSaved={() => void queryClient.invalidateQueries({ queryKey: adminKeys.all('medicos') })}
        onClose={() => setForm((s) => ({ ...s, open: false }))}
      />
    </>
  );
}

/** /personaform/:p_idpersona — the person's data with Update, and tabs 'Registro como Médico' and 'Usuario'. */
export function PersonaFormPage() {
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
        title={`Persona ${id}`}
        breadcrumb={breadcrumb}
        back={{ href: '/persona', label: 'Volver a Personas' }}
        onRetry={() => void q.refetch()}
      />
    );
  return <PersonaForm key={q.data.idPersona} persona={q.data} breadcrumb={breadcrumb} />;
}

function PersonaForm({
  persona,
  breadcrumb,
}: {
  persona: Persona;
  breadcrumb: { title: string; href?: string }[];
}) {
  const queryClient = useQueryClient();
  const schema = usePersonaSchema();
  const operar = !!useSession()?.usuario.opcionOperaciones;
  const { form, run, saving, fieldRule, contextHolder } = useRecordForm<Persona>({
    fields: PERSONA_FIELDS,
    schema,
    submit: (b) => adminApi.personas.update(persona.idPersona, b),
    onSaved: () => void queryClient.invalidateQueries({ queryKey: adminKeys.all('personas') }),
  });
  return (
    <>
      {contextHolder}
      <PageHeader
        title={persona.nombreCompleto}
        breadcrumb={breadcrumb}
        extra={
          operar && (
            <Button type="primary" loading={saving} onClick={() => form.submit()}>
              Actualizar
            </Button>
          )
        }
      />
      <Card variant="borderless" style={{ marginBottom: 16 }}>
        <Form
          form={form}
          name="persona"
          layout="vertical"
          initialValues={toFormValues(PERSONA_FIELDS, persona as Row)}
          onFinish={run}
          disabled={!operar}
        >
          <FieldGrid
            fields={PERSONA_FIELDS}
            record={persona as Row}
            fieldRule={fieldRule}
            readOnly={!operar}
            schema={schema}
          />
        </Form>
        <Collapse
          ghost
          items={[
            {
              key: 'mas',
              label: 'Más información',
              children: (
                <GridRow gutter={16}>
                  <Col xs={24} md={8}>
                    <label htmlFor="persona-id">ID persona</label>
                    <Input id="persona-id" value={String(persona.idPersona)} readOnly variant="filled" />
                  </Col>
                  <Col xs={24} md={8}>
                    <label htmlFor="persona-fechareg">Fecha de registro</label>
                    <Input
                      id="persona-fechareg"
                      value={formatDateTime(persona.fechaReg)}
                      readOnly
                      variant="filled"
                    />
                  </Col>
                </GridRow>
              ),
            },
          ]}
        />
      </Card>
      <UrlTabs
        defaultKey="medico"
        items={[
          { key: 'medico', label: 'Registro como Médico', children: <MedicosDePersona persona={persona} /> },
          {
            key: 'usuario',
            label: 'Usuario',
            children: (
              <UsuariosList
                namespace="usuarios"
                fixedQuery={{ idPersona: persona.idPersona }}
                idPersona={persona.idPersona}
              />
            ),
          },
        ]}
      />
    </>
  );
}

/** /persona/nueva — the three-step wizard of docs/spec-summary.md 002 §4: person, user, optional doctor; going back is allowed. */
export function PersonaWizardPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const session = useSession();
  const schema = usePersonaSchema();
  const [step, setStep] = useState(0);
  const [persona, setPersona] = useState<Persona | null>(null);
  const [usuario, setUsuario] = useState<Usuario | null>(null);
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: adminKeys.all('personas') });
    void queryClient.invalidateQueries({ queryKey: adminKeys.all('usuarios') });
    void queryClient.invalidateQueries({ queryKey: adminKeys.all('medicos') });
  };

  const personaForm = useRecordForm<Persona>({
    fields: PERSONA_FIELDS,
    schema,
    submit: (b) => (persona ? adminApi.personas.update(persona.idPersona, b) : adminApi.personas.create(b)),
    // Each step says what it did; 'Registro completado' only at the end (issue 14 §4).
    successMessage: () => MSG_ADMIN.wizardPersona(!!persona),
    onSaved: (res) => {
      setPersona(res.item);
      refresh();
      setStep(1);
    },
  });
  const uFields = usuarioFields({ edit: !!usuario, fixedPersona: true });
  const usuarioForm = useRecordForm<Usuario>({
    fields: uFields,
    schema: usuario ? usuarioUpdateSchema : usuarioCreateSchema,
    extra: (values) => ({ ...flagsOf(values), idPersona: persona?.idPersona }),
    submit: (b) => (usuario ? adminApi.usuarios.update(usuario.idUsuario, b) : adminApi.usuarios.create(b)),
    successMessage: () => MSG_ADMIN.wizardUsuario(!!usuario),
    onSaved: (res) => {
      setUsuario(res.item);
      refresh();
      setStep(2);
    },
  });
  const mFields = MEDICO_FIELDS({ personaFija: true });
  const medicoForm = useRecordForm<Medico>({
    fields: mFields,
    schema: medicoSchema,
    extra: () => ({ idPersona: persona?.idPersona }),
    submit: (b) => adminApi.medicos.create(b),
    successMessage: () => MSG_ADMIN.wizardCompleto(true),
    warnOnLeave: !!persona,
    onSaved: () => {
      refresh();
      terminar();
      navigate(`/personaform/${persona?.idPersona}?tab=medico`);
    },
  });
  // A person saved without its user is a half-done registration: leaving asks first.
  const incompleto = useMarcaCambios(!!persona && !usuario, MSG_ADMIN.wizardIncompleto);
  /** The registration is over: nothing left to warn about before the page is left. */
  function terminar() {
    incompleto.guardado();
    personaForm.guardado();
    usuarioForm.guardado();
    medicoForm.guardado();
  }
  function finalizarSinMedico() {
    if (!persona) return;
    terminar();
    personaForm.feedback.success(MSG_ADMIN.wizardCompleto(false));
    navigate(`/personaform/${persona.idPersona}?tab=usuario`);
  }

  const steps = [
    { title: 'Persona', description: persona ? persona.documento : 'Datos personales' },
    { title: 'Usuario', description: usuario ? usuario.nombre : 'Acceso al sistema' },
    { title: 'Médico', description: 'Opcional' },
  ];

  return (
    <>
      {personaForm.contextHolder}
      {usuarioForm.contextHolder}
      {medicoForm.contextHolder}
      <PageHeader title="Nueva Persona" breadcrumb={[INICIO, PERSONAS, { title: 'Nueva Persona' }]} />
      <Card variant="borderless">
        <Steps current={step} items={steps} style={{ marginBottom: 24 }} />
        {/* The three forms stay mounted so going back keeps what was typed. */}
        <div hidden={step !== 0}>
          <Form
            form={personaForm.form}
            name="paso_persona"
            layout="vertical"
            onFinish={personaForm.run}
            initialValues={{}}
          >
            <FieldGrid fields={PERSONA_FIELDS} fieldRule={personaForm.fieldRule} schema={schema} />
            <Flex justify="end" gap={8}>
              <Button onClick={() => navigate('/persona')}>Cancelar</Button>
              <Button type="primary" htmlType="submit" loading={personaForm.saving}>
                {persona ? 'Actualizar y continuar' : 'Guardar y continuar'}
              </Button>
            </Flex>
          </Form>
        </div>
        <div hidden={step !== 1}>
          <Form
            form={usuarioForm.form}
            name="paso_usuario"
            layout="vertical"
            onFinish={usuarioForm.run}
            initialValues={{
              idSuscripcion: session?.usuario.idSuscripcion ?? undefined,
              ...Object.fromEntries(USER_FLAGS.map((f) => [f, false])),
            }}
          >
            <FieldGrid
              fields={uFields}
              fieldRule={usuarioForm.fieldRule}
              schema={usuario ? usuarioUpdateSchema : usuarioCreateSchema}
            />
            <FlagsEditor form={usuarioForm.form} copyOnProfileChange />
            <Flex justify="space-between" gap={8}>
              <Button onClick={() => setStep(0)}>Anterior</Button>
              <Button type="primary" htmlType="submit" loading={usuarioForm.saving}>
                {usuario ? 'Actualizar y continuar' : 'Guardar y continuar'}
              </Button>
            </Flex>
          </Form>
        </div>
        <div hidden={step !== 2}>
          {persona && (
            <Form
              form={medicoForm.form}
              name="paso_medico"
              layout="vertical"
              onFinish={medicoForm.run}
              initialValues={{ idPersona: persona.idPersona, documento: persona.documento }}
            >
              <FieldGrid
                fields={mFields}
                record={{ personaNombre: persona.nombreCompleto }}
                fieldRule={medicoForm.fieldRule}
                schema={medicoSchema}
              />
              <Flex justify="space-between" gap={8} wrap>
                <Button onClick={() => setStep(1)}>Anterior</Button>
                <Flex gap={8}>
                  <Button onClick={finalizarSinMedico} disabled={!usuario}>
                    Finalizar sin registrar médico
                  </Button>
                  <Button type="primary" htmlType="submit" loading={medicoForm.saving}>
                    Registrar médico y finalizar
                  </Button>
                </Flex>
              </Flex>
            </Form>
          )}
        </div>
      </Card>
    </>
  );
}

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
