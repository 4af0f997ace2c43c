import { MSG_OBSERVACION, MSG_PLANILLA } from '@app/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  crearObservacion,
  crearTramite,
  detallesDe,
  type Fixture,
  planillaAsignada,
  usarContextoConFixtures,
} from '../../test/fixtures.ts';
import { DEMO, errorOf } from '../../test/helpers.ts';
import { registrarEmpresa } from '../admin/test-utils.ts';

/*
 * Writing observations (issue 13 item 1): type, profile, process flag (assignment), state, tenant,
 * 400s, the process that wrote it, stale writes, soft delete, audit trail.
 */

const { t, ids, req } = usarContextoConFixtures();
let f: Fixture;
const cat = { m: 0, d: 0, c: 0, otra: 0 };
let dets: number[] = [];

const urlPla = (id: number) => `/api/v1/planillas/${id}/observaciones`;
const urlDet = (id: number) => `/api/v1/planilla-detalles/${id}/observaciones`;
const setEstado = (id: number, estado: string, extra = '') =>
  t.database.query(`UPDATE tramite SET estado_tramite = $2${extra} WHERE id_tramite = $1`, [id, estado]);
const audit = async (idPlanilla: number, operacion: string) =>
  t.database.query<{ campo: string; antes: string | null; despues: string | null; idUsuario: number }>(
    `SELECT campo, antes, despues, id_usuario AS "idUsuario" FROM auditoria_pla
      WHERE id_planilla = $1 AND operacion = $2 ORDER BY id_auditoria`,
    [idPlanilla, operacion],
  );

beforeAll(async () => {
  f = await crearTramite(t, ids, { planillas: [planillaAsignada(ids, 'E1'), { numero: 'E2' }] });
  const ins = (descripcion: string, tipo: string, idEmpresa = ids.idEmpresaAseg) =>
    crearObservacion(t, ids, descripcion, tipo, idEmpresa);
  cat.m = await ins('DIAGNÓSTICO NO CORRESPONDE', 'M');
  cat.d = await ins('FALTA FIRMA DEL MÉDICO', 'D');
  cat.c = await ins('ILEGIBLE', 'C');
  const otra = await registrarEmpresa(t);
  cat.otra = await ins('DE OTRA EMPRESA', 'M', otra.idEmpresa);
  dets = await detallesDe(t, f.planillas[0]);
});

