import { MSG_ADMIN, medicoSchema, USER_FLAGS, usuarioCreateSchema, usuarioUpdateSchema } from '@app/domain';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Flex, Form, Steps } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useMarcaCambios } from '../../app/aviso-salida.tsx';
import { FieldGrid } from '../../components/form/field-grid.tsx';
import { useRecordForm } from '../../components/form/use-record-form.ts';
import { INICIO, PageHeader } from '../../components/page-header.tsx';
import { useSession } from '../../lib/use-session.ts';
import { adminApi, adminKeys, type Persona, type Row, type Usuario } from './admin-api.ts';
import { MEDICO_FIELDS, PERSONA_FIELDS, usePersonaSchema } from './persona-form.tsx';
import { FlagsEditor, flagsOf, usuarioFields } from './usuario-partes.tsx';

const PERSONAS = { title: 'Personas', href: '/persona' };

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
  const medicoForm = useRecordForm<Row>({
    fields: MEDICO_FIELDS,
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
                fields={MEDICO_FIELDS}
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
