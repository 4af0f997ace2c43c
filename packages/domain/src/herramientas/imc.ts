/**
 * Body-mass index tools (/imc-adultos, /imc-menores): pure arithmetic and the WHO categories. The
 * WHO LMS table for children is a separate module (oms-imc-lms.ts) passed in by the caller, so this
 * file stays tiny and the table is loaded only by the page that needs it.
 */
import { MSG_HERRAMIENTAS } from './messages.ts';

export const LIMITES_IMC = {
  adulto: { pesoMin: 20, pesoMax: 400, tallaMin: 100, tallaMax: 250 },
  menor: { pesoMin: 0.5, pesoMax: 250, tallaMin: 30, tallaMax: 230 },
  mesesMin: 0,
  mesesMax: 228,
} as const;

/** BMI = weight (kg) / height (m)²; null when either value is not a positive finite number. */
export function calcularImc(pesoKg: number, tallaCm: number): number | null {
  if (!(Number.isFinite(pesoKg) && Number.isFinite(tallaCm) && pesoKg > 0 && tallaCm > 0)) return null;
  const m = tallaCm / 100;
  return pesoKg / (m * m);
}

/** Rounded to `decimales` places, half away from zero (toFixed's binary artefacts avoided). */
export function redondear(valor: number, decimales = 1): number {
  const f = 10 ** decimales;
  return (Math.sign(valor) * Math.round(Math.abs(valor) * f + Number.EPSILON * f)) / f;
}

const decimalFmt = (decimales: number) =>
  new Intl.NumberFormat('es-EC', {
    minimumFractionDigits: decimales,
    maximumFractionDigits: decimales,
    useGrouping: false,
  });
const FMT_1 = decimalFmt(1);
const FMT_2 = decimalFmt(2);

/** 24.2 → '24,2' (es-EC, one decimal). */
export const formatImc = (imc: number) => FMT_1.format(redondear(imc, 1));
/** −1.234 → '-1,23'; the sign is always shown for positive values ('+0,50'). */
export const formatZ = (z: number) => {
  const r = redondear(z, 2);
  const s = FMT_2.format(Math.abs(r));
  return r > 0 ? `+${s}` : r < 0 ? `-${s}` : s;
};

// ---------------------------------------------------------------------------------------------------
// Adults

export type CategoriaAdultoCodigo =
  | 'BAJO_PESO'
  | 'NORMAL'
  | 'SOBREPESO'
  | 'OBESIDAD_I'
  | 'OBESIDAD_II'
  | 'OBESIDAD_III';
export type CategoriaImc<C extends string = string> = {
  codigo: C;
  nombre: string;
  /** The band as the WHO states it, for the reference table. */
  rango: string;
  /** 'bajo' below normal, 'normal', 'alto' above normal (one colour scale for both tools). */
  nivel: 'bajo' | 'normal' | 'alto' | 'muy-alto';
};

/** WHO adult categories, lowest first; `desde` is the inclusive lower bound. */
export const CATEGORIAS_IMC_ADULTO: readonly (CategoriaImc<CategoriaAdultoCodigo> & { desde: number })[] = [
  { codigo: 'BAJO_PESO', nombre: 'Bajo peso', rango: 'menor de 18,5', nivel: 'bajo', desde: 0 },
  { codigo: 'NORMAL', nombre: 'Normal', rango: '18,5 a 24,9', nivel: 'normal', desde: 18.5 },
  { codigo: 'SOBREPESO', nombre: 'Sobrepeso', rango: '25,0 a 29,9', nivel: 'alto', desde: 25 },
  { codigo: 'OBESIDAD_I', nombre: 'Obesidad grado I', rango: '30,0 a 34,9', nivel: 'muy-alto', desde: 30 },
  { codigo: 'OBESIDAD_II', nombre: 'Obesidad grado II', rango: '35,0 a 39,9', nivel: 'muy-alto', desde: 35 },
  { codigo: 'OBESIDAD_III', nombre: 'Obesidad grado III', rango: '40,0 o más', nivel: 'muy-alto', desde: 40 },
];

/**
 * The WHO adult category of a BMI. It classifies the value rounded to one decimal, the figure the
 * user sees, so that 24,96 (shown 25,0) is 'Sobrepeso' and display and category never disagree.
 */
export function categoriaImcAdulto(imc: number): CategoriaImc<CategoriaAdultoCodigo> {
  const r = redondear(imc, 1);
  let found = CATEGORIAS_IMC_ADULTO[0];
  for (const c of CATEGORIAS_IMC_ADULTO) if (r >= c.desde) found = c;
  const { desde: _d, ...cat } = found;
  return cat;
}

export type ResultadoImcAdulto = {
  imc: number;
  texto: string;
  categoria: CategoriaImc<CategoriaAdultoCodigo>;
};

