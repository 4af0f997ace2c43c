import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { effectiveFlags, type Flags, MSG, type SessionUser, USER_FLAGS, type UserFlag } from '@app/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { jwtVerify, SignJWT } from 'jose';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { escuchar } from '../db/listen.ts';
import { apiToken, empresa, perfil, usuario } from '../db/schema/index.ts';
import { AppError, forbidden, unauthorized } from '../lib/errors.ts';
import { columnas, consulta, lista, sql } from '../lib/sql.ts';

declare module 'fastify' {
  interface FastifyInstance {
    database: Database;
    config: Config;
    /** onRequest hook: a valid, open session is required; sets request.user. */
    authenticate: (req: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** preValidation hook factory: the user's flag must be on. */
    requireFlag: (flag: UserFlag) => (req: FastifyRequest) => Promise<void>;
    /** preValidation hook factory: the user's profile must be one of these. */
    requireProfile: (...ids: number[]) => (req: FastifyRequest) => Promise<void>;
    signSession: (idUsuario: number, idSesion: string, expira: Date) => Promise<string>;
  }
  interface FastifyRequest {
    user: SessionUser;
    idSesion: string;
  }
  interface FastifyContextConfig {
    /** The route belongs to the integration API: a personal API token (apk_…) may call it (decision 34). */
    apiToken?: boolean;
  }
}

function secretFor(config: Config): Uint8Array {
  if (config.jwtSecret) return new TextEncoder().encode(config.jwtSecret);
  // A secret of the installation, kept beside the embedded database so sessions survive restarts.
  const file = path.join(config.dataDir, 'jwt-secret');
  fs.mkdirSync(config.dataDir, { recursive: true });
  if (!fs.existsSync(file)) fs.writeFileSync(file, crypto.randomBytes(48).toString('hex'), { mode: 0o600 });
  return new TextEncoder().encode(fs.readFileSync(file, 'utf8').trim());
}

export const API_TOKEN_PREFIX = 'apk_';
export const hashApiToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

/** What the session knows about a user (aliases u user, p profile, e company, pe person). */
const USUARIO_SESION_COLS = lista([
  columnas(usuario, 'u', { solo: ['idUsuario', 'nombre', 'idPerfil'] }),
  columnas(perfil, 'p', { solo: [], extra: { perfilNombre: 'p.nombre' } }),
  columnas(usuario, 'u', { solo: ['idEmpresa'] }),
  columnas(empresa, 'e', { solo: [], extra: { nombreEmpresa: 'e.nombre_corto' } }),
  columnas(usuario, 'u', {
    solo: ['idSuscripcion', 'idPersona', 'activo', 'totpActivo', 'plataforma'],
    extra: {
      idMedico:
        '(SELECT m.id_medico FROM medico m WHERE m.id_persona = u.id_persona ORDER BY m.id_medico LIMIT 1)',
      personaNombre: `trim(concat_ws(' ', pe.primer_nombre, pe.primer_apellido))`,
    },
  }),
  columnas(usuario, 'u', { solo: USER_FLAGS }),
]);

const API_TOKEN_USUARIO = columnas(apiToken, 'a', { solo: ['idUsuario'] });

/**
 * Loads what the session knows about a user; the one place identity is read from the database. With
 * `idSesion`, the user is found only while that session is open (one round trip per request).
 */
export async function loadSessionUser(
  database: Database,
  idUsuario: number,
  idSesion?: string,
): Promise<SessionUser | null> {
  const rows = await consulta<
    Flags & {
      idUsuario: number;
      nombre: string;
      idPerfil: number;
      perfilNombre: string;
      idEmpresa: number;
      nombreEmpresa: string;
      idSuscripcion: number | null;
      idPersona: number | null;
      idMedico: number | null;
      personaNombre: string | null;
      totpActivo: boolean;
      plataforma: boolean;
      activo: boolean;
    }
  >(
    database,
    sql`SELECT ${USUARIO_SESION_COLS}
       FROM usuario u
       JOIN perfil p ON p.id_perfil = u.id_perfil
       JOIN empresa e ON e.id_empresa = u.id_empresa
       LEFT JOIN persona pe ON pe.id_persona = u.id_persona
      WHERE u.id_usuario = ${idUsuario}${
        idSesion === undefined
          ? sql.empty()
          : sql` AND EXISTS (SELECT 1 FROM sesion s WHERE s.id_sesion = ${idSesion} AND s.id_usuario = u.id_usuario
                                AND s.fecha_fin IS NULL AND s.expira > now())`
      }`,
  );
  const r = rows[0];
  if (!r?.activo) return null;
  const flags = effectiveFlags(r.idPerfil, Object.fromEntries(USER_FLAGS.map((f) => [f, r[f]])) as Flags);
  const { activo: _a, ...rest } = r;
  return { ...rest, ...flags, personaNombre: r.personaNombre || null };
}

/**
 * Sessions already verified and loaded, kept for a moment (decision 29): a list page then costs no
 * token verification and no user lookup. Exact for everything done through this process: any
 * request that may write (every method but GET/HEAD/OPTIONS) empties it before its answer leaves,
 * and a lookup that started before that is not kept (generation). Changes made elsewhere (another
 * replica, the database by hand) empty it through PostgreSQL's NOTIFY on commit (triggers of
 * migration 0021, decision 61); while that channel is down nothing is kept. An entry never outlives
 * its session nor `ttlMs`.
 */
export class SessionCache {
  private readonly entries = new Map<string, { user: SessionUser; idSesion: string; hasta: number }>();
  private gen = 0;
  private enabled = true;

