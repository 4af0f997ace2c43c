import {
  type CatalogDef,
  catalogInputSchema,
  getCatalog,
  listQuerySchema,
  MSG,
  type Page,
  refLabelKey,
} from '@app/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, badRequest, notFound } from './errors.ts';
import { col, foldedLike, ident, likePattern } from './sql.ts';

type Row = Record<string, unknown>;

const STAMPS = ['fechaReg', 'fechaAct', 'idUsuarioReg', 'idUsuarioAct'];

/** SELECT list of a catalogue: its id, fields, `{field}Nombre` of referenced rows and the stamps. */
function selectList(def: CatalogDef): string {
  const cols = [def.idField, ...def.fields.map((f) => f.name), ...STAMPS].map((n) => `t.${col(n)} AS ${ident(n)}`);
  for (const f of def.fields) {
    if (!f.ref) continue;
    const ref = getCatalog(f.ref.catalog);
    if (!ref) throw new Error(`catalogue ${def.name}: unknown ref ${f.ref.catalog}`);
    cols.push(
      `(SELECT r.${col(f.ref.labelField)} FROM ${ref.table} r WHERE r.${col(ref.idField)} = t.${col(f.name)}) AS ${ident(refLabelKey(f.name))}`,
    );
  }
  cols.push(
    `(SELECT u.nombre FROM usuario u WHERE u.id_usuario = t.id_usuario_reg) AS "usuarioRegNombre"`,
    `(SELECT u.nombre FROM usuario u WHERE u.id_usuario = t.id_usuario_act) AS "usuarioActNombre"`,
  );
  return cols.join(', ');
}

function orderBy(def: CatalogDef, sort: string | undefined): string {
  const s = sort ?? def.defaultSort;
  const desc = s.startsWith('-');
  const name = desc ? s.slice(1) : s;
  const allowed = [def.idField, ...def.fields.map((f) => f.name), 'fechaReg', 'fechaAct'];
  if (!allowed.includes(name)) throw badRequest('Orden no válido.', { sort: 'Orden no válido.' });
  return `t.${col(name)} ${desc ? 'DESC' : 'ASC'} NULLS LAST, t.${col(def.idField)} ${desc ? 'DESC' : 'ASC'}`;
}

export type CrudHooks = {
  /** Extra WHERE condition (tenant scoping); receives the next parameter index. */
  scope?: (req: FastifyRequest, nextParam: number) => { sql: string; params: unknown[] } | null;
  /** Extra columns set on create (tenant id, ...). */
  onCreate?: (req: FastifyRequest) => Row;
};

/**
 * Registers list/get/create/update/delete for one catalogue under /api/v1/catalogos/{name}.
 * Reading needs a session; writing needs the catalogue's menu flag. Paging, search and sort run in SQL.
 */
export function registerCrud(app: FastifyInstance, def: CatalogDef, hooks: CrudHooks = {}) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = `/api/v1/catalogos/${def.name}`;
  const input = catalogInputSchema(def);
  const formFields = def.fields.filter((f) => f.form !== false);
  const idParams = z.object({ id: z.coerce.number().int().positive() });
  const tags = ['catálogos'];
  const select = selectList(def);

  function where(req: FastifyRequest, q: string | undefined, params: unknown[]): string {
    const parts: string[] = [];
    if (q) {
      params.push(likePattern(q.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase()));
      const p = `$${params.length}`;
      parts.push(`(${def.searchFields.map((f) => foldedLike(`t.${col(f)}`, p)).join(' OR ')})`);
    }
    const scope = hooks.scope?.(req, params.length + 1);
    if (scope) {
      parts.push(scope.sql);
      params.push(...scope.params);
    }
    return parts.length ? `WHERE ${parts.join(' AND ')}` : '';
  }

  async function findOne(req: FastifyRequest, id: number): Promise<Row> {
    const params: unknown[] = [];
    const w = where(req, undefined, params);
    params.push(id);
    const rows = await app.database.query(
      `SELECT ${select} FROM ${def.table} t ${w ? `${w} AND` : 'WHERE'} t.${col(def.idField)} = $${params.length}`,
      params,
    );
    if (!rows[0]) throw notFound();
    return rows[0];
  }

  r.get(
    base,
    {
      schema: { tags, summary: `Lista de ${def.title}`, querystring: listQuerySchema },
      onRequest: [app.authenticate],
    },
    async (req): Promise<Page<Row>> => {
      const { q, page, pageSize, sort } = req.query;
      const params: unknown[] = [];
      const w = where(req, q, params);
      const order = orderBy(def, sort);
      params.push(pageSize, (page - 1) * pageSize);
      const rows = await app.database.query<Row & { __total: number }>(
        `SELECT ${select}, count(*) OVER()::int AS __total FROM ${def.table} t ${w}
          ORDER BY ${order} LIMIT $${params.length - 1} OFFSET $${params.length}`,
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
    `${base}/:id`,
    { schema: { tags, summary: `Un registro de ${def.title}`, params: idParams }, onRequest: [app.authenticate] },
    async (req) => findOne(req, req.params.id),
  );

  r.post(
    base,
    {
      schema: { tags, summary: `Crear ${def.singular}`, body: input },
      onRequest: [app.authenticate],
      preValidation: [app.requireFlag(def.writeFlag)],
    },
    async (req, reply) => {
      const body = req.body as Row;
      const values: Row = { ...Object.fromEntries(formFields.map((f) => [f.name, body[f.name] ?? null])) };
      Object.assign(values, hooks.onCreate?.(req) ?? {});
      values.idUsuarioReg = req.user.idUsuario;
      const names = Object.keys(values);
      const rows = await app.database.query<{ id: number }>(
        `INSERT INTO ${def.table} (${names.map((n) => col(n)).join(', ')})
         VALUES (${names.map((_, i) => `$${i + 1}`).join(', ')}) RETURNING ${col(def.idField)} AS id`,
        names.map((n) => values[n]),
      );
      reply.code(201);
      return { mensaje: MSG.registroCreado, item: await findOne(req, rows[0].id) };
    },
  );

  r.put(
    `${base}/:id`,
    {
      schema: { tags, summary: `Actualizar ${def.singular}`, params: idParams, body: input },
      onRequest: [app.authenticate],
      preValidation: [app.requireFlag(def.writeFlag)],
    },
    async (req) => {
      await findOne(req, req.params.id);
      const body = req.body as Row;
      const names = formFields.map((f) => f.name);
      const params = names.map((n) => body[n] ?? null);
      params.push(req.user.idUsuario, req.params.id);
      await app.database.query(
        `UPDATE ${def.table} SET ${names.map((n, i) => `${col(n)} = $${i + 1}`).join(', ')},
           fecha_act = now(), id_usuario_act = $${params.length - 1}
         WHERE ${col(def.idField)} = $${params.length}`,
        params,
      );
      return { mensaje: MSG.registroActualizado, item: await findOne(req, req.params.id) };
    },
  );

  r.delete(
    `${base}/:id`,
    {
      schema: { tags, summary: `Eliminar ${def.singular}`, params: idParams },
      onRequest: [app.authenticate],
      preValidation: [app.requireFlag(def.writeFlag)],
    },
    async (req) => {
      await findOne(req, req.params.id);
      try {
        await app.database.query(`DELETE FROM ${def.table} WHERE ${col(def.idField)} = $1`, [req.params.id]);
      } catch (e) {
        if ((e as { code?: string }).code === '23503') throw new AppError(409, 'EN_USO', MSG.enUso);
        throw e;
      }
      return { mensaje: MSG.registroEliminado };
    },
  );
}
