import { MSG_DETALLE_EDICION as M, MSG_PLANILLA, OBS_TARIFA_SUPERIOR } from '@app/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { crearTramite, type Fixture, usarContextoConFixtures, versionOf } from '../../test/fixtures.ts';
import { DEMO, errorOf } from '../../test/helpers.ts';
import { ajustarGlosa } from './service.ts';

const { t, ids, req } = usarContextoConFixtures();

const q = <T>(sql: string, params: unknown[] = []) => t.database.query<T>(sql, params);
const idElemento = async (codigo: string) =>
  (await q<{ id: number }>('SELECT id_elemento AS id FROM elemento WHERE codigo = $1', [codigo]))[0].id;
const idDet = async (idPlanilla: number, codigo: string) =>
  (
    await q<{ id: number }>(
      'SELECT id_planilla_det AS id FROM planilla_det WHERE id_planilla = $1 AND codigo = $2 ORDER BY 1 LIMIT 1',
      [idPlanilla, codigo],
    )
  )[0].id;

/** An active line observation of type M (the observations feature writes them; here, by SQL). */
async function observar(idPlanilla: number, det: number) {
  let [ob] = await q<{ id: number }>(
    `SELECT id_observacion AS id FROM observacion WHERE tipo = 'M' AND id_empresa = $1 ORDER BY 1 LIMIT 1`,
    [ids.idEmpresaAseg],
  );
  ob ??= (
    await q<{ id: number }>(
      `INSERT INTO observacion (id_empresa, descripcion, tipo) VALUES ($1, 'CANTIDAD NO JUSTIFICADA', 'M') RETURNING id_observacion AS id`,
      [ids.idEmpresaAseg],
    )
  )[0];
  await q(
    `INSERT INTO pla_det_obs (id_planilla_det, id_planilla, id_observacion, observacion_tipo, descripcion) VALUES ($1, $2, $3, 'M', 'X')`,
    [det, idPlanilla, ob.id],
  );
}

/** D1 assigned to 18 (03..05/03), D2 assigned to nobody; procedure EN PROCESO. */
async function base(estado = 'EN PROCESO'): Promise<Fixture> {
  return crearTramite(t, ids, {
    estado,
    planillas: [
      {
        numero: 'E1',
        med: ids.usuarios.auditorAm,
        fechaDesde: '2026-03-03',
        fechaHasta: '2026-03-05',
        detalles: [
          ['99213', 1, '20.30'],
          ['99203', 2, '30.00'],
        ],
      },
      { numero: 'E2' },
    ],
  });
}

