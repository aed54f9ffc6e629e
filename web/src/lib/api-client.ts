import {
  COOKIE_NAMES,
  CSRF_HEADER,
  ERROR_REASONS,
  SAFE_METHODS,
  type ApiErrorBody,
  type ErrorReason,
} from '@shared/api';
import type * as z from 'zod';
import {
  fillPath,
  type HttpMethod,
  type ResponseOf,
  type RouteContract,
  type RouteSchemas,
} from '@shared/contract/define';
import { readCookie } from './cookies';

/**
 * The one way the web app calls the API (docs/spec/core-platform.md §1 "Shared request behaviour"):
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
    const message = this.body?.message;
    return typeof message === 'string' && message ? message : undefined;
  }

  /** The server's stable `reason` token, where the status alone does not tell errors apart. */
  get reason(): ErrorReason | undefined {
    const reason = this.body?.reason;
    return (ERROR_REASONS as readonly unknown[]).includes(reason) ? (reason as ErrorReason) : undefined;
  }

  /** With `account_stopped`: when the suspension ends, or null for a ban (undefined: not said). */
  get stoppedUntil(): string | null | undefined {
    const until = this.body?.stoppedUntil;
    return typeof until === 'string' || until === null ? until : undefined;
  }

  private get body(): Partial<Record<keyof ApiErrorBody, unknown>> | undefined {
    try {
      const body: unknown = JSON.parse(this.bodyText);
      return typeof body === 'object' && body !== null ? body : undefined;
    } catch {
      return undefined;
    }
  }
}

/** A read started before the app (lib/first-load.ts) older than this is not used: the app asks again. */
const PRELOAD_FRESH_MS = 10_000;

/**
 * The answer to a GET of `url` the page started before the app, once: the first call takes it;
 * later ones, and reads no page started or started too long ago, get undefined and fetch.
 */
export function takePreloaded(url: string): Promise<Response> | undefined {
  const preloaded = preloadedReads();
  const entry = preloaded?.get(url);
  if (!entry) return undefined;
  preloaded!.delete(url);
  if (performance.now() - entry.askedAt <= PRELOAD_FRESH_MS) return entry.response;
  dropAnswer(entry.response);
  return undefined;
}

/**
 * Drops the early reads the page did not take (a guest sent from a members' page to the login
 * page, a filter changed before the answer came): an answer nobody reads keeps its request open.
 */
export function discardPreloaded(): void {
  const preloaded = preloadedReads();
  for (const { response } of preloaded?.values() ?? []) dropAnswer(response);
  preloaded?.clear();
}

const preloadedReads = () => (typeof window === 'undefined' ? undefined : window.__quizPreloaded);

const dropAnswer = (response: Promise<Response>) =>
  void response.then((answer) => answer.body?.cancel()).catch(() => undefined);

let csrfCookieRequest: Promise<string | undefined> | undefined;

/**
 * The CSRF cookie comes with the first API answer. A write sent before any read has answered (a
 * quick login on a page that reads nothing first) would go without it and be refused: it asks
 * for the cookie first, once.
 */
function fetchCsrfCookie(): Promise<string | undefined> {
  csrfCookieRequest ??= fetch('/api/categories', { credentials: 'include' })
    .then(() => readCookie(COOKIE_NAMES.csrf))
    .catch(() => undefined)
    .finally(() => {
      csrfCookieRequest = undefined;
    });
  return csrfCookieRequest;
}

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
    const token = readCookie(COOKIE_NAMES.csrf) ?? (await fetchCsrfCookie());
    if (token) headers.set(CSRF_HEADER, token);
  }
  // A read the page started before the app arrived (lib/first-load.ts) is taken, once.
  const preloaded = method === 'GET' ? await takePreloaded(url)?.catch(() => undefined) : undefined;
  const response =
    preloaded ??
    (await fetch(url, {
      ...init,
      method,
      headers,
      credentials: 'include',
      body: body === undefined ? undefined : isFormData ? body : JSON.stringify(body),
    }));
  if (!response.ok) throw new ApiError(response.status, await response.text(), response.statusText);
  return response;
}

/** An answer that does not have the shape the contract gives it (a server and app out of step). */
export class UnexpectedAnswerError extends Error {
  constructor(readonly route: string) {
    super(`unexpected answer from ${route}`);
    this.name = 'UnexpectedAnswerError';
  }
}

/** A route's URL: its path with the parameters filled in, and the non-empty query parameters. */
export function routeUrl(
  contract: Pick<RouteContract, 'path'>,
  input: { params?: Record<string, string>; query?: Record<string, unknown> } = {},
): string {
  const path = fillPath(contract.path, input.params);
  const query = new URLSearchParams(
    Object.entries(input.query ?? {})
      .filter(([, value]) => value !== undefined && value !== null && value !== '')
      .map(([name, value]) => [name, String(value)]),
  ).toString();
  return query ? `${path}?${query}` : path;
}

type InputOf<S> = S extends z.ZodType ? z.input<S> : never;

/**
 * What a caller gives to call a route: exactly the parts the route takes. A browser type (a file
 * upload is a `FormData`), so it lives here rather than in the contract, which has no DOM.
 */
export type CallInput<C extends RouteSchemas> = (C['params'] extends z.ZodType
  ? { params: InputOf<C['params']> }
  : { params?: never }) &
  (C['query'] extends z.ZodType ? { query?: InputOf<C['query']> } : { query?: never }) &
  (C['body'] extends z.ZodType
    ? { body: InputOf<C['body']> | (C['form'] extends z.ZodType ? FormData : never) }
    : C['form'] extends z.ZodType
      ? { body: FormData }
      : { body?: never });

/**
 * Calls a route of the contract (`shared/contract`) and returns its answer parsed by the route's
 * response schema: the one typed way the app reads the API.
 * @example const quiz = await callApi(quizzesApi.get, { params: { id } });
 */
export async function callApi<C extends RouteContract>(
  contract: C,
  ...[input]: object extends CallInput<C> ? [CallInput<C>?] : [CallInput<C>]
): Promise<ResponseOf<C>> {
  const { params, query, body } = (input ?? {}) as {
    params?: Record<string, string>;
    query?: Record<string, unknown>;
    body?: unknown;
  };
  const response = await apiRequest(contract.method, routeUrl(contract, { params, query }), body);
  const parsed = contract.response.safeParse(await response.json().catch(() => undefined));
  if (!parsed.success) throw new UnexpectedAnswerError(contract.key);
  return parsed.data as ResponseOf<C>;
}

/** The message to show for a failed call: the server's Japanese message, else the fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError ? (error.serverMessage ?? fallback) : fallback;
}
