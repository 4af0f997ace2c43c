import { describe, expect, it } from 'vitest';
import { previosDe } from './por-registro.ts';

describe('previosDe', () => {
  it('keeps the previous rows of the same record', () => {
    expect(previosDe(['planilla', 7])(['a'], { queryKey: ['planilla', 7, 'detalles', { page: 1 }] })).toEqual(
      ['a'],
    );
  });
  it('never shows another record’s rows', () => {
    expect(previosDe(['planilla', 7])(['a'], { queryKey: ['planilla', 8, 'detalles', { page: 1 }] })).toBe(
      undefined,
    );
    expect(previosDe(['planilla', 7])(['a'], undefined)).toBe(undefined);
  });
});
