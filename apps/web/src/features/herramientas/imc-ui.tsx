import type { CategoriaImc } from '@app/domain/herramientas/imc';
import { Table, Tag } from 'antd';
import { STATE_TAG_COLORS, type StateColor } from '../../components/states.ts';

const COLOR: Record<CategoriaImc['nivel'], StateColor> = {
  bajo: 'gold',
  normal: 'green',
  alto: 'orange',
  'muy-alto': 'red',
};

/** A BMI category as a coloured tag that always carries its word (AA text shades of StateTag). */
export function CategoriaTag({ categoria, grande }: { categoria: CategoriaImc; grande?: boolean }) {
  const color = COLOR[categoria.nivel];
  return (
    <Tag
      color={color}
      style={{
        color: STATE_TAG_COLORS[color].text,
        marginInlineEnd: 0,
        ...(grande ? { fontSize: 16, lineHeight: '28px', paddingInline: 12 } : {}),
      }}
    >
      {categoria.nombre}
    </Tag>
  );
}

/** The WHO bands, the current one highlighted (and marked in words for screen readers). */
export function TablaCategorias({
  categorias,
  actual,
  tituloRango,
}: {
  categorias: readonly CategoriaImc[];
  actual?: string;
  tituloRango: string;
}) {
  return (
    <Table
      size="small"
      pagination={false}
      rowKey="codigo"
      dataSource={categorias as CategoriaImc[]}
      rowClassName={(c) => (c.codigo === actual ? 'herr-fila-actual' : '')}
      columns={[
        {
          key: 'categoria',
          title: 'Categoría (OMS)',
          render: (_: unknown, c) => (
            <>
              <CategoriaTag categoria={c} />
              {c.codigo === actual && <span className="herr-sr"> (resultado actual)</span>}
            </>
          ),
        },
        { key: 'rango', title: tituloRango, dataIndex: 'rango' },
      ]}
    />
  );
}
