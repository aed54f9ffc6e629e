import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '@web/config/paths';
import { useCurrentUser } from './api/get-current-user';

/** For pages that need sign-in: a guest (a 401 from the current-user call) is sent to '/login'. */
export function useRequireUser() {
  const current = useCurrentUser();
  const navigate = useNavigate();
  const signedOut = current.isSuccess && current.data === null;
  useEffect(() => {
    if (signedOut) void navigate(paths.login, { replace: true });
  }, [signedOut, navigate]);
  return current;
}
