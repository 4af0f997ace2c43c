import { describe, expect, it } from 'vitest';
import {
  CALC_INICIAL,
  type EstadoCalc,
  formatEntrada,
  numeroAEntrada,
  pantalla,
  presionarTodas,
  type TeclaCalc,
  teclaDesdeTeclado,
} from './calculadora.ts';

/** Types a sequence as a user would on the keyboard ('12,5+3=' or 'Escape'). */
function teclear(secuencia: string, desde: EstadoCalc = CALC_INICIAL): EstadoCalc {
  const teclas = [...secuencia].map((k) => teclaDesdeTeclado(k)).filter((t): t is TeclaCalc => t !== null);
  return presionarTodas(desde, teclas);
}
const ver = (secuencia: string) => pantalla(teclear(secuencia));

describe('calculator', () => {
  it('shows typed numbers with decimal comma and grouping', () => {
    expect(ver('1234567')).toBe('1.234.567');
    expect(ver('12,50')).toBe('12,50');
    expect(ver('0.5')).toBe('0,5');
    expect(ver(',')).toBe('0,');
    expect(ver('1,2,3')).toBe('1,23');
  });

  it('adds, subtracts, multiplies and divides', () => {
    expect(ver('12,5+3=')).toBe('15,5');
    expect(ver('10-12=')).toBe('-2');
    expect(ver('6*7=')).toBe('42');
    expect(ver('6x7=')).toBe('42');
    expect(ver('1/4=')).toBe('0,25');
    expect(ver('2/3=')).toBe('0,666666666667');
  });

  it('has no binary artefacts: 0,1 + 0,2 = 0,3', () => {
    expect(ver('0,1+0,2=')).toBe('0,3');
    expect(ver('1,1*3=')).toBe('3,3');
  });

  it('executes immediately, left to right, like a desk calculator', () => {
    const s = teclear('2+3*');
    expect(pantalla(s)).toBe('5');
    expect(s.expresion).toBe('5 ×');
    expect(pantalla(teclear('4=', s))).toBe('20');
  });

  it('shows the expression line and repeats the last operation on "="', () => {
    const s = teclear('5+2=');
    expect(s.expresion).toBe('5 + 2 =');
    const t = teclear('=', s);
    expect(pantalla(t)).toBe('9');
    expect(t.expresion).toBe('7 + 2 =');
  });

  it('changing the operator before the second number replaces it', () => {
    expect(ver('8+-3=')).toBe('5');
  });

  it('percent: of the accumulated value for + and −, a fraction for × and ÷', () => {
    expect(ver('200+10%=')).toBe('220');
    expect(ver('200-10%=')).toBe('180');
    expect(ver('50*10%=')).toBe('5');
    expect(ver('15%')).toBe('0,15');
  });

  it('division by zero is an error cleared by a new number or Escape', () => {
    const s = teclear('5/0=');
    expect(pantalla(s)).toBe('No se puede dividir para cero');
    expect(pantalla(teclear('+', s))).toBe('No se puede dividir para cero');
    expect(pantalla(teclear('7', s))).toBe('7');
    expect(pantalla(presionarTodas(s, ['C']))).toBe('0');
  });

  it('editing keys: Backspace, Delete (CE), Escape (C), F9 (±)', () => {
    expect(pantalla(presionarTodas(teclear('123'), ['←']))).toBe('12');
    expect(pantalla(presionarTodas(teclear('7'), ['←']))).toBe('0');
    const ce = presionarTodas(teclear('5+3'), ['CE']);
    expect(pantalla(ce)).toBe('0');
    expect(pantalla(teclear('4=', ce))).toBe('9');
    expect(pantalla(presionarTodas(teclear('5'), ['±']))).toBe('-5');
    expect(pantalla(presionarTodas(teclear('5'), ['±', '±']))).toBe('5');
    expect(teclaDesdeTeclado('Escape')).toBe('C');
    expect(teclaDesdeTeclado('Delete')).toBe('CE');
    expect(teclaDesdeTeclado('Backspace')).toBe('←');
    expect(teclaDesdeTeclado('Enter')).toBe('=');
    expect(teclaDesdeTeclado('a')).toBeNull();
  });

  it('a new number after "=" starts a new calculation', () => {
    const s = teclear('2+2=9');
    expect(pantalla(s)).toBe('9');
    expect(s.expresion).toBe('');
    expect(pantalla(teclear('+1=', s))).toBe('10');
  });

  it('limits entries to 15 digits and refuses overflowing results', () => {
    expect(ver('1234567890123456789')).toBe('123.456.789.012.345');
    expect(ver('999999999999999*999=')).toBe('Resultado demasiado grande');
  });

  it('formats numbers without exponent', () => {
    expect(numeroAEntrada(1e-7)).toBe('0,0000001'.replace(',', '.'));
    expect(numeroAEntrada(-0)).toBe('0');
    expect(formatEntrada('-1234.50')).toBe('-1.234,50');
  });
});
