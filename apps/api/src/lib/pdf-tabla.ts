import { createRequire } from 'node:module';
import path from 'node:path';
import { formatDateTime } from '@app/domain/common/format';

/*
 * Listing reports (ReportTable of pdf.ts) drawn row by row with pdfkit, the engine pdfmake ships with
 * (resolved through pdfmake: no second copy, no new dependency). pdfmake lays out the whole document
 * as a tree before writing a byte: a 5,000-row observations report took 15–18 s of the event loop
 * and about 240 MB (docs/performance.md 'Observaciones'). Here each row is measured, drawn and
 * forgotten as it comes, and each page leaves when the next one opens; only the pages' footers
 * ('Página x de y', small forms) wait for the end, when the number of pages is known.
 */

const require = createRequire(import.meta.url);

type Opts = Record<string, unknown>;
/**
 * pdfkit's embedded font (its EmbeddedFont), the parts the table's direct text path uses: the
 * fontkit font, the subset the PDF embeds, the widths and the Unicode map written with it.
 */
type FuenteKit = {
  id: string;
  ascender: number;
  scale: number;
  font: { glyphForCodePoint(cp: number): { id: number; advanceWidth: number } };
  subset: { includeGlyph(id: number): number };
  widths: number[];
  unicode: number[][];
  ref(): unknown;
};
/** An indirect object of pdfkit's document (its PDFReference). */
type RefPdf = { data: Record<string, unknown>; buffer: unknown[]; end(content?: string): void };
/** What a written object keeps: nothing (shared, never written again). */
const NADA: Record<string, unknown> = Object.freeze({}) as Record<string, unknown>;
const NINGUNO: unknown[] = Object.freeze([]) as unknown as unknown[];
/** The part of pdfkit's PDFDocument used here (pdfkit ships no types). */
type PdfKitDoc = {
  page: {
    width: number;
    height: number;
    fonts: Record<string, unknown>;
    xobjects: Record<string, unknown>;
    dictionary: RefPdf;
    resources: RefPdf;
    content: RefPdf;
  };
  y: number;
  _font: FuenteKit;
  on(event: 'data', fn: (c: Buffer) => void): void;
  on(event: 'end' | 'error', fn: (e?: Error) => void): void;
  registerFont(name: string, file: string): PdfKitDoc;
  font(name: string): PdfKitDoc;
  fontSize(n: number): PdfKitDoc;
  fillColor(c: string): PdfKitDoc;
  text(s: string, x: number, y: number, o?: Opts): PdfKitDoc;
  heightOfString(s: string, o?: Opts): number;
  currentLineHeight(includeGap?: boolean): number;
  image(src: Buffer, x: number, y: number, o?: Opts): PdfKitDoc;
  addContent(ops: string): PdfKitDoc;
  /** A new indirect object (a stream once `end` writes its content). */
  ref(data: Record<string, unknown>): RefPdf;
  addPage(o?: Opts): PdfKitDoc;
  end(): void;
};
type PdfKit = new (o: Opts) => PdfKitDoc;

let cargado: { PDFDocument: PdfKit; fuentes: Record<'R' | 'B' | 'I', string> } | undefined;
function pdfkit() {
  if (cargado) return cargado;
  const desdePdfmake = createRequire(require.resolve('pdfmake'));
  const PDFDocument = desdePdfmake('pdfkit') as PdfKit;
  const dir = path.join(path.dirname(require.resolve('pdfmake/package.json')), 'fonts', 'Roboto');
  cargado = {
    PDFDocument,
    fuentes: {
      R: path.join(dir, 'Roboto-Regular.ttf'),
      B: path.join(dir, 'Roboto-Medium.ttf'),
      I: path.join(dir, 'Roboto-Italic.ttf'),
    },
  };
  return cargado;
}

export type ColumnaPdf = {
  header: string;
  /** Points, or '*' (the columns without a number share what is left). */
  width?: number | string;
  /** Amounts are right-aligned. */
  align?: 'left' | 'right';
};

/**
 * A row: its cells, or cells with a style. `grupo` (an attention heading its lines) and `total` are
 * bold on a tinted background; `span` merges the first `span` columns into the first cell (the
 * row then has `columns - span + 1` cells).
 */
export type FilaPdf = string[] | { celdas: string[]; estilo?: 'grupo' | 'total'; span?: number };

/** One table of a report: its own columns and header (repeated on every page it spans). */
export type SeccionPdf = {
  titulo?: string;
  columns: ColumnaPdf[];
  rows: FilaPdf[];
  emptyText: string;
};

