/**
 * The /calculadora tool as a pure state machine: the page only maps keys and buttons to `presionar`
 * and shows `pantalla`. Immediate execution like a desk calculator (2 + 3 × 4 = 20), decimal comma,
 * '%' as on a desk calculator (200 + 10 % → 200 + 20; 50 × 10 % → 50 × 0,1).
 */
import { MSG_HERRAMIENTAS } from './messages.ts';

export type Operador = '+' | '-' | '*' | '/';
export type Digito = '0' | '1' | '2' | '3' | '4' | '5' | '6' | '7' | '8' | '9';
export type TeclaCalc = Digito | ',' | Operador | '%' | '=' | 'C' | 'CE' | '←' | '±';

export type EstadoCalc = {
  /** What is being typed or the last result, with '.' as decimal separator ('12.', '-3.5'). */
  entrada: string;
  acumulado: number | null;
  operador: Operador | null;
  /** The next digit replaces the entry (after an operator, '=', '%'). */
  nueva: boolean;
  /** The entry is an operand of the pending operator (typed, or produced by '%'). */
  operandoListo: boolean;
  /** The last operation, repeated by pressing '=' again. */
  ultimo: { operador: Operador; operando: number } | null;
  /** The line above the display ('12,5 +', '12,5 + 3 ='). */
  expresion: string;
  error: string | null;
};

export const CALC_INICIAL: EstadoCalc = {
  entrada: '0',
  acumulado: null,
  operador: null,
  nueva: false,
  operandoListo: false,
  ultimo: null,
  expresion: '',
  error: null,
};

export const SIMBOLO: Record<Operador, string> = { '+': '+', '-': '−', '*': '×', '/': '÷' };
const MAX_DIGITOS = 15;
const LIMITE = 1e15;

/** The calculator key for a KeyboardEvent.key, or null for keys the calculator ignores. */
export function teclaDesdeTeclado(key: string): TeclaCalc | null {
  if (/^[0-9]$/.test(key)) return key as TeclaCalc;
  switch (key) {
    case ',':
    case '.':
    case 'Decimal':
      return ',';
    case '+':
    case '-':
    case '/':
    case '%':
      return key;
    case '*':
    case 'x':
    case 'X':
      return '*';
    case 'Enter':
    case '=':
      return '=';
    case 'Escape':
      return 'C';
    case 'Delete':
      return 'CE';
    case 'Backspace':
      return '←';
    case 'F9':
      return '±';
    default:
      return null;
  }
}

/** A number as an entry string: at most 12 significant digits, no exponent, no '-0'. */
export function numeroAEntrada(n: number): string {
  const r = Number(n.toPrecision(12));
  if (Math.abs(r) < 1e-10) return '0';
  // String() uses an exponent only below 1e-6 (results here stay under 1e15).
  const s = String(r);
  return s.includes('e') ? r.toFixed(10).replace(/\.?0+$/, '') : s;
}

