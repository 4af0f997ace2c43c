import { z } from 'zod';
import { idCon, idSchema } from '../common/ids.ts';
import { fecha, instante, itemsOf, pageOf } from '../common/responses.ts';
import { importeSchema } from '../detalles/schemas.ts';
import { MSG } from '../messages.ts';
import { TIPOS_REVISION } from '../planillas/permissions.ts';
import { planillaDeListaSchema } from '../planillas/responses-revision.ts';
import { ESTADOS_TRAMITE } from '../tramites/workflow.ts';
import { MSG_OBSERVACION } from './messages.ts';
import { NIVELES_OBSERVACION, RESOLUCIONES } from './rules.ts';

/*
 * Request and response contracts of the observations API (issue 13). The web derives its types
 * from these with z.input / z.infer.
 */

const vacio = (v: unknown) => (v === '' || v === null ? undefined : v);

export const tipoObservacionSchema = z.enum(TIPOS_REVISION, { error: MSG_OBSERVACION.tipoRequerido });
const tipoOpcional = z.preprocess(vacio, tipoObservacionSchema.optional());

/** Free text of an observation or an answer: trimmed, stored upper-case, empty → null. */
const textoMayusculas = z
  .string()
  .trim()
  .max(2000, 'El texto no puede superar 2000 caracteres.')
  .transform((v) => v.toUpperCase() || null)
  .nullable()
  .optional();

const version = z.number({ error: MSG.campoRequerido('versión') }).int();

/** `/observaciones/:nivel/:id`: nivel planilla (an attention's observation) or detalle (a line item's). */
export const observacionParams = z.object({
  nivel: z.enum(NIVELES_OBSERVACION, { error: 'El nivel debe ser planilla o detalle.' }),
  id: idSchema,
});

/** Create an observation (on an attention or a line item). */
export const observacionCrearSchema = z.object({
  tipo: tipoObservacionSchema,
  idObservacion: idCon(MSG_OBSERVACION.observacionEstandarRequerida),
  descripcion: textoMayusculas,
});
export type ObservacionCrear = z.infer<typeof observacionCrearSchema>;

/**
 * Edit an observation: the new standard observation and text, the version the user saw, and (for
 * profile 16, who works both processes) the process the screen acts in.
 */
export const observacionEditarSchema = z.object({
  tipo: tipoOpcional,
  idObservacion: idCon(MSG_OBSERVACION.observacionEstandarRequerida),
  descripcion: textoMayusculas,
  version,
});
export type ObservacionEditar = z.infer<typeof observacionEditarSchema>;

/** DELETE `/observaciones/:nivel/:id?version=&tipo=`. */
export const observacionEliminarQuerySchema = z.object({
  tipo: tipoOpcional,
  version: z.coerce.number({ error: MSG.campoRequerido('versión') }).int(),
});

/** The provider's answer: a standard answer or a text (or both). */
export const respuestaSchema = z
  .object({
    idRespuesta: z.preprocess(vacio, idSchema.optional()),
    respuesta: textoMayusculas,
    version,
  })
  .refine((v) => v.idRespuesta !== undefined || (v.respuesta ?? null) !== null, {
    path: ['respuesta'],
    message: MSG_OBSERVACION.respuestaRequerida,
  });
export type RespuestaObservacion = z.infer<typeof respuestaSchema>;

/**
 * The auditor's decision on an answer. On a line item's observation, REDUCE takes the line's new
 * approved amount (`valorAprobado`, a decimal string: the glosa becomes claimed − approved) and
 * RETIRA approves the line as claimed (no glosa); MANTIENE leaves the money as it is.
 */
export const resolucionSchema = z.object({
  tipo: tipoOpcional,
  resolucion: z.enum(RESOLUCIONES, { error: 'Indique MANTIENE, REDUCE o RETIRA.' }),
  valorAprobado: importeSchema.optional(),
  version,
});
export type ResolucionObservacion = z.infer<typeof resolucionSchema>;

/** Completeness of an attention or a procedure for one type (and optionally one load). */
export const completitudQuerySchema = z.object({
  tipo: tipoObservacionSchema,
  idCarga: z.preprocess(vacio, idSchema.optional()),
});

/** Sending the observations (17/19) or the answers (15) of one type. */
export const envioObservacionesSchema = z.object({
  /** Default: the sender's type (17 M, 19 D); for the provider, the type whose observations are open. */
  tipo: tipoOpcional,
  /** The state the user saw (409 when it has changed). */
  estadoActual: z.enum(ESTADOS_TRAMITE).optional(),
});

/**
 * The procedure's observations (the supervisors' report, the pending-observations review of 16–20
 * and the provider's lists): filters, sort by attention number, page; or the whole list as CSV.
 */
export const observacionesListaQuerySchema = z.object({
  tipo: tipoOpcional,
  idCarga: z.preprocess(vacio, idSchema.optional()),
  nivel: z.preprocess(
    (v) => (typeof v === 'string' ? v.toUpperCase() || undefined : v),
    z.enum(['PLANILLA', 'DETALLE'], { error: 'El nivel debe ser PLANILLA o DETALLE.' }).optional(),
  ),
  respondida: z.preprocess(vacio, z.enum(['si', 'no'], { error: 'Indique si (si) o no (no).' }).optional()),
  /** Answered and not yet decided by the auditor (si), or decided (no). */
  porResolver: z.preprocess(vacio, z.enum(['si', 'no'], { error: 'Indique si (si) o no (no).' }).optional()),
  sort: z.preprocess(vacio, z.enum(['numero', '-numero']).default('numero')),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
  formato: z.enum(['json', 'csv', 'xlsx']).default('json'),
});
export type ObservacionesListaQuery = z.input<typeof observacionesListaQuerySchema>;

