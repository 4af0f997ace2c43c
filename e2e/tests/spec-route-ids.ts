import { type APIRequestContext, expect } from '@playwright/test';
import { PASSWORD } from './helpers.ts';
import { type RouteIds, USUARIO } from './spec-routes.ts';

/*
 * The real ids the spec's route table (spec-routes.ts) opens, resolved from the demo data through the
 * API with each profile's session. Two draft observations (type M, by the AM supervisor) are made on
 * one attention of the demo procedure under review so that the observation screens have one to open;
 * `limpiar` deletes them again (a draft unanswered observation would keep the attention's review
 * from being finalized by a later journey). Administration rows the demo does not have (a doctor, a
 * subscription payment and its invoice, a tariff sheet and its insurer link, a subscription change)
 * are made by the administrator, as admin.spec.ts does.
 */

type Auth = { authorization: string };

async function sesion(request: APIRequestContext, usuario: string) {
  const r = await request.post('/api/v1/auth/login', { data: { usuario, clave: PASSWORD } });
  expect(r.status(), await r.text()).toBe(200);
  const body = await r.json();
  return {
    headers: { authorization: `Bearer ${body.token}` } as Auth,
    idUsuario: body.usuario.idUsuario as number,
  };
}

async function json(request: APIRequestContext, method: string, url: string, headers: Auth, data?: object) {
  const r = await request.fetch(url, { method, headers, ...(data ? { data } : {}) });
  expect(r.ok(), `${method} ${url} → ${r.status()} ${await r.text()}`).toBe(true);
  return r.json();
}

/** The first row's id of a list (`items[0][campo]`), or undefined when it is empty. */
async function primero(request: APIRequestContext, url: string, headers: Auth, campo: string) {
  const body = await json(request, 'GET', url, headers);
  return body.items?.[0]?.[campo] as number | undefined;
}

