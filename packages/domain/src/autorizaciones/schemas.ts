import { z } from 'zod';
import { idSchema } from '../common/ids.ts';
import { isIsoDate } from '../common/validators.ts';
import { MSG } from '../messages.ts';
import { descripcionSchema } from '../tramites/schemas.ts';
import { MSG_AUTORIZACION } from './messages.ts';
import { ESTADOS_AUTORIZACION, MAX_DIAS_SEMANAS } from './rules.ts';

const empty = (v: unknown) => (v === '' || v === null ? undefined : v);

const fechaReq = (campo: string) =>
  z
    .string({ error: MSG.campoRequerido(campo) })
    .trim()
    .min(1, MSG.campoRequerido(campo))
    .refine(isIsoDate, MSG_AUTORIZACION.fechaInvalida)
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), MSG_AUTORIZACION.fechaInvalida);

const texto = (max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() || undefined : (v ?? undefined)),
    z.string().max(max).optional(),
  );

/** A new request ('Solicitudes'): what the provider asks for and the period of the attentions. */
export const autorizacionInputSchema = z
  .object({
    descripcion: descripcionSchema,
    fechaDesde: fechaReq('Fecha desde'),
    fechaHasta: fechaReq('Fecha hasta'),
  })
  .refine((v) => v.fechaDesde <= v.fechaHasta, {
    path: ['fechaHasta'],
    message: MSG_AUTORIZACION.fechasInvertidas,
  });
export type AutorizacionInput = z.infer<typeof autorizacionInputSchema>;

/** Approve: an optional observation. Reject: the observation is the reason, required. */
export const autorizacionResolverSchema = z.object({ observacion: texto(1000) }).nullish();
export const autorizacionRechazoSchema = z.object({
  observacion: z
    .string({ error: MSG_AUTORIZACION.observacionRechazo })
    .trim()
    .min(1, MSG_AUTORIZACION.observacionRechazo)
    .max(1000),
});

export const autorizacionListQuerySchema = z.object({
  estadoAut: z.preprocess(empty, z.enum(ESTADOS_AUTORIZACION).optional()),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
});

const fechaQuery = z.preprocess(
  empty,
  z
    .string({ error: MSG_AUTORIZACION.rangoSemanasInvalido })
    .refine(isIsoDate, MSG_AUTORIZACION.rangoSemanasInvalido)
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), MSG_AUTORIZACION.rangoSemanasInvalido),
);

/** GET /semanas?desde&hasta: both required, ordered, at most three years apart. */
export const semanasQuerySchema = z
  .object({ desde: fechaQuery, hasta: fechaQuery })
  .refine((v) => v.desde <= v.hasta, { path: ['hasta'], message: MSG_AUTORIZACION.rangoSemanasInvalido })
  .refine(
    (v) =>
      (Date.parse(`${v.hasta}T00:00:00Z`) - Date.parse(`${v.desde}T00:00:00Z`)) / 86_400_000 <=
      MAX_DIAS_SEMANAS,
    { path: ['hasta'], message: MSG_AUTORIZACION.rangoSemanasLargo },
  );

/** The active-load checks: a missing or malformed id answers 'Ingrese un ID de trámite válido'. */
export const cargasActivasQuerySchema = z.object({
  idTramite: z.preprocess(
    empty,
    z.coerce
      .number({ error: MSG_AUTORIZACION.idTramiteInvalido })
      .int(MSG_AUTORIZACION.idTramiteInvalido)
      .positive(MSG_AUTORIZACION.idTramiteInvalido),
  ),
  idAutorizacion: z.preprocess(empty, idSchema.optional()),
});
