import { z } from 'zod';
import { fieldErrors } from '../common/errors.ts';
import { INT4_MAX } from '../common/ids.ts';
import { decimal, fecha, instante, mensajeSchema, pageOf } from '../common/responses.ts';
import { isIsoDate } from '../common/validators.ts';
import { MSG } from '../messages.ts';
import { normalizeCode, refFields, refLabelName } from './define-helpers.ts';
import type { CatalogDef, CatalogField, CatalogJoined } from './define-types.ts';

/** Bound of a numeric(14, 2) column. */
const DECIMAL_MAX = 1e12;
const fueraDeRango = (label: string) => `${label} está fuera del rango permitido.`;

function fieldSchema(f: CatalogField): z.ZodType {
  if (f.schema) return f.schema;
  const req = MSG.campoRequerido(f.label);
  switch (f.type) {
    case 'integer':
    case 'select': {
      if (f.options) {
        const allowed = f.options.map((o) => o.value);
        const bad = `Seleccione una opción válida para ${f.label}.`;
        const base = z.string({ error: req }).trim();
        if (f.required) return base.min(1, req).refine((v) => allowed.includes(v), bad);
        return base
          .refine((v) => v === '' || allowed.includes(v), bad)
          .nullable()
          .optional();
      }
      // Without declared bounds, the range of the integer column (PostgreSQL would refuse the rest).
      const base = z.coerce
        .number({ error: req })
        .int(`${f.label} debe ser un número entero.`)
        .min(-INT4_MAX, fueraDeRango(f.label))
        .max(INT4_MAX, fueraDeRango(f.label));
      const low =
        f.min !== undefined ? base.min(f.min, `${f.label} debe ser mayor o igual a ${f.min}.`) : base;
      const bounded =
        f.max !== undefined ? low.max(f.max, `${f.label} debe ser menor o igual a ${f.max}.`) : low;
      return f.required ? bounded : bounded.nullable().optional();
    }
    case 'decimal': {
      const base = z
        .union([z.string(), z.number()], { error: req })
        .transform((v) => String(v).trim().replace(',', '.'))
        .refine(
          (v) => /^-?\d+(\.\d{1,2})?$/.test(v),
          `${f.label} debe ser un valor numérico con hasta 2 decimales.`,
        )
        .refine((v) => Math.abs(Number(v)) < DECIMAL_MAX, fueraDeRango(f.label))
        .refine(
          (v) => f.min === undefined || Number(v) >= f.min,
          `${f.label} debe ser mayor o igual a ${f.min}.`,
        )
        .refine(
          (v) => f.max === undefined || Number(v) <= f.max,
          `${f.label} debe ser menor o igual a ${f.max}.`,
        );
      return f.required ? base : base.nullable().optional();
    }
    case 'boolean':
      return f.required ? z.boolean({ error: req }) : z.boolean().optional();
    case 'date': {
      const base = z.string({ error: req }).refine(isIsoDate, `${f.label} debe ser una fecha válida.`);
      return f.required ? base : base.nullable().optional();
    }
    default: {
      let base = z.string({ error: req }).trim();
      if (f.maxLength)
        base = base.max(f.maxLength, `${f.label} admite como máximo ${f.maxLength} caracteres.`);
      if (f.digits) base = base.regex(/^\d*$/, `${f.label} admite solo dígitos.`);
      if (f.hora)
        base = base.regex(/^([01]\d|2[0-3]):[0-5]\d$/, `${f.label} debe ser una hora válida (HH:mm).`);
      if (f.type === 'email') base = base.regex(/^$|^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/, MSG.correoInvalido);
      const shape = (v: string) => (f.code ? normalizeCode(v) : f.upper ? v.toUpperCase() : v);
      if (f.required) return base.min(1, req).transform(shape);
      return base.transform(shape).nullable().optional();
    }
  }
}

/** Whether the form is creating a row or updating one (a password is required only to create). */
export type CatalogMode = 'create' | 'update';

/** An empty value of an update's password: left out, so the stored one stays. */
const keepWhenEmpty = (s: z.ZodType) =>
  z.preprocess(
    (v) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v),
    s.optional(),
  );

/** One declared field's rule (admin/fields.ts builds the hand-written schemas' required text with it). */
export const catalogFieldSchema = (f: CatalogField): z.ZodType => fieldSchema(f);

