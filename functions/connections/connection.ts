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
 * WebSocket connections: `pk = CONNECTION#<connectionId>`, `sk = CONNECTION`. A member's is owned
 * by the signed-in user who opened it (`gsi2pk = USER#<userId>`) and tied to the session it was
 * opened with: when that session ends (logout, password reset, ban, account deletion) the socket is
 * closed. A guest's (no session: it may only join a class game) has neither. API Gateway closes a
 * socket after 2 hours at most, so the item expires then too.
 */
const MAX_CONNECTION_HOURS = 2;

/** What every socket's item has. */
interface ConnectionFields {
  pk: string;
  sk: 'CONNECTION';
  connectionId: string;
  /** Base URL of the `@connections` API that reaches this socket. */
  endpoint: string;
  connectedAt: string;
  ttl: number;
  /**
   * The address the socket was opened from, as `$connect` found it (functions/ws/connect.ts: the
   * viewer's, which CloudFront writes, else the socket's `sourceIp`): every message route's limits
   * per address count by it, since a message's own `sourceIp` behind CloudFront is an edge server's.
   */
  viewerAddress?: string;
  /**
   * The class game this socket plays in, and its player there (docs/classroom.md): set by the
   * game's `join_class` through `markClassPlayer` (connection-store.ts). A guest socket without
   * them is closed `CLASSROOM_LIMITS.guestJoinSeconds` after it opened.
   */
  classGameId?: string;
  classPlayerId?: string;
  /**
   * The socket's message count (its limit of messages a second, functions/ws/socket-limits.ts),
   * kept on its own item so that counting a message also reads the item (connection-store.ts `countMessage`):
   * `msgCount` messages in the second `msgSecond` (epoch s), and the second before as
   * `msgPrevSecond`/`msgPrevCount`.
   */
  msgSecond?: number;
  msgCount?: number;
  msgPrevSecond?: number;
  msgPrevCount?: number;
}

/** A signed-in member's socket: owned by the member and tied to the session it was opened with. */
export interface MemberConnection extends ConnectionFields {
  guest?: undefined;
  userId: string;
  /** Key of the session the socket was opened with (`SESSION#<hash>`). */
  sessionPk: string;
  gsi2pk: string;
  gsi2sk: string;
}

/**
 * A socket opened without a session (issue 31): it may only join a class game. No member owns it
 * (no owner index entry), so no session's end closes it; it expires as every socket does.
 */
export interface GuestConnection extends ConnectionFields {
  guest: true;
  userId?: undefined;
  sessionPk?: undefined;
}

export type ConnectionItem = MemberConnection | GuestConnection;

export const isGuestConnection = (connection: ConnectionItem): connection is GuestConnection =>
  connection.guest === true;

const connectionExpiry = (now: Date) =>
  ttlFromDate(new Date(now.getTime() + MAX_CONNECTION_HOURS * 3600_000));

export async function saveConnection(
  input: { connectionId: string; userId: string; sessionPk: string; endpoint: string; viewerAddress: string },
  now = new Date(),
) {
  const item: MemberConnection = {
    ...connectionKey(input.connectionId),
    connectionId: input.connectionId,
    userId: input.userId,
    sessionPk: input.sessionPk,
    endpoint: input.endpoint,
    viewerAddress: input.viewerAddress,
    connectedAt: now.toISOString(),
    ttl: connectionExpiry(now),
    ...ConnectionKeys.owner({ userId: input.userId, connectedAt: now.toISOString() }),
  };
  await transactWrite([accountGuard(input.userId), { Put: { Item: item } }]);
  return item;
}

/** A guest socket's item (`$connect` without a session cookie): no member, no session, no owner. */
export async function saveGuestConnection(
  input: { connectionId: string; endpoint: string; viewerAddress: string },
  now = new Date(),
): Promise<GuestConnection> {
  const item: GuestConnection = {
    ...connectionKey(input.connectionId),
    connectionId: input.connectionId,
    guest: true,
    endpoint: input.endpoint,
    viewerAddress: input.viewerAddress,
    connectedAt: now.toISOString(),
    ttl: connectionExpiry(now),
  };
  await db.put({ Item: item });
  return item;
}

/**
 * The socket's item, read consistently: a frame sent right after a join (or a close right after
 * it) sees the seat the join marked, so one socket holds one seat and its close drops that seat.
 */
export async function findConnection(connectionId: string): Promise<ConnectionItem | undefined> {
  const result = await db.get({ Key: connectionKey(connectionId), ConsistentRead: true });
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
    await queryOwned<MemberConnection>(userId, ConnectionKeys, {
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
