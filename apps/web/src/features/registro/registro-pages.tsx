import { CheckCircleTwoTone } from '@ant-design/icons';
import {
  formatDate,
  formatMoney,
  MSG,
  MSG_ADMIN,
  PERFIL,
  REGISTRO_PASOS,
  type RegistroInput,
  registroSchema,
  TERMINOS_CONDICIONES,
} from '@app/domain';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Col,
  Divider,
  Flex,
  Form,
  Layout,
  Radio,
  Result,
  Row,
  Skeleton,
  Steps,
  Typography,
} from 'antd';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { ApiError } from '../../app/api.ts';
import { PRODUCT_NAME, useDocumentTitle } from '../../app/brand.ts';
import { writeSession } from '../../app/session.ts';
import { useEnvio } from '../../app/use-envio.ts';
import { useSession } from '../../app/use-session.ts';
import type { FieldSpec } from '../admin/components/fields.tsx';
import { RucAviso } from '../admin/components/RucAviso.tsx';
import { FieldGrid, issuesByField, toFormValues, toPayload } from '../admin/components/record-form.tsx';
import { authApi } from '../auth/auth-api.ts';
import { clearDraft, type Draft, type Flujo, REGISTRO_EMAIL_KEY, readDraft, saveDraft } from './draft.ts';
import { type RegistroResult, type RenovacionResult, registroApi } from './registro-api.ts';

const PASOS: Record<Flujo, { title: string; path: string }[]> = {
  registro: [
    { title: 'Plan', path: '/Registro01Plan' },
    { title: 'Términos', path: '/Registro02TC' },
    { title: 'Datos', path: '/Registro03Usuario' },
    { title: 'Forma de pago', path: '/Registro04FP' },
    { title: 'Completo', path: '/Registro05Completo' },
  ],
  renovacion: [
    { title: 'Plan', path: '/Renovacion01Plan' },
    { title: 'Términos', path: '/Renovacion02TC' },
    { title: 'Forma de pago', path: '/Renovacion03FP' },
    { title: 'Completo', path: '/Renovacion04Completo' },
  ],
};

/** The frame of every step: the product, the steps, one panel. */
function Frame({
  flujo,
  step,
  title,
  children,
}: {
  flujo: Flujo;
  step: number;
  title: string;
  children: ReactNode;
}) {
  useDocumentTitle(title);
  return (
    <Layout style={{ minHeight: '100vh', background: 'linear-gradient(160deg, #e6f0ff 0%, #f5f7fa 60%)' }}>
      <Layout.Header
        style={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          background: '#fff',
          borderBottom: '1px solid #f0f0f0',
          paddingInline: 24,
        }}
      >
        <Link to={flujo === 'registro' ? '/' : '/MenuPrincipal'} style={{ fontSize: 20, fontWeight: 600 }}>
          {PRODUCT_NAME}
        </Link>
        {flujo === 'registro' && <Link to="/Login">¿Ya tiene una cuenta? Inicie sesión</Link>}
      </Layout.Header>
      <Layout.Content style={{ padding: 24 }}>
        <main style={{ maxWidth: 960, margin: '0 auto' }}>
          <Steps
            current={step}
            items={PASOS[flujo].map((p) => ({ title: p.title }))}
            style={{ marginBottom: 24 }}
            aria-label={flujo === 'registro' ? 'Pasos del registro' : 'Pasos de la renovación'}
          />
          <Card>
            <Typography.Title level={1} style={{ fontSize: 22, marginTop: 0 }}>
              {title}
            </Typography.Title>
            {children}
          </Card>
        </main>
      </Layout.Content>
    </Layout>
  );
}

/** The first step not yet done, so a step opened out of order goes back to it. */
function pendiente(flujo: Flujo, hasta: number): string | null {
  const d = readDraft(flujo);
  const pasos = PASOS[flujo];
  if (hasta > 0 && !d.idPlan) return pasos[0].path;
  if (hasta > 1 && d.aceptaTerminos !== true) return pasos[1].path;
  if (flujo === 'registro') {
    if (hasta > 2 && (!d.razonSocial || !d.clave)) return pasos[2].path;
    if (hasta > 3 && !d.idFormaPago) return pasos[3].path;
  } else if (hasta > 2 && !d.idFormaPago) return pasos[2].path;
  return null;
}

function Nav({
  back,
  next,
  nextLabel = 'Siguiente',
  loading,
}: {
  back?: string;
  next: () => void;
  nextLabel?: string;
  loading?: boolean;
}) {
  const navigate = useNavigate();
  return (
    <Flex justify="space-between" style={{ marginTop: 24 }}>
      {back ? <Button onClick={() => navigate(back)}>Anterior</Button> : <Link to="/">Cancelar</Link>}
      <Button type="primary" onClick={next} loading={loading}>
        {nextLabel}
      </Button>
    </Flex>
  );
}

