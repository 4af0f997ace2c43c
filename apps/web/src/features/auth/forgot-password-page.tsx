import { MSG } from '@app/domain/messages';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Form, Input } from 'antd';
import { Link } from 'react-router';
import { errorMessage } from '../../lib/error-message.ts';
import { authApi } from './auth-api.ts';
import { PublicCard } from './public-layout.tsx';

/** /OlvidoClave: asks for the user name; the answer never says whether the user exists. */
export default function ForgotPasswordPage() {
  const send = useMutation({ mutationFn: (usuario: string) => authApi.olvidoClave(usuario) });

  return (
    <PublicCard title="¿Olvidó su contraseña?">
      {send.isSuccess ? (
        <Alert type="success" showIcon title={send.data.mensaje} style={{ marginBottom: 16 }} />
      ) : (
        <>
          <p>Ingrese su usuario y le enviaremos a su correo un enlace para elegir una nueva contraseña.</p>
          {send.error && (
            <Alert
              type="error"
              showIcon
              title={errorMessage(send.error, MSG.errorPeticion)}
              style={{ marginBottom: 16 }}
            />
          )}
          <Form
            layout="vertical"
            disabled={send.isPending}
            onFinish={({ usuario }: { usuario: string }) => send.mutate(usuario.trim())}
          >
            <Form.Item
              label="Usuario"
              name="usuario"
              rules={[{ required: true, whitespace: true, message: MSG.campoRequerido('Usuario') }]}
            >
              <Input autoComplete="username" autoFocus />
            </Form.Item>
            <Form.Item style={{ marginBottom: 12 }}>
              <Button type="primary" htmlType="submit" block loading={send.isPending}>
                {send.isPending ? 'Enviando...' : 'Enviar enlace'}
              </Button>
            </Form.Item>
          </Form>
        </>
      )}
      <Link to="/Login">Volver a iniciar sesión</Link>
    </PublicCard>
  );
}
