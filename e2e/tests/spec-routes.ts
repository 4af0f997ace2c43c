/*
 * The route table of spec 000 §2 (the claim flow), as data: each route with the demo user whose
 * profile may open it and, where the spec limits a list to some profiles, one that may not (the
 * 403 page). Ids come from the demo data at run time (`RouteIds`). Issue 17 item 5, first part:
 * spec 000 §2 and spec 001 §2.3–2.5 with a procedure id; spec 002's catalogues, master-detail and
 * detail pages are opened by admin.spec.ts; the routes still missing are rows of docs/FEATURES.md.
 */

export type RouteIds = {
  /** The provider's procedure under review (EN PROCESO), with loads and attentions. */
  idTramite: number;
  estadoTramite: string;
  /** One of its loads with attentions. */
  idCarga: number;
  /** One of its attentions. */
  idPlanilla: number;
  /** An authorization request of that procedure. */
  idAutorizacion: number;
  /** The procedure's period ('YYYY-MM-DD'). */
  desde: string;
  hasta: string;
};

export const USUARIO = {
  prestador: 'prestador@demo.ec', // 15
  supervisorAm: 'supervisor.am@demo.ec', // 17
  auditorAm: 'auditor.am@demo.ec', // 18
} as const;
type Usuario = (typeof USUARIO)[keyof typeof USUARIO];

export type SpecRoute = {
  /** The spec's route, as written there. */
  spec: string;
  path: (ids: RouteIds) => string;
  /** A demo user whose profile may open it. */
  como: Usuario;
  /** A demo user whose profile may not: gets the 403 page. */
  denegado?: Usuario;
};

export const SPEC_000_ROUTES: readonly SpecRoute[] = [
  { spec: '/tramite', path: () => '/tramite', como: USUARIO.supervisorAm, denegado: USUARIO.prestador },
  {
    spec: '/tramite-asignados',
    path: () => '/tramite-asignados',
    como: USUARIO.auditorAm,
    denegado: USUARIO.prestador,
  },
  {
    spec: '/tramite-procesados',
    path: () => '/tramite-procesados',
    como: USUARIO.supervisorAm,
    denegado: USUARIO.auditorAm,
  },
  {
    spec: '/tramite-carga',
    path: () => '/tramite-carga',
    como: USUARIO.prestador,
    denegado: USUARIO.supervisorAm,
  },
  {
    spec: '/tramiteform/{p_idtramite}',
    path: (i) => `/tramiteform/${i.idTramite}`,
    como: USUARIO.supervisorAm,
  },
  {
    spec: '/tramiteform-carga/{p_idtramite}',
    path: (i) => `/tramiteform-carga/${i.idTramite}`,
    como: USUARIO.prestador,
  },
  {
    spec: '/tramiteform-carga-aut/{p_idtramite}/{p_idautorizacion}',
    path: (i) => `/tramiteform-carga-aut/${i.idTramite}/${i.idAutorizacion}`,
    como: USUARIO.prestador,
  },
  {
    spec: '/cargaform/{p_idtramite}/{p_idcarga}',
    path: (i) => `/cargaform/${i.idTramite}/${i.idCarga}`,
    como: USUARIO.prestador,
  },
  {
    spec: '/cargaplanilla/{p_idtramite}/{p_idcarga}',
    path: (i) => `/cargaplanilla/${i.idTramite}/${i.idCarga}`,
    como: USUARIO.prestador,
  },
  {
    spec: '/cargaplanillaerrores/{p_idtramite}/{p_idcarga}',
    path: (i) => `/cargaplanillaerrores/${i.idTramite}/${i.idCarga}`,
    como: USUARIO.prestador,
  },
  {
    spec: '/cargaplanillanovedades/{p_idtramite}/{p_idcarga}',
    path: (i) => `/cargaplanillanovedades/${i.idTramite}/${i.idCarga}`,
    como: USUARIO.prestador,
  },
  {
    spec: '/cargaplanillaobs/{idTramite}/{idCarga}',
    path: (i) => `/cargaplanillaobs/${i.idTramite}/${i.idCarga}`,
    como: USUARIO.supervisorAm,
  },
  {
    spec: '/planillaform/{p_idtramite}/{p_estadotramite}/{p_idplanilla}',
    path: (i) => `/planillaform/${i.idTramite}/${encodeURIComponent(i.estadoTramite)}/${i.idPlanilla}`,
    como: USUARIO.supervisorAm,
  },
  {
    spec: '/planillaformpopup/{p_idtramite}/{p_estadotramite}/{p_idplanilla}/{p_tipo}',
    path: (i) =>
      `/planillaformpopup/${i.idTramite}/${encodeURIComponent(i.estadoTramite)}/${i.idPlanilla}/TODAS`,
    como: USUARIO.supervisorAm,
  },
  {
    spec: '/autorizacion-tramite/{p_idtramite}',
    path: (i) => `/autorizacion-tramite/${i.idTramite}`,
    como: USUARIO.prestador,
  },
  {
    spec: '/bitacora-tramite/{p_idtramite}',
    path: (i) => `/bitacora-tramite/${i.idTramite}`,
    como: USUARIO.supervisorAm,
  },
  {
    spec: '/tramites-archivos-nuevos/{idTramite}/{fechaIniAud}/{fechaFinAud}',
    path: (i) => `/tramites-archivos-nuevos/${i.idTramite}/${i.desde}/${i.hasta}`,
    como: USUARIO.supervisorAm,
  },
  {
    spec: '/planillas-observaciones/{idTramite}',
    path: (i) => `/planillas-observaciones/${i.idTramite}`,
    como: USUARIO.supervisorAm,
  },
  { spec: '/MenuPrincipal', path: () => '/MenuPrincipal', como: USUARIO.prestador },
];

const sinId = (ruta: string, como: Usuario): SpecRoute => ({ spec: ruta, path: () => ruta, como });
const deTramite = (ruta: string, como: Usuario = USUARIO.supervisorAm): SpecRoute => ({
  spec: `${ruta}/{p_idtramite}`,
  path: (i) => `${ruta}/${i.idTramite}`,
  como,
});

/** Spec 001 §2.3 (tools and help) and §2.4–2.5 (observation and report routes of a procedure). */
export const SPEC_001_ROUTES: readonly SpecRoute[] = [
  ...['/calculadora', '/consultacobertura', '/vademecum', '/imc-adultos', '/imc-menores'].map((r) =>
    sinId(r, USUARIO.prestador),
  ),
  ...['/guias', '/faq', '/videotutorial', '/acerca-de'].map((r) => sinId(r, USUARIO.auditorAm)),
  deTramite('/tramites-planillas-sin-archivos'),
  deTramite('/tramites-obs-pla'),
  deTramite('/tramites-obs-pla-det'),
  deTramite('/tramite-observaciones'),
  deTramite('/observaciones-tramite'),
  deTramite('/archivo-carga'),
  {
    spec: '/observaciones-01/{idTramite}/{observacionTipo}',
    path: (i) => `/observaciones-01/${i.idTramite}/M`,
    como: USUARIO.supervisorAm,
  },
];
