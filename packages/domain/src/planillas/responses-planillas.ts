/** Response schemas of the attentions' routes: list, search, record, its lines, audit, templates (see responses.ts). */
import { z } from 'zod';
import { decimal, fecha, instante, mensajeSchema, pageOf } from '../common/responses.ts';

/** A sheet's state after a delete or a restore. */
const estadoPlanilla = z.object({
  idPlanilla: z.number().int(),
  estado: z.number().int(),
  version: z.number().int(),
});

/** The sheet's template after one is added (`idPlantilla`) or removed (null), and its new total. */
const plantillaDePlanilla = <T extends z.ZodType>(idPlantilla: T) =>
  z.object({ idPlanilla: z.number().int(), idPlantilla, total: decimal, version: z.number().int() });

/** An attention of any procedure, as the lists across procedures show it (the patient's others, a diagnosis's). */
export const planillaDeTramite = z.object({
  idPlanilla: z.number().int(),
  idTramite: z.number().int(),
  numeroTramite: z.string(),
  numero: z.string(),
  fechaDesde: fecha,
});

/** One change of the sheet's audit trail; the lines' changes add the line. */
const cambioAuditoria = z.object({
  idAuditoria: z.number().int(),
  fecha: instante,
  usuario: z.string(),
  operacion: z.string(),
  campo: z.string(),
  antes: z.string().nullable(),
  despues: z.string().nullable(),
});

/** `DELETE /api/v1/planillas/:id` and `POST /api/v1/planillas/:id/restaurar` → 200: the sheet's new state. */
export const estadoPlanillaResponse = mensajeSchema.extend({ item: estadoPlanilla });

/** `DELETE /api/v1/planillas/:id/plantilla` → 200. */
export const deletePlanillasByIdPlantillaResponse = mensajeSchema.extend({
  retirados: z.number().int(),
  item: plantillaDePlanilla(z.number().int().nullable()),
});

/** `GET /api/v1/planillas` → 200. */
export const getPlanillasResponse = pageOf(
  z.object({
    idPlanilla: z.number().int(),
    idCarga: z.number().int(),
    numero: z.string(),
    numeroExt: z.string().nullable(),
    fechaDesde: fecha,
    fechaHasta: fecha,
    cedula: z.string(),
    nombre: z.string(),
    cedulaMedico: z.string().nullable(),
    nombreMedico: z.string().nullable(),
    diag1: z.string(),
    diag1Nombre: z.string(),
    estadoAud: z.string().nullable(),
    estadoDoc: z.string().nullable(),
    duplicada: z.number().int(),
    nivel: z.number().int(),
    numArchivos: z.number().int(),
    total: decimal,
    totalReclamado: decimal,
    totalAprobado: decimal,
    totalGlosa: decimal,
    estado: z.number().int(),
    version: z.number().int(),
    idUsuarioMed: z.number().int().nullable(),
    idUsuarioDoc: z.number().int().nullable(),
  }),
).extend({
  estadoTramite: z.string(),
  verEstadoAud: z.boolean(),
  verEstadoDoc: z.boolean(),
});

