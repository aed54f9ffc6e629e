import middy from '@middy/core';
import type { MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyResultV2, APIGatewayProxyWebsocketEventV2, Context } from 'aws-lambda';
import type { z } from 'zod';
import '@shared/zod-ja';
import { MESSAGES } from '@shared/messages';
import { CLASSROOM_MESSAGES, MULTIPLAYER_MESSAGES } from '@shared/socket-protocol';
import {
  closeConnection,
  closeConnections,
  sendToConnection,
  type ConnectionItem,
  type GuestConnection,
  type MemberConnection,
  type ServerMessage,
} from '../connections/connection';
import { countMessage } from '../connections/connection-store';
import { findSessionByKey } from '../sessions/session';
import { accountStanding } from '../users/user-policy';
import { getUser, type UserItem } from '../users/user-store';
import type { WebSocketRouteKey } from '../routes';
import { getConfig } from '../lib/config';
import { AppError, BadRequestError, UnauthorizedError } from '../lib/errors';
import { mapErrors } from '../lib/http/map-errors';
import { parseRequestJson } from '../lib/request-json';
import { observe, type ObservedContext } from '../lib/http/observe';
import { createLogger, withRequestLog, type Logger } from '../lib/logger';
import { emitMetric, METRIC } from '../lib/metrics';
import {
  allowanceOf,
  messageAllowance,
  POLICY_VIOLATION,
  settledHere,
  type MessageAllowance,
} from './socket-limits';

/**
 * The middy chain of every WebSocket message route (not `$connect`/`$disconnect`):
 * drop a flood already settled here → observe (request id, JSON log, the same step as HTTP's) →
 * count the message against the socket's limit before any other work (socket-limits.ts) and find
 * its connection, opened at `$connect` → a member's socket: check its session and account are
 * still good (a socket whose session ended is closed); a guest's (opened without a session, issue
 * 31): refused unless the route takes guests → parse and validate the JSON message → the route's
 * handler; errors are mapped last, as HTTP's are, and answered to the client as
 * `{ type: 'error', message, reason }` through the `@connections` API.
 */
interface SocketRequest<Message> {
  message: Message;
  /** Sends a message to the caller's socket. */
  reply: (message: ServerMessage) => Promise<boolean>;
  endpoint: string;
  requestId: string;
  log: Logger;
  /** When API Gateway received the message (epoch ms): the server's clock for deadlines. */
  receivedAt: number;
  /**
   * The client's address, for limits per address: the viewer's as `$connect` found it (kept on the
   * connection item), else the message's `sourceIp`.
   */
  sourceIp: string;
}

/** A message on a member's socket: the routes that take no guests get only these. */
export interface WebSocketRequest<Message> extends SocketRequest<Message> {
  connection: MemberConnection;
  /** The signed-in member who opened the socket (re-read for every message). */
  user: UserItem;
}

/**
 * A message of a route that takes guests (`guests: true`): a member's socket, with its member, or
 * a guest's socket, with none (`user` undefined; narrowing on `user` or `connection.guest` tells
 * which).
 */
export type OpenSocketRequest<Message> = SocketRequest<Message> &
  ({ connection: MemberConnection; user: UserItem } | { connection: GuestConnection; user: undefined });

/** The `@connections` base URL for this event: configured locally, derived from the event in AWS. */
export function managementEndpoint(event: { requestContext: { domainName: string; stage: string } }): string {
  return (
    getConfig().endpoints.webSocketManagement ??
    `https://${event.requestContext.domainName}/${event.requestContext.stage}`
  );
}

/** What the steps learn of a message and hand on to the ones after them. */
interface SocketState {
  endpoint: string;
  reply: (message: ServerMessage) => Promise<boolean>;
  connection?: ConnectionItem;
  user?: UserItem;
  message?: unknown;
}

type SocketContext = ObservedContext & { socket: SocketState };
type SocketResult = APIGatewayProxyResultV2;
type SocketMiddleware = MiddlewareObj<APIGatewayProxyWebsocketEventV2, SocketResult, Error, SocketContext>;

/** API Gateway wants a status for every message; the answers themselves go over the socket. */
const RECEIVED: SocketResult = { statusCode: 200 };

