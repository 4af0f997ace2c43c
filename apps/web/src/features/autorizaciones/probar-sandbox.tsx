import { UploadOutlined } from '@ant-design/icons';
import { formatCount } from '@app/domain/common/format';
import { MSG_INTEGRACION } from '@app/domain/integracion/messages';
import { MSG } from '@app/domain/messages';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Col,
  DatePicker,
  Descriptions,
  Flex,
  Form,
  Input,
  InputNumber,
  Row,
  Select,
  Table,
  Typography,
  Upload,
  type UploadFile,
} from 'antd';
import type { Dayjs } from 'dayjs';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { useFeedback } from '../../components/use-feedback.tsx';
import { ApiError } from '../../lib/api.ts';
import { useEnvio } from '../../lib/use-envio.ts';
import { tramitesApi } from '../tramites/tramites-api.ts';
import {
  integracionApi,
  integracionKeys,
  type RegistroForm,
  type RegistroRespuesta,
} from './integracion-api.ts';

type SandboxValues = {
  fechaDesde?: Dayjs | null;
  fechaHasta?: Dayjs | null;
  idServicio?: number;
  idAutorizacion?: number | null;
  /** Only carries the field's error; the file lives in the Upload's list. */
  archivoDatos?: unknown;
};

const FECHAS = [
  ['fechaDesde', 'Fecha desde'],
  ['fechaHasta', 'Fecha hasta'],
] as const;

/** The sandbox upload form (docs/spec-summary.md 000 §3) with the spec's messages (§8 'Sandbox'). */
export function ProbarSandbox({ idUsuario }: { idUsuario: number }) {
  const feedback = useFeedback();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<SandboxValues>();
  const [datos, setDatos] = useState<UploadFile[]>([]);
  const [respaldos, setRespaldos] = useState<UploadFile[]>([]);
  const [resultado, setResultado] = useState<RegistroResponse | null>(null);
  const servicios = useQuery({
    queryKey: ['servicios'],
    queryFn: ({ signal }) => tramitesApi.servicios(signal),
  });
  const enviar = useEnvio({
    mutationFn: (v: { f: RegistroForm; idUsuario: number }) => integracionApi.registrar(v.f, v.idUsuario),
  });

  function submit(v: SandboxValues) {
    if (enviar.isPending) return;
    const archivo = datos[0]?.originFileObj;
    if (!archivo) {
      form.setFields([{ name: 'archivoDatos', errors: [MSG_INTEGRACION.sinArchivoDatos] }]);
      return;
    }
    const completo = respaldos.length > 0;
    enviar.mutate(
      {
        f: {
          fechaDesde: v.fechaDesde?.format('YYYY-MM-DD') ?? '',
          fechaHasta: v.fechaHasta?.format('YYYY-MM-DD') ?? '',
          idServicio: v.idServicio ?? 0,
          idAutorizacion: v.idAutorizacion ?? undefined,
          archivoDatos: archivo,
          archivosRespaldo: respaldos
            .map((r) => r.originFileObj)
            .filter((f): f is NonNullable<typeof f> => !!f),
        },
        idUsuario,
      },
      {
        onSuccess: (r) => {
          setResultado({ ...r, completo });
          feedback.notification.success({ title: r.mensaje, description: r.resumen });
          void queryClient.invalidateQueries({ queryKey: integracionKeys.all });
        },
        onError: (e) => {
          setResultado(null);
          if (e instanceof ApiError && e.status === 0) {
            feedback.errorDialog(MSG_INTEGRACION.errorComunicacion);
          } else {
            const detalle = e instanceof ApiError && e.fields ? Object.values(e.fields).join(' ') : undefined;
            feedback.modal.error({
              title: completo ? MSG_INTEGRACION.errorCargaRespaldos : MSG_INTEGRACION.errorCarga,
              content: (
                <>
                  <p style={{ margin: '4px 0 0' }}>{e.message}</p>
                  {detalle && <p style={{ margin: '4px 0 0' }}>{detalle}</p>}
                </>
              ),
              okText: 'Aceptar',
            });
          }
          void queryClient.invalidateQueries({ queryKey: integracionKeys.all });
        },
      },
    );
  }

  return (
    <Card variant="borderless" title="Probar en el sandbox" size="small">
      {feedback.contextHolder}
      <Typography.Paragraph type="secondary">
        El formulario llama a{' '}
        <Typography.Text code>/api/v1/sandbox/cargatramites/registro-datos</Typography.Text> (o{' '}
        <Typography.Text code>registro-completo</Typography.Text> si adjunta respaldos) como lo haría su
        sistema. Lo que cree aquí queda en el entorno de pruebas y en la{' '}
        <Link to="/integracion/sandbox-log">Bitácora Sandbox</Link>.
      </Typography.Paragraph>
      <Form<SandboxValues>
        form={form}
        layout="vertical"
        name="sandbox-registro"
        onFinish={submit}
        requiredMark
        initialValues={{ idServicio: 1 }}
      >
        <Row gutter={16}>
          {FECHAS.map(([name, label]) => (
            <Col key={name} xs={12} md={4}>
              <Form.Item
                name={name}
                label={label}
                rules={[{ required: true, message: MSG.campoRequerido(label) }]}
              >
                <DatePicker format="DD/MM/YYYY" placeholder="dd/mm/aaaa" style={{ width: '100%' }} />
              </Form.Item>
            </Col>
          ))}
          <Col xs={12} md={4}>
            <Form.Item label="Usuario (idUsuario)">
              <Input value={String(idUsuario)} disabled />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item
              name="idServicio"
              label="Servicio"
              rules={[{ required: true, message: MSG.campoRequerido('Servicio') }]}
            >
              <Select
                loading={servicios.isLoading}
                options={(servicios.data?.items ?? []).map((s) => ({
                  value: s.idServicio,
                  label: `${s.idServicio} ${s.nombre}`,
                }))}
              />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="idAutorizacion" label="ID de autorización (opcional)">
              <InputNumber min={1} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="archivoDatos" label="Archivo de datos (.json)" required>
              <Upload
                accept=".json,application/json"
                maxCount={1}
                fileList={datos}
                beforeUpload={() => false}
                onChange={({ fileList }) => {
                  setDatos(fileList.slice(-1));
                  form.setFields([{ name: 'archivoDatos', errors: [] }]);
                }}
              >
                <Button icon={<UploadOutlined aria-hidden />}>Elegir archivo JSON</Button>
              </Upload>
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label="Archivos de respaldo (PDF, JPEG o PNG; opcional)">
              <Upload
                accept=".pdf,.jpg,.jpeg,.png"
                multiple
                fileList={respaldos}
                beforeUpload={() => false}
                onChange={({ fileList }) => setRespaldos(fileList)}
              >
                <Button icon={<UploadOutlined aria-hidden />}>Elegir respaldos</Button>
              </Upload>
            </Form.Item>
          </Col>
        </Row>
        <Button type="primary" htmlType="submit" loading={enviar.isPending}>
          Enviar al sandbox
        </Button>
      </Form>
      {resultado && <ResultadoRegistro r={resultado} />}
    </Card>
  );
}

