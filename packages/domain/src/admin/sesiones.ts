import { z } from 'zod';
import { isIsoDate } from '../common/validators.ts';
import { pageQuery } from './fields.ts';

const fechaFiltro = z.string().refine(isIsoDate, 'Fecha no válida.').optional();

/** Filters of the session administration lists (spec 002 "Session admin"); all in the URL. */
export const sesionesQuerySchema = z.object({
  ...pageQuery,
  desde: fechaFiltro,
  hasta: fechaFiltro,
});

export const sesionesMesQuerySchema = z.object({
  anio: z.coerce.number().int().min(2000).max(2100).optional(),
});

export const sesionesDiaQuerySchema = z.object({
  mes: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Mes no válido (AAAA-MM).')
    .optional(),
});

export const MESES = [
  'Enero',
  'Febrero',
  'Marzo',
  'Abril',
  'Mayo',
  'Junio',
  'Julio',
  'Agosto',
  'Septiembre',
  'Octubre',
  'Noviembre',
  'Diciembre',
] as const;

/** Why a session ended, as the list shows it. */
export const MOTIVOS_FIN: Record<string, string> = {
  CIERRE: 'Cierre de sesión',
  INACTIVIDAD: 'Inactividad',
  EXPIRADA: 'Expirada',
};
