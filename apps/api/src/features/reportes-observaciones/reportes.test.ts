import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, DEMO, errorOf, type TestContext } from '../../test/helpers.ts';
import { registrarEmpresa } from '../admin/test-utils.ts';
import {
  crearCarga,
  crearTramite,
  type Fixture,
  type Ids,
  loadIds,
  requester,
} from '../planillas/fixtures.ts';
import { pdfText, sembrarObservaciones } from './test-utils.ts';

let t: TestContext;
let ids: Ids;
let req: ReturnType<typeof requester>;
let f: Fixture;

beforeAll(async () => {
  t = await createTestContext();
  ids = await loadIds(t);
  req = requester(t);
  // Issue 11 item 4: 18/20 read a whole procedure's content (these reports) only when it is assigned to everybody (T).
  f = await crearTramite(t, ids, {
    tipoAsignacion: 'T',
    planillas: [{ numero: 'RO-1', nombre: 'MARÍA LÓPEZ', cedula: '0911111111' }, { numero: 'RO-2' }],
  });
  await sembrarObservaciones(t, ids, f);
});
afterAll(async () => t?.close());

const url = (reportId: number, query = '') => `/api/v1/reportes/pdf/${reportId}/${f.idTramite}${query}`;

async function texto(reportId: number, usuario: string = DEMO.prestador, query = '') {
  const res = await req('GET', url(reportId, query), usuario);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  expect(res.headers['content-disposition']).toMatch(/^inline; filename=".+\.pdf"$/);
  return pdfText(res.rawPayload);
}

describe('GET /reportes/pdf/{4..9}/:idTramite', () => {
  it('4: the AM observations (attention and line item) with the procedure data, no GD ones, dates dd/MM/yyyy', async () => {
    const s = await texto(4);
    expect(s).toContain('Reporte de Observaciones de Auditoría Médica');
    expect(s).toContain('DIAGNÓSTICO NO CORRESPONDE AL PROCEDIMIENTO');
    expect(s).toContain('REVISAR CIE-10 PRINCIPAL');
    expect(s).toContain('VALOR FUERA DE TARIFA CONVENIDA');
    expect(s).toContain('COBRO EXCESIVO');
    expect(s).toContain('MARÍA LÓPEZ');
    expect(s).toContain('03/03/2026'); // attention date
    expect(s).toContain('01/03/2026 – 31/03/2026'); // procedure period
    expect(s).toContain('Observaciones: 2');
    expect(s).not.toContain('FALTA FIRMA');
  });

  it('5: the GD observations only', async () => {
    const s = await texto(5, DEMO.supervisorGd);
    expect(s).toContain('Reporte de Observaciones de Gestión Documental');
    expect(s).toContain('FALTA FIRMA DEL MÉDICO TRATANTE');
    expect(s).toContain('SIN SELLO');
    expect(s).not.toContain('DIAGNÓSTICO NO CORRESPONDE');
  });

  it('6: the M answers, standard and complementary, and the unanswered one said so', async () => {
    const s = await texto(6, DEMO.supervisorAm);
    expect(s).toContain('Reporte de Respuestas a Observaciones de Auditoría Médica');
    expect(s).toContain('SE ADJUNTA DOCUMENTO DE RESPALDO');
    expect(s).toContain('CODIGO CORREGIDO EN HISTORIA');
    expect(s).toContain('Sin respuesta');
    expect(s).toContain('Respondidas: 1');
  });

  it('7: the D answers; 8 and 9 observations and answers with their state', async () => {
    const s7 = await texto(7);
    expect(s7).toContain('Reporte de Respuestas a Observaciones de Gestión Documental');
    expect(s7).toContain('FALTA FIRMA DEL MÉDICO TRATANTE');
    const s8 = await texto(8, DEMO.revisor);
    expect(s8).toContain('Observaciones y Respuestas de Auditoría Médica');
    expect(s8).toContain('Respondida');
    expect(s8).toContain('Pendiente');
    expect(s8).toContain(DEMO.auditorAm);
    const s9 = await texto(9, DEMO.gestorGd);
    expect(s9).toContain('Observaciones y Respuestas de Gestión Documental');
    expect(s9).toContain('Pendiente');
  });

  it('identificador02 limits to a load: another load of the procedure has none', async () => {
    expect(await texto(4, DEMO.prestador, `?identificador02=${f.idCarga}&tipo=M`)).toContain(
      'COBRO EXCESIVO',
    );
    const otra = await crearCarga(t, ids, f.idTramite, '2026-03-16', '2026-03-31');
    const s = await texto(4, DEMO.prestador, `?identificador02=${otra}`);
    expect(s).toContain('No hay observaciones para este trámite/tipo.');
    expect(s).toContain('16/03/2026 – 31/03/2026');
  });

  it('400 for a type that is not the report’s or a bad id; 401 without a session', async () => {
    const res = await req('GET', url(4, '?tipo=D'), DEMO.prestador);
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).error.message).toBe('El reporte 4 es de tipo M.');
    expect((await req('GET', url(4, '?tipo=X'), DEMO.prestador)).statusCode).toBe(400);
    expect((await req('GET', url(4, '?identificador02=abc'), DEMO.prestador)).statusCode).toBe(400);
    expect((await req('GET', '/api/v1/reportes/pdf/4/0', DEMO.prestador)).statusCode).toBe(400);
    expect((await req('GET', url(4))).statusCode).toBe(401);
  });

  it('404 for another provider company, another subscription or an unknown procedure', async () => {
    expect((await req('GET', url(4), DEMO.prestador2)).statusCode).toBe(404);
    expect((await req('GET', url(6), DEMO.prestador2)).statusCode).toBe(404);
    const otra = await registrarEmpresa(t);
    const res = await t.app.inject({ url: url(5), headers: otra.headers });
    expect(res.statusCode).toBe(404);
    expect((await req('GET', '/api/v1/reportes/pdf/4/999999', DEMO.admin)).statusCode).toBe(404);
  });
});
