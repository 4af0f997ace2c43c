import { PERFIL, type SessionUser } from '@app/domain';
import { type SQL, sql } from './sql.ts';

/*
 * What an administration screen may show (docs/design-summary.md §4), as tagged conditions
 * (decision 89): the user's own company and, for the subscription administrator (profile 1), the
 * companies working under it (its providers); the users of those companies and of its subscription.
 */

/** The companies the user administers, as a condition on the company id `expr`. */
export function empresasAdministradasSql(user: SessionUser, expr: SQL): SQL {
  const own = user.idEmpresa;
  if (user.idPerfil !== PERFIL.ADMINISTRADOR) return sql`${expr} = ${own}`;
  return sql`(${expr} = ${own} OR ${expr} IN (SELECT es.id_empresa FROM empresa es WHERE es.id_empresa_suscriptora = ${own}))`;
}

/** The users the user administers (rows of `usuario` under `alias`): its companies' and, for profile 1, its subscription's. */
export function usuariosAdministradosSql(user: SessionUser, alias: string): SQL {
  const porEmpresa = empresasAdministradasSql(user, sql.raw(`${alias}.id_empresa`));
  if (user.idPerfil !== PERFIL.ADMINISTRADOR || user.idSuscripcion === null) return porEmpresa;
  return sql`(${porEmpresa} OR ${sql.raw(alias)}.id_suscripcion = ${user.idSuscripcion})`;
}
