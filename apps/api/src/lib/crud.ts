import {
  type CatalogDef,
  type CatalogField,
  type CatalogJoined,
  canCreateCatalog,
  canWriteCatalog,
  catalogInputSchema,
  catalogListQuerySchema,
  catalogResponseSchemas,
  foldText,
  getResource,
  idParams,
  idSchema,
  type ListQuery,
  MSG,
  MSG_ADMIN,
  normalizeCode,
  type Page,
  PERFIL,
  refFields,
  refInvalido,
  refLabelFields,
  refLabelName,
  resourcePath,
  responses,
} from '@app/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Queryable } from '../db/client.ts';
import { AppError, badRequest, forbidden, notFound } from './errors.ts';
import { col, foldedLike, ident, likePattern } from './sql.ts';

type Row = Record<string, unknown>;

const STAMPS = ['fechaReg', 'fechaAct', 'idUsuarioReg', 'idUsuarioAct'];
/** At most this many words of a search are used (each one is a condition). */
const MAX_WORDS = 8;

/** Reading sees what the tenant may see; writing only what it owns (docs/design-summary.md §4). */
export type ScopeMode = 'read' | 'write';

function refCatalog(def: CatalogDef, f: CatalogField): CatalogDef {
  const ref = f.ref ? getResource(f.ref.catalog) : undefined;
  if (!ref) throw new Error(`catalogue ${def.name}: unknown ref ${f.ref?.catalog} of ${f.name}`);
  return ref;
}

/** The label of the row a reference field points to: one column, or several joined by a space. */
function refLabelSql(f: CatalogField, alias: string): string {
  const cols = refLabelFields(f.ref!).map((n) => `${alias}.${col(n)}`);
  return cols.length === 1 ? cols[0] : `concat_ws(' ', ${cols.join(', ')})`;
}

/** A joined column (`facturaTotal`): the column of the row its field points to, on alias `t`. */
const joinedSql = (j: CatalogJoined, alias = 't') =>
  `(SELECT j.${j.column} FROM ${j.table} j WHERE j.${j.id} = ${alias}.${col(j.via)})`;

const joinedOf = (def: CatalogDef, name: string) => def.joined?.find((j) => j.name === name);

/** SELECT list of a catalogue: its id, fields, `{field}Nombre` of referenced rows, joined columns, counts and the stamps. */
function selectList(def: CatalogDef): string {
  const cols = [def.idField, ...def.fields.map((f) => f.name), ...STAMPS].map(
    (n) => `t.${col(n)} AS ${ident(n)}`,
  );
  for (const f of refFields(def)) {
    const ref = refCatalog(def, f);
    cols.push(
      `(SELECT ${refLabelSql(f, 'r')} FROM ${ref.table} r WHERE r.${col(ref.idField)} = t.${col(f.name)}) AS ${ident(refLabelName(f))}`,
    );
  }
  for (const j of def.joined ?? []) cols.push(`${joinedSql(j)} AS ${ident(j.name)}`);
  for (const c of def.counts ?? []) {
    const value = c.max ? `max(c.${c.max})` : 'count(*)::int';
    cols.push(
      `(SELECT ${value} FROM ${c.table} c WHERE c.${c.column} = t.${col(def.idField)}) AS ${ident(c.name)}`,
    );
  }
  if (def.stampNames !== false)
    cols.push(
      `(SELECT u.nombre FROM usuario u WHERE u.id_usuario = t.id_usuario_reg) AS "usuarioRegNombre"`,
      `(SELECT u.nombre FROM usuario u WHERE u.id_usuario = t.id_usuario_act) AS "usuarioActNombre"`,
    );
  return cols.join(', ');
}

