import { beforeAll, describe, expect, it } from 'vitest';
import { crearTramite, type Fixture, usarContextoConFixtures } from '../../test/fixtures.ts';
import { DEMO } from '../../test/helpers.ts';

/*
 * GET /tramites/:id/observaciones pages from cached ordered ids (lista.ts): the ids of a list are
 * kept per filter and per the procedure's revision of its observations (planilla_rev.observaciones,
 * migration 0014) and, for 18/20, of the attentions' assignments. These tests change the data behind
 * a list that is already cached, in every way the list depends on, and check that pages and totals
 * follow; and that the pages, put together, are the whole list in its order.
 */

const { t, ids, req } = usarContextoConFixtures();
let f: Fixture;
let catM = 0;

type Item = {
  id: number;
  nivel: string;
  numero: string;
  idPlanilla: number;
  respondida: boolean;
  observacionComplementaria: string | null;
};
const url = (q = '') => `/api/v1/tramites/${f.idTramite}/observaciones?tipo=M${q}`;
const lista = async (q = '', u: string = DEMO.supervisorAm) => {
  const res = await req('GET', url(q), u);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { items: Item[]; total: number };
};
/** Every page of a list (pageSize 3), put together. */
const todas = async (q = '', u: string = DEMO.supervisorAm) => {
  const first = await lista(`${q}&pageSize=3`, u);
  const out = [...first.items];
  for (let p = 2; p <= Math.ceil(first.total / 3); p++)
    out.push(...(await lista(`${q}&pageSize=3&page=${p}`, u)).items);
  expect(out).toHaveLength(first.total);
  return out;
};
const clave = (o: Item) => `${o.numero}:${o.nivel}:${o.id}`;
const rev = async () =>
  Number(
    (
      await t.database.query<{ r: string }>(
        'SELECT coalesce((SELECT observaciones FROM planilla_rev WHERE id_tramite = $1), 0)::text AS r',
        [f.idTramite],
      )
    )[0].r,
  );

beforeAll(async () => {
  // L3 before L10 in text order; L2 assigned to the AM auditor.
  f = await crearTramite(t, ids, {
    planillas: [
      { numero: 'L3', detalles: [['99203', 1, '25.50']] },
      { numero: 'L10', detalles: [['99203', 1, '25.50']] },
      {
        numero: 'L2',
        med: ids.usuarios.auditorAm,
        detalles: [
          ['99203', 1, '25.50'],
          ['99213', 2, '10.00'],
        ],
      },
    ],
  });
  const db = t.database;
  [{ id: catM }] = await db.query<{ id: number }>(
    `INSERT INTO observacion (id_empresa, descripcion, tipo) VALUES ($1, 'VALOR FUERA DE TARIFA', 'M')
     RETURNING id_observacion AS id`,
    [ids.idEmpresaAseg],
  );
  // Each attention: one attention-level observation and one per line item (line level).
  await db.query(
    `INSERT INTO pla_obs (id_planilla, id_observacion, observacion_tipo, descripcion)
     SELECT id_planilla, $2, 'M', 'A ' || numero FROM planilla WHERE id_tramite = $1`,
    [f.idTramite, catM],
  );
  await db.query(
    `INSERT INTO pla_det_obs (id_planilla_det, id_planilla, id_observacion, observacion_tipo, descripcion)
     SELECT d.id_planilla_det, d.id_planilla, $2, 'M', 'D ' || d.codigo
       FROM planilla_det d JOIN planilla p ON p.id_planilla = d.id_planilla WHERE p.id_tramite = $1`,
    [f.idTramite, catM],
  );
});

