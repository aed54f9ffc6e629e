import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useCurrentUser } from './current-user';
import { currentPath, loginPathFor } from './return-path';

/**
 * For pages that need sign-in: a guest (a 401 from the current-user call) is sent to '/login',
 * which brings them back to this page once signed in.
 */
export function useRequireUser() {
  const current = useCurrentUser();
  const navigate = useNavigate();
  const location = useLocation();
  const signedOut = current.isSuccess && current.data === null;
  const here = currentPath(location);
  useEffect(() => {
    if (signedOut) void navigate(loginPathFor(here), { replace: true });
  }, [signedOut, navigate, here]);
  return current;
}
