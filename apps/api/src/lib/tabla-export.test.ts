import type { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { hayLibreOffice, leerCsv, leerXlsx, xlsxPorLibreOffice } from '../test/xlsx.ts';
import {
  archivoExport,
  celdaCsv,
  columnasExport,
  exportCsv,
  exportXlsx,
  XLSX_CONTENT_TYPE,
} from './tabla-export.ts';

type Fila = {
  numero: string;
  paciente: string;
  fecha: string | null;
  registro: Date | string | null;
  cantidad: number;
  aprobado: string | number | null;
  avance: number;
};

const COLUMNAS = columnasExport<Fila>([
  { titulo: 'Número', tipo: 'texto', valor: (f) => f.numero },
  { titulo: 'Paciente', tipo: 'texto', valor: (f) => f.paciente, ancho: 30 },
  { titulo: 'Fecha de atención', tipo: 'fecha', valor: (f) => f.fecha },
  { titulo: 'Registrado', tipo: 'fechaHora', valor: (f) => f.registro },
  { titulo: 'Cantidad', tipo: 'entero', valor: (f) => f.cantidad },
  { titulo: 'Aprobado', tipo: 'monto', valor: (f) => f.aprobado },
  { titulo: 'Avance', tipo: 'porcentaje', valor: (f) => f.avance },
]);

const FILAS: Fila[] = [
  {
    numero: '0001',
    paciente: 'JOSÉ ÁLVAREZ',
    fecha: '2026-03-03',
    // 02:30 UTC on the 4th is 21:30 of the 3rd in Guayaquil (UTC−5).
    registro: new Date('2026-03-04T02:30:00Z'),
    cantidad: 2,
    aprobado: '1234.50',
    avance: 0.125,
  },
  {
    numero: '0002',
    paciente: '=HYPERLINK("http://malo.ec","Ver")',
    fecha: null,
    registro: '2026-12-31T15:05:00.000Z',
    cantidad: 0,
    aprobado: -5,
    avance: 1,
  },
  {
    numero: '0003',
    paciente: '',
    fecha: '2026-01-09',
    registro: null,
    cantidad: 7,
    aprobado: null,
    avance: 0,
  },
];

async function bytes(s: Readable): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const c of s) parts.push(Buffer.from(c));
  return Buffer.concat(parts);
}

