import type { MiddlewareObj, Request } from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type { z } from 'zod';
import type { ReplyOf, RouteSchemas } from '@shared/contract/define';
import type { AccessLevel, HttpRoute } from '../../routes';
import type { Config } from '../config';
import type { Logger } from '../logger';
import type { ObservedContext } from './observe';

/**
 * What the chain needs of a route's row: its contract, access level, body limit and CSRF check
 * (a row of the route table has them all; a deployed function has them without the table, from
 * `functions/api/deployed-route.ts`).
 */
export type ChainRoute = Pick<HttpRoute, 'contract' | 'access' | 'bodyLimitBytes' | 'csrf'>;

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

export interface HttpReply<Body = unknown> {
  status?: number;
  /** The answer, as the route's contract describes it (checked before it is sent). */
  body: Body;
  /** Extra `Set-Cookie` values. */
  cookies?: string[];
  headers?: Record<string, string>;
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

/** What the HTTP middlewares learn of a request and hand on to the ones after them. */
export interface HttpState {
  route: ChainRoute;
  config: Config;
  cookies: Map<string, string>;
  /** The request's headers, names in lower case. */
  headers: Record<string, string | undefined>;
  rawBody?: Buffer;
  /** The parsed JSON body, if the request sent one. */
  body?: unknown;
  session?: SessionInfo;
  user?: Principal;
  /** The input as the contract's schemas checked it. */
  input?: { body: unknown; query: unknown; params: unknown };
}

export type HttpContext = ObservedContext & { state: HttpState };
export type HttpMiddyRequest = Request<
  APIGatewayProxyEventV2,
  APIGatewayProxyStructuredResultV2,
  Error,
  HttpContext
>;
/** One step of the HTTP chain. */
export type HttpMiddleware = MiddlewareObj<
  APIGatewayProxyEventV2,
  APIGatewayProxyStructuredResultV2,
  Error,
  HttpContext
>;
