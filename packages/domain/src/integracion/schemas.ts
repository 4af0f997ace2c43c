import { z } from 'zod';
import { fechaModificacionSchema } from '../cargas/schemas.ts';
import { INT4_MAX, idCon, requiredId } from '../common/ids.ts';
import { isIsoDate } from '../common/validators.ts';
import { MSG } from '../messages.ts';
import { MSG_INTEGRACION } from './messages.ts';

const fechaInvalida = 'La fecha no es válida: use AAAA-MM-DD.';
const fecha = (campo: string) =>
  z
    .string({ error: MSG.campoRequerido(campo) })
    .trim()
    .min(1, MSG.campoRequerido(campo))
    .refine(isIsoDate, fechaInvalida)
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), fechaInvalida);
const optId = (msg: string) => idCon(msg).optional();

/**
 * The text fields of POST /cargatramites/registro-datos and /registro-completo (docs/spec-summary.md 000 §3 'Sandbox
 * upload form' and §7): multipart fields, so every value arrives as text.
 */
export const registroCamposSchema = z
  .object({
    fechaDesde: fecha('fechaDesde'),
    fechaHasta: fecha('fechaHasta'),
    /** Accepted for compatibility; identity comes from the token, so it must be the caller's own id. */
    idUsuario: optId('idUsuario no es válido.'),
    idServicio: z.coerce
      .number({ error: MSG.campoRequerido('idServicio') })
      .int(MSG_INTEGRACION.servicioInvalido)
      .positive(MSG_INTEGRACION.servicioInvalido)
      .max(INT4_MAX, MSG_INTEGRACION.servicioInvalido),
    idAutorizacion: optId('La autorización no es válida.'),
    idPrestador: optId(MSG_INTEGRACION.prestadorInvalido),
    descripcion: z
      .string()
      .trim()
      .max(500)
      .transform((v) => v.toUpperCase())
      .optional(),
    /** The data file's last-modified value. */
    fechaModificacion: fechaModificacionSchema.optional(),
  })
  .refine((v) => v.fechaDesde <= v.fechaHasta, {
    path: ['fechaHasta'],
    message: 'La fecha desde debe ser anterior o igual a la fecha hasta.',
  });
export type RegistroCampos = z.infer<typeof registroCamposSchema>;

/** The multipart field names of the contract (docs/spec-summary.md 000 §7). */
export const CAMPO_ARCHIVO_DATOS = 'archivoDatos';
export const CAMPO_ARCHIVOS_RESPALDO = 'archivosRespaldo';
/** Backup files per call and their size (the 20 MiB of the weekly-loads variant, docs/spec-summary.md 000 §9). */
export const MAX_RESPALDOS = 50;
export const MAX_BYTES_RESPALDO = 20 * 1024 * 1024;

const empty = (v: unknown) => (v === '' || v === null ? undefined : v);

export const sandboxLogQuerySchema = z.object({
  estado: z.preprocess(empty, z.enum(['exito', 'error']).optional()),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
});

export const sandboxTramitesQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
});

/** A test authorization in the sandbox (already approved), to try loads with idAutorizacion. */
export const sandboxAutorizacionSchema = z
  .object({
    idTramite: requiredId('idTramite'),
    descripcion: z.string().trim().max(500).optional(),
    fechaDesde: fecha('fechaDesde'),
    fechaHasta: fecha('fechaHasta'),
  })
  .refine((v) => v.fechaDesde <= v.fechaHasta, {
    path: ['fechaHasta'],
    message: 'La fecha desde debe ser anterior o igual a la fecha hasta.',
  });

/** Validity of a personal API token, chosen at creation (decision 34). */
export const API_TOKEN_DIAS = { defecto: 90, max: 365, opciones: [30, 90, 180, 365] } as const;

export const apiTokenCreateSchema = z.object({
  nombre: z
    .string({ error: MSG.campoRequerido('Nombre') })
    .trim()
    .min(1, MSG.campoRequerido('Nombre'))
    .max(120),
  diasVigencia: z
    .number({ error: MSG_INTEGRACION.vigenciaInvalida })
    .int(MSG_INTEGRACION.vigenciaInvalida)
    .min(1, MSG_INTEGRACION.vigenciaInvalida)
    .max(API_TOKEN_DIAS.max, MSG_INTEGRACION.vigenciaInvalida)
    .default(API_TOKEN_DIAS.defecto),
});
