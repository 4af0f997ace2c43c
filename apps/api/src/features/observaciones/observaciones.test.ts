import { beforeAll, describe, expect, it } from 'vitest';
import {
  crearObservacion,
  crearRespuesta,
  crearTramite,
  type Fixture,
  usarContextoConFixtures,
} from '../../test/fixtures.ts';
import { DEMO } from '../../test/helpers.ts';
import { leerCsv, leerXlsx } from '../../test/xlsx.ts';
import { registrarEmpresa } from '../admin/test-utils.ts';

const { t, ids, req } = usarContextoConFixtures();
let f: Fixture;

/** O1 (AM auditor) with an answered M observation, an open M one on a line item, and a D one. */
beforeAll(async () => {
  f = await crearTramite(t, ids, {
    planillas: [{ numero: 'O1', med: ids.usuarios.auditorAm }, { numero: 'O2' }],
  });
  const db = t.database;
  const obs = (descripcion: string, tipo: string) => crearObservacion(t, ids, descripcion, tipo);
  const resp = { id: await crearRespuesta(t, ids, 'SE ADJUNTA DOCUMENTO') };
  const o1 = await obs('DIAGNÓSTICO NO CORRESPONDE', 'M');
  const o2 = await obs('VALOR FUERA DE TARIFA', 'M');
  const o3 = await obs('FALTA FIRMA DEL MÉDICO', 'D');
  const p = f.planillas[0];
  await db.query(
    `INSERT INTO pla_obs (id_planilla, id_observacion, observacion_tipo, descripcion, id_respuesta, respuesta, id_usuario_reg)
     VALUES ($1, $2, 'M', 'REVISAR CIE-10', $3, 'CORREGIDO', $4), ($1, $5, 'D', NULL, NULL, NULL, $6),
            ($1, $2, 'M', 'ANULADA', NULL, NULL, $4)`,
    [p, o1, resp.id, ids.usuarios.auditorAm, o3, ids.usuarios.gestorGd],
  );
  await db.query(`UPDATE pla_obs SET estado = 0 WHERE descripcion = 'ANULADA'`);
  await db.query(
    `INSERT INTO pla_det_obs (id_planilla_det, id_planilla, id_observacion, observacion_tipo, descripcion)
     SELECT id_planilla_det, $1, $2, 'M', 'COBRO EXCESIVO' FROM planilla_det WHERE id_planilla = $1`,
    [p, o2],
  );
});

describe('GET /planillas/:id/observaciones', () => {
  it('M: the attention-level one with its answers first, then the line item one; the annulled one is left out', async () => {
    const res = await req('GET', `/api/v1/planillas/${f.planillas[0]}/observaciones?tipo=M`, DEMO.auditorAm);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.total).toBe(2);
    expect(body.items).toMatchObject([
      {
        nivel: 'PLANILLA',
        codigoDetalle: null,
        tipo: 'M',
        observacionEstandar: 'DIAGNÓSTICO NO CORRESPONDE',
        observacionComplementaria: 'REVISAR CIE-10',
        respuestaEstandar: 'SE ADJUNTA DOCUMENTO',
        respuestaComplementaria: 'CORREGIDO',
        respondida: true,
        usuario: DEMO.auditorAm,
      },
      {
        nivel: 'DETALLE',
        codigoDetalle: '99203',
        observacionEstandar: 'VALOR FUERA DE TARIFA',
        observacionComplementaria: 'COBRO EXCESIVO',
        respondida: false,
      },
    ]);
    const page2 = await req(
      'GET',
      `/api/v1/planillas/${f.planillas[0]}/observaciones?tipo=M&pageSize=1&page=3`,
      DEMO.supervisorAm,
    );
    expect(page2.json()).toMatchObject({ items: [], total: 2 });
  });

  it('D separately; empty list for an attention without observations', async () => {
    const d = (
      await req('GET', `/api/v1/planillas/${f.planillas[0]}/observaciones?tipo=D`, DEMO.supervisorGd)
    ).json();
    expect(d.items.map((o: { observacionEstandar: string }) => o.observacionEstandar)).toEqual([
      'FALTA FIRMA DEL MÉDICO',
    ]);
    const none = (
      await req('GET', `/api/v1/planillas/${f.planillas[1]}/observaciones?tipo=M`, DEMO.supervisorAm)
    ).json();
    expect(none).toMatchObject({ items: [], total: 0 });
  });

  it('type required; visibility of the attention applies (assignment, tenant, session)', async () => {
    const url = `/api/v1/planillas/${f.planillas[0]}/observaciones`;
    expect((await req('GET', url, DEMO.supervisorAm)).statusCode).toBe(400);
    expect((await req('GET', `${url}?tipo=X`, DEMO.supervisorAm)).statusCode).toBe(400);
    expect((await req('GET', `${url}?tipo=M`, DEMO.gestorGd)).statusCode).toBe(404);
    expect((await req('GET', `${url}?tipo=M`, DEMO.prestador2)).statusCode).toBe(404);
    expect((await req('GET', `${url}?tipo=M`)).statusCode).toBe(401);
    expect(
      (await req('GET', `/api/v1/planillas/${f.planillas[1]}/observaciones?tipo=M`, DEMO.auditorAm))
        .statusCode,
    ).toBe(404);
  });
});

