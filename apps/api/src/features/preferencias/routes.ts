import { preferenciasDe, preferenciasSchema, preferenciasUpdateSchema, responses } from '@app/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { fila, sql, una } from '../../lib/sql.ts';

/**
 * The signed-in user's own preferences (issue 14 §4, decision 58): kept on the server so that they follow the
 * user to another browser. Only ever the caller's row: no id in the path, nothing another user can reach.
 */
export async function preferenciasRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database;
  const tags = ['sesión'];

  r.get(
    '/api/v1/auth/me/preferencias',
    {
      onRequest: [app.authenticate],
      schema: {
        tags,
        summary: 'Preferencias del usuario de la sesión (recorridos guiados ofrecidos y completados)',
        response: responses({ 200: preferenciasSchema }),
      },
    },
    async (req) => {
      const row = await una<{ preferencias: unknown }>(
        db,
        sql`SELECT preferencias FROM usuario_preferencia WHERE id_usuario = ${req.user.idUsuario}`,
      );
      return preferenciasDe(row?.preferencias);
    },
  );

  r.put(
    '/api/v1/auth/me/preferencias',
    {
      onRequest: [app.authenticate],
      schema: {
        tags,
        summary: 'Cambiar preferencias del usuario de la sesión; las que no se envían conservan su valor',
        body: preferenciasUpdateSchema,
        response: responses({ 200: preferenciasSchema }),
      },
    },
    async (req) => {
      const row = await fila<{ preferencias: unknown }>(
        db,
        sql`INSERT INTO usuario_preferencia (id_usuario, preferencias) VALUES (${req.user.idUsuario}, ${JSON.stringify(req.body)}::jsonb)
         ON CONFLICT (id_usuario) DO UPDATE
            SET preferencias = usuario_preferencia.preferencias || EXCLUDED.preferencias, fecha_act = now()
         RETURNING preferencias`,
      );
      return preferenciasDe(row.preferencias);
    },
  );
}
