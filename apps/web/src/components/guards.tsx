import { PERFIL, type UserFlag } from '@app/domain';
import type { ReactNode } from 'react';
import { ForbiddenPage } from '../app/errors/error-pages.tsx';
import { useSession } from '../lib/use-session.ts';

type Flag = UserFlag | null | undefined;

/** A screen behind a menu flag, or several (the API checks the same): 403 when the user lacks one. */
export function RequireFlag({ flag, children }: { flag: Flag | readonly Flag[]; children: ReactNode }) {
  const session = useSession();
  const flags: readonly Flag[] = typeof flag === 'object' && flag ? flag : [flag as Flag];
  if (flags.some((f) => f && !session?.usuario[f])) return <ForbiddenPage />;
  return <>{children}</>;
}

/** A screen of the subscription administrator (profile 1): session administration. */
export function RequireAdministrador({ children }: { children: ReactNode }) {
  const session = useSession();
  if (session?.usuario.idPerfil !== PERFIL.ADMINISTRADOR) return <ForbiddenPage />;
  return <>{children}</>;
}