  constructor(
    private readonly ttlMs = 2000,
    private readonly max = 10_000,
    private readonly now: () => number = Date.now,
  ) {}

  get(token: string) {
    const e = this.entries.get(token);
    if (e && e.hasta > this.now()) return e;
    if (e) this.entries.delete(token);
    return undefined;
  }

  get generation() {
    return this.gen;
  }

  /** Keeps a lookup begun at `generation` unless the cache was emptied since; `expira` in ms. */
  set(token: string, generation: number, user: SessionUser, idSesion: string, expira: number) {
    if (generation !== this.gen || !this.enabled) return;
    if (this.entries.size >= this.max) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(token, { user, idSesion, hasta: Math.min(expira, this.now() + this.ttlMs) });
  }

  clear() {
    this.gen++;
    this.entries.clear();
  }

  /** Keeps entries (true) or nothing at all (false: the invalidation channel is down); empties it. */
  setEnabled(enabled: boolean) {
    this.enabled = enabled;
    this.clear();
  }
}

/** The channel the triggers of migration 0021 notify when what a session carries changes. */
export const CANAL_SESIONES = 'sesiones_cambio';

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const authPlugin = fp(async (app: FastifyInstance) => {
  const secret = secretFor(app.config);
  const sesiones = new SessionCache();
  app.addHook('onSend', async (req) => {
    if (!READ_METHODS.has(req.method)) sesiones.clear();
  });
  // Other processes' changes (a logout or a permission change on another replica): emptied on their
  // commit; nothing is kept until the channel listens, nor while it is being restored.
  sesiones.setEnabled(false);
  const escucha = await escuchar(
    app.database,
    CANAL_SESIONES,
    app.log,
    () => sesiones.clear(),
    (activa) => sesiones.setEnabled(activa),
  );
  app.addHook('onClose', async () => escucha.cerrar());

  app.decorate('signSession', async (idUsuario: number, idSesion: string, expira: Date) =>
    new SignJWT({ sid: idSesion })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(idUsuario))
      .setIssuedAt()
      .setExpirationTime(Math.floor(expira.getTime() / 1000))
      .sign(secret),
  );

  app.decorateRequest('user', null as unknown as SessionUser);
  app.decorateRequest('idSesion', '');

  app.decorate('authenticate', async (req: FastifyRequest) => {
    const header = req.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice(7) : undefined;
    if (!token) throw unauthorized();
    if (token.startsWith(API_TOKEN_PREFIX)) {
      // A provider system's personal API token: same identity rules, no session row, valid until it
      // expires or is revoked, and only on the integration API's routes (decision 34).
      const inScope = req.routeOptions.config?.apiToken === true;
      const valid = sql`a.token_hash = ${hashApiToken(token)} AND a.revocado IS NULL AND a.expira > now()`;
      const rows = await consulta<{ idUsuario: number }>(
        app.database,
        inScope
          ? sql`UPDATE api_token a SET fecha_uso = now() WHERE ${valid} RETURNING ${API_TOKEN_USUARIO}`
          : sql`SELECT ${API_TOKEN_USUARIO} FROM api_token a WHERE ${valid}`,
      );
      const apiUser = rows[0] ? await loadSessionUser(app.database, rows[0].idUsuario) : null;
      if (!apiUser) throw unauthorized(MSG.sesionExpirada);
      if (!inScope) throw new AppError(403, 'TOKEN_FUERA_DE_ALCANCE', MSG.tokenSoloIntegracion);
      req.user = apiUser;
      req.idSesion = '';
      return;
    }
    const cached = sesiones.get(token);
    if (cached) {
      req.user = cached.user;
      req.idSesion = cached.idSesion;
      return;
    }
    const generation = sesiones.generation;
    let sub: string | undefined;
    let sid: unknown;
    let exp: number | undefined;
    try {
      const { payload } = await jwtVerify(token, secret, { algorithms: ['HS256'] });
      sub = payload.sub;
      sid = payload.sid;
      exp = payload.exp;
    } catch {
      throw unauthorized(MSG.sesionExpirada);
    }
    if (!sub || typeof sid !== 'string' || exp === undefined) throw unauthorized(MSG.sesionExpirada);
    const user = await loadSessionUser(app.database, Number(sub), sid);
    if (!user) throw unauthorized(MSG.sesionExpirada);
    sesiones.set(token, generation, user, sid, exp * 1000);
    req.user = user;
    req.idSesion = sid;
  });

  app.decorate('requireFlag', (flag: UserFlag) => async (req: FastifyRequest) => {
    if (!req.user?.[flag]) throw forbidden();
  });

  app.decorate('requireProfile', (...ids: number[]) => async (req: FastifyRequest) => {
    if (!ids.includes(req.user?.idPerfil)) throw forbidden();
  });
});