describe('POST /planillas/:id/detalles and PUT …/:idDet (the audit edits lines)', () => {
  let f: Fixture;
  beforeAll(async () => {
    f = await base();
  });
  const crear = async (usuario: string, body: Record<string, unknown>, id = f.planillas[0]) =>
    req('POST', `/api/v1/planillas/${id}/detalles`, usuario, { version: await versionOf(t, id), ...body });

  it('18 adds a line on its attention: element, default tariff value, totals and audit trail', async () => {
    const id = f.planillas[0];
    const v = await versionOf(t, id);
    const res = await crear(DEMO.auditorAm, {
      idElemento: await idElemento('85025'),
      cantidad: 3,
      fechaAtencion: '2026-03-04',
      laboratorio: 1,
    });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body.mensaje).toBe(M.detalleCreado);
    expect(body.item).toMatchObject({
      codigo: '85025',
      cantidad: 3,
      valorUni: '7.90',
      valorReclamado: '23.70',
      valorGlosa: '0.00',
      tipo: 'L',
    });
    expect(body.planilla).toMatchObject({
      totalReclamado: '104.00',
      totalAprobado: '104.00',
      totalGlosa: '0.00',
      version: v + 1,
    });
    const aud = await q<{ campo: string; despues: string }>(
      `SELECT campo, despues FROM auditoria_pla WHERE id_planilla_det = $1 AND operacion = 'DET_CREAR'`,
      [body.item.idPlanillaDet],
    );
    expect(aud).toContainEqual({ campo: 'cantidad', despues: '3' });
  });

  it("the provider's own code resolves through its equivalence; an unknown one is refused", async () => {
    const ok = await crear(DEMO.supervisorAm, { codigoPrestador: 'csm-cons-03', cantidad: 1 });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().item).toMatchObject({
      codigo: 'CSM-CONS-03',
      elementoCodigo: '99203',
      valorUni: '25.50',
      fechaAtencion: '2026-03-03',
    });
    const bad = await crear(DEMO.supervisorAm, { codigoPrestador: 'NO-EXISTE', cantidad: 1 });
    expect(bad.statusCode).toBe(422);
    expect(errorOf(bad).error.message).toBe(M.sinEquivalencia('NO-EXISTE'));
  });

  it("400s: 'La cantidad no puede ser menor que 1', date outside the attention, no element", async () => {
    const e = await idElemento('99213');
    const cero = await crear(DEMO.revisor, { idElemento: e, cantidad: 0 });
    expect(cero.statusCode).toBe(400);
    expect(errorOf(cero).error.message).toContain(M.cantidadMinima);
    const fuera = await crear(DEMO.revisor, { idElemento: e, cantidad: 1, fechaAtencion: '2026-03-06' });
    expect(fuera.statusCode).toBe(400);
    expect(errorOf(fuera).error.message).toBe(M.fechaFuera('2026-03-03', '2026-03-05'));
    expect(errorOf(fuera).error.message).toBe(
      'La fecha de atención debe estar entre 03/03/2026 y 05/03/2026.',
    );
    expect((await crear(DEMO.revisor, { cantidad: 1 })).statusCode).toBe(400);
    expect((await crear(DEMO.revisor, { idElemento: e, cantidad: 1, valorUni: 12.5 })).statusCode).toBe(400);
  });

  it('profiles: 16, 17, 18, 19 write; 15 and 20 are refused; another tenant and an unassigned 18 get 404', async () => {
    const e = await idElemento('99213');
    expect((await crear(DEMO.supervisorGd, { idElemento: e, cantidad: 1 })).statusCode).toBe(201);
    const p15 = await crear(DEMO.prestador, { idElemento: e, cantidad: 1 });
    expect(p15.statusCode).toBe(403);
    expect(errorOf(p15).error.message).toBe(MSG_PLANILLA.perfilNoAutorizado);
    await q('UPDATE planilla SET id_usuario_doc = $2 WHERE id_planilla = $1', [
      f.planillas[0],
      ids.usuarios.gestorGd,
    ]);
    expect((await crear(DEMO.gestorGd, { idElemento: e, cantidad: 1 })).statusCode).toBe(403);
    expect((await crear(DEMO.prestador2, { idElemento: e, cantidad: 1 })).statusCode).toBe(404);
    expect((await crear(DEMO.auditorAm, { idElemento: e, cantidad: 1 }, f.planillas[1])).statusCode).toBe(
      404,
    );
  });

  it('edit: fields change, stale version 409, outside the working states 409', async () => {
    const id = f.planillas[0];
    const det = await idDet(id, '99213');
    const url = `/api/v1/planillas/${id}/detalles/${det}`;
    const v = await versionOf(t, id);
    const ok = await req('PUT', url, DEMO.auditorAm, {
      cantidad: 2,
      descripcion: 'consulta control',
      version: v,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().item).toMatchObject({
      cantidad: 2,
      descripcion: 'CONSULTA CONTROL',
      valorReclamado: '40.60',
    });
    const stale = await req('PUT', url, DEMO.auditorAm, { cantidad: 3, version: v });
    expect(stale.statusCode).toBe(409);
    expect(errorOf(stale).error.code).toBe('VERSION');
    expect((await req('PUT', url, DEMO.auditorAm, { cantidad: 0, version: v + 1 })).statusCode).toBe(400);
    await q(`UPDATE tramite SET estado_tramite = 'OBSERVACIONES' WHERE id_tramite = $1`, [f.idTramite]);
    const est = await req('PUT', url, DEMO.auditorAm, { cantidad: 3, version: v + 1 });
    expect(est.statusCode).toBe(409);
    expect(errorOf(est).error.code).toBe('ESTADO_INVALIDO');
    await q(`UPDATE tramite SET estado_tramite = 'RECIBIDO' WHERE id_tramite = $1`, [f.idTramite]);
    expect((await req('PUT', url, DEMO.auditorAm, { cantidad: 3, version: v + 1 })).statusCode).toBe(200);
  });

  it('lab/image date update: inside the dates, only for lab or image lines', async () => {
    const id = f.planillas[0];
    const lab = await idDet(id, '85025');
    const url = (d: number) => `/api/v1/planillas/${id}/detalles/${d}/fecha`;
    const ok = await req('PUT', url(lab), DEMO.auditorAm, {
      fechaAtencion: '2026-03-05',
      version: await versionOf(t, id),
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().item.fechaAtencion).toBe('2026-03-05');
    const fuera = await req('PUT', url(lab), DEMO.auditorAm, {
      fechaAtencion: '2026-03-09',
      version: await versionOf(t, id),
    });
    expect(fuera.statusCode).toBe(400);
    const no = await req('PUT', url(await idDet(id, '99213')), DEMO.auditorAm, {
      fechaAtencion: '2026-03-04',
      version: await versionOf(t, id),
    });
    expect(no.statusCode).toBe(422);
  });
});

