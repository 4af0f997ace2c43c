import { describe, expect, it } from 'vitest';
import { isTokenValid, tokenExpiry } from './token.ts';

const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
const jwt = (payload: object) => `${b64({ alg: 'HS256' })}.${b64(payload)}.sig`;

describe('token expiry', () => {
  it('reads exp in milliseconds', () => {
    expect(tokenExpiry(jwt({ exp: 1_800_000_000 }))).toBe(1_800_000_000_000);
  });
  it('is invalid when missing, malformed, without exp or expired', () => {
    expect(isTokenValid(null)).toBe(false);
    expect(isTokenValid('abc')).toBe(false);
    expect(isTokenValid(jwt({ sub: '1' }))).toBe(false);
    expect(isTokenValid(jwt({ exp: 100 }), 200_000)).toBe(false);
    expect(isTokenValid(jwt({ exp: 300 }), 200_000)).toBe(true);
  });
});