type RegistroResponse = RegistroRespuesta & { completo: boolean };

function ResultadoRegistro({ r }: { r: RegistroResponse }): ReactNode {
  return (
    <Flex vertical gap={12} style={{ marginTop: 16 }}>
      <Alert
        type={r.contadorErrores > 0 ? 'warning' : 'success'}
        showIcon
        title={r.mensaje}
        description={r.resumen}
      />
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2, lg: 4 }}
        items={[
          { key: 'tramite', label: 'Trámite', children: `${r.numero} (ID ${r.idTramite})` },
          { key: 'estado', label: 'Estado', children: r.estadoTramite },
          { key: 'carga', label: 'Carga', children: r.idCarga },
          { key: 'registros', label: 'Registros', children: formatCount(r.numeroRegistros) || '0' },
          { key: 'errores', label: 'Con errores', children: formatCount(r.contadorErrores) || '0' },
          { key: 'novedades', label: 'Con novedades', children: formatCount(r.contadorNovedades) || '0' },
          { key: 'respaldos', label: 'Respaldos', children: formatCount(r.respaldos.length) || '0' },
        ]}
      />
      {r.errores.length > 0 && (
        <Table
          size="small"
          rowKey={(e) => `${e.fila}-${e.columna}-${e.mensaje}`}
          dataSource={r.errores}
          pagination={{ pageSize: 10, showSizeChanger: false }}
          columns={[
            { key: 'fila', title: 'Fila', dataIndex: 'fila', width: 70 },
            { key: 'columna', title: 'Columna', dataIndex: 'columna', width: 140 },
            { key: 'valor', title: 'Valor', dataIndex: 'valor', width: 160 },
            { key: 'mensaje', title: 'Mensaje', dataIndex: 'mensaje' },
          ]}
        />
      )}
    </Flex>
  );
}