describe('money of the audit: approved value, glosa, over-tariff proposal', () => {
  let f: Fixture;
  beforeAll(async () => {
    f = await base();
  });
  const aprobar = async (usuario: string, det: number, valorAprobado: string, id = f.planillas[0]) =>
    req('PUT', `/api/v1/planillas/${id}/detalles/${det}/aprobado`, usuario, {
      valorAprobado,
      version: await versionOf(t, id),
    });

  it('a glosa without an active line observation of type M is refused; with one it stands', async () => {
    const id = f.planillas[0];
    const det = await idDet(id, '99213');
    const sin = await aprobar(DEMO.auditorAm, det, '15.00');
    expect(sin.statusCode).toBe(422);
    expect(errorOf(sin).error.message).toBe('La glosa debe tener una observación que la justifique.');
    await observar(id, det);
    const con = await aprobar(DEMO.auditorAm, det, '15.00');
    expect(con.statusCode, con.body).toBe(200);
    expect(con.json().item).toMatchObject({
      valorReclamado: '20.30',
      valorAprobado: '15.00',
      valorGlosa: '5.30',
    });
    expect(con.json().planilla).toMatchObject({
      totalReclamado: '80.30',
      totalAprobado: '75.00',
      totalGlosa: '5.30',
    });
    expect((await aprobar(DEMO.auditorAm, det, '20.31')).statusCode).toBe(400);
    expect((await aprobar(DEMO.supervisorGd, det, '20.30')).statusCode).toBe(403);
    const aud = await q<{ antes: string | null; despues: string }>(
      `SELECT antes, despues FROM auditoria_pla WHERE id_planilla_det = $1 AND campo = 'valorAprobado'`,
      [det],
    );
    expect(aud).toEqual([{ antes: null, despues: '15.00' }]);
  });

  it("ajustarGlosa (for accepting an answer): reduces or withdraws the glosa in the caller's transaction", async () => {
    const id = f.planillas[0];
    const det = await idDet(id, '99213');
    const v = await versionOf(t, id);
    const reducida = await t.database.transaction((tx) =>
      ajustarGlosa(tx, det, '18.30', { idUsuario: ids.usuarios.supervisorAm }),
    );
    expect(reducida).toMatchObject({ totalAprobado: '78.30', totalGlosa: '2.00', version: v + 1 });
    const retirada = await t.database.transaction((tx) =>
      ajustarGlosa(tx, det, null, { idUsuario: ids.usuarios.supervisorAm }),
    );
    expect(retirada).toMatchObject({ totalAprobado: '80.30', totalGlosa: '0.00' });
    await expect(
      t.database.transaction((tx) =>
        ajustarGlosa(tx, det, '99.00', { idUsuario: ids.usuarios.supervisorAm }),
      ),
    ).rejects.toMatchObject({ statusCode: 400 });
    // Back to the glosa of the previous test for the next ones.
    expect((await aprobar(DEMO.auditorAm, det, '15.00')).statusCode).toBe(200);
  });

  it('deactivating a line objects its whole amount; reactivating restores its approval', async () => {
    const id = f.planillas[0];
    const det = await idDet(id, '99213');
    const put = async (estado: number) =>
      req('PUT', `/api/v1/planillas/${id}/detalles/${det}/estado`, DEMO.supervisorAm, {
        estado,
        version: await versionOf(t, id),
      });
    const off = await put(0);
    expect(off.json().planilla).toMatchObject({
      totalReclamado: '80.30',
      totalAprobado: '60.00',
      totalGlosa: '20.30',
    });
    expect((await aprobar(DEMO.auditorAm, det, '10.00')).statusCode).toBe(422);
    const on = await put(1);
    expect(on.json().planilla).toMatchObject({ totalAprobado: '75.00', totalGlosa: '5.30' });
  });

  it('a unit value above the agreed tariff proposes the difference; accepting it adds the standard observation', async () => {
    const id = f.planillas[0];
    const det = await idDet(id, '99203');
    const list = (await req('GET', `/api/v1/planillas/${id}/detalles`, DEMO.auditorAm)).json();
    const line = list.items.find((i: { idPlanillaDet: number }) => i.idPlanillaDet === det);
    expect(line).toMatchObject({
      valorUni: '30.00',
      valorTarifa: '25.50',
      glosaPropuesta: '9.00',
      observacionesM: 0,
    });
    expect(list.totales).toEqual({ reclamado: '80.30', aprobado: '75.00', glosa: '5.30' });
    const url = `/api/v1/planillas/${id}/detalles/${det}/glosa-tarifa`;
    const res = await req('POST', url, DEMO.auditorAm, { version: await versionOf(t, id) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().item).toMatchObject({ valorAprobado: '51.00', valorGlosa: '9.00', observacionesM: 1 });
    const [obs] = await q<{ d: string; tipo: string }>(
      `SELECT ob.descripcion AS d, o.observacion_tipo AS tipo FROM pla_det_obs o JOIN observacion ob USING (id_observacion)
        WHERE o.id_planilla_det = $1`,
      [det],
    );
    expect(obs).toEqual({ d: OBS_TARIFA_SUPERIOR, tipo: 'M' });
    // The auditor changes it: another value, justified by the same observation.
    expect((await aprobar(DEMO.auditorAm, det, '55.00')).json().item.valorGlosa).toBe('5.00');
    // At or below the tariff there is nothing to propose.
    const bajo = await req(
      'POST',
      `/api/v1/planillas/${id}/detalles/${await idDet(id, '99213')}/glosa-tarifa`,
      DEMO.auditorAm,
      {
        version: await versionOf(t, id),
      },
    );
    expect(bajo.statusCode).toBe(422);
  });
});

describe('totals of a procedure to the cent (10,000 lines)', () => {
  it('every attention of the seeded demo (organised loads) carries the totals of its lines', async () => {
    const mal = await q<{ id: number }>(
      `SELECT p.id_planilla AS id FROM planilla p
        LEFT JOIN LATERAL (
          SELECT COALESCE(sum(round(d.cantidad * d.valor_uni, 2)), 0) AS r,
                 COALESCE(sum(CASE WHEN d.estado = 1 THEN COALESCE(d.valor_aprobado, round(d.cantidad * d.valor_uni, 2)) ELSE 0 END), 0) AS a
            FROM planilla_det d WHERE d.id_planilla = p.id_planilla) s ON true
       WHERE (p.total_reclamado, p.total_aprobado, p.total_glosa) IS DISTINCT FROM (s.r, s.a, s.r - s.a)`,
    );
    expect(mal).toEqual([]);
    const [{ n }] = await q<{ n: number }>(
      'SELECT count(*)::int AS n FROM planilla WHERE total_reclamado > 0',
    );
    expect(n).toBeGreaterThan(0);
  });

  it('sums claimed / approved / objected exactly as BigInt cents do', async () => {
    const f = await crearTramite(t, ids, {
      planillas: Array.from({ length: 20 }, (_, i) => ({
        numero: `S${i}`,
        detalles: [] as Array<[string, number, string]>,
      })),
    });
    const [{ e }] = await q<{ e: number }>(`SELECT id_elemento AS e FROM elemento WHERE codigo = '99213'`);
    // Line i: quantity 1 + i % 7, unit value (i × 7919 mod 100000) / 100; every 3rd approved at
    // (i × 31 mod value×qty cents); every 11th inactive.
    await q(
      `INSERT INTO planilla_det (id_planilla, id_elemento, codigo, descripcion, fecha_atencion, cantidad, valor_uni, tipo, estado, valor_aprobado)
       SELECT ($1::int[])[1 + i % 20], $2, '99213', 'X', '2026-03-03', 1 + i % 7, ((i * 7919) % 100000) / 100.0, 'P',
              CASE WHEN i % 11 = 0 THEN 0 ELSE 1 END,
              CASE WHEN i % 3 = 0 THEN ((i * 31) % GREATEST((1 + i % 7) * ((i * 7919) % 100000), 1)) / 100.0 END
         FROM generate_series(1, 10000) AS i`,
      [f.planillas, e],
    );
    let r = 0n;
    let a = 0n;
    for (let i = 1; i <= 10000; i++) {
      const claimed = BigInt(1 + (i % 7)) * BigInt((i * 7919) % 100000);
      r += claimed;
      if (i % 11 === 0) continue;
      a += i % 3 === 0 ? BigInt((i * 31) % Math.max((1 + (i % 7)) * ((i * 7919) % 100000), 1)) : claimed;
    }
    const cents = (c: bigint) => `${c / 100n}.${(c % 100n).toString().padStart(2, '0')}`;
    const res = await req('GET', `/api/v1/tramites/${f.idTramite}/totales`, DEMO.supervisorAm);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      atenciones: 20,
      totales: { reclamado: cents(r), aprobado: cents(a), glosa: cents(r - a) },
    });
    expect(res.json().cargas[0]).toMatchObject({ idCarga: f.idCarga, reclamado: cents(r) });
    expect((await req('GET', `/api/v1/tramites/${f.idTramite}/totales`, DEMO.prestador2)).statusCode).toBe(
      404,
    );
  });
});

