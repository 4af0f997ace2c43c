import {
  type CatalogDef,
  type CrudRoute,
  canCreateCatalog,
  canWriteCatalog,
  catalogInputSchema,
  catalogListQuerySchema,
  catalogResponseSchemas,
  getResource,
  idParams,
  idSchema,
  type ListQuery,
  MSG,
  type Page,
  refFields,
  refInvalido,
  resourcePath,
  responses,
} from '@app/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Queryable } from '../db/client.ts';
import { hashClave } from './clave.ts';
import { type CrudHooks, tenantHooks } from './crud-hooks.ts';
import {
  orderBy,
  type Row,
  refCatalog,
  type ScopeMode,
  searchSql,
  selectList,
  tenantSql,
} from './crud-sql.ts';
import { AppError, badRequest, forbidden, notFound } from './errors.ts';
import { col, consulta, fila, type SQL, sql, todas, una } from './sql.ts';

export type { CrudHooks } from './crud-hooks.ts';
export { tenantHooks } from './crud-hooks.ts';
export type { ScopeMode } from './crud-sql.ts';

/** What a feature may reuse of a registered resource: its list (a download) and its scoped read of one row. */
export type CrudResource = {
  list: (req: FastifyRequest, query: ListQuery & Row) => Promise<Page<Row>>;
  /** The row if the user may read it (`'write'`: change it), else 404. */
  findOne: (req: FastifyRequest, id: number, mode?: ScopeMode) => Promise<Row>;
};

/**
 * Registers list/get/create/update/delete for one catalogue under /api/v1/catalogos/{name}.
 * Reading needs a session; writing needs the catalogue's menu flag, and a system-wide catalogue a
 * platform operator (`canWriteCatalog`). Paging, search, filters and sort
 * run in SQL; the declaration's tenant limits every statement to the user's company (another
 * company's id answers 404). Read-only views get the two reads only.
 */
