/*
 * The authorization matrix (issue 11): for every route of the OpenAPI document, which profiles may
 * call it and what a caller of another tenant gets. `features/security/authz-matrix.test.ts` walks
 * every row × profile × tenant and fails on any difference, and on any route of the document
 * without a row here.
 *
 * Adding a route: add one line to ROUTES, e.g.
 *   { route: 'GET /api/v1/tramites/{id}/algo', who: [15, 16, 17, 18, 19, 20], other: 404, ids: { id: 'tramite' } },
 * or the same row with its builder: on('tramite', 'GET /api/v1/tramites/{id}/algo', [15, 16, 17, 18, 19, 20])
 * (`on` for a record of the fixture, `open` for routes without one, `noEnviado` for an unsent procedure's record).
 * `who` is who gets past authorization with real ids of their own tenant; `other` is what the same
 * profile of another tenant gets for those ids (404, never 403, docs/design-summary.md §4), or 'n/a' for routes
 * without a tenant's id. Path parameters name a record of the fixture (FIXTURE_KEYS below, built by
 * the test from the demo data) or a literal after '='.
 *
 * Definitions the test applies:
 * - allowed: the caller's profile is in `who`; the answer is none of 401, 403, 404 (DELETE: 404
 *   is accepted, an earlier allowed caller may have removed the record) and never 5xx.
 * - denied: any other profile of the same tenant gets `denied` (403 unless the row says 404, for
 *   routes that hide the record's existence), or `deniedAs[profile]` where a profile differs.
 * - other tenant: with `other: 404`, every allowed profile of the other subscription (a
 *   self-registered company), the other provider company (prestador2@demo.ec) and the platform
 *   operator get 404 for the ids of the demo insurer and the first provider; with 'n/a' they are
 *   simply allowed. A profile the row refuses gets 403 or 404 from another tenant (the check may run
 *   before or after the record is looked up: both hide it).
 * - 'operator' rows: only the platform operator (usuario.plataforma) gets past; everyone else 403.
 * - without a session: 401 unless `who` is 'public'.
 * Write requests carry `body` (default: none) or `bodyFromRead`. With no body, validation answers
 * 400 to an allowed caller, which is enough as long as the permission check runs before validation
 * (onRequest or preValidation). Where the check runs in the handler, the row gives a valid body that
 * the action then refuses for its state or version (409/422), so the shared fixture survives.
 * Another tenant's caller of a body-less write may get that 400 too (validation runs before the
 * record is looked up, so the answer says nothing of the record): accepted only for rows without a
 * body; rows with a body prove the 404. Deletions run last. AUTHZ_RECORD=<file> writes every status.
 */

import { REPORTES_ESTADISTICOS_IDS } from '@app/domain';

/** Profile ids (docs/design-summary.md §4). */
export type Perfil = 1 | 15 | 16 | 17 | 18 | 19 | 20;
export const PERFILES: readonly Perfil[] = [1, 15, 16, 17, 18, 19, 20];

/**
 * Who may call a route: 'public' (no session), 'any' signed-in user, 'operator' (the platform
 * operator only, `usuario.plataforma`: writes of system-wide catalogues, issue 11 item 3), or
 * profile ids.
 */
export type Who = 'public' | 'any' | 'operator' | readonly Perfil[];

/** Records of the fixture the test builds (ids of the demo insurer's subscription and the first provider). */
export const FIXTURE_KEYS = [
  'tramite', // the clinic's procedure EN PROCESO, its attentions assigned to 18 (AM) and 20 (GD)
  'tramiteNoEnviado', // the clinic's procedure not sent yet (DOCUMENTADO), with loads and attentions
  'planilla', // an attention of `tramite`, assigned to auditor.am and gestor.gd
  'planillaLibre', // an attention of `tramite` assigned to nobody
  'planillaNoEnviada', // an attention of `tramiteNoEnviado` (a provider's unsent work)
  'carga', // a load of `tramite`
  'cargaNoEnviada', // the load of `tramiteNoEnviado`
  'detalle', // a line item of `planilla`
  'archivo', // a stored file of `planilla`
  'bitacora', // a log entry of `tramite`
  'autorizacion', // an authorization request of `tramite`
  'cargaAmb', // an outpatient attention of `tramite`
  'cargaApi', // a load of `tramite` with a supporting file (integration API)
  'respaldo', // that supporting file
  'sandboxCarga', // a load of the clinic's sandbox procedure
  'sandboxRespaldo', // its supporting file
  'apiToken', // an integration token of prestador@demo.ec
  'diagnostico', // a CIE-10 code's id (shared catalogue)
  'cedula', // a patient of `tramite`
  'usuario', // a disposable insurer-staff user of the demo insurer
  'persona', // a person of the demo insurer
  'medico', // a doctor of the demo insurer
  'empresa', // the demo insurer's company
  'empresaBorrable', // a disposable company of the demo insurer's subscription
  'medio', // a contact of `empresa`
  'imagen', // an image of `empresa`
  'suscripcion', // the demo insurer's subscription
  'suscripcionBorrable', // a disposable, cancelled subscription of the demo insurer
  'suscAud', // an audit entry of `suscripcion`
  'suscPago', // a payment of `suscripcion`
  'asegurador', // the demo insurer
  'prestador', // the clinic (first provider)
  'observacionPla', // a draft observation (M) on `planilla`, by supervisor.am
] as const;
export type FixtureKey = (typeof FIXTURE_KEYS)[number] | `cat.${string}`;

