import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { GoneException, PostToConnectionCommand } from '@aws-sdk/client-apigatewaymanagementapi';
import { connectionsApi } from '../lib/aws-clients';
import { dynamo } from '../lib/aws-clients';
import { getConfig } from '../lib/config';
import { ttlFromDate } from '../data/table';

/**
 * WebSocket connections: `pk = CONNECTION#<connectionId>`, `sk = CONNECTION`, owned by the
 * signed-in user who opened it (`gsi2pk = USER#<userId>`). API Gateway closes a socket after
 * 2 hours at most, so the item expires then too.
 */
const MAX_CONNECTION_HOURS = 2;

export interface ConnectionItem {
  pk: string;
  sk: 'CONNECTION';
  connectionId: string;
  userId: string;
  /** Base URL of the `@connections` API that reaches this socket. */
  endpoint: string;
  connectedAt: string;
  ttl: number;
  gsi2pk: string;
  gsi2sk: string;
}

const connectionKey = (connectionId: string) => ({
  pk: `CONNECTION#${connectionId}`,
  sk: 'CONNECTION' as const,
});

export async function saveConnection(
  input: { connectionId: string; userId: string; endpoint: string },
  now = new Date(),
) {
  const item: ConnectionItem = {
    ...connectionKey(input.connectionId),
    connectionId: input.connectionId,
    userId: input.userId,
    endpoint: input.endpoint,
    connectedAt: now.toISOString(),
    ttl: ttlFromDate(new Date(now.getTime() + MAX_CONNECTION_HOURS * 3600_000)),
    gsi2pk: `USER#${input.userId}`,
    gsi2sk: `CONNECTION#${now.toISOString()}`,
  };
  await dynamo().send(new PutCommand({ TableName: getConfig().tableName, Item: item }));
  return item;
}

export async function findConnection(connectionId: string): Promise<ConnectionItem | undefined> {
  const result = await dynamo().send(
    new GetCommand({ TableName: getConfig().tableName, Key: connectionKey(connectionId) }),
  );
  return result.Item as ConnectionItem | undefined;
}

export async function removeConnection(connectionId: string): Promise<void> {
  await dynamo().send(
    new DeleteCommand({ TableName: getConfig().tableName, Key: connectionKey(connectionId) }),
  );
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
