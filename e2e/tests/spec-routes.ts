/*
 * Every route the three spec documents name (000 §2, 001 §2.1–2.6, 002 §2), as data (issue 17 item 5):
 * each with the demo user whose profile may open it (or `publico`: opened signed out) and, where the
 * product keeps it from some profile, one that gets the 403 page. Ids are real rows resolved from the
 * demo data at run time with the profile's session (`RouteIds`, built by rutas.spec.ts); where the demo
 * has none (a doctor, a payment, a tariff sheet…) the administrator makes one through the API first.
 * A route named by two documents is listed once, under the first. Routes the product does not have
 * yet are in `RUTAS_FALTANTES`: the test checks they still answer the not-found page and that each is a
 * 'missing' row of docs/FEATURES.md, so the list, the product and the table say the same.
 */

export type RouteIds = {
  /** The provider's procedure under review (EN PROCESO), with loads and attentions. */
  idTramite: number;
  estadoTramite: string;
  /** One of its loads with attentions. */
  idCarga: number;
  /** One of its attentions, with a line item and a file. */
  idPlanilla: number;
  /** An active line item of that attention. */
  idPlanillaDet: number;
  /** A file of that attention (archivo_pla). */
  idArchivoPla: number;
  /** An observation (type M) on that attention and one on its line item, made by the AM supervisor. */
  idPlaObs: number;
  idPlaDetObs: number;
  /** An authorization request of that procedure. */
  idAutorizacion: number;
  /** The procedure's period ('YYYY-MM-DD'). */
  desde: string;
  hasta: string;
  /** The provider user's own id (/configuracion2FA, /login-actualizar-clave). */
  idUsuarioPrestador: number;
  /** Administration rows of the insurer's company (docs/spec-summary.md 002), as the administrator sees them. */
  idEmpresa: number;
  idSuscripcion: number;
  idSuscripcionAud: number;
  idSuscPago: number;
  idUsuario: number;
  idPersona: number;
  idMedico: number;
  idAsegurador: number;
  idPrestador: number;
  idTarifario: number;
  idTarifaAseg: number;
  idTarifaPres: number;
  idElemPres: number;
  idFactura: number;
  idPerfil: number;
  /** Catalogue rows (masters of the master-detail routes). */
  idClasDiag: number;
  idClasElem: number;
  idDiagnostico: number;
  idEspecialidad: number;
  idFormaPago: number;
  idLocalidad: number;
  idElemento: number;
};

export const USUARIO = {
  prestador: 'prestador@demo.ec', // 15
  supervisorAm: 'supervisor.am@demo.ec', // 17
  auditorAm: 'auditor.am@demo.ec', // 18
  admin: 'admin@demo.ec', // 1
} as const;
export type Usuario = (typeof USUARIO)[keyof typeof USUARIO];
/** Opened signed out (public pages). */
export const PUBLICO = 'publico';

export type SpecRoute = {
  /** The spec's route, as written there. */
  spec: string;
  /** The document that names it first. */
  doc: '000' | '001' | '002';
  path: (ids: RouteIds) => string;
  /** A demo user whose profile may open it, or PUBLICO. */
  como: Usuario | typeof PUBLICO;
  /** A demo user whose profile may not: gets the 403 page. */
  denegado?: Usuario;
  /** Where the route lands when it is a navigation target of another screen (an alias); else itself. */
  llega?: RegExp;
};

const ruta = (
  doc: SpecRoute['doc'],
  spec: string,
  como: SpecRoute['como'],
  path: SpecRoute['path'] = () => spec,
  extra: Pick<SpecRoute, 'denegado' | 'llega'> = {},
): SpecRoute => ({ doc, spec, como, path, ...extra });
const enc = encodeURIComponent;

