/**
 * Response schemas of the API routes of this area (issue 12 §3), drafted from what the routes send
 * in their tests and checked by the serializer (apps/api/src/lib/serializer.ts). Web types: `z.input<typeof x>`.
 */
import { z } from 'zod';
import { cargaSchema } from '../cargas/responses.ts';
import { fecha, instante, pageOf } from '../common/responses.ts';
import { tramiteSchema } from '../tramites/responses.ts';
import { ACCIONES_AUTORIZACION, ESTADOS_AUTORIZACION } from './rules.ts';

/** An authorization request (autorizacion) as the API answers it, with the user's actions; the detail adds its procedure. */
export const autorizacionSchema = z.object({
  idAutorizacion: z.number().int(),
  idTramite: z.number().int(),
  descripcion: z.string(),
  observacion: z.string().nullable(),
  estadoAut: z.enum(ESTADOS_AUTORIZACION),
  fechaDesde: fecha.nullable(),
  fechaHasta: fecha.nullable(),
  fechaReg: instante,
  fechaApr: instante.nullable(),
  fechaAct: instante.nullable(),
  usuarioSolicita: z.string().nullable(),
  usuarioResuelve: z.string().nullable(),
  numCargas: z.number().int(),
  numPlanillas: z.number().int(),
  /** What the user may do with it now. */
  acciones: z.array(z.enum(ACCIONES_AUTORIZACION)),
});

/** `GET /api/v1/autorizaciones/:id` → 200: the authorization with its procedure. */
export const getAutorizacionesByIdResponse = autorizacionSchema.extend({ tramite: tramiteSchema });

/** `GET /api/v1/cargas/activas` → 200. */
export const getCargasActivasResponse = pageOf(cargaSchema.omit({ mensaje: true }));

/** `GET /api/v1/cargas/activas/sin-archivos` → 200. */
export const getCargasActivasSinArchivosResponse = z.object({
  idTramite: z.number().int(),
  cargasActivas: z.number().int(),
  cargasActivasSinArchivos: z.number().int(),
  hayCargasActivasSinArchivos: z.boolean(),
});

/** `GET /api/v1/semanas` → 200. */
export const getSemanasResponse = z.object({
  desde: fecha,
  hasta: fecha,
  items: z.array(
    z.object({
      idSemana: z.number().int().nullable(),
      anio: z.number().int(),
      numero: z.number().int(),
      fechaDesde: fecha,
      fechaHasta: fecha,
    }),
  ),
});

/** `GET /api/v1/tramites/:id/autorizaciones` → 200. */
export const getTramitesByIdAutorizacionesResponse = pageOf(autorizacionSchema).extend({
  puedeSolicitar: z.boolean(),
});

/** `POST /api/v1/tramites/:id/autorizaciones` → 201. */
export const postTramitesByIdAutorizacionesResponse201 = z.object({
  mensaje: z.string(),
  item: getAutorizacionesByIdResponse,
});

/** `POST /api/v1/autorizaciones/:id/{aprobar|rechazar|anular}`: as the request's creation answers. */
export const autorizacionAccionResponse = postTramitesByIdAutorizacionesResponse201;