export function registerCrud(app: FastifyInstance, def: CatalogDef, extra: CrudHooks = {}): CrudResource {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database;
  const base = `/api/v1${resourcePath(def)}`;
  /** Names from the declaration (code, never a request). */
  const table = sql.raw(def.table);
  const idCol = sql.raw(`t.${col(def.idField)}`);
  // A parent's rows (`/empresas/:id/medios/:idDetalle`): `:id` is the parent, the row is `:idDetalle`.
  const parent = def.api?.parent;
  const parentDef = parent ? getResource(parent.resource) : undefined;
  if (parent && !parentDef) throw new Error(`catalogue ${def.name}: unknown parent ${parent.resource}`);
  const parentScope = parentDef ? tenantHooks(parentDef, db).scope : undefined;
  const item = parent ? `${base}/:idDetalle` : `${base}/:id`;
  const itemParams = parent ? z.object({ id: idSchema, idDetalle: idSchema }) : idParams;
  const listParams = parent ? { params: idParams } : {};
  const parentOf = (req: FastifyRequest) => (req.params as { id: number }).id;
  const idOf = (req: FastifyRequest) =>
    (req.params as { id: number; idDetalle?: number })[parent ? 'idDetalle' : 'id'] as number;
  /** 404 unless the parent is a row the user may read. */
  async function checkParent(req: FastifyRequest) {
    if (!parentDef) return;
    const found = await una(
      db,
      sql`SELECT 1 FROM ${sql.raw(`${parentDef.table} t WHERE t.${col(parentDef.idField)}`)} = ${parentOf(req)}
           AND ${todas([parentScope?.(req, 'read')])}`,
    );
    if (!found) throw notFound();
  }
  const listQuery = catalogListQuerySchema(def);
  const out = catalogResponseSchemas(def);
  const formFields = def.fields.filter((f) => f.form !== false);
  const refs = refFields(def);
  const tags = [def.api?.tag ?? 'catálogos'];
  const select = selectList(def);
  const tenant = tenantHooks(def, db);
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
  /** The declaration's check of the raw body (after the permission, before the schema). */
  const validate = extra.validate ? [extra.validate] : [];
  const byParent: CrudHooks['scope'] = parent
    ? (req) => sql`${sql.raw(`t.${col(parent.field)}`)} = ${parentOf(req)}`
    : undefined;
  const scopes = [tenant.scope, extra.scope, byParent].filter((s) => s !== undefined);

  /** The conditions of a list or a read: the search, the filters by exact value and the scopes. */
  function where(req: FastifyRequest, mode: ScopeMode, opts: { q?: string; filters?: Row } = {}): SQL {
    const conds: (SQL | null | undefined)[] = [opts.q ? searchSql(def, opts.q) : null];
    for (const name of [...refs.map((f) => f.name), ...(def.filters ?? [])]) {
      const v = opts.filters?.[name];
      if (v !== undefined && v !== null && v !== '') conds.push(sql`${sql.raw(`t.${col(name)}`)} = ${v}`);
    }
    for (const scope of scopes) conds.push(scope(req, mode));
    return todas(conds);
  }

  async function findOne(req: FastifyRequest, id: number, mode: ScopeMode = 'read'): Promise<Row> {
    const row = await una(
      db,
      sql`SELECT ${select} FROM ${table} t WHERE ${where(req, mode)} AND ${idCol} = ${id}`,
    );
    if (!row) throw notFound();
    return row;
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
      let cond: SQL | null;
      if (within) {
        // A dependent reference: checked against the row its field points to, once that one passed.
        if (fields[within.field]) continue;
        const other = refCatalog(def, def.fields.find((x) => x.name === within.field)!);
        const c = col(within.column);
        cond = sql`r.${sql.raw(`${c} = (SELECT w.${c} FROM ${other.table} w WHERE w.${col(other.idField)}`)} = ${body[within.field]})`;
      } else {
        cond = tenantSql(ref, 'r', f.name === through ? 'write' : 'read', req);
        // The user's own row too (its own subscription), wherever it belongs.
        const own = f.ref?.orOwn ? req.user[f.ref.orOwn] : null;
        if (cond && own !== null && own !== undefined)
          cond = sql`(${cond} OR ${sql.raw(`r.${col(ref.idField)}`)} = ${own})`;
      }
      const found = await una(
        db,
        sql`SELECT 1 FROM ${sql.raw(`${ref.table} r WHERE r.${col(ref.idField)}`)} = ${v} AND ${todas([cond])}`,
      );
      if (!found) fields[f.name] = f.refMessage ?? (def.refMessage ?? refInvalido)(f.label);
    }
    const first = Object.values(fields)[0];
    if (first) throw badRequest(first, fields);
  }

  const passwords = formFields.filter((f) => f.type === 'password');
  /**
   * The columns a create or update writes: the form's fields and what the declaration derives from them; a
   * password as its hash, and not at all when an update leaves it empty.
   */
  async function savedValues(body: Row): Promise<Row> {
    const values: Row = Object.fromEntries(formFields.map((f) => [f.name, body[f.name] ?? null]));
    for (const f of passwords) {
      const v = values[f.name];
      if (typeof v === 'string' && v !== '') values[f.name] = await hashClave(v);
      else delete values[f.name];
    }
    return { ...values, ...(def.derive?.(values) ?? {}) };
  }

  const prepares = [tenant.prepare, extra.prepare].filter((h) => h !== undefined);

  /** Runs a write (with the declaration's write hook, in one transaction); a violation of the declared unique column answers 409 under its field. */
  async function write<T>(body: Row, run: (q: Queryable) => Promise<T>): Promise<T> {
    try {
      return await (extra.onWrite ? db.transaction(run) : run(db));
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

  /** The row an update or a delete is about: under its parent, the user's to write, past the declaration's guard. */
  async function current(req: FastifyRequest, kind: 'update' | 'delete') {
    const id = idOf(req);
    await checkParent(req);
    const row = await findOne(req, id, 'write');
    await extra.guard?.(req, row, kind);
    return { id, row };
  }

  /** One page of the list, searched, filtered, sorted (the list route's; a download's, with a larger page). */
  async function list(req: FastifyRequest, query: ListQuery & Row): Promise<Page<Row>> {
    const { q, page, pageSize, sort } = query;
    const w = where(req, 'read', { q, filters: query });
    const order = orderBy(def, sort);
    const orderSql = sql.raw(order.sql);
    // A search is evaluated on its own first (MATERIALIZED): otherwise, without statistics (a
    // freshly seeded database; PGlite never gets autovacuum's), the planner may walk the sort
    // index and run the search on every row instead of using the search indexes.
    // Only the id and the sort column are kept: a short word can match most of the table.
    const kept = sql.raw(order.columns.map((c) => `t.${c}`).join(', '));
    const source = q
      ? sql`WITH encontrados AS MATERIALIZED (SELECT ${kept} FROM ${table} t WHERE ${w}),`
      : sql`WITH`;
    const from = q ? sql`encontrados t` : sql`${table} t WHERE ${w}`;
    // Page the ids first, then build the (subquery-heavy) rows of that page only.
    const rows = await consulta<Row & { __total: number }>(
      db,
      sql`${source} pagina AS (
         SELECT ${idCol} AS __id, count(*) OVER()::int AS __total FROM ${from}
          ORDER BY ${orderSql} LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize})
       SELECT ${select}, pagina.__total FROM pagina JOIN ${table} t ON ${idCol} = pagina.__id
        ORDER BY ${orderSql}`,
    );
    let total = rows[0]?.__total ?? 0;
    if (rows.length === 0 && page > 1)
      total = (await fila<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM ${table} t WHERE ${w}`)).n;
    return { items: rows.map(({ __total, ...rest }) => rest), total, page, pageSize };
  }

  /** Whether the engine serves this route (else the feature does). */
  const serves = (route: CrudRoute) => def.api?.routes?.includes(route) ?? true;
  /** A route's options: its summary and schemas, behind a session and `checks`. */
  const route = (
    summary: string,
    checks: ((req: FastifyRequest) => Promise<void>)[],
    schema: { params?: z.ZodType; querystring?: z.ZodType; body?: z.ZodType; response: object },
  ) => ({ schema: { tags, summary, ...schema }, onRequest: [app.authenticate], preValidation: checks });

  if (serves('list'))
    r.get(
      base,
      route(`Lista de ${def.title}`, [canRead], {
        ...listParams,
        querystring: listQuery,
        response: responses({ 200: out.page }),
      }),
      async (req) => {
        await checkParent(req);
        return list(req, req.query as ListQuery & Row);
      },
    );

  if (serves('read'))
    r.get(
      item,
      route(`Un registro de ${def.title}`, [canRead], {
        params: itemParams,
        response: responses({ 200: out.row }),
      }),
      async (req) => {
        await checkParent(req);
        return findOne(req, idOf(req));
      },
    );

  if (def.readOnly) return { list, findOne };

  if (serves('create'))
    r.post(
      base,
      route(`Crear ${def.singular}`, [canCreate, ...validate], {
        ...listParams,
        body: catalogInputSchema(def),
        response: responses({ 201: out.saved }),
      }),
      async (req, reply) => {
        await checkParent(req);
        const body = req.body as Row;
        await checkRefs(req, body);
        const values = await savedValues(body);
        Object.assign(values, tenant.onCreate?.(req) ?? {}, extra.onCreate?.(req) ?? {});
        if (parent) values[parent.field] = parentOf(req);
        for (const prepare of prepares) await prepare(req, values, null);
        values.idUsuarioReg = req.user.idUsuario;
        const names = Object.keys(values);
        const id = await write(body, async (q) => {
          const { id } = await fila<{ id: number }>(
            q,
            sql`INSERT INTO ${table} (${sql.raw(names.map(col).join(', '))})
               VALUES (${sql.join(
                 names.map((n) => sql`${values[n]}`),
                 sql.raw(', '),
               )}) RETURNING ${sql.raw(col(def.idField))} AS id`,
          );
          await extra.onWrite?.(q, req, id, 'create');
          return id;
        });
        reply.code(201);
        return saved(def.createdMessage ?? MSG.registroCreado, body, await findOne(req, id));
      },
    );

  if (serves('update'))
    r.put(
      item,
      route(`Actualizar ${def.singular}`, [canWrite, ...validate], {
        params: itemParams,
        body: catalogInputSchema(def, 'update'),
        response: responses({ 200: out.saved }),
      }),
      async (req) => {
        const { id, row } = await current(req, 'update');
        const body = req.body as Row;
        await checkRefs(req, body);
        const values = await savedValues(body);
        for (const prepare of prepares) await prepare(req, values, id, row);
        const set = sql.join(
          Object.entries(values).map(([n, v]) => sql`${sql.raw(col(n))} = ${v}`),
          sql.raw(', '),
        );
        await write(body, async (q) => {
          await consulta(
            q,
            sql`UPDATE ${table} SET ${set}, fecha_act = now(), id_usuario_act = ${req.user.idUsuario}
               WHERE ${sql.raw(col(def.idField))} = ${id}`,
          );
          await extra.onWrite?.(q, req, id, 'update');
        });
        return saved(def.updatedMessage ?? MSG.registroActualizado, body, await findOne(req, id));
      },
    );

  if (serves('delete'))
    r.delete(
      item,
      route(`Eliminar ${def.singular}`, [canWrite], {
        params: itemParams,
        response: responses({ 200: out.deleted }),
      }),
      async (req) => {
        const { id } = await current(req, 'delete');
        await extra.beforeDelete?.(req, id);
        try {
          await write({}, async (q) => {
            await extra.onWrite?.(q, req, id, 'delete');
            await consulta(q, sql`DELETE FROM ${table} WHERE ${sql.raw(col(def.idField))} = ${id}`);
          });
        } catch (e) {
          if ((e as { code?: string }).code === '23503') throw new AppError(409, 'EN_USO', MSG.enUso);
          throw e;
        }
        return { mensaje: MSG.registroEliminado };
      },
    );
  return { list, findOne };
}
