import { todayIso } from '@app/domain/common/format';
import {
  CATEGORIAS_IMC_MENOR,
  edadEnMeses,
  edadTexto,
  imcMenor,
  LIMITES_IMC,
  type ResultadoImcMenor,
  type Sexo,
} from '@app/domain/herramientas/imc';
import { MSG_HERRAMIENTAS } from '@app/domain/herramientas/messages';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Col,
  DatePicker,
  Descriptions,
  Flex,
  Form,
  InputNumber,
  Radio,
  Row,
  Segmented,
  Skeleton,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { PageHeader } from '../../components/page-header.tsx';
import { herramientasKeys } from './herramientas-api.ts';
import { CategoriaTag, TablaCategorias } from './imc-ui.tsx';
import './herramientas.css';

const TITLE = 'IMC Menores';
const DATE_FORMAT = 'DD/MM/YYYY';
const L = LIMITES_IMC.menor;

type ModoEdad = 'fecha' | 'meses';
type Values = {
  sexo?: Sexo;
  modo: ModoEdad;
  fechaNacimiento?: Dayjs | null;
  fechaMedicion?: Dayjs | null;
  meses?: number | null;
  peso?: number | null;
  talla?: number | null;
};

const BANDAS = {
  MENOR_5: 'Patrones de Crecimiento Infantil de la OMS (0 a 5 años)',
  DE_5_A_19: 'Referencia de Crecimiento de la OMS 2007 (5 a 19 años)',
} as const;

const enRango = (min: number, max: number, message: string) => ({
  validator: (_: unknown, v: number | null | undefined) =>
    v === null || v === undefined || (v >= min && v <= max)
      ? Promise.resolve()
      : Promise.reject(new Error(message)),
});

function edadDe(v: Partial<Values>): number | null {
  if (v.modo === 'meses') return typeof v.meses === 'number' ? v.meses : null;
  if (!v.fechaNacimiento || !v.fechaMedicion) return null;
  return edadEnMeses(v.fechaNacimiento.format('YYYY-MM-DD'), v.fechaMedicion.format('YYYY-MM-DD'));
}

