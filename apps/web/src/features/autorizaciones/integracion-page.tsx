import { ApiOutlined } from '@ant-design/icons';
import { MSG_INTEGRACION } from '@app/domain/integracion/messages';
import { MSG } from '@app/domain/messages';
import { Button, Card, Col, Descriptions, Result, Row, Typography } from 'antd';
import { Link } from 'react-router';
import { PageHeader } from '../../components/page-header.tsx';
import { useSession } from '../../lib/use-session.ts';
import { EJEMPLO_JSON, ejemploCurl } from './autorizacion-rules.ts';
import { Tokens } from './integracion-tokens.tsx';
import { ProbarSandbox } from './probar-sandbox.tsx';

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
