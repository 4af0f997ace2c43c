import { describe, expect, it } from 'vitest';
import {
  bandaEdad,
  CATEGORIAS_IMC_ADULTO,
  CATEGORIAS_IMC_MENOR,
  calcularImc,
  categoriaImcAdulto,
  categoriaImcMenor,
  edadEnMeses,
  edadTexto,
  formatImc,
  formatZ,
  imcAdulto,
  imcMenor,
  lmsParaEdad,
  valorParaZ,
  zScoreLms,
} from './imc.ts';
import { FUENTE_OMS_IMC, OMS_IMC_LMS } from './oms-imc-lms.ts';

/*
 * Tolerance. The WHO publishes its z-score tables as BMI values rounded to 0,1 kg/m². Around those
 * values dz/dBMI is at most about 0,8 per kg/m² (1 / (M·S) for the youngest rows), so a published
 * value is off by up to 0,05 kg/m² → up to 0,04 z. We therefore accept |z − expected| ≤ 0,05 when
 * checking against published figures. Round trips through our own LMS arithmetic must agree to 1e-9.
 */
const TOL_PUBLICADO = 0.05;

const lms = (sexo: 'M' | 'F', meses: number) => lmsParaEdad(OMS_IMC_LMS, sexo, meses)!;

describe('adult BMI (WHO categories)', () => {
  it('computes weight / height² and formats it with one decimal comma', () => {
    expect(calcularImc(70, 175)).toBeCloseTo(22.857, 3);
    expect(formatImc(calcularImc(70, 175)!)).toBe('22,9');
    expect(formatImc(18.449)).toBe('18,4');
    expect(calcularImc(0, 170)).toBeNull();
    expect(calcularImc(70, Number.NaN)).toBeNull();
  });

  it.each([
    [18.4, 'BAJO_PESO'],
    [18.5, 'NORMAL'],
    [24.9, 'NORMAL'],
    [25, 'SOBREPESO'],
    [29.9, 'SOBREPESO'],
    [30, 'OBESIDAD_I'],
    [34.9, 'OBESIDAD_I'],
    [35, 'OBESIDAD_II'],
    [39.9, 'OBESIDAD_II'],
    [40, 'OBESIDAD_III'],
    [55, 'OBESIDAD_III'],
    [12, 'BAJO_PESO'],
  ])('BMI %s → %s', (imc, codigo) => {
    expect(categoriaImcAdulto(imc).codigo).toBe(codigo);
  });

  it('classifies the value the user sees (one decimal): 24,96 shows 25,0 and is Sobrepeso', () => {
    expect(formatImc(24.96)).toBe('25,0');
    expect(categoriaImcAdulto(24.96).codigo).toBe('SOBREPESO');
    expect(categoriaImcAdulto(24.94).codigo).toBe('NORMAL');
  });

  it('the categories cover the WHO bands in order, with Spanish names', () => {
    expect(CATEGORIAS_IMC_ADULTO.map((c) => c.nombre)).toEqual([
      'Bajo peso',
      'Normal',
      'Sobrepeso',
      'Obesidad grado I',
      'Obesidad grado II',
      'Obesidad grado III',
    ]);
  });

  it('validates the ranges with Spanish messages', () => {
    expect(imcAdulto(5, 170)).toEqual({ errores: { peso: 'Ingrese un peso entre 20 y 400 kg.' } });
    expect(imcAdulto(70, 20)).toEqual({ errores: { talla: 'Ingrese una talla entre 100 y 250 cm.' } });
    expect(imcAdulto(95, 170)).toMatchObject({
      imc: 32.9,
      texto: '32,9',
      categoria: { nombre: 'Obesidad grado I' },
    });
  });
});

