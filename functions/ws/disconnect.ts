import type { APIGatewayProxyResultV2, APIGatewayProxyWebsocketEventV2 } from 'aws-lambda';
import { findConnection, removeConnection } from '../connections/connection';
import { getConfig } from '../lib/config';
import { createLogger, withRequestLog } from '../lib/logger';
import { classSocketClosed } from '../classroom/class-play';
import { socketClosed } from '../multiplayer/actions';

/**
 * `$disconnect`: forget the socket (best effort in AWS; stale items also expire and are pruned on
 * `GoneException`); a member in a room keeps their seat for a rejoin; a guest's socket holds none.
 */
export const handler = async (event: APIGatewayProxyWebsocketEventV2): Promise<APIGatewayProxyResultV2> => {
  const { connectionId, requestId } = event.requestContext;
  const log = createLogger({ requestId, route: '$disconnect', connectionId }, getConfig().logLevel);
  return withRequestLog(log, async (log) => {
    const connection = await findConnection(connectionId);
    await removeConnection(connectionId);
    // A class player's socket (a guest's or a member's): marked disconnected, their seat kept for a
    // resume. A guest's socket holds no room seat (docs/classroom.md).
    if (connection?.classGameId) await classSocketClosed(connection, log);
    else if (connection && connection.guest !== true)
      await socketClosed(connection.userId, connectionId, log);
    log.info('disconnected');
    return { statusCode: 200 };
  });
};
