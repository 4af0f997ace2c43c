import { MSG, MSG_AUTORIZACION, MSG_CARGA } from '@app/domain';
import { describe, expect, it } from 'vitest';
import { crearTramite, usarContextoConFixtures } from '../../test/fixtures.ts';
import { DEMO, errorOf } from '../../test/helpers.ts';
import { json, lote, multipart } from '../sandbox/test-utils.ts';

const { t, ids, req } = usarContextoConFixtures();

const SOLICITUD = {
  descripcion: 'atenciones de emergencia no cargadas',
  fechaDesde: '2026-03-16',
  fechaHasta: '2026-03-20',
};

/** A procedure of prestador@demo.ec's provider (March 2026) in `estado`, with one organised load. */
const tramiteEn = async (estado: string) => (await crearTramite(t, ids, { estado })).idTramite;

async function solicitar(idTramite: number, body: object = SOLICITUD) {
  return req('POST', `/api/v1/tramites/${idTramite}/autorizaciones`, DEMO.prestador, body);
}

async function aprobada(idTramite: number) {
  const res = await solicitar(idTramite);
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json().item.idAutorizacion as number;
  const ok = await req('POST', `/api/v1/autorizaciones/${id}/aprobar`, DEMO.supervisorAm, {});
  expect(ok.statusCode, ok.body).toBe(200);
  return id;
}

