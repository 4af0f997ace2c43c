import Fastify from 'fastify';
import { errorsPlugin } from '../../plugins/errors.ts';
import { idempotencyPlugin } from '../../plugins/idempotency.ts';
import { DEMO, type TestContext } from '../../test/helpers.ts';

/**
 * A bare server with the error and idempotency plugins on the test database, signed in as `usuario`
 * (its id returned too); add routes, then ready().
 */
export async function servidorConIdempotencia(t: TestContext, usuario: string = DEMO.prestador) {
  const [u] = await t.database.query<{ id: number }>(
    'SELECT id_usuario AS id FROM usuario WHERE nombre = $1',
    [usuario],
  );
  const app = Fastify({ logger: false });
  app.decorate('database', t.database);
  app.decorateRequest('user', null as never);
  app.addHook('onRequest', async (req) => {
    req.user = { idUsuario: u.id } as never;
  });
  await app.register(errorsPlugin);
  await app.register(idempotencyPlugin);
  return { app, idUsuario: u.id };
}
