import { ApiOutlined, DeleteOutlined, KeyOutlined, UploadOutlined } from '@ant-design/icons';
import { formatCount, formatDateTime } from '@app/domain/common/format';
import { MSG_INTEGRACION } from '@app/domain/integracion/messages';
import { API_TOKEN_DIAS } from '@app/domain/integracion/schemas';
import { MSG } from '@app/domain/messages';
import { MSG_PLANILLA } from '@app/domain/planillas/messages';
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
  Modal,
  Result,
  Row,
  Select,
  Table,
  Tag,
  Typography,
  Upload,
  type UploadFile,
} from 'antd';
import type { Dayjs } from 'dayjs';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../app/api.ts';
import { useEnvio } from '../../app/use-envio.ts';
import { useSession } from '../../app/use-session.ts';
import { ErrorRetry } from '../../components/ErrorRetry.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { useFeedback } from '../../components/useFeedback.tsx';
import { tramitesApi } from '../tramites/tramites-api.ts';
import { EJEMPLO_JSON, ejemploCurl } from './autorizacion-rules.ts';
import {
  type ApiToken,
  integracionApi,
  integracionKeys,
  type RegistroForm,
  type RegistroRespuesta,
} from './integracion-api.ts';

const Code = ({ children }: { children: string }) => (
  <Typography.Paragraph
    copyable={{ text: children, tooltips: ['Copiar', 'Copiado'] }}
    style={{ marginBottom: 12 }}
  >
    <pre
      style={{
        margin: 0,
        padding: 12,
        background: '#f5f5f5',
        borderRadius: 6,
        overflowX: 'auto',
        fontSize: 12,
      }}
    >
      {children}
    </pre>
  </Typography.Paragraph>
);

/**
 * 'Integración': how a provider's own system registers procedures and loads (docs/spec-summary.md 000 §7
 * registro-datos / registro-completo) with a personal API token, the tokens themselves, and the
 * sandbox upload form (docs/spec-summary.md 000 §3) to try the calls without touching real procedures.
 */
export default function IntegracionPage() {
  const session = useSession();
  const idPerfil = session?.usuario.idPerfil ?? 0;
  if (idPerfil !== 15) {
    return (
      <Result
        status="403"
        title={MSG.noAutorizado403}
        subTitle="La API de integración es para los usuarios prestadores (perfil 15)."
      />
    );
  }
  const base = window.location.origin;
  return (
    <>
      <PageHeader
        title="Integración"
        breadcrumb={[{ title: 'Integración' }]}
        extra={[
          <Link key="log" to="/integracion/sandbox-log">
            <Button>Bitácora Sandbox</Button>
          </Link>,
          <Link key="manual" to="/manual-datos">
            <Button>Manual técnico del archivo</Button>
          </Link>,
          <a key="docs" href="/api/docs" target="_blank" rel="noreferrer">
            <Button icon={<ApiOutlined aria-hidden />}>Documentación de la API</Button>
          </a>,
        ]}
      />
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={12}>
          <Tokens />
        </Col>
        <Col xs={24} xl={12}>
          <Card variant="borderless" title="Cómo llamar" size="small">
            <Typography.Paragraph>
              Su sistema crea el trámite y su carga en <strong>una sola llamada</strong> con{' '}
              <Typography.Text code>multipart/form-data</Typography.Text> y su token en la cabecera{' '}
              <Typography.Text code>Authorization: Bearer apk_…</Typography.Text>. El archivo de datos es un{' '}
              <Typography.Text code>.json</Typography.Text> con las columnas del manual técnico; la columna{' '}
              <Typography.Text code>idTramite</Typography.Text> puede ir vacía: se completa con el trámite
              creado. Con <Typography.Text code>idAutorizacion</Typography.Text> la carga va al trámite de esa
              autorización aprobada.
            </Typography.Paragraph>
            <Typography.Text strong>Registrar trámite y carga (registro-datos)</Typography.Text>
            <Code>{ejemploCurl({ base, sandbox: false, completo: false })}</Code>
            <Typography.Text strong>Con archivos de respaldo (registro-completo)</Typography.Text>
            <Code>{ejemploCurl({ base, sandbox: false, completo: true })}</Code>
            <Typography.Text strong>Lo mismo en el sandbox, sin tocar trámites reales</Typography.Text>
            <Code>{ejemploCurl({ base, sandbox: true, completo: false })}</Code>
            <Typography.Text strong>atenciones.json</Typography.Text>
            <Code>{EJEMPLO_JSON}</Code>
          </Card>
        </Col>
        <Col xs={24}>
          <Card variant="borderless" title="Respuestas" size="small">
            <Descriptions
              size="small"
              column={1}
              bordered
              items={[
                {
                  key: '201',
                  label: '201',
                  children: `"${MSG_INTEGRACION.cargaExitosa}" o "${MSG_INTEGRACION.cargaCompletaExitosa}" con idTramite, numero, estadoTramite, idCarga, numeroRegistros, contadorErrores, contadorNovedades y los primeros 100 errores por fila (fila, columna, valor, mensaje). Sin errores el trámite queda CARGADO; con errores, REGISTRADO y la carga puede borrarse desde el trámite.`,
                },
                {
                  key: '400',
                  label: '400',
                  children: `"${MSG_INTEGRACION.sinArchivoDatos}" si falta archivoDatos; "${MSG_INTEGRACION.solicitudIncorrecta}" con el detalle por campo en error.fields.`,
                },
                { key: '401', label: '401', children: 'Token ausente, revocado, vencido o inválido.' },
                {
                  key: '403',
                  label: '403',
                  children: `El usuario del token no es un prestador, o la ruta no es de la API de integración ("${MSG.tokenSoloIntegracion}").`,
                },
                { key: '404', label: '404', children: 'idAutorizacion inexistente o de otra empresa.' },
                {
                  key: '409',
                  label: '409',
                  children: 'La autorización no está APROBADA o el trámite no admite cargas en su estado.',
                },
                {
                  key: '413',
                  label: '413 / 415',
                  children: 'Archivo demasiado grande / tipo o contenido no permitido.',
                },
              ]}
            />
          </Card>
        </Col>
        <Col xs={24}>
          <ProbarSandbox idUsuario={session?.usuario.idUsuario ?? 0} />
        </Col>
      </Row>
    </>
  );
}

function Tokens() {
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

type SandboxValues = {
  fechaDesde?: Dayjs | null;
  fechaHasta?: Dayjs | null;
  idServicio?: number;
  idAutorizacion?: number | null;
  /** Only carries the field's error; the file lives in the Upload's list. */
  archivoDatos?: unknown;
};

/** The sandbox upload form (docs/spec-summary.md 000 §3) with the spec's messages (§8 'Sandbox'). */
function ProbarSandbox({ idUsuario }: { idUsuario: number }) {
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
          <Col xs={12} md={4}>
            <Form.Item
              name="fechaDesde"
              label="Fecha desde"
              rules={[{ required: true, message: MSG.campoRequerido('Fecha desde') }]}
            >
              <DatePicker format="DD/MM/YYYY" placeholder="dd/mm/aaaa" style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={12} md={4}>
            <Form.Item
              name="fechaHasta"
              label="Fecha hasta"
              rules={[{ required: true, message: MSG.campoRequerido('Fecha hasta') }]}
            >
              <DatePicker format="DD/MM/YYYY" placeholder="dd/mm/aaaa" style={{ width: '100%' }} />
            </Form.Item>
          </Col>
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
