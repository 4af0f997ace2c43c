import crypto from 'node:crypto';
import { type ErrorCode, loginSchema, MSG, postAuthLoginResponse, responses } from '@app/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { usuario as usuarioTabla } from '../../db/schema/index.ts';
import { claveCorrecta, hashClave } from '../../lib/clave.ts';
import { AppError, unauthorized } from '../../lib/errors.ts';
import { columnas, consulta, fila, sql, una } from '../../lib/sql.ts';
import { loadSessionUser } from '../../plugins/auth.ts';
import { accountKey, addressKey, loginThrottles } from './throttle.ts';
import { spendTotpCode } from './totp.ts';

const ip = (req: FastifyRequest) => req.ip;

/** What the sign-in reads of the user named. */
const CREDENCIALES = columnas(usuarioTabla, 'u', {
  solo: ['idUsuario', 'clave', 'activo', 'totpActivo', 'totpSecreto'],
});

// An unknown user's password is checked against this hash, so that answer takes as long as a known
// user's (issue 11 item 11): the timing does not tell who has an account.
let dummyHash: Promise<string> | undefined;
const unknownUserHash = () => (dummyHash ??= hashClave(crypto.randomBytes(16).toString('hex')));

/**
 * Sign-in (inside `authRoutes`, routes.ts): failed attempts counted per address and per account, an unknown
 * user answered as slowly as a known one, the second factor, then the session.
 */
export function loginRoutes(app: FastifyInstance, tags: string[]) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database;
  const throttles = loginThrottles(db, app.config);
  let prunedAt = 0;
  void unknownUserHash();

  async function logFailure(
    req: FastifyRequest,
    usuario: string | null,
    idUsuario: number | null,
    motivo: string,
  ) {
    await consulta(
      db,
      sql`INSERT INTO sesion_err (usuario, id_usuario, ip, tipo, motivo)
            VALUES (${usuario?.slice(0, 160) ?? null}, ${idUsuario}, ${ip(req)}, 'LOGIN', ${motivo})`,
    );
    if (Date.now() - prunedAt > 60_000) {
      prunedAt = Date.now();
      await throttles.prune();
    }
  }

  const tooMany = (reply: FastifyReply, esperar: number, code: ErrorCode, message: string) => {
    reply.header('retry-after', String(esperar));
    return new AppError(429, code, message);
  };

  // Failed logins are counted per address and per account, apart (decision 33; features/auth/throttle.ts).
  r.post(
    '/api/v1/auth/login',
    {
      schema: {
        response: responses({ 200: postAuthLoginResponse }),
        tags,
        summary: 'Iniciar sesión',
        body: loginSchema,
      },
    },
    async (req, reply) => {
      const { usuario, clave, codigo } = req.body;
      const address = addressKey(ip(req));
      const account = accountKey(usuario);
      const byAddress = await throttles.address.reserve(address);
      if (!byAddress.ok) {
        await logFailure(req, usuario, null, 'Dirección en espera por intentos fallidos');
        throw tooMany(reply, byAddress.esperar, 'DEMASIADAS_SOLICITUDES', MSG.demasiadasSolicitudes);
      }
      const byAccount = await throttles.account.reserve(account);
      if (!byAccount.ok) {
        await logFailure(req, usuario, null, 'Usuario en espera por intentos fallidos');
        throw tooMany(reply, byAccount.esperar, 'USUARIO_EN_ESPERA', MSG.cuentaEnEspera(byAccount.esperar));
      }
      const u = await una<{
        idUsuario: number;
        clave: string;
        activo: boolean;
        totpActivo: boolean;
        totpSecreto: string | null;
      }>(db, sql`SELECT ${CREDENCIALES} FROM usuario u WHERE lower(u.nombre) = lower(${usuario})`);
      const ok = await claveCorrecta(u?.clave ?? (await unknownUserHash()), clave);
      if (!u || !ok) {
        await logFailure(req, usuario, u?.idUsuario ?? null, 'Usuario o contraseña incorrectos');
        throw new AppError(401, 'CREDENCIALES_INVALIDAS', MSG.credencialesInvalidas);
      }
      if (!u.activo) {
        await logFailure(req, usuario, u.idUsuario, 'Usuario inactivo');
        throw new AppError(401, 'USUARIO_INACTIVO', MSG.usuarioInactivo);
      }
      if (u.totpActivo) {
        if (!codigo) {
          // The first step of a two-step login: not a failure.
          await throttles.address.release(address);
          await throttles.account.release(account);
          throw new AppError(401, 'CODIGO_2FA_REQUERIDO', MSG.codigo2faRequerido);
        }
        const r = await spendTotpCode(db, u.idUsuario, u.totpSecreto, codigo);
        if (r !== 'ok') {
          await logFailure(
            req,
            usuario,
            u.idUsuario,
            r === 'usado' ? 'Código 2FA ya utilizado' : 'Código 2FA inválido',
          );
          throw new AppError(
            401,
            'CODIGO_2FA_INVALIDO',
            r === 'usado' ? MSG.codigo2faUsado : MSG.codigo2faInvalido,
          );
        }
      }
      await throttles.address.succeeded(address);
      await throttles.account.succeeded(account);
      const expira = new Date(Date.now() + app.config.JWT_TTL_MINUTES * 60_000);
      const s = await fila<{ id: string }>(
        db,
        sql`INSERT INTO sesion (id_usuario, expira, ip, agente)
              VALUES (${u.idUsuario}, ${expira}, ${ip(req)}, ${String(req.headers['user-agent'] ?? '').slice(0, 300)})
              RETURNING id_sesion AS id`,
      );
      const user = await loadSessionUser(db, u.idUsuario);
      if (!user) throw unauthorized();
      const token = await app.signSession(u.idUsuario, s.id, expira);
      return { token, expiraEn: expira.toISOString(), usuario: user };
    },
  );
}
