/**
 * Pure rules behind the generic catalogue screen: what a cell shows, what the form starts with and
 * what it sends. Everything is derived from the catalogue declaration (docs/design-summary.md §2, "Declare once").
 */
import {
  type CatalogCount,
  type CatalogDef,
  type CatalogField,
  type CatalogJoined,
  foldText,
  formatDate,
  formatDateTime,
  formatNumber,
  refLabelName,
} from '@app/domain';
import dayjs, { type Dayjs } from 'dayjs';

export type CatalogRow = Record<string, unknown>;
export type FormValues = Record<string, unknown>;
export type SelectOption = { value: string | number; label: string };

/** Date format of the date pickers (docs/design-summary.md §10: dd/MM/yyyy) and of the API. */
export const DATE_INPUT_FORMAT = 'DD/MM/YYYY';
export const DATE_API_FORMAT = 'YYYY-MM-DD';

export const formFields = (def: CatalogDef, fixed: FormValues = {}) =>
  def.fields.filter((f) => f.form !== false && !(f.name in fixed));
export const columnFields = (def: CatalogDef) =>
  def.fields.filter((f) => f.column !== false && f.type !== 'password');
/** The fields of the form's declared block (`formGroups`: a user's permissions), shown apart from the grid. */
export const groupedFields = (def: CatalogDef) => new Set(def.formGroups?.groups.flatMap((g) => g.fields));

const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** A calendar date from the API ('2026-01-31' or '2026-01-31T00:00:00.000Z') as 'YYYY-MM-DD'. */
function calendarDate(v: unknown): string | null {
  if (typeof v !== 'string') return null;
  const m = /^(\d{4}-\d{2}-\d{2})/.exec(v);
  return m ? m[1] : null;
}

/** The text a list cell shows for one field of a row. */
export function displayValue(field: CatalogField, row: CatalogRow): string {
  if (field.ref) {
    const label = row[refLabelName(field)];
    return isBlank(label) ? '' : String(label);
  }
  const v = row[field.name];
  if (isBlank(v)) return '';
  if (field.options) return field.options.find((o) => o.value === String(v))?.label ?? String(v);
  switch (field.type) {
    case 'boolean':
      return v === true || v === 'true' || v === 1 ? 'Sí' : 'No';
    case 'date':
      return formatDate(calendarDate(v) ?? (v as string));
    case 'decimal':
      return formatNumber(v as number | string);
    default:
      return field.upper ? String(v).toUpperCase() : String(v);
  }
}

/** The text a list cell shows for a joined column of a row (the invoice's total, the subscription's date). */
export function joinedValue(j: CatalogJoined, row: CatalogRow): string {
  const v = row[j.name];
  if (isBlank(v)) return '';
  if (j.type === 'date' || j.type === 'instant') return formatDate(v as string);
  if (j.type === 'decimal') return formatNumber(v as number | string);
  return String(v);
}

export type ListColumn =
  | { kind: 'field'; field: CatalogField }
  | { kind: 'joined'; joined: CatalogJoined }
  | { kind: 'count'; count: CatalogCount };

/** The list's columns: fields, joined columns and counts shown in lists, in the declared order. */
export function listColumns(def: CatalogDef): ListColumn[] {
  const all: [string, ListColumn][] = [
    ...columnFields(def).map((f): [string, ListColumn] => [f.name, { kind: 'field', field: f }]),
    ...(def.joined ?? [])
      .filter((j) => j.list !== false)
      .map((j): [string, ListColumn] => [j.name, { kind: 'joined', joined: j }]),
    ...(def.counts ?? [])
      .filter((c) => c.list !== false)
      .map((c): [string, ListColumn] => [c.name, { kind: 'count', count: c }]),
  ];
  if (!def.listColumns) return all.map(([, c]) => c);
  const byName = new Map(all);
  return def.listColumns.map((n) => byName.get(n)).filter((c): c is ListColumn => c !== undefined);
}