/** Renewal is for the signed-in administrator of the subscription (profile 1). */
function RequireAdministrador({ children }: { children: ReactNode }) {
  const session = useSession();
  if (!session)
    return (
      <Result
        status="info"
        title="Inicie sesión para renovar"
        subTitle="La renovación la realiza el administrador de la suscripción con su usuario."
        extra={
          <Link to="/Login">
            <Button type="primary">Iniciar sesión</Button>
          </Link>
        }
      />
    );
  if (session.usuario.idPerfil !== PERFIL.ADMINISTRADOR)
    return (
      <Result
        status="403"
        title={MSG.noAutorizado}
        subTitle="Solo el administrador de la suscripción puede renovarla."
      />
    );
  return <>{children}</>;
}

function PlanStep({ flujo }: { flujo: Flujo }) {
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

function TerminosStep({ flujo }: { flujo: Flujo }) {
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

const DATOS: { title: string; fields: FieldSpec[] }[] = [
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
const DATOS_FIELDS = DATOS.flatMap((s) => s.fields);

/** The messages of one step's fields only (the rest of the registration is checked on its own step). */
function stepErrors(flujoDraft: Draft, names: readonly string[]) {
  const all = issuesByField(registroSchema, flujoDraft) ?? {};
  return Object.fromEntries(Object.entries(all).filter(([k]) => names.includes(k)));
}

function DatosStep() {
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
          <FieldGrid fields={s.fields} fieldRule={fieldRule} />
          {s.title === 'Empresa' && <RucAviso field="ruc" />}
        </div>
      ))}
      <Nav back="/Registro02TC" next={() => form.submit()} />
    </Form>
  );
}

