import { CheckCircleFilled } from '@ant-design/icons';
import { MSG, type TotpProof } from '@app/domain';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, Form, Image, Input, Space, Typography } from 'antd';
import { PageHeader } from '../../components/page-header.tsx';
import { errorMessage } from '../../lib/error-message.ts';
import { readSession, updateSession } from '../../lib/session.ts';
import { useSession } from '../../lib/use-session.ts';
import { authApi } from './auth-api.ts';

const TITLE = 'Autenticación en dos pasos';
const CODE_RULES = [
  { required: true, message: MSG.codigo2faRequerido },
  { pattern: /^\d{6}$/, message: MSG.codigo2faInvalido },
];

/** One field takes the current code (6 digits) or the password (never 6 digits: at least 8 characters). */
const PROOF_RULES = [{ required: true, whitespace: true, message: MSG.codigo2faOClaveRequerido }];
const toProof = (v: string): TotpProof => (/^\d{6}$/.test(v.trim()) ? { codigo: v.trim() } : { clave: v });

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
  const [proofForm] = Form.useForm<{ prueba: string }>();

  const start = useMutation({
    mutationFn: (prueba?: TotpProof) => authApi.iniciar2fa(prueba),
    // The active factor keeps working until the new secret's first code is confirmed.
    onSuccess: () => {
      confirm.reset();
      disable.reset();
      proofForm.resetFields();
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
    mutationFn: (prueba: TotpProof) => authApi.desactivar2fa(prueba),
    onSuccess: () => {
      setTotpActivo(false);
      confirm.reset();
      start.reset();
      proofForm.resetFields();
    },
  });
  /** Runs `action` with the proof typed in the form (validated first). */
  const withProof = (action: (p: TotpProof) => void) => () =>
    void proofForm.validateFields().then((v) => action(toProof(v.prueba)));

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

          {!setup && !activo && (
            <div>
              <Button type="primary" loading={start.isPending} onClick={() => start.mutate(undefined)}>
                Generar código QR
              </Button>
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
            <Card type="inner" title="Cambiar o desactivar la autenticación en dos pasos">
              {disable.isError && (
                <Alert
                  type="error"
                  showIcon
                  title={errorMessage(disable.error, MSG.codigo2faInvalido)}
                  style={{ marginBottom: 16 }}
                />
              )}
              <Typography.Paragraph type="secondary">
                Para generar un nuevo código QR o desactivarla, confirme que es usted con el código actual de
                su aplicación o con su contraseña. El código actual seguirá funcionando hasta que active el
                nuevo.
              </Typography.Paragraph>
              <Form form={proofForm} layout="vertical" disabled={disable.isPending || start.isPending}>
                <Form.Item label="Código actual o contraseña" name="prueba" rules={PROOF_RULES}>
                  <Input.Password autoComplete="one-time-code" maxLength={200} style={{ maxWidth: 260 }} />
                </Form.Item>
                <Space wrap>
                  <Button loading={start.isPending} onClick={withProof((p) => start.mutate(p))}>
                    Generar un nuevo código QR
                  </Button>
                  <Button danger loading={disable.isPending} onClick={withProof((p) => disable.mutate(p))}>
                    Desactivar
                  </Button>
                </Space>
              </Form>
            </Card>
          )}
        </Flex>
      </Card>
    </>
  );
}
