import { paths } from '@web/config/paths';

/** The login page's query parameter naming where to go once signed in. */
export const RETURN_PARAM = 'redirect';
/** Longer return paths are not ours (a room link is about 25 characters). */
const RETURN_MAX = 512;

/** Tabs and line breaks are dropped by URL parsing, so `/\t/host` would read as `//host`. */
const hasControl = (value: string) => [...value].some((char) => char.charCodeAt(0) < 0x20);

/**
 * A path on this site to go to after login, or null: only `/...` (never `//host` or `/\host`,
 * which browsers read as another site), bounded, and resolving to this origin. Anything else
 * is dropped, so the parameter cannot send a member off-site.
 */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (!value || value.length > RETURN_MAX || !value.startsWith('/')) return null;
  if (value.startsWith('//') || value.includes('\\') || hasControl(value)) return null;
  try {
    const url = new URL(value, window.location.origin);
    if (url.origin !== window.location.origin) return null;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return null;
  }
}

/** The login link that brings the member back to `returnTo` (a path of this site) afterwards. */
export function loginPathFor(returnTo: string): string {
  const path = safeReturnPath(returnTo);
  return path ? `${paths.login}?${new URLSearchParams({ [RETURN_PARAM]: path }).toString()}` : paths.login;
}

/**
 * What a link or redirect to the login page may carry in router state: where to come back to
 * (when the link's address must stay '/login', as the navigation bar's does) and a notice saying
 * why sign-in is needed.
 */
export interface LoginState {
  returnTo?: string;
  notice?: string;
}

/** The current page as a return path (path, query and fragment). */
export const currentPath = (location: { pathname: string; search: string; hash: string }) =>
  `${location.pathname}${location.search}${location.hash}`;

/** Where the login page goes once signed in: its `redirect` parameter, else its state's, else home. */
export function returnPathAfterLogin(search: URLSearchParams, state: unknown): string {
  const fromState = (state as LoginState | null)?.returnTo;
  return safeReturnPath(search.get(RETURN_PARAM)) ?? safeReturnPath(fromState) ?? paths.home;
}