/** ORDER BY of a list (on alias `t`) and the columns it reads. */
function orderBy(def: CatalogDef, sort: string | undefined): { sql: string; columns: string[] } {
  const s = sort ?? def.defaultSort;
  const desc = s.startsWith('-');
  const name = desc ? s.slice(1) : s;
  const dir = desc ? 'DESC' : 'ASC';
  // A reference's label (`empresaNombre`) sorts by the label of the referenced row.
  const byLabel = refFields(def).find((f) => refLabelName(f) === name);
  if (byLabel) {
    const ref = refCatalog(def, byLabel);
    const label = `(SELECT ${refLabelSql(byLabel, 'o')} FROM ${ref.table} o WHERE o.${col(ref.idField)} = t.${col(byLabel.name)})`;
    return {
      sql: `${label} ${dir} NULLS LAST, t.${col(def.idField)} ${dir}`,
      columns: [...new Set([col(def.idField), col(byLabel.name)])],
    };
  }
  const joined = joinedOf(def, name);
  if (joined)
    return {
      sql: `${joinedSql(joined)} ${dir} NULLS LAST, t.${col(def.idField)} ${dir}`,
      columns: [...new Set([col(def.idField), col(joined.via)])],
    };
  const allowed = [def.idField, ...def.fields.map((f) => f.name), 'fechaReg', 'fechaAct'];
  if (!allowed.includes(name)) throw badRequest('Orden no válido.', { sort: 'Orden no válido.' });
  return {
    sql: `t.${col(name)} ${dir} NULLS LAST, t.${col(def.idField)} ${dir}`,
    columns: [...new Set([col(def.idField), col(name)])],
  };
}

