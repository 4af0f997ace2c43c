import crypto from 'node:crypto';
import { MSG, MSG_ANULACION, MSG_CARGA, MSG_TRAMITE } from '@app/domain';
import { describe, expect, it } from 'vitest';
import {
  crearCarga,
  crearPlanillas,
  crearTramite,
  type Fixture,
  usarContextoConFixtures,
} from '../../test/fixtures.ts';
import { carpetaArchivos, DEMO, errorOf } from '../../test/helpers.ts';
import { multipart, pdf, storedFiles } from '../archivos/test-utils.ts';

/*
 * Undo before sending (issue 14 §2): the provider annuls a procedure (decision 50) and deletes a valid
 * load (decision 51), each with a summary of what is lost for the confirmation.
 */

const { t, ids } = usarContextoConFixtures();
/** Where the stored files are (local storage). */
const root = () => carpetaArchivos(t);

const PREVIOS = ['REGISTRADO', 'CARGADO', 'ESTRUCTURADO', 'DOCUMENTADO'] as const;
const POSTERIORES = [
  'ENVIADO',
  'RECIBIDO',
  'EN PROCESO',
  'OBSERVACIONES',
  'PLANILLAJE',
  'FINALIZADO',
] as const;
const INSURER = [
  DEMO.revisor,
  DEMO.supervisorAm,
  DEMO.auditorAm,
  DEMO.supervisorGd,
  DEMO.gestorGd,
  DEMO.admin,
];

const req = async (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  usuario: string,
  payload?: object,
  headers: Record<string, string> = {},
) =>
  t.app.inject({
    method,
    url,
    headers: { ...(await t.auth(usuario)), ...headers },
    ...(payload ? { payload } : {}),
  });

const anular = (id: number, estadoActual?: string, usuario: string = DEMO.prestador, headers = {}) =>
  req(
    'POST',
    `/api/v1/tramites/${id}/acciones/anular`,
    usuario,
    estadoActual ? { estadoActual } : {},
    headers,
  );

const estado = async (id: number) =>
  (
    await t.database.query<{ e: string }>('SELECT estado_tramite AS e FROM tramite WHERE id_tramite = $1', [
      id,
    ])
  )[0].e;
const bitacora = (id: number) =>
  t.database.query<{ tipo: string; descripcion: string }>(
    'SELECT tipo, observacion AS descripcion FROM bitacora_tra WHERE id_tramite = $1 ORDER BY id_bitacora_tra',
    [id],
  );
const cuenta = async (sql: string, params: unknown[]) =>
  (await t.database.query<{ n: number }>(sql, params))[0].n;

/** A procedure of the demo provider in `estado`, with one organised load of two attentions. */
const tramiteEn = (e: string) =>
  crearTramite(t, ids, { estado: e, planillas: [{ numero: '501' }, { numero: '502' }] });

