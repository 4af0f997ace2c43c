import { defineCatalog } from './define.ts';

/** A company's invoices, their lines and payments (the subscription's billing); money as strings. */
const common = { area: 'admin', section: 'parametros', writeFlag: 'menuParametros' } as const;

/** Money arithmetic in cents, so no float ever reaches a stored amount. */
const cents = (v: unknown) => Math.round(Number(String(v ?? '0').replace(',', '.')) * 100);
const money = (c: number) => (c / 100).toFixed(2);

export const ESTADOS_FACTURA = [
  { value: 'EMITIDA', label: 'EMITIDA' },
  { value: 'PAGADA', label: 'PAGADA' },
  { value: 'ANULADA', label: 'ANULADA' },
] as const;

export const factura = defineCatalog({
  ...common,
  name: 'factura',
  table: 'factura',
  idField: 'idFactura',
  title: 'Facturas',
  singular: 'Factura',
  fields: [
    { name: 'numero', label: 'Número', type: 'text', required: true, upper: true, maxLength: 20 },
    { name: 'fecha', label: 'Fecha', type: 'date', required: true },
    { name: 'subtotal', label: 'Subtotal', type: 'decimal', required: true, min: 0 },
    { name: 'iva', label: 'IVA', type: 'decimal', required: true, min: 0 },
    { name: 'total', label: 'Total', type: 'decimal', form: false },
    { name: 'estado', label: 'Estado', type: 'select', required: true, options: ESTADOS_FACTURA },
  ],
  derive: (v) => ({ total: money(cents(v.subtotal) + cents(v.iva)) }),
  tenant: 'empresa',
  searchFields: ['numero'],
  defaultSort: '-fecha',
});

/** The invoice a line or a payment belongs to. */
const idFactura = {
  name: 'idFactura',
  label: 'Factura',
  type: 'select',
  required: true,
  ref: { catalog: 'factura', labelField: 'numero' },
} as const;

export const facturadet = defineCatalog({
  ...common,
  name: 'facturadet',
  table: 'factura_det',
  idField: 'idFacturaDet',
  title: 'Detalle de Facturas',
  singular: 'Detalle de Factura',
  fields: [
    idFactura,
    { name: 'descripcion', label: 'Descripción', type: 'text', required: true, upper: true, maxLength: 300 },
    { name: 'cantidad', label: 'Cantidad', type: 'integer', required: true, min: 1 },
    { name: 'valorUni', label: 'Valor unitario', type: 'decimal', required: true, min: 0 },
    { name: 'total', label: 'Total', type: 'decimal', form: false },
  ],
  derive: (v) => ({ total: money(cents(v.valorUni) * Number(v.cantidad ?? 0)) }),
  tenant: { through: 'idFactura' },
  searchFields: ['descripcion', 'idFactura'],
  defaultSort: 'idFacturaDet',
});

export const pago = defineCatalog({
  ...common,
  name: 'pago',
  table: 'pago',
  idField: 'idPago',
  title: 'Pagos',
  singular: 'Pago',
  fields: [
    idFactura,
    {
      name: 'idFormaPago',
      label: 'Forma de pago',
      type: 'select',
      required: true,
      ref: { catalog: 'formapago', labelField: 'nombre' },
    },
    { name: 'fecha', label: 'Fecha', type: 'date', required: true },
    { name: 'valor', label: 'Valor', type: 'decimal', required: true, min: 0 },
    { name: 'referencia', label: 'Referencia', type: 'text', upper: true, maxLength: 80 },
  ],
  tenant: { through: 'idFactura' },
  searchFields: ['referencia', 'idFactura'],
  defaultSort: '-fecha',
});
