import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crearTramite, loadIds } from '../test/fixtures.ts';
import { createTestContext, DEMO, type TestContext } from '../test/helpers.ts';
import { csvText, neutralizeCsvCell } from './csv.ts';

describe('CSV formula neutralisation (decision 36)', () => {
  it('prefixes a quote to text cells starting with = + - @ tab or CR', () => {
    for (const v of ['=1+1', '+A1', '-2+3', '@SUM(A1)', '\tx', '\rx', '=HYPERLINK("http://x","clic")', '-']) {
      expect(neutralizeCsvCell(v)).toBe(`'${v}`);
    }
  });

  it('leaves ordinary text and plain numbers (-5.00, +593, -1.234,56) as they are', () => {
    for (const v of ['JOSÉ ÁLVAREZ', 'a=b', '', '0911111111', '-5.00', '+593', '-1.234,56', '-12', '3.5']) {
      expect(neutralizeCsvCell(v)).toBe(v);
    }
  });

  it('the shared writer applies it to every text cell, never to numbers, with the BOM and header', () => {
    const text = csvText(
      [
        ['=cmd|" /C calc"!A0', -5, '-5.00', 'ok'],
        ['@x', 0, '+1', '-1+1'],
      ],
      ['a', 'b', 'c', 'd'],
    );
    expect(text.startsWith('\uFEFF')).toBe(true);
    expect(text.slice(1).trim().split(/\r?\n/)).toEqual([
      'a;b;c;d',
      `"'=cmd|"" /C calc""!A0";-5;-5.00;ok`,
      `'@x;0;+1;'-1+1`,
    ]);
  });
});

describe('the exports use it', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(async () => t?.close());

  it('planillas/export.csv neutralises a patient name written as a formula', async () => {
    const ids = await loadIds(t);
    const f = await crearTramite(t, ids, {});
    await t.database.query(
      `INSERT INTO planilla (id_tramite, id_carga, id_prestador, numero, cedula, nombre, diag1, fecha_desde, fecha_hasta)
       VALUES ($1, $2, $3, 'F001', '0912345678', '=HYPERLINK("http://malo.ec","Ver")', 'J181', '2026-03-03', '2026-03-03')`,
      [f.idTramite, f.idCarga, ids.idPrestador],
    );
    const res = await t.app.inject({
      url: `/api/v1/planillas/export.csv?idTramite=${f.idTramite}`,
      headers: await t.auth(DEMO.supervisorAm),
    });
    expect(res.statusCode, res.body).toBe(200);
    const line = res.body.split(/\r?\n/).find((l) => l.includes('F001'));
    expect(line).toContain(`"'=HYPERLINK(""http://malo.ec"",""Ver"")"`);
  });
});
