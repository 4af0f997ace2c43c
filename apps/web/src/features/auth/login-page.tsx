import { ERROR_CODE, MSG } from '@app/domain/messages';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import type { LoginState } from '../../app/require-session.tsx';
import type { ShellState } from '../../app/shell/shell-state.ts';
import { ApiError } from '../../lib/api.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { writeSession } from '../../lib/session.ts';
import { authApi, type LoginInput } from './auth-api.ts';
import { PublicCard } from './public-layout.tsx';

type Values = { usuario: string; clave: string; codigo?: string };

const CODE_REQUIRED = ERROR_CODE.codigo2faRequerido;
const CODE_INVALID = ERROR_CODE.codigo2faInvalido;

/** /Login: user name and password, then the 6-digit code when the user has two-step sign-in. */
export default function LoginPage() {
  const [form] = Form.useForm<Values>();
  const navigate = useNavigate();
  const loginState = useLocation().state as LoginState | null;
  const expired = loginState?.expirada === true;
  // The page the visitor asked for signed out (RequireSession), only a path of this application.
  const desde = /^\/(?!\/)/.test(loginState?.desde ?? '') ? loginState?.desde : undefined;
  const [needsCode, setNeedsCode] = useState(false);

  const login = useMutation({
    mutationFn: (input: LoginInput) => authApi.login(input),
    onSuccess: ({ token, usuario }) => {
      writeSession({ token, usuario, modulo: 0 });
      // The shell shows the profile's tip once it is up (it owns the notifications).
      navigate(desde ?? '/MenuPrincipal', { replace: true, state: { consejo: true } satisfies ShellState });
    },
    onError: (error) => {
      if (error instanceof ApiError && (error.code === CODE_REQUIRED || error.code === CODE_INVALID)) {
        setNeedsCode(true);
        // The code field appears on the next render.
        window.setTimeout(() => form.focusField('codigo'), 0);
      }
    },
  });

  const error = login.error;
  const codePrompt = error instanceof ApiError && error.code === CODE_REQUIRED;

  return (
    <PublicCard title="Iniciar sesión">
      {expired && !error && (
        <Alert type="info" showIcon title={MSG.sesionExpirada} style={{ marginBottom: 16 }} />
      )}
      {error && (
        <Alert
          type={codePrompt ? 'info' : 'error'}
          showIcon
          title={errorMessage(error, MSG.errorPeticion)}
          style={{ marginBottom: 16 }}
        />
      )}
      <Form
        form={form}
        layout="vertical"
        requiredMark
        disabled={login.isPending}
        scrollToFirstError={{ focus: true }}
        onFinish={(v) =>
          login.mutate({
            usuario: v.usuario.trim(),
            clave: v.clave,
            codigo: needsCode ? v.codigo : undefined,
          })
        }
      >
        <Form.Item
          label="Usuario"
          name="usuario"
          rules={[{ required: true, whitespace: true, message: MSG.campoRequerido('Usuario') }]}
        >
          <Input autoComplete="username" autoFocus readOnly={needsCode} />
        </Form.Item>
        <Form.Item
          label="Contraseña"
          name="clave"
          rules={[{ required: true, message: MSG.campoRequerido('Contraseña') }]}
        >
          <Input.Password autoComplete="current-password" readOnly={needsCode} />
        </Form.Item>
        {needsCode && (
          <Form.Item
            label="Código de verificación"
            name="codigo"
            rules={[
              { required: true, message: MSG.codigo2faRequerido },
              { pattern: /^\d{6}$/, message: MSG.codigo2faInvalido },
            ]}
          >
            <Input inputMode="numeric" autoComplete="one-time-code" maxLength={6} />
          </Form.Item>
        )}
        <Form.Item style={{ marginBottom: 12 }}>
          <Button type="primary" htmlType="submit" block loading={login.isPending}>
            {login.isPending ? 'Ingresando...' : 'Ingresar'}
          </Button>
        </Form.Item>
      </Form>
      {needsCode && (
        <Button
          type="link"
          style={{ paddingInline: 0 }}
          onClick={() => {
            setNeedsCode(false);
            login.reset();
            form.resetFields(['codigo']);
          }}
        >
          Usar otro usuario
        </Button>
      )}
      <div>
        <Link to="/OlvidoClave">¿Olvidó su contraseña?</Link>
      </div>
    </PublicCard>
  );
}
