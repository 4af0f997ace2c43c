import { MIN_PASSWORD_LENGTH, MSG } from '@app/domain';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Form, Input } from 'antd';
import { Link, useParams, useSearchParams } from 'react-router';
import { errorMessage } from '../../lib/error-message.ts';
import { authApi } from './auth-api.ts';
import { PublicCard } from './public-layout.tsx';

type Values = { nuevaClave: string; confirmacion: string };

/** /login-actualizar-clave/:idUsuario?token=... : the page the reset e-mail links to. */
export default function ResetPasswordPage() {
  const { idUsuario = '' } = useParams();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [form] = Form.useForm<Values>();

  const reset = useMutation({
    mutationFn: (v: Values) => authApi.restablecerClave(idUsuario, { token, ...v }),
  });

  if (reset.isSuccess) {
    return (
      <PublicCard title="Restablecer contraseña">
        <Alert
          type="success"
          showIcon
          title={reset.data.mensaje || MSG.claveActualizada}
          style={{ marginBottom: 16 }}
        />
        <Link to="/Login">Ir a iniciar sesión</Link>
      </PublicCard>
    );
  }

  if (!token || !/^\d+$/.test(idUsuario)) {
    return (
      <PublicCard title="Restablecer contraseña">
        <Alert type="error" showIcon title={MSG.enlaceInvalido} style={{ marginBottom: 16 }} />
        <Link to="/OlvidoClave">Solicitar un nuevo enlace</Link>
      </PublicCard>
    );
  }

  const error = reset.error;
  return (
    <PublicCard title="Restablecer contraseña">
      {error && (
        <Alert
          type="error"
          showIcon
          title={errorMessage(error, MSG.claveErrorActualizar)}
          style={{ marginBottom: 16 }}
        />
      )}
      <Form
        form={form}
        layout="vertical"
        disabled={reset.isPending}
        scrollToFirstError={{ focus: true }}
        onFinish={(v) =>
          reset.mutate({ nuevaClave: v.nuevaClave.trim(), confirmacion: v.confirmacion.trim() })
        }
      >
        <Form.Item
          label="Nueva contraseña"
          name="nuevaClave"
          extra={`Al menos ${MIN_PASSWORD_LENGTH} caracteres.`}
          rules={[
            { required: true, whitespace: true, message: MSG.claveNuevaRequerida },
            {
              validator: (_, v?: string) =>
                (v ?? '').trim().length === 0 || (v ?? '').trim().length >= MIN_PASSWORD_LENGTH
                  ? Promise.resolve()
                  : Promise.reject(new Error(MSG.claveMuyCorta)),
            },
          ]}
        >
          <Input.Password autoComplete="new-password" autoFocus />
        </Form.Item>
        <Form.Item
          label="Confirmar nueva contraseña"
          name="confirmacion"
          dependencies={['nuevaClave']}
          rules={[
            { required: true, whitespace: true, message: MSG.claveConfirmacionRequerida },
            ({ getFieldValue }) => ({
              validator: (_, v?: string) =>
                !v || v.trim() === String(getFieldValue('nuevaClave') ?? '').trim()
                  ? Promise.resolve()
                  : Promise.reject(new Error(MSG.clavesNoCoinciden)),
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item style={{ marginBottom: 12 }}>
          <Button type="primary" htmlType="submit" block loading={reset.isPending}>
            {reset.isPending ? 'Actualizando...' : 'Guardar contraseña'}
          </Button>
        </Form.Item>
      </Form>
      {error && <Link to="/OlvidoClave">Solicitar un nuevo enlace</Link>}
    </PublicCard>
  );
}
