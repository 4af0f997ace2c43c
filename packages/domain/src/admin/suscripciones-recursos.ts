import { defineCatalog } from '../catalogs/define.ts';
import { MSG_ADMIN } from './messages.ts';
import { ESTADOS_PAGO, suscPagoSchema, suscripcionSchema } from './suscripcion.ts';

/** Administration resources: read and written with the administration module, in the companies the user manages. */
const admin = {
  area: 'admin',
  section: 'procesos',
  writeFlag: 'moduloAdministracion',
  readFlag: 'moduloAdministracion',
  stampNames: false,
} as const;

/**
 * Subscriptions (docs/spec-summary.md 002 "Subscriptions list for a company") of the companies the user
 * manages: plan, payment method, number and period; the company and the user are the creator's, the state
 * VIGENTE (apps/api admin/routes.ts: its audit rows and the rule on deleting the user's own).
 */
export const suscripcion = defineCatalog({
  ...admin,
  tenant: 'administradas',
  name: 'suscripcion',
  table: 'suscripcion',
  idField: 'idSuscripcion',
  title: 'Suscripciones',
  singular: 'Suscripción',
  api: { path: '/suscripciones', tag: 'administración' },
  detailRoute: 'suscripcionform',
  label: 'Suscripción {numero}',
  schema: suscripcionSchema,
  fields: [
    {
      name: 'idPlan',
      label: 'Plan',
      type: 'select',
      required: true,
      ref: { catalog: 'plan', labelField: 'nombre' },
    },
    {
      name: 'idFormaPago',
      label: 'Forma de pago',
      type: 'select',
      required: true,
      ref: { catalog: 'formapago', labelField: 'nombre' },
    },
    { name: 'numero', label: 'Número', type: 'text', required: true, upper: true, maxLength: 40 },
    { name: 'fechaDesde', label: 'Fecha desde', type: 'date', required: true },
    { name: 'fechaHasta', label: 'Fecha hasta', type: 'date', required: true },
    {
      name: 'idEmpresa',
      label: 'Empresa',
      type: 'select',
      ref: { catalog: 'vwempresa', labelField: 'nombreCorto' },
      form: false,
      column: false,
    },
    { name: 'idUsuario', label: 'Usuario', type: 'integer', form: false, column: false },
    { name: 'estado', label: 'Estado', type: 'text', form: false, tag: true },
  ],
  joined: [
    {
      name: 'usuarioNombre',
      label: 'Usuario',
      type: 'text',
      via: 'idUsuario',
      table: 'usuario',
      id: 'id_usuario',
      column: 'nombre',
      nullable: true,
    },
  ],
  filters: ['estado'],
  listColumns: ['usuarioNombre', 'fechaDesde', 'fechaHasta', 'idFormaPago', 'idPlan', 'numero', 'estado'],
  searchFields: ['numero', 'idPlan', 'idFormaPago', 'usuarioNombre', 'idEmpresa'],
  defaultSort: '-fechaReg',
  createdMessage: MSG_ADMIN.suscripcionCreada,
  refMessage: MSG_ADMIN.refNoExiste,
});

/** Payments of a subscription (docs/spec-summary.md 002 "Subscription payments"): an invoice of its company. */
export const suscpago = defineCatalog({
  ...admin,
  tenant: { through: 'idSuscripcion' },
  name: 'suscpago',
  table: 'susc_pago',
  idField: 'idSuscPago',
  title: 'Pagos de Suscripción',
  singular: 'Pago de Suscripción',
  api: { path: '/suscpagos', tag: 'administración' },
  detailRoute: 'suscpagomd',
  label: 'Pago de la suscripción {suscripcionNumero}',
  schema: suscPagoSchema,
  fields: [
    {
      name: 'idSuscripcion',
      label: 'Suscripción',
      type: 'select',
      required: true,
      ref: { catalog: 'suscripcion', labelField: 'numero', labelKey: 'suscripcionNumero' },
      refMessage: MSG_ADMIN.suscripcionNoPermitida,
      column: false,
    },
    {
      name: 'idFactura',
      label: 'Factura',
      type: 'select',
      required: true,
      ref: {
        catalog: 'factura',
        labelField: 'numero',
        labelKey: 'facturaNumero',
        within: {
          field: 'idSuscripcion',
          column: 'idEmpresa',
          options: '/suscripciones/{idSuscripcion}/facturas',
          label: (f) => `${f.numero} (${f.fecha})`,
        },
      },
      refMessage: 'Seleccione una factura de la empresa de la suscripción.',
    },
    {
      name: 'estadoPago',
      label: 'Estado de pago',
      type: 'select',
      required: true,
      options: ESTADOS_PAGO.map((v) => ({ value: v, label: v })),
      default: 'PENDIENTE',
      tag: true,
    },
    { name: 'fechaDesde', label: 'Fecha desde', type: 'date', required: true },
    { name: 'fechaHasta', label: 'Fecha hasta', type: 'date', required: true },
  ],
  joined: [
    {
      name: 'suscripcionFechaReg',
      label: 'Registro de la suscripción',
      type: 'instant',
      via: 'idSuscripcion',
      table: 'suscripcion',
      id: 'id_suscripcion',
      column: 'fecha_reg',
    },
    {
      name: 'facturaFechaReg',
      label: 'Registro de la factura',
      type: 'instant',
      via: 'idFactura',
      table: 'factura',
      id: 'id_factura',
      column: 'fecha_reg',
    },
    {
      name: 'facturaTotal',
      label: 'Total',
      type: 'decimal',
      via: 'idFactura',
      table: 'factura',
      id: 'id_factura',
      column: 'total',
    },
    {
      name: 'idEmpresa',
      label: 'Empresa',
      type: 'integer',
      via: 'idSuscripcion',
      table: 'suscripcion',
      id: 'id_suscripcion',
      column: 'id_empresa',
      list: false,
    },
  ],
  listColumns: [
    'estadoPago',
    'fechaDesde',
    'fechaHasta',
    'suscripcionFechaReg',
    'facturaFechaReg',
    'idFactura',
    'facturaTotal',
  ],
  searchFields: ['idFactura', 'estadoPago', 'idSuscripcion'],
  defaultSort: '-fechaDesde',
  createdMessage: MSG_ADMIN.creado('Pago de suscripción'),
});
