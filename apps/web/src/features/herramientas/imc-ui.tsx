import type { CategoriaImc } from '@app/domain/herramientas/imc';
import { MSG_HERRAMIENTAS } from '@app/domain/herramientas/messages';
import {
  Button,
  Card,
  Col,
  Flex,
  Form,
  type FormInstance,
  InputNumber,
  Row,
  Table,
  Tag,
  Typography,
} from 'antd';
import type { ReactNode } from 'react';

import { STATE_TAG_COLORS, type StateColor } from '../../components/states.ts';
import { HerramientaHeader } from './herramienta-header.tsx';
import './herramientas.css';

type ResultadoImc = { texto: string; categoria: CategoriaImc };

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

/** A number field's range rule (an empty field is the 'required' rule's business). */
export const enRango = (min: number, max: number, message: string) => ({
  validator: (_: unknown, v: number | null | undefined) =>
    v === null || v === undefined || (v >= min && v <= max)
      ? Promise.resolve()
      : Promise.reject(new Error(message)),
});

type Limites = { pesoMin: number; pesoMax: number; tallaMin: number; tallaMax: number };

const MEDIDAS = {
  peso: {
    label: 'Peso (kg)',
    requerido: 'Ingrese el peso.',
    suffix: 'kg',
    step: 0.1,
    rango: (L: Limites) => enRango(L.pesoMin, L.pesoMax, MSG_HERRAMIENTAS.pesoRango(L.pesoMin, L.pesoMax)),
  },
  talla: {
    label: 'Talla (cm)',
    requerido: 'Ingrese la talla.',
    suffix: 'cm',
    step: 0.5,
    rango: (L: Limites) =>
      enRango(L.tallaMin, L.tallaMax, MSG_HERRAMIENTAS.tallaRango(L.tallaMin, L.tallaMax)),
  },
} as const;

/** 'Peso (kg)' or 'Talla (cm)': required, within the page's range. */
export function MedidaItem({
  medida,
  limites,
  precision,
  autoFocus,
  placeholder,
  extra,
}: {
  medida: keyof typeof MEDIDAS;
  limites: Limites;
  precision: number;
  autoFocus?: boolean;
  placeholder?: string;
  extra?: string;
}) {
  const m = MEDIDAS[medida];
  return (
    <Form.Item
      name={medida}
      label={m.label}
      rules={[{ required: true, message: m.requerido }, m.rango(limites)]}
      extra={extra}
    >
      <InputNumber
        autoFocus={autoFocus}
        min={0}
        step={m.step}
        precision={precision}
        decimalSeparator=","
        suffix={m.suffix}
        style={{ width: '100%' }}
        placeholder={placeholder}
      />
    </Form.Item>
  );
}

/** The index, its unit and its category, large. */
export function ValorImc({ resultado, marginBottom }: { resultado: ResultadoImc; marginBottom: number }) {
  return (
    <Flex align="center" gap={16} wrap style={{ marginBottom }}>
      <span className="herr-resultado">{resultado.texto}</span>
      <Typography.Text type="secondary">kg/m²</Typography.Text>
      <CategoriaTag categoria={resultado.categoria} grande />
    </Flex>
  );
}

/**
 * The frame of both BMI pages: the header, the patient's data (the fields, then 'Calcular' and
 * 'Limpiar'; the result follows the fields as they change) and the result card.
 */
export function ImcPagina<V extends object>({
  title,
  tituloDatos,
  form,
  initialValues,
  campos,
  resultado,
}: {
  title: string;
  tituloDatos: string;
  form: FormInstance<V>;
  initialValues?: Partial<V>;
  campos: ReactNode;
  resultado: ReactNode;
}) {
  return (
    <>
      <HerramientaHeader title={title} />
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={10}>
          <Card title={tituloDatos}>
            <Form
              form={form}
              layout="vertical"
              requiredMark
              initialValues={initialValues}
              onFinish={() => undefined}
            >
              {campos}
              <Flex gap={8}>
                <Button type="primary" htmlType="submit">
                  Calcular
                </Button>
                <Button onClick={() => form.resetFields()}>Limpiar</Button>
              </Flex>
            </Form>
          </Card>
        </Col>
        <Col xs={24} lg={14}>
          <Card title="Resultado">{resultado}</Card>
        </Col>
      </Row>
    </>
  );
}
