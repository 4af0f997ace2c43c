/** Response schemas of the admin API routes: the public subscription registration and its renewal (see responses.ts). */
import { z } from 'zod';
import { decimal, fecha, instante } from '../common/responses.ts';

/** `GET /api/v1/registro/formas-pago` → 200. */
export const getRegistroFormasPagoResponse = z.object({
  items: z.array(
    z.object({
      idFormaPago: z.number().int(),
      nombre: z.string(),
    }),
  ),
});

/** `GET /api/v1/registro/planes` → 200. */
export const getRegistroPlanesResponse = z.object({
  items: z.array(
    z.object({
      idPlan: z.number().int(),
      nombre: z.string(),
      descripcion: z.string(),
      valor: decimal,
      duracionMeses: z.number().int(),
    }),
  ),
});

/** `GET /api/v1/registro/renovacion` → 200. */
export const getRegistroRenovacionResponse = z.object({
  // null when the company has no subscription in force (the platform operator's, an expired one).
  suscripcion: z
    .object({
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
    })
    .nullable(),
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
