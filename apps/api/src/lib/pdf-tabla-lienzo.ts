import { CUERPO, type FuenteKit, LINEA, MARGEN, type PdfKitDoc } from './pdf-tabla-kit.ts';

/*
 * The page's drawing for the listing reports (pdf-tabla.ts): their text written and measured
 * directly in the embedded fonts, fills, and the grid of the rows, collected as PDF operators and
 * handed to pdfkit in one piece.
 */

/** One byte in a PDF literal string: the delimiters and the backslash escaped, CR as \r (a bare CR would read as LF). */
const byteLiteral = (b: number) =>
  b === 0x28 || b === 0x29 || b === 0x5c
    ? `\\${String.fromCharCode(b)}`
    : b === 0x0d
      ? '\\r'
      : String.fromCharCode(b);

/** Accents written as combining marks are composed first (no glyph positioning here). */
export const nfc = (t: string) => (/[\u0300-\u036f]/.test(t) ? t.normalize('NFC') : t);

/** The drawing of one document: the fonts are loaded into it here, regular, bold and italic, in that order. */
export function crearLienzo(doc: PdfKitDoc) {
  const H = doc.page.height;
  /*
   * The table's text is measured and written here, not through pdfkit's text(): pdfkit lays out
   * every distinct word with fontkit (shaping, kerning) and wraps each call in its own graphics
   * state and text object, which was most of the drawing's time for 400,000 cells. Each character
   * is looked up once per font (its glyph in the embedded subset, its advance width); a width is the
   * sum of the advances (no kerning: what is measured is what is drawn), and a row's text is one
   * text object of `Tj` operators written to the page's content in one piece. A glyph is written as
   * its two bytes (Identity-H) in a literal string, half the size of hex for the compressor.
   */
  type Glifos = { f: FuenteKit; cod: Map<number, string>; adv: Map<number, number> };
  const cargarGlifos = (nombre: 'R' | 'B' | 'I'): Glifos => {
    doc.font(nombre);
    return { f: doc._font, cod: new Map(), adv: new Map() };
  };
  const glifos = { R: cargarGlifos('R'), B: cargarGlifos('B'), I: cargarGlifos('I') };
  /** The advance of a character (thousandths of the font size), its glyph added to the subset. */
  const avance = (g: Glifos, cp: number): number => {
    const a = g.adv.get(cp);
    if (a !== undefined) return a;
    const glifo = g.f.font.glyphForCodePoint(cp);
    const gid = g.f.subset.includeGlyph(glifo.id);
    const w = glifo.advanceWidth * g.f.scale;
    g.cod.set(cp, byteLiteral(gid >> 8) + byteLiteral(gid & 0xff));
    g.adv.set(cp, w);
    if (g.f.widths[gid] == null) g.f.widths[gid] = w;
    if (g.f.unicode[gid] == null) g.f.unicode[gid] = [cp];
    return w;
  };
  let actual = glifos.R;
  let tam = CUERPO;
  const fuente = (f: 'R' | 'B' | 'I', size: number) => {
    actual = glifos[f];
    tam = size;
  };
  const ancho = (t: string) => {
    let w = 0;
    for (let i = 0; i < t.length; i++) {
      let cp = t.charCodeAt(i);
      if (cp >= 0xd800 && cp < 0xdc00 && i + 1 < t.length) cp = t.codePointAt(i++) ?? cp;
      w += avance(actual, cp);
    }
    return (w * tam) / 1000;
  };
  /** The glyphs of a text in the current font, as the literal string of a `Tj` (without its parentheses). */
  const glifosTj = (t: string) => {
    let h = '';
    for (let i = 0; i < t.length; i++) {
      let cp = t.charCodeAt(i);
      if (cp >= 0xd800 && cp < 0xdc00 && i + 1 < t.length) cp = t.codePointAt(i++) ?? cp;
      avance(actual, cp);
      h += actual.cod.get(cp);
    }
    return h;
  };

  /*
   * The page's drawing operators, collected and handed to pdfkit in one piece: before pdfkit draws
   * anything itself (title, images), when the page ends and at the end. The page's coordinates are
   * pdfkit's (y downwards); text objects flip them back, as pdfkit does, with the baseline one
   * ascender below the top of the line.
   */
  let ops: string[] = [];
  const volcar = () => {
    trazarRejilla();
    if (ops.length === 0) return;
    doc.addContent(ops.join('\n'));
    ops = [];
  };
  const n2 = (v: number) => String(Math.round(v * 100) / 100);
  const rgb = (c: string) => [1, 3, 5].map((i) => n2(Number.parseInt(c.slice(i, i + 2), 16) / 255)).join(' ');
  const colores = new Map<string, string>();
  const color = (c: string) => {
    let v = colores.get(c);
    if (v === undefined) {
      v = rgb(c);
      colores.set(c, v);
    }
    return v;
  };
  /** Opens a text object in the current font and colour; `linea` adds one line at (x, top y). */
  let texto: string[] = [];
  const abrirTexto = (c: string) => {
    const fonts = doc.page.fonts;
    if (fonts[actual.f.id] == null) fonts[actual.f.id] = actual.f.ref();
    texto.push(`q 1 0 0 -1 0 ${n2(H)} cm BT ${color(c)} rg /${actual.f.id} ${n2(tam)} Tf`);
  };
  const lineaTj = (s: string, x: number, y: number) =>
    `1 0 0 1 ${n2(x)} ${n2(H - y - (actual.f.ascender / 1000) * tam)} Tm (${glifosTj(s)}) Tj`;
  const linea = (s: string, x: number, y: number) => {
    if (s !== '') texto.push(lineaTj(s, x, y));
  };
  const cerrarTexto = () => {
    if (texto.length > 1) {
      texto.push('ET Q');
      ops.push(texto.join(' '));
    }
    texto = [];
  };
  const relleno = (c: string, x: number, y: number, w: number, h: number) =>
    ops.push(`q ${color(c)} rg ${n2(x)} ${n2(y)} ${n2(w)} ${n2(h)} re f Q`);

  /*
   * The grid of the rows drawn on a page, stroked once before the page (or the section) ends: each
   * row boundary one line, each column border one line per run of rows that share it. Stroked over
   * the rows' backgrounds, as each row's own lines were.
   */
  let horizontales: { y: number; x0: number; x1: number }[] = [];
  const verticales = new Map<number, number[]>();
  const rejilla = (derecha: number, y: number, h: number, bordes: number[]) => {
    const u = horizontales[horizontales.length - 1];
    if (!u || Math.abs(u.y - y) > 0.001 || u.x1 !== derecha)
      horizontales.push({ y, x0: MARGEN.left, x1: derecha });
    horizontales.push({ y: y + h, x0: MARGEN.left, x1: derecha });
    for (const x of bordes) {
      let v = verticales.get(x);
      if (!v) {
        v = [];
        verticales.set(x, v);
      }
      // Pairs of (from, to): a border that goes on from the row above is lengthened.
      if (v.length > 0 && Math.abs(v[v.length - 1] - y) < 0.001) v[v.length - 1] = y + h;
      else v.push(y, y + h);
    }
  };
  const trazarRejilla = () => {
    if (horizontales.length === 0 && verticales.size === 0) return;
    const l = [`q 0.5 w ${color(LINEA)} RG`];
    for (const { y, x0, x1 } of horizontales) l.push(`${n2(x0)} ${n2(y)} m ${n2(x1)} ${n2(y)} l`);
    for (const [x, v] of verticales)
      for (let i = 0; i < v.length; i += 2) l.push(`${n2(x)} ${n2(v[i])} m ${n2(x)} ${n2(v[i + 1])} l`);
    l.push('S Q');
    ops.push(l.join(' '));
    horizontales = [];
    verticales.clear();
  };
  /** A drawing operator added to the page's as it is. */
  const op = (s: string) => {
    ops.push(s);
  };

  return {
    glifos,
    fuente,
    ancho,
    abrirTexto,
    linea,
    lineaTj,
    cerrarTexto,
    relleno,
    rejilla,
    volcar,
    op,
    color,
    n2,
  };
}
export type Lienzo = ReturnType<typeof crearLienzo>;
