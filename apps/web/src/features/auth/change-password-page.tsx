import { MIN_PASSWORD_LENGTH, MSG, passwordChangeError } from '@app/domain';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Input, Typography } from 'antd';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../components/page-header.tsx';
import { ApiError } from '../../lib/api.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { useSession } from '../../lib/use-session.ts';
import { authApi } from './auth-api.ts';

type Values = { claveActual?: string; nuevaClave?: string; confirmacion?: string };

const FIELDS = ['claveActual', 'nuevaClave', 'confirmacion'] as const;

/**
 * /actualizarclave (docs/spec-summary.md 001 §5 "Password"): the five checks run here in the spec's order, and the
 * server runs the same ones. The user shown comes from the query string, else from the session; the
 * server only ever changes the signed-in user's password.
 */
export default function ChangePasswordPage() {
  const session = useSession();
  const [params] = useSearchParams();
  const usuario = params.get('usuario') || session?.usuario.nombre || '';
  const [form] = Form.useForm<Values>();

  const change = useMutation({
    mutationFn: (v: Required<Values>) => authApi.cambiarClave(v),
    onSuccess: () => form.resetFields(),
    onError: (error) => {
      if (!(error instanceof ApiError) || !error.fields) return;
      form.setFields(
        Object.entries(error.fields).map(([name, msg]) => ({ name: name as keyof Values, errors: [msg] })),
      );
    },
  });

  const onFinish = (v: Values) => {
    const problem = passwordChangeError(v);
    // The checks are ordered (docs/spec-summary.md 001 §5): only the first failing one is shown.
    form.setFields(
      FIELDS.map((name) => ({ name, errors: name === problem?.field ? [problem.message] : [] })),
    );
    if (problem) {
      form.focusField(problem.field);
      return;
    }
    change.mutate({
      claveActual: (v.claveActual ?? '').trim(),
      nuevaClave: (v.nuevaClave ?? '').trim(),
      confirmacion: (v.confirmacion ?? '').trim(),
    });
  };

  return (
    <>
      <PageHeader
        title="Cambio de Clave"
        breadcrumb={[{ title: 'Inicio', href: '/MenuPrincipal' }, { title: 'Cambio de Clave' }]}
      />
      <Card style={{ maxWidth: 480 }}>
        <Typography.Paragraph>
          Usuario: <Typography.Text strong>{usuario}</Typography.Text>
        </Typography.Paragraph>
        {change.isSuccess && (
          <Alert
            type="success"
            showIcon
            title={change.data.mensaje || MSG.claveActualizada}
            style={{ marginBottom: 16 }}
          />
        )}
        {change.isError && (
          <Alert
            type="error"
            showIcon
            title={errorMessage(change.error, MSG.claveErrorActualizar)}
            style={{ marginBottom: 16 }}
          />
        )}
        <Form
          form={form}
          layout="vertical"
          onFinish={onFinish}
          onValuesChange={(changed: Values) => {
            // Typing clears that field's message (these fields have no rules that would do it).
            form.setFields(Object.keys(changed).map((name) => ({ name: name as keyof Values, errors: [] })));
            if (change.isSuccess) change.reset();
          }}
        >
          <Form.Item label="Contraseña actual" name="claveActual" required>
            <Input.Password autoComplete="current-password" />
          </Form.Item>
          <Form.Item
            label="Nueva contraseña"
            name="nuevaClave"
            required
            extra={`Al menos ${MIN_PASSWORD_LENGTH} caracteres.`}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Form.Item label="Confirmar nueva contraseña" name="confirmacion" required>
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={change.isPending}>
            {change.isPending ? 'Actualizando...' : 'Actualizar contraseña'}
          </Button>
        </Form>
      </Card>
    </>
  );
}
