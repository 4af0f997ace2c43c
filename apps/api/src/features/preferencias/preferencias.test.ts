import { MSG } from '@app/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, DEMO, DEMO_PASSWORD, errorOf, type TestContext } from '../../test/helpers.ts';

const URL = '/api/v1/auth/me/preferencias';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => t?.close());

/** A new session of the user, as another browser would open (the helper's `auth` caches its token). */
async function otraSesion(usuario: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { usuario, clave: DEMO_PASSWORD },
  });
  return { authorization: `Bearer ${res.json().token}` };
}

const get = async (usuario: string) => t.app.inject({ url: URL, headers: await t.auth(usuario) });
const put = async (usuario: string, payload: unknown) =>
  t.app.inject({ method: 'PUT', url: URL, headers: await t.auth(usuario), payload: payload as object });

describe('preferencias del usuario (decision 58)', () => {
  it('401 without a session, for reading and for writing', async () => {
    for (const method of ['GET', 'PUT'] as const) {
      const res = await t.app.inject({
        method,
        url: URL,
        payload: method === 'PUT' ? { recorridoOfrecido: true } : undefined,
      });
      expect(res.statusCode).toBe(401);
      expect(errorOf(res).error.message).toBe(MSG.sesionRequerida);
    }
  });

  it('a user who never saved any starts from the defaults: not offered, nothing completed', async () => {
    const res = await get(DEMO.gestorGd);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ recorridoOfrecido: false, recorridosCompletados: [] });
  });

  it('marks the tour offered; another session (another browser) reads it back', async () => {
    const res = await put(DEMO.prestador, { recorridoOfrecido: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ recorridoOfrecido: true, recorridosCompletados: [] });
    const otra = await t.app.inject({ url: URL, headers: await otraSesion(DEMO.prestador) });
    expect(otra.json()).toEqual({ recorridoOfrecido: true, recorridosCompletados: [] });
  });

  it('a change keeps the preferences it does not name', async () => {
    await put(DEMO.auditorAm, { recorridoOfrecido: true });
    const res = await put(DEMO.auditorAm, { recorridosCompletados: ['auditoria'] });
    expect(res.json()).toEqual({ recorridoOfrecido: true, recorridosCompletados: ['auditoria'] });
    expect((await put(DEMO.auditorAm, { recorridoOfrecido: false })).json()).toEqual({
      recorridoOfrecido: false,
      recorridosCompletados: ['auditoria'],
    });
  });

  it('each user has their own: one user’s change is not another’s', async () => {
    await put(DEMO.supervisorAm, { recorridoOfrecido: true, recorridosCompletados: ['auditoria'] });
    expect((await get(DEMO.supervisorGd)).json()).toEqual({
      recorridoOfrecido: false,
      recorridosCompletados: [],
    });
    const [{ n }] = await t.database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM usuario_preferencia p JOIN usuario u USING (id_usuario) WHERE u.nombre = $1`,
      [DEMO.supervisorAm],
    );
    expect(n).toBe(1);
  });

  it('400 in Spanish for bad input, nothing stored', async () => {
    const casos: [unknown, string][] = [
      [{}, 'Indique al menos una preferencia.'],
      [{ tema: 'oscuro' }, 'Preferencia desconocida.'],
      [{ recorridoOfrecido: 'si' }, 'Indique sí o no.'],
      [{ recorridosCompletados: ['videos'] }, 'Recorrido no válido.'],
      [{ recorridosCompletados: 'prestador' }, 'Indique la lista de recorridos completados.'],
      [{ recorridosCompletados: ['prestador', 'prestador'] }, 'Hay recorridos repetidos.'],
    ];
    for (const [body, mensaje] of casos) {
      const res = await put(DEMO.revisor, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorOf(res).error.message, JSON.stringify(body)).toBe(mensaje);
    }
    const texto = await t.app.inject({
      method: 'PUT',
      url: URL,
      headers: { ...(await t.auth(DEMO.revisor)), 'content-type': 'application/json' },
      payload: '{ no es json',
    });
    expect(texto.statusCode).toBe(400);
    expect((await get(DEMO.revisor)).json()).toEqual({ recorridoOfrecido: false, recorridosCompletados: [] });
  });

  it('a stored value from an older version is read leniently (unknown keys and tours dropped)', async () => {
    await t.database.query(
      `INSERT INTO usuario_preferencia (id_usuario, preferencias)
       SELECT id_usuario, '{"recorridoOfrecido": true, "recorridosCompletados": ["viejo", "administracion"], "otra": 1}'
         FROM usuario WHERE nombre = $1`,
      [DEMO.admin],
    );
    expect((await get(DEMO.admin)).json()).toEqual({
      recorridoOfrecido: true,
      recorridosCompletados: ['administracion'],
    });
  });

  it('a deleted user takes their preferences along (no orphan rows)', async () => {
    const [{ id }] = await t.database.query<{ id: number }>(
      `INSERT INTO usuario (id_empresa, id_perfil, nombre, clave)
       SELECT id_empresa, id_perfil, 'borrable.pref@demo.ec', clave FROM usuario WHERE nombre = $1
       RETURNING id_usuario AS id`,
      [DEMO.gestorGd],
    );
    await t.database.query(`INSERT INTO usuario_preferencia (id_usuario) VALUES ($1)`, [id]);
    await t.database.query('DELETE FROM usuario WHERE id_usuario = $1', [id]);
    const [{ n }] = await t.database.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM usuario_preferencia WHERE id_usuario = $1',
      [id],
    );
    expect(n).toBe(0);
  });
});
