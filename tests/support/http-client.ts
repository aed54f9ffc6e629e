import { COOKIE_NAMES, CSRF_HEADER } from '@shared/api';

/** The page origin the server trusts in tests (`APP_URL`). */
export const APP_ORIGIN = 'http://localhost:3000';

/**
 * A browser-like client: keeps cookies, sends the page Origin, and the CSRF cookie value in
 * `X-CSRF-Token` on unsafe methods, as the web app's `apiRequest` does. Options turn the
 * protections off to play the attacker.
 */
export class TestClient {
  readonly cookies = new Map<string, string>();

  constructor(
    readonly baseUrl: string,
    readonly options: { origin?: string | null; sendCsrf?: boolean } = {},
  ) {}

  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  async request(
    method: string,
    path: string,
    init: { json?: unknown; body?: RequestInit['body']; headers?: Record<string, string> } = {},
  ) {
    const headers = new Headers(init.headers);
    const origin = this.options.origin === undefined ? APP_ORIGIN : this.options.origin;
    if (origin) headers.set('Origin', origin);
    if (this.cookies.size) headers.set('Cookie', this.cookieHeader());
    const csrf = this.cookies.get(COOKIE_NAMES.csrf);
    if (!['GET', 'HEAD'].includes(method) && this.options.sendCsrf !== false && csrf)
      headers.set(CSRF_HEADER, csrf);
    let body = init.body;
    if (init.json !== undefined) {
      headers.set('Content-Type', 'application/json');
      body = JSON.stringify(init.json);
    }
    const response = await fetch(`${this.baseUrl}${path}`, { method, headers, body });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const index = pair!.indexOf('=');
      const name = pair!.slice(0, index);
      const value = pair!.slice(index + 1);
      if (/Max-Age=0/i.test(cookie)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await response.text();
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    return {
      status: response.status,
      headers: response.headers,
      text,
      json: json as Record<string, unknown> & unknown[],
    };
  }

  get(path: string) {
    return this.request('GET', path);
  }
}
