import { z } from 'zod';
import { decimal, fecha, instante } from '../common/responses.ts';

/** Approved, paid and still to pay of a procedure's active attentions. */
export const saldoPagosSchema = z.object({ aprobado: decimal, pagado: decimal, pendiente: decimal });

/**
 * One row of an accepted payment file whose payment differs from what was approved for it:
 * pendiente = aprobado − pagadoAntes − pagado (never negative: a payment above it is refused).
 */
export const diferenciaPagoSchema = z.object({
  fila: z.number().int(),
  noPlanilla: z.string(),
  noServicio: z.string().nullable(),
  fechaAtencion: fecha.nullable(),
  aprobado: decimal,
  pagadoAntes: decimal,
  pagado: decimal,
  pendiente: decimal,
});
export type DiferenciaPago = z.input<typeof diferenciaPagoSchema>;

/** At most this many rows with a difference are listed in the answer (all are counted). */
export const MAX_DIFERENCIAS_PAGO = 1000;

/** POST /tramites/{id}/pagos (201). */
export const pagoCargaSchema = z.object({
  mensaje: z.string(),
  idPagoFin: z.number().int(),
  nombreArchivo: z.string(),
  filas: z.number().int(),
  totalPagado: decimal,
  filasConDiferencia: z.number().int(),
  diferencias: z.array(diferenciaPagoSchema),
  saldo: saldoPagosSchema,
});
export type PagoCarga = z.input<typeof pagoCargaSchema>;

/** An accepted payment file of a procedure. */
export const pagoArchivoSchema = z.object({
  idPagoFin: z.number().int(),
  nombreArchivo: z.string(),
  fechaReg: instante,
  fechaModificacion: instante.nullable(),
  usuario: z.string(),
  filas: z.number().int(),
  totalPagado: decimal,
});

/** GET /tramites/{id}/pagos. */
export const pagosTramiteSchema = z.object({ items: z.array(pagoArchivoSchema), saldo: saldoPagosSchema });
export type PagosTramite = z.input<typeof pagosTramiteSchema>;