export type Row = {
  /** Method and path exactly as in the OpenAPI document: 'GET /api/v1/tramites/{id}'. */
  route: string;
  /** A second row of the same route tries another case (another record or action): its name. */
  variant?: string;
  who: Who;
  /** What the same profile of another tenant gets for this row's ids. */
  other: 404 | 'n/a';
  /** The other provider company of the same subscription, where it differs from `other`. */
  otherProvider?: 404 | 'n/a';
  /** Path parameter → fixture key, or '=literal'. */
  ids?: Record<string, FixtureKey | `=${string}`>;
  /** Query string, `{key}` replaced by the fixture's id. */
  query?: string;
  /** JSON body (`{key}` strings replaced by the fixture's id, as numbers). */
  body?: unknown;
  /**
   * The body is the record as the first allowed caller reads it (GET of the same path; its `item`
   * if it has one) with these fields replaced: a valid body without writing one by hand.
   */
  bodyFromRead?: Record<string, unknown>;
  /** What a denied profile gets (default 403); 401 with `who: 'public'`: nobody without a valid signed link. */
  denied?: 401 | 403 | 404;
  /** Per-profile exceptions to `denied`. */
  deniedAs?: Partial<Record<Perfil, 403 | 404>>;
  /** The request ends the caller's session (logout): sent with a session of its own. */
  ownSession?: boolean;
  /** Why, when the row is not obvious; 'issue 11 item n' when it waits on that fix. */
  note?: string;
};

const ANY = 'any' as const;
const PUBLIC = 'public' as const;
const OPERATOR = 'operator' as const;
/** Insurer staff (16–20) and the subscription's administrator. */
const INSURER = [1, 16, 17, 18, 19, 20] as const;
const STAFF = [16, 17, 18, 19, 20] as const;

/**
 * Catalogues (`/api/v1/catalogos/{name}`): five routes each (list, create, read, update, delete;
 * two for read-only views). `read`/`write`: who may; `other`: what another tenant gets for the
 * demo insurer's row (the clinic's for the provider's catalogues).
 */
export type CatalogRow = {
  name: string;
  read: Who;
  write: Who;
  other: 404 | 'n/a';
  otherProvider?: 404 | 'n/a';
  readOnly?: boolean;
  deniedAs?: Partial<Record<Perfil, 403 | 404>>;
  note?: string;
};

/** System-wide: everyone reads, only a platform operator writes (issue 11 item 3). */
const system = (name: string): CatalogRow => ({
  name,
  read: ANY,
  write: OPERATOR,
  other: 'n/a',
  note: 'system-wide (issue 11 item 3)',
});
/** A tenant's own rows: its users read them, holders of the write flag write them. */
const tenant = (name: string, write: Who, extra: Partial<CatalogRow> = {}): CatalogRow => ({
  name,
  read: ANY,
  write,
  other: 404,
  ...extra,
});
/** The insurer company's own rows: the provider is another company (404). */
const insurerOwn = (name: string, write: Who): CatalogRow => tenant(name, write, { deniedAs: { 15: 404 } });
/** The insurer's rows its providers read too (tenant 'red' upwards): only another subscription gets 404. */
const insurerShared = (name: string, write: Who): CatalogRow => tenant(name, write, { otherProvider: 'n/a' });
/**
 * A company's own settings (catalogue `readScope: 'propia'`): only who may write them reads them, in its company
 * and the companies under it; never the providers working under the insurer.
 */
const companyOwn = (name: string, who: Who): CatalogRow => tenant(name, who, { read: who });
const view = (name: string, extra: Partial<CatalogRow> = {}): CatalogRow => ({
  name,
  read: ANY,
  write: OPERATOR,
  other: 404,
  readOnly: true,
  ...extra,
});

/** menuParametros: the administrator and the supervisors. */
const PARAMETROS = [1, 17, 19] as const;

export const CATALOG_ROWS: readonly CatalogRow[] = [
  system('tipoiden'),
  system('estadocivil'),
  system('localidad'),
  system('formapago'),
  system('plan'),
  system('especialidad'),
  system('servicio'),
  system('tipoelem'),
  system('claselem'),
  system('clasdiag'),
  system('tipoexamen'),
  system('mediocom'),
  system('moduplan'),
  system('semana'),
  system('elemento'),
  system('diagnostico'),
  system('examen'),
  system('elemexam'),
  insurerShared('tarifario', PARAMETROS),
  insurerShared('tarifaaseg', PARAMETROS),
  tenant('elempres', PARAMETROS),
  tenant('tarifapres', PARAMETROS),
  tenant('espepres', PARAMETROS),
  companyOwn('clasaseg', PARAMETROS),
  insurerOwn('factura', PARAMETROS),
  insurerOwn('facturadet', PARAMETROS),
  insurerOwn('pago', PARAMETROS),
  insurerOwn('observacion', PARAMETROS),
  insurerOwn('respuesta', PARAMETROS),
  insurerOwn('plantilla', PARAMETROS),
  insurerOwn('plantilladet', PARAMETROS),
  view('vwprestador'),
  view('vwasegurador', { otherProvider: 'n/a' }),
  view('vwempresa', { otherProvider: 'n/a' }),
  view('vwpersona', { deniedAs: { 15: 404 } }),
  view('vwmedico', { deniedAs: { 15: 404 } }),
  view('vwsuscripcion', { deniedAs: { 15: 404 } }),
  system('perfil'),
  companyOwn('horario', [1]),
  companyOwn('paremp', [1]),
];

