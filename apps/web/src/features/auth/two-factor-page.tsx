import { CheckCircleFilled } from '@ant-design/icons';
import { MSG } from '@app/domain';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, Form, Image, Input, Space, Typography } from 'antd';
import { errorMessage } from '../../app/error-message.ts';
import { readSession, updateSession } from '../../app/session.ts';
import { useSession } from '../../app/use-session.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { authApi } from './auth-api.ts';

const TITLE = 'Autenticación en dos pasos';
const CODE_RULES = [
  { required: true, message: MSG.codigo2faRequerido },
  { pattern: /^\d{6}$/, message: MSG.codigo2faInvalido },
];

/** Keeps the session's copy of the user in step with the server, so this page shows the right state. */
function setTotpActivo(totpActivo: boolean) {
  const s = readSession();
  if (s) updateSession({ usuario: { ...s.usuario, totpActivo } });
}

/**
 * /configuracion2FA/:idUsuario — the signed-in user's TOTP second factor (the id in the route is only
 * cosmetic: the server acts on the session's user).
 */
export default function TwoFactorPage() {
  const session = useSession();
  const activo = session?.usuario.totpActivo ?? false;
  const [confirmForm] = Form.useForm<{ codigo: string }>();
  const [disableForm] = Form.useForm<{ codigo: string }>();

  const start = useMutation({
    mutationFn: authApi.iniciar2fa,
    // Generating a new secret turns the second factor off until its first code is confirmed.
    onSuccess: () => {
      setTotpActivo(false);
      confirm.reset();
      disable.reset();
    },
  });
  const confirm = useMutation({
    mutationFn: (codigo: string) => authApi.confirmar2fa(codigo),
    onSuccess: () => {
      setTotpActivo(true);
      start.reset();
      disable.reset();
      confirmForm.resetFields();
    },
  });
  const disable = useMutation({
    mutationFn: (codigo: string) => authApi.desactivar2fa(codigo),
    onSuccess: () => {
      setTotpActivo(false);
      confirm.reset();
      disableForm.resetFields();
    },
  });

  const setup = start.data;

  return (
    <>
      <PageHeader
        title={TITLE}
        breadcrumb={[{ title: 'Inicio', href: '/MenuPrincipal' }, { title: TITLE }]}
      />
      <Card style={{ maxWidth: 640 }}>
        <Flex vertical gap={16}>
          {confirm.isSuccess && <Alert type="success" showIcon title={confirm.data.mensaje} />}
          {disable.isSuccess && <Alert type="success" showIcon title={disable.data.mensaje} />}
          {activo ? (
            <Typography.Paragraph style={{ margin: 0 }}>
              <CheckCircleFilled style={{ color: '#389e0d', marginInlineEnd: 8 }} aria-hidden />
              La autenticación en dos pasos está <strong>activada</strong>. Al iniciar sesión se le pedirá el
              código de su aplicación de autenticación.
            </Typography.Paragraph>
          ) : (
            <Typography.Paragraph style={{ margin: 0 }}>
              La autenticación en dos pasos está <strong>desactivada</strong>. Actívela para pedir, además de
              la contraseña, un código de 6 dígitos de una aplicación de autenticación (Google Authenticator,
              Microsoft Authenticator u otra).
            </Typography.Paragraph>
          )}

          {!setup && (
            <div>
              <Button
                type={activo ? 'default' : 'primary'}
                loading={start.isPending}
                onClick={() => start.mutate()}
              >
                {activo ? 'Generar un nuevo código QR' : 'Generar código QR'}
              </Button>
              {activo && (
                <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
                  Al generar un nuevo código, la autenticación en dos pasos queda desactivada hasta que
                  confirme el nuevo código.
                </Typography.Paragraph>
              )}
            </div>
          )}
          {start.isError && (
            <Alert type="error" showIcon title={errorMessage(start.error, MSG.errorPeticion)} />
          )}

          {setup && (
            <>
              <ol style={{ margin: 0, paddingInlineStart: 20 }}>
                <li>Escanee el código QR con su aplicación de autenticación.</li>
                <li>Ingrese el código de 6 dígitos que muestra la aplicación y pulse Activar.</li>
              </ol>
              <Flex gap={24} wrap align="center">
                <Image
                  src={setup.qr}
                  alt="Código QR para configurar la aplicación de autenticación"
                  width={200}
                  height={200}
                  preview={false}
                />
                <Space orientation="vertical" size={4} style={{ minWidth: 0 }}>
                  <Typography.Text type="secondary">
                    ¿No puede escanear? Ingrese esta clave manualmente:
                  </Typography.Text>
                  <Typography.Text code copyable={{ text: setup.secreto, tooltips: ['Copiar', 'Copiado'] }}>
                    {setup.secreto}
                  </Typography.Text>
                </Space>
              </Flex>
              {confirm.isError && (
                <Alert type="error" showIcon title={errorMessage(confirm.error, MSG.codigo2faInvalido)} />
              )}
              <Form
                form={confirmForm}
                layout="vertical"
                onFinish={({ codigo }) => confirm.mutate(codigo)}
                disabled={confirm.isPending}
              >
                <Form.Item label="Código de verificación" name="codigo" rules={CODE_RULES}>
                  <Input
                    inputMode="numeric"
                    autoComplete="one-time-code"
                    maxLength={6}
                    style={{ maxWidth: 200 }}
                  />
                </Form.Item>
                <Button type="primary" htmlType="submit" loading={confirm.isPending}>
                  Activar
                </Button>
              </Form>
            </>
          )}

          {activo && !setup && (
            <Card type="inner" title="Desactivar la autenticación en dos pasos">
              {disable.isError && (
                <Alert
                  type="error"
                  showIcon
                  title={errorMessage(disable.error, MSG.codigo2faInvalido)}
                  style={{ marginBottom: 16 }}
                />
              )}
              <Form
                form={disableForm}
                layout="vertical"
                onFinish={({ codigo }) => disable.mutate(codigo)}
                disabled={disable.isPending}
              >
                <Form.Item label="Código actual de su aplicación" name="codigo" rules={CODE_RULES}>
                  <Input
                    inputMode="numeric"
                    autoComplete="one-time-code"
                    maxLength={6}
                    style={{ maxWidth: 200 }}
                  />
                </Form.Item>
                <Button danger htmlType="submit" loading={disable.isPending}>
                  Desactivar
                </Button>
              </Form>
            </Card>
          )}
        </Flex>
      </Card>
    </>
  );
}