/** Validates the ranges and computes BMI and category; `errores` holds the Spanish message per field. */
export function imcAdulto(
  pesoKg: number,
  tallaCm: number,
): ResultadoImcAdulto | { errores: Record<string, string> } {
  const L = LIMITES_IMC.adulto;
  const errores: Record<string, string> = {};
  if (!(pesoKg >= L.pesoMin && pesoKg <= L.pesoMax))
    errores.peso = MSG_HERRAMIENTAS.pesoRango(L.pesoMin, L.pesoMax);
  if (!(tallaCm >= L.tallaMin && tallaCm <= L.tallaMax))
    errores.talla = MSG_HERRAMIENTAS.tallaRango(L.tallaMin, L.tallaMax);
  const imc = calcularImc(pesoKg, tallaCm);
  if (Object.keys(errores).length || imc === null) return { errores };
  return { imc: redondear(imc, 1), texto: formatImc(imc), categoria: categoriaImcAdulto(imc) };
}

// ---------------------------------------------------------------------------------------------------
// Children and adolescents (WHO BMI-for-age)

export type Sexo = 'M' | 'F';
export type Lms = { L: number; M: number; S: number };
/** LMS rows by sex, index = age in completed months (0–228). */
export type TablaLms = Readonly<Record<Sexo, readonly (readonly [number, number, number])[]>>;

const DIAS_POR_MES = 365.25 / 12;

/** Age in months (fractional, WHO convention of 30.4375 days a month) between two `YYYY-MM-DD` dates. */
export function edadEnMeses(fechaNacimiento: string, fechaReferencia: string): number | null {
  const a = Date.parse(`${fechaNacimiento}T00:00:00Z`);
  const b = Date.parse(`${fechaReferencia}T00:00:00Z`);
  if (Number.isNaN(a) || Number.isNaN(b) || b < a) return null;
  return (b - a) / 86_400_000 / DIAS_POR_MES;
}

/**
 * L, M and S for an age in months. Whole months read the table; a fractional age interpolates
 * linearly between the two neighbouring months (the table is monthly; WHO's own software uses daily
 * tables under 5 years, which this approximates to well under 0,01 z).
 */
export function lmsParaEdad(tabla: TablaLms, sexo: Sexo, meses: number): Lms | null {
  const rows = tabla[sexo];
  if (!rows || !(meses >= 0) || meses > rows.length - 1) return null;
  const i = Math.floor(meses);
  const f = meses - i;
  const [L0, M0, S0] = rows[i];
  if (f === 0 || i === rows.length - 1) return { L: L0, M: M0, S: S0 };
  const [L1, M1, S1] = rows[i + 1];
  return { L: L0 + (L1 - L0) * f, M: M0 + (M1 - M0) * f, S: S0 + (S1 - S0) * f };
}

/** The value at a given z: M(1 + L·S·z)^(1/L). */
export function valorParaZ({ L, M, S }: Lms, z: number): number {
  return L === 0 ? M * Math.exp(S * z) : M * (1 + L * S * z) ** (1 / L);
}

/**
 * z-score of a BMI value X: z = ((X/M)^L − 1) / (L·S). Beyond ±3 the WHO "restricted application of
 * the LMS method" is used (as in WHO Anthro/AnthroPlus and pygrowup): the distance past ±3 SD is
 * measured in units of the 2–3 SD interval, because the skewed tail would otherwise overstate it.
 */
export function zScoreLms(x: number, lms: Lms): number {
  const { L, M, S } = lms;
  const z = L === 0 ? Math.log(x / M) / S : ((x / M) ** L - 1) / (L * S);
  if (z > 3) {
    const sd3 = valorParaZ(lms, 3);
    const sd23 = sd3 - valorParaZ(lms, 2);
    return 3 + (x - sd3) / sd23;
  }
  if (z < -3) {
    const sd3 = valorParaZ(lms, -3);
    const sd23 = valorParaZ(lms, -2) - sd3;
    return -3 + (x - sd3) / sd23;
  }
  return z;
}

export type BandaEdad = 'MENOR_5' | 'DE_5_A_19';
/** Months 0–60 use the Child Growth Standards and their categories; 61–228 the 5–19 reference. */
export const bandaEdad = (meses: number): BandaEdad => (meses <= 60 ? 'MENOR_5' : 'DE_5_A_19');

export type CategoriaMenorCodigo =
  | 'EMACIACION_SEVERA'
  | 'EMACIACION'
  | 'DELGADEZ_SEVERA'
  | 'DELGADEZ'
  | 'NORMAL'
  | 'RIESGO_SOBREPESO'
  | 'SOBREPESO'
  | 'OBESIDAD';

type Corte = CategoriaImc<CategoriaMenorCodigo> & { test: (z: number) => boolean };

/** A z-score as the WHO writes it in a band: −3, +1. */
const zTexto = (c: number) => (c < 0 ? `−${-c}` : `+${c}`);

/**
 * A band's categories from the WHO cut-offs between them (z-scores, ascending), lowest first; the
 * ranges do not overlap: a z-score on a cut-off belongs to the category nearer the median (−2 is
 * normal, −3 the milder thinness; +1 normal, +2 the milder excess).
 */
