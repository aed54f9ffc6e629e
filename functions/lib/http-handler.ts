import middy from '@middy/core';
import type { MiddlewareObj, Request } from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { timingSafeEqual } from 'node:crypto';
import type { z } from 'zod';
import '@shared/zod-ja';
import { COOKIE_NAMES, CSRF_HEADER, SAFE_METHODS, type ApiErrorBody } from '@shared/api';
import { LIMITS } from '@shared/constants';
import type { ReplyOf, RouteSchemas } from '@shared/contract/define';
import { MESSAGES } from '@shared/messages';
import type { AccessLevel, HttpRoute } from '../routes';
import { getConfig, type Config } from './config';
import { parseCookies, serializeCookie } from './cookies';
import { randomToken } from './random-token';
import {
  AccountStoppedError,
  AppError,
  BadRequestError,
  ForbiddenError,
  isServiceUnavailable,
  isTimeout,
  PayloadTooLargeError,
  toAppError,
  UnauthorizedError,
  ValidationError,
} from './errors';
import { createLogger, requestLog, withRequestLog, type Logger } from './logger';

/**
 * The middy chain every HTTP route runs:
 * observe (request id, JSON log) → body (size, base64, JSON) → identity → CSRF → access level →
 * zod validation → handler → answer checked against the contract; errors are mapped last to a
 * status and a Japanese `{ message }`. The route's access level and body limit come from the
 * route table, its schemas from the contract (`shared/contract`). Who the caller is comes from an
 * `Identify` function given by the handler layer (`functions/api/http.ts`), so this module knows
 * HTTP and nothing of accounts or sessions.
 */

/** What the chain needs to know of a signed-in caller. */
export interface Principal {
  id: string;
  role: string;
  isPro: boolean;
}

/** What the chain needs to know of a session: the CSRF token bound to it. */
export interface SessionInfo {
  csrfToken: string;
}

export interface Identity<U extends Principal, S extends SessionInfo> {
  user: U;
  session: S;
}

/**
 * Finds the caller from the session cookie's value; undefined for a guest. It may throw an
 * `AppError` (a stopped account on a route that needs one).
 */
export type Identify<U extends Principal, S extends SessionInfo> = (
  sessionId: string,
  access: AccessLevel,
) => Promise<Identity<U, S> | undefined>;

export interface HttpRequest<Body, Query, Params, U, S = SessionInfo> {
  body: Body;
  query: Query;
  params: Params;
  /** The signed-in user (always present unless the route is public). */
  user: U;
  session: S | undefined;
  /** Raw body bytes (for multipart uploads); undefined when the request has no body. */
  rawBody: Buffer | undefined;
  headers: Record<string, string | undefined>;
  cookies: Map<string, string>;
  requestId: string;
  log: Logger;
  event: APIGatewayProxyEventV2;
  /** Time (epoch ms) by which the reply must be on its way: the HTTP API gives up at 30 s. */
  deadline: number;
}

const HTTP_API_TIMEOUT_MS = 30_000;
const REPLY_MARGIN_MS = 1_000;

export interface HttpReply<Body = unknown> {
  status?: number;
  /** The answer, as the route's contract describes it (checked before it is sent). */
  body: Body;
  /** Extra `Set-Cookie` values. */
  cookies?: string[];
  headers?: Record<string, string>;
}

interface State {
  route: HttpRoute;
  config: Config;
  requestId: string;
  log: Logger;
  startedAt: number;
  cookies: Map<string, string>;
  headers: Record<string, string | undefined>;
  rawBody?: Buffer;
  body?: unknown;
  session?: SessionInfo;
  user?: Principal;
  input?: { body: unknown; query: unknown; params: unknown };
}

type HandlerContext = Context & { state: State };
type MiddyRequest = Request<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Error, HandlerContext>;
type Middleware = MiddlewareObj<
  APIGatewayProxyEventV2,
  APIGatewayProxyStructuredResultV2,
  Error,
  HandlerContext
>;

const lowerCaseHeaders = (headers: APIGatewayProxyEventV2['headers']) =>
  Object.fromEntries(Object.entries(headers ?? {}).map(([name, value]) => [name.toLowerCase(), value]));

