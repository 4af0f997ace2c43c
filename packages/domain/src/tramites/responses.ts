/**
 * Response schemas of the API routes of this area (issue 12 §3), drafted from what the routes send
 * in their tests and checked by the serializer (apps/api/src/lib/serializer.ts). Web types: `z.input<typeof x>`.
 */
import { z } from 'zod';
import { fecha, instante, pageOf } from '../common/responses.ts';

/** A procedure as the API answers it (list rows, detail, the answers of its actions, inside an authorization). */
export const tramiteSchema = z.object({
  idTramite: z.number().int(),
  numero: z.string(),
  fechaReg: instante,
  estadoTramite: z.string(),
  idPrestador: z.number().int(),
  nombreComercial: z.string(),
  idServicio: z.number().int(),
  servicioNombre: z.string(),
  aseguradorNombre: z.string(),
  fechaDesde: fecha,
  fechaHasta: fecha,
  descripcion: z.string(),
  numSemana: z.number().int(),
  maxSemanas: z.number().int(),
  frecuenciaCarga: z.string(),
  tipoAsignacion: z.string(),
  tieneApr: z.number().int(),
  fechaIniAud: z.unknown().nullable(),
  fechaFinAud: z.unknown().nullable(),
  version: z.number().int(),
  fechaAct: instante.nullable(),
  numCargas: z.number().int(),
  numPlanillas: z.number().int(),
});

/** `GET /api/v1/bitacora/:idBitacora` → 200. */
export const getBitacoraByIdBitacoraResponse = z.object({
  idBitacoraTra: z.number().int(),
  idTramite: z.number().int(),
  idUsuario: z.number().int(),
  tipo: z.string(),
  observacion: z.string(),
  fechaReg: instante,
  usuarioNombre: z.string(),
});

/** `GET /api/v1/prestadores/mios` → 200. */
export const getPrestadoresMiosResponse = z.array(
  z.object({
    idPrestador: z.number().int(),
    nombreComercial: z.string(),
    ruc: z.string(),
  }),
);

/** `GET /api/v1/tramites` → 200. */
export const getTramitesResponse = z.object({
  items: z.array(
    tramiteSchema.extend({
      misPendientes: z.number().int().optional(),
    }),
  ),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

/** `GET /api/v1/tramites/:id` → 200. */
export const getTramitesByIdResponse = tramiteSchema.extend({
  acciones: z.array(z.unknown()),
});

/** `GET /api/v1/tramites/:id/bitacora` → 200. */
export const getTramitesByIdBitacoraResponse = pageOf(getBitacoraByIdBitacoraResponse);

/** `POST /api/v1/tramites` → 201. */
export const postTramitesResponse201 = z.object({
  mensaje: z.string(),
  item: tramiteSchema.extend({
    acciones: z.array(z.string()),
  }),
});

/** `POST /api/v1/tramites/:id/acciones/:accion` → 200. */
export const postTramitesByIdAccionesByAccionResponse = z.object({
  mensaje: z.string(),
  item: tramiteSchema.extend({
    fechaIniAud: instante.nullable(),
    fechaFinAud: instante.nullable(),
    fechaAct: instante,
    acciones: z.array(z.string()),
  }),
});

/** `PUT /api/v1/tramites/:id` → 200. */
export const putTramitesByIdResponse = z.object({
  mensaje: z.string(),
  item: tramiteSchema.extend({
    fechaAct: instante,
    acciones: z.array(z.string()),
  }),
});
/** `GET /api/v1/tramites/acciones` → 200. */
export const getTramitesAccionesResponse = z.array(
  z.object({
    accion: z.string(),
    label: z.string(),
    desde: z.array(z.string()),
    hacia: z.string().nullable(),
    perfiles: z.array(z.number().int()),
  }),
);