function porCortes(
  cortes: readonly number[],
  categorias: readonly (readonly [CategoriaMenorCodigo, string, CategoriaImc['nivel']])[],
): Corte[] {
  return categorias.map(([codigo, nombre, nivel], i) => {
    const lo = i > 0 ? cortes[i - 1] : undefined;
    const hi = i < cortes.length ? cortes[i] : undefined;
    // The cut-off below the median belongs to the category above it; above the median, below it.
    const loIncl = lo !== undefined && lo < 0;
    const hiIncl = hi !== undefined && hi > 0;
    const rango =
      lo === undefined
        ? `z ${hiIncl ? '≤' : '<'} ${zTexto(hi!)}`
        : hi === undefined
          ? `z ${loIncl ? '≥' : '>'} ${zTexto(lo)}`
          : `${zTexto(lo)} ${loIncl ? '≤' : '<'} z ${hiIncl ? '≤' : '<'} ${zTexto(hi)}`;
    const test = (z: number) =>
      (lo === undefined || (loIncl ? z >= lo : z > lo)) && (hi === undefined || (hiIncl ? z <= hi : z < hi));
    return { codigo, nombre, rango, nivel, test };
  });
}

/** WHO cut-offs by age band, lowest first. */
export const CATEGORIAS_IMC_MENOR: Readonly<Record<BandaEdad, readonly Corte[]>> = {
  MENOR_5: porCortes(
    [-3, -2, 1, 2, 3],
    [
      ['EMACIACION_SEVERA', 'Emaciación severa', 'bajo'],
      ['EMACIACION', 'Emaciación', 'bajo'],
      ['NORMAL', 'Normal', 'normal'],
      ['RIESGO_SOBREPESO', 'Riesgo de sobrepeso', 'alto'],
      ['SOBREPESO', 'Sobrepeso', 'alto'],
      ['OBESIDAD', 'Obesidad', 'muy-alto'],
    ],
  ),
  DE_5_A_19: porCortes(
    [-3, -2, 1, 2],
    [
      ['DELGADEZ_SEVERA', 'Delgadez severa', 'bajo'],
      ['DELGADEZ', 'Delgadez', 'bajo'],
      ['NORMAL', 'Normal', 'normal'],
      ['SOBREPESO', 'Sobrepeso', 'alto'],
      ['OBESIDAD', 'Obesidad', 'muy-alto'],
    ],
  ),
};

/** The WHO category of a BMI-for-age z-score (classified on z rounded to two decimals, as shown). */
export function categoriaImcMenor(z: number, meses: number): CategoriaImc<CategoriaMenorCodigo> {
  const r = redondear(z, 2);
  const corte = CATEGORIAS_IMC_MENOR[bandaEdad(meses)].find((c) => c.test(r))!;
  const { test: _t, ...cat } = corte;
  return cat;
}

export type EntradaImcMenor = { sexo: Sexo; meses: number; pesoKg: number; tallaCm: number };
export type ResultadoImcMenor = {
  imc: number;
  texto: string;
  z: number;
  zTexto: string;
  meses: number;
  banda: BandaEdad;
  lms: Lms;
  categoria: CategoriaImc<CategoriaMenorCodigo>;
};

/** BMI, z-score and WHO category of a child or adolescent; `errores` holds the Spanish message per field. */
export function imcMenor(
  e: EntradaImcMenor,
  tabla: TablaLms,
): ResultadoImcMenor | { errores: Record<string, string> } {
  const L = LIMITES_IMC.menor;
  const errores: Record<string, string> = {};
  if (e.sexo !== 'M' && e.sexo !== 'F') errores.sexo = MSG_HERRAMIENTAS.sexoRequerido;
  if (!(e.meses >= LIMITES_IMC.mesesMin && e.meses <= LIMITES_IMC.mesesMax))
    errores.meses = MSG_HERRAMIENTAS.edadRango;
  if (!(e.pesoKg >= L.pesoMin && e.pesoKg <= L.pesoMax))
    errores.peso = MSG_HERRAMIENTAS.pesoRango(L.pesoMin, L.pesoMax);
  if (!(e.tallaCm >= L.tallaMin && e.tallaCm <= L.tallaMax))
    errores.talla = MSG_HERRAMIENTAS.tallaRango(L.tallaMin, L.tallaMax);
  if (Object.keys(errores).length) return { errores };
  const imc = calcularImc(e.pesoKg, e.tallaCm)!;
  const lms = lmsParaEdad(tabla, e.sexo, e.meses)!;
  const z = zScoreLms(imc, lms);
  return {
    imc: redondear(imc, 2),
    texto: formatImc(imc),
    z: redondear(z, 2),
    zTexto: formatZ(z),
    meses: e.meses,
    banda: bandaEdad(e.meses),
    lms,
    categoria: categoriaImcMenor(z, e.meses),
  };
}

/** '4 años y 3 meses' from an age in months (completed months). */
export function edadTexto(meses: number): string {
  const m = Math.floor(meses + 1e-9);
  const anios = Math.floor(m / 12);
  const resto = m % 12;
  const a = anios === 1 ? '1 año' : `${anios} años`;
  const ms = resto === 1 ? '1 mes' : `${resto} meses`;
  if (anios === 0) return ms;
  return resto === 0 ? a : `${a} y ${ms}`;
}
