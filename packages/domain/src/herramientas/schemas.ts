import { z } from 'zod';
import { INT4_MAX, idSchema } from '../common/ids.ts';
import { decimal, fecha, pageOf } from '../common/responses.ts';
import { isValidCedula } from '../common/validators.ts';
import { ESTADOS_TRAMITE } from '../tramites/workflow.ts';
import { MSG_HERRAMIENTAS } from './messages.ts';

/** `GET /api/v1/herramientas/vademecum?q=&page=`: medicines (elements of type M), 10 per page. */
export const VADEMECUM_PAGE_SIZE = 10;
export const vademecumQuerySchema = z.object({
  q: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).default(1),
});
export type VademecumQuery = z.infer<typeof vademecumQuerySchema>;

export const medicamentoSchema = z.object({
  idElemento: z.number().int(),
  codigo: z.string(),
  nombre: z.string(),
  /** Reference value, numeric(14,2) as a string; null when the catalogue has none. */
  valor: decimal.nullable(),
  clasificacion: z.string().nullable(),
});
export type Medicamento = z.input<typeof medicamentoSchema>;
export const vademecumPageSchema = pageOf(medicamentoSchema);

/** `GET /api/v1/herramientas/cobertura/:cedula`. */
export const coberturaParamsSchema = z.object({
  cedula: z
    .string()
    .trim()
    .min(1, MSG_HERRAMIENTAS.cedulaRequerida)
    .refine(isValidCedula, MSG_HERRAMIENTAS.cedulaInvalida),
});

export const coberturaSchema = z.object({
  cedula: z.string(),
  /** The patient's name on the most recent attention; null when none is visible. */
  nombre: z.string().nullable(),
  numeroAtenciones: z.number().int(),
  /** Start date (`YYYY-MM-DD`) of the most recent attention. */
  ultimaAtencion: fecha.nullable(),
  /** The most recent attentions (at most 10), newest first. */
  recientes: z.array(
    z.object({
      idPlanilla: z.number().int(),
      numero: z.string(),
      fechaDesde: fecha,
      fechaHasta: fecha,
      diag1: z.string().nullable(),
      prestador: z.string(),
      tramite: z.string(),
    }),
  ),
});
export type Cobertura = z.input<typeof coberturaSchema>;

/**
 * `GET /api/v1/herramientas/cobertura/:cedula/atenciones?idEspecialidad=&page=`: the claim lookup
 * (docs/spec-summary.md 001 §2.7): every attention of the patient the user may see, optionally only those whose
 * doctor is registered in a specialty, newest first, 10 per page.
 */
export const CONSULTA_COBERTURA_PAGE_SIZE = 10;
export const consultaCoberturaQuerySchema = z.object({
  idEspecialidad: z.preprocess((v) => (v === '' ? undefined : v), idSchema.optional()),
  page: z.coerce.number().int().min(1).max(INT4_MAX).default(1),
});
export type ConsultaCoberturaQuery = z.infer<typeof consultaCoberturaQuerySchema>;

export const atencionCoberturaSchema = z.object({
  idPlanilla: z.number().int(),
  idTramite: z.number().int(),
  /** The procedure's number. */
  tramite: z.string(),
  estadoTramite: z.enum(ESTADOS_TRAMITE),
  numero: z.string(),
  nombre: z.string(),
  fechaDesde: fecha,
  fechaHasta: fecha,
  nombreMedico: z.string().nullable(),
  diag1: z.string().nullable(),
  prestador: z.string(),
});
export type AtencionCobertura = z.input<typeof atencionCoberturaSchema>;
export const consultaCoberturaPageSchema = pageOf(atencionCoberturaSchema);
