import {
  changePasswordSchema,
  getAuthConsejoResponse,
  getAuthCorreoDisponibleResponse,
  getAuthMeResponse,
  MSG,
  mensajeSchema,
  noContent,
  passwordChangeError,
  postAuthCambiarClaveResponse,
  postAuthLogoutResponse,
  responses,
} from '@app/domain';
import argon2 from 'argon2';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest, notFound } from '../../lib/errors.ts';
import { dosFactoresRoutes } from './routes-2fa.ts';
import { claveOlvidadaRoutes, closeOtherSessions } from './routes-clave.ts';
import { loginRoutes } from './routes-login.ts';

/**
 * The session: sign-in (routes-login.ts), the user, sign-out and inactivity, password change, the tip and the
 * route log; the forgotten password (routes-clave.ts), the second factor (routes-2fa.ts), the e-mail check.
 */
export async function authRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database;
  const tags = ['sesión'];
  loginRoutes(app, tags);

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
  claveOlvidadaRoutes(app, tags);
  dosFactoresRoutes(app, tags);

  // Registration e-mail check of the home page (docs/spec-summary.md 001 §5).
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