describe('WHO BMI-for-age table', () => {
  it('holds 229 monthly rows (0–228) per sex, with its attribution', () => {
    expect(OMS_IMC_LMS.M).toHaveLength(229);
    expect(OMS_IMC_LMS.F).toHaveLength(229);
    expect(OMS_IMC_LMS.M[60]).toEqual([-0.6892, 15.1916, 0.087]);
    expect(FUENTE_OMS_IMC).toMatch(/OMS.*pygrowup \(UNICEF\)/);
  });

  it('interpolates fractional months linearly and refuses ages outside 0–228', () => {
    const a = lms('M', 60);
    const b = lms('M', 61);
    const mid = lms('M', 60.5);
    expect(mid.M).toBeCloseTo((a.M + b.M) / 2, 10);
    expect(mid.L).toBeCloseTo((a.L + b.L) / 2, 10);
    expect(lmsParaEdad(OMS_IMC_LMS, 'M', 228)).not.toBeNull();
    expect(lmsParaEdad(OMS_IMC_LMS, 'M', 228.5)).toBeNull();
    expect(lmsParaEdad(OMS_IMC_LMS, 'F', -1)).toBeNull();
  });
});

describe('BMI-for-age z-score', () => {
  it('a boy of 60 months with BMI 15,26 is at about z 0 (median 15,19)', () => {
    const z = zScoreLms(15.26, lms('M', 60));
    expect(Math.abs(z)).toBeLessThan(0.1);
    expect(zScoreLms(15.1916, lms('M', 60))).toBeCloseTo(0, 10);
  });

  // Published WHO values (kg/m², rounded to 0,1) at the SD lines: z must come back within the tolerance.
  it.each([
    // Child Growth Standards (under 5)
    ['M', 0, -2, 11.1],
    ['M', 0, 2, 16.3],
    ['M', 0, 3, 18.1],
    // Growth reference 5–19 years
    ['M', 61, -2, 13.0],
    ['M', 61, 0, 15.3],
    ['M', 61, 2, 18.3],
    ['M', 120, 1, 18.5],
    ['M', 120, 2, 21.4],
    // At 19 years +1 SD and +2 SD meet the adult cut-offs (de Onis et al., Bull WHO 2007):
    // boys 25,4 and 29,7, girls 25,0 and 29,7.
    ['M', 228, 1, 25.4],
    ['M', 228, 2, 29.7],
    ['F', 228, 1, 25.0],
    ['F', 228, 2, 29.7],
  ] as const)('%s, %s months, BMI at %s SD = %s', (sexo, meses, z, imc) => {
    expect(Math.abs(zScoreLms(imc, lms(sexo, meses)) - z)).toBeLessThanOrEqual(TOL_PUBLICADO);
  });

  it('round-trips value ↔ z inside ±3 SD', () => {
    for (const [sexo, meses] of [
      ['M', 6],
      ['F', 30],
      ['F', 150],
      ['M', 200],
    ] as const) {
      for (const z of [-2.7, -1, 0, 0.4, 2.9]) {
        expect(zScoreLms(valorParaZ(lms(sexo, meses), z), lms(sexo, meses))).toBeCloseTo(z, 9);
      }
    }
  });

  it('beyond ±3 SD uses the WHO restricted application (units of the 2–3 SD interval)', () => {
    const l = lms('M', 228);
    const sd3 = valorParaZ(l, 3);
    const sd23 = sd3 - valorParaZ(l, 2);
    expect(zScoreLms(40, l)).toBeCloseTo(3 + (40 - sd3) / sd23, 10);
    expect(zScoreLms(sd3 + sd23, l)).toBeCloseTo(4, 10);
    const sdm3 = valorParaZ(l, -3);
    const sdm23 = valorParaZ(l, -2) - sdm3;
    expect(zScoreLms(sdm3 - sdm23, l)).toBeCloseTo(-4, 10);
    expect(formatZ(zScoreLms(40, l))).toBe('+3,77');
  });
});

