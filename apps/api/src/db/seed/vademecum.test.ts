import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '../../paths.ts';
import { createTestContext, DEMO, type TestContext } from '../../test/helpers.ts';
import { ELEMENTOS } from './reference.ts';
import { leerVademecum, nombreMedicamento } from './vademecum.ts';

const lista = leerVademecum();
const nombres = lista.map(nombreMedicamento);
const DEMO_M = ELEMENTOS.filter(([, , tipo]) => tipo === 'M');

type Fila = { codigo: string; nombre: string; valor: string | null };
const esperadas: Fila[] = lista.map((m) => ({
  codigo: m.codigo,
  nombre: nombreMedicamento(m),
  valor: m.valor || null,
}));

describe('the vademécum list (data/vademecum/medicamentos.csv, issue 14 §4)', () => {
  it('holds a few hundred presentations, each code and each name once', () => {
    expect(lista.length).toBeGreaterThanOrEqual(300);
    expect(new Set(lista.map((m) => m.codigo)).size).toBe(lista.length);
    expect(new Set(nombres).size).toBe(lista.length);
    for (const m of lista) {
      expect(m.dci, m.codigo).toMatch(/\S/);
      expect(m.formaFarmaceutica, m.codigo).toMatch(/\S/);
      // A full ATC code (A10BA02), or a group where the list has no single substance (A07CA, oral salts).
      expect(m.atc, m.codigo).toMatch(/^[A-Z]\d\d[A-Z]{2}(\d\d)?$/);
      // The element's code is the ATC code, then -2, -3… for further presentations of it.
      expect(m.codigo, m.codigo).toMatch(new RegExp(`^${m.atc}(-\\d+)?$`));
      expect(nombreMedicamento(m)).toBe(nombreMedicamento(m).toUpperCase());
    }
  });

  it('writes names with their accents', () => {
    for (const n of [
      'ÁCIDO ACETILSALICÍLICO 100 MG TABLETA',
      'AMOXICILINA + ÁCIDO CLAVULÁNICO 875 MG + 125 MG TABLETA',
      'LIDOCAÍNA 2 % SOLUCIÓN INYECTABLE',
      'FENITOÍNA 100 MG CÁPSULA',
      'LOSARTÁN 50 MG TABLETA',
      'ONDANSETRÓN 8 MG TABLETA',
      'ACICLOVIR 3 % UNGÜENTO OFTÁLMICO',
      'BUDESONIDA 0,5 MG/2 ML SUSPENSIÓN PARA NEBULIZACIÓN',
    ])
      expect(nombres).toContain(n);
    const sinTilde =
      /\b(ACIDO|CAPSULA|SOLUCION|SUSPENSION|INYECCION|INHALACION|NEBULIZACION|PERFUSION|EMULSION|OFTALMICA|OTICA|UNGUENTO|LOCION|LIBERACION|OVULO|SODICA|LIDOCAINA|BUPIVACAINA|FENITOINA|LOSARTAN|ONDANSETRON|SUMATRIPTAN|RIVAROXABAN|GLUCAGON|ALBUMINA|CARBON|ETOPOSIDO|FLUORESCEINA)\b/;
    expect(nombres.filter((n) => sinTilde.test(n))).toEqual([]);
  });

  it('keeps the eight medicines of the reference seed as they were (code, name and value)', () => {
    expect(DEMO_M).toHaveLength(8);
    for (const [codigo, nombre, , , valor] of DEMO_M)
      expect(esperadas.find((f) => f.codigo === codigo)).toEqual({ codigo, nombre, valor });
  });
});

