/**
 * Response schemas of the API routes of this area (issue 12 §3), drafted from what the routes send
 * in their tests and checked by the serializer (apps/api/src/lib/serializer.ts). Web types: `z.input<typeof x>`.
 */
import { z } from 'zod';
import { fecha, instante, mensajeSchema, pageOf } from '../common/responses.ts';
import { ESTADOS_PROCESO } from './rules.ts';

/** `DELETE /api/v1/cargas/:id` → 200. */
export const deleteCargasByIdResponse = mensajeSchema;

/** The states of a load's organising job (migration 0030, decision 85). */
export const ESTADOS_ORGANIZACION = ['PENDIENTE', 'ORGANIZANDO', 'ORGANIZADA', 'FALLIDA'] as const;
export type EstadoOrganizacion = (typeof ESTADOS_ORGANIZACION)[number];
/** Queued or running: the row says 'Organizando…' and a second request adds nothing. */
export const organizacionEnCurso = (o: string | null | undefined) => o === 'PENDIENTE' || o === 'ORGANIZANDO';

/** `GET /api/v1/cargas/:id` → 200. */
/** A load of a procedure (docs/spec-summary.md 000 §3 plus the background ingest's progress), as the API answers it. */
export const cargaSchema = z.object({
  idCarga: z.number().int(),
  idTramite: z.number().int(),
  idUsuario: z.number().int(),
  usuarioNombre: z.string(),
  idAutorizacion: z.number().int().nullable(),
  tipoCarga: z.enum(['M', 'S', 'A']),
  numSemana: z.number().int().nullable(),
  fechaDesde: fecha,
  fechaHasta: fecha,
  numeroRegistros: z.number().int(),
  numeroRegVal: z.number().int(),
  contadorErrores: z.number().int(),
  contadorNovedades: z.number().int(),
  tieneErrores: z.number().int(),
  tieneNovedades: z.number().int(),
  tienePlanillas: z.number().int(),
  tieneArchivos: z.number().int(),
  estado: z.number().int(),
  estadoProceso: z.enum(ESTADOS_PROCESO),
  progreso: z.number().int(),
  filasPorSegundo: z.number().nullable(),
  tamanioArchivo: z.number().int(),
  nombreArchivo: z.string(),
  formato: z.string(),
  obs: z.string().nullable(),
  fechaCreacion: instante,
  fechaActualizacion: instante.nullable(),
  fechaModificacion: instante.nullable(),
  mensaje: z.string(),
  /**
   * Organising its attentions as a background job (decision 85): null never asked, PENDIENTE queued,
   * ORGANIZANDO a worker is at it, ORGANIZADA done, FALLIDA every attempt failed (the dead letter).
   */
  organizacion: z.enum(ESTADOS_ORGANIZACION).nullable(),
  /** What the row says of it: the attempt resumed, the result's counts, the dead letter's reason. */
  organizacionObs: z.string().nullable(),
});
export type Carga = z.input<typeof cargaSchema>;
export const getCargasByIdResponse = cargaSchema;

/** `GET /api/v1/tramites/:id/cargas` → 200. */
export const getTramitesByIdCargasResponse = pageOf(cargaSchema);

/** `GET /api/v1/tramites/:id/filas` → 200. */
// The raw rows (carga_fila): every value as the file wrote it (text, dates unchecked), any may be missing.
export const getTramitesByIdFilasResponse = pageOf(
  z.object({
    idCarga: z.number().int(),
    fila: z.number().int(),
    idTramite: z.string().nullable(),
    noPlanilla: z.string().nullable(),
    cedula1: z.string().nullable(),
    cedula2: z.string().nullable(),
    nombre: z.string().nullable(),
    fIngreso: z.string().nullable(),
    fSalida: z.string().nullable(),
    diagPri: z.string().nullable(),
    diagSec: z.string().nullable(),
    lMuerto: z.string().nullable(),
    fTarifario: z.string().nullable(),
    noServicio: z.string().nullable(),
    cantidad: z.string().nullable(),
    vSem: z.string().nullable(),
    vPaciente: z.string().nullable(),
    noModificador: z.string().nullable(),
    nombreMedIns: z.string().nullable(),
    tipo: z.string().nullable(),
    fechaAtencion: z.string().nullable(),
    tieneError: z.boolean(),
    tieneNovedad: z.boolean(),
    novedades: z.array(z.string()),
  }),
);

/** `POST /api/v1/cargas/:id/organizar` → 200. */
export const postCargasByIdOrganizarResponse = mensajeSchema.extend({
  planillas: z.number().int(),
  duplicadas: z.number().int(),
  detalles: z.number().int(),
});

/**
 * `POST /api/v1/cargas/:id/organizar` → 202 (decision 85): the job is queued (once per load); the
 * load's row (`GET /api/v1/cargas/:id`, the procedure's loads) tells its progress and its result.
 * Ask again after `Retry-After` seconds.
 */
export const postCargasByIdOrganizarResponse202 = z.object({
  idCarga: z.number().int(),
  organizacion: z.enum(['PENDIENTE', 'ORGANIZANDO']),
  mensaje: z.string(),
});

/** `POST /api/v1/tramites/:id/cargas` → 200. */
export const postTramitesByIdCargasResponse = z.object({
  idCarga: z.number().int(),
  estadoProceso: z.enum(ESTADOS_PROCESO),
  numeroRegistros: z.number().int(),
  contadorErrores: z.number().int(),
  contadorNovedades: z.number().int(),
  mensaje: z.string(),
});

/** `POST /api/v1/tramites/:id/cargas` → 202. */
export const postTramitesByIdCargasResponse202 = z.object({
  idCarga: z.number().int(),
  estadoProceso: z.enum(ESTADOS_PROCESO),
  mensaje: z.string(),
});

/** `GET /api/v1/cargas/:id/errores` and `.../novedades`: a load's row errors or news. */
export const cargaIncidenciasPageSchema = pageOf(
  z.object({
    idCargaError: z.number().int(),
    fila: z.number().int(),
    columna: z.string().nullable(),
    valor: z.string().nullable(),
    mensaje: z.string(),
  }),
);
