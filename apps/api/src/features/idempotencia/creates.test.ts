import crypto from 'node:crypto';
import { ALL_RESOURCES, type CatalogDef, getCatalog, isSystemCatalog, resourcePath } from '@app/domain';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogSampler } from '../../test/catalog-sample.ts';
import { crearTramite, type Ids, loadIds } from '../../test/fixtures.ts';
import { createTestContext, DEMO, type TestContext } from '../../test/helpers.ts';
import { multipart as multipartAdmin, PNG_1X1, personaBody, unique } from '../admin/test-utils.ts';
import { multipart as multipartArchivos, pdf } from '../archivos/test-utils.ts';
import { csv, esperar, fila, crearTramite as tramiteRegistrado } from '../cargas/test-fixtures.ts';
import { json, lote, multipart as multipartSandbox, PDF } from '../sandbox/test-utils.ts';

/*
 * Issue 14 §2: every create accepts an Idempotency-Key, and the same key sent twice at once gives one
 * row and the same answer (decision 49). This file walks the OpenAPI document: every POST and PUT is
 * either a create below (sent twice in parallel with one key, its rows counted before and after), a
 * catalogue or administration resource (the same, generated from ALL_RESOURCES), or named in
 * NOT_CREATES with the reason. A new write route fails the first test until it is classified.
 */

let t: TestContext;
let ids: Ids;
let empresaAdmin: number;
let prestadorDemo: number;
beforeAll(async () => {
  t = await createTestContext();
  ids = await loadIds(t);
  empresaAdmin = ids.idEmpresaAseg;
  prestadorDemo = ids.idPrestador;
});
afterAll(async () => t?.close());

type Payload = { json: unknown } | { multipart: { payload: Buffer; headers: Record<string, string> } };
/** One prepared create: its request and how to count what it writes. */
type Envio = {
  url: string;
  method?: 'POST' | 'PUT';
  usuario?: string;
  /** Bearer token instead of a user's session (integration API tokens). */
  token?: string;
  payload: Payload;
  status: number;
  /** The rows (or versions) the create adds; `delta` per request (default 1). */
  contar: () => Promise<number>;
  delta?: number;
};

const n = async (sql: string, params: unknown[] = []) =>
  (await t.database.query<{ n: number }>(sql, params))[0].n;
const one = async (sql: string, params: unknown[] = []) =>
  (await t.database.query<{ id: number }>(sql, params))[0].id;
const auth = (usuario: string) => t.auth(usuario);
const post = async (usuario: string, url: string, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers: await auth(usuario), ...(payload ? { payload } : {}) });
const must = (res: LightMyRequestResponse, status: number) => {
  expect(res.statusCode, res.body).toBe(status);
  return res.json();
};
const version = (idPlanilla: number) =>
  n('SELECT version AS n FROM planilla WHERE id_planilla = $1', [idPlanilla]);

/** An EN PROCESO procedure of the demo provider with one attention assigned to auditor.am (one line item). */
async function enProceso() {
  const f = await crearTramite(t, ids, {
    estado: 'EN PROCESO',
    planillas: [{ med: ids.usuarios.auditorAm, doc: ids.usuarios.gestorGd }],
  });
  return { ...f, idPlanilla: f.planillas[0] };
}

const estandar = (tabla: 'observacion' | 'respuesta') =>
  one(`SELECT min(id_${tabla}) AS id FROM ${tabla} WHERE id_empresa = $1`, [empresaAdmin]);

/** An observation M on an attention, sent to the provider: the procedure is in OBSERVACIONES. */
async function observada() {
  const f = await enProceso();
  const obs = must(
    await post(DEMO.supervisorAm, `/api/v1/planillas/${f.idPlanilla}/observaciones`, {
      tipo: 'M',
      idObservacion: await estandar('observacion'),
      descripcion: 'Falta el informe',
    }),
    201,
  );
  must(
    await post(DEMO.supervisorAm, `/api/v1/tramites/${f.idTramite}/acciones/enviar-observaciones`, {
      tipo: 'M',
      estadoActual: 'EN PROCESO',
    }),
    200,
  );
  return { ...f, idPlaObs: obs.item.id as number };
}

