import { describe, expect, it } from 'vitest';
import {
  calendarDate,
  formatCalendarDate,
  formatCount,
  formatDate,
  formatDateTime,
  formatFileSize,
  formatMoney,
  formatNumber,
  formatPeriod,
  todayIso,
} from './format.ts';

describe('Spanish formats', () => {
  it('dates dd/MM/yyyy; instants in America/Guayaquil (UTC-5)', () => {
    expect(formatDate('2026-03-09')).toBe('09/03/2026');
    expect(formatDate('2026-03-10T03:00:00Z')).toBe('09/03/2026');
    expect(formatDateTime('2026-03-10T03:04:00Z')).toBe('09/03/2026 22:04');
    expect(formatDate(null)).toBe('');
    expect(todayIso(new Date('2026-01-01T04:59:00Z'))).toBe('2025-12-31');
  });
  it('calendar dates and periods never shift by the time zone', () => {
    expect(calendarDate('2026-01-31T00:00:00.000Z')).toBe('2026-01-31');
    expect(calendarDate('2026-01-31')).toBe('2026-01-31');
    expect(calendarDate(null)).toBeNull();
    expect(calendarDate('31/01/2026')).toBeNull();
    // formatDate would show the instant in Guayaquil: 30/01/2026.
    expect(formatDate('2026-01-31T00:00:00.000Z')).toBe('30/01/2026');
    expect(formatCalendarDate('2026-01-31T00:00:00.000Z')).toBe('31/01/2026');
    expect(formatCalendarDate(undefined)).toBe('');
    expect(formatPeriod({ fechaDesde: '2026-01-01', fechaHasta: '2026-01-31T00:00:00.000Z' })).toBe(
      '01/01/2026 – 31/01/2026',
    );
  });
  it('numbers 1.234,56', () => {
    expect(formatNumber(1234.5)).toBe('1.234,50');
    expect(formatNumber('1234567.891')).toBe('1.234.567,89');
    expect(formatCount(12345)).toBe('12.345');
    expect(formatCount(999)).toBe('999');
    expect(formatMoney(-1234.56)).toBe('$ -1.234,56');
    expect(formatFileSize(1536)).toBe('1,50 KB');
    expect(formatFileSize(3 * 1024 * 1024)).toBe('3,00 MB');
    expect(formatFileSize(-1)).toBe('');
  });
});
