import crypto from 'node:crypto';
import {
  changePasswordSchema,
  forgotPasswordSchema,
  idSchema,
  loginSchema,
  MSG,
  passwordChangeError,
  resetPasswordSchema,
  totpConfirmSchema,
} from '@app/domain';
import argon2 from 'argon2';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authenticator as otp } from 'otplib';
import { z } from 'zod';
import { AppError, badRequest, notFound, unauthorized } from '../../lib/errors.ts';
import { loadSessionUser } from '../../plugins/auth.ts';

// A code is accepted in its 30-second step and the one before or after (RFC 6238 §5.2): a code typed
// as the step turns, or checked after the password hash, still counts.
const authenticator = otp.clone({ window: 1 });
const RESET_TTL_MS = 60 * 60 * 1000;
const sha256 = (v: string) => crypto.createHash('sha256').update(v).digest('hex');
const ip = (req: FastifyRequest) => req.ip;

export async function authRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database;
  const tags = ['sesión'];

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
  }

  r.post(
    '/api/v1/auth/login',
    {
      schema: { tags, summary: 'Iniciar sesión', body: loginSchema },
      config: {
        rateLimit: {
          max: app.config.LOGIN_RATE_MAX,
          timeWindow: app.config.LOGIN_RATE_WINDOW,
          // Per user and address: one attacker cannot lock everybody out, nor guess one user's password.
          keyGenerator: (req: FastifyRequest) =>
            `${req.ip}|${String((req.body as { usuario?: string } | undefined)?.usuario ?? '').toLowerCase()}`,
        },
      },
    },
    async (req) => {
      const { usuario, clave, codigo } = req.body;
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
      const ok = u ? await argon2.verify(u.clave, clave).catch(() => false) : false;
      if (!u || !ok) {
        await logFailure(req, usuario, u?.idUsuario ?? null, 'Usuario o contraseña incorrectos');
        throw new AppError(401, 'CREDENCIALES_INVALIDAS', MSG.credencialesInvalidas);
      }
      if (!u.activo) {
        await logFailure(req, usuario, u.idUsuario, 'Usuario inactivo');
        throw new AppError(401, 'USUARIO_INACTIVO', MSG.usuarioInactivo);
      }
      if (u.totpActivo) {
        if (!codigo) throw new AppError(401, 'CODIGO_2FA_REQUERIDO', MSG.codigo2faRequerido);
        if (!u.totpSecreto || !authenticator.check(codigo, u.totpSecreto)) {
          await logFailure(req, usuario, u.idUsuario, 'Código 2FA inválido');
          throw new AppError(401, 'CODIGO_2FA_INVALIDO', MSG.codigo2faInvalido);
        }
      }
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
    { schema: { tags, summary: 'Usuario de la sesión' }, onRequest: [app.authenticate] },
    async (req) => ({
      usuario: req.user,
    }),
  );

  r.post(
    '/api/v1/auth/logout',
    { schema: { tags, summary: 'Cerrar sesión' }, onRequest: [app.authenticate] },
    async (req) => {
      await db.query(`UPDATE sesion SET fecha_fin = now(), motivo_fin = 'CIERRE' WHERE id_sesion = $1`, [
        req.idSesion,
      ]);
      return { mensaje: 'Sesión cerrada.' };
    },
  );

  r.post(
    '/api/v1/auth/inactividad',
    { schema: { tags, summary: 'Cierre por inactividad' }, onRequest: [app.authenticate] },
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
      schema: { tags, summary: 'Cambiar la contraseña', body: changePasswordSchema },
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
      await db.query(
        'UPDATE usuario SET clave = $1, fecha_act = now(), id_usuario_act = $2 WHERE id_usuario = $2',
        [hash, req.user.idUsuario],
      );
      return { mensaje: MSG.claveActualizada };
    },
  );

  r.get(
    '/api/v1/auth/consejo',
    { schema: { tags, summary: 'Consejo aleatorio para el perfil' }, onRequest: [app.authenticate] },
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
      schema: { tags, summary: 'Enviar enlace para restablecer la contraseña', body: forgotPasswordSchema },
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
        return true;
      });
      if (!done) throw new AppError(400, 'ENLACE_INVALIDO', MSG.enlaceInvalido);
      return { mensaje: MSG.claveActualizada };
    },
  );

  // TOTP second factor for the signed-in user only; the id in the page's route is never trusted.
  r.post(
    '/api/v1/auth/2fa/iniciar',
    { schema: { tags, summary: 'Generar el secreto y el código QR de 2FA' }, onRequest: [app.authenticate] },
    async (req) => {
      const secreto = authenticator.generateSecret();
      await db.query('UPDATE usuario SET totp_secreto = $1, totp_activo = false WHERE id_usuario = $2', [
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
      schema: { tags, summary: 'Activar 2FA con el primer código', body: totpConfirmSchema },
      onRequest: [app.authenticate],
    },
    async (req) => {
      const [u] = await db.query<{ secreto: string | null }>(
        'SELECT totp_secreto AS secreto FROM usuario WHERE id_usuario = $1',
        [req.user.idUsuario],
      );
      if (!u.secreto || !authenticator.check(req.body.codigo, u.secreto)) {
        throw badRequest(MSG.codigo2faInvalido, { codigo: MSG.codigo2faInvalido });
      }
      await db.query('UPDATE usuario SET totp_activo = true WHERE id_usuario = $1', [req.user.idUsuario]);
      return { mensaje: MSG.dosFactoresActivado };
    },
  );

  r.post(
    '/api/v1/auth/2fa/desactivar',
    { schema: { tags, summary: 'Desactivar 2FA', body: totpConfirmSchema }, onRequest: [app.authenticate] },
    async (req) => {
      const [u] = await db.query<{ secreto: string | null }>(
        'SELECT totp_secreto AS secreto FROM usuario WHERE id_usuario = $1',
        [req.user.idUsuario],
      );
      if (!u.secreto || !authenticator.check(req.body.codigo, u.secreto)) {
        throw badRequest(MSG.codigo2faInvalido, { codigo: MSG.codigo2faInvalido });
      }
      await db.query('UPDATE usuario SET totp_activo = false, totp_secreto = NULL WHERE id_usuario = $1', [
        req.user.idUsuario,
      ]);
      return { mensaje: 'Autenticación en dos pasos desactivada.' };
    },
  );

  // Registration e-mail check of the home page (spec 001 §5).
  r.get(
    '/api/v1/auth/correo-disponible',
    {
      schema: {
        tags,
        summary: '¿Está libre este correo?',
        querystring: z.object({ email: z.string().max(160) }),
      },
    },
    async (req) => {
      const rows = await db.query('SELECT 1 FROM usuario WHERE lower(nombre) = lower($1)', [
        req.query.email.trim(),
      ]);
      return { disponible: rows.length === 0 };
    },
  );
}
