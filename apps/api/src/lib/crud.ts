import {
  type CatalogDef,
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
import { col } from './sql.ts';

export type { CrudHooks } from './crud-hooks.ts';
export { tenantHooks } from './crud-hooks.ts';
export { administradasSql, type ScopeMode } from './crud-sql.ts';

/**
 * Registers list/get/create/update/delete for one catalogue under /api/v1/catalogos/{name}.
 * Reading needs a session; writing needs the catalogue's menu flag, and a system-wide catalogue a
 * platform operator (`canWriteCatalog`). Paging, search, filters and sort
 * run in SQL; the declaration's tenant limits every statement to the user's company (another
 * company's id answers 404). Read-only views get the two reads only.
 */
export function registerCrud(app: FastifyInstance, def: CatalogDef, extra: CrudHooks = {}) {
  if (def.api?.handWritten) throw new Error(`catalogue ${def.name}: its routes are its feature's own`);
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
  const updateInput = catalogInputSchema(def, 'update');
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
        // The user's own row too (its own subscription), wherever it belongs.
        const own = f.ref?.orOwn ? req.user[f.ref.orOwn] : null;
        if (cond && own !== null && own !== undefined) {
          cond = `(${cond} OR r.${col(ref.idField)} = $3)`;
          params.push(own);
        }
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
      const values = await savedValues(body);
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
        body: updateInput,
        response: responses({ 200: out.saved }),
      },
      onRequest: [app.authenticate],
      preValidation: [canWrite],
    },
    async (req) => {
      const id = idOf(req);
      await checkParent(req);
      const current = await findOne(req, id, 'write');
      await extra.guard?.(req, current, 'update');
      const body = req.body as Row;
      await checkRefs(req, body);
      const values = await savedValues(body);
      for (const prepare of prepares) await prepare(req, values, id, current);
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
      const current = await findOne(req, id, 'write');
      await extra.guard?.(req, current, 'delete');
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