/** docs/spec-summary.md 000 §2, 'Routes of the claim flow'. */
export const SPEC_000_ROUTES: readonly SpecRoute[] = [
  ruta('000', '/tramite', USUARIO.supervisorAm, undefined, { denegado: USUARIO.prestador }),
  ruta('000', '/tramite-asignados', USUARIO.auditorAm, undefined, { denegado: USUARIO.prestador }),
  ruta('000', '/tramite-procesados', USUARIO.supervisorAm, undefined, { denegado: USUARIO.auditorAm }),
  ruta('000', '/tramite-carga', USUARIO.prestador, undefined, { denegado: USUARIO.supervisorAm }),
  ruta('000', '/tramiteform/{p_idtramite}', USUARIO.supervisorAm, (i) => `/tramiteform/${i.idTramite}`),
  ruta(
    '000',
    '/tramiteform-carga/{p_idtramite}',
    USUARIO.prestador,
    (i) => `/tramiteform-carga/${i.idTramite}`,
  ),
  ruta(
    '000',
    '/tramiteform-carga-aut/{p_idtramite}/{p_idautorizacion}',
    USUARIO.prestador,
    (i) => `/tramiteform-carga-aut/${i.idTramite}/${i.idAutorizacion}`,
  ),
  ruta(
    '000',
    '/cargaform/{p_idtramite}/{p_idcarga}',
    USUARIO.prestador,
    (i) => `/cargaform/${i.idTramite}/${i.idCarga}`,
  ),
  ruta(
    '000',
    '/cargaplanilla/{p_idtramite}/{p_idcarga}',
    USUARIO.prestador,
    (i) => `/cargaplanilla/${i.idTramite}/${i.idCarga}`,
  ),
  ruta(
    '000',
    '/cargaplanillaerrores/{p_idtramite}/{p_idcarga}',
    USUARIO.prestador,
    (i) => `/cargaplanillaerrores/${i.idTramite}/${i.idCarga}`,
  ),
  ruta(
    '000',
    '/cargaplanillanovedades/{p_idtramite}/{p_idcarga}',
    USUARIO.prestador,
    (i) => `/cargaplanillanovedades/${i.idTramite}/${i.idCarga}`,
  ),
  ruta(
    '000',
    '/cargaplanillaobs/{idTramite}/{idCarga}',
    USUARIO.supervisorAm,
    (i) => `/cargaplanillaobs/${i.idTramite}/${i.idCarga}`,
  ),
  ruta(
    '000',
    '/planillaform/{p_idtramite}/{p_estadotramite}/{p_idplanilla}',
    USUARIO.supervisorAm,
    (i) => `/planillaform/${i.idTramite}/${enc(i.estadoTramite)}/${i.idPlanilla}`,
  ),
  ruta(
    '000',
    '/planillaformpopup/{p_idtramite}/{p_estadotramite}/{p_idplanilla}/{p_tipo}',
    USUARIO.supervisorAm,
    (i) => `/planillaformpopup/${i.idTramite}/${enc(i.estadoTramite)}/${i.idPlanilla}/TODAS`,
  ),
  ruta(
    '000',
    '/autorizacion-tramite/{p_idtramite}',
    USUARIO.prestador,
    (i) => `/autorizacion-tramite/${i.idTramite}`,
  ),
  ruta(
    '000',
    '/bitacora-tramite/{p_idtramite}',
    USUARIO.supervisorAm,
    (i) => `/bitacora-tramite/${i.idTramite}`,
  ),
  ruta(
    '000',
    '/tramites-archivos-nuevos/{idTramite}/{fechaIniAud}/{fechaFinAud}',
    USUARIO.supervisorAm,
    (i) => `/tramites-archivos-nuevos/${i.idTramite}/${i.desde}/${i.hasta}`,
    { denegado: USUARIO.prestador },
  ),
  ruta(
    '000',
    '/planillas-observaciones/{idTramite}',
    USUARIO.supervisorAm,
    (i) => `/planillas-observaciones/${i.idTramite}`,
  ),
  ruta('000', '/MenuPrincipal', USUARIO.prestador),
];

const deTramite = (r: string, como: Usuario = USUARIO.supervisorAm): SpecRoute =>
  ruta('001', `${r}/{p_idtramite}`, como, (i) => `${r}/${i.idTramite}`);

