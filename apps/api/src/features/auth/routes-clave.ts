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
import argon2 from 'argon2';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Queryable } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';

const RESET_TTL_MS = 60 * 60 * 1000;
const sha256 = (v: string) => crypto.createHash('sha256').update(v).digest('hex');

/** Ends every open session of a user but `except` (password changed or reset; issue 11 item 10). */
export const closeOtherSessions = (db: Queryable, idUsuario: number, except = '') =>
  db.query(
    `UPDATE sesion SET fecha_fin = now(), motivo_fin = 'CAMBIO_CLAVE'
      WHERE id_usuario = $1 AND fecha_fin IS NULL AND id_sesion::text <> $2`,
    [idUsuario, except],
  );

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
}