function catalogRoutes(c: CatalogRow): Row[] {
  const base = `/api/v1/catalogos/${c.name}`;
  const ids = { id: `cat.${c.name}` as FixtureKey };
  const extra = { other: c.other, otherProvider: c.otherProvider, note: c.note };
  // A profile the row's record hides (deniedAs) still lists its own rows.
  const hidden = Object.keys(c.deniedAs ?? {}).map(Number);
  const readOne: Who =
    c.read === 'any' && hidden.length ? PERFILES.filter((p) => !hidden.includes(p)) : c.read;
  const rows: Row[] = [
    { route: `GET ${base}`, who: c.read, other: 'n/a', note: c.note },
    { route: `GET ${base}/{id}`, who: readOne, deniedAs: c.deniedAs, ids, ...extra },
  ];
  if (c.readOnly) return rows;
  return [
    ...rows,
    { route: `POST ${base}`, who: c.write, other: 'n/a', note: c.note },
    { route: `PUT ${base}/{id}`, who: c.write, ids, ...extra },
    { route: `DELETE ${base}/{id}`, who: c.write, ids, ...extra },
  ];
}

/** A row's name in messages: its route and variant. */
export const routeKey = (r: Row) => (r.variant ? `${r.route} [${r.variant}]` : r.route);

/** Insurer staff (16–20) and the provider. */
const INSURER_STAFF_AND_PROVIDER = [15, 16, 17, 18, 19, 20] as const;
/** Insurer staff, the subscription's administrator and the provider. */
const INSURER_AND_PROVIDER = [1, 15, 16, 17, 18, 19, 20] as const;

/** The raw rows of a whole load: not for 18 and 20, who see only the attentions assigned to them. */
const WHOLE_LOAD = { who: [1, 15, 16, 17, 19], deniedAs: { 18: 404, 20: 404 }, other: 404 } as const;

/** A workflow action on the procedure EN PROCESO, stating its current state: refused for its state (409/422) to the allowed. */
function accion(name: string, who: readonly Perfil[], body: Record<string, unknown> = {}): Row[] {
  return [
    {
      route: 'POST /api/v1/tramites/{id}/acciones/{accion}',
      variant: name,
      who,
      other: 404,
      ids: { id: 'tramite', accion: `=${name}` },
      body: { estadoActual: 'EN PROCESO', ...body },
    },
  ];
}

/** An administration resource (moduloAdministracion: profile 1): list, create, read, update, delete. */
function admin(base: string, key: FixtureKey, opts: { readId?: FixtureKey } = {}): Row[] {
  const read = { id: opts.readId ?? key };
  return [
    { route: `GET ${base}`, who: [1], other: 'n/a' },
    { route: `POST ${base}`, who: [1], other: 'n/a' },
    { route: `GET ${base}/{id}`, who: [1], other: 404, ids: read },
    { route: `PUT ${base}/{id}`, who: [1], other: 404, ids: read },
    { route: `DELETE ${base}/{id}`, who: [1], other: 404, ids: { id: key } },
  ];
}

/** A route on records of the fixture (`id`, or each path parameter): another tenant gets 404. */
function on(
  ids: FixtureKey | NonNullable<Row['ids']>,
  route: string,
  who: Who,
  extra: Partial<Row> = {},
): Row {
  return { route, who, other: 404, ids: typeof ids === 'string' ? { id: ids } : ids, ...extra };
}

/** The provider's record of a procedure not sent yet: the insurer's side gets 404 (issue 11 item 4). */
function noEnviado(route: string, key: FixtureKey, extra: Partial<Row> = {}): Row {
  return { route, variant: 'not sent', who: [15], denied: 404, other: 404, ids: { id: key }, ...extra };
}

/** A route without a tenant's record in its path: another tenant's caller is simply allowed ('n/a'). */
function open(route: string, who: Who, extra: Partial<Row> = {}): Row {
  return { route, who, other: 'n/a', ...extra };
}

