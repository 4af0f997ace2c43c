import fs from 'node:fs';
import path from 'node:path';
import { ADMIN_RESOURCES } from '@app/domain';
import { describe, expect, it } from 'vitest';
import { catalogColumns } from './catalog/catalog-columns.tsx';

/**
 * Issue 14 §4: lists showed raw column codes ('FechaReg', 'FechaAct', 'IdCarga') as headers. Every
 * header and label the web declares (a column's `title`, a description's `label`, the title of
 * `textCol` / `dateCol` / `dateTimeCol`) is words people read: no camelCase code.
 */
const SRC = path.join(import.meta.dirname, '..');

function files(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return files(p);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
  });
}

/** The headers of one source file: column helpers' titles and `title:` / `label:` literals. */
export function encabezados(source: string): string[] {
  const found: string[] = [];
  for (const m of source.matchAll(/\b(?:textCol|dateCol|dateTimeCol)\(\s*'[^']*',\s*'([^']*)'/g))
    found.push(m[1]);
  for (const m of source.matchAll(/\b(?:title|label):\s*'([^']*)'/g)) found.push(m[1]);
  return found;
}

/** A raw code: a word with a lower-case letter followed by an upper-case one (FechaReg, idCarga, IdCarga). */
const esCodigo = (texto: string) => texto.split(/\s+/).some((w) => /[a-záéíóúñ][A-ZÁÉÍÓÚÑ]/.test(w));

describe('list headers and labels', () => {
  it('recognises a raw code and leaves words alone', () => {
    expect(esCodigo('FechaReg')).toBe(true);
    expect(esCodigo('Suscripción FechaReg')).toBe(true);
    expect(esCodigo('IdCarga')).toBe(true);
    expect(esCodigo('Fecha de registro')).toBe(false);
    expect(esCodigo('Última actualización')).toBe(false);
    expect(esCodigo('ID de carga')).toBe(false);
    expect(esCodigo('RUC')).toBe(false);
    expect(encabezados("dateCol('fechaReg', 'FechaReg'), { title: 'EstadoPago' }")).toEqual([
      'FechaReg',
      'EstadoPago',
    ]);
  });

  it('no header or label of the web is a raw column code', () => {
    const crudos = files(SRC).flatMap((f) =>
      encabezados(fs.readFileSync(f, 'utf8'))
        .filter(esCodigo)
        .map((t) => `${path.relative(SRC, f)}: ${t}`),
    );
    expect(crudos).toEqual([]);
  });

  it('the users list says when a user was registered and last updated', () => {
    const titulos = catalogColumns(ADMIN_RESOURCES.usuario).map((c) => c.title);
    expect(titulos).toEqual(expect.arrayContaining(['Fecha de registro', 'Última actualización']));
  });
});
