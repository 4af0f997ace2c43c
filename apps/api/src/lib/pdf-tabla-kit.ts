import { createRequire } from 'node:module';
import path from 'node:path';

/*
 * pdfkit as the listing reports use it (pdf-tabla.ts): the engine pdfmake ships with, resolved through
 * pdfmake (no second copy, no new dependency), the parts of it used here typed (pdfkit ships no
 * types), and the reports' look: margins, paddings, sizes, colours.
 */

const require = createRequire(import.meta.url);

type Opts = Record<string, unknown>;
/**
 * pdfkit's embedded font (its EmbeddedFont), the parts the table's direct text path uses: the
 * fontkit font, the subset the PDF embeds, the widths and the Unicode map written with it.
 */
export type FuenteKit = {
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
export type RefPdf = { data: Record<string, unknown>; buffer: unknown[]; end(content?: string): void };
/** What a written object keeps: nothing (shared, never written again). */
export const NADA: Record<string, unknown> = Object.freeze({}) as Record<string, unknown>;
export const NINGUNO: unknown[] = Object.freeze([]) as unknown as unknown[];
/** The part of pdfkit's PDFDocument used here (pdfkit ships no types). */
export type PdfKitDoc = {
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
export function pdfkit() {
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

export const MARGEN = { top: 70, left: 36, right: 36, bottom: 40 };
export const PAD_X = 4;
export const PAD_Y = 2;
export const CUERPO = 8.5;
export const CABECERA = 9;
export const TITULO_SECCION = 10.5;
export const ENTRE_SECCIONES = 14;
export const AZUL = '#1677ff';
export const CEBRA = '#f5f7fa';
export const GRUPO = '#e6f0ff';
export const TOTAL = '#eef0f3';
export const LINEA = '#d9d9d9';
