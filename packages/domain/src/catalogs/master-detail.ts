/**
 * Master-detail screens of docs/spec-summary.md 002 ("Master-detail") and docs/spec-summary.md 001 §2.6: the master record's key
 * fields on top, the detail catalogue's list below filtered by the master's id, new rows created
 * with that id fixed. Declared once here; the web generates `/{route}/:{param}` from this list.
 */
export type MasterDetailDef = {
  /** Route of the spec without its parameter: `clasdiag_diagnostico`. */
  route: string;
  /** The spec's route parameter: `p_idclasdiag`. */
  param: string;
  /** Catalogue of the master record (read with GET /api/v1/catalogos/{master}/{id}). */
  master: string;
  /** Detail catalogue and its reference field to the master (the list's `?{field}={id}` filter). */
  detail?: { catalog: string; field: string };
  /** Title of the detail list. */
  title: string;
  /** Master fields shown in the header; the rest behind '(+) Más información'. Default: the first three columns. */
  headerFields?: readonly string[];
  /** Shown in place of the detail list when there is none yet. */
  note?: string;
  /**
   * A detail that is not a catalogue list: the web renders this component below the master record
   * (`atenciones-diagnostico`: the attentions carrying the diagnosis, GET /api/v1/diagnosticos/{id}/planillas).
   */
  detailComponent?: MasterDetailComponent;
  /**
   * Several details, one tab each (a record screen of the administration: an insurer's tariff sheets
   * created, used and their detail). The tab is kept in the URL (`?tab=`), each list's search and page
   * under its own key.
   */
  tabs?: readonly MasterDetailTab[];
  /** The page's heading is the record's label instead of `title` (record screens). */
  heading?: 'record';
  /** An 'Editar' button opens the master's form (for users who may write it). */
  editable?: boolean;
  /**
   * The master's form is open as the page opens (a full-page edit, `/tarifariomd/{id}`); closing it goes back.
   * Needs `editable`.
   */
  openForm?: boolean;
};

export type MasterDetailTab = {
  key: string;
  label: string;
  /** A catalogue list filtered by the master (as `detail`), or a custom component. */
  detail?: { catalog: string; field: string };
  component?: MasterDetailComponent;
};

/** Custom detail components of master-detail screens (the web maps each to a lazily loaded component). */
export type MasterDetailComponent =
  | 'atenciones-diagnostico'
  | 'equivalencia-elempres'
  | 'tarifa-detalle-asegurador'
  | 'tarifa-detalle-tarifario';

/**
 * A master with one catalogue list of its rows below (`'catalog.field'`: the detail and its reference to the
 * master, the list's filter and what new rows get); the parameter is `p_id{master}` (a view's without `vw`).
 */
export const masterDetail = (
  route: string,
  master: string,
  detail: `${string}.${string}`,
  title: string,
  more: Partial<MasterDetailDef> = {},
): MasterDetailDef => ({
  route,
  param: `p_id${master.replace(/^vw/, '')}`,
  master,
  detail: detailOf(detail),
  title,
  ...more,
});

/** `'catalog.field'` as a detail: the catalogue and its reference to the master. */
const detailOf = (detail: `${string}.${string}`) => {
  const [catalog, field] = detail.split('.');
  return { catalog, field };
};

/** A record screen's tab listing a detail catalogue (`'catalog.field'`, as `masterDetail`). */
export const detailTab = (key: string, label: string, detail: `${string}.${string}`): MasterDetailTab => ({
  key,
  label,
  detail: detailOf(detail),
});

/** A record screen: the record's label as the heading and 'Editar'; its details, if any, in `more`. */
export const recordScreen = (
  route: string,
  param: string,
  master: string,
  title: string,
  more: Partial<MasterDetailDef> = {},
): MasterDetailDef => ({ route, param, master, title, heading: 'record', editable: true, ...more });

/** Short for the table below. */
const md = masterDetail;

export const MASTER_DETAILS: readonly MasterDetailDef[] = [
  md('clasdiag_diagnostico', 'clasdiag', 'diagnostico.idClasDiag', 'Diagnósticos de la Clasificación', {
    headerFields: ['codigo', 'nombre'],
  }),
  md('claselem_elemento', 'claselem', 'elemento.idClasElem', 'Elementos de la Clase', {
    headerFields: ['nombre', 'descripcion'],
  }),
  {
    route: 'diagnostico_diagaten',
    param: 'p_iddiagnostico',
    master: 'diagnostico',
    title: 'Atenciones con el Diagnóstico',
    headerFields: ['codigoPunto', 'nombre', 'idClasDiag'],
    detailComponent: 'atenciones-diagnostico',
  },
  md('especialidad_medico', 'especialidad', 'vwmedico.idEspecialidad', 'Médicos de la Especialidad'),
  md('factura_facturadet', 'factura', 'facturadet.idFactura', 'Detalle de la Factura', {
    headerFields: ['numero', 'fecha', 'total', 'estado'],
  }),
  md('formapago_suscripcion', 'formapago', 'vwsuscripcion.idFormaPago', 'Suscripciones con la Forma de Pago'),
  md('localidad_empresa', 'localidad', 'vwempresa.idLocalidad', 'Empresas de la Localidad'),
  md('localidad_persona', 'localidad', 'vwpersona.idLocalidad', 'Personas de la Localidad'),
  md('especialidad_espepres', 'especialidad', 'espepres.idEspecialidad', 'Prestadores de la Especialidad'),
  md('empresa_horario', 'vwempresa', 'horario.idEmpresa', 'Horario de Atención de la Empresa'),
  md('empresa_paremp', 'vwempresa', 'paremp.idEmpresa', 'Parámetros de la Empresa'),
  md('asegurador-clasaseg', 'vwasegurador', 'clasaseg.idAsegurador', 'Clasificaciones del Asegurador'),
  md('elemento_elempres', 'elemento', 'elempres.idElemento', 'Códigos de Prestadores del Elemento', {
    headerFields: ['codigo', 'nombre', 'idClasElem'],
  }),
  md('prestador_elempres', 'vwprestador', 'elempres.idPrestador', 'Elementos del Prestador'),
  {
    // A provider's code and its equivalent coded element, with the agreed tariff ('Tarifa Conv').
    route: 'elempres_elemequi',
    param: 'p_idelempres',
    master: 'elempres',
    title: 'Equivalencia del Elemento del Prestador',
    headerFields: ['idPrestador', 'codigo', 'nombre'],
    detailComponent: 'equivalencia-elempres',
  },
  // Not a route of the spec: a template is only useful with its elements (used by planillas).
  md('plantilla_plantilladet', 'plantilla', 'plantilladet.idPlantilla', 'Elementos de la Plantilla'),
];

export function getMasterDetail(route: string): MasterDetailDef | undefined {
  return MASTER_DETAILS.find((m) => m.route === route);
}

/** Master-detail screens whose master is this catalogue (offered as row options of its list). */
export const detailsOf = (catalog: string) => MASTER_DETAILS.filter((m) => m.master === catalog);
