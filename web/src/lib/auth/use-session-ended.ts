import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { ApiError } from '@web/lib/api-client';
import { setCurrentUser } from './current-user';
import { loginPathFor } from './return-path';

/**
 * A members' page whose own reads answer 401: the session ended while the member was still cached
 * (10 minutes), so sign-in is needed again, back to `returnTo`. True while that is so (the page
 * then shows no load failure of its own).
 */
export function useSessionEnded(errors: readonly unknown[], returnTo: string): boolean {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const ended = errors.some((error) => error instanceof ApiError && error.status === 401);
  useEffect(() => {
    if (!ended) return;
    setCurrentUser(queryClient, null);
    void navigate(loginPathFor(returnTo), { replace: true });
  }, [ended, navigate, queryClient, returnTo]);
  return ended;
}
