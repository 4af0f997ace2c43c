import { AuditOutlined, RightOutlined, SettingOutlined } from '@ant-design/icons';
import { type HomeCard, homeCards, type Modulo } from '@app/domain';
import { Alert, Button, Card, Col, Empty, Flex, Row, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { PageHeader } from '../../components/page-header.tsx';
import { updateSession } from '../../lib/session.ts';
import { useSession } from '../../lib/use-session.ts';

const CARD_ICONS: Record<string, ReactNode> = {
  administracion: <SettingOutlined />,
  auditoria: <AuditOutlined />,
};

const CARD_TEXT: Record<string, string> = {
  administracion: 'Usuarios, empresas, suscripciones y catálogos del sistema.',
  auditoria: 'Trámites, cargas de atenciones y su revisión médica y documental.',
};

/** Entering a module sets the session's area, which decides the side menu. */
const enterModule = (modulo: Modulo) => updateSession({ modulo });

function ModuleCard({ card }: { card: HomeCard }) {
  const navigate = useNavigate();
  const first = card.links[0]?.route ?? '/MenuPrincipal';
  const open = () => {
    enterModule(card.modulo);
    navigate(first);
  };
  return (
    <Card
      data-tour={`modulo-${card.key}`}
      hoverable
      onClick={open}
      style={{ height: '100%' }}
      title={
        <Flex gap={8} align="center">
          <span aria-hidden style={{ fontSize: 20, color: '#1668dc' }}>
            {CARD_ICONS[card.key]}
          </span>
          <Typography.Title level={2} style={{ fontSize: 18, margin: 0 }}>
            {card.title}
          </Typography.Title>
        </Flex>
      }
      actions={[
        <Button
          key="ingresar"
          type="link"
          onClick={(e) => {
            e.stopPropagation();
            open();
          }}
        >
          Ingresar <RightOutlined aria-hidden />
        </Button>,
      ]}
    >
      {CARD_TEXT[card.key] && (
        <Typography.Paragraph type="secondary">{CARD_TEXT[card.key]}</Typography.Paragraph>
      )}
      <ul style={{ margin: 0, paddingInlineStart: 20 }} aria-label={`Opciones de ${card.title}`}>
        {card.links.map((l) => (
          <li key={l.route}>
            <Link
              to={l.route}
              onClick={(e) => {
                e.stopPropagation();
                enterModule(card.modulo);
              }}
            >
              {l.label}
            </Link>
          </li>
        ))}
      </ul>
    </Card>
  );
}

/** /MenuPrincipal: the module chooser of docs/spec-summary.md 000 "Home / module chooser". */
export default function MainMenuPage() {
  const session = useSession();
  if (!session) return null;
  const cards = homeCards(session.usuario);
  const { usuario } = session;

  return (
    <>
      <PageHeader title="Menú principal" breadcrumb={[{ title: 'Inicio' }]} />
      <Typography.Paragraph>
        Bienvenido(a), <strong>{usuario.personaNombre ?? usuario.nombre}</strong>. Elija el módulo con el que
        desea trabajar.
      </Typography.Paragraph>
      {cards.length === 0 ? (
        <Empty description="Su perfil no tiene módulos habilitados. Comuníquese con el administrador." />
      ) : (
        <Row gutter={[24, 24]}>
          {cards.map((c) => (
            <Col key={c.key} xs={24} md={12} xl={8}>
              <ModuleCard card={c} />
            </Col>
          ))}
        </Row>
      )}
      <Alert
        type="info"
        showIcon
        title="Use el menú lateral para acceder a las demás opciones."
        style={{ marginTop: 24, maxWidth: 640 }}
      />
    </>
  );
}