async function subir(idTramite: number, fields: Record<string, string>, usuario: string = DEMO.prestador) {
  const body = multipart([
    ...Object.entries(fields).map(([name, value]) => ({ name, value })),
    { name: 'archivo', filename: 'autorizacion.json', content: json(lote('2026-03-17', String(idTramite))) },
  ]);
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/tramites/${idTramite}/cargas?esperar=true`,
    headers: { ...(await t.auth(usuario)), ...body.headers },
    payload: body.payload,
  });
}

describe('authorization requests (Solicitudes)', () => {
  it('list: 401 without a session, 404 for another company, empty with puedeSolicitar by profile and state', async () => {
    const id = await tramiteEn('EN PROCESO');
    expect((await req('GET', `/api/v1/tramites/${id}/autorizaciones`)).statusCode).toBe(401);
    const ajeno = await req('GET', `/api/v1/tramites/${id}/autorizaciones`, DEMO.prestador2);
    expect(ajeno.statusCode).toBe(404);
    expect(errorOf(ajeno).error.message).toBe(MSG.noEncontrado);
    const mio = await req('GET', `/api/v1/tramites/${id}/autorizaciones`, DEMO.prestador);
    expect(mio.json()).toMatchObject({ items: [], total: 0, puedeSolicitar: true });
    const sup = await req('GET', `/api/v1/tramites/${id}/autorizaciones`, DEMO.supervisorAm);
    expect(sup.json()).toMatchObject({ total: 0, puedeSolicitar: false });
  });

  it('create: 403 for staff, 404 for another company, 400 bad input, 409 by state, 201 then 409 while pending', async () => {
    const id = await tramiteEn('EN PROCESO');
    expect(
      (await req('POST', `/api/v1/tramites/${id}/autorizaciones`, DEMO.supervisorAm, SOLICITUD)).statusCode,
    ).toBe(403);
    expect(
      (await req('POST', `/api/v1/tramites/${id}/autorizaciones`, DEMO.prestador2, SOLICITUD)).statusCode,
    ).toBe(404);
    const sinDesc = await solicitar(id, { fechaDesde: '2026-03-16', fechaHasta: '2026-03-20' });
    expect(sinDesc.statusCode).toBe(400);
    expect(errorOf(sinDesc).error.message).toBe('El campo Descripción es obligatorio.');
    const invertidas = await solicitar(id, { ...SOLICITUD, fechaDesde: '2026-03-21' });
    expect(errorOf(invertidas).error.fields?.fechaHasta).toBe(MSG_AUTORIZACION.fechasInvertidas);
    const fuera = await solicitar(id, { ...SOLICITUD, fechaHasta: '2026-04-02' });
    expect(fuera.statusCode).toBe(400);
    expect(errorOf(fuera).error.message).toBe(
      MSG_AUTORIZACION.fechasFueraTramite('2026-03-01', '2026-03-31'),
    );

    const enviado = await solicitar(await tramiteEn('ENVIADO'));
    expect(enviado.statusCode).toBe(409);
    expect(errorOf(enviado).error.message).toBe(MSG_AUTORIZACION.solicitudesDeshabilitadas);
    const registrado = await solicitar(await tramiteEn('REGISTRADO'));
    expect(registrado.statusCode).toBe(409);
    expect(errorOf(registrado).error.message).toBe(MSG_AUTORIZACION.estadoNoPermiteSolicitud('REGISTRADO'));

    const ok = await solicitar(id);
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().mensaje).toBe(MSG_AUTORIZACION.solicitada);
    expect(ok.json().item).toMatchObject({
      idTramite: id,
      estadoAut: 'SOLICITADA',
      descripcion: 'ATENCIONES DE EMERGENCIA NO CARGADAS',
      fechaDesde: '2026-03-16',
      fechaHasta: '2026-03-20',
      fechaApr: null,
      acciones: ['anular'],
      usuarioSolicita: DEMO.prestador,
    });
    expect(ok.json().item.tramite).toMatchObject({ idTramite: id, estadoTramite: 'EN PROCESO' });
    const [bit] = await t.database.query<{ observacion: string }>(
      `SELECT observacion FROM bitacora_tra WHERE id_tramite = $1 ORDER BY id_bitacora_tra DESC LIMIT 1`,
      [id],
    );
    expect(bit.observacion).toContain(
      `Solicitud de autorización ${ok.json().item.idAutorizacion} registrada`,
    );
    const otra = await solicitar(id);
    expect(otra.statusCode).toBe(409);
    expect(errorOf(otra).error.message).toBe(MSG_AUTORIZACION.solicitudPendiente);
    const lista = await req('GET', `/api/v1/tramites/${id}/autorizaciones`, DEMO.supervisorAm);
    expect(lista.json().total).toBe(1);
    const prov = await req('GET', `/api/v1/tramites/${id}/autorizaciones`, DEMO.prestador);
    expect(prov.json().puedeSolicitar).toBe(false);
    expect(lista.json().items[0].acciones).toEqual(['aprobar', 'rechazar']);
  });

  it('a procedure with more than one load takes requests in its provider states', async () => {
    const f = await crearTramite(t, ids, { estado: 'ESTRUCTURADO' });
    expect((await solicitar(f.idTramite)).statusCode).toBe(409);
    await t.database.query(
      `INSERT INTO carga (id_tramite, id_usuario, tipo_carga, fecha_desde, fecha_hasta, nombre_archivo, formato, estado_proceso)
       VALUES ($1, $2, 'M', '2026-03-16', '2026-03-31', 'segunda.json', 'json', 'COMPLETADA')`,
      [f.idTramite, ids.usuarios.prestador],
    );
    expect((await solicitar(f.idTramite)).statusCode).toBe(201);
  });

  it('detail: 404 for another company or an unknown id, actions by profile', async () => {
    const id = await tramiteEn('RECIBIDO');
    const idAut = (await solicitar(id)).json().item.idAutorizacion;
    expect((await req('GET', `/api/v1/autorizaciones/${idAut}`)).statusCode).toBe(401);
    expect((await req('GET', `/api/v1/autorizaciones/${idAut}`, DEMO.prestador2)).statusCode).toBe(404);
    expect((await req('GET', '/api/v1/autorizaciones/999999', DEMO.prestador)).statusCode).toBe(404);
    const prov = await req('GET', `/api/v1/autorizaciones/${idAut}`, DEMO.prestador);
    expect(prov.json()).toMatchObject({
      idAutorizacion: idAut,
      estadoAut: 'SOLICITADA',
      acciones: ['anular'],
    });
    expect(prov.json().tramite.servicioNombre).toBeTruthy();
    const rev = await req('GET', `/api/v1/autorizaciones/${idAut}`, DEMO.revisor);
    expect(rev.json().acciones).toEqual(['aprobar', 'rechazar']);
    // The AM auditor has nothing of this procedure assigned: it does not find it (issue 11 item 4).
    const aud = await req('GET', `/api/v1/autorizaciones/${idAut}`, DEMO.auditorAm);
    expect(aud.statusCode).toBe(404);
  });

  it('approve: 403 for the provider and operatives, 404 for another company, 200 sets fechaApr and tieneApr, then 409', async () => {
    const id = await tramiteEn('EN PROCESO');
    const idAut = (await solicitar(id)).json().item.idAutorizacion;
    const url = `/api/v1/autorizaciones/${idAut}/aprobar`;
    expect((await req('POST', url, undefined, {})).statusCode).toBe(401);
    expect((await req('POST', url, DEMO.prestador, {})).statusCode).toBe(403);
    const r18 = await req('POST', url, DEMO.auditorAm, {});
    expect(r18.statusCode).toBe(403);
    expect(errorOf(r18).error.message).toBe(MSG.noAutorizado);
    expect(
      (await req('POST', '/api/v1/autorizaciones/999999/aprobar', DEMO.supervisorAm, {})).statusCode,
    ).toBe(404);
    const ok = await req('POST', url, DEMO.supervisorGd, { observacion: 'Aprobado por auditoría' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().mensaje).toBe(MSG_AUTORIZACION.aprobada);
    expect(ok.json().item).toMatchObject({
      estadoAut: 'APROBADA',
      observacion: 'Aprobado por auditoría',
      usuarioResuelve: DEMO.supervisorGd,
    });
    expect(ok.json().item.fechaApr).toBeTruthy();
    expect(ok.json().item.tramite.tieneApr).toBe(1);
    const again = await req('POST', url, DEMO.supervisorAm, {});
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).error.message).toBe(MSG_AUTORIZACION.yaResuelta('APROBADA'));
    expect((await req('POST', `/api/v1/autorizaciones/${idAut}/anular`, DEMO.prestador, {})).statusCode).toBe(
      409,
    );
  });

  it('approve is refused (409) once the procedure cannot take loads any more', async () => {
    const id = await tramiteEn('EN PROCESO');
    const idAut = (await solicitar(id)).json().item.idAutorizacion;
    await t.database.query(`UPDATE tramite SET estado_tramite = 'FINALIZADO' WHERE id_tramite = $1`, [id]);
    const res = await req('POST', `/api/v1/autorizaciones/${idAut}/aprobar`, DEMO.supervisorAm, {});
    expect(res.statusCode).toBe(409);
    expect(errorOf(res).error.message).toBe(MSG_AUTORIZACION.estadoNoPermiteAprobar('FINALIZADO'));
    const det = await req('GET', `/api/v1/autorizaciones/${idAut}`, DEMO.supervisorAm);
    expect(det.json().acciones).toEqual(['rechazar']);
  });

  it('reject needs the reason; annul is the provider’s, only while pending', async () => {
    const id = await tramiteEn('OBSERVACIONES');
    const idAut = (await solicitar(id)).json().item.idAutorizacion;
    const sinMotivo = await req('POST', `/api/v1/autorizaciones/${idAut}/rechazar`, DEMO.supervisorAm, {});
    expect(sinMotivo.statusCode).toBe(400);
    expect(errorOf(sinMotivo).error.message).toBe(MSG_AUTORIZACION.observacionRechazo);
    const rej = await req('POST', `/api/v1/autorizaciones/${idAut}/rechazar`, DEMO.supervisorAm, {
      observacion: 'Fuera de plazo',
    });
    expect(rej.json()).toMatchObject({
      mensaje: MSG_AUTORIZACION.rechazada,
      item: { estadoAut: 'RECHAZADA' },
    });

    const idAut2 = (await solicitar(id)).json().item.idAutorizacion;
    expect(
      (await req('POST', `/api/v1/autorizaciones/${idAut2}/anular`, DEMO.supervisorAm, {})).statusCode,
    ).toBe(403);
    expect(
      (await req('POST', `/api/v1/autorizaciones/${idAut2}/anular`, DEMO.prestador2, {})).statusCode,
    ).toBe(404);
    const an = await req('POST', `/api/v1/autorizaciones/${idAut2}/anular`, DEMO.prestador, {});
    expect(an.json()).toMatchObject({ mensaje: MSG_AUTORIZACION.anulada, item: { estadoAut: 'ANULADA' } });
    const filtro = await req(
      'GET',
      `/api/v1/tramites/${id}/autorizaciones?estadoAut=RECHAZADA`,
      DEMO.prestador,
    );
    expect(filtro.json().items.map((a: { idAutorizacion: number }) => a.idAutorizacion)).toEqual([idAut]);
  });
});

describe('loads under an authorization (the ingest’s own upload)', () => {
  it('an approved authorization takes an A load for its period in EN PROCESO, organised there too', async () => {
    const id = await tramiteEn('EN PROCESO');
    const idAut = await aprobada(id);
    const res = await subir(id, { idAutorizacion: String(idAut) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ estadoProceso: 'COMPLETADA', numeroRegistros: 4, contadorErrores: 0 });
    const idCarga = res.json().idCarga as number;
    const carga = (await req('GET', `/api/v1/cargas/${idCarga}`, DEMO.prestador)).json();
    expect(carga).toMatchObject({
      tipoCarga: 'A',
      idAutorizacion: idAut,
      fechaDesde: '2026-03-16',
      fechaHasta: '2026-03-20',
    });
    const lista = await req('GET', `/api/v1/tramites/${id}/cargas?idAutorizacion=${idAut}`, DEMO.prestador);
    expect(lista.json().items.map((c: { idCarga: number }) => c.idCarga)).toEqual([idCarga]);
    const org = await req('POST', `/api/v1/cargas/${idCarga}/organizar?esperar=true`, DEMO.prestador);
    expect(org.statusCode, org.body).toBe(200);
    const det = await req('GET', `/api/v1/autorizaciones/${idAut}`, DEMO.prestador);
    expect(det.json()).toMatchObject({ numCargas: 1, numPlanillas: 2, acciones: ['cargar'] });
  });

  it('a pending or rejected authorization takes no load (409); dates outside it are refused (400)', async () => {
    const id = await tramiteEn('EN PROCESO');
    const idAut = (await solicitar(id)).json().item.idAutorizacion;
    const pend = await subir(id, { idAutorizacion: String(idAut) });
    expect(pend.statusCode).toBe(409);
    expect(errorOf(pend).error.message).toBe(MSG_AUTORIZACION.noAprobada);
    await req('POST', `/api/v1/autorizaciones/${idAut}/aprobar`, DEMO.supervisorAm, {});
    const fuera = await subir(id, {
      idAutorizacion: String(idAut),
      fechaDesde: '2026-03-10',
      fechaHasta: '2026-03-20',
    });
    expect(fuera.statusCode).toBe(400);
    expect(errorOf(fuera).error.message).toBe(
      MSG_AUTORIZACION.fechasFueraAutorizacion('2026-03-16', '2026-03-20'),
    );
    // Without an authorization, a monthly load is still refused in EN PROCESO.
    const mensual = await subir(id, {});
    expect(mensual.statusCode).toBe(409);
    expect(errorOf(mensual).error.message).toBe(MSG_CARGA.estadoNoPermiteCarga('EN PROCESO'));
    const n = await t.database.query('SELECT 1 FROM carga WHERE id_tramite = $1 AND tipo_carga = $2', [
      id,
      'A',
    ]);
    expect(n).toHaveLength(0);
  });
});

describe('weeks of a date range', () => {
  it('401, 400 for a missing, inverted or too long range', async () => {
    expect((await req('GET', '/api/v1/semanas?desde=2026-03-01&hasta=2026-03-31')).statusCode).toBe(401);
    const falta = await req('GET', '/api/v1/semanas?desde=2026-03-01', DEMO.prestador);
    expect(falta.statusCode).toBe(400);
    expect(errorOf(falta).error.message).toBe(MSG_AUTORIZACION.rangoSemanasInvalido);
    const inv = await req('GET', '/api/v1/semanas?desde=2026-03-31&hasta=2026-03-01', DEMO.prestador);
    expect(errorOf(inv).error.message).toBe(MSG_AUTORIZACION.rangoSemanasInvalido);
    const largo = await req('GET', '/api/v1/semanas?desde=2020-01-01&hasta=2026-03-01', DEMO.prestador);
    expect(errorOf(largo).error.message).toBe(MSG_AUTORIZACION.rangoSemanasLargo);
  });

  it('ISO weeks Monday to Sunday, the catalogue’s own dates first', async () => {
    const res = await req('GET', '/api/v1/semanas?desde=2026-03-01&hasta=2026-03-31', DEMO.supervisorAm);
    expect(res.statusCode).toBe(200);
    const items = res.json().items as {
      numero: number;
      fechaDesde: string;
      fechaHasta: string;
      idSemana: number | null;
    }[];
    expect(items.map((s) => s.numero)).toEqual([9, 10, 11, 12, 13, 14]);
    expect(items[0]).toMatchObject({
      anio: 2026,
      fechaDesde: '2026-02-23',
      fechaHasta: '2026-03-01',
      idSemana: null,
    });
    expect(items[5]).toMatchObject({ fechaDesde: '2026-03-30', fechaHasta: '2026-04-05' });
    const [s] = await t.database.query<{ id: number }>(
      `INSERT INTO semana (anio, numero, fecha_desde, fecha_hasta) VALUES (2026, 10, '2026-03-01', '2026-03-07')
       RETURNING id_semana AS id`,
    );
    const again = (
      await req('GET', '/api/v1/semanas?desde=2026-03-01&hasta=2026-03-31', DEMO.prestador)
    ).json();
    expect(again.items.find((x: { numero: number }) => x.numero === 10)).toEqual({
      idSemana: s.id,
      anio: 2026,
      numero: 10,
      fechaDesde: '2026-03-01',
      fechaHasta: '2026-03-07',
    });
  });
});

describe('active-load checks', () => {
  it('a missing or malformed id: "Ingrese un ID de trámite válido"; another company: 404', async () => {
    for (const q of ['', '?idTramite=', '?idTramite=abc', '?idTramite=-3']) {
      const res = await req('GET', `/api/v1/cargas/activas${q}`, DEMO.prestador);
      expect(res.statusCode, q).toBe(400);
      expect(errorOf(res).error.message).toBe(MSG_AUTORIZACION.idTramiteInvalido);
      const sa = await req('GET', `/api/v1/cargas/activas/sin-archivos${q}`, DEMO.prestador);
      expect(errorOf(sa).error.message).toBe(MSG_AUTORIZACION.idTramiteInvalido);
    }
    const f = await crearTramite(t, ids, { estado: 'ESTRUCTURADO' });
    expect((await req('GET', `/api/v1/cargas/activas?idTramite=${f.idTramite}`)).statusCode).toBe(401);
    expect(
      (await req('GET', `/api/v1/cargas/activas?idTramite=${f.idTramite}`, DEMO.prestador2)).statusCode,
    ).toBe(404);
    expect(
      (await req('GET', `/api/v1/cargas/activas/sin-archivos?idTramite=${f.idTramite}`, DEMO.prestador2))
        .statusCode,
    ).toBe(404);
  });

  it('lists the active loads newest first and tells whether one has no files', async () => {
    // Sent: the supervisor reads it too (issue 11 item 4).
    const f = await crearTramite(t, ids, { estado: 'EN PROCESO' });
    const [borrada] = await t.database.query<{ id: number }>(
      `INSERT INTO carga (id_tramite, id_usuario, tipo_carga, fecha_desde, fecha_hasta, nombre_archivo, formato, estado_proceso, estado)
       VALUES ($1, $2, 'M', '2026-03-16', '2026-03-31', 'borrada.json', 'json', 'COMPLETADA', 0) RETURNING id_carga AS id`,
      [f.idTramite, ids.usuarios.prestador],
    );
    const list = await req('GET', `/api/v1/cargas/activas?idTramite=${f.idTramite}`, DEMO.prestador);
    expect(list.json()).toMatchObject({ total: 1, items: [{ idCarga: f.idCarga, estado: 1 }] });
    expect(list.json().items.map((c: { idCarga: number }) => c.idCarga)).not.toContain(borrada.id);
    const url = `/api/v1/cargas/activas/sin-archivos?idTramite=${f.idTramite}`;
    expect((await req('GET', url, DEMO.supervisorAm)).json()).toEqual({
      idTramite: f.idTramite,
      cargasActivas: 1,
      cargasActivasSinArchivos: 1,
      hayCargasActivasSinArchivos: true,
    });
    await t.database.query('UPDATE carga SET tiene_archivos = 1 WHERE id_carga = $1', [f.idCarga]);
    expect((await req('GET', url, DEMO.prestador)).json().hayCargasActivasSinArchivos).toBe(false);
  });
});
