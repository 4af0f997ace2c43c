import { describe, expect, it } from 'vitest';
import { idSchema, parseId } from './ids.ts';

describe('ids', () => {
  it('parseId reads what idSchema accepts, and nothing else', () => {
    expect(parseId('42')).toBe(42);
    expect(parseId(7)).toBe(7);
    expect(parseId('2147483647')).toBe(2_147_483_647);
    for (const bad of [
      '2147483648',
      '99999999999',
      '0',
      '-1',
      '1.5',
      '1e3',
      ' 12',
      'abc',
      '',
      undefined,
      null,
      0,
    ]) {
      expect(parseId(bad), String(bad)).toBeNull();
    }
  });
  it('idSchema answers in Spanish', () => {
    const r = idSchema.safeParse('abc');
    expect(r.success).toBe(false);
    expect(r.error?.issues[0].message).toBe('El identificador debe ser un número entero positivo.');
  });
});
