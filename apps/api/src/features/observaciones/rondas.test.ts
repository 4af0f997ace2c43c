import { MSG_OBSERVACION, MSG_PLANILLA, MSG_TRAMITE } from '@app/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  crearObservacion,
  crearRespuesta,
  crearTramite,
  detallesDe,
  type Fixture,
  planillaAsignada,
  usarContextoConFixtures,
  versionOf,
} from '../../test/fixtures.ts';
import { DEMO, errorOf } from '../../test/helpers.ts';
import { registrarEmpresa } from '../admin/test-utils.ts';
import { multipart, pdf } from '../archivos/test-utils.ts';

/*
 * The conversation (issue 13 items 4–6): sending observations (17 M / 19 D), the provider's lists
 * and answers, completeness, sending the answers back, the auditor's decision, the review gate and
 * two rounds on one procedure.
 */

const { t, ids, req } = usarContextoConFixtures();
let f: Fixture;
const cat = { m: 0, d: 0, resp: 0 };
let dets: number[] = [];
const obs: { a: number; b: number; det: number; d: number } = { a: 0, b: 0, det: 0, d: 0 };

const urlPla = (id: number) => `/api/v1/planillas/${id}/observaciones`;
const accion = (a: string) => `/api/v1/tramites/${f.idTramite}/acciones/${a}`;
const lista = (q: string, u: string) => req('GET', `/api/v1/tramites/${f.idTramite}/observaciones${q}`, u);
const completitud = (tipo: string, u: string = DEMO.prestador) =>
  req('GET', `/api/v1/tramites/${f.idTramite}/observaciones/completitud?tipo=${tipo}`, u).then((r) =>
    r.json(),
  );
const estado = async () =>
  (
    await t.database.query<{ e: string }>('SELECT estado_tramite AS e FROM tramite WHERE id_tramite = $1', [
      f.idTramite,
    ])
  )[0].e;
const version = async (nivel: string, id: number) =>
  (
    await t.database.query<{ v: number }>(
      nivel === 'planilla'
        ? 'SELECT version AS v FROM pla_obs WHERE id_pla_obs = $1'
        : 'SELECT version AS v FROM pla_det_obs WHERE id_pla_det_obs = $1',
      [id],
    )
  )[0].v;
const responder = async (nivel: string, id: number, body: object, u: string = DEMO.prestador) =>
  req('POST', `/api/v1/observaciones/${nivel}/${id}/respuesta`, u, {
    version: await version(nivel, id),
    ...body,
  });
const correos = (clase: string) =>
  t.database.query<{ para: string }>('SELECT para FROM correo WHERE id_tramite = $1 AND clase = $2', [
    f.idTramite,
    clase,
  ]);

beforeAll(async () => {
  f = await crearTramite(t, ids, {
    planillas: [planillaAsignada(ids, 'R1'), { numero: 'R2', med: ids.usuarios.auditorAm }, { numero: 'R3' }],
  });
  cat.m = await crearObservacion(t, ids, 'COBRO EXCESIVO', 'M');
  cat.d = await crearObservacion(t, ids, 'FALTA FIRMA', 'D');
  cat.resp = await crearRespuesta(t, ids, 'SE ADJUNTA DOCUMENTO');
  dets = await detallesDe(t, f.planillas[0]);
  const crear = async (url: string, u: string, tipo: string) => {
    const r = await req('POST', url, u, {
      tipo,
      idObservacion: tipo === 'M' ? cat.m : cat.d,
      descripcion: 'x',
    });
    expect(r.statusCode, r.body).toBe(201);
    return r.json().item.id as number;
  };
  obs.a = await crear(urlPla(f.planillas[0]), DEMO.auditorAm, 'M');
  obs.b = await crear(urlPla(f.planillas[1]), DEMO.auditorAm, 'M');
  obs.det = await crear(`/api/v1/planilla-detalles/${dets[1]}/observaciones`, DEMO.supervisorAm, 'M');
  obs.d = await crear(urlPla(f.planillas[0]), DEMO.gestorGd, 'D');
});