const subirArchivos = async (idCarga: number, nombres: string[]) => {
  const body = multipart(nombres.map((name) => ({ name, content: pdf() })));
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/v1/cargas/${idCarga}/archivos`,
    headers: { ...(await t.auth(DEMO.prestador)), ...body.headers },
    payload: body.payload,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

describe('annul a procedure (decision 50)', () => {
  it.each(PREVIOS)(
    'the provider annuls it in %s: ANULADO, logged with what it held, content kept',
    async (e) => {
      const f = await tramiteEn(e);
      const resumen = await req('GET', `/api/v1/tramites/${f.idTramite}/anulacion`, DEMO.prestador);
      expect(resumen.statusCode, resumen.body).toBe(200);
      expect(resumen.json()).toEqual({
        estadoTramite: e,
        puedeAnular: true,
        cargas: 1,
        atenciones: 2,
        lineas: 2,
        archivos: 0,
      });
      const res = await anular(f.idTramite, e);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().mensaje).toBe(
        'Trámite anulado. Se conserva para auditoría y ya no aparece en las listas.',
      );
      expect(res.json().item).toMatchObject({ estadoTramite: 'ANULADO', acciones: [] });
      expect(await estado(f.idTramite)).toBe('ANULADO');
      const log = await bitacora(f.idTramite);
      expect(log.at(-1)).toEqual({
        tipo: 'ESTADO',
        descripcion: `${MSG_ANULACION.bitacoraAnulado({ cargas: 1, atenciones: 2, archivos: 0 })} Estado cambiado de ${e} a ANULADO.`,
      });
      // Kept for audit: the load and the attentions are still there, and the procedure can be read.
      expect(
        await cuenta('SELECT count(*)::int AS n FROM planilla WHERE id_tramite = $1', [f.idTramite]),
      ).toBe(2);
      expect((await req('GET', `/api/v1/tramites/${f.idTramite}`, DEMO.prestador)).statusCode).toBe(200);
      expect((await req('GET', `/api/v1/tramites/${f.idTramite}/bitacora`, DEMO.prestador)).statusCode).toBe(
        200,
      );
    },
  );

  it('an annulled procedure leaves the lists, is found by its state, and takes no more work', async () => {
    const f = await tramiteEn('REGISTRADO');
    expect((await anular(f.idTramite, 'REGISTRADO')).statusCode).toBe(200);
    const ids_ = async (url: string) =>
      (await req('GET', url, DEMO.prestador)).json().items.map((i: { idTramite: number }) => i.idTramite);
    expect(await ids_('/api/v1/tramites?vista=carga&pageSize=100')).not.toContain(f.idTramite);
    expect(await ids_('/api/v1/tramites?vista=carga&estado=ANULADO&pageSize=100')).toContain(f.idTramite);
    // Nothing moves it on: no action, no edit, no load, no second annul.
    expect((await anular(f.idTramite, 'ANULADO')).statusCode).toBe(409);
    const put = await req('PUT', `/api/v1/tramites/${f.idTramite}`, DEMO.prestador, {
      fechaDesde: '2026-03-01',
      fechaHasta: '2026-03-31',
      descripcion: 'otra',
    });
    expect(put.statusCode).toBe(409);
    const carga = multipart([{ name: 'datos.json', content: Buffer.from('[]'), field: 'archivo' }]);
    const up = await t.app.inject({
      method: 'POST',
      url: `/api/v1/tramites/${f.idTramite}/cargas`,
      headers: { ...(await t.auth(DEMO.prestador)), ...carga.headers },
      payload: carga.payload,
    });
    expect(up.statusCode).toBe(409);
    const resumen = await req('GET', `/api/v1/tramites/${f.idTramite}/anulacion`, DEMO.prestador);
    expect(resumen.json().puedeAnular).toBe(false);
  });

  it.each(POSTERIORES)('409 once sent (%s), with the state in the message', async (e) => {
    const f = await tramiteEn(e);
    const res = await anular(f.idTramite, e);
    expect(res.statusCode).toBe(409);
    expect(errorOf(res).error).toEqual({
      code: 'ESTADO_INVALIDO',
      message: MSG_TRAMITE.accionNoPermitida('anular trámite', e),
    });
    expect(await estado(f.idTramite)).toBe(e);
    expect(
      (await req('GET', `/api/v1/tramites/${f.idTramite}/anulacion`, DEMO.prestador)).json().puedeAnular,
    ).toBe(false);
  });

  it('the state the screen saw is required (400) and must still hold (409)', async () => {
    const f = await tramiteEn('CARGADO');
    const sin = await anular(f.idTramite);
    expect(sin.statusCode).toBe(400);
    expect(errorOf(sin).error.fields).toEqual({ estadoActual: MSG.campoRequerido('Estado actual') });
    const viejo = await anular(f.idTramite, 'REGISTRADO');
    expect(viejo.statusCode).toBe(409);
    expect(errorOf(viejo).error.code).toBe('ESTADO_CAMBIO');
    expect(await estado(f.idTramite)).toBe('CARGADO');
  });

  it('403 for every other profile (on a procedure they can see), 404 before sending and for another tenant', async () => {
    // Assigned to everybody (T): the operatives 18 and 20 see it too.
    const visible = await crearTramite(t, ids, {
      estado: 'EN PROCESO',
      tipoAsignacion: 'T',
      planillas: [{}],
    });
    const borrador = await tramiteEn('REGISTRADO');
    for (const u of INSURER) {
      const res = await anular(visible.idTramite, 'EN PROCESO', u);
      expect(res.statusCode, u).toBe(403);
      expect(errorOf(res).error.message).toBe(MSG.noAutorizado);
      // The insurer does not see a procedure before it is sent.
      expect((await anular(borrador.idTramite, 'REGISTRADO', u)).statusCode, u).toBe(404);
    }
    const otro = await anular(borrador.idTramite, 'REGISTRADO', DEMO.prestador2);
    expect(otro.statusCode).toBe(404);
    expect(
      (await req('GET', `/api/v1/tramites/${borrador.idTramite}/anulacion`, DEMO.prestador2)).statusCode,
    ).toBe(404);
    expect(await estado(borrador.idTramite)).toBe('REGISTRADO');
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/v1/tramites/${borrador.idTramite}/acciones/anular` }))
        .statusCode,
    ).toBe(401);
  });

  it('a double submit with one key annuls once: one bitácora entry, the same answer twice', async () => {
    const f = await tramiteEn('DOCUMENTADO');
    const antes = (await bitacora(f.idTramite)).length;
    const k = { 'idempotency-key': crypto.randomUUID() };
    const [a, b] = await Promise.all([
      anular(f.idTramite, 'DOCUMENTADO', DEMO.prestador, k),
      anular(f.idTramite, 'DOCUMENTADO', DEMO.prestador, k),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(b.body).toBe(a.body);
    expect((await bitacora(f.idTramite)).length).toBe(antes + 1);
  });
});

