import { formatCount, formatDate } from '@app/domain/common/format';
import { isValidCedula } from '@app/domain/common/validators';
import { MSG_HERRAMIENTAS } from '@app/domain/herramientas/messages';
import type { Cobertura } from '@app/domain/herramientas/schemas';
import { MSG } from '@app/domain/messages';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Empty, Flex, Form, Input, Table, Typography } from 'antd';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { errorMessage } from '../../app/error-message.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { herramientasApi, herramientasKeys } from './herramientas-api.ts';

const TITLE = 'Consulta de Cobertura';
type Reciente = Cobertura['recientes'][number];

/**
 * /consultacobertura: how many attentions of a patient the user's tenant holds, and the latest one
 * (providers: their company's; insurer staff: their subscription's). The cédula lives in the URL.
 */
export default function ConsultaCoberturaPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const cedula = searchParams.get('cedula') ?? '';
  const valida = isValidCedula(cedula);
  const [form] = Form.useForm<{ cedula: string }>();
  useEffect(() => form.setFieldsValue({ cedula }), [cedula, form]);

  const consulta = useQuery({
    queryKey: herramientasKeys.cobertura(cedula),
    queryFn: ({ signal }) => herramientasApi.cobertura(cedula, signal),
    enabled: valida,
  });
  const c = consulta.data;

  return (
    <>
      <PageHeader
        title={TITLE}
        breadcrumb={[
          { title: 'Inicio', href: '/MenuPrincipal' },
          { title: 'Herramientas' },
          { title: TITLE },
        ]}
      />
      <Card style={{ marginBottom: 16 }}>
        <Form
          form={form}
          layout="inline"
          requiredMark
          onFinish={(v) => setSearchParams({ cedula: v.cedula.trim() })}
          initialValues={{ cedula }}
        >
          <Form.Item
            name="cedula"
            label="Cédula del paciente"
            normalize={(v: string) => v.replace(/\D/g, '').slice(0, 10)}
            rules={[
              { required: true, message: MSG_HERRAMIENTAS.cedulaRequerida },
              {
                validator: (_, v: string) =>
                  !v || isValidCedula(v)
                    ? Promise.resolve()
                    : Promise.reject(new Error(MSG_HERRAMIENTAS.cedulaInvalida)),
                validateTrigger: 'onSubmit',
              },
            ]}
            validateTrigger={['onSubmit', 'onBlur']}
          >
            <Input
              autoFocus
              inputMode="numeric"
              maxLength={10}
              placeholder="10 dígitos"
              style={{ width: 200 }}
            />
          </Form.Item>
          <Form.Item>
            <Flex gap={8}>
              <Button type="primary" htmlType="submit" loading={consulta.isFetching}>
                Consultar
              </Button>
              {cedula && (
                <Button
                  onClick={() => {
                    form.resetFields();
                    setSearchParams({});
                  }}
                >
                  Limpiar
                </Button>
              )}
            </Flex>
          </Form.Item>
        </Form>
      </Card>

      {cedula && !valida && <Alert type="error" showIcon title={MSG_HERRAMIENTAS.cedulaInvalida} />}
      {consulta.isError && (
        <Alert type="error" showIcon title={errorMessage(consulta.error, MSG.errorPeticion)} />
      )}
      {c && (
        <Card title="Resultado" aria-live="polite">
          {c.numeroAtenciones === 0 ? (
            <Empty description={MSG_HERRAMIENTAS.sinAtenciones} />
          ) : (
            <>
              <Descriptions
                size="small"
                column={{ xs: 1, md: 2 }}
                style={{ marginBottom: 16 }}
                items={[
                  { key: 'cedula', label: 'Cédula', children: c.cedula },
                  { key: 'nombre', label: 'Paciente', children: c.nombre },
                  { key: 'n', label: 'Número de atenciones', children: formatCount(c.numeroAtenciones) },
                  { key: 'ultima', label: 'Última atención', children: formatDate(c.ultimaAtencion) },
                ]}
              />
              <Typography.Title level={2} style={{ fontSize: 16 }}>
                Atenciones más recientes
              </Typography.Title>
              <Table<Reciente>
                size="small"
                rowKey="idPlanilla"
                pagination={false}
                dataSource={c.recientes}
                scroll={{ x: 'max-content' }}
                columns={[
                  { key: 'numero', title: 'Número', dataIndex: 'numero' },
                  {
                    key: 'fechaDesde',
                    title: 'Fecha de ingreso',
                    dataIndex: 'fechaDesde',
                    render: formatDate,
                  },
                  {
                    key: 'fechaHasta',
                    title: 'Fecha de salida',
                    dataIndex: 'fechaHasta',
                    render: formatDate,
                  },
                  { key: 'diag1', title: 'Diagnóstico', dataIndex: 'diag1' },
                  { key: 'prestador', title: 'Prestador', dataIndex: 'prestador' },
                  { key: 'tramite', title: 'Trámite', dataIndex: 'tramite' },
                ]}
              />
            </>
          )}
        </Card>
      )}
    </>
  );
}
