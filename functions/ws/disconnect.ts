import type { APIGatewayProxyResultV2, APIGatewayProxyWebsocketEventV2 } from 'aws-lambda';
import { removeConnection } from '../connections/connection';
import { getConfig } from '../lib/config';
import { createLogger } from '../lib/logger';

/** `$disconnect`: forget the socket (best effort in AWS; stale items also expire and are pruned on `GoneException`). */
export const handler = async (event: APIGatewayProxyWebsocketEventV2): Promise<APIGatewayProxyResultV2> => {
  const { connectionId, requestId } = event.requestContext;
  await removeConnection(connectionId);
  createLogger({ requestId, route: '$disconnect', connectionId }, getConfig().logLevel).info('disconnected');
  return { statusCode: 200 };
};