function FormaPagoStep({ flujo }: { flujo: Flujo }) {
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

/** The one call that creates everything; guarded so a re-render cannot send it twice. */
let enviando: Promise<RegistroResult> | null = null;

function RegistroCompleto() {
  const navigate = useNavigate();
  const [result, setResult] = useState<RegistroResult | null>(null);
  const [error, setError] = useState<ApiError | Error | null>(null);
  const credenciales = useRef<{ usuario: string; clave: string } | null>(null);
  const go = result || error ? null : pendiente('registro', 4);
  useEffect(() => {
    if (go) return;
    const d = readDraft('registro');
    credenciales.current = { usuario: String(d.email ?? ''), clave: String(d.clave ?? '') };
    if (!enviando) enviando = registroApi.registrar(d as RegistroInput);
    enviando
      .then((r) => {
        setResult(r);
        clearDraft('registro');
      })
      .catch((e: Error) => setError(e))
      .finally(() => {
        enviando = null;
      });
  }, [go]);
  const login = useEnvio({
    mutationFn: () => authApi.login(credenciales.current ?? { usuario: '', clave: '' }),
    onSuccess: ({ token, usuario }) => {
      credenciales.current = null;
      writeSession({ token, usuario, modulo: 0 });
      navigate('/MenuPrincipal', { replace: true });
    },
  });
  if (go && !result) return <Navigate to={go} replace />;
  if (error) {
    const fields = error instanceof ApiError ? Object.keys(error.fields ?? {}) : [];
    const paso = fields.some((f) => (REGISTRO_PASOS.usuario as readonly string[]).includes(f))
      ? '/Registro03Usuario'
      : fields.includes('idPlan')
        ? '/Registro01Plan'
        : '/Registro04FP';
    return (
      <Result
        status="error"
        title={MSG.error}
        subTitle={error.message}
        extra={
          <Button type="primary" onClick={() => navigate(paso)}>
            Corregir los datos
          </Button>
        }
      />
    );
  }
  if (!result)
    return (
      <Result
        icon={<Skeleton.Avatar active size={64} />}
        title="Creando su empresa, su suscripción y su usuario…"
      />
    );
  return (
    <Result
      status="success"
      icon={<CheckCircleTwoTone twoToneColor="#52c41a" />}
      title={MSG_ADMIN.registroCompleto}
      subTitle={`Plan ${result.plan}, vigente del ${formatDate(result.fechaDesde)} al ${formatDate(result.fechaHasta)}. Su usuario es ${result.usuario}.`}
      extra={[
        credenciales.current?.clave ? (
          <Button key="entrar" type="primary" loading={login.isPending} onClick={() => login.mutate()}>
            Ingresar al sistema
          </Button>
        ) : null,
        <Link key="login" to="/Login">
          <Button>Ir al inicio de sesión</Button>
        </Link>,
      ]}
    >
      {login.isError && <Alert type="error" showIcon title={login.error.message} />}
    </Result>
  );
}

function SuscripcionActual() {
  const q = useQuery({
    queryKey: ['registro', 'actual'],
    queryFn: ({ signal }) => registroApi.actual(signal),
  });
  const s = q.data?.suscripcion;
  if (q.isLoading) return <Skeleton active paragraph={{ rows: 1 }} />;
  if (!s)
    return (
      <Alert type="warning" showIcon title={MSG_ADMIN.sinSuscripcionVigente} style={{ marginBottom: 16 }} />
    );
  return (
    <Alert
      type="info"
      showIcon
      style={{ marginBottom: 16 }}
      title={`Suscripción ${s.numero}: plan ${s.planNombre}, vigente hasta el ${formatDate(s.fechaHasta)}.`}
      description="La renovación agrega un nuevo período a continuación del actual."
    />
  );
}

let renovando: Promise<RenovacionResult> | null = null;

function RenovacionCompleta() {
  const [result, setResult] = useState<RenovacionResult | null>(null);
  const [error, setError] = useState<Error | null>(null);
  const go = result || error ? null : pendiente('renovacion', 3);
  useEffect(() => {
    if (go) return;
    const d = readDraft('renovacion');
    if (!renovando)
      renovando = registroApi.renovar({
        idPlan: Number(d.idPlan),
        idFormaPago: Number(d.idFormaPago),
        aceptaTerminos: true,
      });
    renovando
      .then((r) => {
        setResult(r);
        clearDraft('renovacion');
      })
      .catch((e: Error) => setError(e))
      .finally(() => {
        renovando = null;
      });
  }, [go]);
  if (go && !result) return <Navigate to={go} replace />;
  if (error)
    return (
      <Result
        status="error"
        title={MSG.error}
        subTitle={error.message}
        extra={
          <Link to="/Renovacion01Plan">
            <Button type="primary">Volver a intentar</Button>
          </Link>
        }
      />
    );
  if (!result)
    return <Result icon={<Skeleton.Avatar active size={64} />} title="Renovando la suscripción…" />;
  return (
    <Result
      status="success"
      title={result.mensaje}
      subTitle={`Plan ${result.plan}: nuevo período del ${formatDate(result.fechaDesde)} al ${formatDate(result.fechaHasta)}.`}
      extra={
        <Link to="/MenuPrincipal">
          <Button type="primary">Ir al menú principal</Button>
        </Link>
      }
    />
  );
}

export function Registro01Plan() {
  return (
    <Frame flujo="registro" step={0} title="Elija su plan">
      <PlanStep flujo="registro" />
    </Frame>
  );
}
export function Registro02TC() {
  return (
    <Frame flujo="registro" step={1} title="Términos y condiciones">
      <TerminosStep flujo="registro" />
    </Frame>
  );
}
export function Registro03Usuario() {
  return (
    <Frame flujo="registro" step={2} title="Datos de su empresa y de su usuario">
      <DatosStep />
    </Frame>
  );
}
export function Registro04FP() {
  return (
    <Frame flujo="registro" step={3} title="Forma de pago">
      <FormaPagoStep flujo="registro" />
    </Frame>
  );
}
export function Registro05Completo() {
  return (
    <Frame flujo="registro" step={4} title="Registro">
      <RegistroCompleto />
    </Frame>
  );
}
export function Renovacion01Plan() {
  return (
    <Frame flujo="renovacion" step={0} title="Renovar la suscripción: elija el plan">
      <RequireAdministrador>
        <SuscripcionActual />
        <PlanStep flujo="renovacion" />
      </RequireAdministrador>
    </Frame>
  );
}
export function Renovacion02TC() {
  return (
    <Frame flujo="renovacion" step={1} title="Términos y condiciones">
      <RequireAdministrador>
        <TerminosStep flujo="renovacion" />
      </RequireAdministrador>
    </Frame>
  );
}
export function Renovacion03FP() {
  return (
    <Frame flujo="renovacion" step={2} title="Forma de pago">
      <RequireAdministrador>
        <FormaPagoStep flujo="renovacion" />
      </RequireAdministrador>
    </Frame>
  );
}
export function Renovacion04Completo() {
  return (
    <Frame flujo="renovacion" step={3} title="Renovación">
      <RequireAdministrador>
        <RenovacionCompleta />
      </RequireAdministrador>
    </Frame>
  );
}
