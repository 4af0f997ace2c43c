import { PERFIL } from '../auth/profiles.ts';
import { defineCatalog } from '../catalogs/define.ts';
import { detailTab, type MasterDetailDef, recordScreen } from '../catalogs/master-detail.ts';
import { avisoRuc, rucField } from './empresa.ts';
import { optionalId, optionalText, requiredId } from './fields.ts';
import { MSG_ADMIN } from './messages.ts';
import { MEDICO_DETAILS, medico, persona } from './personas-recursos.ts';
import { suscpago, suscripcion } from './suscripciones-recursos.ts';
import { USUARIO_DETAILS, usuario } from './usuarios-recurso.ts';

/**
 * Administration resources declared as catalogues (issue 12 §1): one declaration gives the API
 * (apps/api/src/features/admin/routes.ts registers it with lib/crud.ts), the list and form of the web
 * and the table-driven test. Each is served at its own path and read and written with the
 * administration module, limited to the companies the user manages.
 */
const admin = {
  area: 'admin',
  section: 'procesos',
  writeFlag: 'moduloAdministracion',
  readFlag: 'moduloAdministracion',
  tenant: 'administradas',
} as const;

/** The company a row belongs to: set from the session, shown by its short name. */
const empresaRef = { catalog: 'vwempresa', labelField: 'nombreCorto' } as const;

/** Insurers (docs/spec-summary.md 002 "Insurer and provider detail"): nombre and tipo, with their tariff sheets. */
const asegurador = defineCatalog({
  ...admin,
  stampNames: false,
  name: 'asegurador',
  table: 'asegurador',
  idField: 'idAsegurador',
  title: 'Aseguradores',
  singular: 'Asegurador',
  api: { path: '/aseguradores', tag: 'administración' },
  detailRoute: 'aseguradorform',
  fields: [
    { name: 'nombre', label: 'Nombre', type: 'text', required: true, upper: true, maxLength: 200 },
    { name: 'tipo', label: 'Tipo', type: 'text', required: true, upper: true, maxLength: 40 },
    { name: 'idEmpresa', label: 'Empresa', type: 'select', ref: empresaRef, form: false, column: false },
  ],
  counts: [
    { name: 'tarifariosCreados', label: 'Tarifarios creados', table: 'tarifario', column: 'id_asegurador' },
    {
      name: 'tarifariosUsados',
      label: 'Tarifarios utilizados',
      table: 'tarifa_aseg',
      column: 'id_asegurador',
    },
  ],
  searchFields: ['nombre', 'tipo'],
  defaultSort: 'nombre',
  createdMessage: MSG_ADMIN.creado('Asegurador'),
});

/**
 * Providers: razón social, nombre comercial and RUC required (natural persons' RUC by the cédula
 * rule; a company's RUC only warned). The company defaults to the user's; another one must be
 * among the companies the user administers.
 */
const prestador = defineCatalog({
  ...admin,
  stampNames: false,
  name: 'prestador',
  table: 'prestador',
  idField: 'idPrestador',
  title: 'Prestadores',
  singular: 'Prestador',
  api: { path: '/prestadores', tag: 'administración' },
  detailRoute: 'prestadorform',
  fields: [
    {
      name: 'nombreComercial',
      label: 'Nombre comercial',
      type: 'text',
      required: true,
      upper: true,
      maxLength: 200,
    },
    { name: 'razonSocial', label: 'Razón social', type: 'text', required: true, upper: true, maxLength: 200 },
    {
      name: 'ruc',
      label: 'RUC',
      type: 'text',
      required: true,
      digits: true,
      maxLength: 13,
      schema: rucField('RUC'),
    },
    { name: 'idEmpresa', label: 'Empresa', type: 'select', ref: empresaRef, schema: optionalId() },
  ],
  searchFields: ['razonSocial', 'nombreComercial', 'ruc'],
  defaultSort: 'nombreComercial',
  createdMessage: MSG_ADMIN.creado('Prestador'),
  unique: { field: 'ruc', message: MSG_ADMIN.rucPrestadorDuplicado },
  warning: avisoRuc('ruc'),
});

