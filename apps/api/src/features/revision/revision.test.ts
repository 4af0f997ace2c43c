import { MSG_PLANILLA } from '@app/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  crearCarga,
  crearPlanillas,
  crearTramite,
  type Fixture,
  observarPlanilla,
  usarContextoConFixtures,
  versionOf,
} from '../../test/fixtures.ts';
import { DEMO, errorOf } from '../../test/helpers.ts';

const { t, ids, req } = usarContextoConFixtures();

const setTramite = (id: number, sets: string) =>
  t.database.query(`UPDATE tramite SET ${sets} WHERE id_tramite = $1`, [id]);
const planilla = async (id: number) =>
  (
    await t.database.query<Record<string, unknown>>(
      `SELECT estado_aud AS "estadoAud", estado_doc AS "estadoDoc", id_usuario_med AS "idUsuarioMed", id_usuario_doc AS "idUsuarioDoc",
              fecha_aud AS "fechaAud", fecha_doc AS "fechaDoc", version FROM planilla WHERE id_planilla = $1`,
      [id],
    )
  )[0];

async function revisar(usuario: string | undefined, id: number, tipo: string, accion = '', version?: number) {
  return req('POST', `/api/v1/planillas/${id}/revision${accion}`, usuario, {
    tipo,
    version: version ?? (await versionOf(t, id)),
  });
}

/** R1 and R3 assigned to the AM auditor and R1 to the GD operative; R2 unassigned. */
async function base(): Promise<Fixture> {
  const u = ids.usuarios;
  return crearTramite(t, ids, {
    planillas: [
      { numero: 'R1', med: u.auditorAm, doc: u.gestorGd },
      { numero: 'R2' },
      { numero: 'R3', med: u.auditorAm },
    ],
  });
}

