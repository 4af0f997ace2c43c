import { MSG_PLANILLA } from '@app/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { crearTramite, type Fixture, usarContextoConFixtures, versionOf } from '../../test/fixtures.ts';
import { DEMO, errorOf } from '../../test/helpers.ts';

/*
 * 'Revisión registrada — Deshacer (Alt+Z)' (issue 14 §1): the record page undoes the review it just
 * registered with POST /planillas/:id/revision/reiniciar carrying the version the review answered,
 * under one Idempotency-Key. The undo is true to the server: it resets only the state the review
 * left (any later change by anyone, or the procedure leaving its working states, refuses it with a
 * 409 in Spanish), it writes the bitácora like the review did, and the same key twice resets once.
 */

const { t, ids } = usarContextoConFixtures();

async function post(usuario: string | undefined, url: string, payload: object, clave?: string) {
  const headers: Record<string, string> = usuario ? await t.auth(usuario) : {};
  if (clave) headers['idempotency-key'] = clave;
  return t.app.inject({ method: 'POST', url, headers, payload });
}

/** Registers the AM review as the auditor; the version it answered is what the undo carries. */
async function revisar(id: number): Promise<number> {
  const res = await post(DEMO.auditorAm, `/api/v1/planillas/${id}/revision`, {
    tipo: 'M',
    version: await versionOf(t, id),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().item.version as number;
}

const deshacer = (usuario: string | undefined, id: number, version: number, clave?: string) =>
  post(usuario, `/api/v1/planillas/${id}/revision/reiniciar`, { tipo: 'M', version }, clave);

const bitacora = async (idTramite: number) =>
  (
    await t.database.query<{ observacion: string }>(
      'SELECT observacion FROM bitacora_tra WHERE id_tramite = $1 ORDER BY id_bitacora_tra',
      [idTramite],
    )
  ).map((r) => r.observacion);

const estadoAud = async (id: number) =>
  (
    await t.database.query<{ estadoAud: string; fechaAud: string | null; version: number }>(
      'SELECT estado_aud AS "estadoAud", fecha_aud AS "fechaAud", version FROM planilla WHERE id_planilla = $1',
      [id],
    )
  )[0];

describe('undo of a review just registered (reiniciar with the review’s version)', () => {
  let f: Fixture;
  beforeAll(async () => {
    const u = ids.usuarios;
    f = await crearTramite(t, ids, {
      planillas: [
        { numero: 'D1', med: u.auditorAm },
        { numero: 'D2', med: u.auditorAm },
        { numero: 'D3', med: u.auditorAm },
        { numero: 'D4', med: u.auditorAm },
      ],
    });
  });

  it('resets the review to PENDIENTE, writes the bitácora, and the same key twice resets once', async () => {
    const id = f.planillas[0];
    const v = await revisar(id);
    const clave = crypto.randomUUID();
    const a = await deshacer(DEMO.auditorAm, id, v, clave);
    expect(a.statusCode, a.body).toBe(200);
    expect(a.json()).toMatchObject({
      mensaje: MSG_PLANILLA.revisionReiniciada,
      item: { idPlanilla: id, estadoAud: 'PENDIENTE', version: v + 1 },
    });
    expect(await estadoAud(id)).toMatchObject({ estadoAud: 'PENDIENTE', fechaAud: null, version: v + 1 });
    // The same submit again (a retried request, a second Alt+Z): the first answer, nothing written.
    const b = await deshacer(DEMO.auditorAm, id, v, clave);
    expect(b.statusCode, b.body).toBe(200);
    expect(b.json()).toEqual(a.json());
    expect((await estadoAud(id)).version).toBe(v + 1);
    expect(await bitacora(f.idTramite)).toEqual([
      'Revisión AM de la atención D1',
      'Revisión AM reiniciada de la atención D1',
    ]);
    // A new key is a new undo: the review is no longer there to undo.
    const c = await deshacer(DEMO.auditorAm, id, v, crypto.randomUUID());
    expect(c.statusCode).toBe(409);
  });

  it('409 once someone else changed the attention after the review', async () => {
    const id = f.planillas[1];
    const v = await revisar(id);
    // The supervisor edits the attention meanwhile (any write bumps the version).
    const sup = await t.auth(DEMO.supervisorAm);
    const actual = (
      await t.app.inject({ method: 'GET', url: `/api/v1/planillas/${id}`, headers: sup })
    ).json();
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/planillas/${id}`,
      headers: sup,
      payload: {
        version: actual.version,
        cedula: actual.cedula,
        nombre: actual.nombre,
        diag1: actual.diag1,
        diag2: actual.diag2,
        fechaDesde: actual.fechaDesde,
        fechaHasta: actual.fechaHasta,
        codigoVal: 'AUT-SUP-9',
      },
    });
    expect(put.statusCode, put.body).toBe(200);
    const res = await deshacer(DEMO.auditorAm, id, v);
    expect(res.statusCode).toBe(409);
    expect(errorOf(res).error).toMatchObject({ code: 'VERSION', message: MSG_PLANILLA.versionObsoleta });
    expect((await estadoAud(id)).estadoAud).toBe('REVISADA');
  });

  it('409 naming who moved the review on (the supervisor finalized it)', async () => {
    const id = f.planillas[2];
    const v = await revisar(id);
    const fin = await post(DEMO.supervisorAm, `/api/v1/planillas/${id}/revision/finalizar`, {
      tipo: 'M',
      version: v,
    });
    expect(fin.statusCode, fin.body).toBe(200);
    const res = await deshacer(DEMO.auditorAm, id, v);
    expect(res.statusCode).toBe(409);
    expect(errorOf(res).error.message).toBe(
      MSG_PLANILLA.revisionGanada('M', 'D3', 'FINALIZADA', DEMO.supervisorAm),
    );
    expect((await estadoAud(id)).estadoAud).toBe('FINALIZADA');
  });

  it('409 once the procedure left its working states; 401, 403, 404', async () => {
    const id = f.planillas[3];
    const v = await revisar(id);
    await t.database.query("UPDATE tramite SET estado_tramite = 'OBSERVACIONES' WHERE id_tramite = $1", [
      f.idTramite,
    ]);
    try {
      const res = await deshacer(DEMO.auditorAm, id, v);
      expect(res.statusCode).toBe(409);
      expect(errorOf(res).error.message).toBe(MSG_PLANILLA.tramiteNoTrabajo('OBSERVACIONES'));
    } finally {
      await t.database.query("UPDATE tramite SET estado_tramite = 'EN PROCESO' WHERE id_tramite = $1", [
        f.idTramite,
      ]);
    }
    expect((await deshacer(undefined, id, v)).statusCode).toBe(401);
    const ajeno = await deshacer(DEMO.revisor, id, v);
    expect(ajeno.statusCode).toBe(403);
    expect(errorOf(ajeno).error.message).toBe(MSG_PLANILLA.perfilNoAutorizado);
    expect((await deshacer(DEMO.prestador2, id, v)).statusCode).toBe(404);
    expect((await deshacer(DEMO.auditorAm, 99999999, v)).statusCode).toBe(404);
    // Nothing of those touched it: the auditor's own undo still works.
    const ok = await deshacer(DEMO.auditorAm, id, v);
    expect(ok.statusCode, ok.body).toBe(200);
  });
});
