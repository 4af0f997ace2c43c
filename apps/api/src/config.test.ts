import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('configuration', () => {
  it('TRUST_PROXY: none by default; true, a hop count or a list of proxies when set', () => {
    const trust = (v?: string) => loadConfig(v === undefined ? {} : { TRUST_PROXY: v }).TRUST_PROXY;
    expect(trust()).toBe(false);
    expect(trust('')).toBe(false);
    expect(trust('false')).toBe(false);
    expect(trust('true')).toBe(true);
    expect(trust('2')).toBe(2);
    expect(trust('10.0.0.0/8, 127.0.0.1')).toBe('10.0.0.0/8, 127.0.0.1');
  });
});

describe('durations', () => {
  it('reads LOGIN_RATE_WINDOW as @fastify/rate-limit does', async () => {
    const { durationMs } = await import('./config.ts');
    expect(durationMs('5 minutes')).toBe(300_000);
    expect(durationMs('30s')).toBe(30_000);
    expect(durationMs('1 hour')).toBe(3_600_000);
    expect(durationMs('1500')).toBe(1500);
    expect(durationMs('pronto')).toBe(0);
    expect(() => loadConfig({ LOGIN_RATE_WINDOW: 'pronto' })).toThrow();
  });
});
