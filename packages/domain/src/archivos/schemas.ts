import { z } from 'zod';
import { idSchema } from '../common/ids.ts';
import { isIsoDate } from '../common/validators.ts';
import { MSG_ARCHIVO } from './messages.ts';
import type { getTramitesByIdArchivosPorCargaResponse } from './responses.ts';
import { AGRUPACIONES_ZIP } from './rules.ts';

const empty = (v: unknown) => (v === '' || v === null ? undefined : v);
const page = z.coerce.number().int().min(1).default(1);
const pageSize = z.coerce.number().int().min(1).max(100).default(10);
const optId = z.preprocess(empty, idSchema.optional());
const fecha = z
  .string()
  .transform((v) => v.slice(0, 10))
  .pipe(z.string().refine(isIsoDate, MSG_ARCHIVO.fechasInvalidas));

/** Files of an attention: search by name (case- and accent-insensitive), newest first. */
export const archivosListQuerySchema = z.object({
  q: z.preprocess((v) => (typeof v === 'string' ? v.trim() || undefined : v), z.string().max(200).optional()),
  page,
  pageSize,
});

/** Attentions without files of a procedure, optionally of one load. */
export const sinArchivosQuerySchema = z.object({ idCarga: optId, page, pageSize });

/** Files added to a procedure in a date window (America/Guayaquil days, both included). */
export const archivosNuevosQuerySchema = z
  .object({
    desde: fecha,
    hasta: fecha,
    page,
    pageSize,
    formato: z.enum(['json', 'csv', 'xlsx']).default('json'),
  })
  .refine((v) => v.desde <= v.hasta, { message: MSG_ARCHIVO.fechasInvalidas, path: ['desde'] });

export const zipQuerySchema = z.object({
  agrupar: z.enum(AGRUPACIONES_ZIP).default('atencion'),
  idCarga: optId,
});

export const enlaceArchivoBodySchema = z
  .object({ descarga: z.boolean().default(false) })
  .nullish()
  .transform((v) => v ?? { descarga: false });

/** A load in the files-per-load report ('ArchivoCarga'), as it travels (its last upload an ISO string). */
export type ArchivosCargaFila = z.input<typeof getTramitesByIdArchivosPorCargaResponse>['items'][number];
