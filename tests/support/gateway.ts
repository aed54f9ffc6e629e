import { resetConfigForTests } from '@functions/lib/config';
import type { HttpRoute, QueueConsumer, StreamConsumer, WebSocketRoute } from '@functions/routes';
import { httpRoutes, queueConsumers, streamConsumers, webSocketRoutes } from '@functions/routes';
import { getConfig } from '@functions/lib/config';
import { startGateway, type GatewayOptions } from '../../scripts/local/gateway';
import { FUNCTION_TIMEOUT_SCALE } from './limits';

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
  // Port 0: the system's choice as the server binds (suites run side by side on this machine).
  const gateway = await startGateway({
    port: 0,
    controlPort: 0,
    functionTimeoutScale: FUNCTION_TIMEOUT_SCALE,
    web: extra.web ?? 'none',
    // Files run side by side: each Vite server with a dependency cache of its own.
    viteCache: 'own',
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
    url: `http://127.0.0.1:${gateway.port}`,
    wsUrl: `ws://127.0.0.1:${gateway.port}/ws`,
    controlUrl: gateway.controlUrl,
    streamSettled: gateway.streamSettled,
    stop: gateway.stop,
  };
}
