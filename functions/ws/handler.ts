import middy from '@middy/core';
import type { MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyResultV2, APIGatewayProxyWebsocketEventV2, Context } from 'aws-lambda';
import type { z } from 'zod';
import '@shared/zod-ja';
import { MESSAGES } from '@shared/messages';
import { MULTIPLAYER_MESSAGES } from '@shared/multiplayer';
import {
  closeConnection,
  closeConnections,
  findConnection,
  sendToConnection,
  type ConnectionItem,
  type ServerMessage,
} from '../connections/connection';
import { findSessionByKey } from '../sessions/session';
import { accountStanding } from '../users/user-policy';
import { getUser, type UserItem } from '../users/user-store';
import type { WebSocketRouteKey } from '../routes';
import { getConfig } from '../lib/config';
import { BadRequestError, UnauthorizedError } from '../lib/errors';
import { mapErrors } from '../lib/http/map-errors';
import { observe, type ObservedContext } from '../lib/http/observe';
import { createLogger, withRequestLog, type Logger } from '../lib/logger';
import { emitMetric, METRIC } from '../lib/metrics';
import { messageAllowance, POLICY_VIOLATION, settledHere, type MessageAllowance } from './socket-limits';

/**
 * The middy chain of every WebSocket message route (not `$connect`/`$disconnect`):
 * drop a flood already settled here → observe (request id, JSON log, the same step as HTTP's) →
 * count the message against the socket's limit before any other work (socket-limits.ts) and find
 * its connection, authenticated at `$connect` → check its session and account are still good (a
 * socket whose session ended is closed) → parse and validate the JSON message → the route's
 * handler; errors are mapped last, as HTTP's are, and answered to the client as
 * `{ type: 'error', message, reason }` through the `@connections` API.
 */
interface WebSocketRequest<Message> {
  message: Message;
  connection: ConnectionItem;
  /** The signed-in member who opened the socket (re-read for every message). */
  user: UserItem;
  /** Sends a message to the caller's socket. */
  reply: (message: ServerMessage) => Promise<boolean>;
  endpoint: string;
  requestId: string;
  log: Logger;
  /** When API Gateway received the message (epoch ms): the server's clock for deadlines. */
  receivedAt: number;
  /** The client's address, for limits per address. */
  sourceIp: string;
}

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
 * The message counted against the socket's limit, and its connection read beside the count (one
 * round trip for both); the session, account and room reads wait for the count's answer.
 */
const countMessage: SocketMiddleware = {
  before: async ({ event, context }) => {
    const { connectionId } = event.requestContext;
    const [allowance, connection] = await Promise.all([
      messageAllowance(connectionId, receivedAt(event)),
      findConnection(connectionId),
    ]);
    if (allowance !== 'allowed') {
      await refuseFlood(allowance, context.socket, connectionId, context.observed.log);
      return RECEIVED;
    }
    if (!connection) throw new UnauthorizedError();
    context.socket.connection = connection;
    return undefined;
  },
};

/** The session and account behind the connection, re-read for every message; a socket whose session ended is closed. */
const checkSession: SocketMiddleware = {
  before: async ({ context }) => {
    const connection = context.socket.connection!;
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
};

/** The JSON message checked by the route's schema; the first issue's Japanese message otherwise. */
const parseMessage = (schema: z.ZodType): SocketMiddleware => ({
  before: ({ event, context }) => {
    let raw: unknown;
    try {
      raw = JSON.parse(event.body ?? '');
    } catch {
      throw new BadRequestError(MESSAGES.invalidJson);
    }
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

export function webSocketHandler<S extends z.ZodType>(options: {
  routeKey: WebSocketRouteKey;
  message: S;
  handle: (request: WebSocketRequest<z.output<S>>) => Promise<void>;
}) {
  getConfig();
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
    .use(countMessage)
    .use(checkSession)
    .use(parseMessage(options.message))
    .use(answerErrors)
    .handler(async (event, { socket, observed }) => {
      await options.handle({
        message: socket.message as z.output<S>,
        connection: socket.connection!,
        user: socket.user!,
        reply: socket.reply,
        endpoint: socket.endpoint,
        requestId: observed.requestId,
        log: observed.log,
        receivedAt: receivedAt(event),
        sourceIp: (event.requestContext as { identity?: { sourceIp?: string } }).identity?.sourceIp ?? '',
      });
      return RECEIVED;
    });
  return (event: APIGatewayProxyWebsocketEventV2, context: Context) => {
    const { connectionId, requestId } = event.requestContext;
    const log = createLogger({ requestId, route: options.routeKey, connectionId }, getConfig().logLevel);
    return withRequestLog(log, () => chain(event, context as SocketContext));
  };
}
