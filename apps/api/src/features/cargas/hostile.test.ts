import crypto from 'node:crypto';
import { MSG_CARGA } from '@app/domain';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/helpers.ts';
import {
  cargar,
  contar,
  crearTramite,
  crudo,
  csv,
  esperar,
  fila,
  filas,
  incidencias,
  subir,
} from './test-fixtures.ts';

/* Hostile and broken data files (issue 11 items 6 and 7): refused with a reason, never a freeze. */

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => t?.close());

/** `[[[[…]]]]` nested `depth` levels (600 KB at 300,000). */
const profundo = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

describe('deep nesting is refused as soon as it is seen (item 6)', () => {
  it('a JSON file nested 300,000 levels fails at once with the position, no row stored', async () => {
    const id = await crearTramite(t);
    const t0 = performance.now();
    const c = await cargar(t, id, 'profundo.json', profundo(300_000));
    expect(performance.now() - t0).toBeLessThan(5_000);
    expect(c).toMatchObject({ estadoProceso: 'FALLIDA', obs: MSG_CARGA.jsonAnidado(2), numeroRegistros: 0 });
    expect(await contar(t, 'carga_fila', c.idCarga)).toBe(0);
  });

  it('a row with a nested value (an object of scalars is all a row may be)', async () => {
    const id = await crearTramite(t);
    const body = JSON.stringify({ filas: [fila(id), { ...fila(id), nombre: { a: 1 } }] });
    const c = await cargar(t, id, 'anidado.json', body);
    expect(c.estadoProceso).toBe('FALLIDA');
    expect(c.obs).toBe(MSG_CARGA.jsonAnidado(Buffer.from(body).indexOf('{"a"')));
  });

  it('other users are answered while hostile and big files are parsed', async () => {
    const id1 = await crearTramite(t);
    const id2 = await crearTramite(t);
    const grande = csv(filas(id2, 30_000));
    const latencias: number[] = [];
    let corriendo = true;
    const sondeo = (async () => {
      while (corriendo) {
        const t0 = performance.now();
        const res = await t.app.inject({ url: '/api/health' });
        latencias.push(performance.now() - t0);
        expect(res.statusCode).toBe(200);
        await new Promise((r) => setTimeout(r, 20));
      }
    })();
    const [a, b] = await Promise.all([
      subir(t, id1, 'profundo.json', profundo(300_000)),
      subir(t, id2, 'grande.csv', grande),
    ]);
    expect(a.statusCode).toBe(202);
    expect(b.statusCode).toBe(202);
    const [ca, cb] = await Promise.all([esperar(t, a.json().idCarga), esperar(t, b.json().idCarga, 120_000)]);
    corriendo = false;
    await sondeo;
    expect(ca.estadoProceso).toBe('FALLIDA');
    expect(cb).toMatchObject({ estadoProceso: 'COMPLETADA', numeroRegistros: 30_000 });
    latencias.sort((x, y) => x - y);
    const p95 = latencias[Math.floor(latencias.length * 0.95)];
    const max = latencias[latencias.length - 1];
    expect(latencias.length).toBeGreaterThan(5);
    // On PGlite /api/health waits for the load's transaction (one connection): the event loop is what
    // is measured there, with a setTimeout probe instead.
    if (t.database.kind === 'postgres') {
      expect(p95, `p95 ${p95} ms, max ${max} ms`).toBeLessThan(500);
      expect(max, `max ${max} ms`).toBeLessThan(1_000);
    }
  }, 180_000);

  it('the event loop never stalls while a hostile file is processed (both databases)', async () => {
    const id = await crearTramite(t);
    const retrasos: number[] = [];
    let corriendo = true;
    const sondeo = (async () => {
      while (corriendo) {
        const t0 = performance.now();
        await new Promise((r) => setTimeout(r, 10));
        retrasos.push(performance.now() - t0 - 10);
      }
    })();
    const c = await cargar(t, id, 'profundo.json', profundo(300_000));
    corriendo = false;
    await sondeo;
    expect(c.estadoProceso).toBe('FALLIDA');
    expect(Math.max(...retrasos)).toBeLessThan(500);
  }, 60_000);
});

