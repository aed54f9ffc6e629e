import { resetConfigForTests } from '@functions/lib/config';
import type { HttpRoute, QueueConsumer, StreamConsumer, WebSocketRoute } from '@functions/routes';
import { httpRoutes, queueConsumers, streamConsumers, webSocketRoutes } from '@functions/routes';
import { getConfig } from '@functions/lib/config';
import { startGateway, type GatewayOptions } from '../../scripts/local/gateway';
import { freePort } from '../../scripts/local/ports';

/**
 * Starts the local gateway for one test file, on free ports, with the route table plus any
 * test-only routes: API and WebSocket (and the web app with `web: 'vite'`) at `url`, the
 * `@connections` API and SQS scheduler at `controlUrl`, where the functions are pointed.
 */
export async function startTestGateway(
  extra: {
    httpRoutes?: HttpRoute[];
    webSocketRoutes?: WebSocketRoute[];
    queueConsumers?: QueueConsumer[];
    /** Replaces the table's stream consumers (the search indexer by default). */
    streamConsumers?: StreamConsumer[];
    web?: GatewayOptions['web'];
    webDist?: string;
  } = {},
) {
  const config = getConfig();
  const port = await freePort();
  const gateway = await startGateway({
    port,
    controlPort: 0,
    web: extra.web ?? 'none',
    ...(extra.webDist ? { webDist: extra.webDist } : {}),
    httpRoutes: [...httpRoutes, ...(extra.httpRoutes ?? [])],
    webSocketRoutes: [...webSocketRoutes, ...(extra.webSocketRoutes ?? [])],
    queueConsumers: [...queueConsumers, ...(extra.queueConsumers ?? [])],
    // The test file's own table: its stream reaches the search indexer as in AWS.
    tableStream: { endpoint: config.endpoints.dynamodb!, tableName: config.tableName },
    streamConsumers: extra.streamConsumers ?? streamConsumers,
  });
  // Read by the functions at their first call, which comes after this.
  Object.assign(process.env, {
    WS_MANAGEMENT_ENDPOINT: gateway.controlUrl,
    SQS_ENDPOINT: gateway.controlUrl,
    TICK_QUEUE_URL: `${gateway.controlUrl}/000000000000/tick`,
  });
  resetConfigForTests();
  return {
    url: `http://127.0.0.1:${port}`,
    wsUrl: `ws://127.0.0.1:${port}/ws`,
    controlUrl: gateway.controlUrl,
    streamSettled: gateway.streamSettled,
    stop: gateway.stop,
  };
}
