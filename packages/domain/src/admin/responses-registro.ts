/** Response schemas of the admin API routes: the public subscription registration and its renewal (see responses.ts). */
import { z } from 'zod';
import { decimal, fecha, itemsOf } from '../common/responses.ts';
import { suscripcionRow } from './responses-suscripciones.ts';

/** `GET /api/v1/registro/formas-pago` → 200. */
export const getRegistroFormasPagoResponse = itemsOf(
  z.object({
    idFormaPago: z.number().int(),
    nombre: z.string(),
  }),
);

/** `GET /api/v1/registro/planes` → 200. */
export const getRegistroPlanesResponse = itemsOf(
  z.object({
    idPlan: z.number().int(),
    nombre: z.string(),
    descripcion: z.string(),
    valor: decimal,
    duracionMeses: z.number().int(),
  }),
);

/** `GET /api/v1/registro/renovacion` → 200. */
export const getRegistroRenovacionResponse = z.object({
  // null when the company has no subscription in force (the platform operator's, an expired one).
  suscripcion: suscripcionRow.nullable(),
});

/** `POST /api/v1/registro` → 201. */
export const postRegistroResponse201 = z.object({
  mensaje: z.string(),
  idEmpresa: z.number().int(),
  idSuscripcion: z.number().int(),
  idUsuario: z.number().int(),
  usuario: z.string(),
  plan: z.string(),
  fechaDesde: fecha,
  fechaHasta: fecha,
});

/** `POST /api/v1/registro/renovacion` → 200. */
export const postRegistroRenovacionResponse = z.object({
  mensaje: z.string(),
  idSuscripcion: z.number().int(),
  plan: z.string(),
  fechaDesde: fecha,
  fechaHasta: fecha,
});