describe('GET /tramites/:id/observaciones (report ObservacionesTramite)', () => {
  const url = (q = '') => `/api/v1/tramites/${f.idTramite}/observaciones${q}`;

  it('every open observation of the procedure, by attention number, with its answer state', async () => {
    const res = await req('GET', url(), DEMO.supervisorAm);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.total).toBe(3);
    expect(
      body.items.map((o: { numero: string; nivel: string; tipo: string; respondida: boolean }) => [
        o.numero,
        o.nivel,
        o.tipo,
        o.respondida,
      ]),
    ).toEqual([
      ['O1', 'PLANILLA', 'M', true],
      ['O1', 'PLANILLA', 'D', false],
      ['O1', 'DETALLE', 'M', false],
    ]);
    expect(body.items[0]).toMatchObject({
      idPlanilla: f.planillas[0],
      idCarga: f.idCarga,
      cedula: expect.any(String),
    });
  });

  it('filters by type, answered or not, and load; pages', async () => {
    const m = (await req('GET', url('?tipo=M&respondida=no'), DEMO.revisor)).json();
    expect(m).toMatchObject({ total: 1, items: [{ observacionEstandar: 'VALOR FUERA DE TARIFA' }] });
    const si = (await req('GET', url('?respondida=si'), DEMO.supervisorGd)).json();
    expect(si.items.map((o: { observacionEstandar: string }) => o.observacionEstandar)).toEqual([
      'DIAGNÓSTICO NO CORRESPONDE',
    ]);
    expect((await req('GET', url(`?idCarga=${f.idCarga + 100000}`), DEMO.supervisorAm)).json()).toMatchObject(
      {
        items: [],
        total: 0,
      },
    );
    const p2 = (await req('GET', url('?pageSize=2&page=2'), DEMO.supervisorAm)).json();
    expect(p2).toMatchObject({ total: 3, page: 2, items: [{ nivel: 'DETALLE' }] });
    expect((await req('GET', url('?pageSize=2&page=9'), DEMO.supervisorAm)).json()).toMatchObject({
      items: [],
      total: 3,
    });
  });

  it('CSV: Observaciones_tramite_{id}.csv, ; separated, Spanish dates and Sí/No', async () => {
    const res = await req('GET', url('?formato=csv&tipo=M'), DEMO.supervisorAm);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain(`Observaciones_tramite_${f.idTramite}.csv`);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toBe(
      'Número;Cédula;Paciente;Fecha de atención;Nivel;Código detalle;Tipo;Observación;Observación complementaria;Respuesta;Respuesta complementaria;Respondida;Fecha;Usuario;Ronda;Decisión',
    );
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(
      /^O1;.*;\d{2}\/\d{2}\/\d{4};Atención;;M;DIAGNÓSTICO NO CORRESPONDE;REVISAR CIE-10;SE ADJUNTA DOCUMENTO;CORREGIDO;Sí;/,
    );
    expect(lines[2]).toContain(';Detalle;99203;M;VALOR FUERA DE TARIFA;COBRO EXCESIVO;;;No;');
  });

  it('formato=xlsx: the same rows as an Excel book, the attention date a date and the round a number', async () => {
    const res = await req('GET', url('?formato=xlsx&tipo=M'), DEMO.supervisorAm);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toContain(`Observaciones_tramite_${f.idTramite}.xlsx`);
    const { ws, filas } = await leerXlsx(res.rawPayload);
    const csv = leerCsv((await req('GET', url('?formato=csv&tipo=M'), DEMO.supervisorAm)).rawPayload);
    expect(filas).toHaveLength(3);
    expect(filas[0]).toEqual(csv[0]);
    const o1 = ws.getRow(2);
    expect(o1.getCell(1).value).toBe('O1');
    expect(o1.getCell(4).value).toBeInstanceOf(Date);
    const [d, m, y] = csv[1][3].split('/');
    expect((o1.getCell(4).value as Date).toISOString().slice(0, 10)).toBe(`${y}-${m}-${d}`);
    expect([5, 7, 8, 9, 10, 11, 12].map((i) => o1.getCell(i).value)).toEqual(
      [4, 6, 7, 8, 9, 10, 11].map((i) => csv[1][i]),
    );
    expect(o1.getCell(13).value).toBeInstanceOf(Date);
    expect(o1.getCell(15).value).toBe(csv[1][14] === '' ? null : Number(csv[1][14]));
  });

  it('18/20 see their assigned attentions; the provider only what was sent to it; 404 for another subscription, 400, 401', async () => {
    // O1 is assigned to the AM auditor only: 18 sees its three; 20 has nothing assigned in this
    // procedure (404, as for the procedure itself); drafts are not the provider's.
    expect((await req('GET', url(), DEMO.auditorAm)).json()).toMatchObject({ total: 3 });
    expect((await req('GET', url(), DEMO.gestorGd)).statusCode).toBe(404);
    expect((await req('GET', url(), DEMO.prestador)).json()).toMatchObject({ total: 0, items: [] });
    expect((await req('GET', url(), DEMO.prestador2)).statusCode).toBe(404);
    expect((await req('GET', url(), DEMO.admin)).statusCode).toBe(403);
    expect((await req('GET', url())).statusCode).toBe(401);
    expect((await req('GET', url('?tipo=X'), DEMO.supervisorAm)).statusCode).toBe(400);
    expect((await req('GET', url('?respondida=quizas'), DEMO.supervisorAm)).statusCode).toBe(400);
    const otro = await crearTramite(t, ids, { planillas: [{ numero: 'X1' }] });
    const otra = await registrarEmpresa(t);
    await t.database.query('UPDATE tramite SET id_suscripcion = $2 WHERE id_tramite = $1', [
      otro.idTramite,
      otra.idSuscripcion,
    ]);
    const res = await req('GET', `/api/v1/tramites/${otro.idTramite}/observaciones`, DEMO.supervisorAm);
    expect(res.statusCode).toBe(404);
  });
});
