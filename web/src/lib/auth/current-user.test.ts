import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CurrentUser } from '@shared/users';
import { createQueryClient } from '@web/lib/query-client';
import { queryKeys } from '@web/lib/query-keys';
import { currentUserQuery, setCurrentUser } from './current-user';

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
