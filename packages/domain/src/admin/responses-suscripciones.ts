/** Response schemas of the admin API routes: subscriptions, their payments, audit and invoices (see responses.ts). */
import { z } from 'zod';
import {
  columnasRegistro,
  decimal,
  fecha,
  instante,
  itemsOf,
  mensajeSchema,
  pageOf,
} from '../common/responses.ts';

/** A subscription as the lists and forms read it. */
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

/** A payment of a subscription, with its invoice. */
const suscPagoRow = z.object({
  idSuscPago: z.number().int(),
  idSuscripcion: z.number().int(),
  idFactura: z.number().int(),
  estadoPago: z.string(),
  fechaDesde: fecha,
  fechaHasta: fecha,
  suscripcionFechaReg: instante,
  suscripcionNumero: z.string(),
  facturaFechaReg: instante,
  facturaNumero: z.string(),
  facturaTotal: decimal,
  idEmpresa: z.number().int(),
  ...columnasRegistro,
});

/** `GET /api/v1/suscpagos` → 200 (its rows unchecked). */
export const getSuscpagosResponse = pageOf(z.unknown());
/** `POST /api/v1/suscpagos` → 201. */
export const postSuscpagosResponse201 = mensajeSchema.extend({ item: suscPagoRow });

/** `GET /api/v1/suscripciones` → 200. */
export const getSuscripcionesResponse = pageOf(suscripcionRow);
/** `GET /api/v1/suscripciones/:id` → 200. */
export const getSuscripcionesByIdResponse = suscripcionRow;
/** `POST /api/v1/suscripciones` → 201; `PUT /api/v1/suscripciones/:id` → 200. */
export const postSuscripcionesResponse201 = mensajeSchema.extend({ item: suscripcionRow });
export const putSuscripcionesByIdResponse = postSuscripcionesResponse201;

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

// Routes the tests reach without a body to learn from: the same rows as their siblings.
export const getSuscpagosByIdResponse = getSuscpagosResponse.shape.items.element;
export const putSuscpagosByIdResponse = mensajeSchema.extend({ item: getSuscpagosByIdResponse });
