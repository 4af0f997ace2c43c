import {
  type CatalogDef,
  type CatalogField,
  getResource,
  refLabelName,
  stripNameChars,
  stripNonDigits,
} from '@app/domain';
import { fieldErrors } from '@app/domain/common/errors';
import dayjs, { type Dayjs } from 'dayjs';
import type { ZodType } from 'zod';
import { DATE_API_FORMAT, formFields } from '../catalog/catalog-values.ts';

/**
 * The fields of a form that no catalogue declaration describes (a wizard's steps, the self-registration,
 * a person's page): what `CatalogField` is to a catalogue's form, with the page's layout (span,
 * placeholder) and the kinds only these forms have (names, passwords, options loaded from an endpoint).
 */
export type Row = Record<string, unknown>;
export type Option = { value: string | number; label: string };

/** Where a select's options come from. */
export type OptionSource =
  | { static: readonly Option[] }
  /** A declared catalogue: the catalogue form's select (`RefSelect`), searched on the server as the user types. */
  | { catalog: string; idField: string; label: string | readonly string[]; remote?: boolean }
  | {
      key: readonly unknown[];
      load: (signal?: AbortSignal, q?: string) => Promise<Option[]>;
      remote?: boolean;
    };

export type FieldKind =
  | 'text'
  | 'upper'
  | 'letters'
  | 'digits'
  | 'email'
  | 'password'
  | 'textarea'
  | 'date'
  | 'select'
  | 'switch';

export type FieldSpec = {
  name: string;
  label: string;
  kind: FieldKind;
  required?: boolean;
  maxLength?: number;
  options?: OptionSource;
  /** Grid span of 24. */
  span?: 6 | 8 | 12 | 16 | 24;
  disabled?: boolean;
  placeholder?: string;
  /** Label of the current value of a select when editing (shown before the options arrive). */
  currentLabelField?: string;
  autoComplete?: string;
};

/** The kind of a declared field in a page form. */
function kindOf(f: CatalogField): FieldKind {
  switch (f.type) {
    case 'boolean':
      return 'switch';
    case 'text':
    case 'integer':
    case 'decimal':
      return f.digits ? 'digits' : f.upper ? 'upper' : 'text';
    default:
      return f.type;
  }
}

/** A declared field as a page form's field: the declaration's label, limit and select; the page's layout. */
export function specOf(f: CatalogField, layout: Partial<FieldSpec> = {}): FieldSpec {
  const ref = f.ref;
  const options: OptionSource | undefined = ref
    ? { catalog: ref.catalog, idField: getResource(ref.catalog)?.idField ?? '', label: ref.labelField }
    : f.options && { static: f.options };
  return {
    name: f.name,
    label: f.label,
    kind: kindOf(f),
    required: f.required,
    maxLength: f.maxLength,
    options,
    currentLabelField: ref ? refLabelName(f) : undefined,
    ...layout,
  };
}

/** A declaration's form fields, the ones `layout` names in the layout's order, as a page form's fields. */
export function specsOf(def: CatalogDef, layout: Record<string, Partial<FieldSpec>>): FieldSpec[] {
  const fields = formFields(def);
  return Object.entries(layout).flatMap(([name, l]) => {
    const f = fields.find((x) => x.name === name);
    return f ? [specOf(f, l)] : [];
  });
}

/** The typing filter of a field kind: upper-case, letters only (names), digits only. */
export function typingFilter(kind: FieldKind, maxLength?: number): ((s: string) => string) | null {
  switch (kind) {
    case 'upper':
      return (s) => s.toUpperCase();
    case 'letters':
      return (s) => stripNameChars(s).toUpperCase();
    case 'digits':
      return (s) => stripNonDigits(s, maxLength);
    default:
      return null;
  }
}

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** A calendar date 'YYYY-MM-DD' (or an instant's date) as the date picker's value. */
export const toDayjs = (v: unknown): Dayjs | undefined => {
  if (typeof v !== 'string') return undefined;
  const m = /^(\d{4}-\d{2}-\d{2})/.exec(v);
  return m ? dayjs(m[1]) : undefined;
};

/** An API row as the form's values (dates as Dayjs, passwords never shown). */
export function toFormValues(fields: readonly FieldSpec[], row: Row | null | undefined): Row {
  const out: Row = {};
  for (const f of fields) {
    const v = row?.[f.name];
    if (f.kind === 'switch') out[f.name] = v === true;
    else if (f.kind === 'date') out[f.name] = toDayjs(v);
    else if (f.kind === 'password' || blank(v)) out[f.name] = undefined;
    else out[f.name] = f.kind === 'select' ? v : String(v);
  }
  return out;
}

/** The form's values as the API body: trimmed text, dates 'YYYY-MM-DD', blanks left out (the schema names them). */
export function toPayload(fields: readonly FieldSpec[], values: Row): Row {
  const out: Row = {};
  for (const f of fields) {
    const v = values[f.name];
    if (f.kind === 'switch') out[f.name] = v === true;
    else if (f.kind === 'date') out[f.name] = dayjs.isDayjs(v) ? v.format(DATE_API_FORMAT) : undefined;
    else if (blank(v)) out[f.name] = undefined;
    else out[f.name] = typeof v === 'string' ? v.trim() : v;
  }
  return out;
}

/** First message per field of a failed parse of the shared schema, or null. */
export function issuesByField(schema: ZodType, payload: unknown): Record<string, string> | null {
  const res = schema.safeParse(payload);
  return res.success ? null : fieldErrors(res.error);
}
