import { foldText } from '@app/domain/common/text';
import { Card, Collapse, Empty, Input, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../../components/page-header.tsx';
import { PREGUNTAS } from './contenido.ts';
import './ayuda.css';

const TITLE = 'Preguntas Frecuentes';

/** /faq: questions and answers about the product, filtered as the user types (accents and case ignored). */
export default function FaqPage() {
  const [texto, setTexto] = useState('');
  const filtro = foldText(texto);
  const visibles = filtro
    ? PREGUNTAS.filter((p) => foldText(`${p.pregunta} ${p.respuesta}`).includes(filtro))
    : PREGUNTAS;

  return (
    <>
      <PageHeader
        title={TITLE}
        breadcrumb={[{ title: 'Inicio', href: '/MenuPrincipal' }, { title: 'Ayuda' }, { title: TITLE }]}
      />
      <Card>
        <Input.Search
          aria-label="Buscar en las preguntas frecuentes"
          placeholder="Buscar (por ejemplo: contraseña, CSV, novedad)"
          allowClear
          value={texto}
          onChange={(e) => setTexto(e.target.value)}
          style={{ maxWidth: 420, marginBottom: 16 }}
        />
        {visibles.length === 0 ? (
          <Empty description="No se encontraron preguntas." />
        ) : (
          <Collapse
            items={visibles.map((p) => ({
              key: p.key,
              label: p.pregunta,
              children: (
                <Typography.Paragraph className="ayuda-texto" style={{ margin: 0 }}>
                  {p.respuesta}
                </Typography.Paragraph>
              ),
            }))}
          />
        )}
        <Typography.Paragraph type="secondary" style={{ marginTop: 16, marginBottom: 0 }}>
          ¿No encontró su respuesta? Revise las <Link to="/guias">Guías de Inicio Rápido</Link> o el{' '}
          <Link to="/manual-datos">Manual técnico del archivo de datos</Link>.
        </Typography.Paragraph>
      </Card>
    </>
  );
}
