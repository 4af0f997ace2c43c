import { MedicineBoxOutlined } from '@ant-design/icons';
import { ADMIN_RESOURCES, formatDateTime } from '@app/domain';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Col, Collapse, Form, Row as GridRow, Input } from 'antd';
import { useNavigate, useParams } from 'react-router';
import { catalogTab } from '../../components/catalog/catalog-page.tsx';
import { dateCol, textCol } from '../../components/columns.tsx';
import { DetailState, parseId, useRecordQuery } from '../../components/detail-state.tsx';
import { FieldGrid } from '../../components/form/field-grid.tsx';
import { toFormValues } from '../../components/form/field-spec.ts';
import { useRecordForm } from '../../components/form/use-record-form.ts';
import { INICIO, PageHeader, PROCESOS } from '../../components/page-header.tsx';
import { ResourceList } from '../../components/resource-list.tsx';
import { UrlTabs } from '../../components/url-tabs.tsx';
import { useSession } from '../../lib/use-session.ts';
import { adminApi, adminKeys, type Persona, type Row } from './admin-api.ts';
import { PERSONA_FIELDS, usePersonaSchema } from './persona-form.tsx';
import { DescargarPersonas } from './personas-descarga.tsx';

const PERSONAS = { title: 'Personas', href: '/persona' };

/** /persona — persons of the user's company; search and actions follow the session's option flags (docs/spec-summary.md 002 §6). */
export function PersonaListPage() {
  const navigate = useNavigate();
  const u = useSession()?.usuario;
  const operar = !!u?.opcionOperaciones;
  return (
    <ResourceList<Persona>
      cacheKey={adminKeys.all('personas')}
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

/** /personaform/:p_idpersona — the person's data with Update, and tabs 'Registro como Médico' and 'Usuario'. */
export function PersonaFormPage() {
  const id = parseId(useParams().p_idpersona);
  const q = useRecordQuery(id, adminKeys.one('personas', id), (signal) => adminApi.personas.get(id, signal));
  const breadcrumb = [INICIO, PERSONAS, { title: q.data?.nombreCompleto ?? `Persona ${id}` }];
  if (!q.data) return <DetailState query={q} id={id} breadcrumb={breadcrumb} />;
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
  const parent = { field: 'idPersona', id: persona.idPersona };
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
          catalogTab('medico', 'Registro como Médico', {
            def: ADMIN_RESOURCES.medico,
            parent,
            namespace: 'medicos',
          }),
          catalogTab('usuario', 'Usuario', { def: ADMIN_RESOURCES.usuario, parent, namespace: 'usuarios' }),
        ]}
      />
    </>
  );
}