/** docs/spec-summary.md 001 §2.1–2.6: account, tools and help, observations and line items, reports, price lists. */
export const SPEC_001_ROUTES: readonly SpecRoute[] = [
  // §2.1 Public and account routes; §2.2 the home page.
  ...['/', '/Login', '/OlvidoClave', '/Registro01Plan'].map((r) => ruta('001', r, PUBLICO)),
  // The later steps of the wizards need the earlier ones: opened by URL they lead back to the first.
  ...['/Registro02TC', '/Registro03Usuario', '/Registro04FP', '/Registro05Completo'].map((r) =>
    ruta('001', r, PUBLICO, undefined, { llega: /\/Registro01Plan$/ }),
  ),
  // Renewal is the subscription administrator's (a visitor is asked to sign in; another profile, 403);
  // its later steps, opened without the earlier ones, lead back to the first as the registration's do.
  ruta('001', '/Renovacion01Plan', USUARIO.admin, undefined, { denegado: USUARIO.auditorAm }),
  ...['/Renovacion02TC', '/Renovacion03FP', '/Renovacion04Completo'].map((r) =>
    ruta('001', r, USUARIO.admin, undefined, { llega: /\/Renovacion01Plan$/, denegado: USUARIO.auditorAm }),
  ),
  ruta(
    '001',
    '/login-actualizar-clave/{p_idUsuario}',
    PUBLICO,
    (i) => `/login-actualizar-clave/${i.idUsuarioPrestador}`,
  ),
  ruta(
    '001',
    '/configuracion2FA/{p_idUsuario}',
    USUARIO.prestador,
    (i) => `/configuracion2FA/${i.idUsuarioPrestador}`,
  ),
  ruta('001', '/actualizarclave', USUARIO.auditorAm),
  // §2.3 Tools and help.
  ...['/calculadora', '/consultacobertura', '/vademecum', '/imc-adultos', '/imc-menores'].map((r) =>
    ruta('001', r, USUARIO.prestador),
  ),
  ...['/guias', '/faq', '/videotutorial', '/acerca-de'].map((r) => ruta('001', r, USUARIO.auditorAm)),
  // §2.4 Observations and line items.
  ruta(
    '001',
    '/pla-obs-respuesta/{p_idplaobs}/{p_observaciontipo}',
    USUARIO.supervisorAm,
    (i) => `/pla-obs-respuesta/${i.idPlaObs}/M`,
  ),
  ruta(
    '001',
    '/pla-det-obs-respuesta/{p_idpladetobs}/{p_observaciontipo}',
    USUARIO.supervisorAm,
    (i) => `/pla-det-obs-respuesta/${i.idPlaDetObs}/M`,
  ),
  ruta(
    '001',
    '/planilladet_pladetobs/{p_idtramite}/{p_estadotramite}/{p_idplanilladet}/{p_tipo}/{p_procesoam}',
    USUARIO.supervisorAm,
    (i) => `/planilladet_pladetobs/${i.idTramite}/${enc(i.estadoTramite)}/${i.idPlanillaDet}/M/1`,
  ),
  ruta(
    '001',
    '/observaciones-01/{idTramite}/{observacionTipo}',
    USUARIO.supervisorAm,
    (i) => `/observaciones-01/${i.idTramite}/M`,
  ),
  deTramite('/observaciones-tramite'),
  deTramite('/tramite-observaciones', USUARIO.prestador),
  deTramite('/tramites-obs-pla'),
  deTramite('/tramites-obs-pla-det'),
  ruta('001', '/observacion', USUARIO.supervisorAm, undefined, { denegado: USUARIO.auditorAm }),
  ruta('001', '/respuesta', USUARIO.supervisorAm, undefined, { denegado: USUARIO.auditorAm }),
  ruta('001', '/archivoplamd/{idArchivoPla}', USUARIO.supervisorAm, (i) => `/archivoplamd/${i.idArchivoPla}`),
  // §2.5 Report routes of a procedure.
  deTramite('/tramites-planillas-sin-archivos'),
  { ...deTramite('/archivo-carga'), denegado: USUARIO.prestador },
  // The further report routes (issue 15, decision 66): the insurer's managers; the provider gets the 403 page.
  ...[
    '/tramites-por-fecha',
    '/tramites-asignaciones',
    '/tramites-avance',
    '/tramites-avance-am',
    '/tramites-avance-gd',
    '/tramites-tiempo-proceso',
    '/tramites-estadisticas',
    '/especialidades-prestador',
  ].map((r) => ruta('001', r, USUARIO.supervisorAm, undefined, { denegado: USUARIO.prestador })),
  // §2.6 Price lists.
  ruta('001', '/tarifapresmd/{id}', USUARIO.admin, (i) => `/tarifapresmd/${i.idTarifaPres}`, {
    denegado: USUARIO.auditorAm,
  }),
  ruta('001', '/tarifarioform/{p_idtarifario}', USUARIO.admin, (i) => `/tarifarioform/${i.idTarifario}`, {
    denegado: USUARIO.auditorAm,
  }),
  ruta(
    '001',
    '/elemento_elempres/{p_idelemento}',
    USUARIO.admin,
    (i) => `/elemento_elempres/${i.idElemento}`,
    {
      denegado: USUARIO.auditorAm,
    },
  ),
  ruta(
    '001',
    '/prestador_elempres/{p_idprestador}',
    USUARIO.admin,
    (i) => `/prestador_elempres/${i.idPrestador}`,
    { denegado: USUARIO.auditorAm },
  ),
  ruta(
    '001',
    '/elempres_elemequi/{p_idelempres}',
    USUARIO.admin,
    (i) => `/elempres_elemequi/${i.idElemPres}`,
    {
      denegado: USUARIO.auditorAm,
    },
  ),
  ruta(
    '001',
    '/especialidad_espepres/{p_idespecialidad}',
    USUARIO.admin,
    (i) => `/especialidad_espepres/${i.idEspecialidad}`,
    { denegado: USUARIO.auditorAm },
  ),
];