/** `GET /api/v1/planillas/:id` → 200. */
export const getPlanillasByIdResponse = z.object({
  idPlanilla: z.number().int(),
  idTramite: z.number().int(),
  idCarga: z.number().int(),
  idPrestador: z.number().int(),
  numero: z.string(),
  numeroExt: z.number().int().nullable(),
  cedula: z.string(),
  nombre: z.string(),
  cedulaMedico: z.string().nullable(),
  nombreMedico: z.string().nullable(),
  diag1: z.string().nullable(),
  diag2: z.string().nullable(),
  diag3: z.string().nullable(),
  diag4: z.string().nullable(),
  diag5: z.string().nullable(),
  controlDiag1: z.number().int(),
  controlDiag2: z.number().int(),
  controlDiag3: z.number().int(),
  controlDiag4: z.number().int(),
  controlDiag5: z.number().int(),
  codigoVal: z.string().nullable(),
  fechaDesde: fecha,
  fechaHasta: fecha,
  horaDesde: z.string().nullable(),
  horaHasta: z.unknown().nullable(),
  estadoAud: z.string(),
  estadoDoc: z.string(),
  idUsuarioMed: z.number().int().nullable(),
  idUsuarioDoc: z.number().int().nullable(),
  fechaAud: z.unknown().nullable(),
  fechaDoc: z.unknown().nullable(),
  idUsuarioAct: z.number().int().nullable(),
  fechaAct: instante.nullable(),
  idPlantilla: z.number().int().nullable(),
  nivel: z.number().int(),
  duplicada: z.number().int(),
  estado: z.number().int(),
  total: decimal,
  version: z.number().int(),
  fechaDesdeCarga: fecha,
  fechaHastaCarga: fecha,
  tipoCarga: z.string(),
  diagnostico01: z.string().nullable(),
  diagnostico02: z.string().nullable(),
  diagnostico03: z.string().nullable(),
  diagnostico04: z.string().nullable(),
  diagnostico05: z.string().nullable(),
  numDetalles: z.number().int(),
  numArchivos: z.number().int(),
  usuarioMed: z.string().nullable(),
  usuarioDoc: z.string().nullable(),
  plantillaNombre: z.string().nullable(),
  numeroTramite: z.string(),
  estadoTramite: z.string(),
  tipoAsignacion: z.string(),
  finDeSemana: z.string().nullable(),
  permisos: z.object({
    puedeAM: z.boolean(),
    puedeGD: z.boolean(),
    puedeEditar: z.boolean(),
    puedeRevisar: z.string().nullable(),
    puedeFinalizarAM: z.boolean(),
    puedeFinalizarGD: z.boolean(),
    puedeBorrar: z.boolean(),
    puedeNivel: z.boolean(),
    supervisor: z.boolean(),
    verEstadoAud: z.boolean(),
    verEstadoDoc: z.boolean(),
  }),
});

/** `GET /api/v1/planillas/:id/auditoria` → 200. */
export const getPlanillasByIdAuditoriaResponse = z.object({
  generales: z.array(cambioAuditoria),
  detallados: z.array(cambioAuditoria.extend({ idPlanillaDet: z.number().int(), codigo: z.string() })),
});

/** `GET /api/v1/planillas/:id/otras` → 200. */
export const getPlanillasByIdOtrasResponse = pageOf(
  planillaDeTramite.extend({
    fechaHasta: fecha,
    diag1: z.string(),
    diag1Nombre: z.string(),
    total: decimal,
    estadoAud: z.string(),
    estadoDoc: z.string(),
  }),
);

/** `GET /api/v1/planillas/buscar` → 200. */
export const getPlanillasBuscarResponse = pageOf(
  z.object({
    idPlanilla: z.number().int(),
    numero: z.string(),
    cedula: z.string(),
    nombre: z.string(),
    diagnosticos: z.string(),
    fechaDesde: fecha,
    fechaHasta: fecha,
    total: decimal,
    estadoAud: z.string(),
    estadoDoc: z.string(),
  }),
);

/** `GET /api/v1/planillas/pendientes` → 200. */
export const getPlanillasPendientesResponse = z.object({
  pendientes: z.number().int(),
});

/** `GET /api/v1/planillas/siguiente-pendiente` → 200. */
export const getPlanillasSiguientePendienteResponse = z.object({
  idPlanilla: z.number().int(),
  numero: z.string(),
});

/** `GET /api/v1/plantillas` → 200. */
export const getPlantillasResponse = z.array(
  z.object({
    idPlantilla: z.number().int(),
    nombre: z.string(),
    descripcion: z.unknown().nullable(),
    numElementos: z.number().int(),
  }),
);

/** `POST /api/v1/planillas/:id/plantilla` → 200. */
export const postPlanillasByIdPlantillaResponse = mensajeSchema.extend({
  agregados: z.number().int(),
  item: plantillaDePlanilla(z.number().int()),
});

/** `PUT /api/v1/planillas/:id` → 200: the record page's view, as the GET answers it. */
export const putPlanillasByIdResponse = mensajeSchema.extend({ item: getPlanillasByIdResponse });
