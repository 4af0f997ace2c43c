declare const atob: (data: string) => string;

/** Reads the expiry (`exp`, seconds) from a JWT without verifying it: the client's view of its session. */
export function tokenExpiry(token: string | null | undefined): number | null {
  if (!token) return null;
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  try {
    const b64 = parts[1].replace(/-/g, '+').replace(/_/g, '/');
    const padded = b64 + '='.repeat((4 - (b64.length % 4)) % 4);
    const json = atob(padded);
    const payload = JSON.parse(json) as { exp?: unknown };
    return typeof payload.exp === 'number' ? payload.exp * 1000 : null;
  } catch {
    return null;
  }
}

export function isTokenValid(token: string | null | undefined, now = Date.now()): boolean {
  const exp = tokenExpiry(token);
  return exp !== null && exp > now;
}

/** Inactivity limit of docs/spec-summary.md 002 §9: 30 minutes. */
export const INACTIVITY_MS = 1_800_000;
