import { describe, expect, it } from 'vitest';
import { delimitadorCsv, porFila, rechazoDeArchivo, textoCsv } from './csv-entrada.ts';

describe('a small uploaded CSV', () => {
  it('is text only: known binaries and control characters are refused, a BOM is dropped, Latin-1 read', () => {
    expect(textoCsv(Buffer.from('%PDF-1.7\n'))).toBeNull();
    expect(textoCsv(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14]))).toBeNull();
    expect(textoCsv(Buffer.from('a;b\n\u0001'))).toBeNull();
    expect(textoCsv(Buffer.from('\uFEFFcedula;nombre\n'))).toBe('cedula;nombre\n');
    expect(textoCsv(Buffer.from([0x50, 0xc9, 0x52, 0x45, 0x5a]))).toBe('PÉREZ');
  });

  it("separates by ';' or ',' counted on the first record outside quotes (';' on a tie)", () => {
    expect(delimitadorCsv('a;b;c\n1,2;3')).toBe(';');
    expect(delimitadorCsv('a,b,c\n1;2;3;4')).toBe(',');
    expect(delimitadorCsv('"Pérez, María";"1,5"\n')).toBe(';');
    expect(delimitadorCsv('a;b,c\n')).toBe(';');
  });

  it('is refused whole with its errors by row, the message counting the rows', () => {
    const errores = porFila(['Fila 5: b', 'Fila 3: a', 'Fila 5: c']);
    expect(errores).toEqual(['Fila 3: a', 'Fila 5: b', 'Fila 5: c']);
    const r = rechazoDeArchivo(errores, (n) => `${n} filas con errores`);
    expect(r.error).toMatchObject({
      code: 'ARCHIVO_CON_ERRORES',
      message: '2 filas con errores',
      totalDetalles: 3,
    });
    expect(rechazoDeArchivo(['Falta la columna cedula.'], (n) => `${n}`).error.message).toBe(
      'Falta la columna cedula.',
    );
  });
});
