import { PERFIL, type UserFlag } from '@app/domain';
import type { ReactNode } from 'react';
import { ForbiddenPage } from '../app/errors/error-pages.tsx';
import { useSession } from '../lib/use-session.ts';

/** A screen behind a menu flag (the API checks the same flag): 403 when the user lacks it. */
export function RequireFlag({ flag, children }: { flag: UserFlag; children: ReactNode }) {
  const session = useSession();
  if (!session?.usuario[flag]) return <ForbiddenPage />;
  return <>{children}</>;
}

/** A screen of the subscription administrator (profile 1): session administration. */
export function RequireAdministrador({ children }: { children: ReactNode }) {
  const session = useSession();
  if (session?.usuario.idPerfil !== PERFIL.ADMINISTRADOR) return <ForbiddenPage />;
  return <>{children}</>;
}