describe('GET /tramites/:id/observaciones from cached ordered ids', () => {
  it('the pages put together are the whole list: attention number, then attention level before line level', async () => {
    const all = await todas();
    expect(all.map((o) => [o.numero, o.nivel])).toEqual([
      ['L10', 'PLANILLA'],
      ['L10', 'DETALLE'],
      ['L2', 'PLANILLA'],
      ['L2', 'DETALLE'],
      ['L2', 'DETALLE'],
      ['L3', 'PLANILLA'],
      ['L3', 'DETALLE'],
    ]);
    // The same order as the CSV (read directly, without the cache).
    const csv = await req('GET', url('&formato=csv'), DEMO.supervisorAm);
    const numeros = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n')
      .slice(1)
      .map((l) => l.split(';')[0]);
    expect(numeros).toEqual(all.map((o) => o.numero));
    const desc = await todas('&sort=-numero');
    expect(desc.map(clave)).toEqual([...all].reverse().map(clave));
    expect((await todas('&nivel=DETALLE')).map(clave)).toEqual(
      all.filter((o) => o.nivel === 'DETALLE').map(clave),
    );
    // A page past the end: no rows, the exact total.
    expect(await lista('&pageSize=3&page=9')).toMatchObject({ items: [], total: 7 });
  });

  it('a new observation, an edit and a deletion through the API change the cached list at once', async () => {
    const antes = await lista('&pageSize=3');
    const r0 = await rev();
    const nueva = await req('POST', `/api/v1/planillas/${f.planillas[0]}/observaciones`, DEMO.supervisorAm, {
      tipo: 'M',
      idObservacion: catM,
      descripcion: 'segunda',
    });
    expect(nueva.statusCode, nueva.body).toBe(201);
    const id = nueva.json().item.id as number;
    expect(await rev()).toBeGreaterThan(r0);
    const despues = await todas();
    expect(despues).toHaveLength(antes.total + 1);
    // L3's two attention-level observations, in id order, before its line level one.
    expect(despues.slice(-3).map((o) => [o.numero, o.nivel, o.id === id])).toEqual([
      ['L3', 'PLANILLA', false],
      ['L3', 'PLANILLA', true],
      ['L3', 'DETALLE', false],
    ]);
    const [{ version }] = await t.database.query<{ version: number }>(
      'SELECT version FROM pla_obs WHERE id_pla_obs = $1',
      [id],
    );
    const edit = await req('PUT', `/api/v1/observaciones/planilla/${id}`, DEMO.supervisorAm, {
      idObservacion: catM,
      descripcion: 'editada',
      version,
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect((await todas()).find((o) => o.id === id && o.nivel === 'PLANILLA')).toMatchObject({
      observacionComplementaria: 'EDITADA',
    });
    const del = await req(
      'DELETE',
      `/api/v1/observaciones/planilla/${id}?version=${version + 1}`,
      DEMO.supervisorAm,
    );
    expect(del.statusCode, del.body).toBe(200);
    expect((await lista()).total).toBe(antes.total);
  });

  it('answers, decisions and rounds written by SQL move the filtered lists (triggers, not the API)', async () => {
    expect((await lista('&respondida=no')).total).toBe(7);
    expect((await lista('', DEMO.prestador)).total).toBe(0);
    await t.database.query(
      `UPDATE pla_det_obs SET ronda = 1, fecha_envio = now() WHERE id_tramite = $1 AND observacion_tipo = 'M'`,
      [f.idTramite],
    );
    expect((await lista('', DEMO.prestador)).total).toBe(4);
    await t.database.query(
      `UPDATE pla_det_obs SET respuesta = 'ADJUNTO', fecha_envio_resp = now()
        WHERE id_tramite = $1 AND id_planilla = $2`,
      [f.idTramite, f.planillas[2]],
    );
    expect((await lista('&respondida=no')).total).toBe(5);
    expect((await lista('&porResolver=si')).items.map((o) => o.numero)).toEqual(['L2', 'L2']);
    await t.database.query(`UPDATE pla_det_obs SET resolucion = 'RETIRA' WHERE id_planilla = $1`, [
      f.planillas[2],
    ]);
    expect((await lista('&porResolver=si')).total).toBe(0);
    expect((await lista('&porResolver=no')).total).toBe(2);
    // A deleted row (not through the API).
    await t.database.query('DELETE FROM pla_det_obs WHERE id_planilla = $1', [f.planillas[0]]);
    expect((await lista('', DEMO.prestador)).total).toBe(3);
  });

  it('an attention renumbered, moved to another load or annulled, and a reassignment (18), move the lists', async () => {
    const db = t.database;
    expect((await todas()).map((o) => o.numero)[0]).toBe('L10');
    await db.query(`UPDATE planilla SET numero = 'L0' WHERE id_planilla = $1`, [f.planillas[0]]);
    expect((await todas()).map((o) => o.numero)[0]).toBe('L0');
    const conCarga = (await lista(`&idCarga=${f.idCarga}`)).total;
    const [{ id: otraCarga }] = await db.query<{ id: number }>(
      `INSERT INTO carga (id_tramite, id_usuario, tipo_carga, fecha_desde, fecha_hasta, nombre_archivo, formato, estado_proceso)
       VALUES ($1, $2, 'M', '2026-03-01', '2026-03-31', 'b.json', 'json', 'COMPLETADA') RETURNING id_carga AS id`,
      [f.idTramite, ids.usuarios.prestador],
    );
    await db.query('UPDATE planilla SET id_carga = $2 WHERE id_planilla = $1', [f.planillas[1], otraCarga]);
    expect((await lista(`&idCarga=${f.idCarga}`)).total).toBe(conCarga - 2);
    expect((await lista(`&idCarga=${otraCarga}`)).items.map((o) => o.numero)).toEqual(['L10', 'L10']);
    // 18 sees the observations of its assigned attention (L2) only; then of L10 too; then L2 annulled.
    expect((await lista('', DEMO.auditorAm)).items.every((o) => o.numero === 'L2')).toBe(true);
    const de18 = (await lista('', DEMO.auditorAm)).total;
    await db.query('UPDATE planilla SET id_usuario_med = $2 WHERE id_planilla = $1', [
      f.planillas[1],
      ids.usuarios.auditorAm,
    ]);
    expect((await lista('', DEMO.auditorAm)).total).toBe(de18 + 2);
    const total = (await lista()).total;
    await db.query('UPDATE planilla SET estado = 0 WHERE id_planilla = $1', [f.planillas[2]]);
    expect((await lista()).total).toBe(total - de18);
    expect((await lista('', DEMO.auditorAm)).items.map((o) => o.numero)).toEqual(['L10', 'L10']);
  });

  it('planilla_rev.observaciones counts each statement that writes observations of the procedure, not of others', async () => {
    const otro = await crearTramite(t, ids, { planillas: [{ numero: 'Z1' }] });
    const r0 = await rev();
    await t.database.query(
      `INSERT INTO pla_obs (id_planilla, id_observacion, observacion_tipo) VALUES ($1, $2, 'M')`,
      [otro.planillas[0], catM],
    );
    expect(await rev()).toBe(r0);
    await t.database.query(`UPDATE pla_obs SET descripcion = 'X' WHERE id_tramite = $1`, [f.idTramite]);
    expect(await rev()).toBe(r0 + 1);
    // An observation moved to another procedure's attention: both procedures' lists change.
    const [{ id }] = await t.database.query<{ id: number }>(
      `SELECT id_pla_obs AS id FROM pla_obs WHERE id_tramite = $1 AND estado = 1 AND planilla_estado = 1 LIMIT 1`,
      [f.idTramite],
    );
    const antes = (await lista()).total;
    await t.database.query('UPDATE pla_obs SET id_planilla = $2 WHERE id_pla_obs = $1', [
      id,
      otro.planillas[0],
    ]);
    expect(await rev()).toBe(r0 + 2);
    expect((await lista()).total).toBe(antes - 1);
  });
});
