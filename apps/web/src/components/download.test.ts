import { describe, expect, it } from 'vitest';
import { fileNameFromDisposition, sanitizeFileName } from './download.ts';

describe('fileNameFromDisposition', () => {
  it('reads the quoted, plain and RFC 5987 forms', () => {
    expect(fileNameFromDisposition('attachment; filename="datos_7.csv"')).toBe('datos_7.csv');
    expect(fileNameFromDisposition('attachment; filename=datos_7.json')).toBe('datos_7.json');
    expect(
      fileNameFromDisposition('attachment; filename="x.csv"; filename*=UTF-8\'\'tr%C3%A1mite_7.csv'),
    ).toBe('trámite_7.csv');
  });

  it('gives nothing without a name', () => {
    expect(fileNameFromDisposition(null)).toBeUndefined();
    expect(fileNameFromDisposition('inline')).toBeUndefined();
  });

  it('never lets a name climb out of the downloads folder', () => {
    expect(fileNameFromDisposition('attachment; filename="../../etc/passwd"')).toBe('passwd');
    expect(sanitizeFileName('a:b?.csv')).toBe('a_b_.csv');
    expect(sanitizeFileName('')).toBe('archivo');
  });
});
