import type { Modulo } from '@app/domain';
import { useSyncExternalStore } from 'react';
import { getSessionSnapshot, type StoredSession, subscribeSession } from './session.ts';

/** The current session, re-rendering on sign-in, sign-out, module changes and other tabs. */
export function useSession(): StoredSession | null {
  return useSyncExternalStore(subscribeSession, getSessionSnapshot);
}

/** The area whose menu is shown: the chosen module, or on the main menu audit when the user has it. */
export function effectiveModulo(session: StoredSession): Exclude<Modulo, 0> {
  if (session.modulo !== 0) return session.modulo;
  return session.usuario.moduloAuditoria ? 5 : 1;
}
