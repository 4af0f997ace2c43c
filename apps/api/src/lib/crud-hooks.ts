import { type CatalogDef, MSG_ADMIN } from '@app/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Queryable } from '../db/client.ts';
import { empresasAdministradasSql } from './admin-scope.ts';
import { type Row, type ScopeMode, tenantSql } from './crud-sql.ts';
import { badRequest } from './errors.ts';
import { col, type SQL, sql, una } from './sql.ts';

export type CrudHooks = {
  /** Extra WHERE condition (on alias `t`) for a read or a write. */
  scope?: (req: FastifyRequest, mode: ScopeMode) => SQL | null;
  /**
   * Checks the raw body of a create or an update before the route's schema, with what only the database
   * knows (the cédula type's id of a person's rule), so that its message comes with every other field's; may
   * throw a 400.
   */
  validate?: (req: FastifyRequest) => Promise<void>;
  /** Extra columns set on create (tenant id, ...). */
  onCreate?: (req: FastifyRequest) => Row;
  /**
   * Checks and completes the values of a create (`id` null) or an update (`current`: the row as it is)
   * before they are written; may throw a 4xx.
   */
  prepare?: (req: FastifyRequest, values: Row, id: number | null, current?: Row) => Promise<void>;
  /**
   * Runs first on an update or a delete of a row the user may write, before its values are checked (a
   * user of a higher profile is not the administrator's to change); may throw.
   */
  guard?: (req: FastifyRequest, current: Row, kind: 'update' | 'delete') => void | Promise<void>;
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

/** The declaration's `tenant` as crud hooks: rows limited to the user's company, which is set on create. */
export function tenantHooks(def: CatalogDef, db?: FastifyInstance['database']): CrudHooks {
  if (def.tenant === 'sistema') return {};
  if (def.tenant === 'administradas') {
    const also = def.tenantOr;
    return {
      scope: (req) => {
        const scope = tenantSql(def, 't', 'write', req)!;
        const own = also?.profiles.includes(req.user.idPerfil) ? req.user[also.session] : null;
        if (own === null || own === undefined) return scope;
        return sql`(${scope} OR ${sql.raw(`t.${col(also!.field)}`)} = ${own})`;
      },
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
        const ok = await una(
          db!,
          sql`SELECT 1 FROM empresa e WHERE e.id_empresa = ${values.idEmpresa}
               AND ${empresasAdministradasSql(req.user, sql.raw('e.id_empresa'))}`,
        );
        if (!ok)
          throw badRequest(MSG_ADMIN.empresaNoAdministrada, { idEmpresa: MSG_ADMIN.empresaNoAdministrada });
      },
    };
  }
  return {
    scope: (req, mode) => tenantSql(def, 't', def.readScope === 'propia' ? 'write' : mode, req),
    // Never from the client: the form has no idEmpresa field, and this overrides anything sent.
    onCreate: def.tenant === 'empresa' ? (req) => ({ idEmpresa: req.user.idEmpresa }) : undefined,
  };
}
