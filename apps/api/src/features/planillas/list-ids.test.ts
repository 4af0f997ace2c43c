import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IdListCache, parseIdList } from '../../lib/id-list-cache.ts';
import {
  crearPlanillas,
  crearTramite,
  type Fixture,
  type Ids,
  loadIds,
  requester,
} from '../../test/fixtures.ts';
import { createTestContext, DEMO, type TestContext } from '../../test/helpers.ts';
import { dependencias } from './list-ids.ts';

/*
 * The attentions list serves pages from cached ordered ids keyed by the revisions of what the filter
 * reads (planilla_rev, bumped by triggers). These tests change data behind the list in every way the
 * revisions cover and check that totals and pages never go stale.
 */

describe('IdListCache', () => {
  const ids = (...n: number[]) => Int32Array.from(n);

  it('loads once per key, shares concurrent misses and keeps the list', async () => {
    const c = new IdListCache();
    let loads = 0;
    const load = async () => {
      loads++;
      await new Promise((r) => setTimeout(r, 5));
      return ids(3, 1, 2);
    };
    const [a, b] = await Promise.all([c.get('k', null, load), c.get('k', null, load)]);
    expect(Array.from(a)).toEqual([3, 1, 2]);
    expect(b).toBe(a);
    await c.get('k', null, load);
    expect(loads).toBe(1);
    expect(c.stats).toEqual({ entries: 1, ids: 3 });
  });

  it('expires entries with a ttl and drops the least recently used beyond the budget', async () => {
    let now = 0;
    const c = new IdListCache(5, 4, () => now);
    let loads = 0;
    const load = (n: number) => async () => {
      loads++;
      return new Int32Array(n);
    };
    await c.get('ttl', 1000, load(1));
    now = 999;
    await c.get('ttl', 1000, load(1));
    expect(loads).toBe(1);
    now = 1000;
    await c.get('ttl', 1000, load(1));
    expect(loads).toBe(2);
    await c.get('a', null, load(2));
    await c.get('ttl', 1000, load(1)); // touch: 'a' is now the oldest
    await c.get('b', null, load(3));
    expect(c.stats.ids).toBeLessThanOrEqual(5);
    loads = 0;
    await c.get('ttl', 1000, load(1));
    await c.get('b', null, load(3));
    expect(loads).toBe(0);
    await c.get('a', null, load(2));
    expect(loads).toBe(1);
    // Longer than an entry may be: returned, never kept.
    await c.get('big', null, load(9));
    await c.get('big', null, load(9));
    expect(loads).toBe(3);
  });

  it('parses string_agg output', () => {
    expect(Array.from(parseIdList('5,10,2'))).toEqual([5, 10, 2]);
    expect(parseIdList(null)).toHaveLength(0);
    expect(parseIdList('')).toHaveLength(0);
  });
});

describe('dependencias', () => {
  it('names the revision groups each filter reads; unknown ones expire', () => {
    expect(
      dependencias({ idTramite: 1, vista: 'TODAS', page: 2, nombre: 'x', sort: 'numero' }, false),
    ).toEqual({ grupos: ['datos'], ttl: null });
    expect(dependencias({ vista: 'PENDIENTES' }, false).grupos).toEqual(['datos', 'revision']);
    expect(dependencias({ vista: 'TODAS' }, true).grupos).toEqual(['datos', 'revision']);
    expect(dependencias({ estadoDoc: 'REVISADA', nivel: 2 }, false).grupos).toEqual([
      'datos',
      'revision',
      'nivel',
    ]);
    expect(dependencias({ sinArchivos: true, duplicadas: false }, false).grupos).toEqual([
      'datos',
      'archivos',
    ]);
    expect(dependencias({ control: 3 }, false)).toEqual({
      grupos: ['datos', 'revision', 'nivel', 'archivos'],
      ttl: 60_000,
    });
    expect(dependencias({ idEspecialidad: 4 }, false).ttl).toBe(60_000);
    expect(dependencias({ otroFiltro: 'x' }, false).ttl).toBe(60_000);
    expect(dependencias({ control: undefined, idEspecialidad: '' }, false).ttl).toBeNull();
  });
});

