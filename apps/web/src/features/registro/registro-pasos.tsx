import {
  avisoRuc,
  formatMoney,
  MSG,
  MSG_ADMIN,
  REGISTRO_PASOS,
  registroSchema,
  TERMINOS_CONDICIONES,
} from '@app/domain';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Checkbox, Col, Divider, Form, Radio, Row, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { FieldGrid } from '../../components/form/field-grid.tsx';
import { type FieldSpec, issuesByField, toFormValues, toPayload } from '../../components/form/field-spec.ts';
import { FormWarning } from '../../components/form/form-warning.tsx';
import { type Draft, type Flujo, REGISTRO_EMAIL_KEY, readDraft, saveDraft } from './draft.ts';
import { registroApi } from './registro-api.ts';

import { Nav, PASOS, pendiente } from './registro-marco.tsx';

export function PlanStep({ flujo }: { flujo: Flujo }) {
  const navigate = useNavigate();
  const planes = useQuery({
    queryKey: ['registro', 'planes'],
    queryFn: ({ signal }) => registroApi.planes(signal),
  });
  const [idPlan, setIdPlan] = useState<number | undefined>(readDraft(flujo).idPlan as number | undefined);
  const [error, setError] = useState<string | null>(null);
  const next = () => {
    if (!idPlan) {
      setError(MSG.campoRequerido('Plan'));
      return;
    }
    saveDraft(flujo, { idPlan });
    navigate(PASOS[flujo][1].path);
  };
  return (
    <>
      {planes.isLoading && <Skeleton active />}
      {planes.isError && <Alert type="error" showIcon title={planes.error.message} />}
      <Radio.Group
        value={idPlan}
        onChange={(e) => {
          setIdPlan(e.target.value as number);
          setError(null);
        }}
        style={{ width: '100%' }}
        aria-label="Planes"
      >
        <Row gutter={[16, 16]}>
          {planes.data?.items.map((p) => (
            <Col key={p.idPlan} xs={24} md={8}>
              <Card
                size="small"
                style={{ height: '100%', borderColor: idPlan === p.idPlan ? '#1668dc' : undefined }}
              >
                <Radio value={p.idPlan}>
                  <Typography.Text strong style={{ fontSize: 16 }}>
                    {p.nombre}
                  </Typography.Text>
                </Radio>
                <Typography.Title level={2} style={{ fontSize: 24, margin: '8px 0' }}>
                  {formatMoney(p.valor)} <Typography.Text type="secondary">/ mes</Typography.Text>
                </Typography.Title>
                <Typography.Paragraph type="secondary" style={{ marginBottom: 4 }}>
                  {p.descripcion}
                </Typography.Paragraph>
                <Typography.Text>Vigencia: {p.duracionMeses} meses</Typography.Text>
              </Card>
            </Col>
          ))}
        </Row>
      </Radio.Group>
      {error && <Alert type="error" showIcon title={error} style={{ marginTop: 16 }} />}
      <Nav next={next} />
    </>
  );
}

export function TerminosStep({ flujo }: { flujo: Flujo }) {
  const navigate = useNavigate();
  const [acepta, setAcepta] = useState(readDraft(flujo).aceptaTerminos === true);
  const [error, setError] = useState<string | null>(null);
  const go = pendiente(flujo, 1);
  if (go) return <Navigate to={go} replace />;
  return (
    <>
      <ol style={{ paddingInlineStart: 20 }}>
        {TERMINOS_CONDICIONES.map((t) => (
          <li key={t} style={{ marginBottom: 8 }}>
            {t}
          </li>
        ))}
      </ol>
      <Checkbox
        checked={acepta}
        onChange={(e) => {
          setAcepta(e.target.checked);
          setError(null);
        }}
      >
        He leído y acepto los términos y condiciones
      </Checkbox>
      {error && <Alert type="error" showIcon title={error} style={{ marginTop: 16 }} />}
      <Nav
        back={PASOS[flujo][0].path}
        next={() => {
          if (!acepta) {
            setError(MSG_ADMIN.terminosRequeridos);
            return;
          }
          saveDraft(flujo, { aceptaTerminos: true });
          navigate(PASOS[flujo][2].path);
        }}
      />
    </>
  );
}

