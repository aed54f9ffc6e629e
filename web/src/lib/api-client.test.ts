import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest, errorMessage } from './api-client';
import { fakeFetch, json } from '@web/testing/render';

afterEach(() => {
  vi.unstubAllGlobals();
  document.cookie = 'csrf_token=; Max-Age=0; path=/';
});

describe('apiRequest', () => {
  it('sends credentials always and the CSRF cookie in X-CSRF-Token only on unsafe methods', async () => {
    document.cookie = 'csrf_token=tok%2B1; path=/';
    const { fetchImpl, calls } = fakeFetch({ '/api/x': () => json({ ok: true }) });
    vi.stubGlobal('fetch', fetchImpl);
    await apiRequest('GET', '/api/x');
    await apiRequest('POST', '/api/x', { a: 1 });
    await apiRequest('DELETE', '/api/x');
    expect(calls.map((call) => call.init?.credentials)).toEqual(['include', 'include', 'include']);
    const tokens = calls.map((call) => new Headers(call.init?.headers).get('X-CSRF-Token'));
    expect(tokens).toEqual([null, 'tok+1', 'tok+1']);
    expect(new Headers(calls[1]!.init?.headers).get('Content-Type')).toBe('application/json');
    expect(calls[1]!.init?.body).toBe('{"a":1}');
    expect(calls[2]!.init?.body).toBeUndefined();
  });

  it('asks for the CSRF cookie first when a write comes before any read has answered', async () => {
    const { fetchImpl, calls } = fakeFetch({
      '/api/categories': () => {
        document.cookie = 'csrf_token=fresh; path=/';
        return json([]);
      },
      '/api/auth/login': () => json({ ok: true }),
    });
    vi.stubGlobal('fetch', fetchImpl);
    await apiRequest('POST', '/api/auth/login', { username: 'a', password: 'b' });
    expect(calls.map((call) => call.url)).toEqual(['/api/categories', '/api/auth/login']);
    expect(new Headers(calls[1]!.init?.headers).get('X-CSRF-Token')).toBe('fresh');
  });

  it('turns a non-OK answer into "<status>: <body text>", or the status text when the body is empty', async () => {
    vi.stubGlobal(
      'fetch',
      fakeFetch({
        '/api/a': () => json({ message: 'ログインが必要です' }, 401),
        '/api/b': () => new Response('', { status: 503, statusText: 'Service Unavailable' }),
      }).fetchImpl,
    );
    const first = await apiRequest('GET', '/api/a').catch((error: unknown) => error);
    expect(first).toBeInstanceOf(ApiError);
    expect((first as ApiError).message).toBe('401: {"message":"ログインが必要です"}');
    expect(errorMessage(first, 'fallback')).toBe('ログインが必要です');
    const second = await apiRequest('GET', '/api/b').catch((error: unknown) => error);
    expect((second as Error).message).toBe('503: Service Unavailable');
    expect(errorMessage(second, '通信に失敗しました')).toBe('通信に失敗しました');
  });
});