describe('tabla-export: CSV', () => {
  it('writes the header and every row through the one CSV writer (BOM, ;), typed values as text', async () => {
    const buf = await bytes(exportCsv(COLUMNAS, FILAS));
    expect(buf.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(leerCsv(buf)).toEqual([
      COLUMNAS.map((c) => c.titulo),
      ['0001', 'JOSÉ ÁLVAREZ', '03/03/2026', '03/03/2026 21:30', '2', '1234,50', '12,50 %'],
      ['0002', `'=HYPERLINK("http://malo.ec","Ver")`, '', '31/12/2026 10:05', '0', '-5,00', '100,00 %'],
      ['0003', '', '09/01/2026', '', '7', '', '0,00 %'],
    ]);
  });

  it('monto keeps the decimal comma of decision 56 without grouping', () => {
    expect(celdaCsv('monto', '1234567.80')).toBe('1234567,80');
    expect(celdaCsv('monto', 3.5)).toBe('3,50');
    expect(celdaCsv('texto', true)).toBe('Sí');
  });
});

describe('tabla-export: XLSX', () => {
  it('re-opened with exceljs: typed cells, number formats, real dates, bold frozen header, widths', async () => {
    const a = archivoExport({
      columnas: COLUMNAS,
      filas: FILAS,
      formato: 'xlsx',
      nombre: 'prueba',
      hoja: 'Atenciones',
    });
    expect(a.nombre).toBe('prueba.xlsx');
    expect(a.contentType).toBe(XLSX_CONTENT_TYPE);
    const { ws, filas } = await leerXlsx(await bytes(a.stream));
    expect(ws.name).toBe('Atenciones');
    expect(filas[0]).toEqual(COLUMNAS.map((c) => c.titulo));
    expect(ws.getRow(1).font?.bold).toBe(true);
    expect(ws.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(ws.getColumn(2).width).toBe(30);
    expect(ws.getColumn(3).width).toBe(19); // the header's length + 2

    const r2 = ws.getRow(2);
    expect(r2.getCell(1).value).toBe('0001');
    expect(r2.getCell(2).value).toBe('JOSÉ ÁLVAREZ');
    expect(r2.getCell(3).value).toEqual(new Date(Date.UTC(2026, 2, 3)));
    expect(r2.getCell(3).numFmt).toBe('dd/mm/yyyy');
    // Guayaquil's wall clock, as a spreadsheet date has no time zone.
    expect(r2.getCell(4).value).toEqual(new Date(Date.UTC(2026, 2, 3, 21, 30)));
    expect(r2.getCell(4).numFmt).toBe('dd/mm/yyyy hh:mm');
    expect(r2.getCell(5).value).toBe(2);
    expect(r2.getCell(5).numFmt).toBe('0');
    expect(r2.getCell(6).value).toBe(1234.5);
    expect(r2.getCell(6).numFmt).toBe('#,##0.00');
    expect(r2.getCell(7).value).toBe(0.125);
    expect(r2.getCell(7).numFmt).toBe('0.00%');

    const r3 = ws.getRow(3);
    // A text cell is text, never a formula, and shows the same neutralised text as the CSV.
    expect(r3.getCell(2).formula).toBeUndefined();
    expect(r3.getCell(2).value).toBe(`'=HYPERLINK("http://malo.ec","Ver")`);
    expect(r3.getCell(3).value).toBeNull();
    expect(r3.getCell(4).value).toEqual(new Date(Date.UTC(2026, 11, 31, 10, 5)));
    expect(r3.getCell(6).value).toBe(-5);
    expect(filas[3]).toEqual(['0003', undefined, new Date(Date.UTC(2026, 0, 9)), undefined, 7, undefined, 0]);
  });

  it('streams an async iterable of many rows (the keyset batches of a route)', async () => {
    async function* muchas() {
      for (let i = 1; i <= 5000; i++) {
        if (i % 1000 === 0) await new Promise((r) => setTimeout(r, 1));
        yield { ...FILAS[0], numero: String(i).padStart(6, '0'), aprobado: (i / 100).toFixed(2) };
      }
    }
    const { ws, filas } = await leerXlsx(await bytes(exportXlsx(COLUMNAS, muchas())));
    expect(filas).toHaveLength(5001);
    expect(ws.getRow(5001).getCell(1).value).toBe('005000');
    expect(ws.getRow(5001).getCell(6).value).toBe(50);
  });

  it('an error of the rows aborts the stream', async () => {
    async function* rota() {
      yield FILAS[0];
      throw new Error('la base de datos se cayó');
    }
    await expect(bytes(exportXlsx(COLUMNAS, rota()))).rejects.toThrow('la base de datos se cayó');
    await expect(bytes(exportCsv(COLUMNAS, rota()))).rejects.toThrow('la base de datos se cayó');
  });

  it('opens cleanly in LibreOffice Calc (soffice --headless --convert-to csv), formats applied', async (ctx) => {
    if (!hayLibreOffice()) {
      if (process.env.CI)
        throw new Error('soffice no está instalado: .ci/run instala libreoffice-calc-nogui');
      ctx.skip('soffice (LibreOffice Calc) no está instalado en esta máquina; en CI se exige');
    }
    const buf = await bytes(exportXlsx(COLUMNAS, FILAS));
    expect(xlsxPorLibreOffice(buf)).toEqual([
      COLUMNAS.map((c) => c.titulo),
      ['0001', 'JOSÉ ÁLVAREZ', '03/03/2026', '03/03/2026 21:30', '2', '1,234.50', '12.50%'],
      ['0002', `'=HYPERLINK("http://malo.ec","Ver")`, '', '31/12/2026 10:05', '0', '-5.00', '100.00%'],
      ['0003', '', '09/01/2026', '', '7', '', '0.00%'],
    ]);
  }, 120_000);
});
