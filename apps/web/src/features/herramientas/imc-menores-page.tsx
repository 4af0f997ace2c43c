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
  Col,
  DatePicker,
  Descriptions,
  Form,
  InputNumber,
  Radio,
  Row,
  Segmented,
  Skeleton,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { herramientasKeys } from './herramientas-api.ts';
import { enRango, ImcPagina, MedidaItem, TablaCategorias, ValorImc } from './imc-ui.tsx';

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
    <ImcPagina
      title="IMC Menores"
      tituloDatos="Datos del niño, niña o adolescente (0 a 19 años)"
      form={form}
      initialValues={{ modo: 'fecha', fechaMedicion: dayjs(todayIso()) }}
      campos={
        <>
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
              <MedidaItem medida="peso" limites={L} precision={2} />
            </Col>
            <Col span={12}>
              <MedidaItem
                medida="talla"
                limites={L}
                precision={1}
                extra="Menores de 2 años: longitud en posición acostada."
              />
            </Col>
          </Row>
        </>
      }
      resultado={
        <>
          {tabla.isError && (
            <Alert type="error" showIcon title="No se pudo cargar la tabla de la OMS. Recargue la página." />
          )}
          {tabla.isPending && <Skeleton active paragraph={{ rows: 3 }} />}
          <div aria-live="polite">
            {resultado ? (
              <>
                <ValorImc resultado={resultado} marginBottom={12} />
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
        </>
      }
    />
  );
}