/** The one schema of a catalogue row, used by the API to validate and by the web form. */
export function catalogInputSchema(def: CatalogDef, mode: CatalogMode = 'create'): z.ZodType {
  if (def.schema) return mode === 'update' && def.updateSchema ? def.updateSchema : def.schema;
  const shape: Record<string, z.ZodType> = {};
  for (const f of def.fields) {
    if (f.form === false) continue;
    const s = fieldSchema(f);
    shape[f.name] = mode === 'update' && f.type === 'password' ? keepWhenEmpty(s) : s;
  }
  const obj = z.object(shape);
  if (!def.dateRange) return obj;
  const [from, to] = def.dateRange;
  const label = (n: string) => def.fields.find((f) => f.name === n)?.label ?? n;
  return obj.superRefine((v, ctx) => {
    const a = v[from];
    const b = v[to];
    if (typeof a === 'string' && typeof b === 'string' && b < a)
      ctx.addIssue({
        code: 'custom',
        path: [to],
        message: `${label(to)} no puede ser anterior a ${label(from)}.`,
      });
  });
}

function fieldRowSchema(f: CatalogField): z.ZodType {
  const base = (() => {
    switch (f.type) {
      case 'integer':
        return z.number().int();
      case 'select':
        // Options are strings in the form; some are stored in integer columns.
        return f.options ? z.union([z.string(), z.number().int()]) : z.number().int();
      case 'decimal':
        return decimal;
      case 'date':
        return fecha;
      case 'boolean':
        return z.boolean();
      default:
        return z.string();
    }
  })();
  return f.required && !f.nullable ? base : base.nullable();
}

function joinedRowSchema(j: CatalogJoined): z.ZodType {
  const base = { integer: z.number().int(), decimal, date: fecha, instant: instante, text: z.string() }[
    j.type
  ];
  return j.nullable ? base.nullable() : base;
}

/**
 * A catalogue row as the API answers it (lib/crud.ts `selectList`): the id, every field, the label
 * `{field}Nombre` of each reference, and the audit stamps with the names of their users.
 */
export function catalogRowSchema(def: CatalogDef) {
  const shape: Record<string, z.ZodType> = { [def.idField]: z.number().int() };
  for (const f of def.fields) {
    if (f.type === 'password') continue;
    shape[f.name] = fieldRowSchema(f);
    if (f.ref) shape[refLabelName(f)] = z.string().nullable();
  }
  for (const j of def.joined ?? []) shape[j.name] = joinedRowSchema(j);
  for (const c of def.counts ?? []) shape[c.name] = c.max ? z.number().int().nullable() : z.number().int();
  Object.assign(shape, {
    fechaReg: instante,
    fechaAct: instante.nullable(),
    idUsuarioReg: z.number().int().nullable(),
    idUsuarioAct: z.number().int().nullable(),
  });
  if (def.stampNames !== false)
    Object.assign(shape, {
      usuarioRegNombre: z.string().nullable(),
      usuarioActNombre: z.string().nullable(),
    });
  return z.object(shape);
}

/** The responses of a catalogue's routes: list page, one row, create/update, delete. */
export function catalogResponseSchemas(def: CatalogDef) {
  const row = catalogRowSchema(def);
  return {
    row,
    page: pageOf(row),
    saved: def.warning
      ? z.object({ mensaje: z.string(), aviso: z.string().nullable(), item: row })
      : z.object({ mensaje: z.string(), item: row }),
    deleted: mensajeSchema,
  };
}

/** Field-by-field check of a form value, returning the Spanish message per field. */
export function validateCatalogInput(
  def: CatalogDef,
  value: unknown,
  mode: CatalogMode = 'create',
): Record<string, string> | null {
  const res = catalogInputSchema(def, mode).safeParse(value);
  return res.success ? null : fieldErrors(res.error, '');
}

export const listQuerySchema = z.object({
  q: z.string().trim().max(200).optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
  sort: z
    .string()
    .regex(/^-?[A-Za-z0-9]+$/, 'Orden no válido.')
    .optional(),
});
export type ListQuery = z.infer<typeof listQuerySchema>;

/** A list filter by an id (`?idFactura=7`). */
const idFilter = (label: string) =>
  z.coerce
    .number({ error: `${label} no válido.` })
    .int(`${label} no válido.`)
    .positive(`${label} no válido.`)
    .optional();

/** The list query of one catalogue: paging, search, sort and a filter per reference field (`?idFactura=7`). */
export function catalogListQuerySchema(def: CatalogDef) {
  const filters: Record<string, z.ZodType> = {};
  for (const f of refFields(def)) filters[f.name] = idFilter(f.label);
  for (const name of def.filters ?? []) {
    const f = def.fields.find((x) => x.name === name);
    filters[name] = f?.type === 'integer' ? idFilter(f.label) : z.string().trim().max(40).optional();
  }
  return listQuerySchema.extend(filters);
}