/** Registration stamp of a row, for the list ('dd/MM/yyyy') and the edit form ('dd/MM/yyyy HH:mm'). */
export const stampDate = (row: CatalogRow, key = 'fechaReg') => formatDate(row[key] as string | null);
export const stampDateTime = (row: CatalogRow, key = 'fechaReg') => formatDateTime(row[key] as string | null);

/** A long text makes no sense to sort; a reference sorts by its label. */
export const isSortable = (field: CatalogField) => field.type !== 'textarea';

/** Words that name a row in a confirmation ('CED - CÉDULA', 'QUITO', 'Plan #4'), or the declaration's `label`. */
export function recordLabel(def: CatalogDef, row: CatalogRow): string {
  if (def.label)
    return def.label.replace(/\{(\w+)\}/g, (_, n: string) => (isBlank(row[n]) ? '' : String(row[n])));
  const text = (name: string) => {
    const f = def.fields.find((x) => x.name === name);
    return f && !isBlank(row[name]) ? displayValue(f, row) : undefined;
  };
  const firstText = def.fields.find(
    (f) => (f.type === 'text' || f.type === 'email') && !isBlank(row[f.name]),
  );
  const codigo = text('codigo');
  const nombre =
    text('nombre') ?? (firstText && firstText.name !== 'codigo' ? text(firstText.name) : undefined);
  if (codigo && nombre) return `${codigo} - ${nombre}`;
  return nombre ?? codigo ?? `${def.singular} #${String(row[def.idField] ?? '')}`;
}

/** Values of a new record: switches off, everything else empty. */
export function emptyFormValues(def: CatalogDef, fixed: FormValues = {}): FormValues {
  const out: FormValues = {};
  for (const f of formFields(def, fixed)) out[f.name] = f.type === 'boolean' ? false : f.default;
  return out;
}

/** A row as the form's values: dates as Dayjs, numbers as numbers. */
export function toFormValues(def: CatalogDef, row: CatalogRow, fixed: FormValues = {}): FormValues {
  const out: FormValues = {};
  for (const f of formFields(def, fixed)) {
    const v = row[f.name];
    if (isBlank(v)) {
      out[f.name] = f.type === 'boolean' ? false : undefined;
      continue;
    }
    switch (f.type) {
      case 'date': {
        const d = calendarDate(v);
        out[f.name] = d ? dayjs(d) : undefined;
        break;
      }
      case 'boolean':
        out[f.name] = v === true || v === 'true' || v === 1;
        break;
      case 'integer':
      case 'decimal':
        out[f.name] = Number.isFinite(Number(v)) ? Number(v) : v;
        break;
      case 'select':
        out[f.name] = f.options ? String(v) : Number.isFinite(Number(v)) ? Number(v) : v;
        break;
      default:
        out[f.name] = String(v);
    }
  }
  return out;
}

/**
 * The form's values as the API body (and as the input of `validateCatalogInput`): trimmed text,
 * upper-case where declared, dates 'YYYY-MM-DD', numbers as numbers. An empty optional field is
 * null; an empty required one is left out so the shared check says 'El campo … es obligatorio.'
 */
export function toPayload(def: CatalogDef, values: FormValues, fixed: FormValues = {}): FormValues {
  const out: FormValues = { ...fixed };
  for (const f of formFields(def, fixed)) {
    const v = values[f.name];
    if (f.type === 'boolean') {
      out[f.name] = typeof v === 'boolean' ? v : f.required ? undefined : false;
      continue;
    }
    if (isBlank(v)) {
      out[f.name] = f.required ? undefined : null;
      continue;
    }
    switch (f.type) {
      case 'date':
        out[f.name] = dayjs.isDayjs(v) ? (v as Dayjs).format(DATE_API_FORMAT) : String(v).trim().slice(0, 10);
        break;
      case 'integer':
        out[f.name] = typeof v === 'number' ? v : Number.isFinite(Number(String(v).trim())) ? Number(v) : v;
        break;
      case 'decimal':
        out[f.name] = typeof v === 'number' ? v : String(v).trim();
        break;
      case 'select':
        out[f.name] = f.options ? String(v) : Number.isFinite(Number(v)) ? Number(v) : v;
        break;
      default: {
        const s = String(v).trim();
        out[f.name] = f.upper ? s.toUpperCase() : s;
      }
    }
  }
  return out;
}

