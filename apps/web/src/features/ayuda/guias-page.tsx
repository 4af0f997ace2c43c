import { Card, Steps, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '../../components/page-header.tsx';
import { useSession } from '../../lib/use-session.ts';
import { GUIAS, type Guia, guiaDePerfil } from './contenido.ts';
import './ayuda.css';

const TITLE = 'Guías de Inicio Rápido';

/** One guide: its steps as a checklist (clicking a step marks the previous ones as done). */
function GuiaPasos({ guia }: { guia: Guia }) {
  const [actual, setActual] = useState(0);
  return (
    <>
      <Typography.Paragraph className="ayuda-texto">{guia.intro}</Typography.Paragraph>
      <Steps
        orientation="vertical"
        current={actual}
        onChange={setActual}
        // Every step stays readable (antd greys the pending ones, below AA for body text).
        items={guia.pasos.map((p) => ({
          title: <span className="ayuda-paso-titulo">{p.titulo}</span>,
          content: <span className="ayuda-paso-texto">{p.texto}</span>,
        }))}
      />
    </>
  );
}

/** /guias: a short step-by-step guide per profile; the user's own profile opens first (?tab= keeps it). */
export default function GuiasPage() {
  const session = useSession();
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = searchParams.get('tab');
  const activo = GUIAS.some((g) => g.key === tab) ? tab! : guiaDePerfil(session?.usuario.idPerfil).key;

  return (
    <>
      <PageHeader
        title={TITLE}
        breadcrumb={[{ title: 'Inicio', href: '/MenuPrincipal' }, { title: 'Ayuda' }, { title: TITLE }]}
      />
      <Card>
        <Tabs
          activeKey={activo}
          onChange={(k) => setSearchParams({ tab: k }, { replace: true })}
          items={GUIAS.map((g) => ({ key: g.key, label: g.titulo, children: <GuiaPasos guia={g} /> }))}
        />
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
          Más detalles en las <Link to="/faq">Preguntas Frecuentes</Link> y en el{' '}
          <Link to="/manual-datos">Manual técnico del archivo de datos</Link>.
        </Typography.Paragraph>
      </Card>
    </>
  );
}
