import { z } from 'zod';
import { TIPOS_LINEA, type TipoLinea } from '../cargas/columns.ts';
import { idSchema } from '../common/ids.ts';
import { MSG } from '../messages.ts';
import { MSG_DETALLE_EDICION as M } from './messages.ts';
import { DECIMAL_RE } from './money.ts';

const vacio = (v: unknown) => (v === '' || v === null ? undefined : v);
const recortado = (max: number) =>
  z.preprocess((v) => (typeof v === 'string' ? v.trim() || undefined : v), z.string().max(max).optional());

/** An amount as text with up to 2 decimals ("12.5", "1234.56"); numbers are refused (no floats). */
export const importeSchema = z
  .string({ error: M.valorInvalido })
  .trim()
  .regex(DECIMAL_RE, { error: M.valorInvalido });

const fechaIso = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Use una fecha AAAA-MM-DD.' });
const cantidad = z
  .number({ error: M.cantidadMinima })
  .int({ error: 'La cantidad debe ser un número entero.' })
  .min(1, { error: M.cantidadMinima })
  .max(1_000_000);
const bandera = z.union([z.literal(0), z.literal(1)]);
const version = z.number({ error: MSG.campoRequerido('versión') }).int();

const campos = {
  /** The coded element; or the provider's own code, resolved through its equivalences (elem_pres). */
  idElemento: z.preprocess(vacio, idSchema.optional()),
  codigoPrestador: recortado(30),
  descripcion: recortado(400),
  fechaAtencion: z.preprocess(vacio, fechaIso.optional()),
  valorUni: z.preprocess(vacio, importeSchema.optional()),
  tipo: z.preprocess(vacio, z.enum(Object.keys(TIPOS_LINEA) as [TipoLinea, ...TipoLinea[]]).optional()),
  laboratorio: bandera.optional(),
  imagen: bandera.optional(),
};

/** POST /planillas/:id/detalles: a line added by the audit. */
export const detalleCrearSchema = z
  .object({ ...campos, cantidad, version })
  .refine((b) => b.idElemento !== undefined || b.codigoPrestador !== undefined, {
    path: ['idElemento'],
    message: M.elementoRequerido,
  });
export type DetalleCrear = z.infer<typeof detalleCrearSchema>;

/** PUT /planillas/:id/detalles/:idDet: the fields given change; the rest stay. */
export const detalleEditarSchema = z.object({ ...campos, cantidad: cantidad.optional(), version });
export type DetalleEditar = z.infer<typeof detalleEditarSchema>;

/**
 * PUT /planillas/:id/detalles/:idDet/aprobado: what the audit approves of the line (its total, and
 * optionally the quantity it stands for). Below the claimed value the difference is a glosa, which
 * needs an active observation of type M on the line.
 */
export const detalleAprobadoSchema = z.object({
  valorAprobado: importeSchema,
  cantidadAprobada: z.number().int().min(0).optional(),
  version,
});
export type DetalleAprobado = z.infer<typeof detalleAprobadoSchema>;

/** POST /procedimientos/actualizar-fecha (docs/spec-summary.md 001 §7) as PUT /planillas/:id/detalles/:idDet/fecha. */
export const detalleFechaSchema = z.object({
  fechaAtencion: fechaIso,
  version,
});

/** POST /planillas/:id/detalles/:idDet/glosa-tarifa: accept the over-tariff proposal. */
export const detalleVersionSchema = z.object({ version });

/** Searches of the line window: text ≥ 2 characters, 5 per page. */
export const busquedaDetalleQuerySchema = z.object({
  q: z.string().trim().min(2, { error: M.busquedaCorta }).max(100),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(5),
});

/** GET /elempres/:id/equivalencia: coded elements by name or code, with the provider's agreed value. */
export const equivalenciaQuerySchema = z.object({
  q: recortado(100),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(10),
});
export const equivalenciaBodySchema = z.object({
  idElemento: z.preprocess((v) => (v === '' ? null : v), idSchema.nullable()),
});
