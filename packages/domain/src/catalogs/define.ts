import { z } from 'zod';
import type { UserFlag } from '../auth/profiles.ts';
import { MSG } from '../messages.ts';

export type FieldType = 'text' | 'textarea' | 'integer' | 'decimal' | 'date' | 'boolean' | 'select' | 'email';

export type CatalogField = {
  /** JSON name (camelCase, the spec's spelling). */
  name: string;
  label: string;
  type: FieldType;
  required?: boolean;
  /** Stored and displayed upper-case. */
  upper?: boolean;
  maxLength?: number;
  min?: number;
  /** Fixed options of a select. */
  options?: readonly { value: string; label: string }[];
  /** A select fed by another catalogue; the list shows `{name}Nombre`. */
  ref?: { catalog: string; labelField: string };
  /** Shown as a column of the list (default true). */
  column?: boolean;
  /** Part of the create/edit form (default true). */
  form?: boolean;
  /** Digits only (documents, phones). */
  digits?: boolean;
};

export type CatalogArea = 'admin' | 'auditoria';
export type CatalogSection = 'procesos' | 'reportes' | 'parametros';

export type CatalogDef = {
  /** Route (`/tipoiden`) and API name (`/api/v1/catalogos/tipoiden`). */
  name: string;
  /** Database table. */
  table: string;
  idField: string;
  /** List title. */
  title: string;
  /** Singular noun for modal titles: 'Crear {singular}' / 'Editar {singular}'. */
  singular: string;
  fields: CatalogField[];
  /** Text fields searched by `q`, accent- and case-insensitive. */
  searchFields: string[];
  /** Default order: a field name, '-' for descending. */
  defaultSort: string;
  area: CatalogArea;
  section: CatalogSection;
  /** Flag a user needs to create, update or delete rows (reading is open to any signed-in user). */
  writeFlag: UserFlag;
};

/** Name of the looked-up label of a reference field in list rows: idLocalidad → localidadNombre. */
export const refLabelKey = (field: string) => `${field.replace(/^id/, '').replace(/^./, (c) => c.toLowerCase())}Nombre`;

export function defineCatalog<const T extends CatalogDef>(def: T): T {
  return def;
}

function fieldSchema(f: CatalogField): z.ZodType {
  const req = MSG.campoRequerido(f.label);
  switch (f.type) {
    case 'integer':
    case 'select': {
      if (f.options) {
        const base = z.string({ error: req }).trim();
        return f.required ? base.min(1, req) : base.nullable().optional();
      }
      const base = z.coerce.number({ error: req }).int(`${f.label} debe ser un número entero.`);
      const bounded = f.min !== undefined ? base.min(f.min, `${f.label} debe ser mayor o igual a ${f.min}.`) : base;
      return f.required ? bounded : bounded.nullable().optional();
    }
    case 'decimal': {
      const base = z
        .union([z.string(), z.number()], { error: req })
        .transform((v) => String(v).trim().replace(',', '.'))
        .refine((v) => /^-?\d+(\.\d{1,2})?$/.test(v), `${f.label} debe ser un valor numérico con hasta 2 decimales.`)
        .refine((v) => f.min === undefined || Number(v) >= f.min, `${f.label} debe ser mayor o igual a ${f.min}.`);
      return f.required ? base : base.nullable().optional();
    }
    case 'boolean':
      return f.required ? z.boolean({ error: req }) : z.boolean().optional();
    case 'date': {
      const base = z.string({ error: req }).regex(/^\d{4}-\d{2}-\d{2}$/, `${f.label} debe ser una fecha válida.`);
      return f.required ? base : base.nullable().optional();
    }
    default: {
      let base = z.string({ error: req }).trim();
      if (f.maxLength) base = base.max(f.maxLength, `${f.label} admite como máximo ${f.maxLength} caracteres.`);
      if (f.digits) base = base.regex(/^\d*$/, `${f.label} admite solo dígitos.`);
      if (f.type === 'email') base = base.regex(/^$|^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/, MSG.correoInvalido);
      const out = f.upper ? base.transform((v) => v.toUpperCase()) : base;
      if (f.required) return base.min(1, req).transform((v) => (f.upper ? v.toUpperCase() : v));
      return out.nullable().optional();
    }
  }
}

/** The one schema of a catalogue row, used by the API to validate and by the web form. */
export function catalogInputSchema(def: CatalogDef) {
  const shape: Record<string, z.ZodType> = {};
  for (const f of def.fields) if (f.form !== false) shape[f.name] = fieldSchema(f);
  return z.object(shape);
}

/** Field-by-field check of a form value, returning the Spanish message per field. */
export function validateCatalogInput(def: CatalogDef, value: unknown): Record<string, string> | null {
  const res = catalogInputSchema(def).safeParse(value);
  if (res.success) return null;
  const out: Record<string, string> = {};
  for (const issue of res.error.issues) {
    const key = String(issue.path[0] ?? '');
    if (!(key in out)) out[key] = issue.message;
  }
  return out;
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

export type Page<T> = { items: T[]; total: number; page: number; pageSize: number };

export const PAGE_SIZE = 10;
