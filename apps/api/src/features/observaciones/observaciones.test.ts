import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, DEMO, type TestContext } from '../../test/helpers.ts';
import { crearTramite, type Fixture, type Ids, loadIds, requester } from '../planillas/fixtures.ts';

let t: TestContext;
let ids: Ids;
let req: ReturnType<typeof requester>;
let f: Fixture;

/** O1 (AM auditor) with an answered M observation, an open M one on a line item, and a D one. */
beforeAll(async () => {
  t = await createTestContext();
  ids = await loadIds(t);
  req = requester(t);
  f = await crearTramite(t, ids, {
    planillas: [{ numero: 'O1', med: ids.usuarios.auditorAm }, { numero: 'O2' }],
  });
  const db = t.database;
  const obs = async (descripcion: string, tipo: string) =>
    (
      await db.query<{ id: number }>(
        'INSERT INTO observacion (id_empresa, descripcion, tipo) VALUES ($1, $2, $3) RETURNING id_observacion AS id',
        [ids.idEmpresaAseg, descripcion, tipo],
      )
    )[0].id;
  const [resp] = await db.query<{ id: number }>(
    'INSERT INTO respuesta (id_empresa, descripcion) VALUES ($1, $2) RETURNING id_respuesta AS id',
    [ids.idEmpresaAseg, 'SE ADJUNTA DOCUMENTO'],
  );
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
afterAll(async () => t?.close());

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
