import { describe, expect, it } from 'vitest';
import { pdfTexto } from '../features/reportes/test-utils.ts';
import { pdfText } from '../features/reportes-observaciones/test-utils.ts';
import { renderTablaPdf } from './pdf-tabla.ts';

/*
 * The listing reports drawn row by row with pdfkit (pdf-tabla.ts), read back with PDF.js: every
 * row, the header on every page, 'Página x de y' right on every page, long texts wrapped (not
 * lost), the empty text, and other work served while a large report is drawn.
 */

const columnas = [
  { header: 'N°', width: 22 },
  { header: 'Planilla', width: 55 },
  { header: 'Observación' },
  { header: 'Fecha', width: 55 },
];
const filas = (n: number) =>
  Array.from({ length: n }, (_, i) => [
    String(i + 1),
    `P${String(i + 1).padStart(5, '0')}`,
    i % 7 === 0
      ? `OBSERVACIÓN LARGA ${i + 1} ${'QUE OCUPA VARIAS LÍNEAS DE LA COLUMNA '.repeat(6)}FIN${i + 1}`
      : `CORTA ${i + 1}`,
    '24/11/2026',
  ]);

async function paginas(pdf: Buffer) {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({ data: new Uint8Array(pdf), verbosity: 0 }).promise;
  const out: string[] = [];
  for (let i = 1; i <= doc.numPages; i++)
    out.push(
      (await (await doc.getPage(i)).getTextContent()).items
        .map((it) => ('str' in it ? it.str : ''))
        .join(' ')
        .replace(/\s+/g, ' '),
    );
  await doc.destroy();
  return out;
}

describe('renderTablaPdf', () => {
  it('every row once, in order; the header and "Página x de y" on every page; wrapped texts whole', async () => {
    const pdf = await renderTablaPdf({
      title: 'Reporte de prueba',
      subtitle: ['Prestador: CLÍNICA', 'Tipo: P'],
      empresa: 'ASEGURADORA DEMO',
      columns: columnas,
      rows: filas(400),
      emptyText: 'Nada',
    });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const p = await paginas(pdf);
    expect(p.length).toBeGreaterThan(5);
    p.forEach((txt, i) => {
      expect(txt).toContain(`Página ${i + 1} de ${p.length}`);
      expect(txt).toContain('ASEGURADORA DEMO');
      expect(txt).toContain('Planilla');
      expect(txt).toContain('Generado:');
    });
    expect(p[0]).toContain('Reporte de prueba');
    expect(p[0]).toContain('Prestador: CLÍNICA');
    const todo = p.join(' ');
    let desde = 0;
    for (let i = 1; i <= 400; i++) {
      const at = todo.indexOf(`P${String(i).padStart(5, '0')}`, desde);
      expect(at, `fila ${i}`).toBeGreaterThanOrEqual(0);
      desde = at;
    }
    // A wrapped cell keeps its end (no ellipsis for a row that fits a page).
    expect(todo).toContain('FIN393');
  });

  it('every character reads back as written: more than 256 glyphs, escaped glyph codes, combining accents', async () => {
    // The table's text is written as glyph codes of the embedded subset (two bytes each, in order
    // of first use): past 256 glyphs the high byte is used, and codes that are '(' ')' '\\' or CR
    // in a byte must be escaped. ASCII, Latin-1, Latin Extended-A, Greek and Cyrillic: 437 glyphs.
    const cps: number[] = [];
    for (const [a, b] of [
      [0x21, 0x7e],
      [0xa1, 0xff],
      [0x100, 0x17f],
      [0x391, 0x3c9],
      [0x410, 0x44f],
    ])
      for (let c = a; c <= b; c++) if (c !== 0x3a2 && c !== 0xad) cps.push(c);
    const palabras: string[] = [];
    for (let i = 0; i < cps.length; i += 12) palabras.push(String.fromCodePoint(...cps.slice(i, i + 12)));
    const pdf = await renderTablaPdf({
      title: 'Caracteres',
      empresa: 'E',
      columns: columnas,
      rows: palabras.map((w, i) => [String(i + 1), `P${i + 1}`, w, i === 0 ? 'JOSE\u0301 PE\u0301REZ' : '']),
      emptyText: '',
    });
    const texto = await pdfTexto(pdf);
    for (const w of palabras) expect(texto).toContain(w);
    // Accents written as combining marks are composed (no glyph positioning here).
    expect(texto).toContain('JOSÉ PÉREZ');
  });

  it('the empty text when there are no rows; one page', async () => {
    const pdf = await renderTablaPdf({
      title: 'Vacío',
      empresa: 'E',
      columns: columnas,
      rows: [],
      emptyText: 'No hay observaciones para este trámite/tipo.',
    });
    const texto = await pdfText(pdf);
    expect(texto).toContain('No hay observaciones para este trámite/tipo.');
    expect(texto).toContain('Página 1 de 1');
  });

  it('other work runs while a large report is drawn (the event loop is not held)', async () => {
    let ticks = 0;
    const timer = setInterval(() => {
      ticks++;
    }, 5);
    const t0 = performance.now();
    await renderTablaPdf({
      title: 'Grande',
      empresa: 'E',
      columns: columnas,
      rows: filas(3000),
      emptyText: '',
    });
    const ms = performance.now() - t0;
    clearInterval(timer);
    // With the loop held for the whole render there would be no tick at all.
    expect(ticks).toBeGreaterThan(Math.min(20, ms / 100));
  });
});
