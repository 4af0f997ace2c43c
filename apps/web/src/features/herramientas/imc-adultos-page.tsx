import {
  CATEGORIAS_IMC_ADULTO,
  imcAdulto,
  LIMITES_IMC,
  type ResultadoImcAdulto,
} from '@app/domain/herramientas/imc';
import { MSG_HERRAMIENTAS } from '@app/domain/herramientas/messages';
import { Button, Card, Col, Flex, Form, InputNumber, Row, Typography } from 'antd';
import { PageHeader } from '../../components/page-header.tsx';
import { CategoriaTag, TablaCategorias } from './imc-ui.tsx';
import './herramientas.css';

const TITLE = 'IMC Adultos';
const L = LIMITES_IMC.adulto;

type Values = { peso?: number | null; talla?: number | null };

const enRango = (min: number, max: number, message: string) => ({
  validator: (_: unknown, v: number | null | undefined) =>
    v === null || v === undefined || (v >= min && v <= max)
      ? Promise.resolve()
      : Promise.reject(new Error(message)),
});

/** /imc-adultos: body-mass index and WHO adult category, recalculated as the user types. */
export default function ImcAdultosPage() {
  const [form] = Form.useForm<Values>();
  const peso = Form.useWatch('peso', form);
  const talla = Form.useWatch('talla', form);
  const calculado = typeof peso === 'number' && typeof talla === 'number' ? imcAdulto(peso, talla) : null;
  const resultado: ResultadoImcAdulto | null = calculado && !('errores' in calculado) ? calculado : null;

  return (
    <>
      <PageHeader
        title={TITLE}
        breadcrumb={[
          { title: 'Inicio', href: '/MenuPrincipal' },
          { title: 'Herramientas' },
          { title: TITLE },
        ]}
      />
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={10}>
          <Card title="Datos del paciente (18 años o más)">
            <Form form={form} layout="vertical" requiredMark onFinish={() => undefined}>
              <Form.Item
                name="peso"
                label="Peso (kg)"
                rules={[
                  { required: true, message: 'Ingrese el peso.' },
                  enRango(L.pesoMin, L.pesoMax, MSG_HERRAMIENTAS.pesoRango(L.pesoMin, L.pesoMax)),
                ]}
              >
                <InputNumber
                  autoFocus
                  min={0}
                  step={0.1}
                  precision={1}
                  decimalSeparator=","
                  suffix="kg"
                  style={{ width: '100%' }}
                  placeholder="70,5"
                />
              </Form.Item>
              <Form.Item
                name="talla"
                label="Talla (cm)"
                rules={[
                  { required: true, message: 'Ingrese la talla.' },
                  enRango(L.tallaMin, L.tallaMax, MSG_HERRAMIENTAS.tallaRango(L.tallaMin, L.tallaMax)),
                ]}
              >
                <InputNumber
                  min={0}
                  step={0.5}
                  precision={1}
                  decimalSeparator=","
                  suffix="cm"
                  style={{ width: '100%' }}
                  placeholder="168"
                />
              </Form.Item>
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
          <Card title="Resultado">
            <div aria-live="polite">
              {resultado ? (
                <Flex align="center" gap={16} wrap style={{ marginBottom: 16 }}>
                  <span className="herr-resultado">{resultado.texto}</span>
                  <Typography.Text type="secondary">kg/m²</Typography.Text>
                  <CategoriaTag categoria={resultado.categoria} grande />
                </Flex>
              ) : (
                <Typography.Paragraph type="secondary">
                  Ingrese el peso y la talla para calcular el índice de masa corporal.
                </Typography.Paragraph>
              )}
            </div>
            <TablaCategorias
              categorias={CATEGORIAS_IMC_ADULTO}
              actual={resultado?.categoria.codigo}
              tituloRango="IMC (kg/m²)"
            />
            <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
              IMC = peso (kg) / talla (m)². Clasificación de la Organización Mundial de la Salud para adultos;
              se clasifica el valor redondeado a un decimal que se muestra. Para menores de 19 años use IMC
              Menores.
            </Typography.Paragraph>
          </Card>
        </Col>
      </Row>
    </>
  );
}