describe('register and reset a review', () => {
  let f: Fixture;
  beforeAll(async () => {
    f = await base();
  });

  it('18 reviews its attention: REVISADA with reviewer and date, bitácora M, audit trail; next pending offered', async () => {
    const res = await revisar(DEMO.auditorAm, f.planillas[0], 'M');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      mensaje: '¡Revisión registrada exitosamente!',
      item: { idPlanilla: f.planillas[0], estadoAud: 'REVISADA', estadoDoc: 'PENDIENTE', version: 2 },
      siguiente: f.planillas[2],
    });
    const p = await planilla(f.planillas[0]);
    expect(p).toMatchObject({ estadoAud: 'REVISADA', idUsuarioMed: ids.usuarios.auditorAm });
    expect(p.fechaAud).not.toBeNull();
    const log = await t.database.query<{ tipo: string; observacion: string; idUsuario: number }>(
      'SELECT tipo, observacion, id_usuario AS "idUsuario" FROM bitacora_tra WHERE id_tramite = $1',
      [f.idTramite],
    );
    expect(log).toEqual([
      { tipo: 'M', observacion: 'Revisión AM de la atención R1', idUsuario: ids.usuarios.auditorAm },
    ]);
    const aud = await t.database.query<{ campo: string; antes: string; despues: string }>(
      `SELECT campo, antes, despues FROM auditoria_pla WHERE id_planilla = $1 AND operacion = 'REVISION'`,
      [f.planillas[0]],
    );
    expect(aud).toEqual([{ campo: 'estadoAud', antes: 'PENDIENTE', despues: 'REVISADA' }]);
  });

  it('stale version 409; already reviewed 409; the GD operative reviews its side (bitácora D)', async () => {
    const stale = await revisar(DEMO.supervisorAm, f.planillas[0], 'M', '', 1);
    expect(stale.statusCode).toBe(409);
    expect(errorOf(stale).error.code).toBe('VERSION');
    const again = await revisar(DEMO.supervisorAm, f.planillas[0], 'M');
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).error.code).toBe('ESTADO_REVISION');
    const gd = await revisar(DEMO.gestorGd, f.planillas[0], 'D');
    expect(gd.statusCode, gd.body).toBe(200);
    const [log] = await t.database.query<{ observacion: string }>(
      `SELECT observacion FROM bitacora_tra WHERE id_tramite = $1 AND tipo = 'D'`,
      [f.idTramite],
    );
    expect(log.observacion).toBe('Revisión GD de la atención R1');
  });

  it("'Perfil no autorizado para esta acción' for every profile that cannot review that type", async () => {
    for (const [usuario, tipo] of [
      [DEMO.auditorAm, 'D'],
      [DEMO.revisor, 'M'],
      [DEMO.revisor, 'D'],
      [DEMO.prestador, 'M'],
      [DEMO.supervisorGd, 'M'],
      [DEMO.supervisorAm, 'D'],
      [DEMO.admin, 'M'],
    ] as const) {
      const res = await revisar(usuario, f.planillas[2], tipo);
      expect(res.statusCode, `${usuario} ${tipo}`).toBe(403);
      expect(errorOf(res).error.message).toBe(MSG_PLANILLA.perfilNoAutorizado);
    }
    expect((await revisar(undefined, f.planillas[2], 'M')).statusCode).toBe(401);
    expect((await revisar(DEMO.prestador2, f.planillas[2], 'M')).statusCode).toBe(404);
    expect((await revisar(DEMO.supervisorAm, 99999999, 'M', '', 1)).statusCode).toBe(404);
    expect(
      (
        await req('POST', `/api/v1/planillas/${f.planillas[2]}/revision`, DEMO.supervisorAm, {
          tipo: 'X',
          version: 1,
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (await req('POST', `/api/v1/planillas/${f.planillas[2]}/revision`, DEMO.supervisorAm, { tipo: 'M' }))
        .statusCode,
    ).toBe(400);
  });

  it('18 cannot see an unassigned attention under U (404) and cannot review it under T (403)', async () => {
    expect((await revisar(DEMO.auditorAm, f.planillas[1], 'M')).statusCode).toBe(404);
    await setTramite(f.idTramite, "tipo_asignacion = 'T'");
    try {
      expect((await revisar(DEMO.auditorAm, f.planillas[1], 'M')).statusCode).toBe(403);
      expect((await revisar(DEMO.gestorGd, f.planillas[1], 'D')).statusCode).toBe(403);
    } finally {
      await setTramite(f.idTramite, "tipo_asignacion = 'U'");
    }
  });

  it('no review outside RECIBIDO, EN PROCESO, PLANILLAJE', async () => {
    for (const estado of ['ENVIADO', 'OBSERVACIONES', 'FINALIZADO']) {
      await setTramite(f.idTramite, `estado_tramite = '${estado}'`);
      const res = await revisar(DEMO.supervisorAm, f.planillas[1], 'M');
      expect(res.statusCode, estado).toBe(409);
    }
    for (const estado of ['RECIBIDO', 'PLANILLAJE']) {
      await setTramite(f.idTramite, `estado_tramite = '${estado}'`);
      const res = await revisar(DEMO.supervisorAm, f.planillas[1], 'M');
      expect(res.statusCode, estado).toBe(200);
      expect((await revisar(DEMO.supervisorAm, f.planillas[1], 'M', '/reiniciar')).statusCode).toBe(200);
    }
    await setTramite(f.idTramite, "estado_tramite = 'EN PROCESO'");
  });

  it('reset REVISADA → PENDIENTE by the reviewer; twice 409; stale 409', async () => {
    const res = await revisar(DEMO.auditorAm, f.planillas[0], 'M', '/reiniciar');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().item.estadoAud).toBe('PENDIENTE');
    expect((await planilla(f.planillas[0])).fechaAud).toBeNull();
    expect((await revisar(DEMO.auditorAm, f.planillas[0], 'M', '/reiniciar')).statusCode).toBe(409);
    expect((await revisar(DEMO.auditorAm, f.planillas[0], 'M', '/reiniciar', 1)).statusCode).toBe(409);
    expect((await revisar(DEMO.revisor, f.planillas[0], 'M', '/reiniciar')).statusCode).toBe(403);
  });

  it('two concurrent reviews of one record: one wins, the other gets 409', async () => {
    const id = f.planillas[2];
    const v = await versionOf(t, id);
    const [a, b] = await Promise.all([
      revisar(DEMO.auditorAm, id, 'M', '', v),
      revisar(DEMO.auditorAm, id, 'M', '', v),
    ]);
    expect([a.statusCode, b.statusCode].sort(), `${a.body} ${b.body}`).toEqual([200, 409]);
    const [{ n }] = await t.database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM bitacora_tra WHERE id_tramite = $1 AND observacion = 'Revisión AM de la atención R3'`,
      [f.idTramite],
    );
    expect(n).toBe(1);
  });
});

describe('two people review one attention at once (issue 11 item 15)', () => {
  const u = () => ids.usuarios;

  it('the auditor and the supervisor together: one 200, one 409 naming the winner; the assignment is unchanged', async () => {
    const f = await crearTramite(t, ids, { planillas: [{ numero: 'C1', med: u().auditorAm }] });
    const id = f.planillas[0];
    const v = await versionOf(t, id);
    const [a, s] = await Promise.all([
      revisar(DEMO.auditorAm, id, 'M', '', v),
      revisar(DEMO.supervisorAm, id, 'M', '', v),
    ]);
    expect([a.statusCode, s.statusCode].sort(), `${a.body} ${s.body}`).toEqual([200, 409]);
    const [perdio, ganador] = a.statusCode === 200 ? [s, DEMO.auditorAm] : [a, DEMO.supervisorAm];
    expect(errorOf(perdio).error.message).toBe(MSG_PLANILLA.revisionGanada('M', 'C1', 'REVISADA', ganador));
    expect(await planilla(id)).toMatchObject({ estadoAud: 'REVISADA', idUsuarioMed: u().auditorAm });
  });

  it('the supervisor first: the auditor still sees the attention and gets 409 (not 404) naming the supervisor', async () => {
    const f = await crearTramite(t, ids, {
      planillas: [{ numero: 'C2', med: u().auditorAm, doc: u().gestorGd }],
    });
    const id = f.planillas[0];
    const v = await versionOf(t, id);
    const sup = await revisar(DEMO.supervisorAm, id, 'M', '', v);
    expect(sup.statusCode, sup.body).toBe(200);
    const texto = MSG_PLANILLA.revisionGanada('M', 'C2', 'REVISADA', DEMO.supervisorAm);
    const stale = await revisar(DEMO.auditorAm, id, 'M', '', v);
    expect(stale.statusCode, stale.body).toBe(409);
    expect(errorOf(stale).error).toMatchObject({ code: 'VERSION', message: texto });
    const again = await revisar(DEMO.auditorAm, id, 'M');
    expect(errorOf(again).error).toMatchObject({ code: 'ESTADO_REVISION', message: texto });
    expect((await req('GET', `/api/v1/planillas/${id}`, DEMO.auditorAm)).statusCode).toBe(200);
    expect(await planilla(id)).toMatchObject({ idUsuarioMed: u().auditorAm, idUsuarioDoc: u().gestorGd });
    const asignar = await t.database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM auditoria_pla WHERE id_planilla = $1 AND campo IN ('usuarioMed', 'usuarioDoc')`,
      [id],
    );
    expect(asignar[0].n).toBe(0);
  });
});

