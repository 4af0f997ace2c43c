import { ATRIBUCIONES, PRODUCTO } from '@app/domain/herramientas/acerca';
import { Card, Descriptions, Table, Typography } from 'antd';
import { Link } from 'react-router';
import { PageHeader } from '../../components/page-header.tsx';
import './ayuda.css';

const TITLE = 'Acerca de';

/** /acerca-de: product, version, and the licences and attributions of the data it ships. */
export default function AcercaDePage() {
  return (
    <>
      <PageHeader
        title={TITLE}
        breadcrumb={[{ title: 'Inicio', href: '/MenuPrincipal' }, { title: 'Ayuda' }, { title: TITLE }]}
      />
      <Card style={{ marginBottom: 16 }}>
        <Descriptions
          column={1}
          items={[
            { key: 'producto', label: 'Producto', children: PRODUCTO.nombre },
            { key: 'version', label: 'Versión', children: PRODUCTO.version },
            { key: 'descripcion', label: 'Descripción', children: PRODUCTO.descripcion },
            {
              key: 'ayuda',
              label: 'Ayuda',
              children: (
                <span>
                  <Link to="/guias">Guías de Inicio Rápido</Link> ·{' '}
                  <Link to="/faq">Preguntas Frecuentes</Link> ·{' '}
                  <Link to="/recorridos">Recorridos guiados</Link> ·{' '}
                  <Link to="/manual-datos">Manual técnico del archivo de datos</Link>
                </span>
              ),
            },
          ]}
        />
      </Card>
      <Card title="Licencias y atribuciones">
        <Table
          size="small"
          pagination={false}
          rowKey="nombre"
          dataSource={ATRIBUCIONES as (typeof ATRIBUCIONES)[number][]}
          tableLayout="fixed"
          columns={[
            { key: 'nombre', title: 'Datos', dataIndex: 'nombre', width: '20%' },
            { key: 'uso', title: 'Uso en el producto', dataIndex: 'uso', width: '25%' },
            {
              key: 'autor',
              title: 'Fuente',
              dataIndex: 'autor',
              width: '38%',
              render: (autor: string, a) => (
                <>
                  {autor}
                  {a.url && (
                    <>
                      {' '}
                      <Typography.Link
                        href={a.url}
                        target="_blank"
                        rel="noreferrer"
                        style={{ wordBreak: 'break-all' }}
                      >
                        {a.url}
                      </Typography.Link>
                    </>
                  )}
                </>
              ),
            },
            { key: 'licencia', title: 'Licencia', dataIndex: 'licencia', width: '17%' },
          ]}
        />
        <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
          El producto se construye con bibliotecas de código abierto (React, Ant Design, Fastify, PostgreSQL,
          pdfmake, entre otras), cada una bajo su propia licencia.
        </Typography.Paragraph>
      </Card>
    </>
  );
}