/** Field errors in the order the form shows the fields (the first one gets the focus); unknown keys last. */
export function orderedErrors(
  def: CatalogDef,
  errors: Record<string, string>,
  fixed: FormValues = {},
): { field: string | null; message: string }[] {
  const names = formFields(def, fixed).map((f) => f.name);
  const known = names
    .filter((n) => n in errors)
    .map((n) => ({ field: n as string | null, message: errors[n] }));
  const other = Object.entries(errors)
    .filter(([k]) => !names.includes(k))
    .map(([, message]) => ({ field: null, message }));
  return [...known, ...other];
}

/**
 * What an input holds after a keystroke in an upper-case or digits-only field, and where the caret
 * goes so that typing in the middle of the text does not jump to its end.
 */
export function filterTyped(
  value: string,
  caret: number | null,
  rules: { upper?: boolean; digits?: boolean },
): { value: string; caret: number | null } {
  const apply = (s: string) => {
    let t = rules.digits ? s.replace(/\D+/g, '') : s;
    if (rules.upper) t = t.toUpperCase();
    return t;
  };
  return { value: apply(value), caret: caret === null ? null : apply(value.slice(0, caret)).length };
}

/** Select options from the rows of a referenced catalogue; a label of several fields is joined by a space. */
export function refOptions(
  rows: readonly CatalogRow[],
  idField: string,
  labelField: string | readonly string[],
): SelectOption[] {
  const fields = typeof labelField === 'string' ? [labelField] : labelField;
  return rows
    .filter((r) => !isBlank(r[idField]))
    .map((r) => {
      const label = fields
        .map((f) => r[f])
        .filter((v) => !isBlank(v))
        .join(' ');
      return { value: r[idField] as number, label: label || String(r[idField]) };
    });
}

/** What a reference select asks the API for: the first 100 rows, or 20 matches of a search of 2+ characters. */
export function refQuery(search: string, sort: string | undefined): Record<string, unknown> {
  const q = search.trim();
  return q.length >= 2 ? { q, page: 1, pageSize: 20, sort } : { page: 1, pageSize: 100, sort };
}

/** Keeps the record's current reference selectable even when it is not among the loaded options. */
export function withCurrentOption(options: SelectOption[], value: unknown, label: unknown): SelectOption[] {
  if (isBlank(value) || options.some((o) => o.value === value)) return options;
  return [{ value: value as number, label: isBlank(label) ? String(value) : String(label) }, ...options];
}

/** Accent- and case-insensitive match of a select's search text, as the API search does. */
export const matchesSearch = (input: string, label: string) => foldText(label).includes(foldText(input));

/** Columns the API can sort by; a hand-edited `?sort=` outside them falls back to the default. */
export function isValidSort(def: CatalogDef, sort: string | undefined): sort is string {
  if (!sort) return false;
  const name = sort.startsWith('-') ? sort.slice(1) : sort;
  return [
    def.idField,
    'fechaReg',
    'fechaAct',
    ...def.fields.filter((f) => f.type !== 'password').map((f) => f.name),
    ...def.fields.filter((f) => f.ref).map(refLabelName),
    ...(def.joined ?? []).map((j) => j.name),
  ].includes(name);
}

/** The reason under the 'No se pudo eliminar' title, without repeating the title. */
export function deleteErrorText(message: string | undefined): string | undefined {
  if (!message) return undefined;
  const rest = message.replace(/^No se pudo eliminar[:.]?\s*/i, '');
  if (!rest) return undefined;
  return rest.charAt(0).toUpperCase() + rest.slice(1);
}
