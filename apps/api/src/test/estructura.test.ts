import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * Rooms a person can hold in their head (issue 12 §4, docs/architecture.md): no web file over 400
 * lines, no React component over 250, no API routes file over 200 (services and queries beside
 * them). Tests, generated files and data tables are not counted.
 */

const RAIZ = path.resolve(import.meta.dirname, '../../../..');
const MAX_WEB = 400;
const MAX_COMPONENTE = 250;
const MAX_RUTAS = 200;

function archivos(dir: string, ext: RegExp): string[] {
  const out: string[] = [];
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...archivos(p, ext));
    else if (ext.test(e.name) && !/\.test\.tsx?$/.test(e.name)) out.push(p);
  }
  return out;
}
const lineas = (f: string) => fs.readFileSync(f, 'utf8').split('\n');
const rel = (f: string) => path.relative(RAIZ, f);

/** Top-level components of a .tsx file (a capitalised function, plain or in memo()) and their length. */
export function componentes(texto: string): { nombre: string; lineas: number }[] {
  const ls = texto.split('\n');
  const out: { nombre: string; lineas: number }[] = [];
  ls.forEach((l, i) => {
    const m = /^(?:export )?(?:default )?(?:const \w+ = memo\()?function ([A-Z]\w*)\s*[(<]/.exec(l);
    if (!m) return;
    const fin = ls.findIndex((x, j) => j > i && /^\}\)?;?\s*$/.test(x));
    out.push({ nombre: m[1], lineas: (fin === -1 ? ls.length : fin) - i + 1 });
  });
  return out;
}

describe('sizes (issue 12 §4)', () => {
  it('the component finder measures a component from its declaration to its closing brace', () => {
    const texto = ['export function Uno() {', '  return null;', '}', '', 'function dos() {', '}'].join('\n');
    expect(componentes(texto)).toEqual([{ nombre: 'Uno', lineas: 3 }]);
    const memo = ['export const Dos = memo(function Dos({ a }: P) {', '  a;', '  return null;', '});'].join(
      '\n',
    );
    expect(componentes(memo)).toEqual([{ nombre: 'Dos', lineas: 4 }]);
  });

  it(`no web file over ${MAX_WEB} lines`, () => {
    const grandes = archivos(path.join(RAIZ, 'apps/web/src'), /\.tsx?$/)
      .map((f) => ({ f: rel(f), n: lineas(f).length - 1 }))
      .filter((x) => x.n > MAX_WEB);
    expect(grandes).toEqual([]);
  });

  it(`no React component over ${MAX_COMPONENTE} lines`, () => {
    const tsx = archivos(path.join(RAIZ, 'apps/web/src'), /\.tsx$/);
    // The walk reads the whole web (an empty walk would pass anything).
    expect(tsx.flatMap((f) => componentes(fs.readFileSync(f, 'utf8'))).length).toBeGreaterThan(200);
    const grandes = tsx.flatMap((f) =>
      componentes(fs.readFileSync(f, 'utf8'))
        .filter((c) => c.lineas > MAX_COMPONENTE)
        .map((c) => `${rel(f)} ${c.nombre} (${c.lineas})`),
    );
    expect(grandes).toEqual([]);
  });

  it(`no API routes file over ${MAX_RUTAS} lines`, () => {
    const grandes = archivos(path.join(RAIZ, 'apps/api/src'), /routes[\w-]*\.ts$/)
      .map((f) => ({ f: rel(f), n: lineas(f).length - 1 }))
      .filter((x) => x.n > MAX_RUTAS);
    expect(grandes).toEqual([]);
  });
});
