/**
 * A cookie the page can read (not HttpOnly: the CSRF token, the signed-in hint), decoded; undefined
 * when the browser holds none. Free of imports, so the first-load script can use it.
 */
export function readCookie(name: string): string | undefined {
  const prefix = `${name}=`;
  const entry = document.cookie.split('; ').find((cookie) => cookie.startsWith(prefix));
  return entry ? decodeURIComponent(entry.slice(prefix.length)) : undefined;
}
