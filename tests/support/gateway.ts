import { resetConfigForTests } from '@functions/lib/config';
import type { HttpRoute, QueueConsumer, WebSocketRoute } from '@functions/routes';
import { httpRoutes, queueConsumers, webSocketRoutes } from '@functions/routes';
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
    web?: GatewayOptions['web'];
    webDist?: string;
  } = {},
) {
  const port = await freePort();
  const gateway = await startGateway({
    port,
    controlPort: 0,
    web: extra.web ?? 'none',
    ...(extra.webDist ? { webDist: extra.webDist } : {}),
    httpRoutes: [...httpRoutes, ...(extra.httpRoutes ?? [])],
    webSocketRoutes: [...webSocketRoutes, ...(extra.webSocketRoutes ?? [])],
    queueConsumers: [...queueConsumers, ...(extra.queueConsumers ?? [])],
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
    stop: gateway.stop,
  };
}
