import { z } from 'zod';
import { fecha, instante, pageOf } from '../common/responses.ts';
import { isIsoDate } from '../common/validators.ts';
import { pageQuery } from './fields.ts';

const fechaFiltro = z.string().refine(isIsoDate, 'Fecha no válida.').optional();

/** Filters of the session administration lists (docs/spec-summary.md 002 "Session admin"); all in the URL. */
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

// Responses of the session administration routes.

export const sesionRowSchema = z.object({
  idSesion: z.string(),
  idUsuario: z.number().int(),
  usuarioNombre: z.string(),
  fechaInicio: instante,
  fechaFin: instante.nullable(),
  expira: instante,
  motivoFin: z.string().nullable(),
  activa: z.boolean(),
  ip: z.string().nullable(),
  agente: z.string().nullable(),
});
export const sesionesPageSchema = pageOf(sesionRowSchema);

export const sesionErrRowSchema = z.object({
  idSesionErr: z.number().int(),
  fecha: instante,
  usuario: z.string().nullable(),
  idUsuario: z.number().int().nullable(),
  ip: z.string().nullable(),
  tipo: z.string(),
  motivo: z.string(),
});
export const sesionesErroresPageSchema = pageOf(sesionErrRowSchema);

export const accesoSesionRowSchema = z.object({
  idAccesoSesion: z.number().int(),
  idSesion: z.string().nullable(),
  idUsuario: z.number().int(),
  usuarioNombre: z.string(),
  ruta: z.string(),
  fecha: instante,
});
export const accesosSesionPageSchema = pageOf(accesoSesionRowSchema);

const conteo = { sesiones: z.number().int(), usuarios: z.number().int() };
export const sesionesPorMesSchema = z.object({
  anio: z.number().int(),
  items: z.array(z.object({ mes: z.number().int(), nombre: z.string(), ...conteo })),
  total: z.number().int(),
});
export const sesionesPorDiaSchema = z.object({
  mes: z.string(),
  items: z.array(z.object({ dia: z.number().int(), fecha, ...conteo })),
  total: z.number().int(),
});

export const sandboxLogRowSchema = z.object({
  idSandboxLog: z.number().int(),
  idUsuario: z.number().int().nullable(),
  usuarioNombre: z.string().nullable(),
  fecha: instante,
  endpoint: z.string(),
  estado: z.number().int(),
  mensaje: z.string().nullable(),
  idTramite: z.number().int().nullable(),
  idCarga: z.number().int().nullable(),
});
export const sandboxLogPageSchema = pageOf(sandboxLogRowSchema);
