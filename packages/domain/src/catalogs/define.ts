import { z } from 'zod';
import type { UserFlag } from '../auth/profiles.ts';
import { fieldErrors } from '../common/errors.ts';
import { INT4_MAX } from '../common/ids.ts';
import { decimal, fecha, instante, mensajeSchema, pageOf } from '../common/responses.ts';
import { isIsoDate } from '../common/validators.ts';
import { MSG } from '../messages.ts';

/** Bound of a numeric(14, 2) column. */
const DECIMAL_MAX = 1e12;
const fueraDeRango = (label: string) => `${label} está fuera del rango permitido.`;

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
  max?: number;
  /** Fixed options of a select. */
  options?: readonly { value: string; label: string }[];
  /**
   * A select fed by another catalogue; the list shows `{name}Nombre`. The label is one field of the
   * referenced row or several joined by a space (a person's names).
   */
  ref?: {
    catalog: string;
    labelField: string | readonly string[];
    /** JSON name of the label in list rows (default `{field}Nombre`: idLocalidad → localidadNombre). */
    labelKey?: string;
    /**
     * A dependent select (an invoice of the subscription's company): the referenced row's `column` must
     * equal the `column` of the row the field `field` points to, checked instead of the tenant (that
     * row's own reference already was); the form reads its options from `options` (an API path under
     * /api/v1 with `{field}` replaced by the chosen value, answering `{ items }`) once `field` has one.
     */
    within?: {
      field: string;
      column: string;
      options: string;
      label: (row: Record<string, unknown>) => string;
    };
  };
  /** Message of a reference that does not exist or is not allowed (default the declaration's `refMessage`). */
  refMessage?: string;
  /** Shown as a coloured status tag (lists, headings). */
  tag?: boolean;
  /** The value a new row's form starts with. */
  default?: string;
  /**
   * A code (CIE-10, TPSNS, ...): stored and searched normalised — upper case, dots removed, `X`
   * padding after the third character removed (`j18.1` → J181, `A09X` → A09) — and searched by prefix.
   */
  code?: boolean;
  /** Shown as a column of the list (default true). */
  column?: boolean;
  /** Part of the create/edit form (default true). */
  form?: boolean;
  /** Digits only (documents, phones). */
  digits?: boolean;
  /** A time of day `HH:mm` (00:00–23:59). */
  hora?: boolean;
  /** A bespoke rule (the RUC of a provider): replaces the schema derived from the other properties. */
  schema?: z.ZodType;
};

/**
 * A column computed on the server from the rows of another table pointing to this one: how many
 * there are, or the largest value of one of their columns (`max`; null when there is none).
 */
/**
 * A column of another table's row that a field of this row points to, answered with every row (the
 * subscription's number of a payment, its invoice's total), listed and sorted like a field.
 */
export type CatalogJoined = {
  /** JSON name (`facturaTotal`). */
  name: string;
  label: string;
  type: 'integer' | 'decimal' | 'date' | 'instant' | 'text';
  /** Field of this row holding the other row's id. */
  via: string;
  /** The other table, its id column and the column read (SQL names). */
  table: string;
  id: string;
  column: string;
  /** Null when the row has no such reference. */
  nullable?: boolean;
  /** Shown as a column of the list (default true). */
  list?: boolean;
};

export type CatalogCount = {
  /** JSON name of the count (`tarifariosCreados`). */
  name: string;
  label: string;
  /** The table counted and its column holding this row's id. */
  table: string;
  column: string;
  /** Column of `table` whose largest value is answered instead of the count (the latest logo's id). */
  max?: string;
  /** Shown as a column of the list (default true). */
  list?: boolean;
};

/**
 * A resource served at a path of its own rather than `/api/v1/catalogos/{name}` (the administration:
 * `/api/v1/aseguradores`). Its feature registers it (lib/crud.ts `registerCrud`); it gets no catalogue
 * route, screen or menu entry of its own.
 */
export type CatalogApi = {
  /** Path under /api/v1: `/aseguradores`. */
  path: string;
  /** OpenAPI tag. */
  tag: string;
  /**
   * Rows of a parent record (a company's media): `path` holds `:id`, the parent's id, and one row is
   * `{path}/:idDetalle`. The parent must be a row the user may read (else 404); the list shows its rows
   * only and a new row gets its id in `field`.
   */
  parent?: { resource: string; field: string };
};