describe('searches of the line window and the equivalence screen', () => {
  let f: Fixture;
  beforeAll(async () => {
    f = await base();
  });

  it('tariff and element searches: ≥ 2 characters, 5 per page, with the agreed value', async () => {
    const id = f.planillas[0];
    expect((await req('GET', `/api/v1/planillas/${id}/tarifas?q=c`, DEMO.auditorAm)).statusCode).toBe(400);
    const tar = (await req('GET', `/api/v1/planillas/${id}/tarifas?q=consulta`, DEMO.auditorAm)).json();
    expect(tar.pageSize).toBe(5);
    expect(tar.items.length).toBeGreaterThan(0);
    expect(tar.items.length).toBeLessThanOrEqual(5);
    expect(tar.items[0]).toHaveProperty('valor');
    const el = (await req('GET', `/api/v1/planillas/${id}/elementos?q=8502`, DEMO.auditorAm)).json();
    expect(el.items[0]).toMatchObject({ codigo: '85025', tarifaConv: '7.90' });
  });

  it('/elempres/:id/equivalencia: the code, its element and Tarifa Conv; reassigned by 17 (menuParametros)', async () => {
    const [ep] = await q<{ id: number }>(
      `SELECT id_elem_pres AS id FROM elem_pres WHERE codigo = 'CSM-CONS-03'`,
    );
    const url = `/api/v1/elempres/${ep.id}/equivalencia`;
    const get = await req('GET', `${url}?q=biometria`, DEMO.prestador);
    expect(get.statusCode, get.body).toBe(200);
    expect(get.json().elemPres).toMatchObject({
      codigo: 'CSM-CONS-03',
      elementoCodigo: '99203',
      tarifaConv: '25.50',
    });
    expect(get.json().candidatos.items[0]).toMatchObject({ codigo: '85025' });
    expect((await req('GET', url, DEMO.prestador2)).statusCode).toBe(404);
    expect(
      (await req('PUT', url, DEMO.prestador, { idElemento: await idElemento('99213') })).statusCode,
    ).toBe(403);
    const put = await req('PUT', url, DEMO.supervisorAm, { idElemento: await idElemento('99213') });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().elemPres).toMatchObject({ elementoCodigo: '99213', tarifaConv: '20.30' });
    await req('PUT', url, DEMO.supervisorAm, { idElemento: await idElemento('99203') });
  });
});
