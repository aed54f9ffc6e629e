import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';

/** Once `when` holds, goes to `path` after `ms` (the spec's 2 s / 3 s redirects after a result). */
export function useRedirectAfter(when: boolean, path: string, ms: number) {
  const navigate = useNavigate();
  useEffect(() => {
    if (!when) return;
    const timer = setTimeout(() => void navigate(path), ms);
    return () => clearTimeout(timer);
  }, [when, path, ms, navigate]);
}
