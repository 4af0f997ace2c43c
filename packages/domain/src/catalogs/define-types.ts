import type { z } from 'zod';
import type { UserFlag } from '../auth/profiles.ts';

export type FieldType =
  | 'text'
  | 'textarea'
  | 'integer'
  | 'decimal'
  | 'date'
  | 'boolean'
  | 'select'
  | 'email'
  /**
   * Written, never read: stored as its argon2id hash (lib/crud.ts), never selected, listed nor sorted;
   * required to create, and left empty on an update it keeps the stored one.
   */
  | 'password';

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
     * The fields the label sorts by, when not the label's own (a person's names are shown first name first
     * and sorted surname first).
     */
    sortFields?: readonly string[];
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
    /**
     * Besides the rows the tenant allows, the row whose id is the session user's own `orOwn` (a user's own
     * subscription, whatever company it belongs to).
     */
    orOwn?: 'idSuscripcion';
    /**
     * Choosing a row in the form copies these of its fields into the form's fields of the same name (a
     * profile's 13 permission flags into the user's switches); the user may then change them.
     */
    copy?: readonly string[];
  };
  /** Message of a reference that does not exist or is not allowed (default the declaration's `refMessage`). */
  refMessage?: string;
  /** Shown as a coloured status tag (lists, headings). */
  tag?: boolean;
  /**
   * The column may be empty on saved rows although the form requires it (rows written before the rule or by
   * another path: a doctor without specialty); the row answers null.
   */
  nullable?: boolean;
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
  /**
   * Computed on the server, never written (declare it `form: false`): these fields of the row joined by a
   * space (a person's full name), searched as one text and sorted by `sortFields` (default the same).
   */
  concat?: { fields: readonly string[]; sortFields?: readonly string[] };
};

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

/**
 * A column computed on the server from the rows of another table pointing to this one: how many
 * there are, or the largest value of one of their columns (`max`; null when there is none).
 */
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
  /**
   * The routes the engine serves (default all five; a read-only view never writes); the others are its
   * feature's own (a company's images: the upload checks the file by content, one image answers its bytes).
   */
  routes?: readonly CrudRoute[];
};

/** The engine's five routes of a resource. */
export type CrudRoute = 'list' | 'read' | 'create' | 'update' | 'delete';

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
  /** Message of an update (default MSG.registroActualizado). */
  updatedMessage?: string;
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
  /**
   * Fields besides the references a list may be filtered by, by exact value (`?estado=VIGENTE`); an integer
   * field's value is an id (`?idEmpresa=7`).
   */
  filters?: readonly string[];
  /** Order of the list's columns by name (fields, joined columns, counts); default the declaration's order. */
  listColumns?: readonly string[];
  /** A row's words (headings, confirmations): `{name}` replaced by the row's values ('Suscripción {numero}'). */
  label?: string;
  /**
   * The rule of an update when it is not the create's `schema` (a password required to create, kept when
   * left empty on an update). Without it an update uses `schema`.
   */
  updateSchema?: z.ZodType;
  /**
   * Rows also inside the tenant: those whose `field` is the session user's own `session` value, for the
   * listed profiles (the subscription's administrator sees its subscription's users in every company).
   */
  tenantOr?: { field: string; session: 'idSuscripcion'; profiles: readonly number[] };
  /**
   * A block of the form after the other fields: these fields under a title and a note, by groups with a
   * heading each, three to a row (a user's permission flags).
   */
  formGroups?: {
    title: string;
    note?: string;
    groups: readonly { title: string; fields: readonly string[] }[];
  };
  /** The audit stamps shown as list columns (default the registration date). */
  stampColumns?: readonly ('fechaReg' | 'fechaAct')[];
};
