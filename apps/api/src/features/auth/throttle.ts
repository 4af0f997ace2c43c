import type { Config } from '../../config.ts';
import { durationMs } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { consulta, fila, sql } from '../../lib/sql.ts';

/**
 * Login throttling (decision 33), two counters kept apart in `login_intento`:
 * - per address (`ip:…`): at most LOGIN_RATE_MAX failed logins per LOGIN_RATE_WINDOW, whatever the
 *   accounts; a successful login does not count, so an office behind one NAT is not locked out by
 *   people signing in.
 * - per account (`u:` + lower(name), known or not, so the answer never tells whether a user
 *   exists): LOGIN_ACCOUNT_FAILURES failures from any address are free, then the account must wait
 *   LOGIN_ACCOUNT_DELAY_SECONDS, doubling with every further failure up to
 *   LOGIN_ACCOUNT_MAX_DELAY_SECONDS. Never a permanent lock; a success ends the series, and a
 *   series older than a day is forgotten.
 * An attempt is counted before its password is checked (parallel guesses cannot slip past the
 * count) and uncounted when it succeeds.
 */
export type Throttle = {
  /** Counts one attempt before it is checked; `esperar` = seconds to wait when refused. */
  reserve: (clave: string) => Promise<{ ok: true } | { ok: false; esperar: number }>;
  /** The attempt was not a failure after all (right password, code still to come): uncounted. */
  release: (clave: string) => Promise<void>;
  /** The login succeeded: the series ends (account) or the attempt is uncounted (address). */
  succeeded: (clave: string) => Promise<void>;
};

const ACCOUNT_SERIES_MS = 24 * 3_600_000;

export const accountKey = (usuario: string) => `u:${usuario.trim().toLowerCase()}`.slice(0, 200);
export const addressKey = (ip: string) => `ip:${ip}`.slice(0, 200);

type Policy = {
  /** A series of failures older than this is forgotten. */
  seriesMs: number;
  /** When the attempt number `n` of a series that began at `desde` must be followed by a wait, until when. */
  blockAfter: (n: number, desde: Date, now: Date) => Date | null;
  /** On success the series ends (account) rather than the attempt being uncounted (address). */
  forgetOnSuccess: boolean;
};

function makeThrottle(db: Database, policy: Policy): Throttle {
  return {
    reserve: (clave) =>
      db.transaction(async (tx) => {
        await consulta(
          tx,
          sql`INSERT INTO login_intento (clave) VALUES (${clave}) ON CONFLICT (clave) DO NOTHING`,
        );
        const row = await fila<{ fallos: number; desde: Date; hasta: Date | null; now: Date }>(
          tx,
          sql`SELECT fallos, desde, hasta, now() AS now FROM login_intento WHERE clave = ${clave} FOR UPDATE`,
        );
        const now = new Date(row.now);
        if (row.hasta && new Date(row.hasta) > now) {
          return {
            ok: false as const,
            esperar: Math.ceil((new Date(row.hasta).getTime() - now.getTime()) / 1000),
          };
        }
        const fresh = now.getTime() - new Date(row.desde).getTime() > policy.seriesMs;
        const desde = fresh ? now : new Date(row.desde);
        const fallos = (fresh ? 0 : row.fallos) + 1;
        await consulta(
          tx,
          sql`UPDATE login_intento SET fallos = ${fallos}, desde = ${desde}, hasta = ${policy.blockAfter(fallos, desde, now)}
               WHERE clave = ${clave}`,
        );
        return { ok: true as const };
      }),
    release: (clave) => release(db, clave),
    succeeded: (clave) =>
      policy.forgetOnSuccess
        ? consulta(db, sql`DELETE FROM login_intento WHERE clave = ${clave}`).then(() => undefined)
        : release(db, clave),
  };
}

/**
 * Uncounts an admitted attempt. Its admission means no wait was running, so a wait now set can only
 * be the one this attempt's reservation started: it goes too.
 */
async function release(db: Database, clave: string) {
  await consulta(
    db,
    sql`UPDATE login_intento SET fallos = greatest(fallos - 1, 0), hasta = NULL WHERE clave = ${clave}`,
  );
}

export function loginThrottles(db: Database, config: Config) {
  const windowMs = durationMs(config.LOGIN_RATE_WINDOW);
  const free = config.LOGIN_ACCOUNT_FAILURES;
  const base = config.LOGIN_ACCOUNT_DELAY_SECONDS * 1000;
  const cap = config.LOGIN_ACCOUNT_MAX_DELAY_SECONDS * 1000;
  return {
    address: makeThrottle(db, {
      seriesMs: windowMs,
      blockAfter: (n, desde) => (n >= config.LOGIN_RATE_MAX ? new Date(desde.getTime() + windowMs) : null),
      forgetOnSuccess: false,
    }),
    account: makeThrottle(db, {
      seriesMs: ACCOUNT_SERIES_MS,
      blockAfter: (n, _desde, now) =>
        n >= free ? new Date(now.getTime() + Math.min(cap, base * 2 ** Math.min(n - free, 30))) : null,
      forgetOnSuccess: true,
    }),
    /** Rows of series long over, so names tried once do not pile up. */
    prune: () =>
      consulta(
        db,
        sql`DELETE FROM login_intento WHERE desde < now() - interval '2 days' AND (hasta IS NULL OR hasta < now())`,
      ),
  };
}
