import { DeleteOutlined, KeyOutlined } from '@ant-design/icons';
import { formatDateTime } from '@app/domain/common/format';
import { API_TOKEN_DIAS } from '@app/domain/integracion/schemas';
import { MSG } from '@app/domain/messages';
import { MSG_PLANILLA } from '@app/domain/planillas/messages';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Form, Input, Modal, Select, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { ErrorRetry } from '../../components/error-retry.tsx';
import { useFeedback } from '../../components/use-feedback.tsx';
import { useEnvio } from '../../lib/use-envio.ts';
import { type ApiToken, integracionApi, integracionKeys } from './integracion-api.ts';

/** The personal API tokens of the user: created (the token shown once), listed and revoked. */
export function Tokens() {
  const feedback = useFeedback();
  const queryClient = useQueryClient();
  const [nuevo, setNuevo] = useState<{ token: string; expira: string } | null>(null);
  const [form] = Form.useForm<{ nombre: string; diasVigencia: number }>();
  const q = useQuery({
    queryKey: integracionKeys.tokens,
    queryFn: ({ signal }) => integracionApi.tokens(signal),
  });
  const crear = useEnvio({
    mutationFn: (v: { nombre: string; diasVigencia: number }) => integracionApi.crearToken(v),
  });
  const revocar = useEnvio({ mutationFn: (id: number) => integracionApi.revocarToken(id) });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: integracionKeys.tokens });

  return (
    <Card variant="borderless" title="Tokens de API" size="small">
      {feedback.contextHolder}
      <Typography.Paragraph type="secondary">
        Cree un token por sistema que se conecte. Se muestra una sola vez; guárdelo como una contraseña. Sirve
        solo para la API de integración y vence en los días que elija (como máximo {API_TOKEN_DIAS.max});
        puede revocarlo cuando quiera: las llamadas con ese token dejarán de funcionar.
      </Typography.Paragraph>
      <Form
        form={form}
        layout="inline"
        name="nuevo-token"
        initialValues={{ diasVigencia: API_TOKEN_DIAS.defecto }}
        onFinish={(v) =>
          crear.mutate(
            { nombre: v.nombre.trim(), diasVigencia: v.diasVigencia },
            {
              onSuccess: (r) => {
                setNuevo({ token: r.token, expira: r.expira });
                form.resetFields();
                refresh();
              },
              onError: (e) => feedback.errorDialog(MSG.error, e.message),
            },
          )
        }
        style={{ marginBottom: 12, rowGap: 8 }}
      >
        <Form.Item
          name="nombre"
          label="Nombre"
          rules={[{ required: true, whitespace: true, message: MSG.campoRequerido('Nombre') }]}
        >
          <Input maxLength={120} placeholder="Sistema HIS" style={{ width: 220 }} />
        </Form.Item>
        <Form.Item name="diasVigencia" label="Vigencia">
          <Select
            style={{ width: 120 }}
            options={API_TOKEN_DIAS.opciones.map((d) => ({ value: d, label: `${d} días` }))}
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" icon={<KeyOutlined aria-hidden />} loading={crear.isPending}>
          Crear token
        </Button>
      </Form>
      <ErrorRetry
        error={q.error}
        fallback={MSG_PLANILLA.errorLista}
        onRetry={() => void q.refetch()}
        style={{ marginBottom: 12 }}
      />
      <Table<ApiToken>
        size="small"
        rowKey="idApiToken"
        loading={q.isLoading}
        dataSource={q.data ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: 'Aún no tiene tokens de API.' }}
        columns={[
          { key: 'nombre', title: 'Nombre', dataIndex: 'nombre' },
          {
            key: 'prefijo',
            title: 'Token',
            dataIndex: 'prefijo',
            render: (v: string) => <Typography.Text code>{v}…</Typography.Text>,
          },
          {
            key: 'fechaReg',
            title: 'Creado',
            dataIndex: 'fechaReg',
            render: (v: string) => formatDateTime(v),
          },
          {
            key: 'fechaUso',
            title: 'Último uso',
            dataIndex: 'fechaUso',
            render: (v: string | null) => formatDateTime(v) || '—',
          },
          {
            key: 'expira',
            title: 'Vence',
            dataIndex: 'expira',
            render: (v: string) => formatDateTime(v),
          },
          {
            key: 'estado',
            title: 'Estado',
            render: (_: unknown, tk) =>
              tk.revocado ? (
                <Tag>Revocado</Tag>
              ) : tk.vencido ? (
                <Tag>Vencido</Tag>
              ) : (
                <Tag color="green">Activo</Tag>
              ),
          },
          {
            key: 'acciones',
            title: 'Opciones',
            render: (_: unknown, tk) =>
              tk.revocado || tk.vencido ? null : (
                <Button
                  size="small"
                  danger
                  icon={<DeleteOutlined aria-hidden />}
                  onClick={() =>
                    feedback.modal.confirm({
                      title: `¿Revocar el token "${tk.nombre}"?`,
                      content: 'Los sistemas que lo usan dejarán de poder llamar a la API.',
                      okText: 'Revocar',
                      okButtonProps: { danger: true },
                      cancelText: 'Cancelar',
                      onOk: () =>
                        revocar
                          .mutateAsync(tk.idApiToken)
                          .then((r) => r && feedback.success(r.mensaje))
                          .catch((e: Error) => {
                            feedback.errorDialog(MSG.error, e.message);
                          })
                          .finally(refresh),
                    })
                  }
                >
                  Revocar
                </Button>
              ),
          },
        ]}
      />
      <Modal
        open={nuevo !== null}
        title="Token creado"
        onCancel={() => setNuevo(null)}
        footer={
          <Button type="primary" onClick={() => setNuevo(null)}>
            Ya lo guardé
          </Button>
        }
      >
        <Typography.Paragraph>Cópielo ahora: no se volverá a mostrar.</Typography.Paragraph>
        <Typography.Paragraph copyable={{ tooltips: ['Copiar', 'Copiado'] }} code>
          {nuevo?.token ?? ''}
        </Typography.Paragraph>
        <Typography.Paragraph type="secondary">
          Vence el {formatDateTime(nuevo?.expira)}.
        </Typography.Paragraph>
      </Modal>
    </Card>
  );
}
