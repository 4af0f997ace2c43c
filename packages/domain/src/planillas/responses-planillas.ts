/** Response schemas of the attentions' routes: list, search, record, its lines, audit, templates (see responses.ts). */
import { z } from 'zod';
import { decimal, fecha, instante, mensajeSchema, pageOf } from '../common/responses.ts';
import { ESTADOS_TRAMITE } from '../tramites/workflow.ts';
import { ESTADOS_REVISION, TIPOS_REVISION } from './permissions.ts';

/** A review state (estadoAud of the medical audit, estadoDoc of the documents). */
const estadoRevision = z.enum(ESTADOS_REVISION);

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
  usuario: z.string().nullable(),
  operacion: z.string(),
  campo: z.string().nullable(),
  antes: z.string().nullable(),
  despues: z.string().nullable(),
});

/** What the user may do on an attention (permissions.ts `permisosPlanilla`). */
export const permisosPlanillaSchema = z.object({
  puedeAM: z.boolean(),
  puedeGD: z.boolean(),
  puedeEditar: z.boolean(),
  puedeRevisar: z.enum(TIPOS_REVISION).nullable(),
  puedeFinalizarAM: z.boolean(),
  puedeFinalizarGD: z.boolean(),
  puedeBorrar: z.boolean(),
  puedeNivel: z.boolean(),
  supervisor: z.boolean(),
  verEstadoAud: z.boolean(),
  verEstadoDoc: z.boolean(),
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
    diag1: z.string().nullable(),
    diag1Nombre: z.string().nullable(),
    /** null where the profile or the procedure's state hides them. */
    estadoAud: estadoRevision.nullable(),
    estadoDoc: estadoRevision.nullable(),
    duplicada: z.number().int(),
    nivel: z.number().int(),
    numArchivos: z.number().int(),
    total: decimal,
    /** Claimed / approved / objected of every line (issue 13; kept by triggers). */
    totalReclamado: decimal,
    totalAprobado: decimal,
    totalGlosa: decimal,
    estado: z.number().int(),
    version: z.number().int(),
    /** Assigned AM and GD users (the web enables the level check boxes with canSetNivel). */
    idUsuarioMed: z.number().int().nullable(),
    idUsuarioDoc: z.number().int().nullable(),
  }),
).extend({
  estadoTramite: z.enum(ESTADOS_TRAMITE),
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
  numeroExt: z.string().nullable(),
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
  horaHasta: z.string().nullable(),
  estadoAud: estadoRevision,
  estadoDoc: estadoRevision,
  idUsuarioMed: z.number().int().nullable(),
  idUsuarioDoc: z.number().int().nullable(),
  fechaAud: instante.nullable(),
  fechaDoc: instante.nullable(),
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
  estadoTramite: z.enum(ESTADOS_TRAMITE),
  tipoAsignacion: z.string(),
  /** 'sábado' / 'domingo' when the attention starts on a weekend (the record page's notice). */
  finDeSemana: z.enum(['sábado', 'domingo']).nullable(),
  permisos: permisosPlanillaSchema,
});

/** `GET /api/v1/planillas/:id/auditoria` → 200. */
export const getPlanillasByIdAuditoriaResponse = z.object({
  generales: z.array(cambioAuditoria),
  detallados: z.array(
    cambioAuditoria.extend({ idPlanillaDet: z.number().int(), codigo: z.string().nullable() }),
  ),
});

/** `GET /api/v1/planillas/:id/otras` → 200. */
export const getPlanillasByIdOtrasResponse = pageOf(
  planillaDeTramite.extend({
    fechaHasta: fecha,
    diag1: z.string().nullable(),
    diag1Nombre: z.string().nullable(),
    total: decimal,
    estadoAud: estadoRevision,
    estadoDoc: estadoRevision,
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
    estadoAud: estadoRevision,
    estadoDoc: estadoRevision,
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
    descripcion: z.string().nullable(),
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
