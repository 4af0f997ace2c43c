import crypto from 'node:crypto';
import {
  changePasswordSchema,
  dosFactoresInicioSchema,
  forgotPasswordSchema,
  getAuthConsejoResponse,
  getAuthCorreoDisponibleResponse,
  getAuthMeResponse,
  idSchema,
  loginSchema,
  MSG,
  mensajeSchema,
  noContent,
  passwordChangeError,
  postAuthCambiarClaveResponse,
  postAuthLoginResponse,
  postAuthLogoutResponse,
  postAuthOlvidoClaveResponse,
  postAuthRestablecerClaveByIdUsuarioResponse,
  resetPasswordSchema,
  responses,
  totpConfirmSchema,
  totpProofFields,
  totpProofSchema,
} from '@app/domain';
import argon2 from 'argon2';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Queryable } from '../../db/client.ts';
import { AppError, badRequest, notFound, unauthorized } from '../../lib/errors.ts';
import { loadSessionUser } from '../../plugins/auth.ts';
import { accountKey, addressKey, loginThrottles } from './throttle.ts';
import { authenticator, codeStep, proofError, spendTotpCode } from './totp.ts';

const RESET_TTL_MS = 60 * 60 * 1000;
const sha256 = (v: string) => crypto.createHash('sha256').update(v).digest('hex');
const ip = (req: FastifyRequest) => req.ip;

// An unknown user's password is checked against this hash, so that answer takes as long as a known
// user's (issue 11 item 11): the timing does not tell who has an account.
let dummyHash: Promise<string> | undefined;
const unknownUserHash = () =>
  (dummyHash ??= argon2.hash(crypto.randomBytes(16).toString('hex'), { type: argon2.argon2id }));

/** Ends every open session of a user but `except` (password changed or reset; issue 11 item 10). */
const closeOtherSessions = (db: Queryable, idUsuario: number, except = '') =>
  db.query(
    `UPDATE sesion SET fecha_fin = now(), motivo_fin = 'CAMBIO_CLAVE'
      WHERE id_usuario = $1 AND fecha_fin IS NULL AND id_sesion::text <> $2`,
    [idUsuario, except],
  );

