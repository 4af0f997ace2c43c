// Fonts and the no-URL/no-file access policy are configured once, in pdf.ts.
import { pdfmake } from './pdf.ts';

/**
 * A pdfmake document definition (https://pdfmake.github.io/docs/0.3/): content, styles, header and
 * footer. Kept loose on purpose: pdfmake ships no types, and each document builds its own shape.
 */
export type PdfDocument = { content: unknown; [key: string]: unknown };

/** Renders any pdfmake document with the product's fonts (Roboto) and access policy. */
export function renderPdf(doc: PdfDocument): Promise<Buffer> {
  return pdfmake().createPdf(doc).getBuffer();
}
