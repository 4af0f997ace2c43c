import { MSG } from '@app/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, DEMO, type TestContext } from '../test/helpers.ts';

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
  it('every route answers an id that is not a positive integer with 400 and one Spanish message', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    // Each route is tried as the first of these users it lets in (a profile refused is a 403 whatever the id).
    // Issue 11 item 3: only the platform operator writes the system-wide catalogues.
    const users = [
      DEMO.admin,
      DEMO.supervisorAm,
      DEMO.prestador,
      DEMO.supervisorGd,
      DEMO.auditorAm,
      DEMO.plataforma,
    ];
    const headers = await Promise.all(users.map((u) => t.auth(u)));
    const routes = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.keys(ops)
        .filter((m) => m === 'get' || m === 'delete')
        .filter(() => /\{id[A-Za-z]*\}/.test(path) && !/\{(?!id)[^}]+\}/.test(path))
        .map((m) => [m.toUpperCase() as 'GET' | 'DELETE', path] as const),
    );
    expect(routes.length).toBeGreaterThan(40);
    const wrong: string[] = [];
    const refusedToAll: string[] = [];
    for (const [method, path] of routes) {
      const at = (bad: string) => path.replace(/\{[^}]+\}/g, bad);
      let h: { authorization: string } | undefined;
      for (const candidate of headers) {
        const res = await t.app.inject({ method, url: at('abc'), headers: candidate });
        if (res.statusCode !== 403) {
          h = candidate;
          break;
        }
      }
      if (!h) {
        refusedToAll.push(`${method} ${path}`);
        continue;
      }
      for (const bad of ['abc', '0', '-3', '1.5', '99999999999']) {
        const res = await t.app.inject({ method, url: at(bad), headers: h });
        if (res.statusCode !== 400 || res.json().error?.message !== MSG.idInvalido) {
          wrong.push(`${method} ${at(bad)} ${res.statusCode} ${res.body.slice(0, 80)}`);
        }
      }
    }
    expect(refusedToAll.length, refusedToAll.join('\n')).toBeLessThan(3);
    expect(wrong).toEqual([]);
  });
  it('no write route answers a missing, null, array or malformed body with a 500', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    // Issue 11 item 3: the platform operator is the one user the system-wide catalogues' writes let in.
    const users = [DEMO.admin, DEMO.supervisorAm, DEMO.prestador, DEMO.plataforma];
    const headers = await Promise.all(users.map((u) => t.auth(u)));
    const routes = Object.entries(doc.paths)
      .filter(([path]) => !path.startsWith('/api/v1/auth/'))
      .flatMap(([path, ops]) =>
        Object.keys(ops)
          .filter((m) => m === 'post' || m === 'put' || m === 'patch')
          .map((m) => [m.toUpperCase() as 'POST' | 'PUT' | 'PATCH', path] as const),
      );
    expect(routes.length).toBeGreaterThan(60);
    const failed: string[] = [];
    for (const [method, path] of routes) {
      const url = path.replace(/\{id[A-Za-z]*\}/g, '1').replace(/\{[^}]+\}/g, 'x');
      for (const h of headers) {
        for (const payload of [undefined, 'null', '[]', '{"x":']) {
          const res = await t.app.inject({
            method,
            url,
            headers: payload === undefined ? h : { ...h, 'content-type': 'application/json' },
            payload,
          });
          if (res.statusCode >= 500) failed.push(`${method} ${url} ${payload ?? '(none)'} ${res.statusCode}`);
        }
      }
    }
    expect(failed).toEqual([]);
  });
  it('no write route lets a hostile field value through to a 500 or a database error', async () => {
    type Schema = {
      $ref?: string;
      type?: string | string[];
      properties?: Record<string, Schema>;
      items?: Schema;
      enum?: unknown[];
      anyOf?: Schema[];
      oneOf?: Schema[];
      allOf?: Schema[];
      pattern?: string;
      format?: string;
    };
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json() as {
      paths: Record<
        string,
        Record<string, { requestBody?: { content?: Record<string, { schema?: Schema }> } }>
      >;
      components?: { schemas?: Record<string, Schema> };
    };
    const deref = (x: Schema | undefined) =>
      x?.$ref ? doc.components?.schemas?.[x.$ref.split('/').pop() ?? ''] : x;
    // A plausible value for a schema: the body every field is then spoiled in, one at a time.
    const sample = (x: Schema | undefined, depth = 0): unknown => {
      const sch = deref(x) ?? {};
      if (sch.anyOf) return sample(sch.anyOf.find((a) => a.type !== 'null') ?? sch.anyOf[0], depth);
      if (sch.oneOf) return sample(sch.oneOf[0], depth);
      if (sch.allOf) return Object.assign({}, ...sch.allOf.map((a) => sample(a, depth)));
      if (sch.enum) return sch.enum[0];
      const type = Array.isArray(sch.type) ? sch.type.find((y) => y !== 'null') : sch.type;
      if (type === 'object' && depth < 4)
        return Object.fromEntries(
          Object.entries(sch.properties ?? {}).map(([k, v]) => [k, sample(v, depth + 1)]),
        );
      if (type === 'array') return depth < 4 ? [sample(sch.items, depth + 1)] : [];
      if (type === 'integer' || type === 'number') return 1;
      if (type === 'boolean') return true;
      return sch.format === 'date' ? '2026-03-02' : 'X1';
    };
    const hostile = [null, 'abc', -1, 2_147_483_648, 1e20, 1.5, [], {}, 'x'.repeat(20_000), '2026-02-30'];
    // Issue 11 item 3: the platform operator is the one user the system-wide catalogues' writes let in.
    const users = [DEMO.admin, DEMO.supervisorAm, DEMO.prestador, DEMO.plataforma];
    const headers = await Promise.all(users.map((u) => t.auth(u)));
    const failed: string[] = [];
    let sent = 0;
    for (const [path, ops] of Object.entries(doc.paths)) {
      if (path.startsWith('/api/v1/auth/') || path.startsWith('/api/v1/registro')) continue;
      for (const method of ['post', 'put', 'patch'] as const) {
        const schema = ops[method]?.requestBody?.content?.['application/json']?.schema;
        if (!schema) continue;
        const url = path.replace(/\{id[A-Za-z]*\}/g, '1').replace(/\{[^}]+\}/g, 'x');
        const good = sample(schema);
        if (!good || typeof good !== 'object' || Array.isArray(good)) continue;
        const send = (h: { authorization: string }, payload: object) =>
          t.app.inject({ method: method.toUpperCase() as 'POST', url, headers: h, payload });
        // The first user the route lets in.
        let h: { authorization: string } | undefined;
        for (const candidate of headers) {
          if ((await send(candidate, good)).statusCode !== 403) {
            h = candidate;
            break;
          }
        }
        if (!h) continue;
        for (const key of Object.keys(good)) {
          for (const bad of hostile) {
            const res = await send(h, { ...good, [key]: bad });
            sent++;
            // VALOR_NO_ADMITIDO: PostgreSQL refused the value, so a schema let it through.
            if (res.statusCode >= 500 || res.json().error?.code === 'VALOR_NO_ADMITIDO')
              failed.push(`${method} ${url} ${key}=${JSON.stringify(bad).slice(0, 20)} ${res.statusCode}`);
          }
        }
      }
    }
    expect(sent).toBeGreaterThan(500);
    expect(failed).toEqual([]);
  }, 300_000);
});