export type InformePdf = {
  title: string;
  subtitle?: string[];
  empresa: string;
  logo?: string | null;
  secciones: SeccionPdf[];
  /** The instant printed as 'Generado:' (now by default). */
  generado?: Date;
};

export type TablaPdf = {
  title: string;
  subtitle?: string[];
  empresa: string;
  logo?: string | null;
  columns: ColumnaPdf[];
  rows: string[][];
  emptyText: string;
};

const MARGEN = { top: 70, left: 36, right: 36, bottom: 40 };
const PAD_X = 4;
const PAD_Y = 2;
const CUERPO = 8.5;
const CABECERA = 9;
const TITULO_SECCION = 10.5;
const ENTRE_SECCIONES = 14;
const AZUL = '#1677ff';
const CEBRA = '#f5f7fa';
const GRUPO = '#e6f0ff';
const TOTAL = '#eef0f3';
const LINEA = '#d9d9d9';

/** Rows drawn between two yields to the event loop (other requests are served meanwhile). */
const TANDA = 50;
const ceder = () => new Promise<void>((r) => setImmediate(r));
/** One byte in a PDF literal string: the delimiters and the backslash escaped, CR as \r (a bare CR would read as LF). */
const byteLiteral = (b: number) =>
  b === 0x28 || b === 0x29 || b === 0x5c
    ? `\\${String.fromCharCode(b)}`
    : b === 0x0d
      ? '\\r'
      : String.fromCharCode(b);

const celdasDe = (f: FilaPdf) => (Array.isArray(f) ? f : f.celdas);
const estiloDe = (f: FilaPdf) => (Array.isArray(f) ? undefined : f.estilo);
const spanDe = (f: FilaPdf) => (Array.isArray(f) ? 1 : Math.max(1, f.span ?? 1));

/** The parts of a report known before its rows: everything but the tables' rows. */
export type CabeceraInforme = Omit<InformePdf, 'secciones'>;
/** A table of a report before its rows: title, columns, the text when it has none. */
export type SeccionInicio = Omit<SeccionPdf, 'rows'>;

/**
 * A listing report drawn while its rows arrive (`abrirInforme`): `seccion` opens a table, `filas`
 * draws rows of the open one (in as many calls as wanted), `terminar` ends the document. Only the
 * rows of one call are held: memory does not grow with the report.
 */
export type EscritorInforme = {
  seccion(s: SeccionInicio): void;
  filas(rows: FilaPdf[]): Promise<void>;
  terminar(): Promise<{ paginas: number }>;
};

/**
 * A listing report with the product's look: logo and company, title, one or more tables with their
 * header on every page, 'Página x de y', 'Generado:' (America/Guayaquil). One pass: each row is
 * measured and drawn as it comes, each page handed to `salida` when the next one opens, so a large
 * report leaves while it is drawn. The number of pages is known only at the end: each page's footer
 * is a form (XObject) of its own, written then. With `ceder` (the default) other work runs every
 * TANDA rows (callers on the main thread; the report worker uses it so pdfkit's stream flows).
 */
