import { describe, expect, it } from 'vitest';
import { parseCookies, serializeCookie } from './cookies';

describe('cookies', () => {
  it('parses API Gateway cookie lists, first value wins', () => {
    const cookies = parseCookies(['sid=abc', 'csrf_token=x%2By; theme=dark', 'sid=second']);
    expect(cookies.get('sid')).toBe('abc');
    expect(cookies.get('csrf_token')).toBe('x+y');
    expect(cookies.get('theme')).toBe('dark');
  });

  it('serializes session cookies HttpOnly, SameSite=Lax, Secure outside local', () => {
    expect(serializeCookie('sid', 'v', { httpOnly: true, secure: true, maxAge: 60 })).toBe(
      'sid=v; Path=/; Max-Age=60; SameSite=Lax; HttpOnly; Secure',
    );
    expect(serializeCookie('sid', '', { httpOnly: true, secure: false, maxAge: 0 })).toContain(
      'Expires=Thu, 01 Jan 1970',
    );
  });
});
