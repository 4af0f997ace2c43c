import crypto from 'node:crypto';
import {
  apiTokenCreateSchema,
  deleteApiTokensByIdResponse,
  getApiTokensResponse,
  idParams,
  MSG_INTEGRACION,
  PERFIL,
  postApiTokensResponse201,
  responses,
} from '@app/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { forbidden, notFound } from '../../lib/errors.ts';
import { API_TOKEN_PREFIX, hashApiToken } from '../../plugins/auth.ts';

/**
 * Personal API tokens a provider creates for its own system; the secret is shown once, only a hash is
 * kept. A token expires (chosen at creation) and opens only the integration API (decision 34).
 */
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
      schema: { response: responses({ 200: getApiTokensResponse }), tags, summary: 'Mis tokens de API' },
    },
    async (req) =>
      db.query(
        `SELECT id_api_token AS "idApiToken", nombre, prefijo, fecha_reg AS "fechaReg", fecha_uso AS "fechaUso", revocado,
                expira, expira <= now() AS vencido
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
        response: responses({ 201: postApiTokensResponse201 }),
        tags,
        summary: 'Crear un token de API (se muestra una sola vez)',
        body: apiTokenCreateSchema,
      },
    },
    async (req, reply) => {
      const token = `${API_TOKEN_PREFIX}${crypto.randomBytes(24).toString('base64url')}`;
      const [row] = await db.query<{ idApiToken: number; expira: Date }>(
        `INSERT INTO api_token (id_usuario, nombre, prefijo, token_hash, expira)
         VALUES ($1, $2, $3, $4, now() + make_interval(days => $5))
         RETURNING id_api_token AS "idApiToken", expira`,
        [req.user.idUsuario, req.body.nombre, token.slice(0, 10), hashApiToken(token), req.body.diasVigencia],
      );
      reply.code(201);
      return { mensaje: MSG_INTEGRACION.tokenCreado, idApiToken: row.idApiToken, token, expira: row.expira };
    },
  );

  r.delete(
    '/api/v1/api-tokens/:id',
    {
      onRequest: [app.authenticate],
      preValidation: [onlyProvider],
      schema: {
        response: responses({ 200: deleteApiTokensByIdResponse }),
        tags,
        summary: 'Revocar un token de API',
        params: idParams,
      },
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
