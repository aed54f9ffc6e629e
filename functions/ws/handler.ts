import middy from '@middy/core';
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
import { BadRequestError, isServiceUnavailable, toAppError, UnauthorizedError } from '../lib/errors';
import { createLogger, withRequestLog, type Logger } from '../lib/logger';
import { emitMetric, METRIC } from '../lib/metrics';
import { messageAllowance, POLICY_VIOLATION, settledHere, type MessageAllowance } from './socket-limits';

/**
 * Factory for WebSocket message routes (not `$connect`/`$disconnect`): counts the message against
 * the socket's limit before any other work (socket-limits.ts), parses and validates the JSON
 * message, checks the connection was authenticated at `$connect` and that its session and account
 * are still good (a socket whose session ended is closed), and answers errors to the client as
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
}

/** The `@connections` base URL for this event: configured locally, derived from the event in AWS. */
export function managementEndpoint(event: { requestContext: { domainName: string; stage: string } }): string {
  return (
    getConfig().endpoints.webSocketManagement ??
    `https://${event.requestContext.domainName}/${event.requestContext.stage}`
  );
}

/** When API Gateway received the message (epoch ms). */
const receivedAt = (event: APIGatewayProxyWebsocketEventV2) => event.requestContext.requestTimeEpoch;

/**
 * A message over the socket's limit: dropped without a word, except the one that warns and the one
 * that closes (each answered `rate_limited` first, so the page can say why).
 */
async function refuseFlood(
  allowance: Exclude<MessageAllowance, 'allowed'>,
  endpoint: string,
  connectionId: string,
  reply: (message: ServerMessage) => Promise<boolean>,
  log: Logger,
): Promise<void> {
  if (allowance === 'dropped') return;
  const closing = allowance === 'closed';
  log.warn(closing ? 'socket closed: it kept sending too fast' : 'socket sending too fast');
  await reply({
    type: 'error',
    message: closing ? MULTIPLAYER_MESSAGES.socketClosedTooFast : MULTIPLAYER_MESSAGES.socketTooFast,
    reason: 'rate_limited',
  }).catch((error: unknown) => log.warn('could not send error', { error }));
  if (closing) await closeConnection(endpoint, connectionId, POLICY_VIOLATION);
}

export function webSocketHandler<S extends z.ZodType>(options: {
  routeKey: WebSocketRouteKey;
  message: S;
  handle: (request: WebSocketRequest<z.output<S>>) => Promise<void>;
}) {
  getConfig();
  return middy<APIGatewayProxyWebsocketEventV2, APIGatewayProxyResultV2, Error, Context>().handler(
    async (event) => {
      const { connectionId, requestId } = event.requestContext;
      // A flood this instance has already seen settled in the table is dropped before any work.
      if (settledHere(connectionId, receivedAt(event))) return { statusCode: 200 };
      const log = createLogger({ requestId, route: options.routeKey, connectionId }, getConfig().logLevel);
      return withRequestLog(log, (scoped) => handleMessage(event, scoped));
    },
  );

  async function handleMessage(
    event: APIGatewayProxyWebsocketEventV2,
    log: Logger,
  ): Promise<APIGatewayProxyResultV2> {
    const { connectionId, requestId } = event.requestContext;
    const endpoint = managementEndpoint(event);
    const reply = (message: ServerMessage) => sendToConnection(endpoint, connectionId, message);
    try {
      // The connection item is read beside the count (one round trip for both); the session,
      // account and room reads wait for the count's answer.
      const [allowance, connection] = await Promise.all([
        messageAllowance(connectionId, receivedAt(event)),
        findConnection(connectionId),
      ]);
      if (allowance !== 'allowed') {
        await refuseFlood(allowance, endpoint, connectionId, reply, log);
        return { statusCode: 200 };
      }
      if (!connection) throw new UnauthorizedError();
      const [session, user] = await Promise.all([
        findSessionByKey(connection.sessionPk),
        getUser(connection.userId),
      ]);
      if (!session || !user || accountStanding(user) !== 'ok') {
        log.info('session ended: closing the socket', { userId: connection.userId });
        await closeConnections(connection.userId, connection.sessionPk);
        return { statusCode: 200 };
      }
      let raw: unknown;
      try {
        raw = JSON.parse(event.body ?? '');
      } catch {
        throw new BadRequestError(MESSAGES.invalidJson);
      }
      const parsed = options.message.safeParse(raw);
      if (!parsed.success)
        throw new BadRequestError(parsed.error.issues[0]?.message ?? MESSAGES.invalidInput);
      await options.handle({ message: parsed.data, connection, user, reply, endpoint, requestId, log });
      log.info('message');
    } catch (error) {
      const known = toAppError(error);
      if (!known) {
        log.error('unhandled error', { error });
        emitMetric(METRIC.webSocketErrors);
      } else log.info('message refused', { status: known.status, reason: known.message });
      await reply({
        type: 'error',
        message: known
          ? known.message
          : isServiceUnavailable(error)
            ? MESSAGES.serviceUnavailable
            : MESSAGES.serverError,
        reason: known ? (known.reason ?? 'invalid') : 'server_error',
      }).catch((sendError: unknown) => log.warn('could not send error', { error: sendError }));
    }
    return { statusCode: 200 };
  }
}
