import { CompassOutlined } from '@ant-design/icons';
import { recorridoDePerfil } from '@app/domain/herramientas/preferencias';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Flex, Row, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/page-header.tsx';
import { useSession } from '../../../lib/use-session.ts';
import { preferenciasApi, preferenciasKeys } from './preferencias-api.ts';
import { iniciarRecorrido } from './recorrido-store.ts';
import { pasosDe, type RecorridoDef, recorridosDePerfil } from './recorridos.ts';
import '../ayuda.css';

const TITLE = 'Recorridos guiados';

function RecorridoCard({
  def,
  idPerfil,
  completado,
  principal,
}: {
  def: RecorridoDef;
  idPerfil: number;
  completado: boolean;
  principal: boolean;
}) {
  const pasos = pasosDe(def, idPerfil);
  const accion = completado ? 'Repetir recorrido' : 'Iniciar recorrido';
  return (
    <Card
      style={{ height: '100%' }}
      title={
        <Flex gap={8} align="center" wrap>
          <Typography.Title level={2} style={{ fontSize: 16, margin: 0 }}>
            {def.titulo}
          </Typography.Title>
          {completado && (
            <Tag color="green" style={{ marginInlineEnd: 0 }}>
              Completado
            </Tag>
          )}
        </Flex>
      }
      actions={[
        <Button
          key="iniciar"
          type={principal ? 'primary' : 'default'}
          icon={<CompassOutlined aria-hidden />}
          // The visible words first, then which tour (WCAG 2.5.3: the label contains the text).
          aria-label={`${accion}: ${def.titulo}`}
          onClick={() => iniciarRecorrido(def.key)}
        >
          {accion}
        </Button>,
      ]}
    >
      <Typography.Paragraph>{def.descripcion}</Typography.Paragraph>
      <Typography.Text type="secondary">{pasos.length} pasos</Typography.Text>
      <ol className="recorrido-pasos" aria-label={`Pasos de ${def.titulo}`}>
        {pasos.map((p) => (
          <li key={p.titulo}>{p.titulo}</li>
        ))}
      </ol>
    </Card>
  );
}

/**
 * /recorridos (and /videotutorial, the route of the page it replaces): the guided tours of the user's profile,
 * each started here and walked on the real screens (decision 58).
 */
export default function RecorridosPage() {
  const session = useSession();
  const idPerfil = session?.usuario.idPerfil ?? 0;
  const idUsuario = session?.usuario.idUsuario ?? 0;
  const prefs = useQuery({
    queryKey: preferenciasKeys.de(idUsuario),
    queryFn: ({ signal }) => preferenciasApi.get(signal),
    enabled: idUsuario > 0,
  });
  const completados = prefs.data?.recorridosCompletados ?? [];
  const propio = recorridoDePerfil(idPerfil);
  const lista = recorridosDePerfil(idPerfil).sort(
    (a, b) => Number(b.key === propio) - Number(a.key === propio),
  );

  return (
    <>
      <PageHeader
        title={TITLE}
        breadcrumb={[{ title: 'Inicio', href: '/MenuPrincipal' }, { title: 'Ayuda' }, { title: TITLE }]}
      />
      <Typography.Paragraph className="ayuda-texto">
        Cada recorrido le lleva paso a paso por las pantallas reales de la aplicación y le señala dónde está
        cada cosa; no cambia ningún dato. Avance con «Siguiente» (o las flechas del teclado) y salga cuando
        quiera con la X o Esc. Las mismas tareas, por escrito, están en las{' '}
        <Link to="/guias">Guías de Inicio Rápido</Link>.
      </Typography.Paragraph>
      <Row gutter={[24, 24]} data-tour="recorridos-lista">
        {lista.map((def) => (
          <Col key={def.key} xs={24} lg={12}>
            <RecorridoCard
              def={def}
              idPerfil={idPerfil}
              completado={completados.includes(def.key)}
              principal={def.key === propio}
            />
          </Col>
        ))}
      </Row>
    </>
  );
}
