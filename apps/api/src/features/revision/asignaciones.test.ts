import { beforeAll, describe, expect, it } from 'vitest';
import {
  crearCarga,
  crearPlanillas,
  crearTramite,
  type Fixture,
  usarContextoConFixtures,
} from '../../test/fixtures.ts';
import { DEMO } from '../../test/helpers.ts';

/* The reads behind the assignment tabs: loads with their counts, attentions with who holds them. */

const { t, ids, req } = usarContextoConFixtures();
let f: Fixture;
let otraCarga: number;

type Fila = {
  idPlanilla: number;
  idCarga: number;
  numero: string;
  estado: string;
  idUsuario: number | null;
  usuarioNombre: string | null;
};

beforeAll(async () => {
  const u = ids.usuarios;
  f = await crearTramite(t, ids, {
    planillas: [
      { numero: 'A01', med: u.auditorAm },
      { numero: 'A02', med: u.auditorAm, estadoAud: 'REVISADA' },
      { numero: 'A03', doc: u.gestorGd },
      { numero: 'A04' },
      { numero: 'A05', estado: 0 },
      { numero: 'B01', estadoAud: 'FINALIZADA', med: u.supervisorAm },
    ],
  });
  otraCarga = await crearCarga(t, ids, f.idTramite, '2026-03-16', '2026-03-31');
  await crearPlanillas(t, f.idTramite, otraCarga, [{ numero: 'Z01' }, { numero: 'Z02' }], ids.idPrestador);
  // A deleted load with no attentions is not offered.
  const borrada = await crearCarga(t, ids, f.idTramite, '2026-03-01', '2026-03-01');
  await t.database.query('UPDATE carga SET estado = 0 WHERE id_carga = $1', [borrada]);
});

const url = (path: string) => `/api/v1/tramites/${f.idTramite}/asignaciones/${path}`;

describe('GET /tramites/:id/asignaciones/cargas', () => {
  it('lists active loads with total, pending and pending-unassigned counts of the type', async () => {
    const am = await req('GET', url('cargas?tipo=M'), DEMO.supervisorAm);
    expect(am.statusCode, am.body).toBe(200);
    expect(am.json().items).toEqual([
      expect.objectContaining({ idCarga: f.idCarga, tipoCarga: 'M', total: 5, pendientes: 3, sinAsignar: 2 }),
      expect.objectContaining({ idCarga: otraCarga, total: 2, pendientes: 2, sinAsignar: 2 }),
    ]);
    expect(am.json().items[0].fechaDesde).toMatch(/^2026-03-02/);
    const gd = await req('GET', url('cargas?tipo=D'), DEMO.supervisorGd);
    expect(gd.json().items[0]).toMatchObject({ total: 5, pendientes: 5, sinAsignar: 4 });
  });

  it('AM for 16/17, GD for 16/19; other tenant 404; no token 401; bad type 400', async () => {
    expect((await req('GET', url('cargas?tipo=D'), DEMO.revisor)).statusCode).toBe(200);
    for (const u of [DEMO.auditorAm, DEMO.supervisorGd, DEMO.gestorGd, DEMO.prestador]) {
      expect((await req('GET', url('cargas?tipo=M'), u)).statusCode, u).toBe(403);
    }
    expect((await req('GET', url('cargas?tipo=D'), DEMO.supervisorAm)).statusCode).toBe(403);
    expect((await req('GET', url('cargas?tipo=M'), DEMO.prestador2)).statusCode).toBe(404);
    expect((await req('GET', url('cargas?tipo=M'))).statusCode).toBe(401);
    expect((await req('GET', url('cargas?tipo=X'), DEMO.supervisorAm)).statusCode).toBe(400);
  });
});

describe('GET /tramites/:id/asignaciones/planillas', () => {
  const lista = async (qs: string, usuario: string = DEMO.supervisorAm) => {
    const res = await req('GET', url(`planillas?${qs}`), usuario);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { items: Fila[]; total: number; page: number; pageSize: number };
  };

  it('pages active attentions in number order with their holder and the state of the type', async () => {
    const all = await lista('tipo=M&pageSize=100');
    expect(all.total).toBe(7);
    expect(all.items.map((i) => i.numero)).toEqual(['A01', 'A02', 'A03', 'A04', 'B01', 'Z01', 'Z02']);
    expect(all.items[0]).toMatchObject({ estado: 'PENDIENTE', usuarioNombre: DEMO.auditorAm });
    expect(all.items[1]).toMatchObject({ estado: 'REVISADA', idUsuario: ids.usuarios.auditorAm });
    expect(all.items[2]).toMatchObject({ idUsuario: null, usuarioNombre: null });
    const gd = await lista('tipo=D&pageSize=100', DEMO.supervisorGd);
    expect(gd.items.find((i) => i.numero === 'A03')).toMatchObject({ usuarioNombre: DEMO.gestorGd });
    const p2 = await lista('tipo=M&page=2&pageSize=3');
    expect(p2).toMatchObject({ total: 7, page: 2, pageSize: 3 });
    expect(p2.items.map((i) => i.numero)).toEqual(['A04', 'B01', 'Z01']);
    expect((await lista('tipo=M&page=9&pageSize=3')).items).toEqual([]);
  });

  it('filters by load, holder (or none), state and number prefix', async () => {
    expect((await lista(`tipo=M&idCarga=${otraCarga}`)).items.map((i) => i.numero)).toEqual(['Z01', 'Z02']);
    expect((await lista('tipo=M&asignado=sin')).items.map((i) => i.numero)).toEqual([
      'A03',
      'A04',
      'Z01',
      'Z02',
    ]);
    expect((await lista(`tipo=M&asignado=${ids.usuarios.auditorAm}`)).items.map((i) => i.numero)).toEqual([
      'A01',
      'A02',
    ]);
    expect((await lista('tipo=M&estado=FINALIZADA')).items.map((i) => i.numero)).toEqual(['B01']);
    expect((await lista('tipo=M&numero=b')).items.map((i) => i.numero)).toEqual(['B01']);
    expect((await lista('tipo=M&numero=%25')).total).toBe(0);
    expect(
      (await lista(`tipo=M&idCarga=${f.idCarga}&asignado=sin&estado=PENDIENTE`)).items.map((i) => i.numero),
    ).toEqual(['A03', 'A04']);
  });

  it('refuses the wrong profile (403), another tenant (404) and bad filters (400)', async () => {
    for (const u of [DEMO.auditorAm, DEMO.gestorGd, DEMO.supervisorGd, DEMO.prestador]) {
      expect((await req('GET', url('planillas?tipo=M'), u)).statusCode, u).toBe(403);
    }
    expect((await req('GET', url('planillas?tipo=D'), DEMO.revisor)).statusCode).toBe(200);
    expect((await req('GET', url('planillas?tipo=M'), DEMO.prestador2)).statusCode).toBe(404);
    expect((await req('GET', url('planillas?tipo=M'))).statusCode).toBe(401);
    expect((await req('GET', url('planillas?tipo=M&asignado=x'), DEMO.supervisorAm)).statusCode).toBe(400);
    expect((await req('GET', url('planillas?tipo=M&estado=OTRO'), DEMO.supervisorAm)).statusCode).toBe(400);
    expect((await req('GET', url('planillas?tipo=M&pageSize=500'), DEMO.supervisorAm)).statusCode).toBe(400);
  });
});
