/** Cookie parsing and `Set-Cookie` building for API Gateway v2 events (`event.cookies`). */

export function parseCookies(cookieList: readonly string[] | undefined): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const entry of cookieList ?? []) {
    for (const pair of entry.split(';')) {
      const index = pair.indexOf('=');
      if (index <= 0) continue;
      const name = pair.slice(0, index).trim();
      const raw = pair.slice(index + 1).trim();
      if (cookies.has(name)) continue;
      try {
        cookies.set(name, decodeURIComponent(raw));
      } catch {
        cookies.set(name, raw);
      }
    }
  }
  return cookies;
}

interface CookieOptions {
  httpOnly: boolean;
  secure: boolean;
  /** Seconds; 0 deletes the cookie; undefined makes a browser-session cookie. */
  maxAge?: number;
  sameSite?: 'Lax' | 'Strict';
  path?: string;
}

export function serializeCookie(name: string, value: string, options: CookieOptions): string {
  const parts = [`${name}=${encodeURIComponent(value)}`, `Path=${options.path ?? '/'}`];
  if (options.maxAge !== undefined) {
    parts.push(`Max-Age=${options.maxAge}`);
    if (options.maxAge === 0) parts.push('Expires=Thu, 01 Jan 1970 00:00:00 GMT');
  }
  parts.push(`SameSite=${options.sameSite ?? 'Lax'}`);
  if (options.httpOnly) parts.push('HttpOnly');
  if (options.secure) parts.push('Secure');
  return parts.join('; ');
}
