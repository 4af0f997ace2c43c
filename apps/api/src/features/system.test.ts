import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/helpers.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => t?.close());

describe('system', () => {
  it('health answers once the database does', async () => {
    const res = await t.app.inject({ url: '/api/health' });
    expect(res.json()).toEqual({ status: 'ok' });
  });
  it('OpenAPI is generated from the zod schemas', async () => {
    const res = await t.app.inject({ url: '/api/docs/json' });
    const doc = res.json();
    expect(doc.paths['/api/v1/auth/login'].post.requestBody).toBeDefined();
    expect(
      doc.paths['/api/v1/catalogos/tipoiden'].get.parameters.map((p: { name: string }) => p.name),
    ).toEqual(expect.arrayContaining(['q', 'page', 'pageSize', 'sort']));
  });
  it('sends security headers and a Spanish 404 for unknown API routes', async () => {
    const res = await t.app.inject({ url: '/api/v1/nada' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe('Recurso no encontrado');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
  });
  it('malformed JSON is a 400 in Spanish', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{mal',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toMatch(/Solicitud incorrecta/);
  });
});