/** A catalogue list of docs/spec-summary.md 002: the administrator opens it; without the parameters menu, 403. */
const catalogo = (r: string) => ruta('002', r, USUARIO.admin, undefined, { denegado: USUARIO.auditorAm });
/** An administration screen (module 1): the administrator; profile 18 has no administration module. */
const admin = (spec: string, path: SpecRoute['path'] = () => spec, llega?: RegExp) =>
  ruta('002', spec, USUARIO.admin, path, { denegado: USUARIO.auditorAm, ...(llega ? { llega } : {}) });

/** docs/spec-summary.md 002 §2: navigation targets, session administration, catalogues, master-detail and detail pages. */
export const SPEC_002_ROUTES: readonly SpecRoute[] = [
  // 'Other navigation targets' (/Login, /, /MenuPrincipal above).
  ruta('002', '/empty', USUARIO.supervisorAm, undefined, { llega: /\/MenuPrincipal$/ }),
  admin('/usuarioform/{id}', (i) => `/usuarioform/${i.idUsuario}`, /\/usuariomd\/\d+$/),
  admin('/tarifaasegmd/{id}', (i) => `/tarifaasegmd/${i.idTarifaAseg}`),
  admin('/tarifariomd/{id}', (i) => `/tarifariomd/${i.idTarifario}`),
  // Session administration (profile 1).
  ...['/sesion', '/sesionerr', '/accesosesion', '/sesionesmes', '/sesionesdia', '/sandbox-log'].map((r) =>
    ruta('002', r, USUARIO.admin, undefined, { denegado: USUARIO.supervisorAm }),
  ),
  // Catalogues and administration lists.
  ...[
    '/perfil',
    '/plan',
    '/moduplan',
    '/tipoiden',
    '/estadocivil',
    '/localidad',
    '/tipoelem',
    '/claselem',
    '/elemento',
    '/clasdiag',
    '/diagnostico',
    '/tipoexamen',
    '/especialidad',
    '/plantilla',
    '/examen',
    '/factura',
    '/facturadet',
    '/formapago',
    '/pago',
    '/servicio',
    '/elemexam',
    '/semana',
  ].map(catalogo),
  ...[
    '/suscripcion',
    '/suscpago',
    '/asegurador',
    '/persona',
    '/medico',
    '/prestador',
    '/usuario',
    '/empresa',
  ].map((r) => admin(r)),
  // Master-detail. The company's schedule and parameters are read by who administers the company (the
  // administration module: not the AM supervisor, who has the parameters menu); the insurer's classifications
  // by its parameters users, never by a provider (API and web: catalogue `readFlag` / `readScope`).
  admin('/clasdiag_diagnostico/{p_idclasdiag}', (i) => `/clasdiag_diagnostico/${i.idClasDiag}`),
  admin('/claselem_elemento/{p_idclaselem}', (i) => `/claselem_elemento/${i.idClasElem}`),
  admin('/diagnostico_diagaten/{p_iddiagnostico}', (i) => `/diagnostico_diagaten/${i.idDiagnostico}`),
  ruta('002', '/empresa_horario/{p_idempresa}', USUARIO.admin, (i) => `/empresa_horario/${i.idEmpresa}`, {
    denegado: USUARIO.supervisorAm,
  }),
  admin(
    '/empresa_empresaimg/{p_idempresa}',
    (i) => `/empresa_empresaimg/${i.idEmpresa}`,
    /\/empresaform\/\d+\?tab=imagen$/,
  ),
  admin(
    '/empresa_persona/{p_idempresa}',
    (i) => `/empresa_persona/${i.idEmpresa}`,
    /\/empresaform\/\d+\?tab=persona$/,
  ),
  admin(
    '/empresa_usuario/{p_idempresa}',
    (i) => `/empresa_usuario/${i.idEmpresa}`,
    /\/empresaform\/\d+\?tab=usuario$/,
  ),
  admin(
    '/empresa_medioemp/{p_idempresa}',
    (i) => `/empresa_medioemp/${i.idEmpresa}`,
    /\/empresaform\/\d+\?tab=medio$/,
  ),
  ruta('002', '/empresa_paremp/{p_idempresa}', USUARIO.admin, (i) => `/empresa_paremp/${i.idEmpresa}`, {
    denegado: USUARIO.supervisorAm,
  }),
  admin('/especialidad_medico/{p_idespecialidad}', (i) => `/especialidad_medico/${i.idEspecialidad}`),
  admin('/factura_facturadet/{p_idfactura}', (i) => `/factura_facturadet/${i.idFactura}`),
  admin('/formapago_suscripcion/{p_idformapago}', (i) => `/formapago_suscripcion/${i.idFormaPago}`),
  admin('/localidad_empresa/{p_idlocalidad}', (i) => `/localidad_empresa/${i.idLocalidad}`),
  admin('/localidad_persona/{p_idlocalidad}', (i) => `/localidad_persona/${i.idLocalidad}`),
  // The profile's record with its users (decision 92; was a redirect to the filtered list).
  admin('/perfil_usuario/{p_idperfil}', (i) => `/perfil_usuario/${i.idPerfil}`),
  admin('/persona_medico/{p_idpersona}', (i) => `/persona_medico/${i.idPersona}`),
  ruta(
    '002',
    '/asegurador-clasaseg/{p_idasegurador}',
    USUARIO.admin,
    (i) => `/asegurador-clasaseg/${i.idAsegurador}`,
    { denegado: USUARIO.prestador },
  ),
  // Detail pages.
  admin('/empresaform/{p_idempresa}', (i) => `/empresaform/${i.idEmpresa}`),
  admin('/medicoform/{p_idmedico}', (i) => `/medicoform/${i.idMedico}`),
  admin('/personaform/{p_idpersona}', (i) => `/personaform/${i.idPersona}`),
  admin('/suscripcionform/{p_idsuscripcion}', (i) => `/suscripcionform/${i.idSuscripcion}`),
  admin('/aseguradorform/{p_idasegurador}', (i) => `/aseguradorform/${i.idAsegurador}`),
  admin('/prestadorform/{p_idprestador}', (i) => `/prestadorform/${i.idPrestador}`),
  admin('/usuariomd/{idUsuario}', (i) => `/usuariomd/${i.idUsuario}`),
  admin('/suscripcionaudmd/{idSuscripcionAud}', (i) => `/suscripcionaudmd/${i.idSuscripcionAud}`),
  admin('/suscpagomd/{id}', (i) => `/suscpagomd/${i.idSuscPago}`),
];

export const SPEC_ROUTES: readonly SpecRoute[] = [...SPEC_000_ROUTES, ...SPEC_001_ROUTES, ...SPEC_002_ROUTES];

/**
 * Routes a spec document names that the product does not have yet: each answers the not-found page
 * and is a 'missing' row of docs/FEATURES.md. None left: spec 001 §2.5's further report routes were
 * the last (issue 15, decision 66).
 */
export const RUTAS_FALTANTES: readonly { spec: string; doc: SpecRoute['doc']; issue: number }[] = [];
