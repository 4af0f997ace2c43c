import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR, SEED_DATA_DIR } from '../../paths.ts';
import { createTestContext, type TestContext } from '../../test/helpers.ts';
import { conTildes, TILDES } from './cie10-tildes.ts';

type Fila = { codigo: string; nombre: string };
const leer = (file: string) =>
  parse(fs.readFileSync(path.join(SEED_DATA_DIR, 'cie10', file)), {
    delimiter: ';',
    columns: true,
    bom: true,
  }) as Fila[];
const diagnosticos = leer('diagnosticos.csv');
const clasificaciones = leer('clasificaciones.csv');
const quitar = (w: string) =>
  w
    .normalize('NFD')
    .replace(/[\u0301\u0308]/g, '')
    .normalize('NFC');

describe('CIE-10 names keep their accents (issue 14 §4)', () => {
  it('a sample of names reads as a Spanish speaker writes them', () => {
    const nombre = (codigo: string) => conTildes(diagnosticos.find((d) => d.codigo === codigo)?.nombre ?? '');
    expect(nombre('E119')).toBe('Diabetes mellitus no insulinodependiente sin mención de complicación');
    expect(nombre('E129')).toBe('Diabetes mellitus asociada con desnutrición sin mención de complicación');
    expect(
      diagnosticos.filter((d) => /^V0/.test(d.codigo)).map((d) => conTildes(d.nombre)),
    ).not.toContainEqual(expect.stringMatching(/\b(vehiculo|colision|transito|peaton|lesion)\b/i));
    // Capitalised and upper-case words keep their case; words outside the list are untouched.
    expect(conTildes('Sindrome de X, LESION de Y')).toBe('Síndrome de X, LESIÓN de Y');
    expect(conTildes('Fractura de fémur, esta continua')).toBe('Fractura de fémur, esta continua');
  });

  it('after the correction no word of the listing is spelled both with and without its accent', () => {
    const formas = new Map<string, Set<string>>();
    for (const { nombre } of [...diagnosticos, ...clasificaciones])
      for (const w of conTildes(nombre)
        .toLowerCase()
        .match(/[a-záéíóúñü]+/g) ?? []) {
        const base = quitar(w);
        formas.set(base, (formas.get(base) ?? new Set()).add(w));
      }
    const dobles = [...formas.entries()].filter(([, s]) => s.size > 1).map(([k]) => k);
    // Both spellings are Spanish words with different meanings: left as the listing writes them.
    expect(dobles.sort()).toEqual(['continua', 'esta', 'solo']);
  });

  it('every key is the accented word without its accent', () => {
    for (const [sin, con] of Object.entries(TILDES))
      if (sin !== 'hematólogico') expect(quitar(con), sin).toBe(sin);
  });
});

describe('migration 0019 gives a database seeded before the same names as the seed', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(async () => t?.close());

  it('rewrites the raw names of the listing exactly as conTildes does', async () => {
    const restaurar = (tabla: string, filas: Fila[]) =>
      t.database.query(
        `UPDATE ${tabla} d SET nombre = v.n FROM unnest($1::text[], $2::text[]) AS v(c, n) WHERE d.codigo = v.c`,
        [filas.map((f) => f.codigo), filas.map((f) => f.nombre)],
      );
    await restaurar('diagnostico', diagnosticos);
    await restaurar('clas_diag', clasificaciones);
    const antes = await t.database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM diagnostico WHERE nombre LIKE '%sin mencion de complicacion%'`,
    );
    expect(antes[0].n).toBe(5);

    await t.database.query(fs.readFileSync(path.join(MIGRATIONS_DIR, '0019_cie10_tildes.sql'), 'utf8'));

    for (const [tabla, filas] of [
      ['diagnostico', diagnosticos],
      ['clas_diag', clasificaciones],
    ] as const) {
      const rows = await t.database.query<Fila>(`SELECT codigo, nombre FROM ${tabla}`);
      const enBase = new Map(rows.map((r) => [r.codigo, r.nombre]));
      const distintos = filas.filter((f) => enBase.get(f.codigo) !== conTildes(f.nombre));
      expect(distintos.slice(0, 5).map((f) => [f.codigo, enBase.get(f.codigo), conTildes(f.nombre)])).toEqual(
        [],
      );
    }
  });
});