/** The request's id: API Gateway's, else Lambda's, else one made up (fixtures). */
const requestIdOf = (event: APIGatewayProxyEventV2, context: Partial<Context>) =>
  event.requestContext?.requestId ?? context.awsRequestId ?? randomToken(8);

const observe = (route: HttpRoute): Middleware => ({
  before: (request: MiddyRequest) => {
    const config = getConfig();
    // The request's logger, made by `createHttpHandler` around the whole chain.
    const log = requestLog();
    request.context.state = {
      route,
      config,
      requestId: String(log.fields.requestId ?? requestIdOf(request.event, request.context)),
      log,
      startedAt: performance.now(),
      cookies: parseCookies(request.event.cookies),
      headers: lowerCaseHeaders(request.event.headers),
    };
  },
  after: (request: MiddyRequest) => logDone(request),
  onError: (request: MiddyRequest) => logDone(request),
});

function logDone(request: MiddyRequest) {
  const state = request.context.state;
  if (!state) return;
  state.log.info('request', {
    status: request.response?.statusCode,
    durationMs: Math.round((performance.now() - state.startedAt) * 10) / 10,
    userId: state.user?.id,
  });
}

/** Issues the CSRF cookie on the first answer that lacks it (the SPA's first GET), bound to the session if any. */
const csrfCookie: Middleware = {
  after: (request: MiddyRequest) => addCsrfCookie(request),
  onError: (request: MiddyRequest) => addCsrfCookie(request),
};

function addCsrfCookie(request: MiddyRequest) {
  const state = request.context.state;
  const response = request.response;
  if (!state || !response) return;
  const current = state.cookies.get(COOKIE_NAMES.csrf);
  const wanted = state.session?.csrfToken ?? current ?? randomToken();
  const alreadySet = (response.cookies ?? []).some((cookie) => cookie.startsWith(`${COOKIE_NAMES.csrf}=`));
  if (current === wanted || alreadySet) return;
  response.cookies = [
    ...(response.cookies ?? []),
    serializeCookie(COOKIE_NAMES.csrf, wanted, { httpOnly: false, secure: state.config.secureCookies }),
  ];
}

const parseBody: Middleware = {
  before: (request: MiddyRequest) => {
    const { event } = request;
    const state = request.context.state;
    if (event.body === undefined || event.body === null || event.body === '') return;
    const raw = event.isBase64Encoded ? Buffer.from(event.body, 'base64') : Buffer.from(event.body, 'utf8');
    if (raw.length > (state.route.bodyLimitBytes ?? LIMITS.jsonBodyMaxBytes))
      throw new PayloadTooLargeError();
    state.rawBody = raw;
    const contentType = state.headers['content-type'] ?? '';
    if (/^application\/(.+\+)?json\b/i.test(contentType)) {
      try {
        state.body = JSON.parse(raw.toString('utf8'));
      } catch {
        throw new BadRequestError(MESSAGES.invalidJson);
      }
    }
  },
};

const identifyCaller = (identify: Identify<Principal, SessionInfo>): Middleware => ({
  before: async (request: MiddyRequest) => {
    const state = request.context.state;
    const sessionId = state.cookies.get(COOKIE_NAMES.session);
    if (!sessionId) return;
    const identity = await identify(sessionId, state.route.access);
    if (!identity) return;
    state.session = identity.session;
    state.user = identity.user;
  },
});

const sameToken = (a: string, b: string) => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

/** Double-submit token (cookie = header), bound to the session once one exists, and no foreign Origin. */
const checkCsrf: Middleware = {
  before: (request: MiddyRequest) => {
    const state = request.context.state;
    const method = request.event.requestContext.http.method.toUpperCase();
    if ((SAFE_METHODS as readonly string[]).includes(method)) return;
    // A server-to-server route (Stripe's webhook) proves itself by a signature instead.
    if (state.route.csrf === false) return;
    const origin = state.headers.origin;
    if (origin && origin !== new URL(state.config.appUrl).origin)
      throw new ForbiddenError(MESSAGES.csrfRejected);
    const header = state.headers[CSRF_HEADER.toLowerCase()] ?? '';
    const cookie = state.cookies.get(COOKIE_NAMES.csrf) ?? '';
    if (!header || !cookie || !sameToken(header, cookie)) throw new ForbiddenError(MESSAGES.csrfRejected);
    if (state.session && !sameToken(header, state.session.csrfToken))
      throw new ForbiddenError(MESSAGES.csrfRejected);
  },
};

