/**
 * Response schemas of the API routes of this area (issue 12 §3), drafted from what the routes send
 * in their tests and checked by the serializer (apps/api/src/lib/serializer.ts). Web types: `z.input<typeof x>`.
 */
import { z } from 'zod';
import { fecha, instante, mensajeSchema, pageOf } from '../common/responses.ts';
import { ACCIONES, ESTADOS_TRAMITE, FRECUENCIAS_CARGA } from './workflow.ts';

/** A procedure as the API answers it (list rows, detail, the answers of its actions, inside an authorization). */
export const tramiteSchema = z.object({
  idTramite: z.number().int(),
  numero: z.string(),
  fechaReg: instante,
  estadoTramite: z.enum(ESTADOS_TRAMITE),
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
  frecuenciaCarga: z.enum(FRECUENCIAS_CARGA),
  tipoAsignacion: z.string(),
  tieneApr: z.number().int(),
  fechaIniAud: instante.nullable(),
  fechaFinAud: instante.nullable(),
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
export const getTramitesResponse = pageOf(
  tramiteSchema.extend({
    /** 'Trámites Asignados' of the auditor (18) and the operative (20): attentions still to review. */
    misPendientes: z.number().int().optional(),
  }),
);

/** A procedure with the workflow actions this user may try now (detail, the answers of its writes). */
export const tramiteConAccionesSchema = tramiteSchema.extend({ acciones: z.array(z.enum(ACCIONES)) });

/** `GET /api/v1/tramites/:id` → 200. */
export const getTramitesByIdResponse = tramiteConAccionesSchema;

/** `GET /api/v1/tramites/:id/bitacora` → 200. */
export const getTramitesByIdBitacoraResponse = pageOf(getBitacoraByIdBitacoraResponse);

/** `POST /api/v1/tramites` → 201. */
export const postTramitesResponse201 = mensajeSchema.extend({ item: tramiteConAccionesSchema });

/** `POST /api/v1/tramites/:id/acciones/:accion` → 200. */
export const postTramitesByIdAccionesByAccionResponse = mensajeSchema.extend({
  item: tramiteConAccionesSchema.extend({ fechaAct: instante }),
});

/** `PUT /api/v1/tramites/:id` → 200. */
export const putTramitesByIdResponse = mensajeSchema.extend({
  item: tramiteConAccionesSchema.extend({ fechaAct: instante }),
});

/** `GET /api/v1/tramites/acciones` → 200. */
export const getTramitesAccionesResponse = z.array(
  z.object({
    accion: z.enum(ACCIONES),
    label: z.string(),
    desde: z.array(z.enum(ESTADOS_TRAMITE)),
    hacia: z.enum(ESTADOS_TRAMITE).nullable(),
    perfiles: z.array(z.number().int()),
  }),
);
