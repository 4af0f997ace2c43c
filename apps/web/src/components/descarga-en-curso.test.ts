import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../lib/session.ts', () => ({
  readSession: () => ({ token: 'tok' }),
  clearSession: () => {},
}));

const { pdfCuandoEste } = await import('./download.ts');
const { ApiError } = await import('../lib/api.ts');

let respuestas: Response[];
let pedidas: string[];

beforeEach(() => {
  pedidas = [];
  vi.stubGlobal('window', { location: { origin: 'http://localhost', pathname: '/', assign: () => {} } });
  vi.stubGlobal('fetch', async (url: URL) => {
    pedidas.push(`${url.pathname}${url.search}`);
    const r = respuestas.shift();
    if (!r) throw new Error('no more answers');
    return r;
  });
});
afterEach(() => vi.unstubAllGlobals());

const enCurso = (progreso: number, intento = 1) =>
  new Response(
    JSON.stringify({ estado: 'GENERANDO', intento, maxIntentos: 3, progreso, mensaje: `m ${progreso}` }),
    { status: 202, headers: { 'content-type': 'application/json', 'retry-after': '1' } },
  );

describe('pdfCuandoEste(): a report a worker draws (decision 78)', () => {
  it('asks again after Retry-After while the answer is 202, reporting each progress, until the PDF', async () => {
    respuestas = [
      enCurso(10),
      enCurso(60, 2),
      new Response('%PDF-1.7', { status: 200, headers: { 'content-type': 'application/pdf' } }),
    ];
    const avances: Array<[number, number]> = [];
    const t0 = Date.now();
    const res = await pdfCuandoEste('/reportes/pdf/11/7', { tipo: 'M' }, (a) =>
      avances.push([a.progreso, a.intento]),
    );
    expect(Date.now() - t0).toBeGreaterThanOrEqual(1900);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('%PDF-1.7');
    expect(avances).toEqual([
      [10, 1],
      [60, 2],
    ]);
    expect(pedidas).toEqual(Array(3).fill('/api/v1/reportes/pdf/11/7?tipo=M'));
  });

  it('the dead letter ends the waiting with its Spanish message', async () => {
    respuestas = [
      enCurso(0),
      new Response(JSON.stringify({ error: { code: 'REPORTE_FALLIDO', message: 'No se pudo generar.' } }), {
        status: 500,
        headers: { 'content-type': 'application/json' },
      }),
    ];
    const e = await pdfCuandoEste('/reportes/pdf/10/7').catch((x: unknown) => x);
    expect(e).toBeInstanceOf(ApiError);
    expect((e as InstanceType<typeof ApiError>).code).toBe('REPORTE_FALLIDO');
    expect((e as Error).message).toBe('No se pudo generar.');
  });
});