export const ROUTES: readonly Row[] = [
  // Service and session (docs/design-summary.md §3).
  open('GET /api/health', PUBLIC),
  open('POST /api/v1/auth/login', PUBLIC),
  open('GET /api/v1/auth/me', ANY),
  // The caller's own preferences (decision 58): no id, nothing of another user reachable.
  open('GET /api/v1/auth/me/preferencias', ANY),
  open('PUT /api/v1/auth/me/preferencias', ANY),
  open('POST /api/v1/auth/logout', ANY, { ownSession: true }),
  open('POST /api/v1/auth/inactividad', ANY, { ownSession: true }),
  open('POST /api/v1/auth/cambiar-clave', ANY),
  open('GET /api/v1/auth/consejo', ANY),
  open('POST /api/v1/auth/acceso', ANY),
  open('POST /api/v1/auth/olvido-clave', PUBLIC),
  open('POST /api/v1/auth/restablecer-clave/{idUsuario}', PUBLIC, {
    ids: { idUsuario: 'usuario' },
    note: 'needs a valid single-use link',
  }),
  open('POST /api/v1/auth/2fa/iniciar', ANY, {
    body: { codigo: '000000' },
    note: 'the own account only; issue 11 item 9 (current code to change an active factor)',
  }),
  open('POST /api/v1/auth/2fa/confirmar', ANY),
  open('POST /api/v1/auth/2fa/desactivar', ANY),
  open('GET /api/v1/auth/correo-disponible', PUBLIC, {
    query: 'email=nadie@ejemplo.ec',
    note: 'rate-limited (issue 11 item 11)',
  }),

  // Procedures (docs/design-summary.md §4, §5): the provider's company, the insurer's subscription.
  open('GET /api/v1/tramites', [15], { variant: 'vista=carga', query: 'vista=carga' }),
  open('GET /api/v1/tramites', [16, 17, 19], { query: 'vista=todos' }),
  open('GET /api/v1/tramites', STAFF, { variant: 'vista=asignados', query: 'vista=asignados' }),
  open('POST /api/v1/tramites', [15]),
  on('tramite', 'GET /api/v1/tramites/{id}', INSURER_AND_PROVIDER),
  noEnviado('GET /api/v1/tramites/{id}', 'tramiteNoEnviado', { note: 'issue 11 item 4' }),
  on('tramite', 'PUT /api/v1/tramites/{id}', [15], {
    body: { fechaDesde: '2026-01-01', fechaHasta: '2026-01-31', descripcion: 'MATRIZ' },
    note: 'EN PROCESO: the provider gets 409',
  }),
  open('GET /api/v1/prestadores/mios', INSURER_AND_PROVIDER),
  open('GET /api/v1/tramites/acciones', ANY),
  ...accion('enviar', [15]),
  ...accion('recibir', [17]),
  ...accion('iniciar', [17, 19]),
  ...accion('planillaje', [17, 19]),
  ...accion('finalizar', [17, 19]),
  ...accion('reabrir', [17, 19]),
  ...accion('saltar-semana', [15]),
  ...accion('cambiar-asignacion', [17, 19]),
  ...accion('anular', [15]),
  // Issue 14 §2: what annulling would stop (for the confirmation); a sent procedure answers puedeAnular false.
  on('tramite', 'GET /api/v1/tramites/{id}/anulacion', INSURER_AND_PROVIDER),
  noEnviado('GET /api/v1/tramites/{id}/anulacion', 'tramiteNoEnviado'),
  on('tramite', 'GET /api/v1/tramites/{id}/bitacora', INSURER_AND_PROVIDER),
  on({ idBitacora: 'bitacora' }, 'GET /api/v1/bitacora/{idBitacora}', INSURER_AND_PROVIDER),
  on('tramite', 'GET /api/v1/tramites/{id}/bitacora/pdf', INSURER_AND_PROVIDER),

  // Loads (the provider uploads; the insurer side reads them once sent).
  on('tramite', 'POST /api/v1/tramites/{id}/cargas', [15]),
  on('tramite', 'GET /api/v1/tramites/{id}/cargas', INSURER_AND_PROVIDER),
  noEnviado('GET /api/v1/tramites/{id}/cargas', 'tramiteNoEnviado', { note: 'issue 11 item 4' }),
  on('carga', 'GET /api/v1/cargas/{id}', INSURER_AND_PROVIDER),
  noEnviado('GET /api/v1/cargas/{id}', 'cargaNoEnviada', { note: 'issue 11 item 4' }),
  { route: 'GET /api/v1/cargas/{id}/errores', ...WHOLE_LOAD, ids: { id: 'carga' } },
  { route: 'GET /api/v1/cargas/{id}/novedades', ...WHOLE_LOAD, ids: { id: 'carga' } },
  on('carga', 'POST /api/v1/cargas/{id}/organizar', [15]),
  on('carga', 'DELETE /api/v1/cargas/{id}', [15], { note: 'a load without errors of a sent procedure: 409' }),
  // Issue 14 §2: what deleting a load would remove (for the confirmation).
  on('carga', 'GET /api/v1/cargas/{id}/eliminacion', INSURER_AND_PROVIDER),
  noEnviado('GET /api/v1/cargas/{id}/eliminacion', 'cargaNoEnviada'),
  { route: 'GET /api/v1/tramites/{id}/archivos-datos/json', ...WHOLE_LOAD, ids: { id: 'tramite' } },
  noEnviado('GET /api/v1/tramites/{id}/archivos-datos/json', 'tramiteNoEnviado', { note: 'issue 11 item 4' }),
  {
    route: 'GET /api/v1/tramites/{id}/archivos-datos/json/errores',
    ...WHOLE_LOAD,
    ids: { id: 'tramite' },
    query: 'idCarga={carga}',
  },
  { route: 'GET /api/v1/tramites/{id}/archivos-datos/csv', ...WHOLE_LOAD, ids: { id: 'tramite' } },
  {
    route: 'GET /api/v1/tramites/{id}/archivos-datos/csv/errores',
    ...WHOLE_LOAD,
    ids: { id: 'tramite' },
    query: 'idCarga={carga}',
  },
  { route: 'GET /api/v1/tramites/{id}/filas', ...WHOLE_LOAD, ids: { id: 'tramite' } },
  noEnviado('GET /api/v1/tramites/{id}/filas', 'tramiteNoEnviado', { note: 'issue 11 item 4' }),
  open('GET /api/v1/semanas', ANY, { query: 'desde=2026-03-02&hasta=2026-03-29' }),
  {
    route: 'GET /api/v1/cargas/activas',
    who: INSURER_AND_PROVIDER,
    other: 404,
    query: 'idTramite={tramite}',
  },
  {
    route: 'GET /api/v1/cargas/activas/sin-archivos',
    who: INSURER_AND_PROVIDER,
    other: 404,
    query: 'idTramite={tramite}',
  },

  // Integration API (a provider's own system; docs/design-summary.md §3) and its tokens.
  open('GET /api/v1/api-tokens', [15]),
  open('POST /api/v1/api-tokens', [15]),
  on('apiToken', 'DELETE /api/v1/api-tokens/{id}', [15]),
  open('POST /api/v1/cargatramites/registro-datos', [15]),
  open('POST /api/v1/cargatramites/registro-completo', [15]),
  on('cargaApi', 'GET /api/v1/cargatramites/cargas/{id}/respaldos', INSURER_AND_PROVIDER, {
    note: 'reads follow GET /cargas/{id}',
  }),
  on('respaldo', 'GET /api/v1/cargatramites/respaldos/{id}', INSURER_AND_PROVIDER, {
    note: 'reads follow GET /cargas/{id}',
  }),
  open('POST /api/v1/sandbox/cargatramites/registro-datos', [15]),
  open('POST /api/v1/sandbox/cargatramites/registro-completo', [15]),
  on('sandboxCarga', 'GET /api/v1/sandbox/cargatramites/cargas/{id}/respaldos', [15], {
    denied: 404,
    note: 'the sandbox is invisible to the insurer',
  }),
  on('sandboxRespaldo', 'GET /api/v1/sandbox/cargatramites/respaldos/{id}', [15], {
    denied: 404,
    note: 'the sandbox is invisible to the insurer',
  }),
  open('GET /api/v1/sandbox/log', [15]),
  open('GET /api/v1/sandbox/tramites', [15]),
  open('DELETE /api/v1/sandbox/tramites', [15]),
  open('POST /api/v1/sandbox/autorizaciones', [15]),

  // Authorization requests (docs/spec-summary.md 002): the provider asks, 16/17/19 decide.
  on('tramite', 'GET /api/v1/tramites/{id}/autorizaciones', INSURER_AND_PROVIDER),
  on('tramite', 'POST /api/v1/tramites/{id}/autorizaciones', [15], {
    body: { descripcion: 'MATRIZ', fechaDesde: '2026-01-01', fechaHasta: '2026-01-02' },
  }),
  on('autorizacion', 'GET /api/v1/autorizaciones/{id}', INSURER_AND_PROVIDER),
  on('autorizacion', 'POST /api/v1/autorizaciones/{id}/rechazar', [16, 17, 19], {
    body: { observacion: 'MATRIZ' },
    note: 'the first allowed caller rejects it; the others get 409',
  }),
  on('autorizacion', 'POST /api/v1/autorizaciones/{id}/aprobar', [16, 17, 19], {
    note: 'already rejected: 409',
  }),
  on('autorizacion', 'POST /api/v1/autorizaciones/{id}/anular', [15]),

  // Attentions (docs/spec-summary.md 000 §6; docs/design-summary.md §4: 18 and 20 only what is assigned to them).
  open('GET /api/v1/diagnosticos', ANY, { query: 'q=J18' }),
  open('GET /api/v1/diagnosticos/codigo/{codigo}', ANY, { ids: { codigo: '=J18.1' } }),
  open('GET /api/v1/diagnosticos/{id}/planillas', INSURER_AND_PROVIDER, {
    ids: { id: 'diagnostico' },
    note: 'a shared code; the list is limited to the caller’s tenant',
  }),
  open('GET /api/v1/plantillas', ANY),
  on('planilla', 'POST /api/v1/planillas/{id}/plantilla', [17, 18], {
    body: { idPlantilla: '{cat.plantilla}', version: -1 },
  }),
  on('planilla', 'DELETE /api/v1/planillas/{id}/plantilla', [17, 18]),
  on('planilla', 'GET /api/v1/planillas/{id}/resumen.pdf', INSURER_AND_PROVIDER),
  { route: 'GET /api/v1/planillas', who: INSURER_AND_PROVIDER, other: 404, query: 'idTramite={tramite}' },
  {
    route: 'GET /api/v1/planillas',
    variant: 'not sent',
    who: [15],
    denied: 404,
    other: 404,
    query: 'idTramite={tramiteNoEnviado}',
    note: 'issue 11 item 4',
  },
  {
    route: 'GET /api/v1/planillas/export.csv',
    who: INSURER_AND_PROVIDER,
    other: 404,
    query: 'idTramite={tramite}',
  },
  {
    route: 'GET /api/v1/planillas/siguiente-pendiente',
    who: INSURER_AND_PROVIDER,
    other: 404,
    query: 'idTramite={tramite}',
  },
  {
    route: 'GET /api/v1/planillas/pendientes',
    who: INSURER_AND_PROVIDER,
    other: 404,
    query: 'idTramite={tramite}',
  },
  {
    route: 'GET /api/v1/planillas/buscar',
    who: INSURER_AND_PROVIDER,
    other: 404,
    query: 'idTramite={tramite}&tipo=nombres&valor=A',
  },
  on('planilla', 'GET /api/v1/planillas/{id}', INSURER_AND_PROVIDER),
  on('planillaLibre', 'GET /api/v1/planillas/{id}', [1, 15, 16, 17, 19], {
    variant: 'assigned to nobody',
    deniedAs: { 18: 404, 20: 404 },
  }),
  noEnviado('GET /api/v1/planillas/{id}', 'planillaNoEnviada', { note: 'issue 11 item 4' }),
  on('planilla', 'PUT /api/v1/planillas/{id}', [17, 18, 19, 20], {
    bodyFromRead: { version: -1 },
    note: 'the record as read, with a stale version: the allowed get 409',
  }),
  on('planillaLibre', 'DELETE /api/v1/planillas/{id}', [16, 17, 19], {
    deniedAs: { 18: 404, 20: 404 },
    note: 'not assigned: hidden from 18 and 20',
  }),
  on('planilla', 'POST /api/v1/planillas/{id}/restaurar', [16, 17, 19]),
  on('planilla', 'PUT /api/v1/planillas/{id}/nivel', [16, 17, 18, 19, 20], {
    body: { nivel: 1, version: -1 },
  }),
  on('carga', 'PUT /api/v1/cargas/{id}/nivel', [16, 17, 19], { body: { nivel: 1, version: -1 } }),
  on('planilla', 'GET /api/v1/planillas/{id}/otras', INSURER_AND_PROVIDER),
  on('planilla', 'GET /api/v1/planillas/{id}/auditoria', [16, 17, 19]),

  // Review and assignment (docs/design-summary.md §5).
  on('tramite', 'GET /api/v1/tramites/{id}/asignaciones/cargas', [16, 17], { query: 'tipo=M' }),
  on('tramite', 'GET /api/v1/tramites/{id}/asignaciones/planillas', [16, 17], { query: 'tipo=M' }),
  on('tramite', 'GET /api/v1/tramites/{id}/asignaciones', [16, 17], { query: 'tipo=M' }),
  on('tramite', 'POST /api/v1/tramites/{id}/asignaciones', [16, 17], {
    body: { tipo: 'M', idUsuario: 999999, idPlanillas: [999999] },
  }),
  on('planilla', 'POST /api/v1/planillas/{id}/revision', [17, 18], { body: { tipo: 'M', version: -1 } }),
  on('planilla', 'POST /api/v1/planillas/{id}/revision/reiniciar', [17, 18], {
    body: { tipo: 'M', version: -1 },
  }),
  on('planilla', 'POST /api/v1/planillas/{id}/revision/finalizar', [17], {
    body: { tipo: 'M', version: -1 },
  }),
  on('planilla', 'POST /api/v1/planillas/{id}/revision/reabrir', [17], { body: { tipo: 'M', version: -1 } }),
  on('carga', 'POST /api/v1/cargas/{id}/revision/finalizar', [17], { body: { tipo: 'M' } }),
  on('tramite', 'GET /api/v1/tramites/{id}/controles', [16, 17, 19]),
  on({ id: 'tramite', n: '=1' }, 'GET /api/v1/tramites/{id}/controles/{n}', [16, 17, 19]),
  on('planilla', 'GET /api/v1/planillas/{id}/detalles', INSURER_AND_PROVIDER),
  on(
    { id: 'planilla', idDet: 'detalle' },
    'PUT /api/v1/planillas/{id}/detalles/{idDet}/estado',
    [16, 17, 18],
    { body: { estado: 1, version: -1 } },
  ),
  // Line items written by the audit and the money of the audit (issue 13 items 2–3): version -1 → 409.
  on('planilla', 'POST /api/v1/planillas/{id}/detalles', [16, 17, 18, 19], {
    body: { idElemento: '{cat.elemento}', cantidad: 1, version: -1 },
  }),
  on({ id: 'planilla', idDet: 'detalle' }, 'PUT /api/v1/planillas/{id}/detalles/{idDet}', [16, 17, 18, 19], {
    body: { cantidad: 1, version: -1 },
  }),
  on(
    { id: 'planilla', idDet: 'detalle' },
    'PUT /api/v1/planillas/{id}/detalles/{idDet}/aprobado',
    [16, 17, 18],
    { body: { valorAprobado: '0.00', version: -1 } },
  ),
  on(
    { id: 'planilla', idDet: 'detalle' },
    'PUT /api/v1/planillas/{id}/detalles/{idDet}/fecha',
    [16, 17, 18, 19],
    { body: { fechaAtencion: '2026-01-01', version: -1 } },
  ),
  on(
    { id: 'planilla', idDet: 'detalle' },
    'POST /api/v1/planillas/{id}/detalles/{idDet}/glosa-tarifa',
    [16, 17, 18],
    { body: { version: -1 } },
  ),
  on('planilla', 'GET /api/v1/planillas/{id}/tarifas', INSURER_AND_PROVIDER, { query: 'q=co' }),
  on('planilla', 'GET /api/v1/planillas/{id}/elementos', INSURER_AND_PROVIDER, { query: 'q=co' }),
  on('planilla', 'GET /api/v1/planillas/{id}/totales', INSURER_AND_PROVIDER),
  on('tramite', 'GET /api/v1/tramites/{id}/totales', INSURER_AND_PROVIDER),
  // Money out (issue 15 items 2 and 5; decisions 55–57): the financial report and the payment file for
  // 16, 17 and 19; the FHIR export for whoever sees every attention of the procedure.
  on('tramite', 'GET /api/v1/tramites/{id}/reporte-financiero', [16, 17, 19]),
  on('tramite', 'GET /api/v1/tramites/{id}/pagos', [16, 17, 19]),
  on('tramite', 'POST /api/v1/tramites/{id}/pagos', [16, 17, 19], {
    note: 'the fixture is EN PROCESO: 409 (only FINALIZADO) before the file is read',
  }),
  { route: 'GET /api/v1/tramites/{id}/fhir', ...WHOLE_LOAD, ids: { id: 'tramite' } },
  on('cat.elempres', 'GET /api/v1/elempres/{id}/equivalencia', ANY),
  on('cat.elempres', 'PUT /api/v1/elempres/{id}/equivalencia', PARAMETROS, {
    body: { idElemento: '{cat.elemento}' },
    note: 'menuParametros, as the elempres catalogue',
  }),
  on('planilla', 'GET /api/v1/planillas/{id}/observaciones', INSURER_AND_PROVIDER, { query: 'tipo=M' }),
  on('tramite', 'GET /api/v1/tramites/{id}/observaciones', INSURER_STAFF_AND_PROVIDER, {
    note: 'the provider sees the sent ones only',
  }),
  on('tramite', 'GET /api/v1/tramites/{id}/respuestas-estandar', INSURER_STAFF_AND_PROVIDER, {
    note: "the procedure's insurer's standard answers (answer screens)",
  }),

  // Observations and answers (docs/spec-summary.md 000 §6): staff write them, the provider answers once sent.
  on('planilla', 'POST /api/v1/planillas/{id}/observaciones', [16, 17, 18], {
    body: { tipo: 'M', idObservacion: '{cat.observacion}', descripcion: 'MATRIZ' },
    note: 'tipo M: 16, 17 and the assigned 18',
  }),
  on('detalle', 'POST /api/v1/planilla-detalles/{id}/observaciones', STAFF),
  on({ nivel: '=planilla', id: 'observacionPla' }, 'GET /api/v1/observaciones/{nivel}/{id}', INSURER, {
    deniedAs: { 15: 404 },
    note: 'a draft: hidden from the provider until sent',
  }),
  on({ nivel: '=planilla', id: 'observacionPla' }, 'PUT /api/v1/observaciones/{nivel}/{id}', STAFF),
  on({ nivel: '=planilla', id: 'observacionPla' }, 'DELETE /api/v1/observaciones/{nivel}/{id}', STAFF, {
    query: 'version=-1&tipo=M',
  }),
  on({ nivel: '=planilla', id: 'observacionPla' }, 'POST /api/v1/observaciones/{nivel}/{id}/respuesta', [15]),
  on({ nivel: '=planilla', id: 'observacionPla' }, 'POST /api/v1/observaciones/{nivel}/{id}/aceptar', STAFF),
  on('planilla', 'GET /api/v1/planillas/{id}/observaciones/completitud', INSURER_AND_PROVIDER, {
    query: 'tipo=M',
  }),
  on('tramite', 'GET /api/v1/tramites/{id}/observaciones/completitud', INSURER_AND_PROVIDER, {
    query: 'tipo=M',
  }),
  on('tramite', 'POST /api/v1/tramites/{id}/acciones/enviar-observaciones', [17], {
    body: { tipo: 'M', estadoActual: 'OBSERVACIONES' },
    note: 'a stale state: 409',
  }),
  on('tramite', 'POST /api/v1/tramites/{id}/acciones/enviar-respuestas', [15], {
    body: { tipo: 'M', estadoActual: 'OBSERVACIONES' },
    note: 'a stale state: 409',
  }),
  on('planilla', 'POST /api/v1/planillas/{id}/observaciones/archivos', [15]),
  // The procedure reports (issue 15 item 1, decision 46): a report of every attention is refused (403)
  // to 18 and 20 unless the procedure is assigned to everybody (the fixture's is assigned by user).
  ...[11, 2, 4, 5, 6, 7, 8, 9, 10].map(
    (n): Row => ({
      route: 'GET /api/v1/reportes/pdf/{id}/{idTramite}',
      ...(n === 11 ? {} : { variant: `report ${n}` }),
      who: [1, 15, 16, 17, 19],
      other: 404,
      ids: { id: `=${n}`, idTramite: 'tramite' },
      ...(n === 2 ? { query: 'identificador02={carga}&tipo=M' } : {}),
      note: 'every attention at once: 18 and 20 get 403 unless tipoAsignacion is T',
    }),
  ),
  on({ id: '=9', idTramite: 'tramite' }, 'GET /api/v1/reportes/pdf/{id}/{idTramite}', INSURER_AND_PROVIDER, {
    variant: 'report 9 of one attention',
    query: 'idPlanilla={planilla}',
    note: 'the attention is assigned to auditor.am (18) and gestor.gd (20)',
  }),

  // Administration (docs/design-summary.md §4: the user's company; profile 1 its subscription).
  ...admin('/api/v1/usuarios', 'usuario'),
  ...admin('/api/v1/personas', 'persona'),
  open('GET /api/v1/personas/exportar', [1], {
    note: 'the persons list’s download: also needs opcionDescarga (docs/spec-summary.md 002 §6)',
  }),
  ...admin('/api/v1/medicos', 'medico'),
  ...admin('/api/v1/empresas', 'empresaBorrable', { readId: 'empresa' }),
  on('empresa', 'GET /api/v1/empresas/{id}/suscripcion-vigente', INSURER, {
    deniedAs: { 15: 404 },
    note: 'the insurer’s company: another company to the provider',
  }),
  on('empresa', 'GET /api/v1/empresas/{id}/medios', [1]),
  on('empresa', 'POST /api/v1/empresas/{id}/medios', [1], {
    body: { idMedioCom: '{cat.mediocom}', descripcion: '0999999998' },
  }),
  on({ id: 'empresa', idDetalle: 'medio' }, 'GET /api/v1/empresas/{id}/medios/{idDetalle}', [1]),
  on({ id: 'empresa', idDetalle: 'medio' }, 'PUT /api/v1/empresas/{id}/medios/{idDetalle}', [1]),
  on({ id: 'empresa', idDetalle: 'medio' }, 'DELETE /api/v1/empresas/{id}/medios/{idDetalle}', [1]),
  on('empresa', 'GET /api/v1/empresas/{id}/imagenes', [1]),
  on('empresa', 'POST /api/v1/empresas/{id}/imagenes', [1]),
  on({ id: 'empresa', idDetalle: 'imagen' }, 'GET /api/v1/empresas/{id}/imagenes/{idDetalle}', [1]),
  on({ id: 'empresa', idDetalle: 'imagen' }, 'DELETE /api/v1/empresas/{id}/imagenes/{idDetalle}', [1]),
  on('empresa', 'GET /api/v1/empresas/{id}/logo', INSURER, {
    deniedAs: { 15: 404 },
    note: 'the own company’s logo, for every user of it',
  }),
  ...admin('/api/v1/suscripciones', 'suscripcionBorrable', { readId: 'suscripcion' }),
  on('suscripcion', 'GET /api/v1/suscripciones/{id}/auditoria', [1]),
  on('suscAud', 'GET /api/v1/suscripciones-aud/{id}', [1]),
  on('suscripcion', 'GET /api/v1/suscripciones/{id}/facturas', [1]),
  ...admin('/api/v1/suscpagos', 'suscPago'),
  ...admin('/api/v1/aseguradores', 'asegurador'),
  on('asegurador', 'GET /api/v1/aseguradores/{id}/tarifa-detalle', [1]),
  ...admin('/api/v1/prestadores', 'prestador'),
  { route: 'GET /api/v1/tramites/{id}/cargaamb', ...WHOLE_LOAD, ids: { id: 'tramite' } },
  on('tramite', 'POST /api/v1/tramites/{id}/cargaamb', [17, 19]),
  {
    route: 'GET /api/v1/tramites/{id}/cargaamb/{idCargaAmb}',
    ...WHOLE_LOAD,
    ids: { id: 'tramite', idCargaAmb: 'cargaAmb' },
  },

  // Self-registration (public) and renewal (the subscription's administrator).
  open('GET /api/v1/registro/planes', PUBLIC),
  open('GET /api/v1/registro/formas-pago', PUBLIC),
  open('POST /api/v1/registro', PUBLIC),
  open('GET /api/v1/registro/renovacion', [1]),
  open('POST /api/v1/registro/renovacion', [1]),

  // Sessions log (the administrator, of the own subscription).
  open('GET /api/v1/sesiones', [1]),
  open('GET /api/v1/sesiones/errores', [1]),
  open('GET /api/v1/sesiones/accesos', [1]),
  open('GET /api/v1/sesiones/por-mes', [1]),
  open('GET /api/v1/sesiones/por-dia', [1]),

  // Report pages (decision 66): the insurer's managers, each over its own subscription's procedures.
  ...REPORTES_ESTADISTICOS_IDS.flatMap((id): Row[] => [
    open(`GET /api/v1/estadisticas/${id}`, [1, 16, 17, 19]),
    open(`GET /api/v1/estadisticas/${id}/exportar`, [1, 16, 17, 19], { query: 'formato=xlsx' }),
  ]),
  open('GET /api/v1/sandbox-log', [1]),

  // Tools and help.
  open('GET /api/v1/herramientas/vademecum', ANY),
  open('GET /api/v1/herramientas/cobertura/{cedula}', INSURER_AND_PROVIDER, {
    ids: { cedula: 'cedula' },
    note: 'a patient’s id, not a record: each tenant sees its own attentions',
  }),
  open('GET /api/v1/herramientas/cobertura/{cedula}/atenciones', INSURER_AND_PROVIDER, {
    ids: { cedula: 'cedula' },
    note: 'the claim lookup: a patient’s id, not a record; each tenant pages its own attentions',
  }),
  open('GET /api/v1/manual-datos.pdf', PUBLIC),
  open('GET /api/v1/manual-datos/ejemplo.csv', PUBLIC),
  open('GET /api/v1/manual-datos/ejemplo.json', PUBLIC),
  open('GET /api/v1/manual-datos/ejemplo.xlsx', PUBLIC),
  open('GET /api/v1/manual-pagos.pdf', PUBLIC),
  open('GET /api/v1/manual-pagos/ejemplo.csv', PUBLIC),
  open('GET /api/v1/manual-pagos/ejemplo.xlsx', PUBLIC),

  // Stored files (docs/design-summary.md §8).
  on('carga', 'POST /api/v1/cargas/{id}/archivos', [15]),
  on('planilla', 'GET /api/v1/planillas/{id}/archivos', INSURER_AND_PROVIDER),
  on('archivo', 'GET /api/v1/archivos-pla/{id}', INSURER_AND_PROVIDER),
  on('archivo', 'GET /api/v1/archivos-pla/{id}/contenido', INSURER_AND_PROVIDER),
  on('archivo', 'POST /api/v1/archivos-pla/{id}/enlace', INSURER_AND_PROVIDER),
  on('tramite', 'GET /api/v1/tramites/{id}/zip', INSURER_AND_PROVIDER),
  on('tramite', 'POST /api/v1/tramites/{id}/zip/enlace', INSURER_AND_PROVIDER, { body: {} }),
  open('GET /api/v1/descargas', PUBLIC, {
    denied: 401,
    query: 't=x',
    note: 'no session: a valid single-use signed link is the only credential (archivos tests)',
  }),
  on('tramite', 'GET /api/v1/tramites/{id}/planillas-sin-archivos', INSURER_AND_PROVIDER),
  on('tramite', 'GET /api/v1/tramites/{id}/archivos-nuevos', [16, 17, 19], {
    query: 'desde=2026-01-01&hasta=2026-12-31',
  }),
  on('tramite', 'GET /api/v1/tramites/{id}/archivos-por-carga', [16, 17, 19]),

  ...CATALOG_ROWS.flatMap(catalogRoutes),
];
