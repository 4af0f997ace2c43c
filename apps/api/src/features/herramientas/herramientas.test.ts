import crypto from 'node:crypto';
import { COLUMNAS_DATOS, foldText, MSG, MSG_HERRAMIENTAS } from '@app/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cedulaFrom } from '../../db/seed/demo.ts';
import { createTestContext, DEMO, errorOf, type TestContext } from '../../test/helpers.ts';
import {
  crearCargaCompleta,
  crearTramiteDirecto,
  type IdsHerramientas,
  idsHerramientas,
} from './test-utils.ts';

let t: TestContext;
let ids: IdsHerramientas;

beforeAll(async () => {
  t = await createTestContext();
  ids = await idsHerramientas(t);
});
afterAll(async () => t?.close());

/** A procedure written directly (the procedure routes are another feature's). */
async function crearTramite(
  o: { prestador?: number; estado?: string; sandbox?: boolean } = {},
): Promise<number> {
  return crearTramiteDirecto(t, ids, {
    ...o,
    prestador: o.prestador ?? ids.prestador,
    descripcion: 'PRUEBA DE HERRAMIENTAS',
    prefijo: 'TH',
  });
}

/** Attentions of a patient in a procedure (one load holding them). */
async function crearAtenciones(
  idTramite: number,
  idPrestador: number,
  cedula: string,
  atenciones: { numero: string; desde: string; nombre?: string; estado?: number }[],
) {
  const c = { id: await crearCargaCompleta(t, ids, idTramite) };
  for (const a of atenciones) {
    await t.database.query(
      `INSERT INTO planilla (id_tramite, id_carga, id_prestador, numero, cedula, nombre, diag1, fecha_desde, fecha_hasta, estado)
       VALUES ($1, $2, $3, $4, $5, $6, 'J069', $7, $7, $8)`,
      [
        idTramite,
        c.id,
        idPrestador,
        a.numero,
        cedula,
        a.nombre ?? 'PACIENTE DE PRUEBA',
        a.desde,
        a.estado ?? 1,
      ],
    );
  }
}

const get = async (url: string, usuario?: string) =>
  t.app.inject({ url, headers: usuario ? await t.auth(usuario) : {} });

