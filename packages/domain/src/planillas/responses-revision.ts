/** Response schemas of the review's routes: assignments, controls, levels, line states, transitions (see responses.ts). */
import { z } from 'zod';
import { decimal, fecha } from '../common/responses.ts';

/** `PUT /api/v1/cargas/:id/nivel` → 200. */
export const putCargasByIdNivelResponse = z.object({
  mensaje: z.string(),
  actualizadas: z.number().int(),
});

/** `PUT /api/v1/planillas/:id/detalles/:idDet/estado` → 200. */
export const putPlanillasByIdDetallesByIdDetEstadoResponse = z.object({
  mensaje: z.string(),
  item: z.object({
    idPlanillaDet: z.number().int(),
    estado: z.number().int(),
  }),
  planilla: z.object({
    idPlanilla: z.number().int(),
    total: decimal,
    version: z.number().int(),
  }),
});

/** `PUT /api/v1/planillas/:id/nivel` → 200. */
export const putPlanillasByIdNivelResponse = z.object({
  mensaje: z.string(),
  item: z.object({
    idPlanilla: z.number().int(),
    nivel: z.number().int(),
    version: z.number().int(),
  }),
});

/** `GET /api/v1/tramites/:id/asignaciones` → 200. */
export const getTramitesByIdAsignacionesResponse = z.object({
  tipo: z.string(),
  usuarios: z.array(
    z.object({
      idUsuario: z.number().int(),
      nombre: z.string(),
      idPerfil: z.number().int(),
      personaNombre: z.string(),
      asignadas: z.number().int(),
      pendientes: z.number().int(),
    }),
  ),
  sinAsignar: z.number().int(),
  total: z.number().int(),
});

/** `GET /api/v1/tramites/:id/asignaciones/cargas` → 200. */
export const getTramitesByIdAsignacionesCargasResponse = z.object({
  items: z.array(
    z.object({
      idCarga: z.number().int(),
      tipoCarga: z.string(),
      numSemana: z.number().int().nullable(),
      fechaDesde: fecha,
      fechaHasta: fecha,
      total: z.number().int(),
      pendientes: z.number().int(),
      sinAsignar: z.number().int(),
    }),
  ),
});

/** `GET /api/v1/tramites/:id/asignaciones/planillas` → 200. */
export const getTramitesByIdAsignacionesPlanillasResponse = z.object({
  items: z.array(
    z.object({
      idPlanilla: z.number().int(),
      idCarga: z.number().int(),
      numero: z.string(),
      cedula: z.string(),
      nombre: z.string(),
      fechaDesde: fecha,
      fechaHasta: fecha,
      estado: z.string(),
      idUsuario: z.number().int().nullable(),
      usuarioNombre: z.string().nullable(),
    }),
  ),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

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
export const getTramitesByIdControlesByNResponse = z.object({
  items: z.array(
    z.object({
      idPlanilla: z.number().int(),
      idCarga: z.number().int(),
      numero: z.string(),
      cedula: z.string(),
      nombre: z.string(),
      fechaDesde: fecha,
      fechaHasta: fecha,
      motivo: z.string(),
    }),
  ),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

/** `POST /api/v1/cargas/:id/revision/finalizar` → 200. */
export const postCargasByIdRevisionFinalizarResponse = z.object({
  mensaje: z.string(),
  finalizadas: z.number().int(),
  omitidas: z.number().int(),
});

/** `POST /api/v1/planillas/:id/revision` → 200. */
export const postPlanillasByIdRevisionResponse = z.object({
  mensaje: z.string(),
  item: z.object({
    idPlanilla: z.number().int(),
    version: z.number().int(),
    estadoAud: z.string(),
    estadoDoc: z.string(),
  }),
  siguiente: z.number().int().nullable(),
});

/** `POST /api/v1/tramites/:id/asignaciones` → 200. */
export const postTramitesByIdAsignacionesResponse = z.object({
  mensaje: z.string(),
  asignadas: z.number().int(),
  estadoTramite: z.string(),
});

/** The other review transitions (`/revision/{reiniciar|finalizar|reabrir}`): the sheet's new state. */
export const revisionTransicionResponse = z.object({
  mensaje: z.string(),
  item: z.object({
    idPlanilla: z.number().int(),
    version: z.number().int(),
    estadoAud: z.string(),
    estadoDoc: z.string(),
  }),
});
