import { createRequire } from 'node:module';
import path from 'node:path';
import { formatDateTime } from '@app/domain/common/format';

/*
 * Listing reports (ReportTable of pdf.ts) drawn row by row with pdfkit, the engine pdfmake ships with
 * (resolved through pdfmake: no second copy, no new dependency). pdfmake lays out the whole document
 * as a tree before writing a byte: a 5,000-row observations report took 15–18 s of the event loop
 * and about 240 MB (docs/performance.md 'Observaciones'). Here each row is measured, drawn and
 * forgotten; only pdfkit's finished pages stay (a few kB each) until the page numbers are written.
 */

const require = createRequire(import.meta.url);

type Opts = Record<string, unknown>;
/** The part of pdfkit's PDFDocument used here (pdfkit ships no types). */
type PdfKitDoc = {
  page: { width: number; height: number };
  y: number;
  on(event: 'data', fn: (c: Buffer) => void): void;
  on(event: 'end' | 'error', fn: (e?: Error) => void): void;
  registerFont(name: string, file: string): PdfKitDoc;
  font(name: string): PdfKitDoc;
  fontSize(n: number): PdfKitDoc;
  fillColor(c: string): PdfKitDoc;
  strokeColor(c: string): PdfKitDoc;
  lineWidth(n: number): PdfKitDoc;
  text(s: string, x: number, y: number, o?: Opts): PdfKitDoc;
  heightOfString(s: string, o?: Opts): number;
  widthOfString(s: string, o?: Opts): number;
  currentLineHeight(includeGap?: boolean): number;
  rect(x: number, y: number, w: number, h: number): PdfKitDoc;
  fill(c?: string): PdfKitDoc;
  moveTo(x: number, y: number): PdfKitDoc;
  lineTo(x: number, y: number): PdfKitDoc;
  stroke(): PdfKitDoc;
  image(src: Buffer, x: number, y: number, o?: Opts): PdfKitDoc;
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
/** Rows between two trims of pdfkit's layout cache. */
const PODA = 2000;
const ceder = () => new Promise<void>((r) => setImmediate(r));

const celdasDe = (f: FilaPdf) => (Array.isArray(f) ? f : f.celdas);
const estiloDe = (f: FilaPdf) => (Array.isArray(f) ? undefined : f.estilo);
const spanDe = (f: FilaPdf) => (Array.isArray(f) ? 1 : Math.max(1, f.span ?? 1));

/**
 * A listing report with the product's look: logo and company, title, one or more tables with their
 * header on every page, 'Página x de y', 'Generado:' (America/Guayaquil). Two passes: the first
 * measures the rows (and so the number of pages), the second draws each page and hands its bytes to
 * `salida` as soon as the next page opens, so a large report leaves while it is drawn. With `ceder`
 * the event loop runs other work every TANDA rows (for callers on the main thread; the report worker
 * draws without it).
 */
export async function escribirInformePdf(
  r: InformePdf,
  salida: (chunk: Buffer) => void,
  opts: { ceder?: boolean } = {},
): Promise<{ paginas: number }> {
  const pausa = opts.ceder === false ? null : ceder;
  const { PDFDocument, fuentes } = pdfkit();
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margins: MARGEN,
    compress: true,
    info: { Title: r.title, Creator: 'Auditoría Médica' },
  });
  const fin = new Promise<void>((resolve, reject) => {
    doc.on('data', (c) => salida(c));
    doc.on('end', () => resolve());
    doc.on('error', reject);
  });
  doc.registerFont('R', fuentes.R).registerFont('B', fuentes.B).registerFont('I', fuentes.I);
  const W = doc.page.width;
  const H = doc.page.height;
  const util = W - MARGEN.left - MARGEN.right;
  const bottom = H - MARGEN.bottom;
  const generado = `Generado: ${formatDateTime(r.generado ?? new Date())}`;
  const logo = r.logo ? Buffer.from(r.logo.slice(r.logo.indexOf(',') + 1), 'base64') : null;

  /**
   * Text widths for the table as the sum of its characters' advance widths, each measured once per
   * font: the layout engine (fontkit) shapes every distinct word, and in a report of 10,000
   * attentions most words (numbers, names, cédulas) are distinct. Kerning is left out, so a width is
   * at most a fraction of a point wider than drawn: wrapping stays safe, right alignment exact enough.
   */
  const anchosPorFuente = new Map<string, Map<string, number>>();
  let anchosFuente = new Map<string, number>();
  const fuente = (f: 'R' | 'B' | 'I', size: number) => {
    doc.font(f).fontSize(size);
    const k = `${f}${size}`;
    let m = anchosPorFuente.get(k);
    if (!m) {
      m = new Map();
      anchosPorFuente.set(k, m);
    }
    anchosFuente = m;
  };
  const ancho = (t: string) => {
    let w = 0;
    for (const ch of t) {
      let a = anchosFuente.get(ch);
      if (a === undefined) {
        a = doc.widthOfString(ch);
        anchosFuente.set(ch, a);
      }
      w += a;
    }
    return w;
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
    const lh = doc.currentLineHeight(true);
    const cabecera = columns.map((c, i) =>
      partir(c.header, anchos[i], 10).map((l) => ({ l, ancho: ancho(l) })),
    );
    const altoCabecera = Math.max(...cabecera.map((x) => x.length)) * lh + 2 * PAD_Y;
    return { anchos, xs, derecha: acc, altoCabecera, cabecera, nCol: columns.length };
  };
  type Geo = ReturnType<typeof geometria>;

  /** The cells of a row with their x, text width and alignment (merged columns for `span`). */
  const colocar = (g: Geo, cols: ColumnaPdf[], f: FilaPdf) => {
    const celdas = celdasDe(f);
    const span = Math.min(spanDe(f), g.nCol);
    const out: { s: string; x: number; w: number; right: boolean }[] = [];
    for (let k = 0; k < celdas.length; k++) {
      const c0 = k === 0 ? 0 : span + k - 1;
      if (c0 >= g.nCol) break;
      const c1 = k === 0 ? span - 1 : c0;
      const w = g.xs[c1] + g.anchos[c1] - g.xs[c0];
      // A merged cell: a heading reads from the left, a total's label sits by its amounts.
      const right = c1 > c0 ? estiloDe(f) === 'total' : cols[c0].align === 'right';
      out.push({ s: celdas[k] ?? '', x: g.xs[c0] + PAD_X, w, right });
    }
    return out;
  };

  const rejilla = (g: Geo, y: number, h: number, bordes: number[]) => {
    doc.lineWidth(0.5).strokeColor(LINEA);
    doc.moveTo(MARGEN.left, y).lineTo(g.derecha, y);
    doc.moveTo(MARGEN.left, y + h).lineTo(g.derecha, y + h);
    for (const x of bordes) doc.moveTo(x, y).lineTo(x, y + h);
    doc.stroke();
  };
  const todosBordes = (g: Geo) => [...g.xs, g.derecha];
  const bordesDe = (g: Geo, f: FilaPdf) => {
    const span = Math.min(spanDe(f), g.nCol);
    return span <= 1 ? todosBordes(g) : [g.xs[0], ...g.xs.slice(span), g.derecha];
  };

  const filaCabecera = (s: SeccionPdf, g: Geo) => {
    doc.font('B').fontSize(CABECERA);
    const y = doc.y;
    const lh = doc.currentLineHeight(true);
    doc.rect(MARGEN.left, y, g.derecha - MARGEN.left, g.altoCabecera).fill(AZUL);
    doc.fillColor('#ffffff');
    s.columns.forEach((c, i) => {
      g.cabecera[i].forEach(({ l, ancho }, j) => {
        const x = c.align === 'right' ? g.xs[i] + PAD_X + g.anchos[i] - ancho : g.xs[i] + PAD_X;
        doc.text(l, x, y + PAD_Y + j * lh, { lineBreak: false });
      });
    });
    rejilla(g, y, g.altoCabecera, todosBordes(g));
    doc.y = y + g.altoCabecera;
    doc.font('R').fontSize(CUERPO).fillColor('#000000');
  };

  /** Company and date on top, page number below (in the margins: pdfkit must not break the page). */
  const marco = (pagina: number, paginas: number) => {
    const y = doc.y;
    let xEmpresa = MARGEN.left;
    if (logo) {
      try {
        doc.image(logo, MARGEN.left, 20, { fit: [90, 36] });
        xEmpresa += 100;
      } catch {
        // an image pdfkit cannot read: the company name alone
      }
    }
    const margenes = (doc.page as { margins?: { bottom: number } }).margins;
    if (margenes) margenes.bottom = 0;
    // Placed by hand: pdfkit's line wrapper (any text with a width) costs more than the rows.
    doc
      .font('B')
      .fontSize(11)
      .fillColor('#000000')
      .text(r.empresa, xEmpresa + 8, 28, { lineBreak: false });
    doc.font('R').fontSize(8).fillColor('#555555');
    doc.text(generado, MARGEN.left + util - doc.widthOfString(generado), 20, { lineBreak: false });
    const pie = `Página ${pagina} de ${paginas}`;
    doc.text(pie, MARGEN.left + (util - doc.widthOfString(pie)) / 2, H - 30, { lineBreak: false });
    if (margenes) margenes.bottom = MARGEN.bottom;
    doc.font('R').fontSize(CUERPO).fillColor('#000000');
    doc.y = y;
  };

  // Title and subtitles (first page), measured as drawn later.
  doc.font('B').fontSize(15);
  let yInicio = MARGEN.top + doc.heightOfString(r.title, { width: util }) + 4;
  doc.font('R').fontSize(9);
  for (const s of r.subtitle ?? []) yInicio += doc.heightOfString(s, { width: util });
  yInicio += 12;

  doc.font('R').fontSize(CUERPO);
  const linea = doc.currentLineHeight(true);
  const altoTitulo = (s: SeccionPdf) => {
    if (!s.titulo) return 0;
    doc.font('B').fontSize(TITULO_SECCION);
    const h = doc.heightOfString(s.titulo, { width: util }) + 4;
    doc.font('R').fontSize(CUERPO);
    return h;
  };
  const VACIO = 20 + linea;

  /**
   * The lines of a wrapped cell in the current font, broken at spaces (a word wider than the cell at
   * characters), at most `max` lines (the last one ends in '…' when cut). Measured word by word
   * (pdfkit keeps each word's layout) instead of through pdfkit's line wrapper, which was a third of
   * the time of a 40,000-row report.
   */
  const espacio = () => ancho(' ');
  const partir = (texto: string, w: number, max: number): string[] => {
    const out: string[] = [];
    const sp = espacio();
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

  /**
   * pdfkit keeps the glyph layout of every word it has measured, for the whole document: with the
   * unique words of 10,000 attentions (numbers, names, cédulas) that is most of the thread's memory.
   * Emptied every PODA rows; the common words are laid out again at once.
   */
  const podar = () => {
    const familias = (doc as unknown as { _fontFamilies?: Record<string, { layoutCache?: object }> })
      ._fontFamilies;
    for (const f of Object.values(familias ?? {})) if (f.layoutCache) f.layoutCache = Object.create(null);
  };
  let medidas = 0;

  // Pass 1: the height of every row, which cells wrap, where pages break.
  const geos = r.secciones.map((s) => geometria(s.columns));
  const plan = r.secciones.map((s, k) => ({
    nuevaPagina: false,
    titulo: altoTitulo(s),
    altos: new Float32Array(s.rows.length),
    envuelve: new Uint32Array(s.rows.length),
    /** The width of each unwrapped cell's text (right alignment in pass 2 without measuring again). */
    anchoTexto: new Float32Array(s.rows.length * geos[k].nCol),
    saltos: [] as number[],
    geo: geos[k],
  }));
  let y = yInicio;
  let paginas = 1;
  for (let k = 0; k < r.secciones.length; k++) {
    const s = r.secciones[k];
    const p = plan[k];
    const g = p.geo;
    const maxAlto = bottom - MARGEN.top - g.altoCabecera - 2 * PAD_Y;
    const maxLineas = Math.max(1, Math.floor(maxAlto / linea));
    // Measure the rows first: the section's start needs its first row's height.
    for (let n = 0; n < s.rows.length; n++) {
      const f = s.rows[n];
      const negrita = estiloDe(f) !== undefined;
      fuente(negrita ? 'B' : 'R', CUERPO);
      let h = linea;
      let env = 0;
      const celdas = colocar(g, s.columns, f);
      for (let i = 0; i < celdas.length; i++) {
        const c = celdas[i];
        if (c.s === '') continue;
        if (!c.s.includes('\n')) {
          const a = ancho(c.s);
          p.anchoTexto[n * g.nCol + i] = a;
          if (a <= c.w) continue;
        }
        env |= 1 << i;
        h = Math.max(h, partir(c.s, c.w, maxLineas).length * linea);
      }
      p.envuelve[n] = env;
      p.altos[n] = h + 2 * PAD_Y;
      if (++medidas % PODA === 0) podar();
      if (pausa && n % TANDA === TANDA - 1) await pausa();
    }
    doc.font('R').fontSize(CUERPO);
    if (k > 0) y += ENTRE_SECCIONES;
    const primera = s.rows.length > 0 ? g.altoCabecera + p.altos[0] : VACIO;
    if (y > MARGEN.top && y + p.titulo + primera > bottom) {
      p.nuevaPagina = true;
      paginas++;
      y = MARGEN.top;
    }
    y += p.titulo;
    if (s.rows.length === 0) {
      y += VACIO;
      continue;
    }
    y += g.altoCabecera;
    for (let n = 0; n < s.rows.length; n++) {
      const h = p.altos[n];
      if (y + h > bottom) {
        p.saltos.push(n);
        paginas++;
        y = MARGEN.top + g.altoCabecera;
      }
      y += h;
    }
  }

  // Pass 2: draw; each page goes to the output when the next one opens.
  let pagina = 1;
  const nuevaPagina = () => {
    doc.addPage();
    marco(++pagina, paginas);
    doc.y = MARGEN.top;
  };
  marco(pagina, paginas);
  doc.font('B').fontSize(15).fillColor('#000000').text(r.title, MARGEN.left, MARGEN.top, { width: util });
  doc.y += 4;
  doc.font('R').fontSize(9).fillColor('#444444');
  for (const s of r.subtitle ?? []) doc.text(s, MARGEN.left, doc.y, { width: util });
  doc.fillColor('#000000');
  doc.y = yInicio;
  let dibujadas = 0;
  for (let k = 0; k < r.secciones.length; k++) {
    const s = r.secciones[k];
    const p = plan[k];
    const g = p.geo;
    if (k > 0) doc.y += ENTRE_SECCIONES;
    if (p.nuevaPagina) nuevaPagina();
    if (s.titulo) {
      const y0 = doc.y;
      doc
        .font('B')
        .fontSize(TITULO_SECCION)
        .fillColor('#000000')
        .text(s.titulo, MARGEN.left, y0, { width: util });
      doc.y = y0 + p.titulo;
    }
    doc.font('R').fontSize(CUERPO).fillColor('#000000');
    if (s.rows.length === 0) {
      const y0 = doc.y;
      doc.font('I').text(s.emptyText, MARGEN.left, y0 + 20, { width: util });
      doc.font('R');
      doc.y = y0 + VACIO;
      continue;
    }
    filaCabecera(s, g);
    let siguiente = 0;
    let cebra = 0;
    for (let n = 0; n < s.rows.length; n++) {
      if (n === p.saltos[siguiente]) {
        siguiente++;
        nuevaPagina();
        filaCabecera(s, g);
      }
      const f = s.rows[n];
      const h = p.altos[n];
      const y0 = doc.y;
      const estilo = estiloDe(f);
      if (estilo === 'grupo') doc.rect(MARGEN.left, y0, g.derecha - MARGEN.left, h).fill(GRUPO);
      else if (estilo === 'total') doc.rect(MARGEN.left, y0, g.derecha - MARGEN.left, h).fill(TOTAL);
      else if (cebra++ % 2 === 1) doc.rect(MARGEN.left, y0, g.derecha - MARGEN.left, h).fill(CEBRA);
      if (estilo) cebra = 0;
      fuente(estilo ? 'B' : 'R', CUERPO);
      doc.fillColor('#000000');
      const celdas = colocar(g, s.columns, f);
      const env = p.envuelve[n];
      for (let i = 0; i < celdas.length; i++) {
        const c = celdas[i];
        if (c.s === '') continue;
        if (env & (1 << i)) {
          const lineas = partir(c.s, c.w, Math.max(1, Math.round((h - 2 * PAD_Y) / linea)));
          for (let j = 0; j < lineas.length; j++) {
            const l = lineas[j];
            if (l === '') continue;
            doc.text(l, c.right ? c.x + c.w - ancho(l) : c.x, y0 + PAD_Y + j * linea, {
              lineBreak: false,
            });
          }
        } else
          doc.text(c.s, c.right ? c.x + c.w - p.anchoTexto[n * g.nCol + i] : c.x, y0 + PAD_Y, {
            lineBreak: false,
          });
      }
      rejilla(g, y0, h, bordesDe(g, f));
      doc.y = y0 + h;
      if (++medidas % PODA === 0) podar();
      if (pausa && ++dibujadas % TANDA === 0) await pausa();
    }
    doc.font('R');
  }
  doc.end();
  await fin;
  return { paginas };
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