/**
 * Time kept back from the function's own timeout: a message still being handled then is
 * answered `timedOut` (the outcome is unknown), which needs a call to `@connections`.
 */
const REPLY_MARGIN_MS = 1_000;

/** When API Gateway received the message (epoch ms). */
const receivedAt = (event: APIGatewayProxyWebsocketEventV2) => event.requestContext.requestTimeEpoch;

/** A flood this instance has already seen settled in the table is dropped before any work. */
const dropSettledFlood: SocketMiddleware = {
  before: ({ event }) =>
    settledHere(event.requestContext.connectionId, receivedAt(event)) ? RECEIVED : undefined,
};

const openSocket: SocketMiddleware = {
  before: ({ event, context }) => {
    const endpoint = managementEndpoint(event);
    const { connectionId } = event.requestContext;
    context.socket = { endpoint, reply: (message) => sendToConnection(endpoint, connectionId, message) };
  },
};

/**
 * A message over the socket's limit: dropped without a word, except the one that warns and the one
 * that closes (each answered `rate_limited` first, so the page can say why).
 */
async function refuseFlood(
  allowance: Exclude<MessageAllowance, 'allowed'>,
  socket: SocketState,
  connectionId: string,
  log: Logger,
): Promise<void> {
  if (allowance === 'dropped') return;
  const closing = allowance === 'closed';
  log.warn(closing ? 'socket closed: it kept sending too fast' : 'socket sending too fast');
  await socket
    .reply({
      type: 'error',
      message: closing ? MULTIPLAYER_MESSAGES.socketClosedTooFast : MULTIPLAYER_MESSAGES.socketTooFast,
      reason: 'rate_limited',
    })
    .catch((error: unknown) => log.warn('could not send error', { error }));
  if (closing) await closeConnection(socket.endpoint, connectionId, POLICY_VIOLATION);
}

/**
 * The message counted against the socket's limit on the socket's own item, which the count's write
 * returns (one round trip for both); the session, account and room reads wait for its answer. A
 * socket without an item is counted apart and refused as not signed in.
 */
const countSocketMessage: SocketMiddleware = {
  before: async ({ event, context }) => {
    const { connectionId } = event.requestContext;
    const at = receivedAt(event);
    const counted = await countMessage(connectionId, at);
    const allowance = counted
      ? allowanceOf(connectionId, at, counted.count, counted.previous)
      : await messageAllowance(connectionId, at);
    if (allowance !== 'allowed') {
      await refuseFlood(allowance, context.socket, connectionId, context.observed.log);
      return RECEIVED;
    }
    if (!counted) throw new UnauthorizedError();
    context.socket.connection = counted.connection;
    return undefined;
  },
};

/**
 * The session and account behind a member's connection, re-read for every message; a socket whose
 * session ended is closed. A guest's socket has neither: a route that takes guests gets it with no
 * user, any other refuses it before its message is even parsed.
 */
const checkSession = (guests: boolean, guestRefusal?: () => AppError): SocketMiddleware => ({
  before: async ({ context }) => {
    const connection = context.socket.connection!;
    if (connection.guest === true) {
      if (guests) return undefined;
      throw guestRefusal?.() ?? new AppError(403, CLASSROOM_MESSAGES.guestOnlyJoin, 'invalid');
    }
    const [session, user] = await Promise.all([
      findSessionByKey(connection.sessionPk),
      getUser(connection.userId),
    ]);
    if (!session || !user || accountStanding(user) !== 'ok') {
      context.observed.log.info('session ended: closing the socket', { userId: connection.userId });
      await closeConnections(connection.userId, connection.sessionPk);
      return RECEIVED;
    }
    context.socket.user = user;
    return undefined;
  },
});

/** The JSON message checked by the route's schema; the first issue's Japanese message otherwise. */
const parseMessage = (schema: z.ZodType): SocketMiddleware => ({
  before: ({ event, context }) => {
    const raw = parseRequestJson(event.body ?? '');
    const parsed = schema.safeParse(raw);
    if (!parsed.success) throw new BadRequestError(parsed.error.issues[0]?.message ?? MESSAGES.invalidInput);
    context.socket.message = parsed.data;
  },
});