/** '-1234.50' → '-1.234,50' (grouped integer part, decimal comma, typed trailing zeros kept). */
export function formatEntrada(entrada: string): string {
  const neg = entrada.startsWith('-');
  const [int, dec] = (neg ? entrada.slice(1) : entrada).split('.');
  const grouped = (int || '0').replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${neg ? '-' : ''}${grouped}${dec === undefined ? '' : `,${dec}`}`;
}

const fmt = (n: number) => formatEntrada(numeroAEntrada(n));

function aplicar(a: number, op: Operador, b: number): number | string {
  let r: number;
  if (op === '+') r = a + b;
  else if (op === '-') r = a - b;
  else if (op === '*') r = a * b;
  else {
    if (b === 0) return MSG_HERRAMIENTAS.divisionPorCero;
    r = a / b;
  }
  // 0,1 + 0,2 is 0,3: binary artefacts are cut at 12 significant digits.
  r = Number(r.toPrecision(12));
  if (!Number.isFinite(r) || Math.abs(r) >= LIMITE) return MSG_HERRAMIENTAS.desbordamiento;
  return r;
}

const conError = (expresion: string, error: string): EstadoCalc => ({ ...CALC_INICIAL, expresion, error });

const esDigito = (t: TeclaCalc): t is Digito => t.length === 1 && t >= '0' && t <= '9';
const esOperador = (t: TeclaCalc): t is Operador => t === '+' || t === '-' || t === '*' || t === '/';

const digitos = (entrada: string) => entrada.replace(/[^0-9]/g, '').length;

/** The state after pressing one key. */
export function presionar(s: EstadoCalc, tecla: TeclaCalc): EstadoCalc {
  if (tecla === 'C') return CALC_INICIAL;
  if (tecla === 'CE') return { ...s, entrada: '0', nueva: false, operandoListo: false, error: null };
  if (s.error) {
    // After an error only a new number (or clearing) makes sense.
    if (esDigito(tecla) || tecla === ',') return presionar(CALC_INICIAL, tecla);
    return s;
  }

  if (esDigito(tecla)) {
    const base = s.nueva ? (s.operador ? s : { ...s, acumulado: null, expresion: '' }) : s;
    const actual = s.nueva ? '0' : s.entrada;
    if (!s.nueva && digitos(actual) >= MAX_DIGITOS) return s;
    const entrada = actual === '0' ? tecla : actual === '-0' ? `-${tecla}` : actual + tecla;
    return { ...base, entrada, nueva: false, operandoListo: true };
  }

  if (tecla === ',') {
    if (s.nueva) {
      const base = s.operador ? s : { ...s, acumulado: null, expresion: '' };
      return { ...base, entrada: '0.', nueva: false, operandoListo: true };
    }
    if (s.entrada.includes('.')) return s;
    return { ...s, entrada: `${s.entrada}.`, operandoListo: true };
  }

  if (tecla === '←') {
    if (s.nueva) return s;
    const recortada = s.entrada.slice(0, -1);
    return { ...s, entrada: recortada === '' || recortada === '-' ? '0' : recortada };
  }

  if (tecla === '±') {
    if (Number(s.entrada) === 0 && !s.entrada.includes('.')) return s;
    const entrada = s.entrada.startsWith('-') ? s.entrada.slice(1) : `-${s.entrada}`;
    return { ...s, entrada };
  }

  const valor = Number(s.entrada);

  if (tecla === '%') {
    const base = s.operador === '+' || s.operador === '-' ? (s.acumulado ?? 0) : 1;
    const r = (base * valor) / 100;
    return { ...s, entrada: numeroAEntrada(r), nueva: true, operandoListo: true };
  }

  if (tecla === '=') {
    if (s.operador && s.acumulado !== null) {
      const r = aplicar(s.acumulado, s.operador, valor);
      const expresion = `${fmt(s.acumulado)} ${SIMBOLO[s.operador]} ${fmt(valor)} =`;
      if (typeof r === 'string') return conError(expresion, r);
      return {
        ...CALC_INICIAL,
        entrada: numeroAEntrada(r),
        nueva: true,
        ultimo: { operador: s.operador, operando: valor },
        expresion,
      };
    }
    if (s.ultimo) {
      const r = aplicar(valor, s.ultimo.operador, s.ultimo.operando);
      const expresion = `${fmt(valor)} ${SIMBOLO[s.ultimo.operador]} ${fmt(s.ultimo.operando)} =`;
      if (typeof r === 'string') return conError(expresion, r);
      return { ...s, entrada: numeroAEntrada(r), nueva: true, operandoListo: false, expresion };
    }
    return { ...s, nueva: true, operandoListo: false, expresion: `${fmt(valor)} =` };
  }

  if (!esOperador(tecla)) return s;
  // An operator: finish the pending operation first (immediate execution).
  const op = tecla;
  if (s.operador && s.acumulado !== null && s.operandoListo) {
    const r = aplicar(s.acumulado, s.operador, valor);
    if (typeof r === 'string') {
      return conError(`${fmt(s.acumulado)} ${SIMBOLO[s.operador]} ${fmt(valor)}`, r);
    }
    return {
      ...s,
      entrada: numeroAEntrada(r),
      acumulado: r,
      operador: op,
      nueva: true,
      operandoListo: false,
      expresion: `${fmt(r)} ${SIMBOLO[op]}`,
    };
  }
  const acumulado = s.operador && s.acumulado !== null ? s.acumulado : valor;
  return {
    ...s,
    acumulado,
    operador: op,
    nueva: true,
    operandoListo: false,
    expresion: `${fmt(acumulado)} ${SIMBOLO[op]}`,
  };
}

/** What the display shows: the error, or the entry with decimal comma and grouping. */
export const pantalla = (s: EstadoCalc) => s.error ?? formatEntrada(s.entrada);

/** Presses several keys in a row (tests, and pasting '12,5+3=' into the calculator). */
export function presionarTodas(s: EstadoCalc, teclas: readonly TeclaCalc[]): EstadoCalc {
  return teclas.reduce(presionar, s);
}
