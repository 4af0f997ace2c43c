import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('./session.ts', () => ({
  readSession: () => ({ token: 'tok' }),
  clearSession: () => {},
}));

const { api, ApiError, nuevaClave } = await import('./api.ts');

type Call = { method: string; url: string; key: string | undefined };
let calls: Call[];
let respond: (c: Call, n: number) => Promise<Response>;

beforeEach(() => {
  calls = [];
  vi.stubGlobal('window', { location: { origin: 'http://localhost', pathname: '/', assign: () => {} } });
  vi.stubGlobal('fetch', async (url: URL, init: RequestInit) => {
    const headers = init.headers as Record<string, string>;
    const c = { method: String(init.method), url: url.pathname, key: headers['idempotency-key'] };
    calls.push(c);
    return respond(c, calls.length);
  });
});
afterEach(() => vi.unstubAllGlobals());

const ok = (body: object = { ok: true }) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('api(): an Idempotency-Key per submit (decision 49)', () => {
  it('every write carries a fresh key; reads carry none', async () => {
    respond = async () => ok();
    await api('/tramites', { body: { a: 1 } });
    await api('/tramites', { body: { a: 1 } });
    await api('/tramites/1', { method: 'PUT', body: { a: 1 } });
    await api('/tramites');
    await api('/cargas/1', { method: 'DELETE' });
    expect(calls.map((c) => c.method)).toEqual(['POST', 'POST', 'PUT', 'GET', 'DELETE']);
    expect(calls[0].key).toMatch(UUID);
    expect(calls[1].key).toMatch(UUID);
    expect(calls[1].key).not.toBe(calls[0].key);
    expect(calls[2].key).toMatch(UUID);
    expect(calls[3].key).toBeUndefined();
    expect(calls[4].key).toBeUndefined();
  });

  it('an identical write sent while the first runs is the same submit: the same key', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    respond = async () => {
      await gate;
      return ok();
    };
    const a = api('/tramites', { body: { a: 1 } });
    const b = api('/tramites', { body: { a: 1 } });
    const other = api('/tramites', { body: { a: 2 } });
    await Promise.resolve();
    release();
    await Promise.all([a, b, other]);
    expect(calls[0].key).toBe(calls[1].key);
    expect(calls[2].key).not.toBe(calls[0].key);
  });

  it('a lost connection is retried with the same key', async () => {
    respond = async (_c, n) => {
      if (n === 1) throw new TypeError('Failed to fetch');
      return ok({ mensaje: 'hecho' });
    };
    await expect(api('/tramites', { body: { a: 1 } })).resolves.toEqual({ mensaje: 'hecho' });
    expect(calls).toHaveLength(2);
    expect(calls[1].key).toBe(calls[0].key);
  });

  it("a 409 'still running' is asked again with the same key; another 409 is an error at once", async () => {
    respond = async (_c, n) =>
      n === 1
        ? new Response(JSON.stringify({ error: { code: 'IDEMPOTENCIA_EN_CURSO', message: 'x' } }), {
            status: 409,
          })
        : ok();
    await api('/tramites', { body: { a: 1 } });
    expect(calls).toHaveLength(2);
    expect(calls[1].key).toBe(calls[0].key);

    calls = [];
    respond = async () =>
      new Response(JSON.stringify({ error: { code: 'VERSION', message: 'La planilla fue modificada' } }), {
        status: 409,
      });
    await expect(api('/planillas/1/revision', { body: { tipo: 'M' } })).rejects.toBeInstanceOf(ApiError);
    expect(calls).toHaveLength(1);
  });

  it('a key given by the caller is used as is', async () => {
    respond = async () => ok();
    await api('/tramites', { body: { a: 1 }, idempotencyKey: 'mi-clave' });
    expect(calls[0].key).toBe('mi-clave');
  });

  it('keys are UUID v4 also without crypto.randomUUID (plain http on a LAN address)', () => {
    const original = crypto.randomUUID;
    try {
      Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
      expect(nuevaClave()).toMatch(UUID);
    } finally {
      Object.defineProperty(crypto, 'randomUUID', { value: original, configurable: true });
    }
  });
});
