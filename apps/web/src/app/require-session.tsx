import { tokenExpiry } from '@app/domain/auth/token';
import { useEffect, useRef } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { clearSession } from '../lib/session.ts';
import { useSession } from '../lib/use-session.ts';

/** Browsers run a timer of at most 2^31-1 ms; a longer wait is done in steps. */
const MAX_TIMER_MS = 2_147_483_647;

/**
 * Router state of /Login: why the user was sent there and, when they arrived signed out at a page
 * of the product (a link of an e-mail, a bookmark), that page, where the sign-in then leads.
 */
export type LoginState = { expirada?: boolean; desde?: string };

/**
 * Guard of the signed-in routes: without a valid token the user goes to /Login, and a timer ends the
 * session at the token's own expiry time (docs/spec-summary.md 002 §9). Signing out anywhere only clears the session;
 * this guard does the redirect.
 */
export function RequireSession() {
  const session = useSession();
  const location = useLocation();
  const expired = useRef(false);
  // Whether this visit had a session: signing out (or the session ending) is not a link to come back to.
  const conSesion = useRef(false);
  if (session) conSesion.current = true;
  const token = session?.token;

  useEffect(() => {
    const exp = tokenExpiry(token);
    if (exp === null) return;
    let id = 0;
    const schedule = () => {
      const left = exp - Date.now();
      if (left > MAX_TIMER_MS) {
        id = window.setTimeout(schedule, MAX_TIMER_MS);
        return;
      }
      id = window.setTimeout(
        () => {
          expired.current = true;
          clearSession();
        },
        Math.max(left, 0),
      );
    };
    schedule();
    return () => window.clearTimeout(id);
  }, [token]);

  if (!session) {
    const state: LoginState = {
      expirada: expired.current,
      ...(conSesion.current ? {} : { desde: `${location.pathname}${location.search}` }),
    };
    return <Navigate to="/Login" replace state={state} />;
  }
  return <Outlet />;
}
