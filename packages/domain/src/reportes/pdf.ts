import { z } from 'zod';
import { avanceDocumento } from '../common/avance.ts';
import { idSchema } from '../common/ids.ts';
import { ESTADOS_PRESTADOR, type EstadoTramite } from '../tramites/workflow.ts';

/*
 * The PDF reports of a procedure (docs/spec-summary.md 001 §7 'Downloads and reports', docs/spec-summary.md 000 §2 and §7):
 * GET /api/v1/reportes/pdf/{id}/{idTramite}?identificador02={idCarga}&tipo={M|D}&idPlanilla=
 * (docs/decisions.md 46–48). Report 1 and the print of one sheet (9 by idPlanilla in the spec's call)
 * are GET /api/v1/planillas/{id}/resumen.pdf; report 12 is the procedure log's PDF.
 */

export type TipoReporte = 'M' | 'D';

/** What a report draws: its rows come from one of these queries and table models. */
export type ClaseReportePdf =
  | 'novedades' // 2: the load's novelties, then the observations of the type
  | 'observaciones' // 4/5: observations raised
  | 'respuestas' // 6/7: observations and their answers
  | 'completo' // 8/9: observations, answers, state and author
  | 'consolidado' // 10: one row per attention with its totals
  | 'detallado'; // 11: every attention with every line and its amounts

export type ReportePdfDef = {
  titulo: string;
  clase: ClaseReportePdf;
  /** The observation type the report is of; null when the caller gives it (2) or it has none (10, 11). */
  tipo: TipoReporte | null;
  /** `tipo` must be sent (report 2 is of one type). */
  requiereTipo?: boolean;
};

export const REPORTES_PDF: Record<number, ReportePdfDef> = {
  2: { titulo: 'Novedades y Observaciones de la Carga', clase: 'novedades', tipo: null, requiereTipo: true },
  4: { titulo: 'Reporte de Observaciones de Auditoría Médica', clase: 'observaciones', tipo: 'M' },
  5: { titulo: 'Reporte de Observaciones de Gestión Documental', clase: 'observaciones', tipo: 'D' },
  6: { titulo: 'Reporte de Respuestas a Observaciones de Auditoría Médica', clase: 'respuestas', tipo: 'M' },
  7: {
    titulo: 'Reporte de Respuestas a Observaciones de Gestión Documental',
    clase: 'respuestas',
    tipo: 'D',
  },
  8: { titulo: 'Observaciones y Respuestas de Auditoría Médica', clase: 'completo', tipo: 'M' },
  9: { titulo: 'Observaciones y Respuestas de Gestión Documental', clase: 'completo', tipo: 'D' },
  10: { titulo: 'Planillas de Atención Consolidadas', clase: 'consolidado', tipo: null },
  11: { titulo: 'Planillas de Atención Detalladas', clase: 'detallado', tipo: null },
};

export const REPORTE_PDF_IDS = Object.keys(REPORTES_PDF).map(Number);

export const MSG_REPORTE = {
  reporteInvalido: `El reporte debe ser uno de ${REPORTE_PDF_IDS.join(', ')}.`,
  tipoInvalido: 'El tipo de observación debe ser M o D.',
  tipoRequerido: (id: number) => `El reporte ${id} requiere el tipo de observación (M o D).`,
  tipoNoCorresponde: (id: number, tipo: TipoReporte) => `El reporte ${id} es de tipo ${tipo}.`,
  cargaAjena: 'La carga indicada no pertenece al trámite.',
  planillaAjena: 'La atención indicada no pertenece al trámite.',
  soloAsignacionTodos:
    'Este reporte abarca todas las atenciones del trámite: está disponible para su perfil solo cuando el trámite está asignado a todos.',
  /** docs/spec-summary.md 001 §8 'Report fetch error'. */
  errorObtener: 'Error al obtener el reporte. Verifique la conexión con el servidor.',
  procesando: 'Procesando...',
  deshabilitado: 'Los reportes se habilitan cuando el prestador envía el trámite.',
  /** A report drawn by a background job (decision 78): the 202 answer's `mensaje`, the dead letter. */
  ...avanceDocumento('el reporte'),
} as const;

/**
 * `GET /reportes/pdf/…` → 202 while a worker draws the report (decision 78): ask again after
 * `Retry-After` seconds; the answer is the PDF (200) once it is stored.
 */
export const reporteEnCursoSchema = z.object({
  estado: z.enum(['PENDIENTE', 'GENERANDO']),
  /** The attempt under way (0 before the first starts). */
  intento: z.number().int(),
  maxIntentos: z.number().int(),
  /** 0–100. */
  progreso: z.number().int(),
  mensaje: z.string(),
});
export type ReporteEnCurso = z.input<typeof reporteEnCursoSchema>;
export type { AvanceDocumento } from '../common/avance.ts';

/** Path of the report route: `/reportes/pdf/{id}/{idTramite}`. */
export const reportePdfParamsSchema = z.object({
  // Not a positive integer: the API's one id message; a number that names no report: which ones exist.
  id: idSchema.refine((n) => n in REPORTES_PDF, MSG_REPORTE.reporteInvalido),
  idTramite: idSchema,
});

/**
 * `identificador02` is the load (docs/spec-summary.md 001 §7); `tipo` M or D (required by 2, must match 4–9, not
 * read by 10 and 11); `idPlanilla` limits a report to one attention (report 9 'also by attention').
 */
export const reportePdfQuerySchema = z.object({
  identificador02: idSchema.optional(),
  tipo: z.enum(['M', 'D'], { error: MSG_REPORTE.tipoInvalido }).optional(),
  idPlanilla: idSchema.optional(),
});
export type ReportePdfQuery = z.infer<typeof reportePdfQuerySchema>;

/** The observation type a request resolves to, or the Spanish reason it is refused. */
export function tipoDeReporte(
  id: number,
  tipo: TipoReporte | undefined,
): { tipo: TipoReporte | null } | { error: string } {
  const def = REPORTES_PDF[id];
  if (def.requiereTipo && !tipo) return { error: MSG_REPORTE.tipoRequerido(id) };
  if (def.tipo && tipo && tipo !== def.tipo) return { error: MSG_REPORTE.tipoNoCorresponde(id, def.tipo) };
  if (def.clase === 'consolidado' || def.clase === 'detallado') return { tipo: null };
  return { tipo: def.tipo ?? tipo ?? null };
}

/**
 * The two report blocks of the audit side of the procedure page (docs/spec-summary.md 000 §2): block 1 the
 * observations of each process and the attention sheets, block 2 the observations with answers.
 */
export const BLOQUES_REPORTES: { titulo: string; items: { id: number; label: string }[] }[] = [
  {
    titulo: 'Reportes del trámite',
    items: [
      { id: 4, label: 'Observaciones de Auditoría Médica' },
      { id: 5, label: 'Observaciones de Gestión Documental' },
      { id: 10, label: 'Planillas consolidadas' },
      { id: 11, label: 'Planillas detalladas' },
    ],
  },
  {
    titulo: 'Observaciones con respuestas',
    items: [
      { id: 8, label: 'Auditoría Médica (AM)' },
      { id: 9, label: 'Gestión Documental (GD)' },
    ],
  },
];

/**
 * Whether the report buttons are enabled: from ENVIADO on (docs/decisions.md 47). The spec's
 * 'disabled unless the status is ENVIADO' read as 'until the provider has sent it': before, the
 * insurer has nothing to report on; after, every state of the audit has observations and amounts.
 */
export const reportesHabilitados = (estado: EstadoTramite | string): boolean =>
  !ESTADOS_PRESTADOR.includes(estado as EstadoTramite);