export async function resolverIds(
  request: APIRequestContext,
): Promise<{ ids: RouteIds; limpiar: () => Promise<void> }> {
  // ---- The provider: its procedure under review, a load, an attention with a file, an authorization.
  const prov = await sesion(request, USUARIO.prestador);
  const get = (url: string, h: Auth = prov.headers) => json(request, 'GET', url, h);
  // The demo's own procedures come first (lowest ids): other journeys leave theirs EN PROCESO too.
  const tramites = await get('/api/v1/tramites?vista=carga&estado=EN%20PROCESO&pageSize=50');
  type T = { idTramite: number; estadoTramite: string; fechaDesde: string; fechaHasta: string };
  let t: T | undefined;
  let idCarga = 0;
  let idPlanilla = 0;
  let idArchivoPla = 0;
  for (const x of (tramites.items as T[]).sort((a, b) => a.idTramite - b.idTramite)) {
    const cargas = await get(`/api/v1/tramites/${x.idTramite}/cargas?page=1&pageSize=10`);
    const carga = (cargas.items as { idCarga: number; tienePlanillas: number }[]).find(
      (c) => c.tienePlanillas === 1,
    );
    if (!carga) continue;
    const planillas = await get(
      `/api/v1/planillas?idTramite=${x.idTramite}&idCarga=${carga.idCarga}&page=1&pageSize=10`,
    );
    for (const p of planillas.items as { idPlanilla: number }[]) {
      const a = await primero(
        request,
        `/api/v1/planillas/${p.idPlanilla}/archivos?page=1&pageSize=1`,
        prov.headers,
        'idArchivoPla',
      );
      if (a) {
        [t, idCarga, idPlanilla, idArchivoPla] = [x, carga.idCarga, p.idPlanilla, a];
        break;
      }
    }
    if (t) break;
  }
  if (!t)
    throw new Error('The demo provider has no procedure EN PROCESO with a load and a documented attention.');
  const desde = t.fechaDesde.slice(0, 10);
  const hasta = t.fechaHasta.slice(0, 10);
  // An authorization request of the procedure (one may already be pending: only one at a time).
  const idAutorizacion =
    (await primero(
      request,
      `/api/v1/tramites/${t.idTramite}/autorizaciones?pageSize=1`,
      prov.headers,
      'idAutorizacion',
    )) ??
    ((
      await json(request, 'POST', `/api/v1/tramites/${t.idTramite}/autorizaciones`, prov.headers, {
        descripcion: 'Prueba de rutas',
        fechaDesde: desde,
        fechaHasta: desde,
      })
    ).item.idAutorizacion as number);

  // ---- The AM supervisor: a line item of that attention and two draft observations.
  const sup = await sesion(request, USUARIO.supervisorAm);
  const idPlanillaDet = (await primero(
    request,
    `/api/v1/planillas/${idPlanilla}/detalles?estado=1&page=1&pageSize=1`,
    sup.headers,
    'idPlanillaDet',
  )) as number;
  expect(idPlanillaDet, 'a line item').toBeGreaterThan(0);
  const idObservacion = (await get('/api/v1/catalogos/observacion?pageSize=100', sup.headers)).items.find(
    (o: { tipo: string }) => o.tipo === 'M',
  ).idObservacion as number;
  const obs = { tipo: 'M', idObservacion, descripcion: 'PRUEBA DE RUTAS' };
  const plaObs = (
    await json(request, 'POST', `/api/v1/planillas/${idPlanilla}/observaciones`, sup.headers, obs)
  ).item as { id: number; version: number };
  const detObs = (
    await json(request, 'POST', `/api/v1/planilla-detalles/${idPlanillaDet}/observaciones`, sup.headers, obs)
  ).item as { id: number; version: number };
  const limpiar = async () => {
    for (const [nivel, o] of [
      ['planilla', plaObs],
      ['detalle', detObs],
    ] as const) {
      const r = await request.delete(`/api/v1/observaciones/${nivel}/${o.id}?version=${o.version}&tipo=M`, {
        headers: sup.headers,
      });
      expect(r.ok(), `borrar la observación ${nivel} ${o.id}: ${await r.text()}`).toBe(true);
    }
  };

  // ---- The administrator: the company's rows, and one of each the demo lacks.
  const adm = (await sesion(request, USUARIO.admin)).headers;
  const uno = async (url: string, campo: string) => {
    const id = await primero(request, url, adm, campo);
    expect(id, `${url}: a row`).toBeDefined();
    return id as number;
  };
  const o = <T = Record<string, unknown>>(method: 'POST' | 'PUT', url: string, data: object) =>
    json(request, method, url, adm, data).then((b) => (b.item ?? b) as T);
  const cat = (nombre: string, campo: string) => uno(`/api/v1/catalogos/${nombre}?pageSize=1`, campo);

  const idEmpresa = await uno('/api/v1/empresas?pageSize=1', 'idEmpresa');
  const idSuscripcion = await uno('/api/v1/suscripciones?pageSize=1', 'idSuscripcion');
  const idPersona = await uno('/api/v1/personas?pageSize=1', 'idPersona');
  const idAsegurador = await uno('/api/v1/aseguradores?pageSize=1', 'idAsegurador');
  const idPrestador = await uno('/api/v1/prestadores?pageSize=1', 'idPrestador');
  const idEspecialidad = await cat('especialidad', 'idEspecialidad');
  const idClasElem = await cat('claselem', 'idClasElem');

  const idMedico =
    (await primero(request, '/api/v1/medicos?pageSize=1', adm, 'idMedico')) ??
    ((
      await o<{ idMedico: number }>('POST', '/api/v1/medicos', {
        idPersona,
        idEspecialidad,
        documento: 'MSP-12345',
      })
    ).idMedico as number);
  let idSuscripcionAud = await primero(
    request,
    `/api/v1/suscripciones/${idSuscripcion}/auditoria?pageSize=1`,
    adm,
    'idSuscripcionAud',
  );
  if (idSuscripcionAud === undefined) {
    // Saving the subscription unchanged writes its audit row.
    const s = await json(request, 'GET', `/api/v1/suscripciones/${idSuscripcion}`, adm);
    await o('PUT', `/api/v1/suscripciones/${idSuscripcion}`, {
      idPlan: s.idPlan,
      idFormaPago: s.idFormaPago,
      numero: s.numero,
      fechaDesde: s.fechaDesde.slice(0, 10),
      fechaHasta: s.fechaHasta.slice(0, 10),
    });
    idSuscripcionAud = await primero(
      request,
      `/api/v1/suscripciones/${idSuscripcion}/auditoria?pageSize=1`,
      adm,
      'idSuscripcionAud',
    );
  }
  const idFactura =
    (await primero(request, '/api/v1/catalogos/factura?pageSize=1', adm, 'idFactura')) ??
    ((
      await o<{ idFactura: number }>('POST', '/api/v1/catalogos/factura', {
        numero: '001-001-000000123',
        fecha: '2026-01-05',
        subtotal: '450.00',
        iva: '67.50',
        estado: 'PAGADA',
      })
    ).idFactura as number);
  const idSuscPago =
    (await primero(request, '/api/v1/suscpagos?pageSize=1', adm, 'idSuscPago')) ??
    ((
      await o<{ idSuscPago: number }>('POST', '/api/v1/suscpagos', {
        idSuscripcion,
        idFactura,
        estadoPago: 'PAGADO',
        fechaDesde: '2026-01-01',
        fechaHasta: '2026-01-31',
      })
    ).idSuscPago as number);
  const idTarifario =
    (await primero(request, '/api/v1/catalogos/tarifario?pageSize=1', adm, 'idTarifario')) ??
    ((
      await o<{ idTarifario: number }>('POST', '/api/v1/catalogos/tarifario', {
        descripcion: 'Tarifario de consulta externa 2026',
        fechaDesde: '2026-01-01',
        fechaHasta: '2026-12-31',
        idClasElem,
        idAsegurador,
      })
    ).idTarifario as number);
  const idTarifaAseg =
    (await primero(request, '/api/v1/catalogos/tarifaaseg?pageSize=1', adm, 'idTarifaAseg')) ??
    ((
      await o<{ idTarifaAseg: number }>('POST', '/api/v1/catalogos/tarifaaseg', { idTarifario, idAsegurador })
    ).idTarifaAseg as number);

  return {
    ids: {
      idTramite: t.idTramite,
      estadoTramite: t.estadoTramite,
      idCarga,
      idPlanilla,
      idPlanillaDet,
      idArchivoPla,
      idPlaObs: plaObs.id,
      idPlaDetObs: detObs.id,
      idAutorizacion,
      desde,
      hasta,
      idUsuarioPrestador: prov.idUsuario,
      idEmpresa,
      idSuscripcion,
      idSuscripcionAud: idSuscripcionAud as number,
      idSuscPago,
      idUsuario: await uno('/api/v1/usuarios?pageSize=1', 'idUsuario'),
      idPersona,
      idMedico,
      idAsegurador,
      idPrestador,
      idTarifario,
      idTarifaAseg,
      idTarifaPres: await cat('tarifapres', 'idTarifaPres'),
      idElemPres: await cat('elempres', 'idElemPres'),
      idFactura,
      idPerfil: 1,
      idClasDiag: await cat('clasdiag', 'idClasDiag'),
      idClasElem,
      idDiagnostico: await cat('diagnostico', 'idDiagnostico'),
      idEspecialidad,
      idFormaPago: await cat('formapago', 'idFormaPago'),
      idLocalidad: await cat('localidad', 'idLocalidad'),
      idElemento: await cat('elemento', 'idElemento'),
    },
    limpiar,
  };
}