describe('create', () => {
  it('17 on an attention (M): 201, text upper-case, a draft (no round), in the audit trail', async () => {
    const res = await req('POST', urlPla(f.planillas[0]), DEMO.supervisorAm, {
      tipo: 'M',
      idObservacion: cat.m,
      descripcion: '  revisar cie-10 ',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      mensaje: MSG_OBSERVACION.observacionCreada,
      item: {
        nivel: 'PLANILLA',
        tipo: 'M',
        idPlanilla: f.planillas[0],
        observacionEstandar: 'DIAGNÓSTICO NO CORRESPONDE',
        observacionComplementaria: 'REVISAR CIE-10',
        respondida: false,
        ronda: null,
        aceptada: false,
        version: 1,
        usuario: DEMO.supervisorAm,
      },
    });
    const a = await audit(f.planillas[0], 'OBS_CREAR');
    expect(a.map((x) => [x.campo, x.despues])).toEqual([
      [`Obs. M #${res.json().item.id} estándar`, 'DIAGNÓSTICO NO CORRESPONDE'],
      [`Obs. M #${res.json().item.id} complementaria`, 'REVISAR CIE-10'],
    ]);
    expect(a[0].idUsuario).toBe(ids.usuarios.supervisorAm);
  });

  it('on a line item (nivel DETALLE, with its code); common (C) observations fit both types', async () => {
    const res = await req('POST', urlDet(dets[1]), DEMO.supervisorGd, { tipo: 'D', idObservacion: cat.c });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().item).toMatchObject({
      nivel: 'DETALLE',
      idPlanillaDet: dets[1],
      codigoDetalle: '99213',
      tipo: 'D',
      observacionComplementaria: null,
    });
    expect((await audit(f.planillas[0], 'OBS_CREAR')).length).toBe(3);
  });

  it('400: standard observation missing (spec text), of the other type, or of another company; bad type', async () => {
    const sin = await req('POST', urlPla(f.planillas[0]), DEMO.supervisorAm, { tipo: 'M', descripcion: 'X' });
    expect(sin.statusCode).toBe(400);
    expect(errorOf(sin).error.fields?.idObservacion).toBe('Debe ingresar una observación estándar');
    for (const idObservacion of [cat.d, cat.otra, 999999]) {
      const r = await req('POST', urlPla(f.planillas[0]), DEMO.supervisorAm, { tipo: 'M', idObservacion });
      expect(r.statusCode, r.body).toBe(400);
      expect(errorOf(r).error.fields?.idObservacion).toBe(MSG_OBSERVACION.observacionNoDelTipo);
    }
    const x = await req('POST', urlPla(f.planillas[0]), DEMO.supervisorAm, {
      tipo: 'X',
      idObservacion: cat.m,
    });
    expect(x.statusCode).toBe(400);
  });

  it('profiles by type: M 16/17/18, D 16/19/20; 18 and 20 only on their assigned attentions', async () => {
    const ok = async (u: string, tipo: string, id = f.planillas[0]) =>
      (await req('POST', urlPla(id), u, { tipo, idObservacion: tipo === 'M' ? cat.m : cat.d })).statusCode;
    expect(await ok(DEMO.revisor, 'M')).toBe(201);
    expect(await ok(DEMO.revisor, 'D')).toBe(201);
    expect(await ok(DEMO.auditorAm, 'M')).toBe(201);
    expect(await ok(DEMO.gestorGd, 'D')).toBe(201);
    expect(await ok(DEMO.supervisorGd, 'M')).toBe(403);
    expect(await ok(DEMO.supervisorAm, 'D')).toBe(403);
    expect(await ok(DEMO.auditorAm, 'D')).toBe(403);
    expect(await ok(DEMO.prestador, 'M')).toBe(403);
    expect(await ok(DEMO.admin, 'M')).toBe(403);
    // E2 is assigned to nobody: 18 and 20 do not see it.
    expect(await ok(DEMO.auditorAm, 'M', f.planillas[1])).toBe(404);
    expect(await ok(DEMO.gestorGd, 'D', f.planillas[1])).toBe(404);
    expect(await ok(DEMO.supervisorAm, 'M', f.planillas[1])).toBe(201);
  });

  it('process flag: with tipoAsignacion T the auditor sees an unassigned attention but may not observe it (403)', async () => {
    const g = await crearTramite(t, ids, { tipoAsignacion: 'T', planillas: [{ numero: 'T1' }] });
    const res = await req('POST', urlPla(g.planillas[0]), DEMO.auditorAm, {
      tipo: 'M',
      idObservacion: cat.m,
    });
    expect(res.statusCode).toBe(403);
    expect(errorOf(res).error).toMatchObject({
      code: 'PROCESO_INACTIVO',
      message: MSG_OBSERVACION.procesoInactivo('M'),
    });
    const v = await req('GET', `${urlPla(g.planillas[0])}?tipo=M`, DEMO.auditorAm);
    expect(v.json().permisos).toEqual({ procesoAM: false, procesoGD: false, puedeResponder: false });
  });

  it('states: RECIBIDO, EN PROCESO, PLANILLAJE, OBSERVACIONES only (409 otherwise; unsent: not the insurer’s)', async () => {
    const g = await crearTramite(t, ids, { planillas: [{ numero: 'S1' }] });
    for (const [estado, code] of [
      ['RECIBIDO', 201],
      ['PLANILLAJE', 201],
      ['OBSERVACIONES', 201],
      ['ENVIADO', 409],
      ['FINALIZADO', 409],
      ['DOCUMENTADO', 404],
    ] as const) {
      await setEstado(g.idTramite, estado);
      const r = await req('POST', urlPla(g.planillas[0]), DEMO.supervisorAm, {
        tipo: 'M',
        idObservacion: cat.m,
      });
      expect(r.statusCode, `${estado}: ${r.body}`).toBe(code);
      if (code === 409) expect(errorOf(r).error.message).toBe(MSG_OBSERVACION.estadoNoPermite(estado));
    }
  });

  it('tenant: another subscription’s attention or line item → 404; unknown ids → 404', async () => {
    const g = await crearTramite(t, ids, { planillas: [{ numero: 'X1' }] });
    const otra = await registrarEmpresa(t);
    await t.database.query('UPDATE tramite SET id_suscripcion = $2 WHERE id_tramite = $1', [
      g.idTramite,
      otra.idSuscripcion,
    ]);
    const [d] = await t.database.query<{ id: number }>(
      'SELECT id_planilla_det AS id FROM planilla_det WHERE id_planilla = $1',
      [g.planillas[0]],
    );
    const body = { tipo: 'M', idObservacion: cat.m };
    expect((await req('POST', urlPla(g.planillas[0]), DEMO.supervisorAm, body)).statusCode).toBe(404);
    expect((await req('POST', urlDet(d.id), DEMO.supervisorAm, body)).statusCode).toBe(404);
    expect((await req('POST', urlDet(99999999), DEMO.supervisorAm, body)).statusCode).toBe(404);
    expect((await req('POST', urlPla(99999999), DEMO.supervisorAm, body)).statusCode).toBe(404);
    expect((await req('POST', urlPla(f.planillas[0]), undefined, body)).statusCode).toBe(401);
  });
});