describe('in the database', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(async () => t?.close());

  const medicamentos = () =>
    t.database.query<Fila & { clase: string }>(
      `SELECT e.codigo, e.nombre, e.valor::text AS valor, c.nombre AS clase
         FROM elemento e JOIN tipo_elem t ON t.id_tipo_elem = e.id_tipo_elem
         LEFT JOIN clas_elem c ON c.id_clas_elem = e.id_clas_elem
        WHERE t.codigo = 'M' ORDER BY e.id_elemento`,
    );

  it('a new database has the whole list as medicines (type M) of the MEDICAMENTOS class', async () => {
    const rows = await medicamentos();
    expect(rows.map(({ clase: _c, ...f }) => f)).toEqual([
      ...DEMO_M.map(([codigo, nombre, , , valor]) => ({ codigo, nombre, valor })),
      ...esperadas.filter((f) => !DEMO_M.some(([c]) => c === f.codigo)),
    ]);
    expect(new Set(rows.map((r) => r.clase))).toEqual(new Set(['MEDICAMENTOS']));
  });

  it('the vademécum finds them by name without accents or case', async () => {
    const headers = await t.auth(DEMO.auditorAm);
    const buscar = async (q: string) =>
      (
        await t.app.inject({ url: `/api/v1/herramientas/vademecum?q=${encodeURIComponent(q)}`, headers })
      ).json() as { items: Fila[]; total: number };
    const para = await buscar('paracetamol');
    expect(para.total).toBe(5);
    expect(para.items.map((i) => i.nombre)).toContain('PARACETAMOL 500 MG TABLETA');
    const amox = await buscar('amoxicilina');
    expect(amox.total).toBe(6);
    expect(amox.items.map((i) => i.nombre)).toContain('AMOXICILINA 250 MG/5 ML POLVO PARA SUSPENSIÓN ORAL');
    expect((await buscar('acido acetilsalicilico')).items.map((i) => i.codigo).sort()).toEqual([
      'B01AC06',
      'N02BA01',
    ]);
    expect((await buscar('ondansetron')).total).toBe(3);
  });

  const migracion = fs
    .readFileSync(path.join(MIGRATIONS_DIR, '0020_preferencias_vademecum.sql'), 'utf8')
    .split('--> statement-breakpoint');

  it('migration 0020 gives a database that had only the eight demo medicines the same list as the seed', async () => {
    const demo = DEMO_M.map(([c]) => c);
    await t.database.query(
      `DELETE FROM elemento WHERE id_tipo_elem = (SELECT id_tipo_elem FROM tipo_elem WHERE codigo = 'M')
          AND codigo <> ALL($1::text[])`,
      [demo],
    );
    expect(await medicamentos()).toHaveLength(8);
    for (const sql of migracion) await t.database.query(sql);
    const rows = (await medicamentos()).map(({ clase: _c, ...f }) => f);
    const porCodigo = new Map(rows.map((r) => [r.codigo, r]));
    expect(rows).toHaveLength(esperadas.length);
    expect(esperadas.filter((f) => JSON.stringify(porCodigo.get(f.codigo)) !== JSON.stringify(f))).toEqual(
      [],
    );
    // Run again (a second start): nothing changes.
    for (const sql of migracion) await t.database.query(sql);
    expect(await medicamentos()).toHaveLength(esperadas.length);
  });

  it('leaves a vademécum someone built alone', async () => {
    await t.database.query(
      `DELETE FROM elemento WHERE id_tipo_elem = (SELECT id_tipo_elem FROM tipo_elem WHERE codigo = 'M')
          AND codigo <> ALL($1::text[])`,
      [DEMO_M.map(([c]) => c)],
    );
    await t.database.query(
      `INSERT INTO elemento (codigo, nombre, id_tipo_elem)
       VALUES ('PROPIO-1', 'MEDICAMENTO PROPIO 1 MG TABLETA', (SELECT id_tipo_elem FROM tipo_elem WHERE codigo = 'M'))`,
    );
    for (const sql of migracion) await t.database.query(sql);
    expect((await medicamentos()).map((r) => r.codigo).sort()).toEqual(
      [...DEMO_M.map(([c]) => c), 'PROPIO-1'].sort(),
    );
  });
});
