/** Response schemas of the admin API routes: subscriptions, their payments, audit and invoices (see responses.ts). */
import { z } from 'zod';
import { decimal, fecha, instante } from '../common/responses.ts';

/** `GET /api/v1/suscpagos` → 200. */
export const getSuscpagosResponse = z.object({
  items: z.array(z.unknown()),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

/** `GET /api/v1/suscripciones` → 200. */
export const getSuscripcionesResponse = z.object({
  items: z.array(
    z.object({
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
      fechaReg: instante,
      fechaAct: instante.nullable(),
      idUsuarioReg: z.number().int().nullable(),
      idUsuarioAct: z.number().int().nullable(),
    }),
  ),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

/** `GET /api/v1/suscripciones-aud/:id` → 200. */
export const getSuscripcionesAudByIdResponse = z.object({
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
  fechaReg: instante,
  fechaAct: instante.nullable(),
  idUsuarioReg: z.number().int().nullable(),
  idUsuarioAct: z.number().int().nullable(),
});

/** `GET /api/v1/suscripciones/:id/auditoria` → 200. */
export const getSuscripcionesByIdAuditoriaResponse = z.object({
  items: z.array(
    z.object({
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
      fechaReg: instante,
      fechaAct: instante.nullable(),
      idUsuarioReg: z.number().int().nullable(),
      idUsuarioAct: z.number().int().nullable(),
    }),
  ),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

/** `POST /api/v1/suscpagos` → 201. */
export const postSuscpagosResponse201 = z.object({
  mensaje: z.string(),
  item: z.object({
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
    fechaReg: instante,
    fechaAct: instante.nullable(),
    idUsuarioReg: z.number().int().nullable(),
    idUsuarioAct: z.number().int().nullable(),
  }),
});

/** `POST /api/v1/suscripciones` → 201. */
export const postSuscripcionesResponse201 = z.object({
  mensaje: z.string(),
  item: z.object({
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
    fechaReg: instante,
    fechaAct: instante.nullable(),
    idUsuarioReg: z.number().int().nullable(),
    idUsuarioAct: z.number().int().nullable(),
  }),
});

/** `PUT /api/v1/suscripciones/:id` → 200. */
export const putSuscripcionesByIdResponse = z.object({
  mensaje: z.string(),
  item: z.object({
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
    fechaReg: instante,
    fechaAct: instante,
    idUsuarioReg: z.number().int().nullable(),
    idUsuarioAct: z.number().int(),
  }),
});

/** `GET /api/v1/suscripciones/:id` → 200. */
export const getSuscripcionesByIdResponse = z.object({
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
  fechaReg: instante,
  fechaAct: instante.nullable(),
  idUsuarioReg: z.number().int().nullable(),
  idUsuarioAct: z.number().int().nullable(),
});

/** `GET /api/v1/suscripciones/:id/facturas` → 200. */
export const getSuscripcionesByIdFacturasResponse = z.object({
  items: z.array(
    z.object({
      idFactura: z.number().int(),
      numero: z.string(),
      fecha,
      total: decimal,
      estado: z.string(),
      fechaReg: instante,
    }),
  ),
});

// Routes the tests reach without a body to learn from: the same rows as their siblings.
export const getSuscpagosByIdResponse = getSuscpagosResponse.shape.items.element;
export const putSuscpagosByIdResponse = z.object({ mensaje: z.string(), item: getSuscpagosByIdResponse });
