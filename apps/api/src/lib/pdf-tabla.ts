import { createRequire } from 'node:module';
import path from 'node:path';
import { formatDateTime } from '@app/domain';

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

export type TablaPdf = {
  title: string;
  subtitle?: string[];
  empresa: string;
  logo?: string | null;
  columns: { header: string; width?: number | string }[];
  rows: string[][];
  emptyText: string;
};

const MARGEN = { top: 70, left: 36, right: 36, bottom: 40 };
const PAD_X = 4;
const PAD_Y = 2;
const CUERPO = 8.5;
const CABECERA = 9;
const AZUL = '#1677ff';
const CEBRA = '#f5f7fa';
const LINEA = '#d9d9d9';

/** Rows drawn between two yields to the event loop (other requests are served meanwhile). */
const TANDA = 50;
const ceder = () => new Promise<void>((r) => setImmediate(r));

/**
 * The same look as the pdfmake reports: logo and company, title, table with its header on every
 * page, 'Página x de y', Spanish dates. Two passes: the first measures the rows (and so the number
 * of pages), the second draws each page and hands it to the output at once; every TANDA rows the
 * event loop runs other work.
 */
export async function renderTablaPdf(r: TablaPdf): Promise<Buffer> {
  const { PDFDocument, fuentes } = pdfkit();
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margins: MARGEN,
    compress: true,
    info: { Title: r.title, Creator: 'Auditoría Médica' },
  });
  const chunks: Buffer[] = [];
  const fin = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.registerFont('R', fuentes.R).registerFont('B', fuentes.B).registerFont('I', fuentes.I);
  const W = doc.page.width;
  const H = doc.page.height;
  const util = W - MARGEN.left - MARGEN.right;
  const bottom = H - MARGEN.bottom;
  const generado = `Generado: ${formatDateTime(new Date())}`;
  const logo = r.logo ? Buffer.from(r.logo.slice(r.logo.indexOf(',') + 1), 'base64') : null;

  // Column widths as pdfmake: fixed ones as given, '*' share the rest; padding outside the width.
  const fijos = r.columns.reduce((a, c) => a + (typeof c.width === 'number' ? c.width : 0), 0);
  const estrellas = r.columns.filter((c) => typeof c.width !== 'number').length;
  const resto = util - fijos - r.columns.length * 2 * PAD_X;
  const anchos = r.columns.map((c) =>
    typeof c.width === 'number' ? c.width : Math.max(20, resto / Math.max(1, estrellas)),
  );
  const xs: number[] = [];
  let acc = MARGEN.left;
  for (const w of anchos) {
    xs.push(acc);
    acc += w + 2 * PAD_X;
  }
  const derecha = acc;
  const nCol = r.columns.length;

  const rejilla = (y: number, h: number) => {
    doc.lineWidth(0.5).strokeColor(LINEA);
    doc.moveTo(MARGEN.left, y).lineTo(derecha, y).stroke();
    doc
      .moveTo(MARGEN.left, y + h)
      .lineTo(derecha, y + h)
      .stroke();
    for (const x of [...xs, derecha])
      doc
        .moveTo(x, y)
        .lineTo(x, y + h)
        .stroke();
  };
  doc.font('B').fontSize(CABECERA);
  const altoCabecera =
    Math.max(...r.columns.map((c, i) => doc.heightOfString(c.header, { width: anchos[i] }))) + 2 * PAD_Y;
  const filaCabecera = () => {
    doc.font('B').fontSize(CABECERA);
    const y = doc.y;
    doc.rect(MARGEN.left, y, derecha - MARGEN.left, altoCabecera).fill(AZUL);
    doc.fillColor('#ffffff');
    r.columns.forEach((c, i) => {
      doc.text(c.header, xs[i] + PAD_X, y + PAD_Y, { width: anchos[i] });
    });
    rejilla(y, altoCabecera);
    doc.y = y + altoCabecera;
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
    doc
      .font('B')
      .fontSize(11)
      .fillColor('#000000')
      .text(r.empresa, xEmpresa + 8, 28, { width: util / 2, lineBreak: false });
    doc
      .font('R')
      .fontSize(8)
      .fillColor('#555555')
      .text(generado, MARGEN.left, 20, { width: util, align: 'right', lineBreak: false });
    doc.text(`Página ${pagina} de ${paginas}`, MARGEN.left, H - 30, {
      width: util,
      align: 'center',
      lineBreak: false,
    });
    if (margenes) margenes.bottom = MARGEN.bottom;
    doc.font('R').fontSize(CUERPO).fillColor('#000000');
    doc.y = y;
  };

  // Title and subtitles (first page), measured as drawn later.
  doc.font('B').fontSize(15);
  let yTabla = MARGEN.top + doc.heightOfString(r.title, { width: util }) + 4;
  doc.font('R').fontSize(9);
  for (const s of r.subtitle ?? []) yTabla += doc.heightOfString(s, { width: util });
  yTabla += 12;

  // Pass 1: the height of every row, which cells wrap, and where pages break.
  doc.font('R').fontSize(CUERPO);
  const linea = doc.currentLineHeight(true);
  const maxAlto = bottom - MARGEN.top - altoCabecera - 2 * PAD_Y;
  const altos = new Float32Array(r.rows.length);
  const envuelve = new Uint8Array(r.rows.length * nCol);
  const saltos: number[] = [];
  let y = yTabla + altoCabecera;
  for (let n = 0; n < r.rows.length; n++) {
    const fila = r.rows[n];
    let h = linea;
    for (let i = 0; i < nCol; i++) {
      const s = fila[i] ?? '';
      if (s === '' || (!s.includes('\n') && doc.widthOfString(s) <= anchos[i])) continue;
      envuelve[n * nCol + i] = 1;
      h = Math.max(h, doc.heightOfString(s, { width: anchos[i] }));
    }
    h = Math.min(h, maxAlto) + 2 * PAD_Y;
    altos[n] = h;
    if (y + h > bottom) {
      saltos.push(n);
      y = MARGEN.top + altoCabecera;
    }
    y += h;
    if (n % TANDA === TANDA - 1) await ceder();
  }
  const paginas = saltos.length + 1;

  // Pass 2: draw; each page goes to the output when the next one opens.
  let pagina = 1;
  marco(pagina, paginas);
  doc.font('B').fontSize(15).fillColor('#000000').text(r.title, MARGEN.left, MARGEN.top, { width: util });
  doc.y += 4;
  doc.font('R').fontSize(9).fillColor('#444444');
  for (const s of r.subtitle ?? []) doc.text(s, MARGEN.left, doc.y, { width: util });
  doc.fillColor('#000000');
  if (r.rows.length === 0) {
    doc
      .font('I')
      .fontSize(CUERPO)
      .text(r.emptyText, MARGEN.left, doc.y + 20, { width: util });
  } else {
    doc.y = yTabla;
    filaCabecera();
    let siguiente = 0;
    for (let n = 0; n < r.rows.length; n++) {
      if (n === saltos[siguiente]) {
        siguiente++;
        doc.addPage();
        marco(++pagina, paginas);
        doc.y = MARGEN.top;
        filaCabecera();
      }
      const fila = r.rows[n];
      const h = altos[n];
      const y0 = doc.y;
      if (n % 2 === 1) doc.rect(MARGEN.left, y0, derecha - MARGEN.left, h).fill(CEBRA);
      doc.fillColor('#000000');
      for (let i = 0; i < nCol; i++) {
        const s = fila[i] ?? '';
        if (s === '') continue;
        if (envuelve[n * nCol + i])
          doc.text(s, xs[i] + PAD_X, y0 + PAD_Y, { width: anchos[i], height: h - 2 * PAD_Y, ellipsis: true });
        else doc.text(s, xs[i] + PAD_X, y0 + PAD_Y, { lineBreak: false });
      }
      rejilla(y0, h);
      doc.y = y0 + h;
      if (n % TANDA === TANDA - 1) await ceder();
    }
  }
  doc.end();
  return fin;
}