export const DATOS: { title: string; fields: FieldSpec[] }[] = [
  {
    title: 'Empresa',
    fields: [
      { name: 'razonSocial', label: 'Razón social', kind: 'upper', required: true, maxLength: 200, span: 24 },
      { name: 'nombreCorto', label: 'Nombre corto', kind: 'upper', required: true, maxLength: 60 },
      { name: 'ruc', label: 'RUC', kind: 'digits', required: true, maxLength: 13 },
    ],
  },
  {
    title: 'Administrador',
    fields: [
      {
        name: 'primerNombre',
        label: 'Primer nombre',
        kind: 'letters',
        required: true,
        maxLength: 60,
        span: 6,
      },
      {
        name: 'segundoNombre',
        label: 'Segundo nombre',
        kind: 'letters',
        required: true,
        maxLength: 60,
        span: 6,
      },
      {
        name: 'primerApellido',
        label: 'Primer apellido',
        kind: 'letters',
        required: true,
        maxLength: 60,
        span: 6,
      },
      {
        name: 'segundoApellido',
        label: 'Segundo apellido',
        kind: 'letters',
        required: true,
        maxLength: 60,
        span: 6,
      },
      { name: 'cedula', label: 'Cédula', kind: 'digits', required: true, maxLength: 10 },
    ],
  },
  {
    title: 'Usuario',
    fields: [
      {
        name: 'email',
        label: 'Correo electrónico (su usuario)',
        kind: 'email',
        required: true,
        maxLength: 160,
        span: 24,
        autoComplete: 'email',
      },
      {
        name: 'clave',
        label: 'Contraseña',
        kind: 'password',
        required: true,
        placeholder: 'Al menos 8 caracteres',
      },
      { name: 'confirmacion', label: 'Confirmación de la contraseña', kind: 'password', required: true },
    ],
  },
];
export const DATOS_FIELDS = DATOS.flatMap((s) => s.fields);

/** The messages of one step's fields only (the rest of the registration is checked on its own step). */
export function stepErrors(flujoDraft: Draft, names: readonly string[]) {
  const all = issuesByField(registroSchema, flujoDraft) ?? {};
  return Object.fromEntries(Object.entries(all).filter(([k]) => names.includes(k)));
}

export function DatosStep() {
  const navigate = useNavigate();
  const [form] = Form.useForm();
  const go = pendiente('registro', 2);
  const draft = readDraft('registro');
  const initial = toFormValues(DATOS_FIELDS, {
    ...draft,
    email: draft.email ?? sessionStorage.getItem(REGISTRO_EMAIL_KEY) ?? undefined,
  });
  initial.clave = draft.clave;
  initial.confirmacion = draft.confirmacion;
  const values = () => ({ ...readDraft('registro'), ...toPayload(DATOS_FIELDS, form.getFieldsValue(true)) });
  const fieldRule = (name: string) => ({
    validator: async () => {
      const m = stepErrors(values(), [name])[name];
      if (m) throw new Error(m);
    },
  });
  if (go) return <Navigate to={go} replace />;
  const next = () => {
    const v = values();
    const errors = stepErrors(v, REGISTRO_PASOS.usuario);
    const names = Object.keys(errors);
    if (names.length) {
      form.setFields(names.map((n) => ({ name: n, errors: [errors[n]] })));
      form.scrollToField(names[0], { focus: true, block: 'center' });
      return;
    }
    saveDraft('registro', Object.fromEntries(REGISTRO_PASOS.usuario.map((k) => [k, v[k]])));
    navigate('/Registro04FP');
  };
  return (
    <Form
      form={form}
      name="registro"
      layout="vertical"
      initialValues={initial}
      onFinish={next}
      validateTrigger={['onBlur']}
    >
      {DATOS.map((s) => (
        <div key={s.title}>
          <Divider titlePlacement="start">{s.title}</Divider>
          <FieldGrid fields={s.fields} fieldRule={fieldRule} schema={registroSchema} />
          {s.title === 'Empresa' && <FormWarning warning={avisoRuc('ruc')} />}
        </div>
      ))}
      <Nav back="/Registro02TC" next={() => form.submit()} />
    </Form>
  );
}

export function FormaPagoStep({ flujo }: { flujo: Flujo }) {
  const navigate = useNavigate();
  const formas = useQuery({
    queryKey: ['registro', 'formas-pago'],
    queryFn: ({ signal }) => registroApi.formasPago(signal),
  });
  const [idFormaPago, setIdFormaPago] = useState<number | undefined>(
    readDraft(flujo).idFormaPago as number | undefined,
  );
  const [error, setError] = useState<string | null>(null);
  const pasos = PASOS[flujo];
  const idx = pasos.findIndex((p) => p.title === 'Forma de pago');
  const go = pendiente(flujo, idx);
  if (go) return <Navigate to={go} replace />;
  return (
    <>
      {formas.isLoading && <Skeleton active />}
      <Radio.Group
        value={idFormaPago}
        onChange={(e) => {
          setIdFormaPago(e.target.value as number);
          setError(null);
        }}
        aria-label="Formas de pago"
        style={{ display: 'flex', flexDirection: 'column', gap: 12 }}
        options={formas.data?.items.map((f) => ({ value: f.idFormaPago, label: f.nombre })) ?? []}
      />
      {error && <Alert type="error" showIcon title={error} style={{ marginTop: 16 }} />}
      <Nav
        back={pasos[idx - 1].path}
        nextLabel={flujo === 'registro' ? 'Finalizar registro' : 'Renovar suscripción'}
        next={() => {
          if (!idFormaPago) {
            setError(MSG.campoRequerido('Forma de pago'));
            return;
          }
          saveDraft(flujo, { idFormaPago });
          navigate(pasos[idx + 1].path);
        }}
      />
    </>
  );
}