describe('round 1', () => {
  it('before sending: drafts, nothing for the provider, completeness with nothing open', async () => {
    expect((await lista('?tipo=M', DEMO.prestador)).json()).toMatchObject({ total: 0, items: [] });
    expect(await completitud('M')).toMatchObject({ observacionesCompletas: true, total: 0, porEnviar: 3 });
    // The provider may not answer what was not sent (it does not exist for it).
    expect((await responder('planilla', obs.a, { respuesta: 'x' })).statusCode).toBe(404);
  });

  it('who sends: 17 for M, 19 for D; not the provider; not with a stale state', async () => {
    expect(
      (await req('POST', accion('enviar-observaciones'), DEMO.supervisorGd, { tipo: 'M' })).statusCode,
    ).toBe(403);
    expect(
      (await req('POST', accion('enviar-observaciones'), DEMO.supervisorAm, { tipo: 'D' })).statusCode,
    ).toBe(403);
    expect(
      (await req('POST', accion('enviar-observaciones'), DEMO.auditorAm, { tipo: 'M' })).statusCode,
    ).toBe(403);
    expect(
      (await req('POST', accion('enviar-observaciones'), DEMO.prestador, { tipo: 'M' })).statusCode,
    ).toBe(403);
    expect(
      (await req('POST', accion('enviar-observaciones'), DEMO.supervisorAm, { tipo: 'X' })).statusCode,
    ).toBe(400);
    const stale = await req('POST', accion('enviar-observaciones'), DEMO.supervisorAm, {
      tipo: 'M',
      estadoActual: 'RECIBIDO',
    });
    expect(stale.statusCode).toBe(409);
  });

  it('17 sends M: EN PROCESO → OBSERVACIONES, round 1, e-mail to the provider, bitácora', async () => {
    const res = await req('POST', accion('enviar-observaciones'), DEMO.supervisorAm, { tipo: 'M' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      mensaje: 'Correo con reporte de observaciones enviado.',
      estadoTramite: 'OBSERVACIONES',
      tipo: 'M',
      ronda: 1,
      observaciones: 3,
      correo: { destinatarios: [DEMO.prestador] },
    });
    expect(await estado()).toBe('OBSERVACIONES');
    expect((await correos('OBSERVACIONES')).map((c) => c.para)).toEqual([DEMO.prestador]);
    const [b] = await t.database.query<{ observacion: string }>(
      'SELECT observacion FROM bitacora_tra WHERE id_tramite = $1 ORDER BY id_bitacora_tra DESC LIMIT 1',
      [f.idTramite],
    );
    expect(b.observacion).toContain(MSG_OBSERVACION.bitacoraEnvio('M', 3, 1));
    // Again: the procedure is no longer EN PROCESO.
    expect(
      (await req('POST', accion('enviar-observaciones'), DEMO.supervisorAm, { tipo: 'M' })).statusCode,
    ).toBe(409);
  });

  it('sent observations are locked for the insurer (409) while the provider answers', async () => {
    const r = await req('PUT', `/api/v1/observaciones/planilla/${obs.a}`, DEMO.auditorAm, {
      idObservacion: cat.m,
      version: await version('planilla', obs.a),
    });
    expect(r.statusCode).toBe(409);
    expect(errorOf(r).error.code).toBe('YA_ENVIADA');
  });

  it('the provider lists them per procedure, load, type and level; the D draft stays hidden', async () => {
    const all = (await lista(`?tipo=M&idCarga=${f.idCarga}`, DEMO.prestador)).json();
    expect(all.total).toBe(3);
    expect(all.items.map((o: { numero: string; nivel: string }) => [o.numero, o.nivel])).toEqual([
      ['R1', 'PLANILLA'],
      ['R1', 'DETALLE'],
      ['R2', 'PLANILLA'],
    ]);
    expect(all.items[1]).toMatchObject({ codigoDetalle: '99213', elementoCodigo: '99213', ronda: 1 });
    expect((await lista('?tipo=M&nivel=detalle', DEMO.prestador)).json().total).toBe(1);
    expect((await lista('?tipo=D', DEMO.prestador)).json().total).toBe(0);
    expect((await lista('?tipo=M&sort=-numero', DEMO.prestador)).json().items[0].numero).toBe('R2');
    const one = await req('GET', `/api/v1/observaciones/detalle/${obs.det}`, DEMO.prestador);
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json()).toMatchObject({
      estadoTramite: 'OBSERVACIONES',
      planilla: { numero: 'R1', idPlanilla: f.planillas[0] },
      permisos: { puedeResponder: true, procesoAM: false },
    });
    expect((await req('GET', `/api/v1/observaciones/planilla/${obs.d}`, DEMO.prestador)).statusCode).toBe(
      404,
    );
    expect((await req('GET', `/api/v1/observaciones/detalle/${obs.det}`, DEMO.prestador2)).statusCode).toBe(
      404,
    );
  });

  it('answers: text or standard answer required, upper-case, stale 409, only the owner, only the provider', async () => {
    const vacia = await responder('planilla', obs.a, { respuesta: '  ' });
    expect(vacia.statusCode).toBe(400);
    expect(errorOf(vacia).error.fields?.respuesta).toBe('Ingrese una respuesta');
    expect((await responder('planilla', obs.a, { idRespuesta: 999999 })).statusCode).toBe(400);
    expect((await responder('planilla', obs.a, { respuesta: 'x' }, DEMO.prestador2)).statusCode).toBe(404);
    expect((await responder('planilla', obs.a, { respuesta: 'x' }, DEMO.supervisorAm)).statusCode).toBe(403);
    const stale = await req('POST', `/api/v1/observaciones/planilla/${obs.a}/respuesta`, DEMO.prestador, {
      respuesta: 'x',
      version: 1,
    });
    expect(stale.statusCode).toBe(409);
    const ok = await responder('planilla', obs.a, { idRespuesta: cat.resp, respuesta: 'factura corregida' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({
      mensaje: '¡Respuesta registrada exitosamente!',
      item: {
        respuestaEstandar: 'SE ADJUNTA DOCUMENTO',
        respuestaComplementaria: 'FACTURA CORREGIDA',
        respondida: true,
      },
    });
    const [a] = await t.database.query<{ despues: string }>(
      `SELECT despues FROM auditoria_pla WHERE id_planilla = $1 AND operacion = 'OBS_RESPONDER' AND campo LIKE '%complementaria'`,
      [f.planillas[0]],
    );
    expect(a.despues).toBe('FACTURA CORREGIDA');
  });

  it('completeness per attention and procedure; sending with one pending → 422 with the server message', async () => {
    const p1 = await req('GET', `${urlPla(f.planillas[0])}/completitud?tipo=M`, DEMO.prestador);
    expect(p1.json()).toMatchObject({ observacionesCompletas: false, total: 2, pendientes: 1 });
    const c = await completitud('M');
    expect(c).toMatchObject({
      observacionesCompletas: false,
      total: 3,
      pendientes: 2,
      mensaje: MSG_TRAMITE.observacionesSinResponder('M', 2),
    });
    const r = await req('POST', accion('enviar-respuestas'), DEMO.prestador, { tipo: 'M' });
    expect(r.statusCode).toBe(422);
    expect(errorOf(r).error).toMatchObject({ code: 'OBSERVACIONES_PENDIENTES', message: c.mensaje });
    expect(
      (await req('POST', accion('enviar-respuestas'), DEMO.supervisorAm, { tipo: 'M' })).statusCode,
    ).toBe(403);
  });

  it('supporting documents on an observed attention while answering (not on one without open observations)', async () => {
    const body = multipart([{ name: 'sustento.pdf', content: pdf() }]);
    const auth = await t.auth(DEMO.prestador);
    const ok = await t.app.inject({
      method: 'POST',
      url: `${urlPla(f.planillas[0])}/archivos`,
      payload: body.payload,
      headers: { ...body.headers, ...auth },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({
      archivosCargados: ['sustento.pdf'],
      mensaje: MSG_OBSERVACION.archivosRespuesta(1),
    });
    const [n] = await t.database.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM archivo_pla WHERE id_planilla = $1',
      [f.planillas[0]],
    );
    expect(n.n).toBe(1);
    const sin = await t.app.inject({
      method: 'POST',
      url: `${urlPla(f.planillas[2])}/archivos`,
      payload: body.payload,
      headers: { ...body.headers, ...auth },
    });
    expect(sin.statusCode).toBe(409);
    const staff = await t.app.inject({
      method: 'POST',
      url: `${urlPla(f.planillas[0])}/archivos`,
      payload: body.payload,
      headers: { ...body.headers, ...(await t.auth(DEMO.supervisorAm)) },
    });
    expect(staff.statusCode).toBe(403);
  });

  it('all answered → the provider sends them: back to EN PROCESO, e-mail to the supervisors; answers then locked', async () => {
    expect((await responder('detalle', obs.det, { respuesta: 'valor según tarifa' })).statusCode).toBe(200);
    expect((await responder('planilla', obs.b, { idRespuesta: cat.resp })).statusCode).toBe(200);
    expect(await completitud('M')).toMatchObject({
      observacionesCompletas: true,
      mensaje: MSG_OBSERVACION.completasTramite('M'),
    });
    const res = await req('POST', accion('enviar-respuestas'), DEMO.prestador, { tipo: 'M' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ estadoTramite: 'EN PROCESO', tipo: 'M', ronda: 1, observaciones: 3 });
    expect(await estado()).toBe('EN PROCESO');
    expect((await correos('RESPUESTAS')).map((c) => c.para)).toEqual([DEMO.supervisorAm]);
    expect((await responder('planilla', obs.b, { respuesta: 'otra' })).statusCode).toBe(409);
  });
});

describe('review of answers (16–20) and the gate of the attention review', () => {
  it('pending list: type and load chosen, answered and not yet decided; empty list for the other type', async () => {
    const r = (await lista(`?tipo=M&idCarga=${f.idCarga}&porResolver=si`, DEMO.supervisorAm)).json();
    expect(r.total).toBe(3);
    expect(r.items[0]).toMatchObject({
      numero: 'R1',
      nivel: 'PLANILLA',
      idRespuesta: cat.resp,
      aceptada: false,
    });
    expect((await lista('?tipo=D&respondida=si', DEMO.supervisorGd)).json()).toMatchObject({
      total: 0,
      items: [],
    });
    // 18 sees the observations of its attentions (R1, R2), not those of R3.
    expect((await lista('?tipo=M', DEMO.auditorAm)).json().total).toBe(3);
  });

  it('the auditor decides: REDUCE accepts; stale 409; another process 422; a draft has no answer (422)', async () => {
    const url = (n: string, id: number) => `/api/v1/observaciones/${n}/${id}/aceptar`;
    // REDUCE on a line needs the line's new approved amount; nothing changes without it.
    const sinValor = await req('POST', url('detalle', obs.det), DEMO.auditorAm, {
      resolucion: 'REDUCE',
      version: await version('detalle', obs.det),
    });
    expect(sinValor.statusCode).toBe(400);
    expect(errorOf(sinValor).error.message).toBe(MSG_OBSERVACION.valorAprobadoRequerido);
    const ok = await req('POST', url('detalle', obs.det), DEMO.auditorAm, {
      resolucion: 'REDUCE',
      valorAprobado: '15.00',
      version: await version('detalle', obs.det),
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().item).toMatchObject({ aceptada: true, resolucion: 'REDUCE' });
    // The line 99213 claimed 2 × 10.00: 15.00 approved, 5.00 objected, in the attention's totals too.
    const tot = await req('GET', `/api/v1/planillas/${f.planillas[0]}/totales`, DEMO.auditorAm);
    expect(tot.statusCode, tot.body).toBe(200);
    expect(tot.json()).toMatchObject({ totalReclamado: '45.50', totalAprobado: '40.50', totalGlosa: '5.00' });
    const mant = await req('POST', url('planilla', obs.b), DEMO.supervisorAm, {
      resolucion: 'MANTIENE',
      version: await version('planilla', obs.b),
    });
    expect(mant.json().item).toMatchObject({ aceptada: false, resolucion: 'MANTIENE' });
    expect(
      (await req('POST', url('planilla', obs.a), DEMO.supervisorAm, { resolucion: 'RETIRA', version: 1 }))
        .statusCode,
    ).toBe(409);
    const gd = await req('POST', url('planilla', obs.a), DEMO.supervisorGd, {
      resolucion: 'RETIRA',
      version: await version('planilla', obs.a),
    });
    expect(gd.statusCode).toBe(422);
    const draft = await req('POST', url('planilla', obs.d), DEMO.supervisorGd, {
      resolucion: 'RETIRA',
      version: await version('planilla', obs.d),
    });
    expect(draft.statusCode).toBe(422);
    expect(errorOf(draft).error.message).toBe(MSG_OBSERVACION.sinRespuesta);
    expect(
      (await req('POST', url('planilla', obs.a), DEMO.prestador, { resolucion: 'RETIRA', version: 1 }))
        .statusCode,
    ).toBe(403);
    expect((await lista('?tipo=M&porResolver=si', DEMO.supervisorAm)).json().total).toBe(1);
  });

  it('finalizing a review is refused while a line item observation of the type is unanswered', async () => {
    const g = await crearTramite(t, ids, {
      planillas: [{ numero: 'G1', med: ids.usuarios.auditorAm, estadoAud: 'REVISADA' }],
    });
    const [d] = await t.database.query<{ id: number }>(
      'SELECT id_planilla_det AS id FROM planilla_det WHERE id_planilla = $1',
      [g.planillas[0]],
    );
    const o = await req('POST', `/api/v1/planilla-detalles/${d.id}/observaciones`, DEMO.supervisorAm, {
      tipo: 'M',
      idObservacion: cat.m,
    });
    expect(o.statusCode).toBe(201);
    const fin = () =>
      versionOf(t, g.planillas[0]).then((v) =>
        req('POST', `/api/v1/planillas/${g.planillas[0]}/revision/finalizar`, DEMO.supervisorAm, {
          tipo: 'M',
          version: v,
        }),
      );
    const r = await fin();
    expect(r.statusCode).toBe(422);
    expect(errorOf(r).error.message).toBe(MSG_PLANILLA.observacionesSinResponder);
    await t.database.query(`UPDATE pla_det_obs SET respuesta = 'OK' WHERE id_pla_det_obs = $1`, [
      o.json().item.id,
    ]);
    expect((await fin()).statusCode).toBe(200);
  });
});

describe('round 2 and the other type', () => {
  it('a new M observation on a line item is sent as round 2; round 1 keeps its answers', async () => {
    const n = await req('POST', `/api/v1/planilla-detalles/${dets[0]}/observaciones`, DEMO.auditorAm, {
      tipo: 'M',
      idObservacion: cat.m,
      descripcion: 'segunda ronda',
    });
    expect(n.statusCode).toBe(201);
    expect(await completitud('M', DEMO.supervisorAm)).toMatchObject({ total: 0, porEnviar: 1 });
    const s = await req('POST', accion('enviar-observaciones'), DEMO.supervisorAm, { tipo: 'M' });
    expect(s.json()).toMatchObject({ ronda: 2, observaciones: 1, estadoTramite: 'OBSERVACIONES' });
    const prov = (await lista('?tipo=M', DEMO.prestador)).json();
    expect(prov.total).toBe(4);
    const r2 = prov.items.filter((o: { ronda: number }) => o.ronda === 2);
    expect(r2).toHaveLength(1);
    expect(await completitud('M')).toMatchObject({ observacionesCompletas: false, total: 1, pendientes: 1 });
    expect((await responder('detalle', n.json().item.id, { respuesta: 'ok' })).statusCode).toBe(200);
    const back = await req('POST', accion('enviar-respuestas'), DEMO.prestador, { tipo: 'M' });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json()).toMatchObject({ ronda: 2, observaciones: 1, estadoTramite: 'EN PROCESO' });
  });

  it('19 sends the D drafts; nothing new to send → 422', async () => {
    const s = await req('POST', accion('enviar-observaciones'), DEMO.supervisorGd, { tipo: 'D' });
    expect(s.statusCode, s.body).toBe(200);
    expect(s.json()).toMatchObject({ tipo: 'D', ronda: 1, observaciones: 1 });
    expect((await responder('planilla', obs.d, { respuesta: 'firmado' })).statusCode).toBe(200);
    expect((await req('POST', accion('enviar-respuestas'), DEMO.prestador, { tipo: 'D' })).statusCode).toBe(
      200,
    );
    const nada = await req('POST', accion('enviar-observaciones'), DEMO.supervisorGd, { tipo: 'D' });
    expect(nada.statusCode).toBe(422);
    expect(errorOf(nada).error.message).toBe(MSG_TRAMITE.sinObservaciones('D'));
  });

  // Waits on the workflow guard 'observacionesRespondidas' (features/workflow/service.ts) counting only the
  // observations sent and not answered back (ronda IS NOT NULL AND fecha_envio_resp IS NULL): today it
  // also counts the next round's drafts. Enable once the lead wires that condition.
  it('a draft written while the provider answers belongs to the next round: it does not block the answers', async () => {
    const g = await crearTramite(t, ids, { planillas: [{ numero: 'N1', med: ids.usuarios.auditorAm }] });
    const crear = () =>
      req('POST', urlPla(g.planillas[0]), DEMO.auditorAm, { tipo: 'M', idObservacion: cat.m }).then(
        (r) => r.json().item.id as number,
      );
    const a = await crear();
    const u = `/api/v1/tramites/${g.idTramite}`;
    expect(
      (await req('POST', `${u}/acciones/enviar-observaciones`, DEMO.supervisorAm, { tipo: 'M' })).statusCode,
    ).toBe(200);
    await crear(); // in OBSERVACIONES: a draft of round 2
    expect((await responder('planilla', a, { respuesta: 'listo' })).statusCode).toBe(200);
    const c = await req('GET', `${u}/observaciones/completitud?tipo=M`, DEMO.prestador);
    expect(c.json()).toMatchObject({ observacionesCompletas: true, total: 1, pendientes: 0, porEnviar: 1 });
    const back = await req('POST', `${u}/acciones/enviar-respuestas`, DEMO.prestador, { tipo: 'M' });
    expect(back.statusCode, back.body).toBe(200);
    const again = await req('POST', `${u}/acciones/enviar-observaciones`, DEMO.supervisorAm, { tipo: 'M' });
    expect(again.json()).toMatchObject({ ronda: 2, observaciones: 1 });
  });

  it('another subscription’s procedure → 404 for every route', async () => {
    const g = await crearTramite(t, ids, { planillas: [{ numero: 'Z1' }] });
    const otra = await registrarEmpresa(t);
    await t.database.query('UPDATE tramite SET id_suscripcion = $2 WHERE id_tramite = $1', [
      g.idTramite,
      otra.idSuscripcion,
    ]);
    const u = `/api/v1/tramites/${g.idTramite}`;
    expect(
      (await req('POST', `${u}/acciones/enviar-observaciones`, DEMO.supervisorAm, { tipo: 'M' })).statusCode,
    ).toBe(404);
    expect((await req('GET', `${u}/observaciones/completitud?tipo=M`, DEMO.supervisorAm)).statusCode).toBe(
      404,
    );
    expect((await req('GET', `${u}/observaciones?tipo=M`, DEMO.supervisorAm)).statusCode).toBe(404);
    expect(
      (await req('POST', `${u}/acciones/enviar-respuestas`, DEMO.prestador2, { tipo: 'M' })).statusCode,
    ).toBe(404);
  });
});
