import crypto from 'node:crypto';
import { idParams, MSG, PERFIL } from '@app/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { forbidden, notFound } from '../../lib/errors.ts';
import { API_TOKEN_PREFIX, hashApiToken } from '../../plugins/auth.ts';

/** Personal API tokens a provider creates for its own system; the secret is shown once, only a hash is kept. */
export async function apiTokenRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database;
  const tags = ['integración'];
  const onlyProvider = async (req: { user: { idPerfil: number }; idSesion: string }) => {
    if (req.user.idPerfil !== PERFIL.PRESTADOR) throw forbidden();
    // Tokens are managed from a signed-in session, never with another token.
    if (!req.idSesion) throw forbidden();
  };

  r.get(
    '/api/v1/api-tokens',
    {
      onRequest: [app.authenticate],
      preValidation: [onlyProvider],
      schema: { tags, summary: 'Mis tokens de API' },
    },
    async (req) =>
      db.query(
        `SELECT id_api_token AS "idApiToken", nombre, prefijo, fecha_reg AS "fechaReg", fecha_uso AS "fechaUso", revocado
           FROM api_token WHERE id_usuario = $1 ORDER BY id_api_token DESC`,
        [req.user.idUsuario],
      ),
  );

  r.post(
    '/api/v1/api-tokens',
    {
      onRequest: [app.authenticate],
      preValidation: [onlyProvider],
      schema: {
        tags,
        summary: 'Crear un token de API (se muestra una sola vez)',
        body: z.object({
          nombre: z
            .string({ error: MSG.campoRequerido('Nombre') })
            .trim()
            .min(1, MSG.campoRequerido('Nombre'))
            .max(120),
        }),
      },
    },
    async (req, reply) => {
      const token = `${API_TOKEN_PREFIX}${crypto.randomBytes(24).toString('base64url')}`;
      const [row] = await db.query<{ idApiToken: number }>(
        `INSERT INTO api_token (id_usuario, nombre, prefijo, token_hash) VALUES ($1, $2, $3, $4) RETURNING id_api_token AS "idApiToken"`,
        [req.user.idUsuario, req.body.nombre, token.slice(0, 10), hashApiToken(token)],
      );
      reply.code(201);
      return {
        mensaje: 'Token creado. Cópielo ahora: no se volverá a mostrar.',
        idApiToken: row.idApiToken,
        token,
      };
    },
  );

  r.delete(
    '/api/v1/api-tokens/:id',
    {
      onRequest: [app.authenticate],
      preValidation: [onlyProvider],
      schema: { tags, summary: 'Revocar un token de API', params: idParams },
    },
    async (req) => {
      const rows = await db.query(
        'UPDATE api_token SET revocado = now() WHERE id_api_token = $1 AND id_usuario = $2 AND revocado IS NULL RETURNING 1',
        [req.params.id, req.user.idUsuario],
      );
      if (!rows[0]) throw notFound();
      return { mensaje: 'Token revocado.' };
    },
  );
}