describe('delete a valid load before sending (decision 51)', () => {
  /** DOCUMENTADO with one organised load (attentions 501, 502) and files for both. */
  async function documentado(): Promise<Fixture> {
    const f = await tramiteEn('ESTRUCTURADO');
    await subirArchivos(f.idCarga, ['501.pdf', '502.pdf', '502_1.pdf']);
    expect(await estado(f.idTramite)).toBe('DOCUMENTADO');
    return f;
  }
  const eliminar = (idCarga: number, usuario: string = DEMO.prestador) =>
    req('DELETE', `/api/v1/cargas/${idCarga}`, usuario);

  it('the summary names what is lost; deleting removes the attentions, lines and files and goes back to REGISTRADO', async () => {
    const f = await documentado();
    const objetos = storedFiles(root()).length;
    const resumen = await req('GET', `/api/v1/cargas/${f.idCarga}/eliminacion`, DEMO.prestador);
    expect(resumen.statusCode, resumen.body).toBe(200);
    expect(resumen.json()).toEqual({
      idCarga: f.idCarga,
      nombreArchivo: 'datos.json',
      puedeEliminar: true,
      motivo: null,
      filas: 0,
      atenciones: 2,
      lineas: 2,
      archivos: 3,
    });
    const res = await eliminar(f.idCarga);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().mensaje).toBe(MSG_TRAMITE.cargaEliminada);
    expect(await cuenta('SELECT count(*)::int AS n FROM planilla WHERE id_carga = $1', [f.idCarga])).toBe(0);
    expect(await cuenta('SELECT count(*)::int AS n FROM archivo_pla WHERE id_carga = $1', [f.idCarga])).toBe(
      0,
    );
    expect(
      await cuenta('SELECT count(*)::int AS n FROM planilla_det WHERE id_planilla = ANY($1::int[])', [
        f.planillas,
      ]),
    ).toBe(0);
    expect(storedFiles(root()).length).toBe(objetos - 3);
    expect(await cuenta('SELECT estado AS n FROM carga WHERE id_carga = $1', [f.idCarga])).toBe(0);
    expect(await estado(f.idTramite)).toBe('REGISTRADO');
    expect((await bitacora(f.idTramite)).at(-1)?.descripcion).toBe(
      `${MSG_ANULACION.bitacoraCargaEliminada(f.idCarga, 'datos.json', { atenciones: 2, archivos: 3 })} El trámite vuelve a REGISTRADO: no le queda ninguna carga válida.`,
    );
    // Deleted once: a second delete is a conflict.
    const otra = await eliminar(f.idCarga);
    expect(otra.statusCode).toBe(409);
    expect(errorOf(otra).error.message).toBe(MSG_CARGA.yaEliminada);
  });

  it('another valid load not organised is left: back to CARGADO', async () => {
    const f = await documentado();
    await crearCarga(t, ids, f.idTramite, '2026-03-16', '2026-03-31');
    await t.database.query('UPDATE carga SET tiene_planillas = 0 WHERE id_tramite = $1 AND id_carga <> $2', [
      f.idTramite,
      f.idCarga,
    ]);
    expect((await eliminar(f.idCarga)).statusCode).toBe(200);
    expect(await estado(f.idTramite)).toBe('CARGADO');
  });

  it('another organised load without files is left: back to ESTRUCTURADO', async () => {
    const f = await documentado();
    const otra = await crearCarga(t, ids, f.idTramite, '2026-03-16', '2026-03-31');
    await crearPlanillas(t, f.idTramite, otra, [{ numero: '601' }], ids.idPrestador);
    expect((await eliminar(f.idCarga)).statusCode).toBe(200);
    expect(await estado(f.idTramite)).toBe('ESTRUCTURADO');
  });

  it('the load without files is deleted and files remain elsewhere: the state stays DOCUMENTADO', async () => {
    const f = await documentado();
    const otra = await crearCarga(t, ids, f.idTramite, '2026-03-16', '2026-03-31');
    await crearPlanillas(t, f.idTramite, otra, [{ numero: '601' }], ids.idPrestador);
    const antes = (await bitacora(f.idTramite)).length;
    expect((await eliminar(otra)).statusCode).toBe(200);
    expect(await estado(f.idTramite)).toBe('DOCUMENTADO');
    const log = await bitacora(f.idTramite);
    expect(log).toHaveLength(antes + 1);
    expect(log.at(-1)?.descripcion).toBe(
      MSG_ANULACION.bitacoraCargaEliminada(otra, 'datos.json', { atenciones: 1, archivos: 0 }),
    );
  });

  it.each(POSTERIORES)('409 once the procedure is sent (%s); nothing removed', async (e) => {
    const f = await tramiteEn(e);
    const res = await eliminar(f.idCarga);
    expect(res.statusCode).toBe(409);
    expect(errorOf(res).error.message).toBe(MSG_ANULACION.cargaEnviada);
    expect(await cuenta('SELECT count(*)::int AS n FROM planilla WHERE id_carga = $1', [f.idCarga])).toBe(2);
    const resumen = await req('GET', `/api/v1/cargas/${f.idCarga}/eliminacion`, DEMO.prestador);
    expect(resumen.json()).toMatchObject({ puedeEliminar: false, motivo: MSG_ANULACION.cargaEnviada });
  });

  it('403 for other profiles, 404 for another tenant, 401 without a session', async () => {
    const f = await crearTramite(t, ids, { estado: 'EN PROCESO', tipoAsignacion: 'T', planillas: [{}] });
    for (const u of INSURER) expect((await eliminar(f.idCarga, u)).statusCode, u).toBe(403);
    const borrador = await tramiteEn('ESTRUCTURADO');
    expect((await eliminar(borrador.idCarga, DEMO.prestador2)).statusCode).toBe(404);
    expect(
      (await req('GET', `/api/v1/cargas/${borrador.idCarga}/eliminacion`, DEMO.prestador2)).statusCode,
    ).toBe(404);
    expect(
      (await req('GET', `/api/v1/cargas/${borrador.idCarga}/eliminacion`, DEMO.supervisorAm)).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/v1/cargas/${borrador.idCarga}` })).statusCode,
    ).toBe(401);
    expect(
      await cuenta('SELECT count(*)::int AS n FROM planilla WHERE id_carga = $1', [borrador.idCarga]),
    ).toBe(2);
  });
});
