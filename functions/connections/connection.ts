import {
  DeleteConnectionCommand,
  GoneException,
  PostToConnectionCommand,
} from '@aws-sdk/client-apigatewaymanagementapi';
import { connectionsApi } from '../lib/aws-clients';
import { requestLog } from '../lib/logger';
import { deleteItems } from '../data/batch';
import { db } from '../data/db';
import { queryOwned } from '../data/owned';
import { ttlFromDate } from '../data/table';
import { transactWrite } from '../data/transact';
import { accountGuard } from '../users/user-store';
import { ConnectionKeys, connectionKey } from './connection-keys';

/**
 * WebSocket connections: `pk = CONNECTION#<connectionId>`, `sk = CONNECTION`, owned by the
 * signed-in user who opened it (`gsi2pk = USER#<userId>`) and tied to the session it was opened
 * with: when that session ends (logout, password reset, ban, account deletion) the socket is
 * closed. API Gateway closes a socket after 2 hours at most, so the item expires then too.
 */
const MAX_CONNECTION_HOURS = 2;

export interface ConnectionItem {
  pk: string;
  sk: 'CONNECTION';
  connectionId: string;
  userId: string;
  /** Key of the session the socket was opened with (`SESSION#<hash>`). */
  sessionPk: string;
  /** Base URL of the `@connections` API that reaches this socket. */
  endpoint: string;
  connectedAt: string;
  /** The class game (and player) this socket plays in, once it joined one (docs/classroom.md). */
  classGameId?: string;
  classPlayerId?: string;
  ttl: number;
  gsi2pk: string;
  gsi2sk: string;
}

export async function saveConnection(
  input: { connectionId: string; userId: string; sessionPk: string; endpoint: string },
  now = new Date(),
) {
  const item: ConnectionItem = {
    ...connectionKey(input.connectionId),
    connectionId: input.connectionId,
    userId: input.userId,
    sessionPk: input.sessionPk,
    endpoint: input.endpoint,
    connectedAt: now.toISOString(),
    ttl: ttlFromDate(new Date(now.getTime() + MAX_CONNECTION_HOURS * 3600_000)),
    ...ConnectionKeys.owner({ userId: input.userId, connectedAt: now.toISOString() }),
  };
  await transactWrite([accountGuard(input.userId), { Put: { Item: item } }]);
  return item;
}

export async function findConnection(connectionId: string): Promise<ConnectionItem | undefined> {
  const result = await db.get({ Key: connectionKey(connectionId) });
  return result.Item as ConnectionItem | undefined;
}

export async function removeConnection(connectionId: string): Promise<void> {
  await db.delete({ Key: connectionKey(connectionId) });
}

/** A server → client message; every message has a `type`. */
export interface ServerMessage {
  type: string;
  [field: string]: unknown;
}

/**
 * Sends a message to one socket. Returns false when the socket is gone (closed without
 * `$disconnect` reaching us yet); the stale connection item is removed then.
 */
export async function sendToConnection(
  endpoint: string,
  connectionId: string,
  message: ServerMessage,
): Promise<boolean> {
  try {
    await connectionsApi(endpoint).send(
      new PostToConnectionCommand({ ConnectionId: connectionId, Data: Buffer.from(JSON.stringify(message)) }),
    );
    return true;
  } catch (error) {
    if (error instanceof GoneException) {
      await removeConnection(connectionId);
      return false;
    }
    throw error;
  }
}

/**
 * Header of a `DeleteConnection` call naming the close code the socket should get. API Gateway's
 * `DeleteConnection` takes no close code (its clients see 1000) and ignores the header; the local
 * gateway closes with the code named (docs/decisions.md, "Issue 26: realtime").
 */
export const CLOSE_CODE_HEADER = 'x-close-code';

/**
 * Closes one socket through the `@connections` API, asking for close code `code` where the API can
 * give it; a socket already gone is simply forgotten (its `$disconnect` does the rest).
 */
export async function closeConnection(endpoint: string, connectionId: string, code: number): Promise<void> {
  const command = new DeleteConnectionCommand({ ConnectionId: connectionId });
  command.middlewareStack.add(
    (next) => (args) => {
      (args.request as { headers: Record<string, string> }).headers[CLOSE_CODE_HEADER] = String(code);
      return next(args);
    },
    { step: 'build', name: 'closeCodeHeader' },
  );
  try {
    await connectionsApi(endpoint).send(command);
  } catch (error) {
    if (!(error instanceof GoneException)) throw error;
  }
}

/**
 * Closes a user's sockets — those opened with one session (`sessionPk`), or all of them — through
 * the `@connections` API, and forgets them. A socket already gone is simply forgotten; a failure
 * to reach the API is logged (every message on a socket also re-checks its session).
 */
export async function closeConnections(userId: string, sessionPk?: string): Promise<void> {
  const connections = (
    await queryOwned<ConnectionItem>(userId, ConnectionKeys, {
      projection: 'pk, sk, connectionId, endpoint, sessionPk',
    })
  ).filter((connection) => !sessionPk || connection.sessionPk === sessionPk);
  await Promise.all(
    connections.map((connection) =>
      connectionsApi(connection.endpoint)
        .send(new DeleteConnectionCommand({ ConnectionId: connection.connectionId }))
        .catch((error: unknown) => {
          if (!(error instanceof GoneException)) requestLog().warn('could not close a socket', { error });
        }),
    ),
  );
  await deleteItems(connections.map(({ pk, sk }) => ({ pk, sk })));
}
