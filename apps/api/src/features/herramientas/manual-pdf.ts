import { type BloqueManual, formatDateTime, type ManualDatos, PRODUCTO } from '@app/domain';
import { type PdfDocument, renderPdf } from '../../lib/pdf-document.ts';

const MARGEN = 40;
const ANCHO_UTIL = 595.28 - 2 * MARGEN; // A4 portrait

function bloque(b: BloqueManual): unknown {
  switch (b.tipo) {
    case 'parrafo':
      return { text: b.texto, margin: [0, 0, 0, 6] };
    case 'nota':
      return {
        table: { widths: ['*'], body: [[{ text: b.texto, margin: [4, 4, 4, 4] }]] },
        layout: { fillColor: () => '#e6f4ff', hLineColor: () => '#91caff', vLineColor: () => '#91caff' },
        margin: [0, 0, 0, 8],
      };
    case 'lista':
      return { [b.ordenada ? 'ol' : 'ul']: b.items, margin: [0, 0, 0, 8] };
    case 'tabla': {
      const total = b.columnas.reduce((s, c) => s + (c.ancho ?? 1), 0);
      return {
        table: {
          headerRows: 1,
          dontBreakRows: true,
          widths: b.columnas.map((c) => ((c.ancho ?? 1) / total) * ANCHO_UTIL - 8),
          body: [
            b.columnas.map((c) => ({ text: c.titulo, style: 'th' })),
            ...b.filas.map((f) => f.map((v, i) => ({ text: v, bold: b.columnas[i]?.mono ?? false }))),
          ],
        },
        layout: {
          fillColor: (row: number) => (row === 0 ? '#1677ff' : row % 2 === 0 ? '#f5f7fa' : null),
          hLineColor: () => '#d9d9d9',
          vLineColor: () => '#d9d9d9',
        },
        fontSize: 8,
        margin: [0, 0, 0, 10],
      };
    }
    case 'codigo':
      return [
        { text: b.titulo, style: 'codigoTitulo' },
        {
          table: {
            widths: ['*'],
            body: [[{ text: b.texto.trimEnd(), style: 'codigo', preserveLeadingSpaces: true }]],
          },
          layout: { fillColor: () => '#f5f5f5', hLineColor: () => '#d9d9d9', vLineColor: () => '#d9d9d9' },
          margin: [0, 0, 0, 10],
        },
      ];
  }
}

/** The technical manual as an A4 PDF, from the same document model as the /manual-datos page. */
export function renderManualPdf(manual: ManualDatos): Promise<Buffer> {
  const doc: PdfDocument = {
    pageSize: 'A4',
    pageMargins: [MARGEN, 56, MARGEN, 44],
    info: { title: manual.titulo, creator: PRODUCTO.nombre, subject: manual.resumen },
    header: {
      margin: [MARGEN, 22, MARGEN, 0],
      columns: [
        { text: `${PRODUCTO.nombre} · ${manual.titulo}`, fontSize: 8, color: '#555' },
        { text: `Generado: ${formatDateTime(new Date())}`, alignment: 'right', fontSize: 8, color: '#555' },
      ],
    },
    footer: (current: number, count: number) => ({
      text: `Página ${current} de ${count}`,
      alignment: 'center',
      fontSize: 8,
      color: '#555',
      margin: [0, 14, 0, 0],
    }),
    content: [
      { text: manual.titulo, style: 'titulo' },
      { text: manual.resumen, style: 'resumen' },
      ...manual.secciones.flatMap((s) => [
        { text: s.titulo, style: 'seccion', headlineLevel: 1 },
        ...s.bloques.map(bloque),
      ]),
    ],
    styles: {
      titulo: { fontSize: 18, bold: true, margin: [0, 0, 0, 4] },
      resumen: { fontSize: 10, color: '#444', margin: [0, 0, 0, 12] },
      seccion: { fontSize: 13, bold: true, color: '#0958d9', margin: [0, 10, 0, 6] },
      th: { bold: true, color: '#fff' },
      codigoTitulo: { bold: true, fontSize: 9, margin: [0, 2, 0, 3] },
      codigo: { fontSize: 7, color: '#222', margin: [4, 4, 4, 4] },
    },
    defaultStyle: { fontSize: 9.5, lineHeight: 1.15 },
    // A section title never sits alone at the bottom of a page.
    pageBreakBefore: (node: { headlineLevel?: number; startPosition: { top: number } }) =>
      node.headlineLevel === 1 && node.startPosition.top > 740,
  };
  return renderPdf(doc);
}