describe('a stray quote is an error of its line and column (item 7)', () => {
  it('PÉREZ "EL FLACO" JUAN: the load completes; the row has an error naming line 3, column nombre', async () => {
    const id = await crearTramite(t);
    const body =
      csv([fila(id)]) +
      `${crudo(fila(id, { noPlanilla: 'A-2', nombre: 'PÉREZ "EL FLACO" JUAN' }))}\r\n` +
      `${crudo(fila(id, { noPlanilla: 'A-3', nombreMedIns: '"DR." VERA' }))}\r\n` +
      csv([fila(id, { noPlanilla: 'A-4', nombre: 'LOOR "LA FLACA" ANA' })])
        .split('\r\n')
        .slice(1)
        .join('\r\n');
    const c = await cargar(t, id, 'comillas.csv', body);
    expect(c).toMatchObject({ estadoProceso: 'COMPLETADA', numeroRegistros: 4, contadorErrores: 2 });
    const e = (await incidencias(t, c.idCarga)).filter((x) => x.tipo === 'E');
    expect(e).toEqual([
      {
        fila: 2,
        columna: 'nombre',
        valor: 'PÉREZ "EL FLACO" JUAN',
        mensaje: MSG_CARGA.comillasSueltas(3),
        tipo: 'E',
      },
      {
        fila: 3,
        columna: 'nombreMedIns',
        valor: '"DR." VERA',
        mensaje: MSG_CARGA.comillasSueltas(4),
        tipo: 'E',
      },
    ]);
    // A value quoted as CSV says ("LOOR ""LA FLACA"" ANA") is data, not a defect.
    const [ok] = await t.database.query<{ nombre: string; error: boolean }>(
      'SELECT nombre, tiene_error AS error FROM carga_fila WHERE id_carga = $1 AND fila = 4',
      [c.idCarga],
    );
    expect(ok).toEqual({ nombre: 'LOOR "LA FLACA" ANA', error: false });
  });

  it('a NUL byte far into a CSV is an error of its row, not a crash', async () => {
    const id = await crearTramite(t);
    const body = `${csv(filas(id, 200))}${crudo(fila(id, { nombre: 'ANA\u0000LOOR' }))}\r\n`;
    const c = await cargar(t, id, 'nulo.csv', body);
    expect(c).toMatchObject({ estadoProceso: 'COMPLETADA', numeroRegistros: 201, contadorErrores: 1 });
    expect(await incidencias(t, c.idCarga)).toContainEqual({
      fila: 201,
      columna: 'nombre',
      valor: 'ANALOOR',
      mensaje: MSG_CARGA.caracterNulo,
      tipo: 'E',
    });
  });
});

describe('garbage files get a clear Spanish reason, never "error inesperado" (item 7)', () => {
  const workbook = async (id: number) => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Datos');
    ws.addRow(Object.keys(fila(id)));
    for (const f of filas(id, 3000)) ws.addRow(Object.values(f));
    return Buffer.from(await wb.xlsx.writeBuffer());
  };
  const casos: [string, string, (id: number) => Promise<Buffer | string>, string][] = [
    [
      'a truncated workbook',
      'cortado.xlsx',
      async (id) => (await workbook(id)).subarray(0, 20_000),
      MSG_CARGA.excelInvalido,
    ],
    [
      'random bytes behind a ZIP signature',
      'basura.xlsx',
      async () => Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), crypto.randomBytes(50_000)]),
      MSG_CARGA.excelInvalido,
    ],
    [
      'printable garbage as .csv',
      'basura.csv',
      async () => crypto.randomBytes(30_000).toString('base64'),
      MSG_CARGA.columnasFaltantes(['idTramite']).slice(0, 25),
    ],
    [
      'garbage as .json',
      'basura.json',
      async () => `[{"a": 1}, ${crypto.randomBytes(2000).toString('hex')}]`,
      'El archivo JSON está incompleto o mal formado',
    ],
  ];
  for (const [nombre, archivo, contenido, motivo] of casos) {
    it(nombre, async () => {
      const id = await crearTramite(t);
      const c = await cargar(t, id, archivo, await contenido(id));
      expect(c.estadoProceso).toBe('FALLIDA');
      expect(c.obs).not.toBe(MSG_CARGA.inesperado);
      expect(c.obs?.startsWith(motivo), `${c.obs}`).toBe(true);
      expect(await contar(t, 'carga_fila', c.idCarga)).toBe(0);
    }, 60_000);
  }

  it('random bytes named .csv, .json or .xlsx and an empty file are refused at the upload', async () => {
    const id = await crearTramite(t);
    for (const archivo of ['azar.csv', 'azar.json', 'azar.xlsx']) {
      const res = await subir(t, id, archivo, crypto.randomBytes(20_000));
      expect(res.statusCode, archivo).toBe(415);
    }
    const vacio = await subir(t, id, 'vacio.csv', '');
    expect(vacio.statusCode).toBe(400);
    expect(vacio.json().error.message).toBe(MSG_CARGA.archivoVacio);
  });
});