/**
 * Errors answered over the socket: a refusal with its reason, anything else as `server_error`
 * (counted, for the WebSocketErrors alarm) with the message HTTP's 500, 503 or 504 would carry.
 */
const answerErrors = mapErrors<APIGatewayProxyWebsocketEventV2, SocketResult, SocketContext>(
  async (error, { context }) => {
    const log = context.observed.log;
    const refused = error.outcome === 'refused';
    if (refused) log.info('message refused', { status: error.status, reason: error.body.message });
    else emitMetric(METRIC.webSocketErrors);
    await context.socket
      ?.reply({
        type: 'error',
        message: error.body.message,
        reason: refused ? (error.body.reason ?? 'invalid') : 'server_error',
      })
      .catch((sendError: unknown) => log.warn('could not send error', { error: sendError }));
    return RECEIVED;
  },
);

type SocketHandler = (event: APIGatewayProxyWebsocketEventV2, context: Context) => Promise<SocketResult>;

interface HandlerOptions<S extends z.ZodType> {
  routeKey: WebSocketRouteKey;
  message: S;
  /** What a members' route answers a socket without a session (default: `invalid`, sign-in needed). */
  guestRefusal?: () => AppError;
}

/**
 * A message route's function. A route takes members' sockets only, unless `guests: true`: then
 * sockets opened without a session (docs/multiplayer.md, "Sockets without a session") reach it too,
 * and its handler gets `user` undefined for them.
 */
export function webSocketHandler<S extends z.ZodType>(
  options: HandlerOptions<S> & {
    guests?: false;
    handle: (request: WebSocketRequest<z.output<S>>) => Promise<void>;
  },
): SocketHandler;
export function webSocketHandler<S extends z.ZodType>(
  options: HandlerOptions<S> & {
    guests: true;
    handle: (request: OpenSocketRequest<z.output<S>>) => Promise<void>;
  },
): SocketHandler;
export function webSocketHandler<S extends z.ZodType>(
  options: HandlerOptions<S> & {
    guests?: boolean;
    handle: (request: never) => Promise<void>;
  },
): SocketHandler {
  getConfig();
  const handle = options.handle as (
    request: SocketRequest<z.output<S>> & {
      connection: ConnectionItem;
      user: UserItem | undefined;
    },
  ) => Promise<void>;
  const chain = middy<APIGatewayProxyWebsocketEventV2, SocketResult, Error, SocketContext>({
    timeoutEarlyInMillis: REPLY_MARGIN_MS,
  })
    .use(dropSettledFlood)
    .use(
      observe<APIGatewayProxyWebsocketEventV2, SocketResult, SocketContext>('message', (request) => ({
        userId: request.context.socket?.connection?.userId,
      })),
    )
    .use(openSocket)
    .use(countSocketMessage)
    .use(checkSession(options.guests === true, options.guestRefusal))
    .use(parseMessage(options.message))
    .use(answerErrors)
    .handler(async (event, { socket, observed }) => {
      await handle({
        message: socket.message as z.output<S>,
        connection: socket.connection!,
        user: socket.user,
        reply: socket.reply,
        endpoint: socket.endpoint,
        requestId: observed.requestId,
        log: observed.log,
        receivedAt: receivedAt(event),
        sourceIp: sourceAddress(event, socket.connection!),
      });
      return RECEIVED;
    });
  return (event: APIGatewayProxyWebsocketEventV2, context: Context) => {
    const { connectionId, requestId } = event.requestContext;
    const log = createLogger({ requestId, route: options.routeKey, connectionId }, getConfig().logLevel);
    return withRequestLog(log, () => chain(event, context as SocketContext));
  };
}

/**
 * A message's address for limits per address: the viewer's, kept on the connection item at
 * `$connect` (a message's own `sourceIp` behind CloudFront is the edge server's), else the
 * message's `sourceIp` (a socket opened before connections kept it).
 */
const sourceAddress = (event: APIGatewayProxyWebsocketEventV2, connection: ConnectionItem) =>
  connection.viewerAddress ||
  ((event.requestContext as { identity?: { sourceIp?: string } }).identity?.sourceIp ?? '');
