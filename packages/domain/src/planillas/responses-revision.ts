/** Response schemas of the review's routes: assignments, controls, levels, line states, transitions (see responses.ts). */
import { z } from 'zod';
import { cargaSchema } from '../cargas/responses.ts';
import { fecha, itemsOf, mensajeSchema, pageOf } from '../common/responses.ts';
import { ESTADOS_TRAMITE } from '../tramites/workflow.ts';
import { ESTADOS_REVISION, TIPOS_REVISION } from './permissions.ts';

/**
 * A sheet as the lists of a procedure show it (assignments, controls, sheets without files,
 * observations); each list adds its own columns.
 */
export const planillaDeListaSchema = z.object({
  idPlanilla: z.number().int(),
  idCarga: z.number().int(),
  numero: z.string(),
  cedula: z.string(),
  nombre: z.string(),
  fechaDesde: fecha,
  fechaHasta: fecha,
});

/** `PUT /api/v1/cargas/:id/nivel` → 200. */
export const putCargasByIdNivelResponse = mensajeSchema.extend({
  actualizadas: z.number().int(),
});

/** `PUT /api/v1/planillas/:id/nivel` → 200. */
export const putPlanillasByIdNivelResponse = mensajeSchema.extend({
  item: z.object({
    idPlanilla: z.number().int(),
    nivel: z.number().int(),
    version: z.number().int(),
  }),
});

/** `GET /api/v1/tramites/:id/asignaciones` → 200. */
export const getTramitesByIdAsignacionesResponse = z.object({
  tipo: z.enum(TIPOS_REVISION),
  /** Staff that can receive an assignment of this type, with what they hold in the procedure. */
  usuarios: z.array(
    z.object({
      idUsuario: z.number().int(),
      nombre: z.string(),
      idPerfil: z.number().int(),
      personaNombre: z.string().nullable(),
      /** Active attentions of the procedure assigned to the user for this type. */
      asignadas: z.number().int(),
      /** Of those, still PENDIENTE for this type. */
      pendientes: z.number().int(),
    }),
  ),
  /** Active attentions of the procedure without a holder of this type. */
  sinAsignar: z.number().int(),
  total: z.number().int(),
});

/** `GET /api/v1/tramites/:id/asignaciones/cargas` → 200. */
export const getTramitesByIdAsignacionesCargasResponse = itemsOf(
  z.object({
    idCarga: z.number().int(),
    tipoCarga: cargaSchema.shape.tipoCarga,
    numSemana: z.number().int().nullable(),
    fechaDesde: fecha,
    fechaHasta: fecha,
    total: z.number().int(),
    pendientes: z.number().int(),
    /** Pending and without a holder. */
    sinAsignar: z.number().int(),
  }),
);

/** `GET /api/v1/tramites/:id/asignaciones/planillas` → 200. */
export const getTramitesByIdAsignacionesPlanillasResponse = pageOf(
  planillaDeListaSchema.extend({
    /** estadoAud (M) or estadoDoc (D). */
    estado: z.enum(ESTADOS_REVISION),
    idUsuario: z.number().int().nullable(),
    usuarioNombre: z.string().nullable(),
  }),
);

/** `GET /api/v1/tramites/:id/controles` → 200. */
export const getTramitesByIdControlesResponse = z.object({
  controles: z.array(
    z.object({
      control: z.number().int(),
      nombre: z.string(),
      descripcion: z.string(),
      total: z.number().int(),
    }),
  ),
});

/** `GET /api/v1/tramites/:id/controles/:n` → 200. */
export const getTramitesByIdControlesByNResponse = pageOf(
  planillaDeListaSchema.extend({ motivo: z.string() }),
);

/** `POST /api/v1/cargas/:id/revision/finalizar` → 200. */
export const postCargasByIdRevisionFinalizarResponse = mensajeSchema.extend({
  finalizadas: z.number().int(),
  omitidas: z.number().int(),
});

/** The review transitions (`/revision/{reiniciar|finalizar|reabrir}`): the sheet's new state. */
export const revisionTransicionResponse = mensajeSchema.extend({
  item: z.object({
    idPlanilla: z.number().int(),
    version: z.number().int(),
    estadoAud: z.enum(ESTADOS_REVISION),
    estadoDoc: z.enum(ESTADOS_REVISION),
  }),
});

/** `POST /api/v1/planillas/:id/revision` → 200: the transition's answer and the next sheet to review. */
export const postPlanillasByIdRevisionResponse = revisionTransicionResponse.extend({
  siguiente: z.number().int().nullable(),
});

/** `POST /api/v1/tramites/:id/asignaciones` → 200. */
export const postTramitesByIdAsignacionesResponse = mensajeSchema.extend({
  asignadas: z.number().int(),
  estadoTramite: z.enum(ESTADOS_TRAMITE),
});
