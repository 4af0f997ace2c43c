import { describe, expect, it } from 'vitest';
import { detectarFormato } from './formato.ts';

const bytes = (s: string) => new TextEncoder().encode(s);

describe('detectarFormato: the data file is what its first bytes say', () => {
  it('JSON, CSV and Excel, with a BOM or leading blanks', () => {
    expect(detectarFormato(bytes('[{"idTramite":1}]'))).toBe('json');
    expect(detectarFormato(bytes('\ufeff  \r\n{"filas":[]}'))).toBe('json');
    expect(detectarFormato(bytes('idTramite;noPlanilla\n1;2'))).toBe('csv');
    expect(detectarFormato(bytes('\ufeffidTramite,noPlanilla'))).toBe('csv');
    expect(detectarFormato(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00]))).toBe('xlsx');
  });
  it('anything else is none of them: PDF, images, the old .xls, binary, nothing but blanks', () => {
    expect(detectarFormato(bytes('%PDF-1.7'))).toBeNull();
    expect(detectarFormato(new Uint8Array([0x89, 0x50, 0x4e, 0x47]))).toBeNull();
    expect(detectarFormato(new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1]))).toBeNull();
    expect(detectarFormato(new Uint8Array([0x41, 0x00, 0x42]))).toBeNull();
    expect(detectarFormato(bytes('   \n'))).toBeNull();
    expect(detectarFormato(new Uint8Array())).toBeNull();
  });
  it('Windows-1252 text is still CSV (the server then reads it as Latin-1)', () => {
    expect(detectarFormato(new Uint8Array([0x50, 0xc9, 0x52, 0x45, 0x5a, 0x3b]))).toBe('csv');
  });
});
