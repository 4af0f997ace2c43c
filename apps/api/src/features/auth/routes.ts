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
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { consejoPerfil } from '../../db/schema/index.ts';
import { claveCorrecta, hashClave } from '../../lib/clave.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { columnas, consulta, fila, sql, una } from '../../lib/sql.ts';
import { dosFactoresRoutes } from './routes-2fa.ts';
import { claveOlvidadaRoutes, closeOtherSessions } from './routes-clave.ts';
import { loginRoutes } from './routes-login.ts';

const CONSEJO = columnas(consejoPerfil, 'c', { solo: ['consejoTexto'] });

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
      await consulta(
        db,
        sql`UPDATE sesion SET fecha_fin = now(), motivo_fin = 'CIERRE' WHERE id_sesion = ${req.idSesion}`,
      );
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
      await consulta(
        db,
        sql`UPDATE sesion SET fecha_fin = now(), motivo_fin = 'INACTIVIDAD' WHERE id_sesion = ${req.idSesion}`,
      );
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
      const u = await fila<{ clave: string }>(
        db,
        sql`SELECT clave FROM usuario WHERE id_usuario = ${req.user.idUsuario}`,
      );
      if (!(await claveCorrecta(u.clave, req.body.claveActual!.trim()))) {
        throw badRequest(MSG.claveActualIncorrecta, { claveActual: MSG.claveActualIncorrecta });
      }
      const nueva = req.body.nuevaClave!.trim();
      const hash = await hashClave(nueva);
      await db.transaction(async (tx) => {
        await consulta(
          tx,
          sql`UPDATE usuario SET clave = ${hash}, fecha_act = now(), id_usuario_act = ${req.user.idUsuario}
               WHERE id_usuario = ${req.user.idUsuario}`,
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
      const consejo = await una<{ consejoTexto: string }>(
        db,
        sql`SELECT ${CONSEJO} FROM consejo_perfil c WHERE c.id_perfil = ${req.user.idPerfil} ORDER BY random() LIMIT 1`,
      );
      if (!consejo) throw notFound();
      return consejo;
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
      await consulta(
        db,
        sql`INSERT INTO acceso_sesion (id_sesion, id_usuario, ruta)
              VALUES (${req.idSesion}, ${req.user.idUsuario}, ${req.body.ruta})`,
      );
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
      const usado = await una(
        db,
        sql`SELECT 1 FROM usuario WHERE lower(nombre) = lower(${req.query.email.trim()})`,
      );
      return { disponible: usado === undefined };
    },
  );
}
