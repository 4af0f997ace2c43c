import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, DEMO, type TestContext } from '../../test/helpers.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => t?.close());

describe('API tokens', () => {
  it('a provider creates a token that authenticates as itself, lists it without the secret, and revokes it', async () => {
    const h = await t.auth(DEMO.prestador);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/api-tokens',
      headers: h,
      payload: { nombre: 'Sistema HIS' },
    });
    expect(created.statusCode).toBe(201);
    const { token, idApiToken } = created.json();
    expect(token).toMatch(/^apk_/);
    const me = await t.app.inject({ url: '/api/v1/auth/me', headers: { authorization: `Bearer ${token}` } });
    expect(me.json().usuario.nombre).toBe(DEMO.prestador);
    const list = await t.app.inject({ url: '/api/v1/api-tokens', headers: h });
    expect(JSON.stringify(list.json())).not.toContain(token);
    expect(list.json()[0]).toMatchObject({ nombre: 'Sistema HIS', prefijo: token.slice(0, 10) });
    // A token cannot manage tokens.
    expect(
      (await t.app.inject({ url: '/api/v1/api-tokens', headers: { authorization: `Bearer ${token}` } }))
        .statusCode,
    ).toBe(403);
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `/api/v1/api-tokens/${idApiToken}`,
          headers: await t.auth(DEMO.prestador2),
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/v1/api-tokens/${idApiToken}`, headers: h }))
        .statusCode,
    ).toBe(200);
    expect(
      (await t.app.inject({ url: '/api/v1/auth/me', headers: { authorization: `Bearer ${token}` } }))
        .statusCode,
    ).toBe(401);
  });

  it('only providers manage tokens; name required', async () => {
    expect(
      (await t.app.inject({ url: '/api/v1/api-tokens', headers: await t.auth(DEMO.supervisorAm) }))
        .statusCode,
    ).toBe(403);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/v1/api-tokens',
      headers: await t.auth(DEMO.prestador),
      payload: {},
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('El elemento Nombre no puede ser nulo.');
    expect(
      (await t.app.inject({ url: '/api/v1/auth/me', headers: { authorization: 'Bearer apk_inventado' } }))
        .statusCode,
    ).toBe(401);
  });
});
