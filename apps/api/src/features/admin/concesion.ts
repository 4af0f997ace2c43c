import {
  FLAG_LABELS,
  type Flags,
  flagsNoConcedibles,
  MSG_ADMIN,
  perfilNoConcedible,
  pickFlags,
  rangoPerfil,
  type SessionUser,
  tipoEmpresa,
  USER_FLAGS,
} from '@app/domain';
import type { Queryable } from '../../db/client.ts';
import { perfil as perfilT } from '../../db/schema/index.ts';
import type { CrudHooks } from '../../lib/crud.ts';
import { AppError, conflict } from '../../lib/errors.ts';
import { columnas, sql, una } from '../../lib/sql.ts';

/*
 * What an administrator may give a user (issue 11 item 2): a profile its company's kind may hold
 * (insurer staff and the administrator only in the insurer's company, providers only in a
 * provider's), never one ranked above the administrator's own, and no flag the administrator does
 * not have unless the chosen profile or the user already had it. Refusals are 403 under the field.
 */

const refused = (message: string, field: string) =>
  new AppError(403, 'PERFIL_NO_PERMITIDO', message, { [field]: message });

/** 403 unless `user` may manage (change, delete) a user who holds `idPerfil` now. */
export function assertUsuarioGestionable(user: SessionUser, idPerfil: number) {
  if (rangoPerfil(idPerfil) > rangoPerfil(user.idPerfil))
    throw refused(MSG_ADMIN.usuarioSuperior, 'idPerfil');
}

/**
 * 403 unless `user` may give profile `idPerfil` and the resulting `flags` to a user of company
 * `idEmpresa`. `permitidos`: flag sets that may stay on although `user` lacks them (the profile's
 * defaults, the user's current flags).
 */
export async function assertConcesion(
  db: Queryable,
  user: SessionUser,
  target: { idEmpresa: number; idPerfil: number; flags: Flags; permitidos: readonly Partial<Flags>[] },
) {
  const empresa = await una<{ suscriptor: boolean }>(
    db,
    sql`SELECT suscriptor FROM empresa WHERE id_empresa = ${target.idEmpresa}`,
  );
  const why = empresa ? perfilNoConcedible(user, tipoEmpresa(empresa), target.idPerfil) : 'tipoEmpresa';
  if (why === 'tipoEmpresa') throw refused(MSG_ADMIN.perfilNoCorrespondeEmpresa, 'idPerfil');
  if (why === 'rango') throw refused(MSG_ADMIN.perfilSuperior, 'idPerfil');
  const flags = flagsNoConcedibles(user, target.flags, target.permitidos);
  if (flags.length) {
    const m = MSG_ADMIN.permisosNoConcedibles(flags.map((f) => FLAG_LABELS[f]).join(', '));
    throw new AppError(403, 'PERFIL_NO_PERMITIDO', m, Object.fromEntries(flags.map((f) => [f, m])));
  }
}

/** A profile's 13 permission flags, the defaults of its users. */
const FLAGS_PERFIL = columnas(perfilT, 'p', { solo: USER_FLAGS });

/**
 * The users' rules around the declared resource (packages/domain admin/usuarios-recurso.ts, docs/decisions.md
 * 92): a new user's flags are the profile's with the ones toggled in the form; an update's, the user's own
 * with the toggled ones; either must be the administrator's to give. A user of a higher profile is not the
 * administrator's to change or delete, nor is the administrator's own user to delete.
 */
export function usuarioHooks(db: Queryable): CrudHooks {
  return {
    guard: (req, current, kind) => {
      assertUsuarioGestionable(req.user, current.idPerfil as number);
      if (kind === 'delete' && current.idUsuario === req.user.idUsuario)
        throw conflict('No puede eliminar su propio usuario.');
    },
    prepare: async (req, values, _id, current) => {
      const perfil = (await una<Flags>(
        db,
        sql`SELECT ${FLAGS_PERFIL} FROM perfil p WHERE p.id_perfil = ${values.idPerfil}`,
      )) as Flags;
      const actuales = current
        ? (Object.fromEntries(USER_FLAGS.map((f) => [f, current[f]])) as Flags)
        : undefined;
      const flags: Flags = { ...(actuales ?? perfil), ...pickFlags(req.body as Partial<Flags>) };
      await assertConcesion(db, req.user, {
        idEmpresa: (current?.idEmpresa as number | undefined) ?? req.user.idEmpresa,
        idPerfil: values.idPerfil as number,
        flags,
        permitidos: actuales ? [perfil, actuales] : [perfil],
      });
      for (const f of USER_FLAGS) values[f] = flags[f];
    },
  };
}
