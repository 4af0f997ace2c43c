import { describe, expect, it } from 'vitest';
import {
  compareMoney,
  formatMoneyText,
  fromCents,
  lineTotal,
  normalizeMoney,
  subMoney,
  sumMoney,
  toCents,
} from './money.ts';

describe('money exact to the cent', () => {
  it('parses decimal text into integer cents and back', () => {
    expect(toCents('1234.56')).toBe(123456n);
    expect(toCents('0.1')).toBe(10n);
    expect(toCents('7')).toBe(700n);
    expect(toCents('-0.05')).toBe(-5n);
    expect(toCents(12)).toBe(1200n);
    expect(fromCents(123456n)).toBe('1234.56');
    expect(fromCents(-5n)).toBe('-0.05');
    expect(fromCents(0n)).toBe('0.00');
    expect(normalizeMoney('12.5')).toBe('12.50');
  });

  it('refuses floats and more than 2 decimals (no silent rounding)', () => {
    expect(() => toCents(0.1)).toThrow(RangeError);
    expect(() => toCents('1.005')).toThrow(RangeError);
    expect(() => toCents('1,50')).toThrow(RangeError);
    expect(() => toCents('abc')).toThrow(RangeError);
  });

  it('adds where floats drift: 0.1 + 0.2, and 10,000 lines', () => {
    expect(sumMoney(['0.10', '0.20'])).toBe('0.30');
    const values = Array.from({ length: 10_000 }, (_, i) => fromCents(BigInt((i * 7919) % 100_000)));
    let cents = 0n;
    for (let i = 0; i < 10_000; i++) cents += BigInt((i * 7919) % 100_000);
    expect(sumMoney(values)).toBe(fromCents(cents));
  });

  it('line totals, differences and comparisons', () => {
    expect(lineTotal(3, '7.90')).toBe('23.70');
    expect(lineTotal(1_000_000, '999999999999.99')).toBe('999999999999990000.00');
    expect(subMoney('20.30', '15.00')).toBe('5.30');
    expect(compareMoney('20.30', '20.3')).toBe(0);
    expect(compareMoney('20.31', '20.30')).toBe(1);
    expect(compareMoney('0', '0.01')).toBe(-1);
  });

  it('Spanish display: dots for thousands, comma for decimals, no float on the way', () => {
    expect(formatMoneyText('1234.56')).toBe('1.234,56');
    expect(formatMoneyText('0.5')).toBe('0,50');
    expect(formatMoneyText('-1234567.8')).toBe('-1.234.567,80');
    expect(formatMoneyText('90071992547409.93')).toBe('90.071.992.547.409,93');
    expect(formatMoneyText(null)).toBe('');
  });
});
