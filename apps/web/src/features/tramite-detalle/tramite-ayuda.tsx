import { QuestionCircleOutlined } from '@ant-design/icons';
import type { EstadoTramite } from '@app/domain/tramites/workflow';
import { Button, Flex, Popover, Typography } from 'antd';
import { Link } from 'react-router';
import { StateTag } from '../../components/state-tag.tsx';
import { AYUDA_ESTADOS, ROL_TITULO, rolAyuda } from '../ayuda/ayuda-tramite.ts';
import { guiaDePerfil } from '../ayuda/contenido.ts';

/**
 * The help icon of the procedure page's header (docs/spec-summary.md 000 §2): what the procedure's state means, what
 * the user's profile does next, and the quick-start guide of that profile.
 */
export function TramiteAyuda({ estado, idPerfil }: { estado: string; idPerfil: number }) {
  const ayuda = AYUDA_ESTADOS[estado as EstadoTramite];
  const rol = rolAyuda(idPerfil);
  const guia = guiaDePerfil(idPerfil);
  const content = (
    <Flex vertical gap={8} style={{ maxWidth: 380 }}>
      {ayuda ? (
        <>
          <Typography.Text>
            <StateTag state={estado} /> {ayuda.significa}
          </Typography.Text>
          <div>
            <Typography.Text strong>Qué hacer ahora ({ROL_TITULO[rol]})</Typography.Text>
            <Typography.Paragraph style={{ margin: 0 }}>{ayuda[rol]}</Typography.Paragraph>
          </div>
        </>
      ) : (
        <Typography.Text>Estado {estado}.</Typography.Text>
      )}
      <Typography.Text type="secondary">
        Más ayuda: <Link to={`/guias?tab=${guia.key}`}>Guía {guia.titulo}</Link> ·{' '}
        <Link to="/faq">Preguntas Frecuentes</Link>
      </Typography.Text>
    </Flex>
  );
  return (
    <Popover title="Ayuda del trámite" content={content} trigger="click" placement="bottomLeft">
      <Button
        type="text"
        shape="circle"
        icon={<QuestionCircleOutlined />}
        aria-label="Ayuda del trámite"
        data-tour="tramite-ayuda"
      />
    </Popover>
  );
}
