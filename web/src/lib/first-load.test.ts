import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, json } from '@web/testing/render';
import { apiRequest, discardPreloaded } from './api-client';
import { COOKIE_NAMES } from '@shared/api';
import { firstLoadReads, startFirstLoad } from './first-load';
import { SIGNED_IN_HINT_COOKIE } from './signed-in-hint';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  document.cookie = 'csrf_token=; Max-Age=0; path=/';
  document.cookie = `${SIGNED_IN_HINT_COOKIE}=; Max-Age=0; path=/`;
  delete window.__quizPreloaded;
});

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the first load', () => {
  it('starts the reads of the page opened, and the signed-in ones only for a signed-in member', async () => {
    const { fetchImpl, calls } = fakeFetch({
      '/api/auth/me': () => json({ id: 'u1' }),
      '/api/my-quizzes': () => json([]),
      '/api/favorites': () => json([]),
    });
    vi.stubGlobal('fetch', fetchImpl);
    startFirstLoad('/my-quizzes', '');
    await settle();
    expect(calls.map((call) => call.url)).toEqual(['/api/auth/me', '/api/my-quizzes', '/api/favorites']);
    expect(calls.every((call) => call.init?.credentials === 'include')).toBe(true);

    const guest = fakeFetch({ '/api/auth/me': () => json({ message: 'ログインが必要です' }, 401) });
    vi.stubGlobal('fetch', guest.fetchImpl);
    startFirstLoad('/my-quizzes', '');
    await settle();
    expect(guest.calls.map((call) => call.url)).toEqual(['/api/auth/me']);
  });

  it('asks for a member’s reads beside /api/auth/me in a browser that signed in, before it answers', async () => {
    expect(SIGNED_IN_HINT_COOKIE).toBe(COOKIE_NAMES.signedIn);
    document.cookie = `${SIGNED_IN_HINT_COOKIE}=1; path=/`;
    let answerMe: (response: Response) => void = () => undefined;
    const calls: string[] = [];
    vi.stubGlobal('fetch', (url: string) => {
      calls.push(url);
      return url === '/api/auth/me'
        ? new Promise<Response>((resolve) => (answerMe = resolve))
        : Promise.resolve(json([]));
    });
    startFirstLoad('/my-quizzes', '');
    // Nobody has said who is signed in yet.
    expect(calls).toEqual(['/api/auth/me', '/api/my-quizzes', '/api/favorites']);
    answerMe(json({ id: 'u1' }));
    await settle();
    expect(calls).toHaveLength(3);
  });

  it('leaves a page whose reads depend on the address query to the app', () => {
    expect(firstLoadReads('/quiz-search', '?q=歴史').always).toEqual(['/api/auth/me']);
    expect(firstLoadReads('/', '?category=科学').always).toEqual(['/api/auth/me']);
    expect(firstLoadReads('/quiz/abc', '?mode=random').always).toEqual(['/api/auth/me', '/api/quizzes/abc']);
  });

  it('gives the app each early answer once; a second read of the URL goes to the network', async () => {
    const { fetchImpl, calls } = fakeFetch({
      '/api/auth/me': () => json({ message: 'ログインが必要です' }, 401),
      '/api/quizzes/q1': () => json({ id: 'q1' }),
    });
    vi.stubGlobal('fetch', fetchImpl);
    startFirstLoad('/quiz/q1', '');
    expect(calls).toHaveLength(2);
    expect(await (await apiRequest('GET', '/api/quizzes/q1')).json()).toEqual({ id: 'q1' });
    expect(calls).toHaveLength(2);
    await apiRequest('GET', '/api/quizzes/q1');
    expect(calls).toHaveLength(3);
    // An early 401 is the same error as the app's own read would have been.
    await expect(apiRequest('GET', '/api/auth/me')).rejects.toMatchObject({ status: 401 });
    expect(calls).toHaveLength(3);
  });

  it('does not use an early answer for a write, nor one asked too long ago', async () => {
    const { fetchImpl, calls } = fakeFetch({
      '/api/auth/me': () => json({ id: 'u1' }),
      '/api/categories': () => json([]),
      '/api/quizzes/featured': () => json(null),
      '/api/quizzes?limit=50': () => json([]),
      '/api/favorites': () => json([]),
    });
    vi.stubGlobal('fetch', fetchImpl);
    document.cookie = 'csrf_token=t; path=/';
    startFirstLoad('/', '');
    await settle();
    const started = calls.length;
    await apiRequest('POST', '/api/favorites', {});
    expect(calls.length).toBe(started + 1);
    const now = performance.now();
    vi.spyOn(performance, 'now').mockReturnValue(now + 60_000);
    await apiRequest('GET', '/api/categories');
    expect(calls.at(-1)!.url).toBe('/api/categories');
    expect(calls.length).toBe(started + 2);
  });

  it('drops what the page did not take once it has settled: the answers are cancelled, later reads fetch', async () => {
    const cancelled: string[] = [];
    const answer = (url: string) => () => {
      const response = json([]);
      const body = response.body!;
      vi.spyOn(body, 'cancel').mockImplementation(async () => void cancelled.push(url));
      return response;
    };
    const { fetchImpl, calls } = fakeFetch({
      '/api/auth/me': answer('/api/auth/me'),
      '/api/quizzes/search?sort=popular': answer('/api/quizzes/search?sort=popular'),
      '/api/categories': answer('/api/categories'),
    });
    vi.stubGlobal('fetch', fetchImpl);
    startFirstLoad('/quiz-search', '');
    await apiRequest('GET', '/api/auth/me');
    discardPreloaded();
    await settle();
    expect(cancelled.sort()).toEqual(['/api/categories', '/api/quizzes/search?sort=popular']);
    const before = calls.length;
    await apiRequest('GET', '/api/categories');
    expect(calls.length).toBe(before + 1);
  });
});