/** /imc-menores: BMI-for-age z-score and WHO category (0–19 years), with the WHO table loaded lazily. */
export default function ImcMenoresPage() {
  const [form] = Form.useForm<Values>();
  const valores = Form.useWatch((all: Partial<Values>) => all, form);
  // The WHO table (≈ 15 kB) is its own chunk, fetched only when this page opens.
  const tabla = useQuery({
    queryKey: herramientasKeys.tablaOms,
    queryFn: () => import('@app/domain/herramientas/oms-imc-lms'),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });

  const v = valores ?? { modo: 'fecha' };
  const meses = edadDe(v);
  let resultado: ResultadoImcMenor | null = null;
  if (tabla.data && v.sexo && meses !== null && typeof v.peso === 'number' && typeof v.talla === 'number') {
    const r = imcMenor({ sexo: v.sexo, meses, pesoKg: v.peso, tallaCm: v.talla }, tabla.data.OMS_IMC_LMS);
    if (!('errores' in r)) resultado = r;
  }
  const fueraDeRango = meses !== null && meses > LIMITES_IMC.mesesMax;

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
          <Card title="Datos del niño, niña o adolescente (0 a 19 años)">
            <Form
              form={form}
              layout="vertical"
              requiredMark
              initialValues={{ modo: 'fecha', fechaMedicion: dayjs(todayIso()) }}
              onFinish={() => undefined}
            >
              <Form.Item
                name="sexo"
                label="Sexo"
                rules={[{ required: true, message: MSG_HERRAMIENTAS.sexoRequerido }]}
              >
                <Radio.Group
                  options={[
                    { value: 'M', label: 'Masculino' },
                    { value: 'F', label: 'Femenino' },
                  ]}
                />
              </Form.Item>
              <Form.Item name="modo" label="Edad">
                <Segmented<ModoEdad>
                  options={[
                    { value: 'fecha', label: 'Fecha de nacimiento' },
                    { value: 'meses', label: 'Edad en meses' },
                  ]}
                />
              </Form.Item>
              {v.modo === 'meses' ? (
                <Form.Item
                  name="meses"
                  label="Edad (meses cumplidos)"
                  rules={[
                    { required: true, message: 'Ingrese la edad en meses.' },
                    enRango(LIMITES_IMC.mesesMin, LIMITES_IMC.mesesMax, MSG_HERRAMIENTAS.edadRango),
                  ]}
                  extra={typeof v.meses === 'number' && v.meses >= 0 ? edadTexto(v.meses) : undefined}
                >
                  <InputNumber min={0} precision={0} suffix="meses" style={{ width: '100%' }} />
                </Form.Item>
              ) : (
                <Row gutter={12}>
                  <Col span={12}>
                    <Form.Item
                      name="fechaNacimiento"
                      label="Fecha de nacimiento"
                      dependencies={['fechaMedicion']}
                      rules={[
                        { required: true, message: 'Ingrese la fecha de nacimiento.' },
                        ({ getFieldValue }) => ({
                          validator: (_, value: Dayjs | null) => {
                            const med = getFieldValue('fechaMedicion') as Dayjs | null;
                            if (!value || !med) return Promise.resolve();
                            if (value.isAfter(med, 'day'))
                              return Promise.reject(new Error(MSG_HERRAMIENTAS.fechaNacimientoFutura));
                            const m = edadEnMeses(value.format('YYYY-MM-DD'), med.format('YYYY-MM-DD'));
                            return m !== null && m > LIMITES_IMC.mesesMax
                              ? Promise.reject(new Error(MSG_HERRAMIENTAS.edadRango))
                              : Promise.resolve();
                          },
                        }),
                      ]}
                    >
                      <DatePicker
                        format={DATE_FORMAT}
                        style={{ width: '100%' }}
                        disabledDate={(d) => d.isAfter(dayjs(), 'day')}
                        placeholder="dd/mm/aaaa"
                      />
                    </Form.Item>
                  </Col>
                  <Col span={12}>
                    <Form.Item
                      name="fechaMedicion"
                      label="Fecha de medición"
                      rules={[{ required: true, message: 'Ingrese la fecha de medición.' }]}
                    >
                      <DatePicker format={DATE_FORMAT} style={{ width: '100%' }} placeholder="dd/mm/aaaa" />
                    </Form.Item>
                  </Col>
                </Row>
              )}
              <Row gutter={12}>
                <Col span={12}>
                  <Form.Item
                    name="peso"
                    label="Peso (kg)"
                    rules={[
                      { required: true, message: 'Ingrese el peso.' },
                      enRango(L.pesoMin, L.pesoMax, MSG_HERRAMIENTAS.pesoRango(L.pesoMin, L.pesoMax)),
                    ]}
                  >
                    <InputNumber
                      min={0}
                      step={0.1}
                      precision={2}
                      decimalSeparator=","
                      suffix="kg"
                      style={{ width: '100%' }}
                    />
                  </Form.Item>
                </Col>
                <Col span={12}>
                  <Form.Item
                    name="talla"
                    label="Talla (cm)"
                    rules={[
                      { required: true, message: 'Ingrese la talla.' },
                      enRango(L.tallaMin, L.tallaMax, MSG_HERRAMIENTAS.tallaRango(L.tallaMin, L.tallaMax)),
                    ]}
                    extra="Menores de 2 años: longitud en posición acostada."
                  >
                    <InputNumber
                      min={0}
                      step={0.5}
                      precision={1}
                      decimalSeparator=","
                      suffix="cm"
                      style={{ width: '100%' }}
                    />
                  </Form.Item>
                </Col>
              </Row>
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
            {tabla.isError && (
              <Alert
                type="error"
                showIcon
                title="No se pudo cargar la tabla de la OMS. Recargue la página."
              />
            )}
            {tabla.isPending && <Skeleton active paragraph={{ rows: 3 }} />}
            <div aria-live="polite">
              {resultado ? (
                <>
                  <Flex align="center" gap={16} wrap style={{ marginBottom: 12 }}>
                    <span className="herr-resultado">{resultado.texto}</span>
                    <Typography.Text type="secondary">kg/m²</Typography.Text>
                    <CategoriaTag categoria={resultado.categoria} grande />
                  </Flex>
                  <Descriptions
                    size="small"
                    column={1}
                    style={{ marginBottom: 12 }}
                    items={[
                      { key: 'z', label: 'Puntuación z (IMC para la edad)', children: resultado.zTexto },
                      { key: 'edad', label: 'Edad', children: edadTexto(resultado.meses) },
                      { key: 'ref', label: 'Referencia', children: BANDAS[resultado.banda] },
                    ]}
                  />
                </>
              ) : (
                tabla.data && (
                  <Typography.Paragraph type={fueraDeRango ? 'danger' : 'secondary'}>
                    {fueraDeRango
                      ? MSG_HERRAMIENTAS.edadRango
                      : 'Ingrese sexo, edad, peso y talla para calcular el IMC para la edad.'}
                  </Typography.Paragraph>
                )
              )}
            </div>
            <TablaCategorias
              categorias={
                CATEGORIAS_IMC_MENOR[
                  resultado?.banda ?? (meses !== null && meses > 60 ? 'DE_5_A_19' : 'MENOR_5')
                ]
              }
              actual={resultado?.categoria.codigo}
              tituloRango="Puntuación z"
            />
            <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
              z = ((IMC / M)^L − 1) / (L · S), con los parámetros L, M y S de la OMS para el sexo y la edad
              (interpolados entre meses); más allá de ±3 se aplica el ajuste de la OMS.{' '}
              {tabla.data?.FUENTE_OMS_IMC}
            </Typography.Paragraph>
          </Card>
        </Col>
      </Row>
    </>
  );
}