/**
 * Companies (docs/spec-summary.md 002 "Company detail"): the user's own and, for the subscription's
 * administrator, those working under it. Only that administrator creates one (a provider of its
 * network); the latest image is its logo.
 */
const empresa = defineCatalog({
  ...admin,
  name: 'empresa',
  table: 'empresa',
  idField: 'idEmpresa',
  title: 'Empresas',
  singular: 'Empresa',
  api: { path: '/empresas', tag: 'administración' },
  detailRoute: 'empresaform',
  fields: [
    { name: 'nombreCorto', label: 'Nombre corto', type: 'text', required: true, upper: true, maxLength: 60 },
    {
      name: 'documento',
      label: 'RUC',
      type: 'text',
      required: true,
      digits: true,
      maxLength: 13,
      schema: rucField('RUC'),
    },
    { name: 'razonSocial', label: 'Razón social', type: 'text', required: true, upper: true, maxLength: 200 },
    {
      name: 'nombre',
      label: 'Nombre',
      type: 'text',
      required: true,
      upper: true,
      maxLength: 200,
      column: false,
    },
    {
      name: 'idLocalidad',
      label: 'Localidad',
      type: 'select',
      ref: { catalog: 'localidad', labelField: 'nombre' },
      schema: optionalId(),
    },
    {
      name: 'direccion',
      label: 'Dirección',
      type: 'text',
      upper: true,
      maxLength: 300,
      column: false,
      schema: optionalText('Dirección', 300, { upper: true }),
    },
    { name: 'suscriptor', label: 'Suscriptora', type: 'boolean', form: false },
    {
      name: 'idEmpresaSuscriptora',
      label: 'Empresa suscriptora',
      type: 'select',
      ref: empresaRef,
      form: false,
      column: false,
    },
  ],
  counts: [
    {
      name: 'idLogo',
      label: 'Logo',
      table: 'empresa_img',
      column: 'id_empresa',
      max: 'id_empresa_img',
      list: false,
    },
  ],
  searchFields: ['nombreCorto', 'razonSocial', 'nombre', 'documento', 'idLocalidad'],
  defaultSort: 'nombreCorto',
  createProfiles: [PERFIL.ADMINISTRADOR],
  createdMessage: MSG_ADMIN.creado('Empresa'),
  refMessage: MSG_ADMIN.refNoExiste,
  unique: { field: 'documento', message: MSG_ADMIN.rucDuplicado },
  warning: avisoRuc('documento'),
});

/** Communication media of a company (docs/spec-summary.md 002 "Company communication media"). */
const medioemp = defineCatalog({
  ...admin,
  stampNames: false,
  name: 'medioemp',
  table: 'medio_emp',
  idField: 'idMedioEmp',
  title: 'Medios de Comunicación',
  singular: 'Empresa: Medios de Comunicación',
  route: false,
  api: {
    path: '/empresas/:id/medios',
    tag: 'administración',
    parent: { resource: 'empresa', field: 'idEmpresa' },
  },
  fields: [
    {
      name: 'idMedioCom',
      label: 'Medio',
      type: 'select',
      required: true,
      ref: { catalog: 'mediocom', labelField: 'nombre' },
      schema: requiredId('Medio'),
    },
    { name: 'descripcion', label: 'Descripción', type: 'text', required: true, maxLength: 300 },
    { name: 'idEmpresa', label: 'Empresa', type: 'integer', required: true, form: false, column: false },
  ],
  searchFields: ['idMedioCom', 'descripcion'],
  defaultSort: '-fechaReg',
  createdMessage: MSG_ADMIN.creado('Medio de comunicación'),
  refMessage: MSG_ADMIN.refNoExiste,
});

