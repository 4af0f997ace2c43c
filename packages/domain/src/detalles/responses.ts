import { z } from 'zod';
import { decimal, fecha, mensajeSchema, pageOf } from '../common/responses.ts';

/** Claimed / approved / objected (glosa), exact decimal strings ("1234.56"). */
export const totalesSchema = z.object({ reclamado: decimal, aprobado: decimal, glosa: decimal });
export type Totales = z.input<typeof totalesSchema>;

/**
 * A line item with the money of the audit: the provider's claim (cantidad × valorUni), what the audit
 * approved (an inactive line approves nothing), the glosa, and the provider's agreed tariff for the
 * element with the glosa it proposes when the claimed unit value is above it.
 */
export const detalleFilaSchema = z.object({
  idPlanillaDet: z.number().int(),
  idElemento: z.number().int().nullable(),
  fechaAtencion: fecha.nullable(),
  codigo: z.string(),
  descripcion: z.string().nullable(),
  elementoCodigo: z.string().nullable(),
  elementoNombre: z.string().nullable(),
  cantidad: z.number().int(),
  valorUni: decimal,
  total: decimal,
  tipo: z.string(),
  laboratorio: z.number().int(),
  imagen: z.number().int(),
  estado: z.number().int(),
  cantidadAprobada: z.number().int(),
  valorReclamado: decimal,
  valorAprobado: decimal,
  valorGlosa: decimal,
  valorTarifa: decimal.nullable(),
  glosaPropuesta: decimal.nullable(),
  observacionesM: z.number().int(),
  version: z.number().int().optional(),
});
export type DetalleFilaAuditada = z.input<typeof detalleFilaSchema>;

/** GET /planillas/:id/detalles: the page, its footer (claimed of the page, as before) and the attention's totals. */
export const detallesPageSchema = pageOf(detalleFilaSchema).extend({
  totalPagina: decimal,
  totalesPagina: totalesSchema,
  totales: totalesSchema,
});
export type DetallesPage = z.input<typeof detallesPageSchema>;

export const planillaTotalesSchema = z.object({
  idPlanilla: z.number().int(),
  total: decimal,
  totalReclamado: decimal,
  totalAprobado: decimal,
  totalGlosa: decimal,
  version: z.number().int(),
});
export type PlanillaTotales = z.input<typeof planillaTotalesSchema>;

/** Every write of a line answers the line as it is now and the attention's new totals and version. */
export const detalleEscrituraSchema = mensajeSchema.extend({
  item: detalleFilaSchema,
  planilla: planillaTotalesSchema,
});
export type DetalleEscritura = z.input<typeof detalleEscrituraSchema>;

/** GET /tramites/:id/totales: the procedure's totals and each load's (active attentions). */
export const tramiteTotalesSchema = z.object({
  idTramite: z.number().int(),
  atenciones: z.number().int(),
  totales: totalesSchema,
  cargas: z.array(
    totalesSchema.extend({
      idCarga: z.number().int(),
      fechaDesde: fecha,
      fechaHasta: fecha,
      tipoCarga: z.string(),
      atenciones: z.number().int(),
    }),
  ),
});
export type TramiteTotales = z.input<typeof tramiteTotalesSchema>;

/** A price-list entry of the attention's provider (tariff search of the line window). */
export const tarifaBusquedaSchema = z.object({
  idTarifaPres: z.number().int(),
  idTarifa: z.number().int().nullable(),
  tarifarioNombre: z.string().nullable(),
  idElemento: z.number().int(),
  elementoCodigo: z.string(),
  elementoNombre: z.string(),
  valor: decimal,
});
export const tarifasBusquedaSchema = pageOf(tarifaBusquedaSchema);
export type TarifaBusqueda = z.input<typeof tarifaBusquedaSchema>;

/** A coded element (coded-element search), with the provider's agreed value when there is one. */
export const elementoBusquedaSchema = z.object({
  idElemento: z.number().int(),
  codigo: z.string(),
  nombre: z.string(),
  clasElemNombre: z.string().nullable(),
  valor: decimal.nullable(),
  tarifaConv: decimal.nullable(),
});
export const elementosBusquedaSchema = pageOf(elementoBusquedaSchema);
export type ElementoBusqueda = z.input<typeof elementoBusquedaSchema>;

/** /elempres_elemequi/{id}: a provider's code, its equivalent element and agreed tariff ('Tarifa Conv'). */
export const elemPresEquivalenciaSchema = z.object({
  idElemPres: z.number().int(),
  idPrestador: z.number().int(),
  prestadorNombre: z.string().nullable(),
  codigo: z.string(),
  nombre: z.string(),
  idElemento: z.number().int().nullable(),
  elementoCodigo: z.string().nullable(),
  elementoNombre: z.string().nullable(),
  tarifaConv: decimal.nullable(),
  tarifarioNombre: z.string().nullable(),
});
export type ElemPresEquivalencia = z.input<typeof elemPresEquivalenciaSchema>;
export const equivalenciaRespuestaSchema = z.object({
  elemPres: elemPresEquivalenciaSchema,
  candidatos: elementosBusquedaSchema,
});
export const equivalenciaEscrituraSchema = mensajeSchema.extend({ elemPres: elemPresEquivalenciaSchema });
