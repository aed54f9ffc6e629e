import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import {
  ApiGatewayManagementApiClient,
  GoneException,
  PostToConnectionCommand,
} from '@aws-sdk/client-apigatewaymanagementapi';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { COOKIE_NAMES } from '@shared/api';
import { MESSAGES } from '@shared/messages';
import { dynamo } from '@functions/lib/aws-clients';
import { getConfig } from '@functions/lib/config';
import { signInAs } from '../support/accounts';
import { startTestGateway } from '../support/gateway';
import { APP_ORIGIN, TestClient } from '../support/http-client';

/**
 * The WebSocket path end to end: a socket opens through the gateway (`$connect` authenticates),
 * handlers answer through `PostToConnection`, `$disconnect` runs on close, and posting to a
 * closed connection yields `GoneException`.
 */
let gateway: Awaited<ReturnType<typeof startTestGateway>>;

beforeAll(async () => {
  gateway = await startTestGateway();
});
afterAll(() => gateway.stop());

interface OpenSocket {
  socket: WebSocket;
  next(): Promise<Record<string, unknown>>;
}

function open(headers: Record<string, string>): Promise<OpenSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(gateway.wsUrl, { headers });
    const queue: Record<string, unknown>[] = [];
    const waiting: ((message: Record<string, unknown>) => void)[] = [];
    socket.on('message', (data) => {
      const message = JSON.parse(data.toString()) as Record<string, unknown>;
      const waiter = waiting.shift();
      if (waiter) waiter(message);
      else queue.push(message);
    });
    socket.once('open', () =>
      resolve({
        socket,
        next: () =>
          new Promise((done, fail) => {
            const queued = queue.shift();
            if (queued) return done(queued);
            const timer = setTimeout(() => fail(new Error('no message within 5 s')), 5000);
            waiting.push((message) => {
              clearTimeout(timer);
              done(message);
            });
          }),
      }),
    );
    socket.once('unexpected-response', (_request, response) =>
      reject(new Error(`HTTP ${response.statusCode}`)),
    );
    socket.once('error', reject);
  });
}

async function signedInHeaders() {
  const client = new TestClient(gateway.url);
  const { user, sessionId } = await signInAs(client);
  return { user, headers: { Origin: APP_ORIGIN, Cookie: `${COOKIE_NAMES.session}=${sessionId}` } };
}

const connectionItem = async (connectionId: string) =>
  (
    await dynamo().send(
      new GetCommand({
        TableName: getConfig().tableName,
        Key: { pk: `CONNECTION#${connectionId}`, sk: 'CONNECTION' },
      }),
    )
  ).Item;

async function waitFor<T>(probe: () => Promise<T>, until: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 5000;
  for (;;) {
    const value = await probe();
    if (until(value) || Date.now() > deadline) return value;
    await new Promise((done) => setTimeout(done, 50));
  }
}

describe('WebSocket through the local gateway', () => {
  it('refuses a socket without a session', async () => {
    await expect(open({ Origin: APP_ORIGIN })).rejects.toThrow('HTTP 401');
  });

  it('refuses a socket from a foreign page, session or not', async () => {
    const { headers } = await signedInHeaders();
    await expect(open({ ...headers, Origin: 'https://evil.example' })).rejects.toThrow('HTTP 403');
  });

  it('answers through PostToConnection, runs $disconnect on close, and a later post yields GoneException', async () => {
    const { user, headers } = await signedInHeaders();
    const { socket, next } = await open(headers);

    socket.send(JSON.stringify({ type: 'ping', sentAt: 123 }));
    const pong = await next();
    expect(pong).toMatchObject({ type: 'pong', sentAt: 123 });
    expect(typeof pong.serverTime).toBe('number');

    socket.send(JSON.stringify({ type: 'no_such_message' }));
    expect(await next()).toEqual({
      type: 'error',
      message: MESSAGES.unknownMessage,
      reason: 'unknown_message',
    });

    socket.send('not json at all');
    expect(await next()).toMatchObject({ type: 'error', message: MESSAGES.invalidJson });

    // The handler stored the connection at $connect; find its id through the table's owner index.
    const { QueryCommand } = await import('@aws-sdk/lib-dynamodb');
    const owned = await dynamo().send(
      new QueryCommand({
        TableName: getConfig().tableName,
        IndexName: 'byOwner',
        KeyConditionExpression: 'gsi2pk = :owner AND begins_with(gsi2sk, :kind)',
        ExpressionAttributeValues: { ':owner': `USER#${user.id}`, ':kind': 'CONNECTION#' },
      }),
    );
    const connectionId = owned.Items?.[0]?.connectionId as string;
    expect(connectionId).toBeTruthy();

    const management = new ApiGatewayManagementApiClient({
      endpoint: gateway.controlUrl,
      region: 'ap-northeast-1',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
    const pushed = next();
    await management.send(
      new PostToConnectionCommand({
        ConnectionId: connectionId,
        Data: Buffer.from(JSON.stringify({ type: 'hello' })),
      }),
    );
    expect(await pushed).toEqual({ type: 'hello' });

    socket.close();
    expect(
      await waitFor(
        () => connectionItem(connectionId),
        (item) => item === undefined,
      ),
    ).toBeUndefined();

    await expect(
      management.send(new PostToConnectionCommand({ ConnectionId: connectionId, Data: Buffer.from('{}') })),
    ).rejects.toBeInstanceOf(GoneException);
  });
});
