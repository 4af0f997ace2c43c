import {
  CATEGORIAS_IMC_ADULTO,
  imcAdulto,
  LIMITES_IMC,
  type ResultadoImcAdulto,
} from '@app/domain/herramientas/imc';
import { Form, Typography } from 'antd';
import { ImcPagina, MedidaItem, TablaCategorias, ValorImc } from './imc-ui.tsx';

const L = LIMITES_IMC.adulto;

type Values = { peso?: number | null; talla?: number | null };

/** /imc-adultos: body-mass index and WHO adult category, recalculated as the user types. */
export default function ImcAdultosPage() {
  const [form] = Form.useForm<Values>();
  const peso = Form.useWatch('peso', form);
  const talla = Form.useWatch('talla', form);
  const calculado = typeof peso === 'number' && typeof talla === 'number' ? imcAdulto(peso, talla) : null;
  const resultado: ResultadoImcAdulto | null = calculado && !('errores' in calculado) ? calculado : null;

  return (
    <ImcPagina
      title="IMC Adultos"
      tituloDatos="Datos del paciente (18 años o más)"
      form={form}
      campos={
        <>
          <MedidaItem medida="peso" limites={L} precision={1} autoFocus placeholder="70,5" />
          <MedidaItem medida="talla" limites={L} precision={1} placeholder="168" />
        </>
      }
      resultado={
        <>
          <div aria-live="polite">
            {resultado ? (
              <ValorImc resultado={resultado} marginBottom={16} />
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
        </>
      }
    />
  );
}
