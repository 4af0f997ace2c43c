import { MSG, MSG_INTEGRACION } from '@app/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, DEMO, DEMO_PASSWORD, errorOf, type TestContext } from '../../test/helpers.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => t?.close());

/** An integration route a token may call (a load's backups; the load does not exist). */
const ENDPOINT = '/api/v1/cargatramites/cargas/999999/respaldos';

const crear = async (payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/v1/api-tokens', headers: await t.auth(DEMO.prestador), payload });

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
    // Authenticated on an integration route (404: no such load), not 401.
    expect(
      (await t.app.inject({ url: ENDPOINT, headers: { authorization: `Bearer ${token}` } })).statusCode,
    ).toBe(404);
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
      (await t.app.inject({ url: ENDPOINT, headers: { authorization: `Bearer ${token}` } })).statusCode,
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
    expect(bad.json().error.message).toBe('El campo Nombre es obligatorio.');
    expect(
      (await t.app.inject({ url: ENDPOINT, headers: { authorization: 'Bearer apk_inventado' } })).statusCode,
    ).toBe(401);
  });
});

describe('expiry, scope and last use (issue 11 item 12)', () => {
  it('expires after the days chosen at creation (default 90, at most 365)', async () => {
    const porDefecto = await crear({ nombre: 'Por defecto' });
    const dias = (iso: string) => (new Date(iso).getTime() - Date.now()) / 86_400_000;
    expect(dias(porDefecto.json().expira)).toBeCloseTo(90, 0);
    const corto = await crear({ nombre: 'Corto', diasVigencia: 30 });
    expect(dias(corto.json().expira)).toBeCloseTo(30, 0);
    for (const diasVigencia of [0, 366, 1.5]) {
      const bad = await crear({ nombre: 'Malo', diasVigencia });
      expect(bad.statusCode).toBe(400);
      expect(errorOf(bad).error.message).toBe(MSG_INTEGRACION.vigenciaInvalida);
    }
    const { token, idApiToken } = corto.json();
    const auth = { authorization: `Bearer ${token}` };
    expect((await t.app.inject({ url: ENDPOINT, headers: auth })).statusCode).toBe(404);
    await t.database.query(
      `UPDATE api_token SET expira = now() - interval '1 second' WHERE id_api_token = $1`,
      [idApiToken],
    );
    expect((await t.app.inject({ url: ENDPOINT, headers: auth })).statusCode).toBe(401);
    const list = await t.app.inject({ url: '/api/v1/api-tokens', headers: await t.auth(DEMO.prestador) });
    expect(list.json().find((x: { idApiToken: number }) => x.idApiToken === idApiToken)).toMatchObject({
      vencido: true,
    });
  });

  it('opens only the integration API: every other route answers 403, and only in-scope use is stamped', async () => {
    const { token, idApiToken } = (await crear({ nombre: 'Alcance' })).json();
    const auth = { authorization: `Bearer ${token}` };
    const fechaUso = async () =>
      (
        await t.database.query<{ f: Date | null }>(
          'SELECT fecha_uso AS f FROM api_token WHERE id_api_token = $1',
          [idApiToken],
        )
      )[0].f;
    for (const [method, url, payload] of [
      ['GET', '/api/v1/auth/me'],
      ['GET', '/api/v1/tramites'],
      ['GET', '/api/v1/planillas?idTramite=1'],
      ['GET', '/api/v1/cargas/1'],
      ['POST', '/api/v1/auth/2fa/iniciar'],
      ['POST', '/api/v1/auth/2fa/desactivar', { clave: DEMO_PASSWORD }],
      ['POST', '/api/v1/auth/cambiar-clave', { claveActual: DEMO_PASSWORD, nuevaClave: 'x'.repeat(10) }],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: auth, payload });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(errorOf(res).error.message).toBe(MSG.tokenSoloIntegracion);
    }
    expect(await fechaUso()).toBeNull();
    expect((await t.app.inject({ url: ENDPOINT, headers: auth })).statusCode).toBe(404);
    expect(await fechaUso()).not.toBeNull();
  });
});