const allows: Record<AccessLevel, (user: Principal | undefined) => boolean | 'signin'> = {
  public: () => true,
  user: (user) => (user ? true : 'signin'),
  pro: (user) => (user ? user.isPro : 'signin'),
  admin: (user) => (user ? user.role === 'admin' : 'signin'),
};

const checkAccess: Middleware = {
  before: (request: MiddyRequest) => {
    const state = request.context.state;
    const verdict = allows[state.route.access](state.user);
    if (verdict === 'signin') throw new UnauthorizedError();
    if (!verdict) throw new ForbiddenError(state.route.access === 'pro' ? MESSAGES.proRequired : undefined);
  },
};

/** Input checked against its schema, or a 400 with the schema's Japanese messages (`where`: body, query, params). */
export function checkInput<S extends z.ZodType>(schema: S, value: unknown, where: string): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw new ValidationError(
    result.error.issues.map((issue) => ({
      path: [where, ...issue.path.map(String)].join('.'),
      message: issue.message,
    })),
  );
}

const isMultipart = (state: State) => /^multipart\/form-data/i.test(state.headers['content-type'] ?? '');

function validate(schemas: RouteSchemas): Middleware {
  const check = (schema: z.ZodType | undefined, value: unknown, where: string) =>
    schema ? checkInput(schema, value, where) : value;
  return {
    before: (request: MiddyRequest) => {
      const state = request.context.state;
      const { event } = request;
      // A route that takes a form reads and checks it itself (its file part is not JSON).
      const formSent = schemas.form !== undefined && isMultipart(state);
      if (schemas.body && !formSent && state.rawBody && state.body === undefined)
        throw new BadRequestError(MESSAGES.invalidJson);
      state.input = {
        params: check(schemas.params, event.pathParameters ?? {}, 'params'),
        query: check(schemas.query, event.queryStringParameters ?? {}, 'query'),
        body: formSent ? undefined : check(schemas.body, state.body ?? {}, 'body'),
      };
    },
  };
}

/** JSON values equal in content, whatever the order of object keys. */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keysA = Object.keys(a);
  const keysB = Object.keys(b);
  return (
    keysA.length === keysB.length &&
    keysA.every((key) => sameJson((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]))
  );
}

/**
 * The answer as the contract describes it. Everywhere, a field the schema does not list is left
 * out (the schema is the allowlist of what leaves the server) and an answer that does not match
 * is a logged 500. On the local and test stages an answer carrying fields the schema does not
 * list is a 500 too, so a schema that has fallen behind its handler fails the tests.
 */
function checkedAnswer(schema: z.ZodType, body: unknown, config: Config, log: Logger): unknown {
  const result = schema.safeParse(body);
  if (!result.success) {
    log.error('answer does not match its contract', { issues: result.error.issues.slice(0, 5) });
    throw new AppError(500, MESSAGES.serverError);
  }
  if (config.isLocal) {
    const sent = body === undefined ? undefined : JSON.parse(JSON.stringify(body));
    const described = result.data === undefined ? undefined : JSON.parse(JSON.stringify(result.data));
    if (!sameJson(sent, described)) {
      log.error('answer has fields its contract does not list', { sent, described });
      throw new AppError(500, MESSAGES.serverError);
    }
  }
  return result.data;
}

function errorBody(error: AppError): ApiErrorBody {
  if (error instanceof ValidationError) return { message: error.message, issues: error.issues };
  if (error instanceof AccountStoppedError)
    return { message: error.message, reason: error.reason, stoppedUntil: error.stoppedUntil };
  return error.reason ? { message: error.message, reason: error.reason } : { message: error.message };
}

