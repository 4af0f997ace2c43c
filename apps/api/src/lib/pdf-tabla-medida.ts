import type { ColumnaPdf, FilaPdf } from './pdf-tabla.ts';
import { CABECERA, CUERPO, MARGEN, PAD_X, PAD_Y } from './pdf-tabla-kit.ts';
import { type Lienzo, nfc } from './pdf-tabla-lienzo.ts';

/*
 * The layout of the listing reports' tables (pdf-tabla.ts): the columns' widths and header, a cell's
 * text wrapped to its width, a row measured before it is drawn.
 */

const celdasDe = (f: FilaPdf) => (Array.isArray(f) ? f : f.celdas);
export const estiloDe = (f: FilaPdf) => (Array.isArray(f) ? undefined : f.estilo);
const spanDe = (f: FilaPdf) => (Array.isArray(f) ? 1 : Math.max(1, f.span ?? 1));

/** A table's column geometry and its header, wrapped. */
export type Geo = {
  anchos: number[];
  xs: number[];
  derecha: number;
  altoCabecera: number;
  cabecera: { l: string; ancho: number }[][];
  nCol: number;
  /** A row never passes a page: its wrapped cells are cut to this many lines. */
  maxLineas: number;
};

/** A row measured: its height and, per cell, the lines drawn and where. */
export type Celda = { lineas: string[]; x: number[] };

export const todosBordes = (g: Geo) => [...g.xs, g.derecha];
export const bordesDe = (g: Geo, f: FilaPdf) => {
  const span = Math.min(spanDe(f), g.nCol);
  return span <= 1 ? todosBordes(g) : [g.xs[0], ...g.xs.slice(span), g.derecha];
};

/**
 * The measures of one document's tables, in its fonts: `util` the page's width between margins,
 * `bottom` where the rows end, `lineaCabecera` and `alto` a header's and a row's line height.
 */
export function crearMedida(
  l: Lienzo,
  {
    util,
    bottom,
    lineaCabecera,
    alto,
  }: { util: number; bottom: number; lineaCabecera: number; alto: number },
) {
  const { fuente, ancho } = l;

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
  const geometria = (columns: ColumnaPdf[]): Geo => {
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
      maxLineas: Math.max(1, Math.floor(maxAlto / alto)),
    };
  };
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
  return { geometria, medir };
}
