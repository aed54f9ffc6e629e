import { resetConfigForTests } from '@functions/lib/config';
import type { HttpRoute, QueueConsumer, WebSocketRoute } from '@functions/routes';
import { httpRoutes, queueConsumers, webSocketRoutes } from '@functions/routes';
import { startGateway } from '../../scripts/local/gateway';
import { freePort } from '../../scripts/local/ports';

/**
 * Starts the local gateway (API, WebSocket, `@connections`, SQS scheduler) for one test file, on a
 * free port, with the route table plus any test-only routes.
 */
export async function startTestGateway(
  extra: {
    httpRoutes?: HttpRoute[];
    webSocketRoutes?: WebSocketRoute[];
    queueConsumers?: QueueConsumer[];
  } = {},
) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  Object.assign(process.env, {
    WS_MANAGEMENT_ENDPOINT: url,
    SQS_ENDPOINT: url,
    TICK_QUEUE_URL: `${url}/000000000000/tick`,
  });
  resetConfigForTests();
  const gateway = await startGateway({
    port,
    web: 'none',
    httpRoutes: [...httpRoutes, ...(extra.httpRoutes ?? [])],
    webSocketRoutes: [...webSocketRoutes, ...(extra.webSocketRoutes ?? [])],
    queueConsumers: [...queueConsumers, ...(extra.queueConsumers ?? [])],
  });
  return { url, wsUrl: `ws://127.0.0.1:${port}/ws`, stop: gateway.stop };
}