/**
 * A company's images (its logo is the latest): listed and deleted by the engine; the upload (checked by
 * content) and one image's bytes are apps/api admin/empresas.ts's.
 */
const empresaimg = defineCatalog({
  ...admin,
  stampNames: false,
  name: 'empresaimg',
  table: 'empresa_img',
  idField: 'idEmpresaImg',
  title: 'Imágenes de la empresa',
  singular: 'Imagen',
  route: false,
  api: {
    path: '/empresas/:id/imagenes',
    tag: 'administración',
    parent: { resource: 'empresa', field: 'idEmpresa' },
    routes: ['list', 'delete'],
  },
  fields: [
    { name: 'idEmpresa', label: 'Empresa', type: 'integer', required: true, form: false, column: false },
    { name: 'nombre', label: 'Nombre', type: 'text', required: true, maxLength: 200 },
    { name: 'tipo', label: 'Tipo', type: 'text', required: true, maxLength: 40 },
    { name: 'tamano', label: 'Tamaño', type: 'integer', required: true },
  ],
  searchFields: ['nombre'],
  defaultSort: '-fechaReg',
});

/** Every administration resource declared as a catalogue, by name. */
export const ADMIN_RESOURCES = {
  asegurador,
  prestador,
  empresa,
  medioemp,
  empresaimg,
  suscripcion,
  suscpago,
  persona,
  medico,
  usuario,
} as const;

/**
 * The record screens of the administration resources (docs/spec-summary.md 002 "Insurer and provider
 * detail"): the record on top, with 'Editar', and its details in tabs. Kept apart from MASTER_DETAILS,
 * whose masters are catalogues of /api/v1/catalogos.
 */
export const RESOURCE_DETAILS: readonly MasterDetailDef[] = [
  recordScreen('aseguradorform', 'p_idasegurador', 'asegurador', 'Asegurador', {
    headerFields: ['nombre', 'tipo', 'idEmpresa'],
    tabs: [
      detailTab('creados', 'Tarifarios creados', 'tarifario.idAsegurador'),
      detailTab('usados', 'Tarifarios utilizados', 'tarifaaseg.idAsegurador'),
      { key: 'detalle', label: 'Detalle de tarifas', component: 'tarifa-detalle-asegurador' },
    ],
  }),
  recordScreen('prestadorform', 'p_idprestador', 'prestador', 'Prestador', {
    headerFields: ['razonSocial', 'nombreComercial', 'ruc'],
    tabs: [
      detailTab('equivalencias', 'Tabla de equivalencias', 'elempres.idPrestador'),
      detailTab('tarifas', 'Tarifarios', 'tarifapres.idPrestador'),
    ],
  }),
  // A tariff sheet reached from an insurer (docs/spec-summary.md 001 §2.6): the record and the elements it prices.
  recordScreen('tarifarioform', 'p_idtarifario', 'tarifario', 'Tarifario', {
    headerFields: ['descripcion', 'idClasElem', 'idAsegurador'],
    tabs: [{ key: 'detalle', label: 'Detalle de tarifas', component: 'tarifa-detalle-tarifario' }],
  }),
  // A subscription's payment, edited on its own page (docs/spec-summary.md 002 "Subscription payments").
  recordScreen('suscpagomd', 'id', 'suscpago', 'Pago de Suscripción', {
    openForm: true,
    headerFields: ['idFactura', 'estadoPago', 'fechaDesde', 'fechaHasta'],
  }),
  // Full-page edits of a tariff sheet and of an insurer's or a provider's price list (docs/spec-summary.md 002).
  recordScreen('tarifariomd', 'id', 'tarifario', 'Tarifario', { openForm: true }),
  recordScreen('tarifaasegmd', 'id', 'tarifaaseg', 'Tarifa de Asegurador', { openForm: true }),
  recordScreen('tarifapresmd', 'id', 'tarifapres', 'Tarifa de Prestación', { openForm: true }),
  ...MEDICO_DETAILS,
  ...USUARIO_DETAILS,
];
