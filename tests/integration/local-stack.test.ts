import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FREE_PORTS, startLocalStack, type LocalStack } from '../../scripts/local/stack';
import { isLoopback, listeningSockets } from '../support/listening-sockets';

/**
 * The whole local stack (`npm run dev` minus the data folder) is reachable from this machine only:
 * every socket it listens on, Java's included, is bound to loopback, and the `@connections` and
 * SQS emulation live on their own loopback control port, not on the app's.
 */
let stack: LocalStack;

beforeAll(async () => {
  stack = await startLocalStack({
    ...FREE_PORTS,
    web: 'vite',
  });
});
afterAll(() => stack?.stop());

const portOf = (url: string) => Number(new URL(url).port);

describe.skipIf(process.platform !== 'linux')('the local stack on the network', () => {
  it('listens on loopback only, every service and child process included', () => {
    const sockets = listeningSockets();
    const ports = new Set(sockets.map((socket) => socket.port));
    for (const url of [
      stack.gateway.url,
      stack.gateway.controlUrl,
      stack.endpoints.dynamodb,
      stack.endpoints.s3,
      stack.endpoints.ses,
      stack.endpoints.stripe,
    ])
      expect(ports, url).toContain(portOf(url));
    expect(sockets.filter((socket) => !isLoopback(socket.address))).toEqual([]);
  });
});

describe('the control port', () => {
  const sendMessage = (base: string) =>
    fetch(base, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-amz-json-1.0',
        'x-amz-target': 'AmazonSQS.SendMessage',
      },
      body: JSON.stringify({
        QueueUrl: process.env.TICK_QUEUE_URL,
        MessageBody: JSON.stringify({ roomId: 'NEVER1', questionIndex: 0 }),
        DelaySeconds: 900,
      }),
    });

  it('is where the functions are told to find @connections and SQS', () => {
    const control = new URL(stack.gateway.controlUrl).origin;
    expect(new URL(process.env.WS_MANAGEMENT_ENDPOINT!).origin).toBe(control);
    expect(new URL(process.env.SQS_ENDPOINT!).origin).toBe(control);
    expect(new URL(process.env.TICK_QUEUE_URL!).origin).toBe(control);
    expect(portOf(stack.gateway.controlUrl)).not.toBe(portOf(stack.gateway.url));
  });

  it('answers @connections and SQS there, and neither on the app port', async () => {
    const queued = await sendMessage(stack.gateway.controlUrl);
    expect(queued.status).toBe(200);
    expect(((await queued.json()) as { MessageId?: string }).MessageId).toBeTruthy();
    const gone = await fetch(`${stack.gateway.controlUrl}/@connections/nobody%3D`, {
      method: 'POST',
      body: '{}',
    });
    expect(gone.status).toBe(410);

    expect((await sendMessage(stack.gateway.url)).status).toBe(404);
    for (const method of ['GET', 'POST', 'DELETE']) {
      const answer = await fetch(`${stack.gateway.url}/@connections/nobody%3D`, {
        method,
        ...(method === 'POST' ? { body: '{}' } : {}),
      });
      expect(answer.status, method).toBe(404);
    }
  });

  it('is not where the payment simulator is: its API, checkout page and test clock have their own port', async () => {
    expect(portOf(stack.endpoints.stripe)).not.toBe(portOf(stack.gateway.url));
    expect(new URL(stack.endpoints.stripe).hostname).toBe('127.0.0.1');
    expect(new URL(process.env.STRIPE_API_URL!).origin).toBe(new URL(stack.endpoints.stripe).origin);
    const clock = () =>
      fetch(`${stack.endpoints.stripe}/_simulator/state`).then(
        async (answer) => ((await answer.json()) as { offsetSeconds: number }).offsetSeconds,
      );
    const before = await clock();
    // On the app port these paths are the web app's (its page), never the simulator's.
    const moved = await fetch(`${stack.gateway.url}/_simulator/advance-clock`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ seconds: 86_400 }),
    });
    expect(moved.headers.get('content-type')).not.toMatch(/json/);
    expect(await clock()).toBe(before);
    const api = await fetch(`${stack.gateway.url}/v1/customers`, {
      headers: { authorization: 'Bearer sk_test_local_simulator' },
    });
    expect(api.headers.get('content-type')).not.toMatch(/json/);
  });

  it('serves nothing else', async () => {
    expect((await fetch(`${stack.gateway.controlUrl}/api/categories`)).status).toBe(404);
    expect((await fetch(`${stack.gateway.controlUrl}/`)).status).toBe(404);
  });
});
