import { Alert, Card, Collapse, Flex, Tag, Typography } from 'antd';
import { PageHeader } from '../../components/PageHeader.tsx';
import { TUTORIALES } from './contenido.ts';
import './ayuda.css';

const TITLE = 'Videotutoriales';

/** /videotutorial: tutorial topics with their written steps; no external video hosting. */
export default function VideotutorialPage() {
  return (
    <>
      <PageHeader
        title={TITLE}
        breadcrumb={[{ title: 'Inicio', href: '/MenuPrincipal' }, { title: 'Ayuda' }, { title: TITLE }]}
      />
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title="Los videos no están disponibles sin conexión"
        description="Esta instalación funciona sin conexión a Internet y no usa servicios externos de video. Cada tema tiene sus pasos escritos; sígalos con la aplicación abierta en otra pestaña."
      />
      <Card>
        <Collapse
          defaultActiveKey={[TUTORIALES[0].key]}
          items={TUTORIALES.map((t) => ({
            key: t.key,
            label: (
              <Flex justify="space-between" gap={8} wrap>
                <span>{t.titulo}</span>
                <Flex gap={4}>
                  <Tag style={{ marginInlineEnd: 0 }}>{t.duracion}</Tag>
                  <Tag style={{ marginInlineEnd: 0 }}>Video no disponible sin conexión</Tag>
                </Flex>
              </Flex>
            ),
            children: (
              <Typography.Paragraph className="ayuda-texto" style={{ margin: 0 }}>
                <ol style={{ margin: 0 }}>
                  {t.pasos.map((p) => (
                    <li key={p}>{p}</li>
                  ))}
                </ol>
              </Typography.Paragraph>
            ),
          }))}
        />
      </Card>
    </>
  );
}