export type CatalogArea = 'admin' | 'auditoria';
export type CatalogSection = 'procesos' | 'reportes' | 'parametros';

/**
 * Who may see a row (docs/design-summary.md §4: another tenant's id answers 404). The tenant is the user's company
 * (`idEmpresa` of the session), never a value sent by the client.
 */
export type CatalogTenant =
  /** The row's `idEmpresa` is the user's company; set from the session on create. */
  | 'empresa'
  /**
   * The row's `idEmpresa` is the user's company, a company working under it (providers under their
   * insurer) or, for reading only, the company the user's company works under. Read-only views.
   */
  | 'red'
  /** The row belongs to the tenant of the row its reference field points to (lines of an invoice). */
  | { through: string }
  /**
   * System-wide reference data shared by every tenant (CIE-10, plans, services, profiles, ...):
   * every signed-in user reads it; only a platform operator writes it (issue 11 item 3).
   */
  | 'sistema'
  /**
   * The companies an administrator manages (the administration screens): the user's own company and, for
   * the subscription administrator (profile 1), the companies working under it. A row's `idEmpresa`
   * defaults to the user's company; when the form sends one it must be among these.
   */
  | 'administradas';

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
  /**
   * Fields searched by `q`. Every word of the search must match one of them: a text field contains
   * it (accent- and case-insensitive), a code field starts with it (normalised), a reference field's
   * label contains it.
   */
  searchFields: string[];
  /** Default order: a field name, '-' for descending. */
  defaultSort: string;
  area: CatalogArea;
  section: CatalogSection;
  /** Flag a user needs to create, update or delete rows (reading is open to any signed-in user). */
  writeFlag: UserFlag;
  /**
   * Whose rows these are: a tenant's (limited to the user's company) or `'sistema'` (shared by every
   * tenant, written only by a platform operator). Every declaration says which.
   */
  tenant: CatalogTenant;
  /** A view of rows other screens own: list and read only, no form. */
  readOnly?: boolean;
  /**
   * `false`: no route or menu entry of its own; reached through a master-detail screen or used as
   * the source of a select (views, detail-only catalogues).
   */
  route?: false;
  /** Columns computed on the server from the saved values on every create and update (a line total). */
  derive?: (values: Readonly<Record<string, unknown>>) => Record<string, string | number | null>;
  /** [from, to] date fields: `to` may not be before `from`. */
  dateRange?: readonly [string, string];
  /** Served at a path of its own (the administration resources), not under /catalogos. */
  api?: CatalogApi;
  /**
   * The record's own screen (`aseguradorform`, a route of `RESOURCE_DETAILS`): a double click and
   * 'Ver detalle' in the list open `/{detailRoute}/{id}` instead of the edit form.
   */
  detailRoute?: string;
  /** Flag a user needs to read the rows too (the administration module); by default reading is open. */
  readFlag?: UserFlag;
  /**
   * `'propia'`: the rows are read only inside the write scope (the user's company and the companies working under
   * it), never from the company above, as a tenant 'red' reference would allow: a company's own settings (hours,
   * parameters, an insurer's classifications) are not read by the providers working under it.
   */
  readScope?: 'propia';
  /** Profiles that may create rows (besides the write rule): a company only by the subscription's administrator. */
  createProfiles?: readonly number[];
  /** Message of a reference that does not exist (default `refInvalido`). */
  refMessage?: (label: string) => string;
  /** Counts of rows of other tables pointing to each row, answered as integer columns. */
  counts?: readonly CatalogCount[];
  /** `false`: rows carry the audit stamps' user ids but not their names. */
  stampNames?: false;
  /** Message of a create (default MSG.registroCreado). */
  createdMessage?: string;
  /** A unique column: its violation answers 409 DUPLICADO with this message under the field. */
  unique?: { field: string; message: (value: string) => string };
  /** A warning about the saved values that does not stop the save, answered as `aviso` (string or null). */
  warning?: (values: Readonly<Record<string, unknown>>) => string | null;
  /**
   * The whole record's rule, replacing the schema derived from the fields (cross-field rules with their
   * own messages); the fields still give the form's controls, the list and the row.
   */
  schema?: z.ZodType;
  /** Columns of the rows the fields point to, answered with every row. */
  joined?: readonly CatalogJoined[];
  /** Fields besides the references a list may be filtered by, by exact value (`?estado=VIGENTE`). */
  filters?: readonly string[];
  /** Order of the list's columns by name (fields, joined columns, counts); default the declaration's order. */
  listColumns?: readonly string[];
  /** A row's words (headings, confirmations): `{name}` replaced by the row's values ('Suscripción {numero}'). */
  label?: string;
};

