import { createRequire } from 'node:module';
import path from 'node:path';
import type { Queryable } from '../db/client.ts';
import { renderTablaPdf } from './pdf-tabla.ts';
import { sql, una } from './sql.ts';

const require = createRequire(import.meta.url);
type PdfMake = {
  setFonts: (f: unknown) => void;
  setUrlAccessPolicy: (cb: (url: string) => boolean) => void;
  setLocalAccessPolicy: (cb: (p: string) => boolean) => void;
  createPdf: (doc: unknown) => { getBuffer: () => Promise<Buffer> };
};
let loaded: PdfMake | undefined;
/**
 * pdfmake with the product's fonts (Roboto) and access policy, loaded on the first document (about
 * 27 MB that a server which prints nothing never holds: decision 30).
 */
export function pdfmake(): PdfMake {
  if (loaded) return loaded;
  const m = require('pdfmake') as PdfMake;
  const fontDir = path.join(path.dirname(require.resolve('pdfmake/package.json')), 'fonts', 'Roboto');
  m.setFonts({
    Roboto: {
      normal: path.join(fontDir, 'Roboto-Regular.ttf'),
      bold: path.join(fontDir, 'Roboto-Medium.ttf'),
      italics: path.join(fontDir, 'Roboto-Italic.ttf'),
      bolditalics: path.join(fontDir, 'Roboto-MediumItalic.ttf'),
    },
  });
  // Documents never fetch anything: no URLs, no files other than the shipped fonts.
  m.setUrlAccessPolicy(() => false);
  m.setLocalAccessPolicy((f) => f.startsWith(fontDir));
  loaded = m;
  return m;
}

export type ReportTable = {
  title: string;
  subtitle?: string[];
  empresa: string;
  /** A PNG/JPEG data URL of the company logo, if the company has one. */
  logo?: string | null;
  columns: { header: string; width?: number | string }[];
  rows: string[][];
  emptyText: string;
};

/**
 * A listing report with the product's look: logo and company, title, table, page numbers, Spanish
 * dates. Drawn row by row with pdfkit (pdf-tabla.ts): pdfmake held the whole table in memory and the
 * event loop for 15–18 s on 5,000 rows (docs/performance.md 'Observaciones').
 */
export async function renderTableReport(r: ReportTable): Promise<Buffer> {
  return renderTablaPdf(r);
}

/**
 * The company's logo (its latest image, PNG or JPEG checked on upload) as a data URL for
 * `ReportTable.logo`, or null when it has none. pdfmake reads data URLs only; no file or URL access.
 */
export async function logoDataUrl(db: Queryable, idEmpresa: number): Promise<string | null> {
  const r = await una<{ tipo: string; imagen: Uint8Array }>(
    db,
    sql`SELECT tipo, imagen FROM empresa_img WHERE id_empresa = ${idEmpresa} AND tipo IN ('image/png', 'image/jpeg')
      ORDER BY fecha_reg DESC, id_empresa_img DESC LIMIT 1`,
  );
  return r ? `data:${r.tipo};base64,${Buffer.from(r.imagen).toString('base64')}` : null;
}
