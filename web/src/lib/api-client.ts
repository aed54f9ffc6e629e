import { COOKIE_NAMES, CSRF_HEADER, SAFE_METHODS, type ApiErrorBody } from '@shared/api';

/**
 * The one way the web app calls the API (core-platform §1 "Shared request behaviour"):
 * credentials always; `X-CSRF-Token` from the cookie on unsafe methods; JSON bodies; any
 * non-OK answer throws an `ApiError` whose message is `"<status>: <body text or status text>"`.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly bodyText: string,
    statusText: string,
  ) {
    super(`${status}: ${bodyText || statusText}`);
    this.name = 'ApiError';
  }

  /** The server's `{ message }`, when the body carries one. */
  get serverMessage(): string | undefined {
    try {
      const body = JSON.parse(this.bodyText) as Partial<ApiErrorBody>;
      return typeof body.message === 'string' && body.message ? body.message : undefined;
    } catch {
      return undefined;
    }
  }
}

export function readCookie(name: string): string | undefined {
  const prefix = `${name}=`;
  const entry = document.cookie.split('; ').find((cookie) => cookie.startsWith(prefix));
  return entry ? decodeURIComponent(entry.slice(prefix.length)) : undefined;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export async function apiRequest(
  method: HttpMethod,
  url: string,
  body?: unknown,
  init: RequestInit = {},
): Promise<Response> {
  const headers = new Headers(init.headers);
  const isFormData = typeof FormData !== 'undefined' && body instanceof FormData;
  if (body !== undefined && !isFormData) headers.set('Content-Type', 'application/json');
  if (!(SAFE_METHODS as readonly string[]).includes(method)) {
    const token = readCookie(COOKIE_NAMES.csrf);
    if (token) headers.set(CSRF_HEADER, token);
  }
  const response = await fetch(url, {
    ...init,
    method,
    headers,
    credentials: 'include',
    body: body === undefined ? undefined : isFormData ? body : JSON.stringify(body),
  });
  if (!response.ok) throw new ApiError(response.status, await response.text(), response.statusText);
  return response;
}

/** GET and parse JSON: the default data read. */
export async function getJson<T>(url: string): Promise<T> {
  const response = await apiRequest('GET', url);
  return (await response.json()) as T;
}

/** The message to show for a failed call: the server's Japanese message, else the fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError ? (error.serverMessage ?? fallback) : fallback;
}