/** Whether the user may create rows: the write rule, and the declaration's profiles when it names them. */
export function canCreateCatalog(
  user: Partial<Record<UserFlag, boolean>> & { plataforma?: boolean; idPerfil?: number },
  def: Pick<CatalogDef, 'tenant' | 'writeFlag' | 'readOnly' | 'createProfiles'>,
): boolean {
  if (!canWriteCatalog(user, def)) return false;
  return !def.createProfiles || (user.idPerfil !== undefined && def.createProfiles.includes(user.idPerfil));
}

/** Whether a catalogue's rows are shared by every tenant (written only by a platform operator). */
export const isSystemCatalog = (def: Pick<CatalogDef, 'tenant'>) => def.tenant === 'sistema';

/**
 * Whether the user may create, change and delete rows of the catalogue: never a read-only view; a
 * system-wide catalogue only for a platform operator; a tenant's catalogue with its write flag.
 */
export function canWriteCatalog(
  user: Partial<Record<UserFlag, boolean>> & { plataforma?: boolean },
  def: Pick<CatalogDef, 'tenant' | 'writeFlag' | 'readOnly'>,
): boolean {
  if (def.readOnly) return false;
  if (isSystemCatalog(def)) return user.plataforma === true;
  return user[def.writeFlag] === true;
}

/** Name of the looked-up label of a reference field in list rows: idLocalidad → localidadNombre. */
export const refLabelKey = (field: string) =>
  `${field.replace(/^id/, '').replace(/^./, (c) => c.toLowerCase())}Nombre`;

/** The label's name of a declared reference field: its own `labelKey` or `refLabelKey`. */
export const refLabelName = (f: Pick<CatalogField, 'name' | 'ref'>) => f.ref?.labelKey ?? refLabelKey(f.name);

export function defineCatalog<const T extends CatalogDef>(def: T): T {
  return def;
}

/** The fields whose values make up a reference's label. */
export const refLabelFields = (ref: NonNullable<CatalogField['ref']>): readonly string[] =>
  typeof ref.labelField === 'string' ? [ref.labelField] : ref.labelField;

/** A code as code fields store it: upper case, no dots, `X` padding after the third character removed. */
export function normalizeCode(value: string): string {
  const c = value.trim().toUpperCase().replace(/\./g, '');
  return c.length > 3 ? c.slice(0, 3) + c.slice(3).replace(/X+$/, '') : c;
}

/** The reference fields of a catalogue: the only fields a list may be filtered by (`?idClasDiag=7`). */
export const refFields = (def: CatalogDef) => def.fields.filter((f) => f.ref);

/** A reference whose row does not exist or belongs to another company. */
export const refInvalido = (label: string) => `Seleccione un valor válido para ${label}.`;

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

/** The one schema of a catalogue row, used by the API to validate and by the web form. */
export function catalogInputSchema(def: CatalogDef): z.ZodType {
  if (def.schema) return def.schema;
  const shape: Record<string, z.ZodType> = {};
  for (const f of def.fields) if (f.form !== false) shape[f.name] = fieldSchema(f);
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
  return f.required ? base : base.nullable();
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
export function validateCatalogInput(def: CatalogDef, value: unknown): Record<string, string> | null {
  const res = catalogInputSchema(def).safeParse(value);
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

/** The list query of one catalogue: paging, search, sort and a filter per reference field (`?idFactura=7`). */
export function catalogListQuerySchema(def: CatalogDef) {
  const filters: Record<string, z.ZodType> = {};
  for (const f of refFields(def)) {
    filters[f.name] = z.coerce
      .number({ error: `${f.label} no válido.` })
      .int(`${f.label} no válido.`)
      .positive(`${f.label} no válido.`)
      .optional();
  }
  for (const name of def.filters ?? []) filters[name] = z.string().trim().max(40).optional();
  return listQuerySchema.extend(filters);
}

export type Page<T> = { items: T[]; total: number; page: number; pageSize: number };

export const PAGE_SIZE = 10;
