import { describe, expect, it } from 'vitest';
import { EJEMPLOS_NOMBRE_DOCUMENTO, MAX_MB_DOCUMENTO, manualDatos } from '../herramientas/manual-datos.ts';
import {
  carpetaZip,
  MAX_BYTES_DOCUMENTO,
  nombreVisible,
  nombreZip,
  planillaDeArchivo,
  rutaVisible,
  tipoPorFirma,
} from './rules.ts';

const b = (...x: number[]) => new Uint8Array(x);

describe('supporting files rules', () => {
  it('recognises PDF, JPEG and PNG by their first bytes only', () => {
    expect(tipoPorFirma(new TextEncoder().encode('%PDF-1.7'))).toBe('application/pdf');
    expect(tipoPorFirma(b(0xff, 0xd8, 0xff, 0xe1))).toBe('image/jpeg');
    expect(tipoPorFirma(b(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a))).toBe('image/png');
    expect(tipoPorFirma(new TextEncoder().encode('MZ\x90\x00'))).toBeNull();
    expect(tipoPorFirma(new TextEncoder().encode('\x7fELF'))).toBeNull();
    expect(tipoPorFirma(new TextEncoder().encode(' %PDF-1.4'))).toBeNull();
    expect(tipoPorFirma(b())).toBeNull();
  });

  it('matches a file to the longest attention number its name starts with, without case', () => {
    const numeros = new Map([
      ['123', 1],
      ['A-1', 2],
      ['A', 3],
      ['12', 4],
    ]);
    for (const n of EJEMPLOS_NOMBRE_DOCUMENTO) expect(planillaDeArchivo(n, numeros)).toBe(1);
    expect(planillaDeArchivo('sub/carpeta/123_2.PDF', numeros)).toBe(1);
    expect(planillaDeArchivo('a-1_2.pdf', numeros)).toBe(2);
    expect(planillaDeArchivo('A-9.pdf', numeros)).toBe(3);
    expect(planillaDeArchivo('1234.pdf', numeros)).toBeUndefined();
    expect(planillaDeArchivo('123x.pdf', numeros)).toBeUndefined();
    expect(planillaDeArchivo('../../etc/passwd', numeros)).toBeUndefined();
  });

  it('keeps the user name as harmless metadata', () => {
    expect(nombreVisible('../../etc/passwd')).toBe('passwd');
    expect(nombreVisible('C:\\docs\\124.png')).toBe('124.png');
    expect(nombreVisible('..')).toBe('archivo');
    expect(nombreVisible('12\u202e3.pdf\u0007')).toBe('123.pdf');
    expect(rutaVisible('../../etc/passwd')).toBe('etc/passwd');
    expect(rutaVisible('/abs//sub/./a.pdf')).toBe('abs/sub/a.pdf');
    expect(carpetaZip('CARDIO/LOGÍA: "x"')).toBe('CARDIO_LOGÍA_ _x_');
    expect(carpetaZip('..')).toBe('SIN DATO');
  });

  it('names the ZIPs as docs/spec-summary.md 000 §9', () => {
    expect(nombreZip(7, 'atencion')).toBe('7_carpetas_atenciones.zip');
    expect(nombreZip(7, 'fecha')).toBe('7_carpetas_por_fecha.zip');
    expect(nombreZip(7, 'fecha-especialidad')).toBe('7_carpetas_por_fecha_y_especialidad.zip');
    expect(nombreZip(7, 'atencion', true)).toBe('7_archivos_tramite.zip');
  });

  it('the manual states the limits the rules enforce', () => {
    expect(MAX_MB_DOCUMENTO * 1024 * 1024).toBe(MAX_BYTES_DOCUMENTO);
    const texto = JSON.stringify(manualDatos().secciones.find((s) => s.id === 'nombres-documentos'));
    expect(texto).toContain('20 MB por archivo y 20.000 archivos por carga');
    expect(texto).toContain('SHA-256');
  });
});
