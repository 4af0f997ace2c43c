import { formatDateTime } from '@app/domain/common/format';
import {
  AZUL,
  CABECERA,
  CEBRA,
  CUERPO,
  ENTRE_SECCIONES,
  GRUPO,
  MARGEN,
  NADA,
  NINGUNO,
  PAD_X,
  PAD_Y,
  pdfkit,
  type RefPdf,
  TITULO_SECCION,
  TOTAL,
} from './pdf-tabla-kit.ts';
import { crearLienzo, nfc } from './pdf-tabla-lienzo.ts';
import { bordesDe, crearMedida, estiloDe, type Geo, todosBordes } from './pdf-tabla-medida.ts';

/*
 * Listing reports (ReportTable of pdf.ts) drawn row by row with pdfkit, the engine pdfmake ships with
 * (resolved through pdfmake: no second copy, no new dependency). pdfmake lays out the whole document
 * as a tree before writing a byte: a 5,000-row observations report took 15–18 s of the event loop
 * and about 240 MB (docs/performance.md 'Observaciones'). Here each row is measured, drawn and
 * forgotten as it comes, and each page leaves when the next one opens; only the pages' footers
 * ('Página x de y', small forms) wait for the end, when the number of pages is known.
 *
 * Here: the pages, their frame and footers, the tables' titles, headers and rows. pdfkit and the
 * look in pdf-tabla-kit.ts, the text and the grid in pdf-tabla-lienzo.ts, the layout (widths,
 * wrapping, a row's height) in pdf-tabla-medida.ts.
 */

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

/** Rows drawn between two yields to the event loop (other requests are served meanwhile). */
const TANDA = 50;
const ceder = () => new Promise<void>((r) => setImmediate(r));

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

  const lienzo = crearLienzo(doc);

  doc.font('B').fontSize(CABECERA);
  const lineaCabecera = doc.currentLineHeight(true);
  doc.font('R').fontSize(CUERPO);
  const alto = doc.currentLineHeight(true);
  const VACIO = 20 + alto;

  const { geometria, medir } = crearMedida(lienzo, { util, bottom, lineaCabecera, alto });

  /** Company and date on top; the page number below, in the page's own footer form (written at the end). */
  /** Each page's footer form, in page order: its dictionary is filled in at the end (small until then). */
  const pies: RefPdf[] = [];
  let pagina = 0;
  const marco = () => {
    pagina++;
    let xEmpresa = MARGEN.left;
    if (logo) {
      lienzo.volcar();
      try {
        doc.image(logo, MARGEN.left, 20, { fit: [90, 36] });
        xEmpresa += 100;
      } catch {
        // an image pdfkit cannot read: the company name alone
      }
    }
    lienzo.fuente('B', 11);
    lienzo.abrirTexto('#000000');
    lienzo.linea(nfc(r.empresa), xEmpresa + 8, 28);
    lienzo.cerrarTexto();
    lienzo.fuente('R', 8);
    lienzo.abrirTexto('#555555');
    lienzo.linea(generado, MARGEN.left + util - lienzo.ancho(generado), 20);
    lienzo.cerrarTexto();
    const ref = doc.ref({});
    doc.page.xobjects.Pie = ref;
    lienzo.op(`q 1 0 0 -1 0 ${lienzo.n2(H)} cm /Pie Do Q`);
    pies.push(ref);
  };
  const escribirPies = () => {
    lienzo.fuente('R', 8);
    const fR = lienzo.glifos.R.f;
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
        `BT ${lienzo.color('#555555')} rg /${lienzo.glifos.R.f.id} 8 Tf ${lienzo.lineaTj(pie, MARGEN.left + (util - lienzo.ancho(pie)) / 2, H - 30)} ET`,
      );
      pies[i].data = NADA;
      pies[i].buffer = NINGUNO;
    }
    pies.length = 0;
  };

  const nuevaPagina = () => {
    lienzo.volcar();
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
  lienzo.volcar();
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
    lienzo.relleno(AZUL, MARGEN.left, y, g.derecha - MARGEN.left, g.altoCabecera);
    lienzo.fuente('B', CABECERA);
    lienzo.abrirTexto('#ffffff');
    s.columns.forEach((c, i) => {
      g.cabecera[i].forEach(({ l, ancho }, j) => {
        const x = c.align === 'right' ? g.xs[i] + PAD_X + g.anchos[i] - ancho : g.xs[i] + PAD_X;
        lienzo.linea(l, x, y + PAD_Y + j * lineaCabecera);
      });
    });
    lienzo.cerrarTexto();
    lienzo.rejilla(g.derecha, y, g.altoCabecera, todosBordes(g));
    y += g.altoCabecera;
  };

  /** Starts the open section: on a new page if its title, header and first row do not fit. */
  const iniciar = (a: Abierta, primera: number | null) => {
    a.iniciada = true;
    if (secciones++ > 0) y += ENTRE_SECCIONES;
    const necesita = primera === null ? VACIO : a.g.altoCabecera + primera;
    if (y > MARGEN.top && y + a.titulo + necesita > bottom) y = nuevaPagina();
    if (a.s.titulo) {
      lienzo.volcar();
      doc
        .font('B')
        .fontSize(TITULO_SECCION)
        .fillColor('#000000')
        .text(a.s.titulo, MARGEN.left, y, { width: util });
      y += a.titulo;
    }
    if (primera === null) {
      lienzo.volcar();
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
        if (fondo) lienzo.relleno(fondo, MARGEN.left, y, g.derecha - MARGEN.left, h);
        if (estilo) a.cebra = 0;
        lienzo.fuente(estilo ? 'B' : 'R', CUERPO);
        lienzo.abrirTexto('#000000');
        for (const c of celdas)
          for (let j = 0; j < c.lineas.length; j++) lienzo.linea(c.lineas[j], c.x[j], y + PAD_Y + j * alto);
        lienzo.cerrarTexto();
        lienzo.rejilla(g.derecha, y, h, bordesDe(g, f));
        y += h;
        if (pausa && ++dibujadas % TANDA === 0) await pausa();
      }
    },
    async terminar() {
      cerrarSeccion();
      lienzo.volcar();
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
