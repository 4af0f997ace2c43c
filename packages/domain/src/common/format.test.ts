import { describe, expect, it } from 'vitest';
import { formatCount, formatDate, formatDateTime, formatMoney, formatNumber, todayIso } from './format.ts';

describe('Spanish formats', () => {
  it('dates dd/MM/yyyy; instants in America/Guayaquil (UTC-5)', () => {
    expect(formatDate('2026-03-09')).toBe('09/03/2026');
    expect(formatDate('2026-03-10T03:00:00Z')).toBe('09/03/2026');
    expect(formatDateTime('2026-03-10T03:04:00Z')).toBe('09/03/2026 22:04');
    expect(formatDate(null)).toBe('');
    expect(todayIso(new Date('2026-01-01T04:59:00Z'))).toBe('2025-12-31');
  });
  it('numbers 1.234,56', () => {
    expect(formatNumber(1234.5)).toBe('1.234,50');
    expect(formatNumber('1234567.891')).toBe('1.234.567,89');
    expect(formatCount(12345)).toBe('12.345');
    expect(formatCount(999)).toBe('999');
    expect(formatMoney(-1234.56)).toBe('$ -1.234,56');
  });
});
