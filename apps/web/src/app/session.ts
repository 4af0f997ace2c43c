import { isTokenValid, type SessionUser, tokenExpiry } from '@app/domain';

/** The session kept in the browser: token and user, plus the chosen module (0 menu, 1 admin, 5 audit). */
const KEY = 'sesion';

export type StoredSession = { token: string; usuario: SessionUser; modulo: 0 | 1 | 5 };

export function readSession(): StoredSession | null {
  try {
    const raw = sessionStorage.getItem(KEY) ?? localStorage.getItem(KEY);
    if (!raw) return null;
    const s = JSON.parse(raw) as StoredSession;
    return isTokenValid(s.token) ? s : null;
  } catch {
    return null;
  }
}

export function writeSession(s: StoredSession) {
  localStorage.setItem(KEY, JSON.stringify(s));
  window.dispatchEvent(new Event('sesion'));
}

export function clearSession() {
  localStorage.removeItem(KEY);
  sessionStorage.removeItem(KEY);
  window.dispatchEvent(new Event('sesion'));
}

export function sessionExpiresAt(): number | null {
  return tokenExpiry(readSession()?.token);
}
