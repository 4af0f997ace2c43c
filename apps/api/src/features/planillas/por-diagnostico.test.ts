import { MSG } from '@app/domain';
import type { getDiagnosticosByIdPlanillasResponse } from '@app/domain/planillas/responses-diagnosticos';
import { beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { crearTramite, usarContextoConFixtures } from '../../test/fixtures.ts';
import { DEMO, errorOf } from '../../test/helpers.ts';
import { registrarEmpresa } from '../admin/test-utils.ts';

/*
 * diagnostico_diagaten: attentions carrying one diagnosis in any of diag1..diag5, limited like the
 * attention lists (tenant of the procedure; 18/20 only their assignments unless tipoAsignacion T).
 */

const { t, ids, req } = usarContextoConFixtures();
let idDiag: number;
/** Attention ids by name, to compare answers whatever else the database holds. */
const P: Record<string, number> = {};

type Body = z.infer<typeof getDiagnosticosByIdPlanillasResponse>;

const CODIGO = 'K359';
const url = (id = idDiag, query = '') => `/api/v1/diagnosticos/${id}/planillas${query}`;
const mine = (b: Body) => b.items.map((i) => i.idPlanilla).filter((id) => Object.values(P).includes(id));
const names = (b: Body) =>
  b.items
    .filter((i) => Object.values(P).includes(i.idPlanilla))
    .map((i) => i.numero)
    .sort();

beforeAll(async () => {
  [{ id: idDiag }] = await t.database.query<{ id: number }>(
    'SELECT id_diagnostico AS id FROM diagnostico WHERE codigo = $1',
    [CODIGO],
  );
  const u = ids.usuarios;
  // Provider 1, assignment by user: two of its attentions go to the AM auditor / GD operative.
  const a = await crearTramite(t, ids, {
    planillas: [
      { numero: 'DX-A1', diag1: CODIGO, fechaDesde: '2026-03-05', med: u.auditorAm },
      { numero: 'DX-A2', diag1: 'J181', diag2: 'A09', fechaDesde: '2026-03-09', doc: u.gestorGd },
      { numero: 'DX-A3', diag1: 'J181', diag2: CODIGO, fechaDesde: '2026-03-03' },
      { numero: 'DX-A4', diag1: CODIGO, estado: 0 },
      { numero: 'DX-A5', diag1: 'J181', diag2: null },
    ],
  });
  [P.a1, P.a2, P.a3, P.a4, P.a5] = a.planillas;
  // The diagnosis in position 4 (A2) and in no position at all (A5).
  await t.database.query('UPDATE planilla SET diag4 = $2 WHERE id_planilla = $1', [P.a2, CODIGO]);
  // Provider 2, assignment to everyone (T): operatives see every attention of it.
  const b = await crearTramite(t, ids, {
    prestador: ids.idPrestador2,
    tipoAsignacion: 'T',
    planillas: [{ numero: 'DX-B1', diag1: 'A09', diag2: null, fechaDesde: '2026-03-12' }],
  });
  [P.b1] = b.planillas;
  await t.database.query('UPDATE planilla SET diag5 = $2 WHERE id_planilla = $1', [P.b1, CODIGO]);
  // A sandbox procedure (integration tests of the provider) is never listed.
  const s = await crearTramite(t, ids, { planillas: [{ numero: 'DX-S1', diag1: CODIGO }] });
  [P.s1] = s.planillas;
  await t.database.query('UPDATE tramite SET sandbox = true WHERE id_tramite = $1', [s.idTramite]);
});

describe('GET /api/v1/diagnosticos/:id/planillas', () => {
  it('401 without a session; 404 for an unknown diagnosis; 400 for a bad id or page', async () => {
    expect((await req('GET', url())).statusCode).toBe(401);
    const missing = await req('GET', url(99_999_999), DEMO.admin);
    expect(missing.statusCode).toBe(404);
    expect(errorOf(missing).error).toMatchObject({ code: 'NO_ENCONTRADO', message: MSG.noEncontrado });
    expect((await req('GET', '/api/v1/diagnosticos/abc/planillas', DEMO.admin)).statusCode).toBe(400);
    expect((await req('GET', url(idDiag, '?pageSize=1000'), DEMO.admin)).statusCode).toBe(400);
  });

  it('insurer staff see every active attention of the subscription with the diagnosis, newest first', async () => {
    for (const u of [DEMO.admin, DEMO.revisor, DEMO.supervisorAm, DEMO.supervisorGd]) {
      const res = await req('GET', url(idDiag, '?pageSize=100'), u);
      expect(res.statusCode, u).toBe(200);
      const body = res.json() as Body;
      // Annulled (A4), without the diagnosis (A5) and sandbox (S1) are left out.
      expect(names(body), u).toEqual(['DX-A1', 'DX-A2', 'DX-A3', 'DX-B1']);
      expect(mine(body)).toEqual([P.b1, P.a2, P.a1, P.a3]);
    }
    const body = (await req('GET', url(idDiag, '?pageSize=100'), DEMO.admin)).json() as Body;
    const byId = Object.fromEntries(body.items.map((i) => [i.idPlanilla, i]));
    expect(byId[P.a1]).toMatchObject({ posicion: 1, cedula: '0912345678', nombre: 'PACIENTE DE PRUEBA' });
    expect(byId[P.a3].posicion).toBe(2);
    expect(byId[P.a2].posicion).toBe(4);
    expect(byId[P.b1].posicion).toBe(5);
    expect(byId[P.a1].numeroTramite).toMatch(/^T-/);
    expect(String(byId[P.b1].fechaDesde)).toContain('2026-03-12');
  });

  it('pages in the database with the total', async () => {
    const total = ((await req('GET', url(idDiag, '?pageSize=100'), DEMO.admin)).json() as Body).total;
    const p1 = (await req('GET', url(idDiag, '?pageSize=2&page=1'), DEMO.admin)).json() as Body;
    const p2 = (await req('GET', url(idDiag, '?pageSize=2&page=2'), DEMO.admin)).json() as Body;
    expect(p1).toMatchObject({ total, page: 1, pageSize: 2 });
    expect(p1.items).toHaveLength(2);
    expect(p2.items.length).toBeGreaterThan(0);
    expect(p1.items.map((i) => i.idPlanilla)).not.toContain(p2.items[0].idPlanilla);
  });

  it('each provider company sees only the attentions of its own providers', async () => {
    const p1 = (await req('GET', url(idDiag, '?pageSize=100'), DEMO.prestador)).json() as Body;
    expect(names(p1)).toEqual(['DX-A1', 'DX-A2', 'DX-A3']);
    const p2 = (await req('GET', url(idDiag, '?pageSize=100'), DEMO.prestador2)).json() as Body;
    expect(names(p2)).toEqual(['DX-B1']);
  });

  it('another subscription sees none of them, and the demo insurer none of its attentions', async () => {
    const otra = await registrarEmpresa(t);
    const res = await t.app.inject({ url: url(idDiag, '?pageSize=100'), headers: otra.headers });
    expect(res.statusCode).toBe(200);
    expect(names(res.json() as Body)).toEqual([]);
    // An attention of the other subscription's procedure is not the demo insurer's.
    const c = await crearTramite(t, ids, { planillas: [{ numero: 'DX-C1', diag1: CODIGO }] });
    [P.c1] = c.planillas;
    await t.database.query('UPDATE tramite SET id_suscripcion = $2 WHERE id_tramite = $1', [
      c.idTramite,
      otra.idSuscripcion,
    ]);
    const suya = await t.app.inject({ url: url(idDiag, '?pageSize=100'), headers: otra.headers });
    expect(names(suya.json() as Body)).toEqual(['DX-C1']);
    const admin = (await req('GET', url(idDiag, '?pageSize=100'), DEMO.admin)).json() as Body;
    expect(names(admin)).not.toContain('DX-C1');
  });

  it('18 and 20 see only the attentions assigned to them, plus every one of a T procedure', async () => {
    const am = (await req('GET', url(idDiag, '?pageSize=100'), DEMO.auditorAm)).json() as Body;
    expect(names(am)).toEqual(['DX-A1', 'DX-B1']);
    const gd = (await req('GET', url(idDiag, '?pageSize=100'), DEMO.gestorGd)).json() as Body;
    expect(names(gd)).toEqual(['DX-A2', 'DX-B1']);
    expect(gd.total).toBe(gd.items.length);
  });
});
