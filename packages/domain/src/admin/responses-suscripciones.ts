/**
 * Response schemas of the admin API routes: a subscription as the registration and the company screen read it,
 * its audit trail and its company's invoices (see responses.ts). Subscriptions and their payments themselves
 * answer their declaration's rows (admin/suscripciones-recursos.ts).
 */
import { z } from 'zod';
import { columnasRegistro, decimal, fecha, instante, itemsOf, pageOf } from '../common/responses.ts';

/** A subscription as the renewal and the company's current one answer it. */
export const suscripcionRow = z.object({
  idSuscripcion: z.number().int(),
  idPlan: z.number().int(),
  planNombre: z.string(),
  idFormaPago: z.number().int(),
  formaPagoNombre: z.string(),
  idEmpresa: z.number().int(),
  empresaNombre: z.string(),
  idUsuario: z.number().int().nullable(),
  usuarioNombre: z.string().nullable(),
  numero: z.string(),
  estado: z.string(),
  fechaDesde: fecha,
  fechaHasta: fecha,
  ...columnasRegistro,
});

/** One row of a subscription's audit trail (creation, renewal, changes). */
const suscripcionAudRow = z.object({
  idSuscripcionAud: z.number().int(),
  idSuscripcion: z.number().int(),
  idPlan: z.number().int(),
  planNombre: z.string(),
  idFormaPago: z.number().int(),
  formaPagoNombre: z.string(),
  numero: z.string(),
  tipo: z.string(),
  fechaDesde: fecha,
  fechaHasta: fecha,
  suscripcionFechaReg: instante,
  suscripcionNumero: z.string(),
  idEmpresa: z.number().int(),
  usuarioNombre: z.string().nullable(),
  ...columnasRegistro,
});

/** `GET /api/v1/suscripciones-aud/:id` → 200. */
export const getSuscripcionesAudByIdResponse = suscripcionAudRow;
/** `GET /api/v1/suscripciones/:id/auditoria` → 200. */
export const getSuscripcionesByIdAuditoriaResponse = pageOf(suscripcionAudRow);

/** `GET /api/v1/suscripciones/:id/facturas` → 200. */
export const getSuscripcionesByIdFacturasResponse = itemsOf(
  z.object({
    idFactura: z.number().int(),
    numero: z.string(),
    fecha,
    total: decimal,
    estado: z.string(),
    fechaReg: instante,
  }),
);
