import type { SessionUser } from '@app/domain';
import { describe, expect, it } from 'vitest';
import { SessionCache } from './auth.ts';

const user = { idUsuario: 7, nombre: 'a@b.ec' } as SessionUser;

describe('SessionCache', () => {
  it('keeps a session for its time to live, never beyond the session itself', () => {
    let now = 1_000;
    const c = new SessionCache(2_000, 10, () => now);
    c.set('t1', c.generation, user, 's1', 10_000);
    c.set('t2', c.generation, user, 's2', 1_500);
    now = 1_400;
    expect(c.get('t1')?.idSesion).toBe('s1');
    expect(c.get('t2')?.idSesion).toBe('s2');
    now = 1_500;
    expect(c.get('t2')).toBeUndefined();
    now = 2_999;
    expect(c.get('t1')).toBeDefined();
    now = 3_000;
    expect(c.get('t1')).toBeUndefined();
  });

  it('clear() empties it, and a lookup begun before the clear is not kept', () => {
    const c = new SessionCache(2_000, 10);
    c.set('t1', c.generation, user, 's1', Date.now() + 60_000);
    const before = c.generation;
    c.clear();
    expect(c.get('t1')).toBeUndefined();
    c.set('t2', before, user, 's2', Date.now() + 60_000);
    expect(c.get('t2')).toBeUndefined();
    c.set('t2', c.generation, user, 's2', Date.now() + 60_000);
    expect(c.get('t2')?.idSesion).toBe('s2');
  });

  it('drops the oldest entry beyond its size', () => {
    const c = new SessionCache(60_000, 2);
    for (const t of ['a', 'b', 'c']) c.set(t, c.generation, user, t, Date.now() + 60_000);
    expect(c.get('a')).toBeUndefined();
    expect(c.get('b')?.idSesion).toBe('b');
    expect(c.get('c')?.idSesion).toBe('c');
  });
});
