import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, DEMO, DEMO_PASSWORD, type TestContext } from '../../test/helpers.ts';
import { leerCsv, leerXlsx } from '../../test/xlsx.ts';

/** The persons list's download follows the session's opcionDescarga (docs/spec-summary.md 002 §6, issue 17 item 3). */

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => t?.close());

const descargar = async (usuario: string, query = '', headers?: { authorization: string }) =>
  t.app.inject({ url: `/api/v1/personas/exportar${query}`, headers: headers ?? (await t.auth(usuario)) });

/** A new session of the administrator (the flags were changed by hand, past the session cache). */
async function nuevaSesion() {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { usuario: DEMO.admin, clave: DEMO_PASSWORD },
  });
  return { authorization: `Bearer ${res.json().token}` };
}

const setFlags = (flags: { opcion_descarga?: boolean; opcion_consulta?: boolean }) =>
  t.database.query(
    `UPDATE usuario SET opcion_descarga = coalesce($2, opcion_descarga), opcion_consulta = coalesce($3, opcion_consulta)
      WHERE nombre = $1`,
    [DEMO.admin, flags.opcion_descarga ?? null, flags.opcion_consulta ?? null],
  );

describe('descarga de personas', () => {
  it('401 without a session; 403 for a profile without the administration module', async () => {
    expect((await t.app.inject({ url: '/api/v1/personas/exportar' })).statusCode).toBe(401);
    expect((await descargar(DEMO.prestador)).statusCode).toBe(403);
    expect((await descargar(DEMO.supervisorAm)).statusCode).toBe(403);
  });

  it('the administrator with opcionDescarga gets the CSV of the company’s persons (search applied)', async () => {
    const res = await descargar(DEMO.admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain('personas.csv');
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe(
      'Documento;Nombre completo;Correo electrónico;Teléfono;Localidad;Dirección;Fecha de registro',
    );
    const list = await t.app.inject({
      url: '/api/v1/personas?pageSize=1',
      headers: await t.auth(DEMO.admin),
    });
    expect(lines.length - 1).toBe(list.json().total);
    const [first] = (
      await t.app.inject({ url: '/api/v1/personas?pageSize=1', headers: await t.auth(DEMO.admin) })
    ).json().items;
    const filtered = await descargar(DEMO.admin, `?q=${encodeURIComponent(first.documento)}`);
    const rows = filtered.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/)
      .slice(1);
    expect(rows.length).toBeGreaterThanOrEqual(1);
    expect(rows.every((r) => r.includes(first.documento))).toBe(true);
  });

  it('403 without opcionDescarga (a new session after the flag is removed)', async () => {
    await setFlags({ opcion_descarga: false });
    try {
      const sesion = await nuevaSesion();
      const res = await descargar(DEMO.admin, '', sesion);
      expect(res.statusCode).toBe(403);
      // The list itself still answers.
      const list = await t.app.inject({ url: '/api/v1/personas', headers: sesion });
      expect(list.statusCode).toBe(200);
    } finally {
      await setFlags({ opcion_descarga: true });
    }
    expect((await descargar(DEMO.admin, '', await nuevaSesion())).statusCode).toBe(200);
  });

  it('without opcionConsulta the download ignores a search (the list offers none)', async () => {
    const all = await descargar(DEMO.admin);
    await setFlags({ opcion_consulta: false });
    try {
      const res = await descargar(DEMO.admin, '?q=ZZZ-NADIE', await nuevaSesion());
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(all.body);
    } finally {
      await setFlags({ opcion_consulta: true });
    }
  });

  it('formato=xlsx: the same rows as an Excel book (text cells, the registration date a real date)', async () => {
    const csv = leerCsv((await descargar(DEMO.admin)).rawPayload);
    const res = await descargar(DEMO.admin, '?formato=xlsx');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toBe('attachment; filename="personas.xlsx"');
    const { filas, ws } = await leerXlsx(res.rawPayload);
    expect(filas).toHaveLength(csv.length);
    expect(filas[0]).toEqual(csv[0]);
    expect(ws.getRow(2).getCell(1).value).toBe(csv[1][0]);
    const fecha = ws.getRow(2).getCell(7);
    expect(fecha.value).toBeInstanceOf(Date);
    expect(fecha.numFmt).toBe('dd/mm/yyyy');
    const [d, m, y] = csv[1][6].split('/');
    expect((fecha.value as Date).toISOString().slice(0, 10)).toBe(`${y}-${m}-${d}`);
    expect((await descargar(DEMO.admin, '?formato=pdf')).statusCode).toBe(400);
  });
});
