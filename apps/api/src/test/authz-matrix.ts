/*
 * The authorization matrix (issue 11): for every route of the OpenAPI document, which profiles may
 * call it and what a caller of another tenant gets. `features/security/authz-matrix.test.ts` walks
 * every row × profile × tenant and fails on any difference, and on any route of the document
 * without a row here.
 *
 * Adding a route: add one line to ROUTES, e.g.
 *   { route: 'GET /api/v1/tramites/{id}/algo', who: [15, 16, 17, 18, 19, 20], other: 404, ids: { id: 'tramite' } },
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

export const ROUTES: readonly Row[] = [
  // Service and session (docs/design-summary.md §3).
  { route: 'GET /api/health', who: PUBLIC, other: 'n/a' },
  { route: 'POST /api/v1/auth/login', who: PUBLIC, other: 'n/a' },
  { route: 'GET /api/v1/auth/me', who: ANY, other: 'n/a' },
  // The caller's own preferences (decision 58): no id, nothing of another user reachable.
  { route: 'GET /api/v1/auth/me/preferencias', who: ANY, other: 'n/a' },
  { route: 'PUT /api/v1/auth/me/preferencias', who: ANY, other: 'n/a' },
  { route: 'POST /api/v1/auth/logout', who: ANY, other: 'n/a', ownSession: true },
  { route: 'POST /api/v1/auth/inactividad', who: ANY, other: 'n/a', ownSession: true },
  { route: 'POST /api/v1/auth/cambiar-clave', who: ANY, other: 'n/a' },
  { route: 'GET /api/v1/auth/consejo', who: ANY, other: 'n/a' },
  { route: 'POST /api/v1/auth/acceso', who: ANY, other: 'n/a' },
  { route: 'POST /api/v1/auth/olvido-clave', who: PUBLIC, other: 'n/a' },
  {
    route: 'POST /api/v1/auth/restablecer-clave/{idUsuario}',
    who: PUBLIC,
    other: 'n/a',
    ids: { idUsuario: 'usuario' },
    note: 'needs a valid single-use link',
  },
  {
    route: 'POST /api/v1/auth/2fa/iniciar',
    who: ANY,
    other: 'n/a',
    body: { codigo: '000000' },
    note: 'the own account only; issue 11 item 9 (current code to change an active factor)',
  },
  { route: 'POST /api/v1/auth/2fa/confirmar', who: ANY, other: 'n/a' },
  { route: 'POST /api/v1/auth/2fa/desactivar', who: ANY, other: 'n/a' },
  {
    route: 'GET /api/v1/auth/correo-disponible',
    who: PUBLIC,
    other: 'n/a',
    query: 'email=nadie@ejemplo.ec',
    note: 'rate-limited (issue 11 item 11)',
  },

  // Procedures (docs/design-summary.md §4, §5): the provider's company, the insurer's subscription.
  { route: 'GET /api/v1/tramites', variant: 'vista=carga', who: [15], other: 'n/a', query: 'vista=carga' },
  { route: 'GET /api/v1/tramites', who: [16, 17, 19], other: 'n/a', query: 'vista=todos' },
  {
    route: 'GET /api/v1/tramites',
    variant: 'vista=asignados',
    who: STAFF,
    other: 'n/a',
    query: 'vista=asignados',
  },
  { route: 'POST /api/v1/tramites', who: [15], other: 'n/a' },
  { route: 'GET /api/v1/tramites/{id}', who: INSURER_AND_PROVIDER, other: 404, ids: { id: 'tramite' } },
  {
    route: 'GET /api/v1/tramites/{id}',
    variant: 'not sent',
    who: [15],
    denied: 404,
    other: 404,
    ids: { id: 'tramiteNoEnviado' },
    note: 'issue 11 item 4',
  },
  {
    route: 'PUT /api/v1/tramites/{id}',
    who: [15],
    other: 404,
    ids: { id: 'tramite' },
    body: { fechaDesde: '2026-01-01', fechaHasta: '2026-01-31', descripcion: 'MATRIZ' },
    note: 'EN PROCESO: the provider gets 409',
  },
  { route: 'GET /api/v1/prestadores/mios', who: INSURER_AND_PROVIDER, other: 'n/a' },
  { route: 'GET /api/v1/tramites/acciones', who: ANY, other: 'n/a' },
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
  {
    route: 'GET /api/v1/tramites/{id}/anulacion',
    who: INSURER_AND_PROVIDER,
    other: 404,
    ids: { id: 'tramite' },
  },
  {
    route: 'GET /api/v1/tramites/{id}/anulacion',
    variant: 'not sent',
    who: [15],
    denied: 404,
    other: 404,
    ids: { id: 'tramiteNoEnviado' },
  },
  {
    route: 'GET /api/v1/tramites/{id}/bitacora',
    who: INSURER_AND_PROVIDER,
    other: 404,
    ids: { id: 'tramite' },
  },
  {
    route: 'GET /api/v1/bitacora/{idBitacora}',
    who: INSURER_AND_PROVIDER,
    other: 404,
    ids: { idBitacora: 'bitacora' },
  },
  {
    route: 'GET /api/v1/tramites/{id}/bitacora/pdf',
    who: INSURER_AND_PROVIDER,
    other: 404,
    ids: { id: 'tramite' },
  },

  // Loads (the provider uploads; the insurer side reads them once sent).
  { route: 'POST /api/v1/tramites/{id}/cargas', who: [15], other: 404, ids: { id: 'tramite' } },
  {
    route: 'GET /api/v1/tramites/{id}/cargas',
    who: INSURER_AND_PROVIDER,
    other: 404,
    ids: { id: 'tramite' },
  },
  {
    route: 'GET /api/v1/tramites/{id}/cargas',
    variant: 'not sent',
    who: [15],
    denied: 404,
    other: 404,
    ids: { id: 'tramiteNoEnviado' },
    note: 'issue 11 item 4',
  },
  { route: 'GET /api/v1/cargas/{id}', who: INSURER_AND_PROVIDER, other: 404, ids: { id: 'carga' } },
  {
    route: 'GET /api/v1/cargas/{id}',
    variant: 'not sent',
    who: [15],
    denied: 404,
    other: 404,
    ids: { id: 'cargaNoEnviada' },
    note: 'issue 11 item 4',
  },
  { route: 'GET /api/v1/cargas/{id}/errores', ...WHOLE_LOAD, ids: { id: 'carga' } },
  { route: 'GET /api/v1/cargas/{id}/novedades', ...WHOLE_LOAD, ids: { id: 'carga' } },
  { route: 'POST /api/v1/cargas/{id}/organizar', who: [15], other: 404, ids: { id: 'carga' } },
  {
    route: 'DELETE /api/v1/cargas/{id}',
    who: [15],
    other: 404,
    ids: { id: 'carga' },
    note: 'a load without errors of a sent procedure: 409',
  },
  // Issue 14 §2: what deleting a load would remove (for the confirmation).
  {
    route: 'GET /api/v1/cargas/{id}/eliminacion',
    who: INSURER_AND_PROVIDER,
    other: 404,
    ids: { id: 'carga' },
  },
  {
    route: 'GET /api/v1/cargas/{id}/eliminacion',
    variant: 'not sent',
    who: [15],
    denied: 404,
    other: 404,
    ids: { id: 'cargaNoEnviada' },
  },
  { route: 'GET /api/v1/tramites/{id}/archivos-datos/json', ...WHOLE_LOAD, ids: { id: 'tramite' } },
  {
    route: 'GET /api/v1/tramites/{id}/archivos-datos/json',
    variant: 'not sent',
    who: [15],
    denied: 404,
    other: 404,
    ids: { id: 'tramiteNoEnviado' },
    note: 'issue 11 item 4',
  },
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
  {
    route: 'GET /api/v1/tramites/{id}/filas',
    variant: 'not sent',
    who: [15],
    denied: 404,
    other: 404,
    ids: { id: 'tramiteNoEnviado' },
    note: 'issue 11 item 4',
  },
  { route: 'GET /api/v1/semanas', who: ANY, other: 'n/a', query: 'desde=2026-03-02&hasta=2026-03-29' },
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
  { route: 'GET /api/v1/api-tokens', who: [15], other: 'n/a' },
  { route: 'POST /api/v1/api-tokens', who: [15], other: 'n/a' },
  { route: 'DELETE /api/v1/api-tokens/{id}', who: [15], other: 404, ids: { id: 'apiToken' } },
  { route: 'POST /api/v1/cargatramites/registro-datos', who: [15], other: 'n/a' },
  { route: 'POST /api/v1/cargatramites/registro-completo', who: [15], other: 'n/a' },
  {
    route: 'GET /api/v1/cargatramites/cargas/{id}/respaldos',
    who: INSURER_AND_PROVIDER,
    other: 404,
    ids: { id: 'cargaApi' },
    note: 'reads follow GET /cargas/{id}',
  },
  {
    route: 'GET /api/v1/cargatramites/respaldos/{id}',
    who: INSURER_AND_PROVIDER,
    other: 404,
    ids: { id: 'respaldo' },
    note: 'reads follow GET /cargas/{id}',
  },
  { route: 'POST /api/v1/sandbox/cargatramites/registro-datos', who: [15], other: 'n/a' },
  { route: 'POST /api/v1/sandbox/cargatramites/registro-completo', who: [15], other: 'n/a' },
  {
    route: 'GET /api/v1/sandbox/cargatramites/cargas/{id}/respaldos',
    who: [15],
    denied: 404,
    other: 404,
    ids: { id: 'sandboxCarga' },
    note: 'the sandbox is invisible to the insurer',
  },
  {
    route: 'GET /api/v1/sandbox/cargatramites/respaldos/{id}',
    who: [15],
    denied: 404,
    other: 404,
    ids: { id: 'sandboxRespaldo' },
    note: 'the sandbox is invisible to the insurer',
  },
  { route: 'GET /api/v1/sandbox/log', who: [15], other: 'n/a' },
  { route: 'GET /api/v1/sandbox/tramites', who: [15], other: 'n/a' },
  { route: 'DELETE /api/v1/sandbox/tramites', who: [15], other: 'n/a' },
  { route: 'POST /api/v1/sandbox/autorizaciones', who: [15], other: 'n/a' },

  // Authorization requests (docs/spec-summary.md 002): the provider asks, 16/17/19 decide.
  {
    route: 'GET /api/v1/tramites/{id}/autorizaciones',
    who: INSURER_AND_PROVIDER,
    other: 404,
    ids: { id: 'tramite' },
  },
  {
    route: 'POST /api/v1/tramites/{id}/autorizaciones',
    who: [15],
    other: 404,
    ids: { id: 'tramite' },
    body: { descripcion: 'MATRIZ', fechaDesde: '2026-01-01', fechaHasta: '2026-01-02' },
  },
  {
    route: 'GET /api/v1/autorizaciones/{id}',
    who: INSURER_AND_PROVIDER,
    other: 404,
    ids: { id: 'autorizacion' },
  },
  {
    route: 'POST /api/v1/autorizaciones/{id}/rechazar',
    who: [16, 17, 19],
    other: 404,
    ids: { id: 'autorizacion' },
    body: { observacion: 'MATRIZ' },
    note: 'the first allowed caller rejects it; the others get 409',
  },
  {
    route: 'POST /api/v1/autorizaciones/{id}/aprobar',
    who: [16, 17, 19],
    other: 404,
    ids: { id: 'autorizacion' },
    note: 'already rejected: 409',
  },
  { route: 'POST /api/v1/autorizaciones/{id}/anular', who: [15], other: 404, ids: { id: 'autorizacion' } },

  // Attentions (docs/spec-summary.md 000 §6; docs/design-summary.md §4: 18 and 20 only what is assigned to them).
  { route: 'GET /api/v1/diagnosticos', who: ANY, other: 'n/a', query: 'q=J18' },
  { route: 'GET /api/v1/diagnosticos/codigo/{codigo}', who: ANY, other: 'n/a', ids: { codigo: '=J18.1' } },
  {
    route: 'GET /api/v1/diagnosticos/{id}/planillas',
    who: INSURER_AND_PROVIDER,
    other: 'n/a',
    ids: { id: 'diagnostico' },
    note: 'a shared code; the list is limited to the caller’s tenant',
  },
  { route: 'GET /api/v1/plantillas', who: ANY, other: 'n/a' },
  {
    route: 'POST /api/v1/planillas/{id}/plantilla',
    who: [17, 18],
    other: 404,
    ids: { id: 'planilla' },
    body: { idPlantilla: '{cat.plantilla}', version: -1 },
  },
  { route: 'DELETE /api/v1/planillas/{id}/plantilla', who: [17, 18], other: 404, ids: { id: 'planilla' } },
  {
    route: 'GET /api/v1/planillas/{id}/resumen.pdf',
    who: INSURER_AND_PROVIDER,
    other: 404,
    ids: { id: 'planilla' },
  },
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
  { route: 'GET /api/v1/planillas/{id}', who: INSURER_AND_PROVIDER, other: 404, ids: { id: 'planilla' } },
  {
    route: 'GET /api/v1/planillas/{id}',
    variant: 'assigned to nobody',
    who: [1, 15, 16, 17, 19],
    deniedAs: { 18: 404, 20: 404 },
    other: 404,
    ids: { id: 'planillaLibre' },
  },
  {
    route: 'GET /api/v1/planillas/{id}',
    variant: 'not sent',
    who: [15],
    denied: 404,
    other: 404,
    ids: { id: 'planillaNoEnviada' },
    note: 'issue 11 item 4',
  },
  {
    route: 'PUT /api/v1/planillas/{id}',
    who: [17, 18, 19, 20],
    other: 404,
    ids: { id: 'planilla' },
    bodyFromRead: { version: -1 },
    note: 'the record as read, with a stale version: the allowed get 409',
  },
  {
    route: 'DELETE /api/v1/planillas/{id}',
    who: [16, 17, 19],
    deniedAs: { 18: 404, 20: 404 },
    other: 404,
    ids: { id: 'planillaLibre' },
    note: 'not assigned: hidden from 18 and 20',
  },
  { route: 'POST /api/v1/planillas/{id}/restaurar', who: [16, 17, 19], other: 404, ids: { id: 'planilla' } },
  {
    route: 'PUT /api/v1/planillas/{id}/nivel',
    who: [16, 17, 18, 19, 20],
    other: 404,
    ids: { id: 'planilla' },
    body: { nivel: 1, version: -1 },
  },
  {
    route: 'PUT /api/v1/cargas/{id}/nivel',
    who: [16, 17, 19],
    other: 404,
    ids: { id: 'carga' },
    body: { nivel: 1, version: -1 },
  },
  {
    route: 'GET /api/v1/planillas/{id}/otras',
    who: INSURER_AND_PROVIDER,
    other: 404,
    ids: { id: 'planilla' },
  },
  { route: 'GET /api/v1/planillas/{id}/auditoria', who: [16, 17, 19], other: 404, ids: { id: 'planilla' } },

  // Review and assignment (docs/design-summary.md §5).
  {
    route: 'GET /api/v1/tramites/{id}/asignaciones/cargas',
    who: [16, 17],
    other: 404,
    ids: { id: 'tramite' },
    query: 'tipo=M',
  },
  {
    route: 'GET /api/v1/tramites/{id}/asignaciones/planillas',
    who: [16, 17],
    other: 404,
    ids: { id: 'tramite' },
    query: 'tipo=M',
  },
  {
    route: 'GET /api/v1/tramites/{id}/asignaciones',
    who: [16, 17],
    other: 404,
    ids: { id: 'tramite' },
    query: 'tipo=M',
  },
  {
    route: 'POST /api/v1/tramites/{id}/asignaciones',
    who: [16, 17],
    other: 404,
    ids: { id: 'tramite' },
    body: { tipo: 'M', idUsuario: 999999, idPlanillas: [999999] },
  },
  {
    route: 'POST /api/v1/planillas/{id}/revision',
    who: [17, 18],
    other: 404,
    ids: { id: 'planilla' },
    body: { tipo: 'M', version: -1 },
  },
  {
    route: 'POST /api/v1/planillas/{id}/revision/reiniciar',
    who: [17, 18],
    other: 404,
    ids: { id: 'planilla' },
    body: { tipo: 'M', version: -1 },
  },
  {
    route: 'POST /api/v1/planillas/{id}/revision/finalizar',
    who: [17],
    other: 404,
    ids: { id: 'planilla' },
    body: { tipo: 'M', version: -1 },
  },
  {
    route: 'POST /api/v1/planillas/{id}/revision/reabrir',
    who: [17],
    other: 404,
    ids: { id: 'planilla' },
    body: { tipo: 'M', version: -1 },
  },
  {
    route: 'POST /api/v1/cargas/{id}/revision/finalizar',
    who: [17],
    other: 404,
    ids: { id: 'carga' },
    body: { tipo: 'M' },
  },
  { route: 'GET /api/v1/tramites/{id}/controles', who: [16, 17, 19], other: 404, ids: { id: 'tramite' } },
  {
    route: 'GET /api/v1/tramites/{id}/controles/{n}',
    who: [16, 17, 19],
    other: 404,
    ids: { id: 'tramite', n: '=1' },
  },
  {
    route: 'GET /api/v1/planillas/{id}/detalles',
    who: INSURER_AND_PROVIDER,
    other: 404,
    ids: { id: 'planilla' },
  },
  {
    route: 'PUT /api/v1/planillas/{id}/detalles/{idDet}/estado',
    who: [16, 17, 18],
    other: 404,
    ids: { id: 'planilla', idDet: 'detalle' },
    body: { estado: 1, version: -1 },
  },
  // Line items written by the audit and the money of the audit (issue 13 items 2–3): version -1 → 409.
  {
    route: 'POST /api/v1/planillas/{id}/detalles',
    who: [16, 17, 18, 19],
    other: 404,
    ids: { id: 'planilla' },
    body: { idElemento: '{cat.elemento}', cantidad: 1, version: -1 },
  },
  {
    route: 'PUT /api/v1/planillas/{id}/detalles/{idDet}',
    who: [16, 17, 18, 19],
    other: 404,
    ids: { id: 'planilla', idDet: 'detalle' },
    body: { cantidad: 1, version: -1 },
  },
  {
    route: 'PUT /api/v1/planillas/{id}/detalles/{idDet}/aprobado',
    who: [16, 17, 18],
    other: 404,
    ids: { id: 'planilla', idDet: 'detalle' },
    body: { valorAprobado: '0.00', version: -1 },
  },
  {
    route: 'PUT /api/v1/planillas/{id}/detalles/{idDet}/fecha',
    who: [16, 17, 18, 19],
    other: 404,
    ids: { id: 'planilla', idDet: 'detalle' },
    body: { fechaAtencion: '2026-01-01', version: -1 },
  },
  {
    route: 'POST /api/v1/planillas/{id}/detalles/{idDet}/glosa-tarifa',
    who: [16, 17, 18],
    other: 404,
    ids: { id: 'planilla', idDet: 'detalle' },
    body: { version: -1 },
  },
  {
    route: 'GET /api/v1/planillas/{id}/tarifas',
    who: INSURER_AND_PROVIDER,
    other: 404,
    ids: { id: 'planilla' },
    query: 'q=co',
  },
  {
    route: 'GET /api/v1/planillas/{id}/elementos',
    who: INSURER_AND_PROVIDER,
    other: 404,
    ids: { id: 'planilla' },
    query: 'q=co',
  },
  {
    route: 'GET /api/v1/planillas/{id}/totales',
    who: INSURER_AND_PROVIDER,
    other: 404,
    ids: { id: 'planilla' },
  },
  {
    route: 'GET /api/v1/tramites/{id}/totales',
    who: INSURER_AND_PROVIDER,
    other: 404,
    ids: { id: 'tramite' },
  },
  // Money out (issue 15 items 2 and 5; decisions 55–57): the financial report and the payment file for
  // 16, 17 and 19; the FHIR export for whoever sees every attention of the procedure.
  {
    route: 'GET /api/v1/tramites/{id}/reporte-financiero',
    who: [16, 17, 19],
    other: 404,
    ids: { id: 'tramite' },
  },
  { route: 'GET /api/v1/tramites/{id}/pagos', who: [16, 17, 19], other: 404, ids: { id: 'tramite' } },
  {
    route: 'POST /api/v1/tramites/{id}/pagos',
    who: [16, 17, 19],
    other: 404,
    ids: { id: 'tramite' },
    note: 'the fixture is EN PROCESO: 409 (only FINALIZADO) before the file is read',
  },
  { route: 'GET /api/v1/tramites/{id}/fhir', ...WHOLE_LOAD, ids: { id: 'tramite' } },
  { route: 'GET /api/v1/elempres/{id}/equivalencia', who: ANY, other: 404, ids: { id: 'cat.elempres' } },
  {
    route: 'PUT /api/v1/elempres/{id}/equivalencia',
    who: PARAMETROS,
    other: 404,
    ids: { id: 'cat.elempres' },
    body: { idElemento: '{cat.elemento}' },
    note: 'menuParametros, as the elempres catalogue',
  },
  {
    route: 'GET /api/v1/planillas/{id}/observaciones',
    who: INSURER_AND_PROVIDER,
    other: 404,
    ids: { id: 'planilla' },
    query: 'tipo=M',
  },
  {
    route: 'GET /api/v1/tramites/{id}/observaciones',
    who: INSURER_STAFF_AND_PROVIDER,
    other: 404,
    ids: { id: 'tramite' },
    note: 'the provider sees the sent ones only',
  },
  {
    route: 'GET /api/v1/tramites/{id}/respuestas-estandar',
    who: INSURER_STAFF_AND_PROVIDER,
    other: 404,
    ids: { id: 'tramite' },
    note: "the procedure's insurer's standard answers (answer screens)",
  },

  // Observations and answers (docs/spec-summary.md 000 §6): staff write them, the provider answers once sent.
  {
    route: 'POST /api/v1/planillas/{id}/observaciones',
    who: [16, 17, 18],
    other: 404,
    ids: { id: 'planilla' },
    body: { tipo: 'M', idObservacion: '{cat.observacion}', descripcion: 'MATRIZ' },
    note: 'tipo M: 16, 17 and the assigned 18',
  },
  {
    route: 'POST /api/v1/planilla-detalles/{id}/observaciones',
    who: STAFF,
    other: 404,
    ids: { id: 'detalle' },
  },
  {
    route: 'GET /api/v1/observaciones/{nivel}/{id}',
    who: INSURER,
    other: 404,
    ids: { nivel: '=planilla', id: 'observacionPla' },
    deniedAs: { 15: 404 },
    note: 'a draft: hidden from the provider until sent',
  },
  {
    route: 'PUT /api/v1/observaciones/{nivel}/{id}',
    who: STAFF,
    other: 404,
    ids: { nivel: '=planilla', id: 'observacionPla' },
  },
  {
    route: 'DELETE /api/v1/observaciones/{nivel}/{id}',
    who: STAFF,
    other: 404,
    ids: { nivel: '=planilla', id: 'observacionPla' },
    query: 'version=-1&tipo=M',
  },
  {
    route: 'POST /api/v1/observaciones/{nivel}/{id}/respuesta',
    who: [15],
    other: 404,
    ids: { nivel: '=planilla', id: 'observacionPla' },
  },
  {
    route: 'POST /api/v1/observaciones/{nivel}/{id}/aceptar',
    who: STAFF,
    other: 404,
    ids: { nivel: '=planilla', id: 'observacionPla' },
  },
  {
    route: 'GET /api/v1/planillas/{id}/observaciones/completitud',
    who: INSURER_AND_PROVIDER,
    other: 404,
    ids: { id: 'planilla' },
    query: 'tipo=M',
  },
  {
    route: 'GET /api/v1/tramites/{id}/observaciones/completitud',
    who: INSURER_AND_PROVIDER,
    other: 404,
    ids: { id: 'tramite' },
    query: 'tipo=M',
  },
  {
    route: 'POST /api/v1/tramites/{id}/acciones/enviar-observaciones',
    who: [17],
    other: 404,
    ids: { id: 'tramite' },
    body: { tipo: 'M', estadoActual: 'OBSERVACIONES' },
    note: 'a stale state: 409',
  },
  {
    route: 'POST /api/v1/tramites/{id}/acciones/enviar-respuestas',
    who: [15],
    other: 404,
    ids: { id: 'tramite' },
    body: { tipo: 'M', estadoActual: 'OBSERVACIONES' },
    note: 'a stale state: 409',
  },
  {
    route: 'POST /api/v1/planillas/{id}/observaciones/archivos',
    who: [15],
    other: 404,
    ids: { id: 'planilla' },
  },
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
  {
    route: 'GET /api/v1/reportes/pdf/{id}/{idTramite}',
    variant: 'report 9 of one attention',
    who: INSURER_AND_PROVIDER,
    other: 404,
    ids: { id: '=9', idTramite: 'tramite' },
    query: 'idPlanilla={planilla}',
    note: 'the attention is assigned to auditor.am (18) and gestor.gd (20)',
  },

  // Administration (docs/design-summary.md §4: the user's company; profile 1 its subscription).
  ...admin('/api/v1/usuarios', 'usuario'),
  ...admin('/api/v1/personas', 'persona'),
  {
    route: 'GET /api/v1/personas/exportar',
    who: [1],
    other: 'n/a',
    note: 'the persons list’s download: also needs opcionDescarga (docs/spec-summary.md 002 §6)',
  },
  ...admin('/api/v1/medicos', 'medico'),
  ...admin('/api/v1/empresas', 'empresaBorrable', { readId: 'empresa' }),
  {
    route: 'GET /api/v1/empresas/{id}/suscripcion-vigente',
    who: INSURER,
    deniedAs: { 15: 404 },
    other: 404,
    ids: { id: 'empresa' },
    note: 'the insurer’s company: another company to the provider',
  },
  { route: 'GET /api/v1/empresas/{id}/medios', who: [1], other: 404, ids: { id: 'empresa' } },
  {
    route: 'POST /api/v1/empresas/{id}/medios',
    who: [1],
    other: 404,
    ids: { id: 'empresa' },
    body: { idMedioCom: '{cat.mediocom}', descripcion: '0999999998' },
  },
  {
    route: 'GET /api/v1/empresas/{id}/medios/{idDetalle}',
    who: [1],
    other: 404,
    ids: { id: 'empresa', idDetalle: 'medio' },
  },
  {
    route: 'PUT /api/v1/empresas/{id}/medios/{idDetalle}',
    who: [1],
    other: 404,
    ids: { id: 'empresa', idDetalle: 'medio' },
  },
  {
    route: 'DELETE /api/v1/empresas/{id}/medios/{idDetalle}',
    who: [1],
    other: 404,
    ids: { id: 'empresa', idDetalle: 'medio' },
  },
  { route: 'GET /api/v1/empresas/{id}/imagenes', who: [1], other: 404, ids: { id: 'empresa' } },
  { route: 'POST /api/v1/empresas/{id}/imagenes', who: [1], other: 404, ids: { id: 'empresa' } },
  {
    route: 'GET /api/v1/empresas/{id}/imagenes/{idDetalle}',
    who: [1],
    other: 404,
    ids: { id: 'empresa', idDetalle: 'imagen' },
  },
  {
    route: 'DELETE /api/v1/empresas/{id}/imagenes/{idDetalle}',
    who: [1],
    other: 404,
    ids: { id: 'empresa', idDetalle: 'imagen' },
  },
  {
    route: 'GET /api/v1/empresas/{id}/logo',
    who: INSURER,
    deniedAs: { 15: 404 },
    other: 404,
    ids: { id: 'empresa' },
    note: 'the own company’s logo, for every user of it',
  },
  ...admin('/api/v1/suscripciones', 'suscripcionBorrable', { readId: 'suscripcion' }),
  { route: 'GET /api/v1/suscripciones/{id}/auditoria', who: [1], other: 404, ids: { id: 'suscripcion' } },
  { route: 'GET /api/v1/suscripciones-aud/{id}', who: [1], other: 404, ids: { id: 'suscAud' } },
  { route: 'GET /api/v1/suscripciones/{id}/facturas', who: [1], other: 404, ids: { id: 'suscripcion' } },
  ...admin('/api/v1/suscpagos', 'suscPago'),
  ...admin('/api/v1/aseguradores', 'asegurador'),
  { route: 'GET /api/v1/aseguradores/{id}/tarifa-detalle', who: [1], other: 404, ids: { id: 'asegurador' } },
  ...admin('/api/v1/prestadores', 'prestador'),
  { route: 'GET /api/v1/tramites/{id}/cargaamb', ...WHOLE_LOAD, ids: { id: 'tramite' } },
  { route: 'POST /api/v1/tramites/{id}/cargaamb', who: [17, 19], other: 404, ids: { id: 'tramite' } },
  {
    route: 'GET /api/v1/tramites/{id}/cargaamb/{idCargaAmb}',
    ...WHOLE_LOAD,
    ids: { id: 'tramite', idCargaAmb: 'cargaAmb' },
  },

  // Self-registration (public) and renewal (the subscription's administrator).
  { route: 'GET /api/v1/registro/planes', who: PUBLIC, other: 'n/a' },
  { route: 'GET /api/v1/registro/formas-pago', who: PUBLIC, other: 'n/a' },
  { route: 'POST /api/v1/registro', who: PUBLIC, other: 'n/a' },
  { route: 'GET /api/v1/registro/renovacion', who: [1], other: 'n/a' },
  { route: 'POST /api/v1/registro/renovacion', who: [1], other: 'n/a' },

  // Sessions log (the administrator, of the own subscription).
  { route: 'GET /api/v1/sesiones', who: [1], other: 'n/a' },
  { route: 'GET /api/v1/sesiones/errores', who: [1], other: 'n/a' },
  { route: 'GET /api/v1/sesiones/accesos', who: [1], other: 'n/a' },
  { route: 'GET /api/v1/sesiones/por-mes', who: [1], other: 'n/a' },
  { route: 'GET /api/v1/sesiones/por-dia', who: [1], other: 'n/a' },

  // Report pages (decision 66): the insurer's managers, each over its own subscription's procedures.
  ...[
    'tramites-por-fecha',
    'tramites-asignaciones',
    'tramites-avance',
    'tramites-avance-am',
    'tramites-avance-gd',
    'tramites-tiempo-proceso',
    'tramites-estadisticas',
    'especialidades-prestador',
  ].flatMap((id): Row[] => [
    { route: `GET /api/v1/estadisticas/${id}`, who: [1, 16, 17, 19], other: 'n/a' },
    {
      route: `GET /api/v1/estadisticas/${id}/exportar`,
      who: [1, 16, 17, 19],
      other: 'n/a',
      query: 'formato=xlsx',
    },
  ]),
  { route: 'GET /api/v1/sandbox-log', who: [1], other: 'n/a' },

  // Tools and help.
  { route: 'GET /api/v1/herramientas/vademecum', who: ANY, other: 'n/a' },
  {
    route: 'GET /api/v1/herramientas/cobertura/{cedula}',
    who: INSURER_AND_PROVIDER,
    other: 'n/a',
    ids: { cedula: 'cedula' },
    note: 'a patient’s id, not a record: each tenant sees its own attentions',
  },
  {
    route: 'GET /api/v1/herramientas/cobertura/{cedula}/atenciones',
    who: INSURER_AND_PROVIDER,
    other: 'n/a',
    ids: { cedula: 'cedula' },
    note: 'the claim lookup: a patient’s id, not a record; each tenant pages its own attentions',
  },
  { route: 'GET /api/v1/manual-datos.pdf', who: PUBLIC, other: 'n/a' },
  { route: 'GET /api/v1/manual-datos/ejemplo.csv', who: PUBLIC, other: 'n/a' },
  { route: 'GET /api/v1/manual-datos/ejemplo.json', who: PUBLIC, other: 'n/a' },
  { route: 'GET /api/v1/manual-datos/ejemplo.xlsx', who: PUBLIC, other: 'n/a' },
  { route: 'GET /api/v1/manual-pagos.pdf', who: PUBLIC, other: 'n/a' },
  { route: 'GET /api/v1/manual-pagos/ejemplo.csv', who: PUBLIC, other: 'n/a' },
  { route: 'GET /api/v1/manual-pagos/ejemplo.xlsx', who: PUBLIC, other: 'n/a' },

  // Stored files (docs/design-summary.md §8).
  { route: 'POST /api/v1/cargas/{id}/archivos', who: [15], other: 404, ids: { id: 'carga' } },
  {
    route: 'GET /api/v1/planillas/{id}/archivos',
    who: INSURER_AND_PROVIDER,
    other: 404,
    ids: { id: 'planilla' },
  },
  { route: 'GET /api/v1/archivos-pla/{id}', who: INSURER_AND_PROVIDER, other: 404, ids: { id: 'archivo' } },
  {
    route: 'GET /api/v1/archivos-pla/{id}/contenido',
    who: INSURER_AND_PROVIDER,
    other: 404,
    ids: { id: 'archivo' },
  },
  {
    route: 'POST /api/v1/archivos-pla/{id}/enlace',
    who: INSURER_AND_PROVIDER,
    other: 404,
    ids: { id: 'archivo' },
  },
  { route: 'GET /api/v1/tramites/{id}/zip', who: INSURER_AND_PROVIDER, other: 404, ids: { id: 'tramite' } },
  {
    route: 'POST /api/v1/tramites/{id}/zip/enlace',
    who: INSURER_AND_PROVIDER,
    other: 404,
    ids: { id: 'tramite' },
    body: {},
  },
  {
    route: 'GET /api/v1/descargas',
    who: PUBLIC,
    denied: 401,
    other: 'n/a',
    query: 't=x',
    note: 'no session: a valid single-use signed link is the only credential (archivos tests)',
  },
  {
    route: 'GET /api/v1/tramites/{id}/planillas-sin-archivos',
    who: INSURER_AND_PROVIDER,
    other: 404,
    ids: { id: 'tramite' },
  },
  {
    route: 'GET /api/v1/tramites/{id}/archivos-nuevos',
    who: [16, 17, 19],
    other: 404,
    ids: { id: 'tramite' },
    query: 'desde=2026-01-01&hasta=2026-12-31',
  },
  {
    route: 'GET /api/v1/tramites/{id}/archivos-por-carga',
    who: [16, 17, 19],
    other: 404,
    ids: { id: 'tramite' },
  },

  ...CATALOG_ROWS.flatMap(catalogRoutes),
];
