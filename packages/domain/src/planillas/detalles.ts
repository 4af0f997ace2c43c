import { z } from 'zod';
import { PERFIL } from '../auth/profiles.ts';
import { MSG } from '../messages.ts';
import { TIPOS_REVISION } from './permissions.ts';

/*
 * Line items (planilla details) and observations as the attention record page reads them (docs/spec-summary.md 000
 * §2 tabs Detalle, Activar detalle, Observaciones AM/GD; docs/spec-summary.md 001 §2.7 'Line items of a sheet').
 * Editing line items and writing observations belong to their own features.
 */

export const MSG_DETALLE = {
  sinDetalles: 'No hay detalles registrados para esta atención.',
  sinDetallesInactivos: 'No hay detalles para activar o desactivar.',
  detalleActivado: 'Detalle activado: vuelve a sumar en el total de la atención.',
  detalleDesactivado: 'Detalle desactivado: ya no suma en el total de la atención.',
  yaActivo: 'El detalle ya está activo.',
  yaInactivo: 'El detalle ya está inactivo.',
  sinObservaciones: 'Sin observaciones registradas.',
} as const;

/** 'Activar detalle' (supervisor tab, docs/spec-summary.md 000 §2): the supervisors who act on line items, 16 and 17. */
export const canActivarDetalle = (idPerfil: number) =>
  idPerfil === PERFIL.REVISOR || idPerfil === PERFIL.SUPERVISOR_AM;

const texto = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim() || undefined : v),
  z.string().max(200).optional(),
);

/** GET /planillas/:id/detalles: active items (default), inactive ones, or all; search by code or words. */
export const detalleQuerySchema = z.object({
  q: texto,
  estado: z.preprocess((v) => (v === '' ? undefined : v), z.enum(['1', '0', 'todos']).default('1')),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
});
export type DetalleQuery = z.infer<typeof detalleQuerySchema>;

/** PUT /planillas/:id/detalles/:idDet/estado: the attention version the user saw (stale → 409). */
export const detalleEstadoBodySchema = z.object({
  estado: z.union([z.literal(0), z.literal(1)], { error: 'El estado debe ser 0 o 1.' }),
  version: z.number({ error: MSG.campoRequerido('versión') }).int(),
});

export const observacionQuerySchema = z.object({
  tipo: z.enum(TIPOS_REVISION, { error: 'Indique el tipo de observación (M o D).' }),
});