describe('BMI-for-age categories', () => {
  it('age bands: 0–60 months under-5 standards, 61–228 the 5–19 reference', () => {
    expect(bandaEdad(0)).toBe('MENOR_5');
    expect(bandaEdad(60)).toBe('MENOR_5');
    expect(bandaEdad(60.5)).toBe('DE_5_A_19');
    expect(bandaEdad(228)).toBe('DE_5_A_19');
  });

  it.each([
    [3.01, 'OBESIDAD'],
    [3, 'SOBREPESO'],
    [2.01, 'SOBREPESO'],
    [2, 'RIESGO_SOBREPESO'],
    [1.01, 'RIESGO_SOBREPESO'],
    [1, 'NORMAL'],
    [-2, 'NORMAL'],
    [-2.01, 'EMACIACION'],
    [-3, 'EMACIACION'],
    [-3.01, 'EMACIACION_SEVERA'],
  ])('under 5: z %s → %s', (z, codigo) => {
    expect(categoriaImcMenor(z, 30).codigo).toBe(codigo);
  });

  it.each([
    [2.01, 'OBESIDAD'],
    [2, 'SOBREPESO'],
    [1.01, 'SOBREPESO'],
    [1, 'NORMAL'],
    [-2, 'NORMAL'],
    [-2.01, 'DELGADEZ'],
    [-3.01, 'DELGADEZ_SEVERA'],
  ])('5–19 years: z %s → %s', (z, codigo) => {
    expect(categoriaImcMenor(z, 120).codigo).toBe(codigo);
  });

  it('a full calculation: 10-year-old boy, 40 kg, 140 cm', () => {
    const r = imcMenor({ sexo: 'M', meses: 120, pesoKg: 40, tallaCm: 140 }, OMS_IMC_LMS);
    if ('errores' in r) throw new Error('unexpected errors');
    expect(r.texto).toBe('20,4');
    expect(r.banda).toBe('DE_5_A_19');
    expect(r.z).toBeGreaterThan(1);
    expect(r.z).toBeLessThan(2);
    expect(r.categoria.nombre).toBe('Sobrepeso');
  });

  it('validates sex, age and measures in Spanish', () => {
    expect(imcMenor({ sexo: 'M', meses: 229, pesoKg: 20, tallaCm: 110 }, OMS_IMC_LMS)).toEqual({
      errores: { meses: 'La edad debe estar entre 0 y 228 meses (19 años).' },
    });
    expect(imcMenor({ sexo: 'X' as 'M', meses: 24, pesoKg: 0, tallaCm: 80 }, OMS_IMC_LMS)).toEqual({
      errores: { sexo: 'Seleccione el sexo.', peso: 'Ingrese un peso entre 0,5 y 250 kg.' },
    });
  });
});

describe('age', () => {
  it('months between dates by the WHO convention (30,4375 days)', () => {
    expect(edadEnMeses('2020-01-01', '2025-01-01')).toBeCloseTo(60, 1);
    expect(edadEnMeses('2025-01-02', '2025-01-01')).toBeNull();
    expect(edadEnMeses('x', '2025-01-01')).toBeNull();
  });
  it('reads as years and months', () => {
    expect(edadTexto(0)).toBe('0 meses');
    expect(edadTexto(1)).toBe('1 mes');
    expect(edadTexto(12)).toBe('1 año');
    expect(edadTexto(51.7)).toBe('4 años y 3 meses');
  });
});

describe('category tables', () => {
  it('cover every z exactly once, lowest first', () => {
    for (const banda of ['MENOR_5', 'DE_5_A_19'] as const) {
      const cortes = CATEGORIAS_IMC_MENOR[banda];
      expect(cortes[0].nivel).toBe('bajo');
      expect(cortes.at(-1)?.nivel).toBe('muy-alto');
      for (let z = -6; z <= 6; z += 0.01) {
        const r = Math.round(z * 100) / 100;
        expect(cortes.filter((c) => c.test(r))).toHaveLength(1);
      }
    }
  });
});