const mapErrors: Middleware = {
  onError: (request: MiddyRequest) => {
    const error = request.error;
    const state = request.context.state;
    const known = toAppError(error);
    if (known) {
      request.response = jsonResponse(known.status, errorBody(known));
      if (known.status >= 500) state?.log.error('request failed', { error });
      return;
    }
    const log = state?.log ?? requestLog();
    if (isTimeout(error)) {
      // The outcome is unknown (a write may have gone through): say so rather than "try again".
      log.error('timed out', { error });
      request.response = jsonResponse(504, { message: MESSAGES.timedOut } satisfies ApiErrorBody);
      return;
    }
    if (isServiceUnavailable(error)) {
      // Busy or unreachable after the SDK's retries: nothing was decided, the caller may try again.
      log.error('service unavailable', { error });
      request.response = jsonResponse(503, { message: MESSAGES.serviceUnavailable } satisfies ApiErrorBody, {
        headers: { 'retry-after': '5' },
      });
      return;
    }
    log.error('unhandled error', { error });
    request.response = jsonResponse(500, { message: MESSAGES.serverError } satisfies ApiErrorBody);
  },
};

function jsonResponse(
  statusCode: number,
  body: unknown,
  extra: Omit<HttpReply, 'status' | 'body'> = {},
): APIGatewayProxyStructuredResultV2 {
  return {
    statusCode,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
      ...extra.headers,
    },
    ...(extra.cookies?.length ? { cookies: extra.cookies } : {}),
    body: body === undefined ? '' : JSON.stringify(body),
  };
}

type Infer<S, Fallback> = S extends z.ZodType ? z.output<S> : Fallback;

/** A route's request, typed by its contract. */
export type RequestFor<C extends RouteSchemas, U, S = SessionInfo> = HttpRequest<
  Infer<C['body'], undefined>,
  Infer<C['query'], Record<string, string | undefined>>,
  Infer<C['params'], Record<string, string | undefined>>,
  U,
  S
>;

/** A route's handler: its answer's body is typed by the contract's response schema. */
export type RouteHandle<C extends RouteSchemas, U, S = SessionInfo> = (
  request: RequestFor<C, U, S>,
) => Promise<HttpReply<ReplyOf<C>>>;

/**
 * The chain for one route. `functions/api/http.ts` calls it with the route table's entry, the
 * contract and the session lookup; test fixtures call it with routes of their own.
 */
export function createHttpHandler<
  C extends RouteSchemas,
  U extends Principal | undefined,
  S extends SessionInfo,
>(
  route: HttpRoute,
  contract: C,
  handle: RouteHandle<C, U, S>,
  identify: Identify<NonNullable<U> & Principal, S>,
) {
  getConfig();
  const routeKey = `${route.method} ${route.path}`;
  const chain = middy<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Error, HandlerContext>()
    .use(observe(route))
    .use(csrfCookie)
    .use(parseBody)
    .use(identifyCaller(identify as unknown as Identify<Principal, SessionInfo>))
    .use(checkCsrf)
    .use(checkAccess)
    .use(validate(contract))
    .use(mapErrors)
    .handler(async (event, context) => {
      const state = context.state;
      const reply = await handle({
        body: state.input?.body as never,
        query: state.input?.query as never,
        params: state.input?.params as never,
        user: state.user as U,
        session: state.session as S | undefined,
        rawBody: state.rawBody,
        headers: state.headers,
        cookies: state.cookies,
        requestId: state.requestId,
        log: state.log,
        event,
        deadline:
          Math.min(
            Date.now() - (performance.now() - state.startedAt) + HTTP_API_TIMEOUT_MS,
            typeof context.getRemainingTimeInMillis === 'function'
              ? Date.now() + context.getRemainingTimeInMillis()
              : Infinity,
          ) - REPLY_MARGIN_MS,
      });
      const body = checkedAnswer(contract.response, reply.body, state.config, state.log);
      return jsonResponse(reply.status ?? 200, body, reply);
    });
  // Every line the chain and the domain code log carries the request id and route (`requestLog()`).
  return (event: APIGatewayProxyEventV2, context: Context) =>
    withRequestLog(
      createLogger({ requestId: requestIdOf(event, context), route: routeKey }, getConfig().logLevel),
      () => chain(event, context as HandlerContext),
    );
}
