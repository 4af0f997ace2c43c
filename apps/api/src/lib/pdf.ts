import { createRequire } from 'node:module';
import path from 'node:path';
import { formatDateTime } from '@app/domain';
import type { Queryable } from '../db/client.ts';

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

/** A listing report with the product's look: logo and company, title, table, page numbers, Spanish dates. */
export async function renderTableReport(r: ReportTable): Promise<Buffer> {
  const generated = formatDateTime(new Date());
  const doc = {
    pageSize: 'A4',
    pageOrientation: 'landscape',
    pageMargins: [36, 70, 36, 40],
    info: { title: r.title, creator: 'Auditoría Médica' },
    header: {
      margin: [36, 20, 36, 0],
      columns: [
        r.logo ? { image: r.logo, fit: [90, 36], width: 100 } : { text: '', width: 0 },
        { text: r.empresa, style: 'empresa', alignment: 'left' },
        { text: `Generado: ${generated}`, alignment: 'right', fontSize: 8, color: '#555' },
      ],
    },
    footer: (current: number, count: number) => ({
      text: `Página ${current} de ${count}`,
      alignment: 'center',
      fontSize: 8,
      color: '#555',
      margin: [0, 10, 0, 0],
    }),
    content: [
      { text: r.title, style: 'title' },
      ...(r.subtitle ?? []).map((s) => ({ text: s, style: 'subtitle' })),
      r.rows.length === 0
        ? { text: r.emptyText, margin: [0, 20, 0, 0], italics: true }
        : {
            margin: [0, 12, 0, 0],
            table: {
              headerRows: 1,
              widths: r.columns.map((c) => c.width ?? '*'),
              body: [r.columns.map((c) => ({ text: c.header, style: 'th' })), ...r.rows],
            },
            layout: {
              fillColor: (row: number) => (row === 0 ? '#1677ff' : row % 2 === 0 ? '#f5f7fa' : null),
              hLineColor: () => '#d9d9d9',
              vLineColor: () => '#d9d9d9',
            },
          },
    ],
    styles: {
      empresa: { fontSize: 11, bold: true, margin: [8, 8, 0, 0] },
      title: { fontSize: 15, bold: true, margin: [0, 0, 0, 4] },
      subtitle: { fontSize: 9, color: '#444' },
      th: { bold: true, color: '#fff', fontSize: 9 },
    },
    defaultStyle: { fontSize: 8.5 },
  };
  return pdfmake().createPdf(doc).getBuffer();
}

/**
 * The company's logo (its latest image, PNG or JPEG checked on upload) as a data URL for
 * `ReportTable.logo`, or null when it has none. pdfmake reads data URLs only; no file or URL access.
 */
export async function logoDataUrl(db: Queryable, idEmpresa: number): Promise<string | null> {
  const rows = await db.query<{ tipo: string; imagen: Uint8Array }>(
    `SELECT tipo, imagen FROM empresa_img WHERE id_empresa = $1 AND tipo IN ('image/png', 'image/jpeg')
      ORDER BY fecha_reg DESC, id_empresa_img DESC LIMIT 1`,
    [idEmpresa],
  );
  const r = rows[0];
  return r ? `data:${r.tipo};base64,${Buffer.from(r.imagen).toString('base64')}` : null;
}