const json_ = (json: unknown): Payload => ({ json });

/** The explicit creates: route → how to prepare one. */
const CREATES: Record<string, () => Promise<Envio>> = {
  'POST /api/v1/tramites': async () => {
    const desc = `IDEM ${crypto.randomUUID()}`;
    return {
      url: '/api/v1/tramites',
      usuario: DEMO.prestador,
      payload: json_({
        idPrestador: prestadorDemo,
        idServicio: 1,
        fechaDesde: '2026-03-02',
        fechaHasta: '2026-03-29',
        descripcion: desc,
        frecuenciaCarga: 'M',
      }),
      status: 201,
      contar: () => n('SELECT count(*)::int AS n FROM tramite WHERE descripcion = $1', [desc.toUpperCase()]),
    };
  },
  'POST /api/v1/tramites/{id}/cargas': async () => {
    const id = await tramiteRegistrado(t);
    const body = multipartArchivos([
      { name: 'datos.csv', content: Buffer.from(csv([fila(id)])), field: 'archivo' },
    ]);
    return {
      url: `/api/v1/tramites/${id}/cargas`,
      usuario: DEMO.prestador,
      payload: { multipart: body },
      status: 202,
      contar: () => n('SELECT count(*)::int AS n FROM carga WHERE id_tramite = $1', [id]),
    };
  },
  'POST /api/v1/cargas/{id}/organizar': async () => {
    const id = await tramiteRegistrado(t);
    const body = multipartArchivos([
      { name: 'datos.csv', content: Buffer.from(csv([fila(id)])), field: 'archivo' },
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/tramites/${id}/cargas`,
      headers: { ...(await auth(DEMO.prestador)), ...body.headers },
      payload: body.payload,
    });
    const c = await esperar(t, must(res, 202).idCarga);
    expect(c.estadoProceso).toBe('COMPLETADA');
    return {
      // A background job (decision 85): `?esperar=true` answers once the attentions are written.
      url: `/api/v1/cargas/${c.idCarga}/organizar?esperar=true`,
      usuario: DEMO.prestador,
      payload: json_(undefined),
      status: 200,
      contar: () => n('SELECT count(*)::int AS n FROM planilla WHERE id_carga = $1', [c.idCarga]),
    };
  },
  'POST /api/v1/cargas/{id}/archivos': async () => {
    const f = await crearTramite(t, ids, { estado: 'ESTRUCTURADO', planillas: [{ numero: '701' }] });
    return {
      url: `/api/v1/cargas/${f.idCarga}/archivos`,
      usuario: DEMO.prestador,
      payload: { multipart: multipartArchivos([{ name: '701.pdf', content: pdf() }]) },
      status: 200,
      contar: () => n('SELECT count(*)::int AS n FROM archivo_pla WHERE id_carga = $1', [f.idCarga]),
    };
  },
  'POST /api/v1/planillas/{id}/detalles': async () => {
    const f = await enProceso();
    return {
      url: `/api/v1/planillas/${f.idPlanilla}/detalles`,
      usuario: DEMO.supervisorAm,
      payload: json_({
        idElemento: await one(`SELECT min(id_elemento) AS id FROM elemento WHERE codigo = '99203'`),
        cantidad: 1,
        version: await version(f.idPlanilla),
      }),
      status: 201,
      contar: () => n('SELECT count(*)::int AS n FROM planilla_det WHERE id_planilla = $1', [f.idPlanilla]),
    };
  },
  'POST /api/v1/planillas/{id}/plantilla': async () => {
    const f = await enProceso();
    const idPlantilla = await one(
      `INSERT INTO plantilla (id_empresa, nombre) VALUES ($1, $2) RETURNING id_plantilla AS id`,
      [empresaAdmin, `IDEM ${crypto.randomUUID().slice(0, 8)}`],
    );
    await t.database.query(
      `INSERT INTO plantilla_det (id_plantilla, id_elemento, cantidad)
       SELECT $1, id_elemento, 1 FROM elemento WHERE codigo = '99213' LIMIT 1`,
      [idPlantilla],
    );
    return {
      url: `/api/v1/planillas/${f.idPlanilla}/plantilla`,
      usuario: DEMO.supervisorAm,
      payload: json_({ idPlantilla, version: await version(f.idPlanilla) }),
      status: 200,
      contar: () => n('SELECT count(*)::int AS n FROM planilla_det WHERE id_planilla = $1', [f.idPlanilla]),
    };
  },
  'POST /api/v1/planillas/{id}/observaciones': async () => {
    const f = await enProceso();
    return {
      url: `/api/v1/planillas/${f.idPlanilla}/observaciones`,
      usuario: DEMO.supervisorAm,
      payload: json_({ tipo: 'M', idObservacion: await estandar('observacion'), descripcion: 'Sin informe' }),
      status: 201,
      contar: () => n('SELECT count(*)::int AS n FROM pla_obs WHERE id_planilla = $1', [f.idPlanilla]),
    };
  },
  'POST /api/v1/planilla-detalles/{id}/observaciones': async () => {
    const f = await enProceso();
    const idDet = await one('SELECT min(id_planilla_det) AS id FROM planilla_det WHERE id_planilla = $1', [
      f.idPlanilla,
    ]);
    return {
      url: `/api/v1/planilla-detalles/${idDet}/observaciones`,
      usuario: DEMO.supervisorAm,
      payload: json_({ tipo: 'M', idObservacion: await estandar('observacion'), descripcion: 'Cantidad' }),
      status: 201,
      contar: () => n('SELECT count(*)::int AS n FROM pla_det_obs WHERE id_planilla_det = $1', [idDet]),
    };
  },
  'POST /api/v1/planillas/{id}/detalles/{idDet}/glosa-tarifa': async () => {
    const f = await enProceso();
    const idDet = await one('SELECT min(id_planilla_det) AS id FROM planilla_det WHERE id_planilla = $1', [
      f.idPlanilla,
    ]);
    // Claimed above the agreed tariff, so the glosa applies.
    await t.database.query('UPDATE planilla_det SET valor_uni = 9999 WHERE id_planilla_det = $1', [idDet]);
    return {
      url: `/api/v1/planillas/${f.idPlanilla}/detalles/${idDet}/glosa-tarifa`,
      usuario: DEMO.supervisorAm,
      payload: json_({ version: await version(f.idPlanilla) }),
      status: 200,
      contar: () => n('SELECT count(*)::int AS n FROM pla_det_obs WHERE id_planilla_det = $1', [idDet]),
    };
  },
  'POST /api/v1/observaciones/{nivel}/{id}/respuesta': async () => {
    const f = await observada();
    const v = await n('SELECT version AS n FROM pla_obs WHERE id_pla_obs = $1', [f.idPlaObs]);
    return {
      url: `/api/v1/observaciones/planilla/${f.idPlaObs}/respuesta`,
      usuario: DEMO.prestador,
      payload: json_({ respuesta: 'Se adjunta el informe', version: v }),
      status: 200,
      // An answer is written on its observation: counted by the observation's version.
      contar: () => n('SELECT version AS n FROM pla_obs WHERE id_pla_obs = $1', [f.idPlaObs]),
    };
  },
  'POST /api/v1/planillas/{id}/observaciones/archivos': async () => {
    const f = await observada();
    return {
      url: `/api/v1/planillas/${f.idPlanilla}/observaciones/archivos`,
      usuario: DEMO.prestador,
      payload: { multipart: multipartArchivos([{ name: 'informe.pdf', content: pdf() }]) },
      status: 200,
      contar: () => n('SELECT count(*)::int AS n FROM archivo_pla WHERE id_planilla = $1', [f.idPlanilla]),
    };
  },
  'POST /api/v1/planillas/{id}/revision': async () => {
    const f = await enProceso();
    return {
      url: `/api/v1/planillas/${f.idPlanilla}/revision`,
      usuario: DEMO.supervisorAm,
      payload: json_({ tipo: 'M', version: await version(f.idPlanilla) }),
      status: 200,
      // A review is one bitácora entry of type M (and one version of the attention).
      contar: () =>
        n(`SELECT count(*)::int AS n FROM bitacora_tra WHERE id_tramite = $1 AND tipo = 'M'`, [f.idTramite]),
    };
  },
  'POST /api/v1/tramites/{id}/asignaciones': async () => {
    const f = await crearTramite(t, ids, { estado: 'EN PROCESO', planillas: [{}] });
    return {
      url: `/api/v1/tramites/${f.idTramite}/asignaciones`,
      usuario: DEMO.supervisorAm,
      payload: json_({ tipo: 'M', idUsuario: ids.usuarios.auditorAm, idPlanillas: f.planillas }),
      status: 200,
      contar: () => version(f.planillas[0]),
    };
  },
  'POST /api/v1/tramites/{id}/autorizaciones': async () => {
    const f = await crearTramite(t, ids, { estado: 'EN PROCESO', planillas: [] });
    return {
      url: `/api/v1/tramites/${f.idTramite}/autorizaciones`,
      usuario: DEMO.prestador,
      payload: json_({
        descripcion: 'Atenciones tardías',
        fechaDesde: '2026-03-02',
        fechaHasta: '2026-03-06',
      }),
      status: 201,
      contar: () => n('SELECT count(*)::int AS n FROM autorizacion WHERE id_tramite = $1', [f.idTramite]),
    };
  },
  'POST /api/v1/tramites/{id}/cargaamb': async () => {
    const f = await crearTramite(t, ids, { estado: 'ENVIADO', tipoAsignacion: 'T', planillas: [] });
    const body = multipartAdmin([
      {
        name: 'archivo',
        filename: 'amb.csv',
        content:
          'numero;nombrePaciente;cedula;tipo;fecha;horaDesde;horaHasta;motivo;diag1;diag2;laboratorio01;imagen01\n' +
          '1001;juan pérez;0926687856;consulta;15/03/2026;08:30;09:00;control anual;J18.1;A09X;;',
      },
    ]);
    return {
      url: `/api/v1/tramites/${f.idTramite}/cargaamb`,
      usuario: DEMO.supervisorAm,
      payload: { multipart: body },
      status: 201,
      contar: () => n('SELECT count(*)::int AS n FROM carga_amb WHERE id_tramite = $1', [f.idTramite]),
    };
  },
  'POST /api/v1/api-tokens': async () => {
    const nombre = `IDEM ${crypto.randomUUID().slice(0, 8)}`;
    return {
      url: '/api/v1/api-tokens',
      usuario: DEMO.prestador,
      payload: json_({ nombre }),
      status: 201,
      contar: () => n('SELECT count(*)::int AS n FROM api_token WHERE nombre = $1', [nombre]),
    };
  },
  'POST /api/v1/empresas/{id}/imagenes': async () => ({
    url: `/api/v1/empresas/${empresaAdmin}/imagenes`,
    usuario: DEMO.admin,
    payload: {
      multipart: multipartAdmin([
        { name: 'nombre', value: 'Logo' },
        { name: 'imagen', filename: 'logo.png', content: PNG_1X1 },
      ]),
    },
    status: 201,
    contar: () => n('SELECT count(*)::int AS n FROM empresa_img WHERE id_empresa = $1', [empresaAdmin]),
  }),
  'POST /api/v1/registro/renovacion': async () => ({
    url: '/api/v1/registro/renovacion',
    usuario: DEMO.admin,
    payload: json_({ idPlan: 3, idFormaPago: 2, aceptaTerminos: true }),
    status: 200,
    // A renewal extends the subscription and writes one audit row: a second one would buy another period.
    contar: () => n(`SELECT count(*)::int AS n FROM suscripcion_aud WHERE tipo = 'RENOVACION'`),
  }),
  'POST /api/v1/personas': async () => {
    const body = personaBody();
    return {
      url: '/api/v1/personas',
      usuario: DEMO.admin,
      payload: json_(body),
      status: 201,
      contar: () => n('SELECT count(*)::int AS n FROM persona WHERE documento = $1', [body.documento]),
    };
  },
  'POST /api/v1/usuarios': async () => {
    const persona = must(await post(DEMO.admin, '/api/v1/personas', personaBody()), 201).item;
    const nombre = unique().email;
    return {
      url: '/api/v1/usuarios',
      usuario: DEMO.admin,
      payload: json_({
        idPerfil: 18,
        idSuscripcion: ids.idSuscripcion,
        idPersona: persona.idPersona,
        nombre,
        clave: 'Clave.Segura1',
      }),
      status: 201,
      contar: () => n('SELECT count(*)::int AS n FROM usuario WHERE nombre = $1', [nombre]),
    };
  },
  'POST /api/v1/medicos': async () => {
    const persona = must(await post(DEMO.admin, '/api/v1/personas', personaBody()), 201).item;
    return {
      url: '/api/v1/medicos',
      usuario: DEMO.admin,
      payload: json_({ idPersona: persona.idPersona, idEspecialidad: 1, documento: 'msp-idem' }),
      status: 201,
      contar: () => n('SELECT count(*)::int AS n FROM medico WHERE id_persona = $1', [persona.idPersona]),
    };
  },
  'POST /api/v1/suscripciones': async () => {
    const numero = `SUS-IDEM-${crypto.randomBytes(3).toString('hex')}`;
    return {
      url: '/api/v1/suscripciones',
      usuario: DEMO.admin,
      payload: json_({
        idPlan: 1,
        idFormaPago: 1,
        numero,
        fechaDesde: '2026-01-01',
        fechaHasta: '2099-12-31',
      }),
      status: 201,
      contar: () => n('SELECT count(*)::int AS n FROM suscripcion WHERE upper(numero) = upper($1)', [numero]),
    };
  },
  'POST /api/v1/suscpagos': async () => {
    const idFactura = await one(
      `INSERT INTO factura (id_empresa, numero, fecha) VALUES ($1, $2, '2026-03-01') RETURNING id_factura AS id`,
      [empresaAdmin, `001-001-${String(Date.now() % 1_000_000).padStart(9, '0')}`],
    );
    return {
      url: '/api/v1/suscpagos',
      usuario: DEMO.admin,
      payload: json_({
        idSuscripcion: ids.idSuscripcion,
        idFactura,
        estadoPago: 'PAGADO',
        fechaDesde: '2026-01-01',
        fechaHasta: '2026-01-31',
      }),
      status: 201,
      contar: () => n('SELECT count(*)::int AS n FROM susc_pago WHERE id_factura = $1', [idFactura]),
    };
  },
  ...Object.fromEntries(
    (['', '/sandbox'] as const).flatMap((pre) =>
      (['registro-datos', 'registro-completo'] as const).map((ruta) => [
        `POST /api/v1${pre}/cargatramites/${ruta}`,
        async (): Promise<Envio> => {
          const token = must(await post(DEMO.prestador, '/api/v1/api-tokens', { nombre: 'HIS' }), 201).token;
          const marca = `IDEM${crypto.randomBytes(3).toString('hex').toUpperCase()}`;
          const body = multipartSandbox([
            { name: 'fechaDesde', value: '2026-03-01' },
            { name: 'fechaHasta', value: '2026-03-31' },
            { name: 'idServicio', value: '1' },
            {
              name: 'archivoDatos',
              filename: 'atenciones.json',
              content: json(lote('2026-03-02', '', marca)),
            },
            ...(ruta === 'registro-completo'
              ? [{ name: 'archivosRespaldo', filename: 'respaldo.pdf', content: PDF }]
              : []),
          ]);
          return {
            url: `/api/v1${pre}/cargatramites/${ruta}`,
            token,
            payload: { multipart: body },
            status: 201,
            contar: () => n(`SELECT count(*)::int AS n FROM ${pre ? 'sandbox.' : ''}carga`),
          };
        },
      ]),
    ),
  ),
  'POST /api/v1/sandbox/autorizaciones': async () => {
    const token = must(await post(DEMO.prestador, '/api/v1/api-tokens', { nombre: 'HIS' }), 201).token;
    const body = multipartSandbox([
      { name: 'fechaDesde', value: '2026-03-01' },
      { name: 'fechaHasta', value: '2026-03-31' },
      { name: 'idServicio', value: '1' },
      { name: 'archivoDatos', filename: 'atenciones.json', content: json(lote()) },
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/sandbox/cargatramites/registro-datos',
      headers: { ...body.headers, authorization: `Bearer ${token}` },
      payload: body.payload,
    });
    const idTramite = must(res, 201).idTramite as number;
    return {
      url: '/api/v1/sandbox/autorizaciones',
      token,
      payload: json_({ idTramite, fechaDesde: '2026-03-09', fechaHasta: '2026-03-13' }),
      status: 201,
      contar: () =>
        n('SELECT count(*)::int AS n FROM sandbox.autorizacion WHERE id_tramite = $1', [idTramite]),
    };
  },
};

/**
 * Writes that create nothing a double submit could duplicate (actions and edits are replayed by the
 * same mechanism, but they change a row's state or version, which a second run refuses anyway).
 */
const NOT_CREATES: Record<string, string> = {
  'POST /api/v1/auth/login': 'public; a session, not a record (rate-limited)',
  'POST /api/v1/auth/logout': 'ends the session',
  'POST /api/v1/auth/inactividad': 'ends the session',
  'POST /api/v1/auth/cambiar-clave': 'changes the password',
  'POST /api/v1/auth/acceso': 'records the module entered (a log line)',
  'POST /api/v1/auth/olvido-clave': 'public: no user to scope a key to; one reset link per request by design',
  'POST /api/v1/auth/restablecer-clave/{idUsuario}': 'public (signed link): no user to scope a key to',
  'POST /api/v1/auth/2fa/iniciar': 'starts the second factor (replaces the pending secret)',
  'POST /api/v1/auth/2fa/confirmar': 'confirms the second factor',
  'POST /api/v1/auth/2fa/desactivar': 'turns the second factor off',
  'POST /api/v1/registro':
    'public self-registration: no user to scope a key to; a second identical one is refused as a duplicate RUC / e-mail',
  'POST /api/v1/archivos-pla/{id}/enlace': 'a signed download link, no row',
  'POST /api/v1/tramites/{id}/zip/enlace': 'a signed download link, no row',
  'POST /api/v1/tramites/{id}/acciones/{accion}':
    'workflow action: the state moves once (tramites/deshacer.test.ts)',
  'POST /api/v1/tramites/{id}/acciones/enviar-observaciones': 'workflow action',
  'POST /api/v1/tramites/{id}/acciones/enviar-respuestas': 'workflow action',
  'POST /api/v1/autorizaciones/{id}/anular': 'state change of a request',
  'POST /api/v1/autorizaciones/{id}/aprobar': 'state change of a request',
  'POST /api/v1/autorizaciones/{id}/rechazar': 'state change of a request',
  'POST /api/v1/planillas/{id}/restaurar': 'state change of an attention',
  'POST /api/v1/planillas/{id}/revision/finalizar': 'review state change',
  'POST /api/v1/planillas/{id}/revision/reabrir': 'review state change',
  'POST /api/v1/planillas/{id}/revision/reiniciar': 'review state change',
  'POST /api/v1/cargas/{id}/revision/finalizar': 'review state change of a load',
  'POST /api/v1/observaciones/{nivel}/{id}/aceptar': 'decision on an answer (state change)',
  'POST /api/v1/tramites/{id}/pagos':
    "the insurer's payment file (finanzas): the same file twice is refused (409) by its content; its double-submit case belongs with that feature",
  'PUT /api/v1/elempres/{id}/equivalencia': 'sets a column of the provider element (an upsert of nothing)',
};

// ---------------------------------------------------------------------------------------------------
// Catalogue and administration resources: one engine (lib/crud.ts), every declaration walked.

const writer = (def: CatalogDef) => (isSystemCatalog(def) ? DEMO.plataforma : DEMO.admin);
const urlOf = (def: CatalogDef) =>
  `/api/v1${resourcePath(def, { [def.api?.parent?.field ?? '']: empresaAdmin })}`;
/** The path as the OpenAPI document spells it. */
const docPath = (def: CatalogDef) => `/api/v1${resourcePath(def)}`.replace(/:([A-Za-z]+)/g, '{$1}');

const { sampleRow } = catalogSampler({
  marks: {
    code: 'QI',
    digits: 2000000,
    text: 'Idem',
    email: (seq) => `idem${seq}.${process.pid}@demo.ec`,
    shortOffset: 1000,
  },
  resolve: getCatalog,
  sampleRef,
});
async function sampleRef(ref: CatalogDef): Promise<unknown> {
  if (!ref.readOnly) {
    const res = await t.app.inject({
      method: 'POST',
      url: urlOf(ref),
      headers: await auth(writer(ref)),
      payload: await sampleRow(ref),
    });
    return must(res, 201).item[ref.idField];
  }
  const res = await t.app.inject({
    url: `/api/v1/catalogos/${ref.name}?pageSize=1`,
    headers: await auth(DEMO.admin),
  });
  return res.json().items[0][ref.idField];
}

const writable = Object.values(ALL_RESOURCES).filter((d) => !d.readOnly);
const RESOURCE_CREATES: Record<string, () => Promise<Envio>> = Object.fromEntries(
  writable.map((def) => [
    `POST ${docPath(def)}`,
    async (): Promise<Envio> => ({
      url: urlOf(def),
      usuario: writer(def),
      payload: json_(await sampleRow(def)),
      status: 201,
      contar: () => n(`SELECT count(*)::int AS n FROM ${def.table}`),
    }),
  ]),
);
/** Edits of resources: PUT …/{id} (replayed like any write, nothing to duplicate). */
const RESOURCE_UPDATES = new Set(writable.map((def) => `PUT ${docPath(def)}/{id}`));

// ---------------------------------------------------------------------------------------------------

async function send(e: Envio, clave: string) {
  const headers: Record<string, string> = {
    'idempotency-key': clave,
    ...(e.token ? { authorization: `Bearer ${e.token}` } : await auth(e.usuario as string)),
  };
  if ('multipart' in e.payload) {
    return t.app.inject({
      method: e.method ?? 'POST',
      url: e.url,
      headers: { ...headers, ...e.payload.multipart.headers },
      payload: e.payload.multipart.payload,
    });
  }
  return t.app.inject({
    method: e.method ?? 'POST',
    url: e.url,
    headers,
    ...(e.payload.json === undefined ? {} : { payload: e.payload.json as object }),
  });
}

describe('every create route accepts an Idempotency-Key (decision 49)', () => {
  it('every POST and PUT of the OpenAPI document is classified here', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const writes = Object.entries(doc.paths).flatMap(([p, ops]) =>
      Object.keys(ops)
        .filter((m) => m === 'post' || m === 'put' || m === 'patch')
        .map((m) => `${m.toUpperCase()} ${p}`),
    );
    expect(writes.length).toBeGreaterThan(100);
    const sinClasificar = writes.filter(
      (w) =>
        !(w in CREATES) &&
        !(w in RESOURCE_CREATES) &&
        !(w in NOT_CREATES) &&
        !RESOURCE_UPDATES.has(w) &&
        !w.startsWith('PUT '),
    );
    expect(
      sinClasificar,
      'a write route without a case: add it to CREATES (and count its rows) or to NOT_CREATES with the reason',
    ).toEqual([]);
    // Every case names a real route (a renamed route would leave its case behind).
    for (const k of [...Object.keys(CREATES), ...Object.keys(NOT_CREATES)]) expect(writes, k).toContain(k);
  });

  const all = { ...RESOURCE_CREATES, ...CREATES };
  it.each(Object.keys(all).sort())(
    '%s twice at once with one key: one row, the same answer',
    async (route) => {
      const e = await all[route]();
      const before = await e.contar();
      const clave = crypto.randomUUID();
      const [a, b] = await Promise.all([send(e, clave), send(e, clave)]);
      expect(a.statusCode, a.body).toBe(e.status);
      expect(b.statusCode, b.body).toBe(e.status);
      expect(b.body).toBe(a.body);
      expect([a.headers['idempotent-replayed'], b.headers['idempotent-replayed']].filter(Boolean)).toEqual([
        'true',
      ]);
      const after = await e.contar();
      expect(after - before, 'rows written by the pair').toBe(e.delta ?? 1);
      // And once more, later, with the same key: the stored answer, still nothing written.
      const c = await send(e, clave);
      expect(c.statusCode).toBe(e.status);
      expect(c.body).toBe(a.body);
      expect(c.headers['idempotent-replayed']).toBe('true');
      expect(await e.contar()).toBe(after);
    },
  );
});
