import type { BloqueManual, ManualDatos } from '@app/domain/herramientas/manual-datos';
import { Card, Table, Typography } from 'antd';
import './ayuda.css';

type Fila = { key: number; celdas: readonly string[] };

const LINEAS_ABIERTAS = 20;

function Bloque({ b }: { b: BloqueManual }) {
  switch (b.tipo) {
    case 'parrafo':
      return <Typography.Paragraph className="ayuda-texto">{b.texto}</Typography.Paragraph>;
    case 'nota':
      return (
        <Typography.Paragraph className="ayuda-texto" type="secondary">
          {b.texto}
        </Typography.Paragraph>
      );
    case 'lista': {
      const items = b.items.map((t) => <li key={t}>{t}</li>);
      return (
        <Typography.Paragraph className="ayuda-texto">
          {b.ordenada ? <ol>{items}</ol> : <ul>{items}</ul>}
        </Typography.Paragraph>
      );
    }
    case 'tabla': {
      const total = b.columnas.reduce((acc, c) => acc + (c.ancho ?? 1), 0);
      return (
        <Table<Fila>
          size="small"
          pagination={false}
          bordered
          tableLayout="fixed"
          style={{ marginBottom: 16, maxWidth: b.columnas.length > 2 ? undefined : 720 }}
          scroll={{ x: b.columnas.length > 2 ? 960 : undefined }}
          dataSource={b.filas.map((celdas, key) => ({ key, celdas }))}
          columns={b.columnas.map((c, i) => ({
            key: String(i),
            title: c.titulo,
            width: `${(((c.ancho ?? 1) / total) * 100).toFixed(1)}%`,
            render: (_: unknown, f: Fila) =>
              c.mono ? <span className="manual-mono">{f.celdas[i]}</span> : f.celdas[i],
            onCell: () => ({ style: { verticalAlign: 'top', overflowWrap: 'anywhere' } }),
          }))}
        />
      );
    }
    case 'codigo': {
      const pre = (
        <pre className="manual-codigo" style={{ marginTop: 6 }}>
          {b.texto}
        </pre>
      );
      const copiar = <Typography.Text copyable={{ text: b.texto, tooltips: ['Copiar', 'Copiado'] }} />;
      // Long examples start folded (native <details>: keyboard and screen-reader friendly).
      if (b.texto.split('\n').length > LINEAS_ABIERTAS) {
        return (
          <details className="manual-ejemplo" style={{ marginBottom: 16 }}>
            <summary>
              {b.titulo} ({b.texto.trimEnd().split('\n').length} líneas)
            </summary>
            {copiar} Copiar el ejemplo
            {pre}
          </details>
        );
      }
      return (
        <div style={{ marginBottom: 16 }}>
          <Typography.Text strong>{b.titulo}</Typography.Text> {copiar}
          {pre}
        </div>
      );
    }
  }
}

/** A stable key for a block of a section (blocks carry no ids). */
function claveBloque(b: BloqueManual): string {
  if (b.tipo === 'tabla') return `tabla:${b.columnas[0]?.titulo}:${b.filas[0]?.[0]}`;
  if (b.tipo === 'lista') return `lista:${b.items[0]}`;
  if (b.tipo === 'codigo') return `codigo:${b.titulo}`;
  return `${b.tipo}:${b.texto}`;
}

/** The manual's document model on screen (the PDF renders the same model with pdfmake). */
export function ManualView({ manual }: { manual: ManualDatos }) {
  return (
    <>
      <Card size="small" title="Contenido" style={{ marginBottom: 16 }}>
        <ol className="manual-indice">
          {manual.secciones.map((s) => (
            <li key={s.id}>
              <a href={`#${s.id}`}>{s.titulo.replace(/^\d+\.\s*/, '')}</a>
            </li>
          ))}
        </ol>
      </Card>
      {manual.secciones.map((s) => (
        <section key={s.id} id={s.id} className="manual-seccion" aria-labelledby={`${s.id}-titulo`}>
          <Typography.Title level={2} id={`${s.id}-titulo`} style={{ fontSize: 18, marginTop: 24 }}>
            {s.titulo}
          </Typography.Title>
          {s.bloques.map((b) => (
            <Bloque key={claveBloque(b)} b={b} />
          ))}
        </section>
      ))}
    </>
  );
}