export async function authRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database;
  const tags = ['sesión'];
  const throttles = loginThrottles(db, app.config);
  let prunedAt = 0;
  void unknownUserHash();

  async function logFailure(
    req: FastifyRequest,
    usuario: string | null,
    idUsuario: number | null,
    motivo: string,
  ) {
    await db.query(
      'INSERT INTO sesion_err (usuario, id_usuario, ip, tipo, motivo) VALUES ($1, $2, $3, $4, $5)',
      [usuario?.slice(0, 160) ?? null, idUsuario, ip(req), 'LOGIN', motivo],
    );
    if (Date.now() - prunedAt > 60_000) {
      prunedAt = Date.now();
      await throttles.prune();
    }
  }

  const tooMany = (reply: FastifyReply, esperar: number, code: string, message: string) => {
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
      const rows = await db.query<{
        idUsuario: number;
        clave: string;
        activo: boolean;
        totpActivo: boolean;
        totpSecreto: string | null;
      }>(
        `SELECT id_usuario AS "idUsuario", clave, activo, totp_activo AS "totpActivo", totp_secreto AS "totpSecreto"
           FROM usuario WHERE lower(nombre) = lower($1)`,
        [usuario],
      );
      const u = rows[0];
      const ok = await argon2.verify(u?.clave ?? (await unknownUserHash()), clave).catch(() => false);
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
      const [s] = await db.query<{ idSesion: string }>(
        `INSERT INTO sesion (id_usuario, expira, ip, agente) VALUES ($1, $2, $3, $4) RETURNING id_sesion AS "idSesion"`,
        [u.idUsuario, expira, ip(req), String(req.headers['user-agent'] ?? '').slice(0, 300)],
      );
      const user = await loadSessionUser(db, u.idUsuario);
      if (!user) throw unauthorized();
      const token = await app.signSession(u.idUsuario, s.idSesion, expira);
      return { token, expiraEn: expira.toISOString(), usuario: user };
    },
  );

  r.get(
    '/api/v1/auth/me',
    {
      schema: { response: responses({ 200: getAuthMeResponse }), tags, summary: 'Usuario de la sesión' },
      onRequest: [app.authenticate],
    },
    async (req) => ({
      usuario: req.user,
    }),
  );

  r.post(
    '/api/v1/auth/logout',
    {
      schema: { response: responses({ 200: postAuthLogoutResponse }), tags, summary: 'Cerrar sesión' },
      onRequest: [app.authenticate],
    },
    async (req) => {
      await db.query(`UPDATE sesion SET fecha_fin = now(), motivo_fin = 'CIERRE' WHERE id_sesion = $1`, [
        req.idSesion,
      ]);
      return { mensaje: 'Sesión cerrada.' };
    },
  );

  r.post(
    '/api/v1/auth/inactividad',
    {
      schema: { tags, summary: 'Cierre por inactividad', response: responses({ 200: mensajeSchema }) },
      onRequest: [app.authenticate],
    },
    async (req) => {
      await db.query(`UPDATE sesion SET fecha_fin = now(), motivo_fin = 'INACTIVIDAD' WHERE id_sesion = $1`, [
        req.idSesion,
      ]);
      return { mensaje: MSG.inactividadTexto };
    },
  );

  r.post(
    '/api/v1/auth/cambiar-clave',
    {
      schema: {
        response: responses({ 200: postAuthCambiarClaveResponse }),
        tags,
        summary: 'Cambiar la contraseña',
        body: changePasswordSchema,
      },
      onRequest: [app.authenticate],
    },
    async (req) => {
      const err = passwordChangeError(req.body);
      if (err) throw badRequest(err.message, { [err.field]: err.message });
      const [u] = await db.query<{ clave: string }>('SELECT clave FROM usuario WHERE id_usuario = $1', [
        req.user.idUsuario,
      ]);
      if (!(await argon2.verify(u.clave, req.body.claveActual!.trim()).catch(() => false))) {
        throw badRequest(MSG.claveActualIncorrecta, { claveActual: MSG.claveActualIncorrecta });
      }
      const nueva = req.body.nuevaClave!.trim();
      const hash = await argon2.hash(nueva, { type: argon2.argon2id });
      await db.transaction(async (tx) => {
        await tx.query(
          'UPDATE usuario SET clave = $1, fecha_act = now(), id_usuario_act = $2 WHERE id_usuario = $2',
          [hash, req.user.idUsuario],
        );
        await closeOtherSessions(tx, req.user.idUsuario, req.idSesion);
      });
      return { mensaje: MSG.claveActualizada };
    },
  );

  r.get(
    '/api/v1/auth/consejo',
    {
      schema: {
        response: responses({ 200: getAuthConsejoResponse }),
        tags,
        summary: 'Consejo aleatorio para el perfil',
      },
      onRequest: [app.authenticate],
    },
    async (req) => {
      const rows = await db.query<{ consejoTexto: string }>(
        'SELECT consejo_texto AS "consejoTexto" FROM consejo_perfil WHERE id_perfil = $1 ORDER BY random() LIMIT 1',
        [req.user.idPerfil],
      );
      if (!rows[0]) throw notFound();
      return rows[0];
    },
  );

  r.post(
    '/api/v1/auth/acceso',
    {
      schema: {
        tags,
        summary: 'Registrar el acceso a una ruta',
        response: responses({ 204: noContent }),
        body: z.object({ ruta: z.string().min(1).max(300) }),
      },
      onRequest: [app.authenticate],
    },
    async (req, reply) => {
      await db.query('INSERT INTO acceso_sesion (id_sesion, id_usuario, ruta) VALUES ($1, $2, $3)', [
        req.idSesion,
        req.user.idUsuario,
        req.body.ruta,
      ]);
      reply.code(204);
    },
  );

  // Password reset by e-mail: the answer never says whether the user exists.
  r.post(
    '/api/v1/auth/olvido-clave',
    {
      schema: {
        response: responses({ 200: postAuthOlvidoClaveResponse }),
        tags,
        summary: 'Enviar enlace para restablecer la contraseña',
        body: forgotPasswordSchema,
      },
      config: { rateLimit: { max: app.config.LOGIN_RATE_MAX, timeWindow: app.config.LOGIN_RATE_WINDOW } },
    },
    async (req) => {
      const rows = await db.query<{ idUsuario: number; nombre: string; email: string | null }>(
        `SELECT u.id_usuario AS "idUsuario", u.nombre, p.email FROM usuario u
           LEFT JOIN persona p ON p.id_persona = u.id_persona
          WHERE lower(u.nombre) = lower($1) AND u.activo`,
        [req.body.usuario],
      );
      const u = rows[0];
      if (u) {
        const secret = crypto.randomBytes(32).toString('base64url');
        await db.query('INSERT INTO clave_reset (id_usuario, token_hash, expira) VALUES ($1, $2, $3)', [
          u.idUsuario,
          sha256(secret),
          new Date(Date.now() + RESET_TTL_MS),
        ]);
        const link = `${app.config.PUBLIC_URL}/login-actualizar-clave/${u.idUsuario}?token=${secret}`;
        await app.sendMail({
          to: u.email || u.nombre,
          subject: 'Restablecer su contraseña',
          text: `Hola,\n\nRecibimos una solicitud para restablecer la contraseña del usuario ${u.nombre}.\nAbra este enlace para elegir una nueva (vence en 1 hora y sirve una sola vez):\n\n${link}\n\nSi usted no lo solicitó, ignore este mensaje.\n`,
        });
      }
      return { mensaje: MSG.olvidoEnviado };
    },
  );

  r.post(
    '/api/v1/auth/restablecer-clave/:idUsuario',
    {
      schema: {
        response: responses({ 200: postAuthRestablecerClaveByIdUsuarioResponse }),
        tags,
        summary: 'Fijar una nueva contraseña con un enlace válido',
        params: z.object({ idUsuario: idSchema }),
        body: resetPasswordSchema,
      },
    },
    async (req) => {
      const hash = await argon2.hash(req.body.nuevaClave, { type: argon2.argon2id });
      const done = await db.transaction(async (tx) => {
        const used = await tx.query<{ id: number }>(
          `UPDATE clave_reset SET usado = true
            WHERE token_hash = $1 AND id_usuario = $2 AND NOT usado AND expira > now()
            RETURNING id_usuario AS id`,
          [sha256(req.body.token), req.params.idUsuario],
        );
        if (!used[0]) return false;
        await tx.query(
          'UPDATE usuario SET clave = $1, fecha_act = now(), id_usuario_act = $2 WHERE id_usuario = $2',
          [hash, req.params.idUsuario],
        );
        await closeOtherSessions(tx, req.params.idUsuario);
        return true;
      });
      if (!done) throw new AppError(400, 'ENLACE_INVALIDO', MSG.enlaceInvalido);
      return { mensaje: MSG.claveActualizada };
    },
  );

  // TOTP second factor for the signed-in user only; the id in the page's route is never trusted. A new
  // secret waits in totp_pendiente until its first code: the active factor stays on meanwhile, and
  // replacing or removing an active factor takes its current code or the password (issue 11 item 9).
  r.post(
    '/api/v1/auth/2fa/iniciar',
    {
      schema: {
        tags,
        summary: 'Generar el secreto y el código QR de 2FA',
        response: responses({ 200: dosFactoresInicioSchema }),
        description: 'Con la autenticación en dos pasos activa, pide el código actual o la contraseña.',
        // Optional: only an active factor needs the proof (checked below).
        body: totpProofFields.nullish(),
      },
      onRequest: [app.authenticate],
    },
    async (req) => {
      if (req.user.totpActivo) {
        const err = await proofError(db, req.user.idUsuario, req.body ?? undefined);
        if (err) throw badRequest(err.message, { [err.field]: err.message });
      }
      const secreto = authenticator.generateSecret();
      await db.query('UPDATE usuario SET totp_pendiente = $1 WHERE id_usuario = $2', [
        secreto,
        req.user.idUsuario,
      ]);
      const otpauth = authenticator.keyuri(req.user.nombre, 'Auditoría Médica', secreto);
      const { default: QRCode } = await import('qrcode');
      return { secreto, otpauth, qr: await QRCode.toDataURL(otpauth) };
    },
  );

  r.post(
    '/api/v1/auth/2fa/confirmar',
    {
      schema: {
        tags,
        summary: 'Activar 2FA con el primer código',
        body: totpConfirmSchema,
        response: responses({ 200: mensajeSchema }),
      },
      onRequest: [app.authenticate],
    },
    async (req) => {
      const [u] = await db.query<{ pendiente: string | null }>(
        'SELECT totp_pendiente AS pendiente FROM usuario WHERE id_usuario = $1',
        [req.user.idUsuario],
      );
      const step = u.pendiente ? codeStep(req.body.codigo, u.pendiente) : null;
      // The new secret's first code is spent too: it cannot open a session afterwards.
      const done =
        step !== null &&
        (
          await db.query(
            `UPDATE usuario SET totp_secreto = totp_pendiente, totp_pendiente = NULL, totp_activo = true,
                                totp_ultimo_paso = $3
              WHERE id_usuario = $1 AND totp_pendiente = $2 RETURNING 1`,
            [req.user.idUsuario, u.pendiente, step],
          )
        ).length > 0;
      if (!done) throw badRequest(MSG.codigo2faInvalido, { codigo: MSG.codigo2faInvalido });
      return { mensaje: MSG.dosFactoresActivado };
    },
  );

  r.post(
    '/api/v1/auth/2fa/desactivar',
    {
      schema: {
        tags,
        summary: 'Desactivar 2FA',
        response: responses({ 200: mensajeSchema }),
        description: 'Pide el código actual de la aplicación o la contraseña.',
        body: totpProofSchema,
      },
      onRequest: [app.authenticate],
    },
    async (req) => {
      const err = await proofError(db, req.user.idUsuario, req.body);
      if (err) throw badRequest(err.message, { [err.field]: err.message });
      await db.query(
        `UPDATE usuario SET totp_activo = false, totp_secreto = NULL, totp_pendiente = NULL, totp_ultimo_paso = NULL
          WHERE id_usuario = $1`,
        [req.user.idUsuario],
      );
      return { mensaje: MSG.dosFactoresDesactivado };
    },
  );

  // Registration e-mail check of the home page (spec 001 §5).
  r.get(
    '/api/v1/auth/correo-disponible',
    {
      schema: {
        response: responses({ 200: getAuthCorreoDisponibleResponse }),
        tags,
        summary: '¿Está libre este correo?',
        querystring: z.object({ email: z.string().max(160) }),
      },
      // Anyone may ask, so it is limited per address like the other anonymous account checks.
      config: { rateLimit: { max: app.config.LOGIN_RATE_MAX, timeWindow: app.config.LOGIN_RATE_WINDOW } },
    },
    async (req) => {
      const rows = await db.query('SELECT 1 FROM usuario WHERE lower(nombre) = lower($1)', [
        req.query.email.trim(),
      ]);
      return { disponible: rows.length === 0 };
    },
  );
}
