import { describe, expect, it } from 'vitest';
import { checkRuc, isIsoDate, isValidCedula } from './validators.ts';

describe('cédula', () => {
  it('accepts a valid check digit and rejects a wrong one', () => {
    expect(isValidCedula('1710034065')).toBe(true);
    expect(isValidCedula('1710034066')).toBe(false);
  });
  it('rejects bad province, length and letters', () => {
    expect(isValidCedula('9910034065')).toBe(false);
    expect(isValidCedula('171003406')).toBe(false);
    expect(isValidCedula('17100340a5')).toBe(false);
  });
});

describe('RUC', () => {
  it('natural persons by the cédula rule; companies only warned', () => {
    expect(checkRuc('1710034065001')).toEqual({ valid: true });
    expect(checkRuc('1710034066001').valid).toBe(false);
    expect(checkRuc('0992345678001')).toMatchObject({ valid: true, warning: expect.any(String) });
    expect(checkRuc('1710034065000').valid).toBe(false);
  });
});

describe('calendar dates', () => {
  it('isIsoDate takes real days only', () => {
    for (const ok of ['2026-02-28', '2028-02-29', '2026-12-31']) expect(isIsoDate(ok), ok).toBe(true);
    for (const bad of ['2026-02-29', '2026-02-30', '2026-13-01', '2026-00-10', '26-01-01', '2026-1-1', ''])
      expect(isIsoDate(bad), bad).toBe(false);
  });
});
