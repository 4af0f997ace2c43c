import { z } from 'zod';
import { idSchema, requiredId } from '../common/ids.ts';
import { isIsoDate } from '../common/validators.ts';
import { MSG } from '../messages.ts';
import { MSG_TRAMITE } from './messages.ts';
import { VISTAS_TRAMITE_CLAVES } from './vistas.ts';
import { ESTADOS_TRAMITE, FRECUENCIAS_CARGA } from './workflow.ts';

const fecha = (label: string) =>
  z
    .string({ error: MSG.campoRequerido(label) })
    .min(1, MSG.campoRequerido(label))
    .refine(isIsoDate, `${label} debe ser una fecha válida.`);

/** A required description (procedure, authorization request): trimmed, upper-cased, up to 500 characters. */
export const descripcionSchema = z
  .string({ error: MSG.campoRequerido('Descripción') })
  .trim()
  .min(1, MSG.campoRequerido('Descripción'))
  .max(500)
  .transform((v) => v.toUpperCase());

/** Procedure form: idPrestador, idServicio, fechaDesde, fechaHasta, descripcion required (docs/spec-summary.md 000 §5). */
export const tramiteInputSchema = z
  .object({
    idPrestador: requiredId('Prestador'),
    idServicio: requiredId('Servicio'),
    fechaDesde: fecha('Fecha desde'),
    fechaHasta: fecha('Fecha hasta'),
    descripcion: z
      .string({ error: MSG.campoRequerido('Descripción') })
      .trim()
      .min(1, MSG.campoRequerido('Descripción'))
      .max(500, 'Descripción admite como máximo 500 caracteres.')
      .transform((v) => v.toUpperCase()),
    frecuenciaCarga: z.enum(FRECUENCIAS_CARGA, { error: MSG.campoRequerido('Frecuencia de carga') }),
    maxSemanas: z.coerce.number().int().min(0).max(60).optional(),
  })
  .refine((v) => v.fechaDesde <= v.fechaHasta, {
    path: ['fechaHasta'],
    message: MSG_TRAMITE.fechasInvalidas,
  });

/** The body of 'Nuevo trámite' as sent and as the API reads it (description upper-cased). */
export type TramiteInput = z.output<typeof tramiteInputSchema>;

/** Only dates and description can change, and only while REGISTRADO. */
export const tramiteUpdateSchema = z
  .object({
    fechaDesde: fecha('Fecha desde'),
    fechaHasta: fecha('Fecha hasta'),
    descripcion: descripcionSchema,
    version: z.number().int().optional(),
  })
  .refine((v) => v.fechaDesde <= v.fechaHasta, {
    path: ['fechaHasta'],
    message: MSG_TRAMITE.fechasInvalidas,
  });

export const tramiteListQuerySchema = z.object({
  vista: z.enum(VISTAS_TRAMITE_CLAVES).default('todos'),
  estado: z.enum(ESTADOS_TRAMITE).optional(),
  idPrestador: idSchema.optional(),
  idServicio: idSchema.optional(),
  desde: z.string().refine(isIsoDate, 'Fecha inválida (AAAA-MM-DD).').optional(),
  hasta: z.string().refine(isIsoDate, 'Fecha inválida (AAAA-MM-DD).').optional(),
  numero: z.string().trim().max(40).optional(),
  q: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
});

export const accionBodySchema = z.object({
  /** The state the user saw; the server answers 409 when it has changed. */
  estadoActual: z.enum(ESTADOS_TRAMITE).optional(),
  /** 'enviar-observaciones' / 'enviar-respuestas': the observations of which type (M or D). */
  tipo: z.enum(['M', 'D']).optional(),
});
