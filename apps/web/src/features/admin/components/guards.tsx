import { PERFIL, type UserFlag } from '@app/domain';
import type { ReactNode } from 'react';
import { ForbiddenPage } from '../../../app/errors/error-pages.tsx';
import { useSession } from '../../../lib/use-session.ts';

/** Administration screens need the administration module (the API checks the same flag). */
export function RequireFlag({ flag, children }: { flag: UserFlag; children: ReactNode }) {
  const session = useSession();
  if (!session?.usuario[flag]) return <ForbiddenPage />;
  return <>{children}</>;
}

/** Session administration is for the subscription administrator (profile 1). */
export function RequireAdministrador({ children }: { children: ReactNode }) {
  const session = useSession();
  if (session?.usuario.idPerfil !== PERFIL.ADMINISTRADOR) return <ForbiddenPage />;
  return <>{children}</>;
}

export const INICIO = { title: 'Inicio', href: '/MenuPrincipal' };
export const PROCESOS = { title: 'Procesos' };
export const REPORTES = { title: 'Reportes' };
