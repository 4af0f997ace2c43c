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

export const MASTER_DETAILS: readonly MasterDetailDef[] = [
  {
    route: 'clasdiag_diagnostico',
    param: 'p_idclasdiag',
    master: 'clasdiag',
    detail: { catalog: 'diagnostico', field: 'idClasDiag' },
    title: 'Diagnósticos de la Clasificación',
    headerFields: ['codigo', 'nombre'],
  },
  {
    route: 'claselem_elemento',
    param: 'p_idclaselem',
    master: 'claselem',
    detail: { catalog: 'elemento', field: 'idClasElem' },
    title: 'Elementos de la Clase',
    headerFields: ['nombre', 'descripcion'],
  },
  {
    route: 'diagnostico_diagaten',
    param: 'p_iddiagnostico',
    master: 'diagnostico',
    title: 'Atenciones con el Diagnóstico',
    headerFields: ['codigoPunto', 'nombre', 'idClasDiag'],
    detailComponent: 'atenciones-diagnostico',
  },
  {
    route: 'especialidad_medico',
    param: 'p_idespecialidad',
    master: 'especialidad',
    detail: { catalog: 'vwmedico', field: 'idEspecialidad' },
    title: 'Médicos de la Especialidad',
  },
  {
    route: 'factura_facturadet',
    param: 'p_idfactura',
    master: 'factura',
    detail: { catalog: 'facturadet', field: 'idFactura' },
    title: 'Detalle de la Factura',
    headerFields: ['numero', 'fecha', 'total', 'estado'],
  },
  {
    route: 'formapago_suscripcion',
    param: 'p_idformapago',
    master: 'formapago',
    detail: { catalog: 'vwsuscripcion', field: 'idFormaPago' },
    title: 'Suscripciones con la Forma de Pago',
  },
  {
    route: 'localidad_empresa',
    param: 'p_idlocalidad',
    master: 'localidad',
    detail: { catalog: 'vwempresa', field: 'idLocalidad' },
    title: 'Empresas de la Localidad',
  },
  {
    route: 'localidad_persona',
    param: 'p_idlocalidad',
    master: 'localidad',
    detail: { catalog: 'vwpersona', field: 'idLocalidad' },
    title: 'Personas de la Localidad',
  },
  {
    route: 'especialidad_espepres',
    param: 'p_idespecialidad',
    master: 'especialidad',
    detail: { catalog: 'espepres', field: 'idEspecialidad' },
    title: 'Prestadores de la Especialidad',
  },
  {
    route: 'empresa_horario',
    param: 'p_idempresa',
    master: 'vwempresa',
    detail: { catalog: 'horario', field: 'idEmpresa' },
    title: 'Horario de Atención de la Empresa',
  },
  {
    route: 'empresa_paremp',
    param: 'p_idempresa',
    master: 'vwempresa',
    detail: { catalog: 'paremp', field: 'idEmpresa' },
    title: 'Parámetros de la Empresa',
  },
  {
    route: 'asegurador-clasaseg',
    param: 'p_idasegurador',
    master: 'vwasegurador',
    detail: { catalog: 'clasaseg', field: 'idAsegurador' },
    title: 'Clasificaciones del Asegurador',
  },
  {
    route: 'elemento_elempres',
    param: 'p_idelemento',
    master: 'elemento',
    detail: { catalog: 'elempres', field: 'idElemento' },
    title: 'Códigos de Prestadores del Elemento',
    headerFields: ['codigo', 'nombre', 'idClasElem'],
  },
  {
    route: 'prestador_elempres',
    param: 'p_idprestador',
    master: 'vwprestador',
    detail: { catalog: 'elempres', field: 'idPrestador' },
    title: 'Elementos del Prestador',
  },
  {
    // A provider's code and its equivalent coded element, with the agreed tariff ('Tarifa Conv').
    route: 'elempres_elemequi',
    param: 'p_idelempres',
    master: 'elempres',
    title: 'Equivalencia del Elemento del Prestador',
    headerFields: ['idPrestador', 'codigo', 'nombre'],
    detailComponent: 'equivalencia-elempres',
  },
  {
    // Not a route of the spec: a template is only useful with its elements (used by planillas).
    route: 'plantilla_plantilladet',
    param: 'p_idplantilla',
    master: 'plantilla',
    detail: { catalog: 'plantilladet', field: 'idPlantilla' },
    title: 'Elementos de la Plantilla',
  },
];

export function getMasterDetail(route: string): MasterDetailDef | undefined {
  return MASTER_DETAILS.find((m) => m.route === route);
}

/** Master-detail screens whose master is this catalogue (offered as row options of its list). */
export const detailsOf = (catalog: string) => MASTER_DETAILS.filter((m) => m.master === catalog);