describe('edit and delete', () => {
  let id: number;
  let idDet: number;
  beforeAll(async () => {
    const r = await req('POST', urlPla(f.planillas[0]), DEMO.auditorAm, { tipo: 'M', idObservacion: cat.m });
    id = r.json().item.id;
    const d = await req('POST', urlDet(dets[0]), DEMO.auditorAm, { tipo: 'M', idObservacion: cat.m });
    idDet = d.json().item.id;
  });
  const put = (u: string, body: object, nivel = 'planilla', oid = id) =>
    req('PUT', `/api/v1/observaciones/${nivel}/${oid}`, u, body);

  it('by its process: new standard observation and text, version + 1, audit trail before/after', async () => {
    const res = await put(DEMO.auditorAm, { idObservacion: cat.c, descripcion: 'ver informe', version: 1 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      mensaje: MSG_OBSERVACION.observacionActualizada,
      item: { observacionEstandar: 'ILEGIBLE', observacionComplementaria: 'VER INFORME', version: 2 },
    });
    const a = await audit(f.planillas[0], 'OBS_EDITAR');
    expect(a.map((x) => [x.antes, x.despues])).toEqual([
      ['DIAGNÓSTICO NO CORRESPONDE', 'ILEGIBLE'],
      [null, 'VER INFORME'],
    ]);
  });

  it('stale version → 409; another process → 422 with the spec text; 16 must say its process', async () => {
    const stale = await put(DEMO.supervisorAm, { idObservacion: cat.m, version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(errorOf(stale).error).toMatchObject({ code: 'VERSION', message: MSG_OBSERVACION.versionObsoleta });
    const gd = await put(DEMO.supervisorGd, { idObservacion: cat.d, version: 2 });
    expect(gd.statusCode).toBe(422);
    expect(errorOf(gd).error.message).toBe(
      'No se puede actualizar – La observación fue registrada en Auditoría Médica',
    );
    const d16 = await put(DEMO.revisor, { tipo: 'D', idObservacion: cat.d, version: 2 });
    expect(d16.statusCode).toBe(422);
    expect((await put(DEMO.revisor, { idObservacion: cat.m, version: 2 })).statusCode).toBe(400);
    const m16 = await put(DEMO.revisor, { tipo: 'M', idObservacion: cat.m, version: 2 });
    expect(m16.statusCode, m16.body).toBe(200);
    expect((await put(DEMO.prestador, { idObservacion: cat.m, version: 3 })).statusCode).toBe(403);
    expect((await put(DEMO.supervisorAm, { idObservacion: undefined, version: 3 })).statusCode).toBe(400);
  });

  it('a line item observation by its id; unknown id → 404; state outside the list → 409', async () => {
    expect(
      (await put(DEMO.supervisorAm, { idObservacion: cat.m, version: 1 }, 'detalle', idDet)).statusCode,
    ).toBe(200);
    expect(
      (await put(DEMO.supervisorAm, { idObservacion: cat.m, version: 1 }, 'detalle', 99999999)).statusCode,
    ).toBe(404);
    expect(
      (await put(DEMO.supervisorAm, { idObservacion: cat.m, version: 1 }, 'otro', idDet)).statusCode,
    ).toBe(400);
    await setEstado(f.idTramite, 'FINALIZADO');
    const r = await put(DEMO.supervisorAm, { idObservacion: cat.m, version: 2 }, 'detalle', idDet);
    await setEstado(f.idTramite, 'EN PROCESO');
    expect(r.statusCode).toBe(409);
  });

  it('delete: soft (estado 0), stale → 409, then gone (404 and out of the lists), in the audit trail', async () => {
    const url = `/api/v1/observaciones/detalle/${idDet}`;
    expect((await req('DELETE', `${url}?version=1`, DEMO.supervisorAm)).statusCode).toBe(409);
    expect((await req('DELETE', `${url}?version=2`, DEMO.supervisorGd)).statusCode).toBe(422);
    const ok = await req('DELETE', `${url}?version=2`, DEMO.supervisorAm);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ mensaje: MSG_OBSERVACION.observacionEliminada });
    const [row] = await t.database.query<{ estado: number }>(
      'SELECT estado FROM pla_det_obs WHERE id_pla_det_obs = $1',
      [idDet],
    );
    expect(row.estado).toBe(0);
    expect((await req('DELETE', `${url}?version=3`, DEMO.supervisorAm)).statusCode).toBe(404);
    expect((await req('GET', url, DEMO.supervisorAm)).statusCode).toBe(404);
    const list = (
      await req('GET', `${urlPla(f.planillas[0])}?tipo=M&pageSize=100`, DEMO.supervisorAm)
    ).json();
    expect(
      list.items.some((o: { id: number; nivel: string }) => o.nivel === 'DETALLE' && o.id === idDet),
    ).toBe(false);
    const a = await audit(f.planillas[0], 'OBS_ELIMINAR');
    expect(a.map((x) => [x.campo, x.antes, x.despues])).toEqual([
      [`Obs. detalle M #${idDet} estado`, '1', '0'],
    ]);
    expect((await req('DELETE', `${url}`, DEMO.supervisorAm)).statusCode).toBe(400);
  });

  it('the record page list says what the user may do (process flags)', async () => {
    const p = (u: string) => req('GET', `${urlPla(f.planillas[0])}?tipo=M`, u).then((r) => r.json().permisos);
    expect(await p(DEMO.auditorAm)).toEqual({ procesoAM: true, procesoGD: false, puedeResponder: false });
    expect(await p(DEMO.revisor)).toEqual({ procesoAM: true, procesoGD: true, puedeResponder: false });
    expect(await p(DEMO.gestorGd)).toEqual({ procesoAM: false, procesoGD: true, puedeResponder: false });
    expect(MSG_PLANILLA.perfilNoAutorizado).toBeTruthy();
  });
});
