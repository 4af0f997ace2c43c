import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../lib/session.ts', () => ({
  readSession: () => ({ token: 'tok' }),
  clearSession: () => {},
}));

const { archivosApi } = await import('./archivos-api.ts');
const { ApiError } = await import('../../lib/api.ts');

let respuestas: Response[];
let pedidas: Array<{ url: string; method: string; body: string }>;

beforeEach(() => {
  pedidas = [];
  vi.stubGlobal('window', { location: { origin: 'http://localhost', pathname: '/', assign: () => {} } });
  vi.stubGlobal('fetch', async (url: URL, init: RequestInit) => {
    pedidas.push({ url: url.pathname, method: String(init.method), body: String(init.body) });
    const r = respuestas.shift();
    if (!r) throw new Error('no more answers');
    return r;
  });
});
afterEach(() => vi.unstubAllGlobals());

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...(status === 202 ? { 'retry-after': '1' } : {}) },
  });

describe('zipEnlace(): a ZIP a worker builds (decision 80)', () => {
  it('posts again while the answer is 202, reporting each progress, until the link', async () => {
    respuestas = [
      json(202, { estado: 'PENDIENTE', intento: 0, maxIntentos: 3, progreso: 0, mensaje: 'en cola' }),
      json(202, { estado: 'GENERANDO', intento: 1, maxIntentos: 3, progreso: 40, mensaje: 'm 40' }),
      json(200, {
        url: '/api/v1/descargas?t=x',
        expiraEn: '2026-01-01T00:00:00Z',
        nombre: '7.zip',
        archivos: 3,
      }),
    ];
    const avances: number[] = [];
    const e = await archivosApi.zipEnlace(7, 'fecha', 12, (a) => avances.push(a.progreso));
    expect(e).toMatchObject({ url: '/api/v1/descargas?t=x', nombre: '7.zip', archivos: 3 });
    expect(avances).toEqual([0, 40]);
    expect(pedidas).toHaveLength(3);
    for (const p of pedidas) {
      expect(p).toMatchObject({ url: '/api/v1/tramites/7/zip/enlace', method: 'POST' });
      expect(JSON.parse(p.body)).toEqual({ agrupar: 'fecha', idCarga: 12 });
    }
  });

  it('the dead letter ends the waiting with its Spanish message', async () => {
    respuestas = [json(500, { error: { code: 'ZIP_FALLIDO', message: 'No se pudo generar el ZIP.' } })];
    const e = await archivosApi.zipEnlace(7, 'atencion').catch((x: unknown) => x);
    expect(e).toBeInstanceOf(ApiError);
    expect((e as InstanceType<typeof ApiError>).code).toBe('ZIP_FALLIDO');
  });
});