// ---- responses ----

/** One observation with its answer and where it stands in the conversation. */
export const observacionItemSchema = z.object({
  /** idPlaObs (nivel PLANILLA) or idPlaDetObs (nivel DETALLE): the spec's idRegistro. */
  id: z.number().int(),
  nivel: z.enum(['PLANILLA', 'DETALLE']),
  idPlanilla: z.number().int(),
  idPlanillaDet: z.number().int().nullable(),
  /** The line item's code (the provider's) and description; null at attention level. */
  codigoDetalle: z.string().nullable(),
  descripcionDetalle: z.string().nullable(),
  /** The standard element's code and name of the line item (the spec's codigoElemento). */
  elementoCodigo: z.string().nullable(),
  elementoNombre: z.string().nullable(),
  /** The process it was raised in (M medical audit, D documentary management). */
  tipo: z.enum(TIPOS_REVISION),
  idObservacion: z.number().int(),
  observacionEstandar: z.string(),
  observacionComplementaria: z.string().nullable(),
  idRespuesta: z.number().int().nullable(),
  respuestaEstandar: z.string().nullable(),
  respuestaComplementaria: z.string().nullable(),
  respondida: z.boolean(),
  /** Round in which it was sent to the provider; null while it is a draft of the insurer. */
  ronda: z.number().int().nullable(),
  fechaEnvio: instante.nullable(),
  fechaRespuesta: instante.nullable(),
  /** When the provider sent the answers of its round back to the insurer. */
  fechaEnvioRespuesta: instante.nullable(),
  aceptada: z.boolean(),
  resolucion: z.enum(RESOLUCIONES).nullable(),
  fechaResolucion: instante.nullable(),
  fechaReg: instante,
  usuario: z.string().nullable(),
  version: z.number().int(),
});
export type ObservacionItem = z.input<typeof observacionItemSchema>;

/** The attention an observation belongs to, as the answer screens show it. */
export const observacionPlanillaSchema = z.object({
  idPlanilla: z.number().int(),
  idTramite: z.number().int(),
  idCarga: z.number().int(),
  numero: z.string(),
  numeroExt: z.string().nullable(),
  cedula: z.string(),
  nombre: z.string(),
  fechaDesde: fecha,
  fechaHasta: fecha,
  horaDesde: z.string().nullable(),
  horaHasta: z.string().nullable(),
});

/** A row of the procedure's lists: the observation and its attention. */
export const observacionTramiteItemSchema = observacionItemSchema.extend(
  planillaDeListaSchema.omit({ idPlanilla: true }).shape,
);
export type ObservacionTramiteItem = z.input<typeof observacionTramiteItemSchema>;

export const permisosObservacionSchema = z.object({
  procesoAM: z.boolean(),
  procesoGD: z.boolean(),
  puedeResponder: z.boolean(),
});

/** GET /planillas/:id/observaciones: the page and what the user may do on this attention. */
export const observacionesPlanillaSchema = pageOf(observacionItemSchema).extend({
  permisos: permisosObservacionSchema,
});

export const observacionesTramiteSchema = pageOf(observacionTramiteItemSchema);

/** GET /observaciones/:nivel/:id: the observation with its attention (the answer screens). */
export const observacionDetalleSchema = observacionItemSchema.extend({
  planilla: observacionPlanillaSchema,
  estadoTramite: z.enum(ESTADOS_TRAMITE),
  permisos: permisosObservacionSchema,
});
export type ObservacionDetalle = z.input<typeof observacionDetalleSchema>;

/** GET /tramites/:id/respuestas-estandar: the standard answers of the procedure's insurer. */
export const respuestasEstandarSchema = itemsOf(
  z.object({ idRespuesta: z.number().int(), descripcion: z.string() }),
);

/** Answer of every write: the Spanish confirmation and the observation as it is now. */
export const observacionMutacionSchema = z.object({
  mensaje: z.string(),
  item: observacionItemSchema,
});

/** Completeness (docs/spec-summary.md 001 §4 'observacionesCompletas'). */
export const completitudSchema = z.object({
  observacionesCompletas: z.boolean(),
  mensaje: z.string(),
  tipo: z.string(),
  /** Observations of the type sent to the provider and still open (not sent back). */
  total: z.number().int(),
  pendientes: z.number().int(),
  /** Drafts of the insurer not yet sent (the next round). */
  porEnviar: z.number().int(),
});
export type Completitud = z.input<typeof completitudSchema>;

/** Sending observations or answers. */
export const envioResultadoSchema = z.object({
  mensaje: z.string(),
  estadoTramite: z.enum(ESTADOS_TRAMITE),
  tipo: z.enum(TIPOS_REVISION),
  ronda: z.number().int(),
  observaciones: z.number().int(),
  correo: z.object({ idCorreo: z.number().int().nullable(), destinatarios: z.array(z.string()) }),
});
export type EnvioResultado = z.input<typeof envioResultadoSchema>;

/** Supporting documents added by the provider while answering. */
export const archivosRespuestaSchema = z.object({
  mensaje: z.string(),
  archivosCargados: z.array(z.string()),
  archivosDuplicados: z.array(z.string()),
});