describe('finalize and reopen', () => {
  const observacion = (idPlanilla: number, tipo: 'M' | 'D', respondida: boolean) =>
    observarPlanilla(t, ids, idPlanilla, tipo, respondida);

  it('the supervisor closes REVISADA → FINALIZADA unless an observation of that type is unanswered; reopens', async () => {
    const f = await crearTramite(t, ids, {
      planillas: [
        { numero: 'F1', estadoAud: 'REVISADA', estadoDoc: 'REVISADA', med: ids.usuarios.auditorAm },
        { numero: 'F2' },
      ],
    });
    const [id, pend] = f.planillas;
    const fin = (usuario: string, tipo: string, p = id) =>
      req('POST', `/api/v1/planillas/${p}/revision/finalizar`, usuario, { tipo });
    expect(errorOf(await fin(DEMO.auditorAm, 'M')).error.message).toBe(MSG_PLANILLA.perfilNoAutorizado);
    expect((await fin(DEMO.supervisorGd, 'M')).statusCode).toBe(403);
    expect((await fin(DEMO.revisor, 'M')).statusCode).toBe(403);
    expect((await fin(DEMO.prestador2, 'M')).statusCode).toBe(404);
    expect((await fin(DEMO.supervisorAm, 'M', pend)).statusCode).toBe(409);
    const obs = await observacion(id, 'M', false);
    await observacion(id, 'D', true);
    const refused = await fin(DEMO.supervisorAm, 'M');
    expect(refused.statusCode).toBe(422);
    expect(errorOf(refused).error.message).toBe(MSG_PLANILLA.observacionesSinResponder);
    const gd = await fin(DEMO.supervisorGd, 'D');
    expect(gd.statusCode, gd.body).toBe(200);
    expect(gd.json().item.estadoDoc).toBe('FINALIZADA');
    await t.database.query(`UPDATE pla_obs SET respuesta = 'RESPONDIDA' WHERE id_pla_obs = $1`, [obs]);
    const ok = await fin(DEMO.supervisorAm, 'M');
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().item.estadoAud).toBe('FINALIZADA');
    expect((await fin(DEMO.supervisorAm, 'M')).statusCode).toBe(409);
    const stale = await req('POST', `/api/v1/planillas/${id}/revision/reabrir`, DEMO.supervisorAm, {
      tipo: 'M',
      version: 1,
    });
    expect(stale.statusCode).toBe(409);
    expect(
      (await req('POST', `/api/v1/planillas/${id}/revision/reabrir`, DEMO.auditorAm, { tipo: 'M' }))
        .statusCode,
    ).toBe(403);
    const re = await req('POST', `/api/v1/planillas/${id}/revision/reabrir`, DEMO.supervisorAm, {
      tipo: 'M',
    });
    expect(re.statusCode, re.body).toBe(200);
    expect(re.json().item.estadoAud).toBe('REVISADA');
    await setTramite(f.idTramite, "estado_tramite = 'FINALIZADO'");
    expect((await fin(DEMO.supervisorAm, 'M')).statusCode).toBe(409);
  });

  it('all REVISADA of a load at once, set-based, skipping those with unanswered observations', async () => {
    const f = await crearTramite(t, ids, {
      planillas: [
        { numero: 'L1', estadoAud: 'REVISADA' },
        { numero: 'L2', estadoAud: 'REVISADA' },
        { numero: 'L3', estadoAud: 'REVISADA' },
        { numero: 'L4' },
      ],
    });
    await observacion(f.planillas[2], 'M', false);
    const url = `/api/v1/cargas/${f.idCarga}/revision/finalizar`;
    expect((await req('POST', url, DEMO.auditorAm, { tipo: 'M' })).statusCode).toBe(404); // nothing assigned to the auditor: hidden (issue 11 item 4)
    expect((await req('POST', url, DEMO.supervisorAm, { tipo: 'D' })).statusCode).toBe(403);
    expect((await req('POST', url, DEMO.prestador2, { tipo: 'M' })).statusCode).toBe(404);
    expect((await req('POST', url, DEMO.supervisorAm, { tipo: 'Z' })).statusCode).toBe(400);
    const res = await req('POST', url, DEMO.supervisorAm, { tipo: 'M' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ finalizadas: 2, omitidas: 1 });
    const estados = await t.database.query<{ numero: string; estadoAud: string }>(
      'SELECT numero, estado_aud AS "estadoAud" FROM planilla WHERE id_carga = $1 ORDER BY numero',
      [f.idCarga],
    );
    expect(estados.map((e) => e.estadoAud)).toEqual(['FINALIZADA', 'FINALIZADA', 'REVISADA', 'PENDIENTE']);
    const again = await req('POST', url, DEMO.supervisorAm, { tipo: 'M' });
    expect(again.statusCode).toBe(422);
    const [{ n }] = await t.database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM auditoria_pla a JOIN planilla p USING (id_planilla)
        WHERE p.id_carga = $1 AND a.despues = 'FINALIZADA'`,
      [f.idCarga],
    );
    expect(n).toBe(2);
  });
});

describe('next pending', () => {
  it('in list order after the current one, wrapping; previous; only the user’s own for 18; 404 when none', async () => {
    const u = ids.usuarios;
    const f = await crearTramite(t, ids, {
      planillas: [
        { numero: 'S1', med: u.auditorAm },
        { numero: 'S2', estadoAud: 'REVISADA', med: u.auditorAm },
        { numero: 'S3' },
        { numero: 'S4', med: u.auditorAm },
      ],
    });
    const idCarga2 = await crearCarga(t, ids, f.idTramite, '2026-03-16', '2026-03-31');
    await crearPlanillas(t, f.idTramite, idCarga2, [{ numero: 'S0' }], ids.idPrestador);
    const [s1, s2, s3, s4] = f.planillas;
    const sig = async (usuario: string, qs: string) => {
      const res = await req(
        'GET',
        `/api/v1/planillas/siguiente-pendiente?idTramite=${f.idTramite}&idCarga=${f.idCarga}${qs}`,
        usuario,
      );
      return res.statusCode === 200 ? res.json().idPlanilla : res.statusCode;
    };
    expect(await sig(DEMO.supervisorAm, '')).toBe(s1);
    expect(await sig(DEMO.supervisorAm, `&despuesDe=${s1}`)).toBe(s3);
    expect(await sig(DEMO.supervisorAm, `&despuesDe=${s4}`)).toBe(s1);
    expect(await sig(DEMO.supervisorAm, `&despuesDe=${s3}&anterior=1`)).toBe(s1);
    expect(await sig(DEMO.supervisorAm, `&despuesDe=${s1}&anterior=1`)).toBe(s4);
    expect(await sig(DEMO.auditorAm, `&despuesDe=${s1}`)).toBe(s4);
    expect(await sig(DEMO.supervisorGd, `&despuesDe=${s1}`)).toBe(s2);
    expect(await sig(DEMO.revisor, '&tipo=D')).toBe(s1);
    expect(await sig(DEMO.revisor, '')).toBe(400);
    expect(await sig(DEMO.prestador2, '')).toBe(404);
    // How many the same navigation can still reach: the load, or the whole procedure without idCarga.
    const cuantas = async (usuario: string, qs: string) => {
      const res = await req('GET', `/api/v1/planillas/pendientes?idTramite=${f.idTramite}${qs}`, usuario);
      return res.statusCode === 200 ? res.json().pendientes : res.statusCode;
    };
    expect(await cuantas(DEMO.supervisorAm, `&idCarga=${f.idCarga}`)).toBe(3);
    expect(await cuantas(DEMO.supervisorAm, '')).toBe(4);
    expect(await cuantas(DEMO.auditorAm, `&idCarga=${f.idCarga}`)).toBe(2);
    expect(await cuantas(DEMO.supervisorGd, `&idCarga=${f.idCarga}`)).toBe(4);
    expect(await cuantas(DEMO.revisor, '')).toBe(400);
    expect(await cuantas(DEMO.prestador2, '')).toBe(404);
    await t.database.query(`UPDATE planilla SET estado_aud = 'REVISADA' WHERE id_carga = $1`, [f.idCarga]);
    expect(await cuantas(DEMO.supervisorAm, `&idCarga=${f.idCarga}`)).toBe(0);
    const none = await req(
      'GET',
      `/api/v1/planillas/siguiente-pendiente?idTramite=${f.idTramite}&idCarga=${f.idCarga}`,
      DEMO.supervisorAm,
    );
    expect(none.statusCode).toBe(404);
    expect(errorOf(none).error).toMatchObject({
      message: 'Sin planillas pendientes',
      fields: { detalle: 'No se encontraron planillas pendientes para este trámite y carga.' },
    });
    expect((await req('GET', '/api/v1/planillas/siguiente-pendiente', DEMO.supervisorAm)).statusCode).toBe(
      400,
    );
  });
});

describe('assignment', () => {
  it('staff with counts; assign a selection (RECIBIDO → EN PROCESO, bitácora); split a load evenly', async () => {
    const specs = Array.from({ length: 9 }, (_, i) => ({ numero: `Q${i + 1}` }));
    const f = await crearTramite(t, ids, { estado: 'RECIBIDO', planillas: specs });
    const otra = await crearCarga(t, ids, f.idTramite, '2026-03-16', '2026-03-31');
    await crearPlanillas(
      t,
      f.idTramite,
      otra,
      [
        { numero: 'Z1', fechaDesde: '2026-03-17' },
        { numero: 'Z2', fechaDesde: '2026-03-17' },
      ],
      ids.idPrestador,
    );
    const url = `/api/v1/tramites/${f.idTramite}/asignaciones`;
    const u = ids.usuarios;

    const staff = await req('GET', `${url}?tipo=M`, DEMO.supervisorAm);
    expect(staff.statusCode, staff.body).toBe(200);
    expect(staff.json()).toMatchObject({ tipo: 'M', total: 11, sinAsignar: 11 });
    expect(
      staff
        .json()
        .usuarios.map((x: { nombre: string }) => x.nombre)
        .sort(),
    ).toEqual([DEMO.auditorAm, DEMO.supervisorAm].sort());
    expect(
      (await req('GET', `${url}?tipo=D`, DEMO.supervisorGd))
        .json()
        .usuarios.map((x: { nombre: string }) => x.nombre)
        .sort(),
    ).toEqual([DEMO.gestorGd, DEMO.supervisorGd].sort());
    expect((await req('GET', `${url}?tipo=M`, DEMO.auditorAm)).statusCode).toBe(404); // nothing assigned to the auditor yet: hidden (issue 11 item 4)
    expect((await req('GET', `${url}?tipo=M`, DEMO.supervisorGd)).statusCode).toBe(403);
    expect((await req('GET', `${url}?tipo=D`, DEMO.revisor)).statusCode).toBe(200);
    expect((await req('GET', `${url}?tipo=M`, DEMO.prestador2)).statusCode).toBe(404);
    expect((await req('GET', `${url}?tipo=X`, DEMO.supervisorAm)).statusCode).toBe(400);
    expect((await req('GET', `${url}?tipo=M`)).statusCode).toBe(401);

    const sel = await req('POST', url, DEMO.supervisorAm, {
      tipo: 'M',
      idUsuario: u.auditorAm,
      idPlanillas: f.planillas.slice(0, 2),
    });
    expect(sel.statusCode, sel.body).toBe(200);
    expect(sel.json()).toMatchObject({ asignadas: 2, estadoTramite: 'EN PROCESO' });
    const log = await t.database.query<{ observacion: string }>(
      'SELECT observacion FROM bitacora_tra WHERE id_tramite = $1 ORDER BY id_bitacora_tra',
      [f.idTramite],
    );
    expect(log.map((l) => l.observacion)).toEqual([
      `Asignación de Médico Auditor: 2 atenciones a ${DEMO.auditorAm}`,
      MSG_PLANILLA.bitacoraInicio,
    ]);
    const [aud] = await t.database.query<{ campo: string; antes: string | null; despues: string }>(
      `SELECT campo, antes, despues FROM auditoria_pla WHERE id_planilla = $1 AND operacion = 'ASIGNAR'`,
      [f.planillas[0]],
    );
    expect(aud).toEqual({ campo: 'usuarioMed', antes: null, despues: DEMO.auditorAm });

    const split = await req('POST', url, DEMO.revisor, {
      tipo: 'M',
      idUsuarios: [u.auditorAm, u.supervisorAm],
      idCarga: f.idCarga,
      repartir: true,
    });
    expect(split.statusCode, split.body).toBe(200);
    expect(split.json().asignadas).toBe(9);
    const counts = (await req('GET', `${url}?tipo=M`, DEMO.supervisorAm)).json();
    const by = Object.fromEntries(
      counts.usuarios.map((x: { nombre: string; asignadas: number; pendientes: number }) => [x.nombre, x]),
    );
    expect(by[DEMO.auditorAm]).toMatchObject({ asignadas: 5, pendientes: 5 });
    expect(by[DEMO.supervisorAm]).toMatchObject({ asignadas: 4, pendientes: 4 });
    expect(counts.sinAsignar).toBe(2);

    const carga = await req('POST', url, DEMO.supervisorGd, {
      tipo: 'D',
      idUsuario: u.gestorGd,
      idCarga: otra,
    });
    expect(carga.json()).toMatchObject({ asignadas: 2, estadoTramite: 'EN PROCESO' });
    const gd = (await req('GET', `/api/v1/planillas?idTramite=${f.idTramite}`, DEMO.gestorGd)).json();
    expect(gd.items.map((i: { numero: string }) => i.numero)).toEqual(['Z1', 'Z2']);
  });

  it('refusals: wrong profile 403, wrong state 409, not assignable 400, missing selection 400, other tenant 404', async () => {
    const f = await crearTramite(t, ids, {
      planillas: [{ numero: 'W1' }, { numero: 'W2', estadoAud: 'REVISADA', med: ids.usuarios.supervisorAm }],
    });
    const url = `/api/v1/tramites/${f.idTramite}/asignaciones`;
    const u = ids.usuarios;
    const body = { tipo: 'M', idUsuario: u.auditorAm, idPlanillas: f.planillas };
    for (const usuario of [DEMO.supervisorGd, DEMO.prestador]) {
      expect((await req('POST', url, usuario, body)).statusCode, usuario).toBe(403);
    }
    // 18 and 20 do not see a procedure with nothing assigned to them (issue 11 item 4): 404, not 403.
    for (const usuario of [DEMO.auditorAm, DEMO.gestorGd]) {
      expect((await req('POST', url, usuario, body)).statusCode, usuario).toBe(404);
    }
    expect(
      (await req('POST', url, DEMO.supervisorAm, { ...body, tipo: 'D', idUsuario: u.gestorGd })).statusCode,
    ).toBe(403);
    expect((await req('POST', url, DEMO.prestador2, body)).statusCode).toBe(404);
    expect((await req('POST', url, undefined, body)).statusCode).toBe(401);
    const noAsignable = await req('POST', url, DEMO.supervisorAm, { ...body, idUsuario: u.gestorGd });
    expect(noAsignable.statusCode).toBe(400);
    expect(errorOf(noAsignable).error.message).toBe(MSG_PLANILLA.usuarioNoAsignable);
    expect((await req('POST', url, DEMO.supervisorAm, { ...body, idUsuario: u.prestador })).statusCode).toBe(
      400,
    );
    expect(
      (await req('POST', url, DEMO.supervisorAm, { tipo: 'M', idUsuario: u.auditorAm })).statusCode,
    ).toBe(400);
    expect(
      (
        await req('POST', url, DEMO.supervisorAm, {
          tipo: 'M',
          idUsuarios: [],
          idCarga: f.idCarga,
          repartir: true,
        })
      ).statusCode,
    ).toBe(400);
    const ok = await req('POST', url, DEMO.supervisorAm, body);
    expect(ok.json().asignadas).toBe(1);
    for (const estado of ['ENVIADO', 'OBSERVACIONES', 'FINALIZADO']) {
      await setTramite(f.idTramite, `estado_tramite = '${estado}'`);
      expect((await req('POST', url, DEMO.supervisorAm, body)).statusCode, estado).toBe(409);
    }
    await setTramite(f.idTramite, "estado_tramite = 'PLANILLAJE'");
    expect((await req('POST', url, DEMO.supervisorAm, body)).statusCode).toBe(200);
  });
});
