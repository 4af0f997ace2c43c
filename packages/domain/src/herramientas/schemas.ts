import { z } from 'zod';
import { decimal, fecha, pageOf } from '../common/responses.ts';
import { isValidCedula } from '../common/validators.ts';
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
export type Medicamento = z.infer<typeof medicamentoSchema>;
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
export type Cobertura = z.infer<typeof coberturaSchema>;
