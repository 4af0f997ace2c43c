import { z } from 'zod';
import { idSchema } from '../common/ids.ts';
import { isIsoDate } from '../common/validators.ts';
import { MSG_CARGA } from './messages.ts';

const fecha = z
  .string()
  .trim()
  .refine(isIsoDate, MSG_CARGA.fechaInvalida)
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), MSG_CARGA.fechaInvalida);

/** A file's last-modified value as a multipart field: epoch milliseconds or an ISO instant, answered as ISO. */
export const fechaModificacionSchema = z
  .string()
  .trim()
  .transform((v, ctx) => {
    const d = /^\d+$/.test(v) ? new Date(Number(v)) : new Date(v);
    if (Number.isNaN(d.getTime())) {
      ctx.addIssue({ code: 'custom', message: 'La fecha de modificación del archivo no es válida.' });
      return z.NEVER;
    }
    return d.toISOString();
  });

/** The text fields that travel with the data file in the multipart upload. */
export const cargaCamposSchema = z
  .object({
    idAutorizacion: z.coerce.number().int().positive('La autorización no es válida.').optional(),
    fechaDesde: fecha.optional(),
    fechaHasta: fecha.optional(),
    fechaModificacion: fechaModificacionSchema.optional(),
  })
  .refine((v) => !v.fechaDesde || !v.fechaHasta || v.fechaDesde <= v.fechaHasta, {
    path: ['fechaHasta'],
    message: MSG_CARGA.fechasInvertidas,
  })
  .refine((v) => (v.fechaDesde === undefined) === (v.fechaHasta === undefined), {
    path: ['fechaHasta'],
    message: 'Indique la fecha desde y la fecha hasta de la carga, o ninguna de las dos.',
  });
export type CargaCampos = z.infer<typeof cargaCamposSchema>;

const page = {
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
};

export const cargaListQuerySchema = z.object({
  idAutorizacion: idSchema.optional(),
  ...page,
});

const FILA_INVALIDA = 'La fila debe ser un número entero positivo.';

export const cargaIncidenciasQuerySchema = z.object({
  fila: z.coerce.number({ error: FILA_INVALIDA }).int(FILA_INVALIDA).positive(FILA_INVALIDA).optional(),
  ...page,
});

export const filasQuerySchema = z.object({
  vista: z.enum(['todos', 'novedades']).default('todos'),
  idCarga: idSchema.optional(),
  ...page,
});
