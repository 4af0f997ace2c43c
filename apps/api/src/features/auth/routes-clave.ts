import crypto from 'node:crypto';
import {
  forgotPasswordSchema,
  idSchema,
  MSG,
  postAuthOlvidoClaveResponse,
  postAuthRestablecerClaveByIdUsuarioResponse,
  resetPasswordSchema,
  responses,
} from '@app/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Queryable } from '../../db/client.ts';
import { usuario } from '../../db/schema/index.ts';
import { hashClave } from '../../lib/clave.ts';
import { AppError } from '../../lib/errors.ts';
import { columnas, consulta, sql, una } from '../../lib/sql.ts';

const RESET_TTL_MS = 60 * 60 * 1000;
const sha256 = (v: string) => crypto.createHash('sha256').update(v).digest('hex');

/** Ends every open session of a user but `except` (password changed or reset; issue 11 item 10). */
export const closeOtherSessions = (db: Queryable, idUsuario: number, except = '') =>
  consulta(
    db,
    sql`UPDATE sesion SET fecha_fin = now(), motivo_fin = 'CAMBIO_CLAVE'
      WHERE id_usuario = ${idUsuario} AND fecha_fin IS NULL AND id_sesion::text <> ${except}`,
  );

/** Whom the reset link is sent to. */
const DESTINATARIO = columnas(usuario, 'u', { solo: ['idUsuario', 'nombre'], extra: { email: 'p.email' } });

/**
 * The forgotten password (inside `authRoutes`, routes.ts): the e-mailed one-hour link, and the new
 * password set with it, which ends the user's other sessions.
 */
export function claveOlvidadaRoutes(app: FastifyInstance, tags: string[]) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database;

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
      const u = await una<{ idUsuario: number; nombre: string; email: string | null }>(
        db,
        sql`SELECT ${DESTINATARIO} FROM usuario u
           LEFT JOIN persona p ON p.id_persona = u.id_persona
          WHERE lower(u.nombre) = lower(${req.body.usuario}) AND u.activo`,
      );
      if (u) {
        const secret = crypto.randomBytes(32).toString('base64url');
        await consulta(
          db,
          sql`INSERT INTO clave_reset (id_usuario, token_hash, expira)
                VALUES (${u.idUsuario}, ${sha256(secret)}, ${new Date(Date.now() + RESET_TTL_MS)})`,
        );
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
      const hash = await hashClave(req.body.nuevaClave);
      const done = await db.transaction(async (tx) => {
        const used = await una<{ id: number }>(
          tx,
          sql`UPDATE clave_reset SET usado = true
            WHERE token_hash = ${sha256(req.body.token)} AND id_usuario = ${req.params.idUsuario}
              AND NOT usado AND expira > now()
            RETURNING id_usuario AS id`,
        );
        if (!used) return false;
        await consulta(
          tx,
          sql`UPDATE usuario SET clave = ${hash}, fecha_act = now(), id_usuario_act = ${req.params.idUsuario}
               WHERE id_usuario = ${req.params.idUsuario}`,
        );
        await closeOtherSessions(tx, req.params.idUsuario);
        return true;
      });
      if (!done) throw new AppError(400, 'ENLACE_INVALIDO', MSG.enlaceInvalido);
      return { mensaje: MSG.claveActualizada };
    },
  );
}
