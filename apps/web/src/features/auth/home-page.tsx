import { LoginOutlined } from '@ant-design/icons';
import { EMAIL_RE } from '@app/domain/common/validators';
import { MSG } from '@app/domain/messages';
import { useMutation } from '@tanstack/react-query';
import { Button, Card, Carousel, Col, Flex, Form, Input, Layout, Row, Typography } from 'antd';
import { Link, useNavigate } from 'react-router';
import { PRODUCT_NAME, useDocumentTitle } from '../../app/brand.ts';
import { CabeceraPublica } from '../../components/cabecera-publica.tsx';
import { errorMessage } from '../../lib/error-message.ts';
import { authApi } from './auth-api.ts';

/** Key where the registration steps (/Registro01Plan ...) read the e-mail given here. */
export const REGISTRO_EMAIL_KEY = 'registro_email';

const SLOGANS: { title: string; text: string }[] = [
  {
    title: 'Gestione el pago de sus atenciones médicas de forma eficiente',
    text: 'Cargue sus trámites, adjunte los documentos y siga cada etapa hasta el pago, todo en un solo lugar.',
  },
  {
    title: 'Menos papeles, pagos más rápidos',
    text: 'La auditoría médica y documental revisa sus atenciones en línea y le informa cada observación.',
  },
  {
    title: 'Prestadores y aseguradoras trabajando juntos',
    text: 'Información clara y a tiempo para auditar, responder observaciones y liquidar cada atención.',
  },
];

/** docs/spec-summary.md 001 §5: empty, then format; the 'already registered' answer comes from the server. */
function checkEmail(value: string | undefined): Promise<void> {
  const email = (value ?? '').trim();
  if (!email) return Promise.reject(new Error(MSG.correoRequerido));
  if (!EMAIL_RE.test(email)) return Promise.reject(new Error(MSG.correoInvalido));
  return Promise.resolve();
}

const slideStyle = {
  minHeight: 240,
  padding: '48px 56px',
  color: '#fff',
  background: 'linear-gradient(135deg, #0b3d91 0%, #1668dc 100%)',
  borderRadius: 12,
} as const;

/** The public home of docs/spec-summary.md 001 §2.2: sign-in button, slogans and the registration entry. */
export default function HomePage() {
  useDocumentTitle('Inicio');
  const navigate = useNavigate();
  const [form] = Form.useForm<{ email: string }>();

  const check = useMutation({
    mutationFn: (email: string) => authApi.correoDisponible(email),
    onSuccess: ({ disponible }, email) => {
      if (!disponible) {
        form.setFields([{ name: 'email', errors: [MSG.correoRegistrado(email)] }]);
        form.focusField('email');
        return;
      }
      sessionStorage.setItem(REGISTRO_EMAIL_KEY, email);
      navigate('/Registro01Plan');
    },
    onError: (error) => {
      form.setFields([{ name: 'email', errors: [errorMessage(error, MSG.errorPeticion)] }]);
    },
  });

  return (
    <Layout style={{ minHeight: '100vh', background: '#f5f7fa' }}>
      <CabeceraPublica
        marca={
          <Typography.Text strong style={{ fontSize: 20 }}>
            {PRODUCT_NAME}
          </Typography.Text>
        }
      >
        <Button type="primary" icon={<LoginOutlined />} onClick={() => navigate('/Login')}>
          Iniciar sesión
        </Button>
      </CabeceraPublica>
      <Layout.Content style={{ padding: 24 }}>
        <Row gutter={[24, 24]} style={{ maxWidth: 1200, margin: '0 auto' }} align="middle">
          <Col xs={24} lg={15}>
            <section aria-label="Beneficios">
              <Carousel autoplay autoplaySpeed={6000} dots pauseOnHover pauseOnFocus pauseOnDotsHover>
                {SLOGANS.map((s) => (
                  <div key={s.title}>
                    <div style={slideStyle}>
                      <Typography.Title level={2} style={{ color: '#fff', marginTop: 0 }}>
                        {s.title}
                      </Typography.Title>
                      <Typography.Paragraph style={{ color: '#fff', fontSize: 16, marginBottom: 0 }}>
                        {s.text}
                      </Typography.Paragraph>
                    </div>
                  </div>
                ))}
              </Carousel>
            </section>
          </Col>
          <Col xs={24} lg={9}>
            <Card>
              <Typography.Title level={2} style={{ fontSize: 20, marginTop: 0 }}>
                Regístrese
              </Typography.Title>
              <Typography.Paragraph type="secondary">
                Ingrese su correo electrónico para empezar el registro de su empresa.
              </Typography.Paragraph>
              <Form
                form={form}
                layout="vertical"
                disabled={check.isPending}
                onFinish={({ email }) => check.mutate(email.trim())}
              >
                <Form.Item
                  label="Correo electrónico"
                  name="email"
                  required
                  validateTrigger="onSubmit"
                  rules={[{ validator: (_, value?: string) => checkEmail(value) }]}
                >
                  <Input
                    inputMode="email"
                    autoComplete="email"
                    placeholder="nombre@empresa.com"
                    maxLength={160}
                  />
                </Form.Item>
                <Button type="primary" htmlType="submit" block loading={check.isPending}>
                  Registrarse
                </Button>
              </Form>
            </Card>
          </Col>
        </Row>
        <Flex justify="center" style={{ marginTop: 32 }}>
          <Typography.Text type="secondary">
            ¿Ya tiene una cuenta? <Link to="/Login">Ingrese aquí</Link>
          </Typography.Text>
        </Flex>
      </Layout.Content>
    </Layout>
  );
}
