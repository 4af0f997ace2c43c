import { z } from 'zod';
import { isValidCedula } from '../common/validators.ts';
import { MSG_HERRAMIENTAS } from './messages.ts';

/** `GET /api/v1/herramientas/vademecum?q=&page=`: medicines (elements of type M), 10 per page. */
export const VADEMECUM_PAGE_SIZE = 10;
export const vademecumQuerySchema = z.object({
  q: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).default(1),
});
export type VademecumQuery = z.infer<typeof vademecumQuerySchema>;

export type Medicamento = {
  idElemento: number;
  codigo: string;
  nombre: string;
  /** Reference value, numeric(14,2) as a string; null when the catalogue has none. */
  valor: string | null;
  clasificacion: string | null;
};

/** `GET /api/v1/herramientas/cobertura/:cedula`. */
export const coberturaParamsSchema = z.object({
  cedula: z
    .string()
    .trim()
    .min(1, MSG_HERRAMIENTAS.cedulaRequerida)
    .refine(isValidCedula, MSG_HERRAMIENTAS.cedulaInvalida),
});

export type Cobertura = {
  cedula: string;
  /** The patient's name on the most recent attention; null when none is visible. */
  nombre: string | null;
  numeroAtenciones: number;
  /** Start date (`YYYY-MM-DD`) of the most recent attention. */
  ultimaAtencion: string | null;
  /** The most recent attentions (at most 10), newest first. */
  recientes: {
    idPlanilla: number;
    numero: string;
    fechaDesde: string;
    fechaHasta: string;
    diag1: string | null;
    prestador: string;
    tramite: string;
  }[];
};
