import {
  FLAG_LABELS,
  type Flags,
  flagsNoConcedibles,
  MSG_ADMIN,
  perfilNoConcedible,
  rangoPerfil,
  type SessionUser,
  tipoEmpresa,
} from '@app/domain';
import type { Queryable } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';

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
  const [empresa] = await db.query<{ suscriptor: boolean }>(
    'SELECT suscriptor FROM empresa WHERE id_empresa = $1',
    [target.idEmpresa],
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