export function abrirInforme(
  r: CabeceraInforme,
  salida: (chunk: Buffer) => void,
  opts: { ceder?: boolean } = {},
): EscritorInforme {
  const pausa = opts.ceder === false ? null : ceder;
  const { PDFDocument, fuentes } = pdfkit();
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margins: MARGEN,
    compress: true,
    // The table's text does not go through pdfkit's word layout (below): nothing to cache.
    fontLayoutCache: false,
    info: { Title: r.title, Creator: 'Auditoría Médica' },
  });
  const fin = new Promise<void>((resolve, reject) => {
    doc.on('data', (c) => salida(c));
    doc.on('end', () => resolve());
    doc.on('error', reject);
  });
  fin.catch(() => {});
  doc.registerFont('R', fuentes.R).registerFont('B', fuentes.B).registerFont('I', fuentes.I);
  const W = doc.page.width;
  const H = doc.page.height;
  const util = W - MARGEN.left - MARGEN.right;
  const bottom = H - MARGEN.bottom;
  const generado = `Generado: ${formatDateTime(r.generado ?? new Date())}`;
  const logo = r.logo ? Buffer.from(r.logo.slice(r.logo.indexOf(',') + 1), 'base64') : null;

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
  /** Accents written as combining marks are composed first (no glyph positioning here). */
  const nfc = (t: string) => (/[\u0300-\u036f]/.test(t) ? t.normalize('NFC') : t);

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
  const rejilla = (g: Geo, y: number, h: number, bordes: number[]) => {
    const u = horizontales[horizontales.length - 1];
    if (!u || Math.abs(u.y - y) > 0.001 || u.x1 !== g.derecha)
      horizontales.push({ y, x0: MARGEN.left, x1: g.derecha });
    horizontales.push({ y: y + h, x0: MARGEN.left, x1: g.derecha });
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

  doc.font('B').fontSize(CABECERA);
  const lineaCabecera = doc.currentLineHeight(true);
  doc.font('R').fontSize(CUERPO);
  const alto = doc.currentLineHeight(true);
  const VACIO = 20 + alto;

  /**
   * The lines of a wrapped cell in the current font, broken at spaces (a word wider than the cell at
   * characters), at most `max` lines (the last one ends in '…' when cut).
   */
  const partir = (texto: string, w: number, max: number): string[] => {
    const out: string[] = [];
    const sp = ancho(' ');
    for (const parrafo of texto.split('\n')) {
      let linea = '';
      let usado = 0;
      for (const palabra of parrafo.split(' ')) {
        if (palabra === '') continue;
        let pw = ancho(palabra);
        let resto = palabra;
        if (linea !== '' && usado + sp + pw <= w + 0.01) {
          linea += ` ${palabra}`;
          usado += sp + pw;
          continue;
        }
        if (linea !== '') out.push(linea);
        // A word wider than the cell: as many characters per line as fit.
        while (pw > w + 0.01 && resto.length > 1) {
          let k = resto.length - 1;
          while (k > 1 && ancho(resto.slice(0, k)) > w) k--;
          out.push(resto.slice(0, k));
          resto = resto.slice(k);
          pw = ancho(resto);
        }
        linea = resto;
        usado = pw;
      }
      out.push(linea);
    }
    if (out.length > max) {
      out.length = max;
      let u = out[max - 1];
      while (u.length > 0 && ancho(`${u}…`) > w) u = u.slice(0, -1);
      out[max - 1] = `${u}…`;
    }
    return out;
  };

  /** Column geometry of a section: widths as pdfmake (fixed as given, '*' share the rest). */
  const geometria = (columns: ColumnaPdf[]) => {
    const fijos = columns.reduce((a, c) => a + (typeof c.width === 'number' ? c.width : 0), 0);
    const estrellas = columns.filter((c) => typeof c.width !== 'number').length;
    const resto = util - fijos - columns.length * 2 * PAD_X;
    const anchos = columns.map((c) =>
      typeof c.width === 'number' ? c.width : Math.max(20, resto / Math.max(1, estrellas)),
    );
    const xs: number[] = [];
    let acc = MARGEN.left;
    for (const w of anchos) {
      xs.push(acc);
      acc += w + 2 * PAD_X;
    }
    fuente('B', CABECERA);
    const cabecera = columns.map((c, i) =>
      partir(nfc(c.header), anchos[i], 10).map((l) => ({ l, ancho: ancho(l) })),
    );
    const altoCabecera = Math.max(...cabecera.map((x) => x.length)) * lineaCabecera + 2 * PAD_Y;
    const maxAlto = bottom - MARGEN.top - altoCabecera - 2 * PAD_Y;
    return {
      anchos,
      xs,
      derecha: acc,
      altoCabecera,
      cabecera,
      nCol: columns.length,
      /** A row never passes a page: its wrapped cells are cut to this many lines. */
      maxLineas: Math.max(1, Math.floor(maxAlto / alto)),
    };
  };
  type Geo = ReturnType<typeof geometria>;

  const todosBordes = (g: Geo) => [...g.xs, g.derecha];
  const bordesDe = (g: Geo, f: FilaPdf) => {
    const span = Math.min(spanDe(f), g.nCol);
    return span <= 1 ? todosBordes(g) : [g.xs[0], ...g.xs.slice(span), g.derecha];
  };

  /** A row measured: its height and, per cell, the lines drawn and where. */
  type Celda = { lineas: string[]; x: number[] };
  const medir = (g: Geo, cols: ColumnaPdf[], f: FilaPdf): { h: number; celdas: Celda[] } => {
    const celdas = celdasDe(f);
    const span = Math.min(spanDe(f), g.nCol);
    fuente(estiloDe(f) !== undefined ? 'B' : 'R', CUERPO);
    let h = alto;
    const out: Celda[] = [];
    for (let k = 0; k < celdas.length; k++) {
      const c0 = k === 0 ? 0 : span + k - 1;
      if (c0 >= g.nCol) break;
      const c1 = k === 0 ? span - 1 : c0;
      const w = g.xs[c1] + g.anchos[c1] - g.xs[c0];
      // A merged cell: a heading reads from the left, a total's label sits by its amounts.
      const right = c1 > c0 ? estiloDe(f) === 'total' : cols[c0].align === 'right';
      const x = g.xs[c0] + PAD_X;
      const s = nfc(celdas[k] ?? '');
      if (s === '') continue;
      if (!s.includes('\n')) {
        const a = ancho(s);
        if (a <= w) {
          out.push({ lineas: [s], x: [right ? x + w - a : x] });
          continue;
        }
      }
      const lineas = partir(s, w, g.maxLineas);
      out.push({ lineas, x: lineas.map((l) => (right ? x + w - ancho(l) : x)) });
      h = Math.max(h, lineas.length * alto);
    }
    return { h: h + 2 * PAD_Y, celdas: out };
  };

  /** Company and date on top; the page number below, in the page's own footer form (written at the end). */
  /** Each page's footer form, in page order: its dictionary is filled in at the end (small until then). */
  const pies: RefPdf[] = [];
  let pagina = 0;
  const marco = () => {
    pagina++;
    let xEmpresa = MARGEN.left;
    if (logo) {
      volcar();
      try {
        doc.image(logo, MARGEN.left, 20, { fit: [90, 36] });
        xEmpresa += 100;
      } catch {
        // an image pdfkit cannot read: the company name alone
      }
    }
    fuente('B', 11);
    abrirTexto('#000000');
    linea(nfc(r.empresa), xEmpresa + 8, 28);
    cerrarTexto();
    fuente('R', 8);
    abrirTexto('#555555');
    linea(generado, MARGEN.left + util - ancho(generado), 20);
    cerrarTexto();
    const ref = doc.ref({});
    doc.page.xobjects.Pie = ref;
    ops.push(`q 1 0 0 -1 0 ${n2(H)} cm /Pie Do Q`);
    pies.push(ref);
  };
  const escribirPies = () => {
    fuente('R', 8);
    const fR = glifos.R.f;
    for (let i = 0; i < pies.length; i++) {
      const pie = `Página ${i + 1} de ${pagina}`;
      Object.assign(pies[i].data, {
        Type: 'XObject',
        Subtype: 'Form',
        BBox: [0, 0, W, H],
        Resources: { Font: { [fR.id]: fR.ref() } },
      });
      // The form is drawn in the page's unflipped space: the same baseline as the text above.
      pies[i].end(
        `BT ${color('#555555')} rg /${glifos.R.f.id} 8 Tf ${lineaTj(pie, MARGEN.left + (util - ancho(pie)) / 2, H - 30)} ET`,
      );
      pies[i].data = NADA;
      pies[i].buffer = NINGUNO;
    }
    pies.length = 0;
  };

  const nuevaPagina = () => {
    volcar();
    const anterior = doc.page;
    doc.addPage();
    // pdfkit wrote the finished page (addPage ends it) but keeps its objects, with their
    // dictionaries, for the page tree: only their numbers are read again. Emptied, a page costs a
    // few dozen bytes until the end instead of about 2 kB.
    for (const o of [anterior.dictionary, anterior.resources, anterior.content]) {
      o.data = NADA;
      o.buffer = NINGUNO;
    }
    marco();
    return MARGEN.top;
  };

  // The first page: frame, title and subtitles.
  marco();
  volcar();
  doc.font('B').fontSize(15).fillColor('#000000').text(r.title, MARGEN.left, MARGEN.top, { width: util });
  doc.y += 4;
  doc.font('R').fontSize(9).fillColor('#444444');
  for (const s of r.subtitle ?? []) doc.text(s, MARGEN.left, doc.y, { width: util });
  doc.fillColor('#000000');
  doc.font('B').fontSize(15);
  let y = MARGEN.top + doc.heightOfString(r.title, { width: util }) + 4;
  doc.font('R').fontSize(9);
  for (const s of r.subtitle ?? []) y += doc.heightOfString(s, { width: util });
  y += 12;

  type Abierta = { s: SeccionInicio; g: Geo; titulo: number; iniciada: boolean; cebra: number };
  let abierta: Abierta | null = null;
  let secciones = 0;
  let dibujadas = 0;

  const filaCabecera = (s: SeccionInicio, g: Geo) => {
    relleno(AZUL, MARGEN.left, y, g.derecha - MARGEN.left, g.altoCabecera);
    fuente('B', CABECERA);
    abrirTexto('#ffffff');
    s.columns.forEach((c, i) => {
      g.cabecera[i].forEach(({ l, ancho }, j) => {
        const x = c.align === 'right' ? g.xs[i] + PAD_X + g.anchos[i] - ancho : g.xs[i] + PAD_X;
        linea(l, x, y + PAD_Y + j * lineaCabecera);
      });
    });
    cerrarTexto();
    rejilla(g, y, g.altoCabecera, todosBordes(g));
    y += g.altoCabecera;
  };

  /** Starts the open section: on a new page if its title, header and first row do not fit. */
  const iniciar = (a: Abierta, primera: number | null) => {
    a.iniciada = true;
    if (secciones++ > 0) y += ENTRE_SECCIONES;
    const necesita = primera === null ? VACIO : a.g.altoCabecera + primera;
    if (y > MARGEN.top && y + a.titulo + necesita > bottom) y = nuevaPagina();
    if (a.s.titulo) {
      volcar();
      doc
        .font('B')
        .fontSize(TITULO_SECCION)
        .fillColor('#000000')
        .text(a.s.titulo, MARGEN.left, y, { width: util });
      y += a.titulo;
    }
    if (primera === null) {
      volcar();
      doc
        .font('I')
        .fontSize(CUERPO)
        .fillColor('#000000')
        .text(a.s.emptyText, MARGEN.left, y + 20, { width: util });
      y += VACIO;
    } else filaCabecera(a.s, a.g);
  };
  /** A section without rows says so. */
  const cerrarSeccion = () => {
    if (abierta && !abierta.iniciada) iniciar(abierta, null);
    abierta = null;
  };

  return {
    seccion(s) {
      cerrarSeccion();
      let titulo = 0;
      if (s.titulo) {
        doc.font('B').fontSize(TITULO_SECCION);
        titulo = doc.heightOfString(s.titulo, { width: util }) + 4;
      }
      abierta = { s, g: geometria(s.columns), titulo, iniciada: false, cebra: 0 };
    },
    async filas(rows) {
      const a = abierta;
      if (!a) throw new Error('rows before a table was opened');
      const g = a.g;
      for (const f of rows) {
        const { h, celdas } = medir(g, a.s.columns, f);
        if (!a.iniciada) iniciar(a, h);
        else if (y + h > bottom) {
          y = nuevaPagina();
          filaCabecera(a.s, g);
        }
        const estilo = estiloDe(f);
        const fondo =
          estilo === 'grupo' ? GRUPO : estilo === 'total' ? TOTAL : a.cebra++ % 2 === 1 ? CEBRA : null;
        if (fondo) relleno(fondo, MARGEN.left, y, g.derecha - MARGEN.left, h);
        if (estilo) a.cebra = 0;
        fuente(estilo ? 'B' : 'R', CUERPO);
        abrirTexto('#000000');
        for (const c of celdas)
          for (let j = 0; j < c.lineas.length; j++) linea(c.lineas[j], c.x[j], y + PAD_Y + j * alto);
        cerrarTexto();
        rejilla(g, y, h, bordesDe(g, f));
        y += h;
        if (pausa && ++dibujadas % TANDA === 0) await pausa();
      }
    },
    async terminar() {
      cerrarSeccion();
      volcar();
      escribirPies();
      doc.end();
      await fin;
      return { paginas: pagina };
    },
  };
}

/** A whole report at once (its rows in memory): the listing reports of the main thread. */
export async function escribirInformePdf(
  r: InformePdf,
  salida: (chunk: Buffer) => void,
  opts: { ceder?: boolean } = {},
): Promise<{ paginas: number }> {
  const { secciones, ...cabecera } = r;
  const e = abrirInforme(cabecera, salida, opts);
  for (const { rows, ...s } of secciones) {
    e.seccion(s);
    await e.filas(rows);
  }
  return e.terminar();
}

/** One table (the listing reports 4–9 and 12 before issue 15): the whole PDF in memory. */
export async function renderTablaPdf(r: TablaPdf): Promise<Buffer> {
  const chunks: Buffer[] = [];
  await escribirInformePdf(
    {
      title: r.title,
      subtitle: r.subtitle,
      empresa: r.empresa,
      logo: r.logo,
      secciones: [{ columns: r.columns, rows: r.rows, emptyText: r.emptyText }],
    },
    (c) => chunks.push(c),
  );
  return Buffer.concat(chunks);
}
