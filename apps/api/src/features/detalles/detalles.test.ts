import { MSG_DETALLE, MSG_PLANILLA } from '@app/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { crearTramite, type Fixture, usarContextoConFixtures, versionOf } from '../../test/fixtures.ts';
import { DEMO, errorOf } from '../../test/helpers.ts';

const { t, ids, req } = usarContextoConFixtures();

type Lista = {
  items: Array<{
    codigo: string;
    estado: number;
    total: string;
    idPlanillaDet: number;
    elementoNombre: string;
  }>;
  total: number;
  totalPagina: string;
};

/** D1 (assigned to the AM auditor) with three line items, the lab one dated later; D2 unassigned. */
async function base(): Promise<Fixture> {
  const f = await crearTramite(t, ids, {
    planillas: [
      {
        numero: 'D1',
        med: ids.usuarios.auditorAm,
        fechaDesde: '2026-03-03',
        fechaHasta: '2026-03-05',
        detalles: [
          ['99213', 1, '20.30'],
          ['85025', 2, '7.90'],
          ['99203', 1, '25.50'],
        ],
      },
      { numero: 'D2' },
    ],
  });
  await t.database.query(
    `UPDATE planilla_det SET fecha_atencion = '2026-03-05' WHERE id_planilla = $1 AND codigo = '85025'`,
    [f.planillas[0]],
  );
  return f;
}

const idDet = async (idPlanilla: number, codigo: string) =>
  (
    await t.database.query<{ id: number }>(
      'SELECT id_planilla_det AS id FROM planilla_det WHERE id_planilla = $1 AND codigo = $2',
      [idPlanilla, codigo],
    )
  )[0].id;

describe('GET /planillas/:id/detalles', () => {
  let f: Fixture;
  beforeAll(async () => {
    f = await base();
  });

  it('active items, newest attention date first then code; line totals and the page total', async () => {
    const res = await req('GET', `/api/v1/planillas/${f.planillas[0]}/detalles`, DEMO.auditorAm);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as Lista;
    expect(body.items.map((i) => i.codigo)).toEqual(['85025', '99203', '99213']);
    expect(body.items[0]).toMatchObject({ total: '15.80', elementoNombre: 'BIOMETRÍA HEMÁTICA COMPLETA' });
    expect(body).toMatchObject({ total: 3, totalPagina: '61.60' });
    const page2 = (
      await req('GET', `/api/v1/planillas/${f.planillas[0]}/detalles?pageSize=2&page=2`, DEMO.supervisorAm)
    ).json() as Lista;
    expect(page2.items.map((i) => i.codigo)).toEqual(['99213']);
    expect(page2).toMatchObject({ total: 3, totalPagina: '20.30' });
  });

  it('search by code prefix or by words of the element, regardless of accents and case', async () => {
    const url = (q: string) => `/api/v1/planillas/${f.planillas[0]}/detalles?q=${encodeURIComponent(q)}`;
    const codes = async (q: string) =>
      ((await req('GET', url(q), DEMO.supervisorGd)).json() as Lista).items.map((i) => i.codigo);
    expect(await codes('992')).toEqual(['99203', '99213']);
    expect(await codes('hematica')).toEqual(['85025']);
    expect(await codes('subsecuente nivel')).toEqual([]);
    expect(await codes('SUBSECUENTE')).toEqual(['99213']);
    expect(await codes('%')).toEqual([]);
  });

  it('visibility: unassigned operative, other tenant and no session are refused', async () => {
    expect(
      (await req('GET', `/api/v1/planillas/${f.planillas[1]}/detalles`, DEMO.auditorAm)).statusCode,
    ).toBe(404);
    expect(
      (await req('GET', `/api/v1/planillas/${f.planillas[0]}/detalles`, DEMO.prestador2)).statusCode,
    ).toBe(404);
    expect((await req('GET', `/api/v1/planillas/${f.planillas[0]}/detalles`)).statusCode).toBe(401);
    expect(
      (await req('GET', `/api/v1/planillas/${f.planillas[0]}/detalles`, DEMO.prestador)).statusCode,
    ).toBe(200);
    const bad = await req('GET', `/api/v1/planillas/${f.planillas[0]}/detalles?estado=2`, DEMO.supervisorAm);
    expect(bad.statusCode).toBe(400);
  });
});