describe('GET /planillas stays exact while the data changes', () => {
  let t: TestContext;
  let ids: Ids;
  let req: ReturnType<typeof requester>;
  let f: Fixture;

  beforeAll(async () => {
    t = await createTestContext();
    ids = await loadIds(t);
    req = requester(t);
    f = await crearTramite(t, ids, {
      planillas: Array.from({ length: 25 }, (_, i) => ({
        numero: `L${String(i + 1).padStart(2, '0')}`,
        nombre: i % 2 ? 'ANA PÉREZ' : 'LUIS MORA',
        nivel: 1 + (i % 2),
      })),
    });
  });
  afterAll(async () => t?.close());

  type Lista = { items: Array<{ numero: string; estadoAud: string | null; nivel: number }>; total: number };
  const lista = async (qs: string, usuario: string = DEMO.supervisorAm) => {
    const res = await req('GET', `/api/v1/planillas?idTramite=${f.idTramite}&${qs}`, usuario);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Lista;
  };
  const sql = (text: string, values: unknown[] = []) => t.database.query(text, values);

  it('serves every page from one ordering, first and last alike', async () => {
    const p1 = await lista('page=1');
    const p3 = await lista('page=3');
    expect(p1.total).toBe(25);
    expect(p1.items.map((i) => i.numero)).toEqual(
      Array.from({ length: 10 }, (_, i) => `L${String(i + 1).padStart(2, '0')}`),
    );
    expect(p3.items.map((i) => i.numero)).toEqual(['L21', 'L22', 'L23', 'L24', 'L25']);
    expect((await lista('page=4')).items).toEqual([]);
    expect((await lista('page=1&sort=-numero')).items[0].numero).toBe('L25');
  });

  it('follows inserts, deletes and soft deletes', async () => {
    expect((await lista('nombre=ana')).total).toBe(12);
    await crearPlanillas(
      t,
      f.idTramite,
      f.idCarga,
      [{ numero: 'L00', nombre: 'ANA NUEVA' }],
      ids.idPrestador,
    );
    const con = await lista('nombre=ana');
    expect(con.total).toBe(13);
    expect(con.items[0].numero).toBe('L00');
    await sql(`UPDATE planilla SET estado = 0 WHERE id_tramite = $1 AND numero = 'L00'`, [f.idTramite]);
    expect((await lista('nombre=ana')).total).toBe(12);
    expect((await lista('vista=ANULADAS')).total).toBe(1);
    await sql(
      `DELETE FROM planilla_det WHERE id_planilla IN (SELECT id_planilla FROM planilla WHERE numero = 'L00')`,
    );
    await sql(`DELETE FROM planilla WHERE id_tramite = $1 AND numero = 'L00'`, [f.idTramite]);
    expect((await lista('vista=ANULADAS')).total).toBe(0);
  });

  it('follows reviews, levels, data edits and files', async () => {
    expect((await lista('vista=PENDIENTES')).total).toBe(25);
    await req('POST', `/api/v1/planillas/${f.planillas[0]}/revision`, DEMO.supervisorAm, {
      tipo: 'M',
      version: 1,
    });
    const pend = await lista('vista=PENDIENTES');
    expect(pend.total).toBe(24);
    expect(pend.items[0].numero).toBe('L02');
    expect((await lista('estadoAud=REVISADA')).items.map((i) => i.numero)).toEqual(['L01']);

    expect((await lista('nivel=2')).total).toBe(12);
    await sql('UPDATE planilla SET nivel = 2 WHERE id_planilla = $1', [f.planillas[0]]);
    expect((await lista('nivel=2')).total).toBe(13);

    expect((await lista('cedula=0999')).total).toBe(0);
    await sql(`UPDATE planilla SET cedula = '0999999999' WHERE id_planilla = $1`, [f.planillas[1]]);
    expect((await lista('cedula=0999')).items.map((i) => i.numero)).toEqual(['L02']);

    expect((await lista('sinArchivos=1')).total).toBe(25);
    await sql(
      `INSERT INTO archivo_pla (id_planilla, id_carga, id_tramite, nombre, ruta, tipo, tamano, hash)
       VALUES ($1, $2, $3, 'a.pdf', 'x/a.pdf', 'application/pdf', 10, 'h')`,
      [f.planillas[2], f.idCarga, f.idTramite],
    );
    expect((await lista('sinArchivos=1')).total).toBe(24);
    await sql('DELETE FROM archivo_pla WHERE id_planilla = $1', [f.planillas[2]]);
    expect((await lista('sinArchivos=1')).total).toBe(25);
  });

  it('follows assignments for the operative who sees only its own attentions', async () => {
    // Nothing assigned yet: the operative does not find the procedure at all (issue 11 item 4).
    const nada = await req('GET', `/api/v1/planillas?idTramite=${f.idTramite}&page=1`, DEMO.auditorAm);
    expect(nada.statusCode).toBe(404);
    const res = await req('POST', `/api/v1/tramites/${f.idTramite}/asignaciones`, DEMO.supervisorAm, {
      tipo: 'M',
      idUsuario: ids.usuarios.auditorAm,
      idPlanillas: f.planillas.slice(3, 6),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await lista('page=1', DEMO.auditorAm)).items.map((i) => i.numero)).toEqual(['L04', 'L05', 'L06']);
  });

  it('counts the bumps of each group in planilla_rev, and nothing for a save that changes nothing', async () => {
    const rev = async () =>
      (
        await t.database.query<{ datos: string; revision: string; nivel: string; archivos: string }>(
          'SELECT datos::text, revision::text, nivel::text, archivos::text FROM planilla_rev WHERE id_tramite = $1',
          [f.idTramite],
        )
      )[0];
    const antes = await rev();
    await sql('UPDATE planilla SET version = version + 1, fecha_act = now() WHERE id_tramite = $1', [
      f.idTramite,
    ]);
    expect(await rev()).toEqual(antes);
    await sql(`UPDATE planilla SET nivel = 3 - nivel WHERE id_planilla = $1`, [f.planillas[4]]);
    const despues = await rev();
    expect(Number(despues.nivel)).toBe(Number(antes.nivel) + 1);
    expect(despues.datos).toBe(antes.datos);
    expect(despues.revision).toBe(antes.revision);
  });
});
