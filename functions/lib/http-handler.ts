import middy from '@middy/core';
import type { MiddlewareObj, Request } from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { timingSafeEqual } from 'node:crypto';
import type { z } from 'zod';
import '@shared/zod-ja';
import { COOKIE_NAMES, CSRF_HEADER, SAFE_METHODS, type ApiErrorBody } from '@shared/api';
import { LIMITS } from '@shared/constants';
import { MESSAGES } from '@shared/messages';
import {
  findHttpRoute,
  type AccessLevel,
  type HttpRoute,
  type HttpRouteKey,
  type httpRoutes,
} from '../routes';
import { findSession, randomToken, type SessionItem } from '../sessions/session';
import { accountStanding, getUser, type UserItem } from '../users/user';
import { getConfig, type Config } from './config';
import { parseCookies, serializeCookie } from './cookies';
import {
  AppError,
  BadRequestError,
  ForbiddenError,
  PayloadTooLargeError,
  UnauthorizedError,
  ValidationError,
} from './errors';
import { createLogger, type Logger } from './logger';

/**
 * The one factory that builds every HTTP route's middy chain:
 * observe (request id, JSON log) → body (size, base64, JSON) → session → CSRF → access level →
 * zod validation → handler; errors are mapped last to a status and a Japanese `{ message }`.
 * The route's access level and body limit come from the route table, never from the route file.
 */

type Route = (typeof httpRoutes)[number];
type RouteFor<K extends HttpRouteKey> = K extends `${infer M} ${infer P}`
  ? Extract<Route, { method: M; path: P }>
  : never;
type UserFor<K extends HttpRouteKey> = RouteFor<K>['access'] extends 'public'
  ? UserItem | undefined
  : UserItem;

export interface HttpRequest<Body, Query, Params, U> {
  body: Body;
  query: Query;
  params: Params;
  /** The signed-in user (always present unless the route is public). */
  user: U;
  session: SessionItem | undefined;
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

export interface HttpReply {
  status?: number;
  body?: unknown;
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
  session?: SessionItem;
  user?: UserItem;
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

const observe = (route: HttpRoute): Middleware => ({
  before: (request: MiddyRequest) => {
    const config = getConfig();
    const requestId =
      request.event.requestContext?.requestId ?? request.context.awsRequestId ?? randomToken(8);
    request.context.state = {
      route,
      config,
      requestId,
      log: createLogger({ requestId, route: `${route.method} ${route.path}` }, config.logLevel),
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

const loadSession: Middleware = {
  before: async (request: MiddyRequest) => {
    const state = request.context.state;
    const sessionId = state.cookies.get(COOKIE_NAMES.session);
    if (!sessionId) return;
    const session = await findSession(sessionId);
    if (!session) return;
    const user = await getUser(session.userId);
    if (!user) return;
    const standing = accountStanding(user);
    // A suspended, banned or deactivated account is refused wherever a signed-in user is needed,
    // and an account being deleted is signed out; on public routes the request simply proceeds
    // as a guest's.
    if (standing !== 'ok' && state.route.access !== 'public') {
      if (standing === 'deleting') throw new UnauthorizedError();
      throw new ForbiddenError(standing === 'stopped' ? MESSAGES.accountStopped : MESSAGES.accountInactive);
    }
    if (standing !== 'ok') return;
    state.session = session;
    state.user = user;
  },
};

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

const allows: Record<AccessLevel, (user: UserItem | undefined) => boolean | 'signin'> = {
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
    if (!verdict) throw new ForbiddenError();
  },
};

interface Schemas {
  body?: z.ZodType;
  query?: z.ZodType;
  params?: z.ZodType;
}

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

function validate(schemas: Schemas): Middleware {
  const check = (schema: z.ZodType | undefined, value: unknown, where: string) =>
    schema ? checkInput(schema, value, where) : value;
  return {
    before: (request: MiddyRequest) => {
      const state = request.context.state;
      const { event } = request;
      if (schemas.body && state.rawBody && state.body === undefined)
        throw new BadRequestError(MESSAGES.invalidJson);
      state.input = {
        params: check(schemas.params, event.pathParameters ?? {}, 'params'),
        query: check(schemas.query, event.queryStringParameters ?? {}, 'query'),
        body: check(schemas.body, state.body ?? {}, 'body'),
      };
    },
  };
}

export function errorBody(error: AppError): ApiErrorBody {
  return error instanceof ValidationError
    ? { message: error.message, issues: error.issues }
    : { message: error.message };
}

const mapErrors: Middleware = {
  onError: (request: MiddyRequest) => {
    const error = request.error;
    const state = request.context.state;
    if (error instanceof AppError) {
      request.response = jsonResponse(error.status, errorBody(error));
      if (error.status >= 500) state?.log.error('request failed', { error });
      return;
    }
    (state?.log ?? createLogger()).error('unhandled error', { error });
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

interface HandlerOptions<B, Q, P, U> {
  body?: B;
  query?: Q;
  params?: P;
  handle: (
    request: HttpRequest<
      Infer<B, undefined>,
      Infer<Q, Record<string, string | undefined>>,
      Infer<P, Record<string, string | undefined>>,
      U
    >,
  ) => Promise<HttpReply>;
}

/**
 * Builds a route's Lambda handler; the route's access level and limits come from the route table.
 * @example export const handler = httpHandler({ route: 'GET /api/categories', handle: async () => ({ body: await listCategories() }) });
 */
export function httpHandler<
  K extends HttpRouteKey,
  B extends z.ZodType | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
  P extends z.ZodType | undefined = undefined,
>(options: HandlerOptions<B, Q, P, UserFor<K>> & { route: K }) {
  const route = findHttpRoute(options.route);
  if (!route) throw new Error(`Route ${options.route} is not in the route table`);
  return createHttpHandler<B, Q, P, UserFor<K>>(route, options);
}

/** The chain itself, for a route given in full (the route table's routes, and test fixtures). */
export function createHttpHandler<
  B extends z.ZodType | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
  P extends z.ZodType | undefined = undefined,
  U = UserItem | undefined,
>(route: HttpRoute, options: HandlerOptions<B, Q, P, U>) {
  getConfig();
  return middy<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Error, HandlerContext>()
    .use(observe(route))
    .use(csrfCookie)
    .use(parseBody)
    .use(loadSession)
    .use(checkCsrf)
    .use(checkAccess)
    .use(validate({ body: options.body, query: options.query, params: options.params }))
    .use(mapErrors)
    .handler(async (event, context) => {
      const state = context.state;
      const reply = await options.handle({
        body: state.input?.body as never,
        query: state.input?.query as never,
        params: state.input?.params as never,
        user: state.user as U,
        session: state.session,
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
      return jsonResponse(reply.status ?? 200, reply.body, reply);
    });
}