/** `LIKE` pattern for "starts with", escaped. */
const prefixPattern = (s: string) => `${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The search of a list: every word must match one of the declared search fields — a text field
 * containing it (accents and case folded; a trigram index on the folded column serves it), a code
 * field starting with its normalised form (`J18.1` → `J181%`), or the label of a referenced row.
 */
function searchSql(def: CatalogDef, q: string, params: unknown[], alias = 't'): string | null {
  const words = foldText(q).split(/\s+/).filter(Boolean).slice(0, MAX_WORDS);
  if (words.length === 0) return null;
  const fields = def.searchFields.map((n) => {
    const f = def.fields.find((x) => x.name === n);
    const j = joinedOf(def, n);
    if (!f && !j) throw new Error(`catalogue ${def.name}: unknown search field ${n}`);
    return f ?? j!;
  });
  const conds = words.map((w) => {
    let folded: string | null = null;
    let code: string | null = null;
    const p = (value: string) => {
      params.push(value);
      return `$${params.length}`;
    };
    const parts = fields.map((f) => {
      if ('via' in f) {
        folded ??= p(likePattern(w));
        return foldedLike(joinedSql(f, alias), folded);
      }
      if (f.code) {
        code ??= p(prefixPattern(normalizeCode(w)));
        return `${alias}.${col(f.name)} LIKE ${code}`;
      }
      folded ??= p(likePattern(w));
      if (f.ref) {
        const ref = refCatalog(def, f);
        return `EXISTS (SELECT 1 FROM ${ref.table} s WHERE s.${col(ref.idField)} = ${alias}.${col(f.name)} AND ${foldedLike(refLabelSql(f, 's'), folded)})`;
      }
      return foldedLike(`${alias}.${col(f.name)}`, folded);
    });
    return `(${parts.join(' OR ')})`;
  });
  return conds.join(' AND ');
}

/**
 * The condition that keeps a catalogue's rows (under `alias`) inside the tenant of the user whose
 * company is the parameter `p`; null for shared catalogues.
 */
function tenantSql(
  def: CatalogDef,
  alias: string,
  p: string,
  mode: ScopeMode,
  req: FastifyRequest,
  depth = 0,
): string | null {
  const tenant = def.tenant;
  if (tenant === 'sistema') return null;
  if (tenant === 'administradas') return administradasSql(req, `${alias}.id_empresa`, p);
  if (tenant === 'empresa') return `${alias}.id_empresa = ${p}`;
  if (tenant === 'red') {
    const e = `e${depth}`;
    const below = `${alias}.id_empresa IN (SELECT ${e}.id_empresa FROM empresa ${e} WHERE ${e}.id_empresa_suscriptora = ${p})`;
    const above = `${alias}.id_empresa = (SELECT ${e}.id_empresa_suscriptora FROM empresa ${e} WHERE ${e}.id_empresa = ${p})`;
    return mode === 'read'
      ? `(${alias}.id_empresa = ${p} OR ${below} OR ${above})`
      : `(${alias}.id_empresa = ${p} OR ${below})`;
  }
  const f = def.fields.find((x) => x.name === tenant.through);
  if (!f?.ref) throw new Error(`catalogue ${def.name}: tenant through ${tenant.through} is not a reference`);
  const ref = refCatalog(def, f);
  const a = `p${depth}`;
  const inner = tenantSql(ref, a, p, mode, req, depth + 1);
  if (!inner)
    throw new Error(`catalogue ${def.name}: tenant through ${f.name} needs a tenant on ${ref.name}`);
  return `EXISTS (SELECT 1 FROM ${ref.table} ${a} WHERE ${a}.${col(ref.idField)} = ${alias}.${col(f.name)} AND ${inner})`;
}

export type CrudHooks = {
  /** Extra WHERE condition (on alias `t`); receives the next parameter index and whether it is a read or a write. */
  scope?: (
    req: FastifyRequest,
    nextParam: number,
    mode: ScopeMode,
  ) => { sql: string; params: unknown[] } | null;
  /** Extra columns set on create (tenant id, ...). */
  onCreate?: (req: FastifyRequest) => Row;
  /**
   * Checks and completes the values of a create (`id` null) or an update before they are written;
   * may throw a 4xx.
   */
  prepare?: (req: FastifyRequest, values: Row, id: number | null) => Promise<void>;
  /** Runs before a delete of a row the user may write (a rule such as 'not your own company'); may throw. */
  beforeDelete?: (req: FastifyRequest, id: number) => Promise<void>;
  /**
   * Runs in the write's transaction after a create or an update (an audit row, a copy of flags), or before a
   * delete (`'delete'`: rows that go with it).
   */
  onWrite?: (
    tx: Queryable,
    req: FastifyRequest,
    id: number,
    kind: 'create' | 'update' | 'delete',
  ) => Promise<void>;
};

/**
 * The companies an administrator manages as a condition on the company id `expr`: the user's own
 * and, for the subscription administrator (profile 1), those working under it.
 */
export function administradasSql(req: FastifyRequest, expr: string, p: string): string {
  if (req.user.idPerfil !== PERFIL.ADMINISTRADOR) return `${expr} = ${p}`;
  return `(${expr} = ${p} OR ${expr} IN (SELECT es.id_empresa FROM empresa es WHERE es.id_empresa_suscriptora = ${p}))`;
}

/** The declaration's `tenant` as crud hooks: rows limited to the user's company, which is set on create. */
export function tenantHooks(def: CatalogDef, db?: FastifyInstance['database']): CrudHooks {
  if (def.tenant === 'sistema') return {};
  if (def.tenant === 'administradas') {
    return {
      scope: (req, next) => ({
        sql: administradasSql(req, 't.id_empresa', `$${next}`),
        params: [req.user.idEmpresa],
      }),
      // The company of a new row is the user's unless the form names one the user manages; an
      // update without one keeps the row's.
      prepare: async (req, values, id) => {
        // A company is its own tenant: its id is no value to set.
        if (def.idField === 'idEmpresa') return;
        if (values.idEmpresa === null || values.idEmpresa === undefined) {
          if (id === null) values.idEmpresa = req.user.idEmpresa;
          else delete values.idEmpresa;
          return;
        }
        const ok = await db!.query(
          `SELECT 1 FROM empresa e WHERE e.id_empresa = $2 AND ${administradasSql(req, 'e.id_empresa', '$1')}`,
          [req.user.idEmpresa, values.idEmpresa],
        );
        if (!ok[0])
          throw badRequest(MSG_ADMIN.empresaNoAdministrada, { idEmpresa: MSG_ADMIN.empresaNoAdministrada });
      },
    };
  }
  return {
    scope: (req, next, mode) => {
      const sql = tenantSql(def, 't', `$${next}`, def.readScope === 'propia' ? 'write' : mode, req);
      return sql ? { sql, params: [req.user.idEmpresa] } : null;
    },
    // Never from the client: the form has no idEmpresa field, and this overrides anything sent.
    onCreate: def.tenant === 'empresa' ? (req) => ({ idEmpresa: req.user.idEmpresa }) : undefined,
  };
}

/**
 * Registers list/get/create/update/delete for one catalogue under /api/v1/catalogos/{name}.
 * Reading needs a session; writing needs the catalogue's menu flag, and a system-wide catalogue a
 * platform operator (`canWriteCatalog`). Paging, search, filters and sort
 * run in SQL; the declaration's tenant limits every statement to the user's company (another
 * company's id answers 404). Read-only views get the two reads only.
 */
export function registerCrud(app: FastifyInstance, def: CatalogDef, extra: CrudHooks = {}) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = `/api/v1${resourcePath(def)}`;
  // A parent's rows (`/empresas/:id/medios/:idDetalle`): `:id` is the parent, the row is `:idDetalle`.
  const parent = def.api?.parent;
  const parentDef = parent ? getResource(parent.resource) : undefined;
  if (parent && !parentDef) throw new Error(`catalogue ${def.name}: unknown parent ${parent.resource}`);
  const parentScope = parentDef ? tenantHooks(parentDef, app.database).scope : undefined;
  const item = parent ? `${base}/:idDetalle` : `${base}/:id`;
  const itemParams = parent ? z.object({ id: idSchema, idDetalle: idSchema }) : idParams;
  const listParams = parent ? { params: idParams } : {};
  const parentOf = (req: FastifyRequest) => (req.params as { id: number }).id;
  const idOf = (req: FastifyRequest) =>
    (req.params as { id: number; idDetalle?: number })[parent ? 'idDetalle' : 'id'] as number;
  /** 404 unless the parent is a row the user may read. */
  async function checkParent(req: FastifyRequest) {
    if (!parentDef) return;
    const params: unknown[] = [parentOf(req)];
    const s = parentScope?.(req, 2, 'read');
    if (s) params.push(...s.params);
    const rows = await app.database.query(
      `SELECT 1 FROM ${parentDef.table} t WHERE t.${col(parentDef.idField)} = $1${s ? ` AND ${s.sql}` : ''}`,
      params,
    );
    if (!rows[0]) throw notFound();
  }
  const input = catalogInputSchema(def);
  const listQuery = catalogListQuerySchema(def);
  const out = catalogResponseSchemas(def);
  const formFields = def.fields.filter((f) => f.form !== false);
  const refs = refFields(def);
  const tags = [def.api?.tag ?? 'catálogos'];
  const select = selectList(def);
  const tenant = tenantHooks(def, app.database);
  /** Reading: a session, and the declaration's read flag when it has one (the administration module). */
  const canRead = async (req: FastifyRequest) => {
    if (def.readFlag && !req.user[def.readFlag]) throw forbidden();
  };
  /** Writing: the catalogue's flag, and for a system-wide catalogue a platform operator (issue 11). */
  const canWrite = async (req: FastifyRequest) => {
    if (!canWriteCatalog(req.user, def)) throw forbidden();
  };
  const canCreate = async (req: FastifyRequest) => {
    if (!canCreateCatalog(req.user, def)) throw forbidden();
  };
  const byParent: CrudHooks['scope'] = parent
    ? (req, next) => ({ sql: `t.${col(parent.field)} = $${next}`, params: [parentOf(req)] })
    : undefined;
  const scopes = [tenant.scope, extra.scope, byParent].filter((s) => s !== undefined);

  function where(
    req: FastifyRequest,
    mode: ScopeMode,
    params: unknown[],
    opts: { q?: string; filters?: Row } = {},
  ): string {
    const parts: string[] = [];
    if (opts.q) {
      const s = searchSql(def, opts.q, params);
      if (s) parts.push(s);
    }
    for (const f of refs) {
      const v = opts.filters?.[f.name];
      if (v === undefined || v === null) continue;
      params.push(v);
      parts.push(`t.${col(f.name)} = $${params.length}`);
    }
    for (const name of def.filters ?? []) {
      const v = opts.filters?.[name];
      if (v === undefined || v === null || v === '') continue;
      params.push(v);
      parts.push(`t.${col(name)} = $${params.length}`);
    }
    for (const scope of scopes) {
      const s = scope(req, params.length + 1, mode);
      if (s) {
        parts.push(s.sql);
        params.push(...s.params);
      }
    }
    return parts.length ? `WHERE ${parts.join(' AND ')}` : '';
  }

  async function findOne(req: FastifyRequest, id: number, mode: ScopeMode = 'read'): Promise<Row> {
    const params: unknown[] = [];
    const w = where(req, mode, params);
    params.push(id);
    const rows = await app.database.query(
      `SELECT ${select} FROM ${def.table} t ${w ? `${w} AND` : 'WHERE'} t.${col(def.idField)} = $${params.length}`,
      params,
    );
    if (!rows[0]) throw notFound();
    return rows[0];
  }

  /**
   * Every reference of a saved row must exist and, when it points to a tenant's catalogue, belong to
   * the user's tenant (the field that decides the row's own tenant: owned by it). One answer for
   * both cases, so ids of other companies cannot be probed.
   */
  async function checkRefs(req: FastifyRequest, body: Row) {
    const fields: Record<string, string> = {};
    const through = typeof def.tenant === 'object' ? def.tenant.through : null;
    for (const f of refs) {
      const v = body[f.name];
      if (v === undefined || v === null || f.form === false) continue;
      // The company of an administration row is checked by its tenant (`prepare`).
      if (def.tenant === 'administradas' && f.name === 'idEmpresa') continue;
      const ref = refCatalog(def, f);
      const within = f.ref?.within;
      let cond: string | null;
      let params: unknown[];
      if (within) {
        // A dependent reference: checked against the row its field points to, once that one passed.
        if (fields[within.field]) continue;
        const other = refCatalog(def, def.fields.find((x) => x.name === within.field)!);
        cond = `r.${col(within.column)} = (SELECT w.${col(within.column)} FROM ${other.table} w WHERE w.${col(other.idField)} = $2)`;
        params = [v, body[within.field]];
      } else {
        cond = tenantSql(ref, 'r', '$2', f.name === through ? 'write' : 'read', req);
        params = cond ? [v, req.user.idEmpresa] : [v];
      }
      const rows = await app.database.query(
        `SELECT 1 FROM ${ref.table} r WHERE r.${col(ref.idField)} = $1${cond ? ` AND ${cond}` : ''}`,
        params,
      );
      if (!rows[0]) fields[f.name] = f.refMessage ?? (def.refMessage ?? refInvalido)(f.label);
    }
    const first = Object.values(fields)[0];
    if (first) throw badRequest(first, fields);
  }

  /** The columns a create or update writes: the form's fields and what the declaration derives from them. */
  function savedValues(body: Row): Row {
    const values: Row = Object.fromEntries(formFields.map((f) => [f.name, body[f.name] ?? null]));
    return { ...values, ...(def.derive?.(values) ?? {}) };
  }

  const prepares = [tenant.prepare, extra.prepare].filter((h) => h !== undefined);

  /** Runs a write (with the declaration's write hook, in one transaction); a violation of the declared unique column answers 409 under its field. */
  async function write<T>(body: Row, run: (db: Queryable) => Promise<T>): Promise<T> {
    try {
      return await (extra.onWrite ? app.database.transaction(run) : run(app.database));
    } catch (e) {
      if (def.unique && (e as { code?: string }).code === '23505') {
        const m = def.unique.message(String(body[def.unique.field] ?? ''));
        throw new AppError(409, 'DUPLICADO', m, { [def.unique.field]: m });
      }
      throw e;
    }
  }

  /** The answer of a create or update: the message, the declaration's warning (`aviso`) and the saved row. */
  const saved = (mensaje: string, body: Row, item: Row) =>
    def.warning ? { mensaje, aviso: def.warning(body), item } : { mensaje, item };

  r.get(
    base,
    {
      schema: {
        tags,
        summary: `Lista de ${def.title}`,
        ...listParams,
        querystring: listQuery,
        response: responses({ 200: out.page }),
      },
      onRequest: [app.authenticate],
      preValidation: [canRead],
    },
    async (req): Promise<Page<Row>> => {
      await checkParent(req);
      const query = req.query as ListQuery & Row;
      const { q, page, pageSize, sort } = query;
      const params: unknown[] = [];
      const w = where(req, 'read', params, { q, filters: query });
      const order = orderBy(def, sort);
      params.push(pageSize, (page - 1) * pageSize);
      // A search is evaluated on its own first (MATERIALIZED): otherwise, without statistics (a
      // freshly seeded database; PGlite never gets autovacuum's), the planner may walk the sort
      // index and run the search on every row instead of using the search indexes.
      // Only the id and the sort column are kept: a short word can match most of the table.
      const kept = order.columns.map((c) => `t.${c}`).join(', ');
      const source = q
        ? `WITH encontrados AS MATERIALIZED (SELECT ${kept} FROM ${def.table} t ${w}),`
        : 'WITH';
      const from = q ? 'encontrados t' : `${def.table} t ${w}`;
      // Page the ids first, then build the (subquery-heavy) rows of that page only.
      const rows = await app.database.query<Row & { __total: number }>(
        `${source} pagina AS (
           SELECT t.${col(def.idField)} AS __id, count(*) OVER()::int AS __total FROM ${from}
            ORDER BY ${order.sql} LIMIT $${params.length - 1} OFFSET $${params.length})
         SELECT ${select}, pagina.__total FROM pagina JOIN ${def.table} t ON t.${col(def.idField)} = pagina.__id
          ORDER BY ${order.sql}`,
        params,
      );
      let total = rows[0]?.__total ?? 0;
      if (rows.length === 0 && page > 1) {
        const c = await app.database.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM ${def.table} t ${w}`,
          params.slice(0, -2),
        );
        total = c[0].n;
      }
      return { items: rows.map(({ __total, ...rest }) => rest), total, page, pageSize };
    },
  );

  r.get(
    item,
    {
      schema: {
        tags,
        summary: `Un registro de ${def.title}`,
        params: itemParams,
        response: responses({ 200: out.row }),
      },
      onRequest: [app.authenticate],
      preValidation: [canRead],
    },
    async (req) => {
      await checkParent(req);
      return findOne(req, idOf(req));
    },
  );

  if (def.readOnly) return;

  r.post(
    base,
    {
      schema: {
        tags,
        summary: `Crear ${def.singular}`,
        ...listParams,
        body: input,
        response: responses({ 201: out.saved }),
      },
      onRequest: [app.authenticate],
      preValidation: [canCreate],
    },
    async (req, reply) => {
      await checkParent(req);
      const body = req.body as Row;
      await checkRefs(req, body);
      const values = savedValues(body);
      Object.assign(values, tenant.onCreate?.(req) ?? {}, extra.onCreate?.(req) ?? {});
      if (parent) values[parent.field] = parentOf(req);
      for (const prepare of prepares) await prepare(req, values, null);
      values.idUsuarioReg = req.user.idUsuario;
      const names = Object.keys(values);
      const id = await write(body, async (db) => {
        const rows = await db.query<{ id: number }>(
          `INSERT INTO ${def.table} (${names.map((n) => col(n)).join(', ')})
           VALUES (${names.map((_, i) => `$${i + 1}`).join(', ')}) RETURNING ${col(def.idField)} AS id`,
          names.map((n) => values[n]),
        );
        await extra.onWrite?.(db, req, rows[0].id, 'create');
        return rows[0].id;
      });
      reply.code(201);
      return saved(def.createdMessage ?? MSG.registroCreado, body, await findOne(req, id));
    },
  );

  r.put(
    item,
    {
      schema: {
        tags,
        summary: `Actualizar ${def.singular}`,
        params: itemParams,
        body: input,
        response: responses({ 200: out.saved }),
      },
      onRequest: [app.authenticate],
      preValidation: [canWrite],
    },
    async (req) => {
      const id = idOf(req);
      await checkParent(req);
      await findOne(req, id, 'write');
      const body = req.body as Row;
      await checkRefs(req, body);
      const values = savedValues(body);
      for (const prepare of prepares) await prepare(req, values, id);
      const names = Object.keys(values);
      const params = names.map((n) => values[n]);
      params.push(req.user.idUsuario, id);
      await write(body, async (db) => {
        await db.query(
          `UPDATE ${def.table} SET ${names.map((n, i) => `${col(n)} = $${i + 1}`).join(', ')},
             fecha_act = now(), id_usuario_act = $${params.length - 1}
           WHERE ${col(def.idField)} = $${params.length}`,
          params,
        );
        await extra.onWrite?.(db, req, id, 'update');
      });
      return saved(MSG.registroActualizado, body, await findOne(req, id));
    },
  );

  r.delete(
    item,
    {
      schema: {
        tags,
        summary: `Eliminar ${def.singular}`,
        params: itemParams,
        response: responses({ 200: out.deleted }),
      },
      onRequest: [app.authenticate],
      preValidation: [canWrite],
    },
    async (req) => {
      const id = idOf(req);
      await checkParent(req);
      await findOne(req, id, 'write');
      await extra.beforeDelete?.(req, id);
      try {
        await write({}, async (db) => {
          await extra.onWrite?.(db, req, id, 'delete');
          await db.query(`DELETE FROM ${def.table} WHERE ${col(def.idField)} = $1`, [id]);
        });
      } catch (e) {
        if ((e as { code?: string }).code === '23503') throw new AppError(409, 'EN_USO', MSG.enUso);
        throw e;
      }
      return { mensaje: MSG.registroEliminado };
    },
  );
}