describe('vademécum', () => {
  it('401 without a session', async () => {
    const res = await get('/api/v1/herramientas/vademecum');
    expect(res.statusCode).toBe(401);
    expect(errorOf(res).error.message).toBe(MSG.sesionRequerida);
  });

  it('lists only medicines (tipo M), by name, 10 per page', async () => {
    await t.database.query(
      `INSERT INTO elemento (codigo, nombre, id_tipo_elem, valor)
       SELECT 'TEST-M-' || g, 'ZZ MEDICAMENTO DE PRUEBA ' || g, (SELECT id_tipo_elem FROM tipo_elem WHERE codigo = 'M'), 1
         FROM generate_series(1, 5) g`,
    );
    const [{ n }] = await t.database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM elemento e JOIN tipo_elem t ON t.id_tipo_elem = e.id_tipo_elem WHERE t.codigo = 'M'`,
    );
    expect(n).toBeGreaterThan(10);
    const p1 = (await get('/api/v1/herramientas/vademecum', DEMO.auditorAm)).json();
    expect(p1).toMatchObject({ total: n, page: 1, pageSize: 10 });
    expect(p1.items).toHaveLength(10);
    const nombres = p1.items.map((i: { nombre: string }) => i.nombre);
    // Alphabetical without regard to accents: 'ÁCIDO…' among the A.
    const clave = (n: string) => foldText(n);
    expect(nombres).toEqual(
      [...nombres].sort((a, b) => (clave(a) < clave(b) ? -1 : clave(a) > clave(b) ? 1 : 0)),
    );
    expect(nombres).toContain('ÁCIDO ACETILSALICÍLICO 100 MG TABLETA');
    expect(p1.items[0]).toEqual({
      idElemento: expect.any(Number),
      codigo: expect.any(String),
      nombre: expect.any(String),
      // Only some medicines carry a reference value.
      valor: p1.items[0].valor === null ? null : expect.any(String),
      clasificacion: expect.anything(),
    });
    const ultima = Math.ceil(n / 10);
    const pu = (await get(`/api/v1/herramientas/vademecum?page=${ultima}`, DEMO.auditorAm)).json();
    expect(pu.items).toHaveLength(n - (ultima - 1) * 10);
    // The test rows sort last ('ZZ…').
    expect(pu.items.at(-1).nombre).toBe('ZZ MEDICAMENTO DE PRUEBA 5');
  });

  it('searches name or code without accents or case', async () => {
    const buscar = async (q: string) =>
      (await get(`/api/v1/herramientas/vademecum?q=${encodeURIComponent(q)}`, DEMO.prestador)).json() as {
        items: { codigo: string; nombre: string; valor: string }[];
        total: number;
      };
    // The seeded list (db/seed/data/vademecum, issue 14 §4; its own test: db/seed/vademecum.test.ts).
    const para = await buscar('paracetamol 500');
    expect(para.items).toEqual([
      expect.objectContaining({ codigo: 'N02BE01', nombre: 'PARACETAMOL 500 MG TABLETA', valor: '0.04' }),
    ]);
    const omeprazol = await buscar('OMEPRAZOL 20 MG CAPSULA');
    expect(omeprazol.items.map((i) => i.codigo)).toEqual(['A02BC01']);
    expect((await buscar('cápsula')).total).toBe((await buscar('CAPSULA')).total);
    expect((await buscar('cápsula')).total).toBeGreaterThan(20);
    // By code: the ATC prefix of the antibacterials.
    const j01 = await buscar('j01');
    expect(j01.total).toBeGreaterThan(50);
    expect(j01.items.every((i) => i.codigo.startsWith('J01'))).toBe(true);
    expect((await buscar('J01CA04-2')).items.map((i) => i.nombre)).toEqual([
      'AMOXICILINA 250 MG/5 ML POLVO PARA SUSPENSIÓN ORAL',
    ]);
    // Supplies and procedures are not medicines.
    expect((await buscar('jeringa')).total).toBe(0);
    expect((await buscar('consulta')).total).toBe(0);
    expect(await buscar('100%_')).toEqual({ items: [], total: 0, page: 1, pageSize: 10 });
  });
});

describe('consulta de cobertura', () => {
  const paciente = cedulaFrom('170555444');
  const otro = cedulaFrom('090777888');

  beforeAll(async () => {
    const propio = await crearTramite();
    await crearAtenciones(propio, ids.prestador, paciente, [
      { numero: 'C-1', desde: '2026-03-03', nombre: 'PACIENTE ANTIGUO' },
      { numero: 'C-2', desde: '2026-03-20', nombre: 'MORA VERA ANA' },
      { numero: 'C-3', desde: '2026-03-25', estado: 0 }, // annulled
    ]);
    const sandbox = await crearTramite({ sandbox: true });
    await crearAtenciones(sandbox, ids.prestador, paciente, [{ numero: 'S-1', desde: '2026-03-28' }]);
    // The other provider company's patient.
    const ajeno = await crearTramite({ prestador: ids.prestador2 });
    await crearAtenciones(ajeno, ids.prestador2, otro, [
      { numero: 'X-1', desde: '2026-03-10', nombre: 'PACIENTE AJENO' },
    ]);
  });

  it('401 without a session; 400 in Spanish for a bad cédula', async () => {
    expect((await get(`/api/v1/herramientas/cobertura/${paciente}`)).statusCode).toBe(401);
    for (const mala of ['1710034066', '12345', 'ABCDEFGHIJ']) {
      const res = await get(`/api/v1/herramientas/cobertura/${mala}`, DEMO.prestador);
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).error).toMatchObject({
        code: 'DATOS_INVALIDOS',
        message: MSG_HERRAMIENTAS.cedulaInvalida,
      });
    }
  });

  it('the provider sees its company’s attentions: count and last date (annulled and sandbox left out)', async () => {
    const res = await get(`/api/v1/herramientas/cobertura/${paciente}`, DEMO.prestador);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      cedula: paciente,
      nombre: 'MORA VERA ANA',
      numeroAtenciones: 2,
      ultimaAtencion: '2026-03-20',
      recientes: [
        expect.objectContaining({
          numero: 'C-2',
          fechaDesde: '2026-03-20',
          prestador: expect.any(String),
          tramite: expect.any(String),
        }),
        expect.objectContaining({ numero: 'C-1', fechaDesde: '2026-03-03' }),
      ],
    });
  });

  it('another provider company’s patient is not visible', async () => {
    const res = await get(`/api/v1/herramientas/cobertura/${otro}`, DEMO.prestador);
    expect(res.json()).toEqual({
      cedula: otro,
      nombre: null,
      numeroAtenciones: 0,
      ultimaAtencion: null,
      recientes: [],
    });
    const mine = await get(`/api/v1/herramientas/cobertura/${paciente}`, DEMO.prestador2);
    expect(mine.json()).toMatchObject({ numeroAtenciones: 0, nombre: null });
    // …while that company sees its own.
    expect((await get(`/api/v1/herramientas/cobertura/${otro}`, DEMO.prestador2)).json()).toMatchObject({
      numeroAtenciones: 1,
      nombre: 'PACIENTE AJENO',
    });
  });

  it('insurer staff see the attentions of their subscription, of every provider', async () => {
    expect((await get(`/api/v1/herramientas/cobertura/${paciente}`, DEMO.supervisorAm)).json()).toMatchObject(
      {
        numeroAtenciones: 2,
      },
    );
    expect((await get(`/api/v1/herramientas/cobertura/${otro}`, DEMO.supervisorGd)).json()).toMatchObject({
      numeroAtenciones: 1,
    });
  });

  it('an unknown patient has no attentions', async () => {
    const res = await get(`/api/v1/herramientas/cobertura/${cedulaFrom('010101010')}`, DEMO.supervisorAm);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ numeroAtenciones: 0, ultimaAtencion: null, recientes: [] });
  });
});

describe('manual técnico del archivo de datos', () => {
  it('serves a real PDF without a session', async () => {
    const res = await get('/api/v1/manual-datos.pdf');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain('manual-archivo-datos.pdf');
    expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(res.rawPayload.subarray(-8).toString('latin1')).toContain('%%EOF');
    expect(res.rawPayload.length).toBeGreaterThan(10_000);
    // Rendered once, then served from memory.
    const again = await get('/api/v1/manual-datos.pdf');
    expect(again.rawPayload.equals(res.rawPayload)).toBe(true);
  });

  it('example files: CSV with BOM, JSON, Excel; the procedure id can be chosen', async () => {
    const csv = await get('/api/v1/manual-datos/ejemplo.csv?idTramite=42');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toBe('attachment; filename="ejemplo-datos.csv"');
    expect(csv.body.startsWith('\uFEFF')).toBe(true);
    const lineas = csv.body.slice(1).trimEnd().split('\n');
    expect(lineas[0]).toBe(COLUMNAS_DATOS.join(';'));
    expect(lineas[1].startsWith('42;123;')).toBe(true);
    const json = await get('/api/v1/manual-datos/ejemplo.json');
    expect(json.json()).toHaveLength(3);
    expect(json.json()[0]).toMatchObject({ idTramite: 1, noPlanilla: '123' });
    const xlsx = await get('/api/v1/manual-datos/ejemplo.xlsx');
    expect(xlsx.rawPayload.subarray(0, 2).toString('latin1')).toBe('PK');
    const bad = await get('/api/v1/manual-datos/ejemplo.csv?idTramite=-3');
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).error.message).toBe('El ID del trámite debe ser un número entero positivo.');
  });

  /** multipart/form-data with one file part. */
  function multipart(filename: string, content: Buffer) {
    const boundary = `----manual${crypto.randomBytes(8).toString('hex')}`;
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="archivo"; filename="${filename}"\r\n` +
          'Content-Type: application/octet-stream\r\n\r\n',
      ),
      content,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
  }

  // The manual's examples are what the real ingest accepts: no errors and no novedades.
  it.each(['csv', 'json', 'xlsx'])('the example %s uploads without errors or novedades', async (formato) => {
    const idTramite = await crearTramite({ estado: 'REGISTRADO' });
    const archivo = await get(`/api/v1/manual-datos/ejemplo.${formato}?idTramite=${idTramite}`);
    const body = multipart(`ejemplo.${formato}`, archivo.rawPayload);
    const up = await t.app.inject({
      method: 'POST',
      url: `/api/v1/tramites/${idTramite}/cargas`,
      headers: { ...(await t.auth(DEMO.prestador)), ...body.headers },
      payload: body.payload,
    });
    expect(up.statusCode, up.body).toBe(202);
    let carga: Record<string, unknown> = {};
    for (let i = 0; i < 600; i++) {
      carga = (await get(`/api/v1/cargas/${up.json().idCarga}`, DEMO.prestador)).json();
      if (carga.estadoProceso !== 'PROCESANDO') break;
      await new Promise((ok) => setTimeout(ok, 25));
    }
    expect(carga).toMatchObject({
      estadoProceso: 'COMPLETADA',
      numeroRegistros: 3,
      contadorErrores: 0,
      contadorNovedades: 0,
    });
  });
});
