/**
 * Response schemas of the API routes of this area (issue 12 §3), drafted from what the routes send
 * in their tests and checked by the serializer (apps/api/src/lib/serializer.ts). Web types: `z.input<typeof x>`.
 */
import { z } from 'zod';
import { fecha, instante } from '../common/responses.ts';

/** `GET /api/v1/autorizaciones/:id` → 200. */
export const getAutorizacionesByIdResponse = z.object({
  idAutorizacion: z.number().int(),
  idTramite: z.number().int(),
  descripcion: z.string(),
  observacion: z.string().nullable(),
  estadoAut: z.string(),
  fechaDesde: fecha.nullable(),
  fechaHasta: fecha.nullable(),
  fechaReg: instante,
  fechaApr: instante.nullable(),
  fechaAct: instante.nullable(),
  usuarioSolicita: z.string().nullable(),
  usuarioResuelve: z.string().nullable(),
  numCargas: z.number().int(),
  numPlanillas: z.number().int(),
  tramite: z.object({
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
  }),
  acciones: z.array(z.string()),
});

/** `GET /api/v1/cargas/activas` → 200. */
export const getCargasActivasResponse = z.object({
  items: z.array(
    z.object({
      idCarga: z.number().int(),
      idTramite: z.number().int(),
      idUsuario: z.number().int(),
      usuarioNombre: z.string(),
      idAutorizacion: z.number().int().nullable(),
      tipoCarga: z.string(),
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
      estadoProceso: z.string(),
      progreso: z.number().int(),
      filasPorSegundo: z.unknown().nullable(),
      tamanioArchivo: z.number().int(),
      nombreArchivo: z.string(),
      formato: z.string(),
      obs: z.string().nullable(),
      fechaCreacion: instante,
      fechaActualizacion: z.unknown().nullable(),
      fechaModificacion: z.unknown().nullable(),
    }),
  ),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

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
export const getTramitesByIdAutorizacionesResponse = z.object({
  items: z.array(
    z.object({
      idAutorizacion: z.number().int(),
      idTramite: z.number().int(),
      descripcion: z.string(),
      observacion: z.string().nullable(),
      estadoAut: z.string(),
      fechaDesde: fecha.nullable(),
      fechaHasta: fecha.nullable(),
      fechaReg: instante,
      fechaApr: z.unknown().nullable(),
      fechaAct: instante.nullable(),
      usuarioSolicita: z.string().nullable(),
      usuarioResuelve: z.string().nullable(),
      numCargas: z.number().int(),
      numPlanillas: z.number().int(),
      acciones: z.array(z.string()),
    }),
  ),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  puedeSolicitar: z.boolean(),
});

/** `POST /api/v1/tramites/:id/autorizaciones` → 201. */
export const postTramitesByIdAutorizacionesResponse201 = z.object({
  mensaje: z.string(),
  item: z.object({
    idAutorizacion: z.number().int(),
    idTramite: z.number().int(),
    descripcion: z.string(),
    observacion: z.string().nullable(),
    estadoAut: z.string(),
    fechaDesde: fecha.nullable(),
    fechaHasta: fecha.nullable(),
    fechaReg: instante,
    fechaApr: z.unknown().nullable(),
    fechaAct: instante.nullable(),
    usuarioSolicita: z.string().nullable(),
    usuarioResuelve: z.string().nullable(),
    numCargas: z.number().int(),
    numPlanillas: z.number().int(),
    tramite: z.object({
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
    }),
    acciones: z.array(z.string()),
  }),
});

/** `POST /api/v1/autorizaciones/:id/{aprobar|rechazar|anular}`. */
export const autorizacionAccionResponse = z.object({
  mensaje: z.string(),
  item: getAutorizacionesByIdResponse,
});
