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
import { apiToken } from '../../db/schema/index.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import { columnas, consulta, fila, sql } from '../../lib/sql.ts';
import { API_TOKEN_PREFIX, hashApiToken } from '../../plugins/auth.ts';

/**
 * Personal API tokens a provider creates for its own system; the secret is shown once, only a hash is
 * kept. A token expires (chosen at creation) and opens only the integration API (decision 34).
 */
/** A token as its owner sees it (alias k). */
const TOKEN = columnas(apiToken, 'k', {
  solo: ['idApiToken', 'nombre', 'prefijo', 'fechaReg', 'fechaUso', 'revocado', 'expira'],
  extra: { vencido: 'k.expira <= now()' },
});
/** A new token's id and expiry (RETURNING). */
const CREADO = columnas(apiToken, 'api_token', { solo: ['idApiToken', 'expira'] });

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
      consulta(
        db,
        sql`SELECT ${TOKEN} FROM api_token k WHERE k.id_usuario = ${req.user.idUsuario} ORDER BY k.id_api_token DESC`,
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
      const row = await fila<{ idApiToken: number; expira: Date }>(
        db,
        sql`INSERT INTO api_token (id_usuario, nombre, prefijo, token_hash, expira)
            VALUES (${req.user.idUsuario}, ${req.body.nombre}, ${token.slice(0, 10)}, ${hashApiToken(token)},
                    now() + make_interval(days => ${req.body.diasVigencia}))
            RETURNING ${CREADO}`,
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
      const rows = await consulta(
        db,
        sql`UPDATE api_token SET revocado = now()
             WHERE id_api_token = ${req.params.id} AND id_usuario = ${req.user.idUsuario} AND revocado IS NULL RETURNING 1`,
      );
      if (!rows[0]) throw notFound();
      return { mensaje: 'Token revocado.' };
    },
  );
}
