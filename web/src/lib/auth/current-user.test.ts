import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CurrentUser } from '@shared/users';
import { createQueryClient } from '@web/lib/query-client';
import { queryKeys } from '@web/lib/query-keys';
import { hintsSignedIn, SIGNED_IN_HINT_COOKIE } from '@web/lib/signed-in-hint';
import { currentUserQuery, getCurrentUser, setCurrentUser } from './current-user';

afterEach(() => vi.unstubAllGlobals());

describe('setCurrentUser', () => {
  it('keeps the new user when a current-user call asked before the sign-in answers after it', async () => {
    let answer: (response: Response) => void = () => undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
    );
    const queryClient = createQueryClient();
    // The page asks who is signed in (nobody yet) while the sign-in is still on its way.
    const asked = queryClient.fetchQuery(currentUserQuery).catch(() => undefined);
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
    const admin = { id: 'admin-1', username: 'admin', role: 'admin' } as unknown as CurrentUser;
    setCurrentUser(queryClient, admin);
    answer(new Response(JSON.stringify({ message: 'ログインが必要です' }), { status: 401 }));
    await asked;
    expect(queryClient.getQueryData(queryKeys.currentUser)).toEqual(admin);
  });
});

describe('getCurrentUser', () => {
  it('drops the sign-in hint when the server says nobody is signed in (a session ended there)', async () => {
    document.cookie = `${SIGNED_IN_HINT_COOKIE}=1; path=/`;
    vi.stubGlobal('fetch', () =>
      Promise.resolve(new Response(JSON.stringify({ message: 'ログインが必要です' }), { status: 401 })),
    );
    expect(await getCurrentUser()).toBeNull();
    expect(hintsSignedIn()).toBe(false);
  });
});
