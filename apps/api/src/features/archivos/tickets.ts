import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { AgrupacionZip, SessionUser } from '@app/domain';
import { MSG_ARCHIVO } from '@app/domain';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { consulta, sql } from '../../lib/sql.ts';
import { loadSessionUser } from '../../plugins/auth.ts';

/*
 * Short-lived download links. A browser cannot send the session's bearer header when it navigates
 * (a ZIP of thousands of files must stream to disk, not into a script's memory) or loads a preview
 * into an <iframe>/<img>. So an authenticated call checks access and answers a link signed with an
 * HMAC of the server's secret, bound to the user and the session, that expires in minutes; using it
 * checks the user, the session and the access again.
 */

export type Ticket =
  | { k: 'a'; id: number; d: boolean }
  | { k: 'z'; id: number; g: AgrupacionZip; c: number | null };

type Payload = Ticket & { u: number; s: string; e: number };

export const TICKET_TTL_SEC = 300;

export function ticketKey(config: Config): Buffer {
  let secret = config.jwtSecret;
  if (!secret) {
    const file = path.join(config.dataDir, 'jwt-secret');
    secret = fs.existsSync(file) ? fs.readFileSync(file, 'utf8').trim() : '';
  }
  if (!secret) throw new Error('no secret for download links');
  return crypto.createHmac('sha256', secret).update('descargas-archivos').digest();
}

const b64 = (b: Buffer | string) => Buffer.from(b).toString('base64url');

export function signTicket(key: Buffer, user: SessionUser, idSesion: string, t: Ticket, now = Date.now()) {
  const payload: Payload = {
    ...t,
    u: user.idUsuario,
    s: idSesion,
    e: Math.floor(now / 1000) + TICKET_TTL_SEC,
  };
  const body = b64(JSON.stringify(payload));
  const mac = b64(crypto.createHmac('sha256', key).update(body).digest());
  return { token: `${body}.${mac}`, expiraEn: new Date(payload.e * 1000).toISOString() };
}

const invalido = () => new AppError(401, 'ENLACE_INVALIDO', MSG_ARCHIVO.enlaceInvalido);

/** The ticket's user (still active, session still open) and what it grants; 401 otherwise. */
export async function openTicket(
  key: Buffer,
  db: Database,
  token: string,
  now = Date.now(),
): Promise<{ user: SessionUser; ticket: Ticket }> {
  const [body, mac] = token.split('.');
  if (!body || !mac) throw invalido();
  const expected = crypto.createHmac('sha256', key).update(body).digest();
  const given = Buffer.from(mac, 'base64url');
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) throw invalido();
  let p: Payload;
  try {
    p = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Payload;
  } catch {
    throw invalido();
  }
  if (typeof p.e !== 'number' || p.e * 1000 < now) throw invalido();
  if (p.s) {
    const open = await consulta(
      db,
      sql`SELECT 1 FROM sesion WHERE id_sesion = ${p.s} AND id_usuario = ${p.u} AND fecha_fin IS NULL AND expira > now()`,
    );
    if (open.length === 0) throw invalido();
  }
  const user = await loadSessionUser(db, p.u);
  if (!user) throw invalido();
  const { u: _u, s: _s, e: _e, ...ticket } = p;
  return { user, ticket: ticket as Ticket };
}