describe('PUT /planillas/:id/detalles/:idDet/estado (Activar detalle: 16, 17, 18)', () => {
  let f: Fixture;
  beforeAll(async () => {
    f = await base();
  });
  const put = async (usuario: string, idPlanilla: number, det: number, estado: number, version?: number) =>
    req('PUT', `/api/v1/planillas/${idPlanilla}/detalles/${det}/estado`, usuario, {
      estado,
      version: version ?? (await versionOf(t, idPlanilla)),
    });

  it('17 deactivates and reactivates: total recalculated, version bumped, audit trail per item', async () => {
    const id = f.planillas[0];
    const det = await idDet(id, '85025');
    const v = await versionOf(t, id);
    const off = await put(DEMO.supervisorAm, id, det, 0);
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({
      mensaje: MSG_DETALLE.detalleDesactivado,
      item: {
        idPlanillaDet: det,
        estado: 0,
        valorReclamado: '15.80',
        valorAprobado: '0.00',
        valorGlosa: '15.80',
      },
      planilla: {
        idPlanilla: id,
        total: '45.80',
        totalReclamado: '61.60',
        totalAprobado: '45.80',
        totalGlosa: '15.80',
        version: v + 1,
      },
    });
    const activos = (await req('GET', `/api/v1/planillas/${id}/detalles`, DEMO.supervisorAm)).json() as Lista;
    expect(activos.items.map((i) => i.codigo)).toEqual(['99203', '99213']);
    const inactivos = (
      await req('GET', `/api/v1/planillas/${id}/detalles?estado=0`, DEMO.supervisorAm)
    ).json() as Lista;
    expect(inactivos.items.map((i) => i.codigo)).toEqual(['85025']);
    const todos = (
      await req('GET', `/api/v1/planillas/${id}/detalles?estado=todos`, DEMO.supervisorAm)
    ).json() as Lista;
    expect(todos.items.map((i) => [i.codigo, i.estado])).toEqual([
      ['85025', 0],
      ['99203', 1],
      ['99213', 1],
    ]);

    const on = await put(DEMO.revisor, id, det, 1);
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().planilla).toMatchObject({ total: '61.60', version: v + 2 });
    const aud = await t.database.query<{
      det: number | null;
      operacion: string;
      campo: string;
      antes: string;
      despues: string;
    }>(
      `SELECT id_planilla_det AS det, operacion, campo, antes, despues FROM auditoria_pla WHERE id_planilla = $1 ORDER BY id_auditoria`,
      [id],
    );
    // Deactivating objects the whole line: claimed stays, approved drops, the glosa grows.
    expect(aud).toEqual([
      { det, operacion: 'DESACTIVAR', campo: 'estado', antes: '1', despues: '0' },
      { det: null, operacion: 'DESACTIVAR', campo: 'total', antes: '61.60', despues: '45.80' },
      { det: null, operacion: 'DESACTIVAR', campo: 'totalAprobado', antes: '61.60', despues: '45.80' },
      { det: null, operacion: 'DESACTIVAR', campo: 'totalGlosa', antes: '0.00', despues: '15.80' },
      { det, operacion: 'ACTIVAR', campo: 'estado', antes: '0', despues: '1' },
      { det: null, operacion: 'ACTIVAR', campo: 'total', antes: '45.80', despues: '61.60' },
      { det: null, operacion: 'ACTIVAR', campo: 'totalAprobado', antes: '45.80', despues: '61.60' },
      { det: null, operacion: 'ACTIVAR', campo: 'totalGlosa', antes: '15.80', despues: '0.00' },
    ]);
    const audit = (await req('GET', `/api/v1/planillas/${id}/auditoria`, DEMO.supervisorAm)).json();
    expect(audit.detallados).toHaveLength(2);
    expect(audit.detallados[0]).toMatchObject({ codigo: '85025', operacion: 'ACTIVAR' });
  });

  it('refusals: other profiles 403, stale version and same state 409, foreign item and tenant 404', async () => {
    const id = f.planillas[0];
    const det = await idDet(id, '99203');
    for (const u of [DEMO.supervisorGd, DEMO.prestador]) {
      const res = await put(u, id, det, 0);
      expect(res.statusCode, u).toBe(403);
      expect(errorOf(res).error.message).toBe(MSG_PLANILLA.perfilNoAutorizado);
    }
    // The GD operative is not assigned to this attention: it does not exist for it.
    expect((await put(DEMO.gestorGd, id, det, 0)).statusCode).toBe(404);
    const stale = await put(DEMO.supervisorAm, id, det, 0, (await versionOf(t, id)) - 1);
    expect(stale.statusCode).toBe(409);
    expect(errorOf(stale).error.code).toBe('VERSION');
    const same = await put(DEMO.supervisorAm, id, det, 1);
    expect(same.statusCode).toBe(409);
    expect(errorOf(same).error.message).toBe(MSG_DETALLE.yaActivo);
    const otra = await idDet(f.planillas[1], '99203');
    expect((await put(DEMO.supervisorAm, id, otra, 0)).statusCode).toBe(404);
    expect((await put(DEMO.prestador2, id, det, 0)).statusCode).toBe(404);
    expect(
      (await req('PUT', `/api/v1/planillas/${id}/detalles/${det}/estado`, DEMO.supervisorAm, { estado: 0 }))
        .statusCode,
    ).toBe(400);
  });

  it('18 toggles the lines of the attentions assigned to it (issue 13: it got 403 before)', async () => {
    const id = f.planillas[0];
    const det = await idDet(id, '99213');
    const off = await put(DEMO.auditorAm, id, det, 0);
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().item).toMatchObject({ estado: 0, valorGlosa: '20.30' });
    expect((await put(DEMO.auditorAm, id, det, 1)).statusCode).toBe(200);
    // Not assigned to D2: it does not exist for 18.
    expect(
      (await put(DEMO.auditorAm, f.planillas[1], await idDet(f.planillas[1], '99203'), 0)).statusCode,
    ).toBe(404);
  });

  it('only while the procedure is RECIBIDO, EN PROCESO or PLANILLAJE', async () => {
    const id = f.planillas[0];
    const det = await idDet(id, '99203');
    await t.database.query(`UPDATE tramite SET estado_tramite = 'FINALIZADO' WHERE id_tramite = $1`, [
      f.idTramite,
    ]);
    const res = await put(DEMO.supervisorAm, id, det, 0);
    expect(res.statusCode).toBe(409);
    expect(errorOf(res).error.code).toBe('ESTADO_INVALIDO');
    await t.database.query(`UPDATE tramite SET estado_tramite = 'PLANILLAJE' WHERE id_tramite = $1`, [
      f.idTramite,
    ]);
    expect((await put(DEMO.supervisorAm, id, det, 0)).statusCode).toBe(200);
  });
});
