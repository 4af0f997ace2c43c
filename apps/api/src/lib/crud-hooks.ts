import { type CatalogDef, MSG_ADMIN } from '@app/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Queryable } from '../db/client.ts';
import { administradasSql, type Row, type ScopeMode, tenantSql } from './crud-sql.ts';
import { badRequest } from './errors.ts';
import { col } from './sql.ts';

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
      scope: (req, next) => {
        const sql = administradasSql(req, 't.id_empresa', `$${next}`);
        if (!also?.profiles.includes(req.user.idPerfil)) return { sql, params: [req.user.idEmpresa] };
        const own = req.user[also.session];
        if (own === null || own === undefined) return { sql, params: [req.user.idEmpresa] };
        return {
          sql: `(${sql} OR t.${col(also.field)} = $${next + 1})`,
          params: [req.user.idEmpresa, own],
        };
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
