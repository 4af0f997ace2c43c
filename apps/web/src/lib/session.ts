import type { SessionUser } from '@app/domain';
// Subpath imports keep the entry chunk free of zod (the domain index pulls every schema).
import { isTokenValid, tokenExpiry } from '@app/domain/auth/token';

/** The session kept in the browser: token and user, plus the chosen module (0 menu, 1 admin, 5 audit). */
const KEY = 'sesion';
const EVENT = 'sesion';

export type StoredSession = { token: string; usuario: SessionUser; modulo: 0 | 1 | 5 };

function readRaw(): string | null {
  return sessionStorage.getItem(KEY) ?? localStorage.getItem(KEY);
}

function parse(raw: string | null): StoredSession | null {
  if (!raw) return null;
  try {
    const s = JSON.parse(raw) as StoredSession;
    return isTokenValid(s.token) ? s : null;
  } catch {
    return null;
  }
}

export function readSession(): StoredSession | null {
  return parse(readRaw());
}

export function writeSession(s: StoredSession) {
  localStorage.setItem(KEY, JSON.stringify(s));
  window.dispatchEvent(new Event(EVENT));
}

/** Changes part of the current session (module, user data); does nothing when signed out. */
export function updateSession(patch: Partial<Omit<StoredSession, 'token'>>) {
  const current = readSession();
  if (current) writeSession({ ...current, ...patch });
}

export function clearSession() {
  localStorage.removeItem(KEY);
  sessionStorage.removeItem(KEY);
  window.dispatchEvent(new Event(EVENT));
}

export function sessionExpiresAt(): number | null {
  return tokenExpiry(readSession()?.token);
}

/** Notifies on changes made in this tab (writeSession/clearSession) and in other tabs (storage). */
export function subscribeSession(onChange: () => void): () => void {
  const onStorage = (e: StorageEvent) => {
    if (e.key === null || e.key === KEY) onChange();
  };
  window.addEventListener(EVENT, onChange);
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener(EVENT, onChange);
    window.removeEventListener('storage', onStorage);
  };
}

let snapshot: { raw: string | null; value: StoredSession | null } = { raw: null, value: null };

/** Same object while the stored session is unchanged and its token still valid (for useSyncExternalStore). */
export function getSessionSnapshot(): StoredSession | null {
  const raw = readRaw();
  if (raw !== snapshot.raw || (snapshot.value && !isTokenValid(snapshot.value.token))) {
    snapshot = { raw, value: parse(raw) };
  }
  return snapshot.value;
}
