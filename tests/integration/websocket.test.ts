import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import {
  ApiGatewayManagementApiClient,
  GoneException,
  PostToConnectionCommand,
} from '@aws-sdk/client-apigatewaymanagementapi';
import { COOKIE_NAMES } from '@shared/api';
import { MESSAGES } from '@shared/messages';
import { ConnectionKeys, connectionKey } from '@functions/connections/connection-keys';
import { db } from '@functions/data/db';
import { queryOwned } from '@functions/data/owned';
import { sessionKey } from '@functions/sessions/session-keys';
import { emailKey } from '@functions/users/user-keys';
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
        // No deadline of its own: a busy machine may be slow; the test's timeout bounds the wait.
        next: () =>
          new Promise((done) => {
            const queued = queue.shift();
            if (queued) done(queued);
            else waiting.push(done);
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
  (await db.get({ Key: connectionKey(connectionId) })).Item;

/** Polls until `until` holds (the test's timeout bounds the wait, not a clock of its own). */
async function waitFor<T>(probe: () => Promise<T>, until: (value: T) => boolean): Promise<T> {
  for (;;) {
    const value = await probe();
    if (until(value)) return value;
    await new Promise((done) => setTimeout(done, 50));
  }
}

describe('WebSocket through the local gateway', () => {
  it('refuses a socket whose session cookie names no live session', async () => {
    // Without any session cookie the socket is a guest's (tests/integration/guest-sockets.test.ts).
    await expect(open({ Origin: APP_ORIGIN, Cookie: `${COOKIE_NAMES.session}=gone` })).rejects.toThrow(
      'HTTP 401',
    );
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
    socket.send('{"type": "ping", "sentAt": 1, "note": "\\ud800"}');
    expect(await next()).toMatchObject({ type: 'error', message: MESSAGES.malformedText });

    // The handler stored the connection at $connect; find its id through the table's owner index.
    const owned = await queryOwned<{ connectionId: string }>(user.id, ConnectionKeys);
    const connectionId = owned[0]?.connectionId as string;
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

describe('sockets end with their session', () => {
  const closed = (socket: WebSocket) =>
    new Promise<number>((done) => {
      if (socket.readyState === WebSocket.CLOSED) done(-1);
      else socket.once('close', (code) => done(code));
    });

  async function member(overrides: Parameters<typeof signInAs>[1] = {}) {
    const client = new TestClient(gateway.url);
    await client.get('/api/categories');
    const { user, sessionId } = await signInAs(client, overrides);
    const headers = { Origin: APP_ORIGIN, Cookie: `${COOKIE_NAMES.session}=${sessionId}` };
    return { client, user, headers };
  }

  it('closes the sockets of a session at logout, and only those', async () => {
    const { client, headers } = await member();
    const first = await open(headers);
    const second = await open(headers);
    const other = await member();
    const bystander = await open(other.headers);
    const ends = Promise.all([closed(first.socket), closed(second.socket)]);
    expect((await client.request('POST', '/api/auth/logout')).status).toBe(200);
    await ends;
    bystander.socket.send(JSON.stringify({ type: 'ping', sentAt: 1 }));
    expect(await bystander.next()).toMatchObject({ type: 'pong' });
    bystander.socket.close();
  });

  it('closes every socket of a member who is banned', async () => {
    const { user, headers } = await member();
    const socket = await open(headers);
    const admin = await member({ role: 'admin' });
    const end = closed(socket.socket);
    const ban = await admin.client.request('POST', '/api/admin/ban-user', {
      json: { userId: user.id, type: 'ban' },
    });
    expect(ban.status, ban.text).toBe(201);
    await end;
  });

  it('closes every socket when the password is reset', async () => {
    const { client, user, headers } = await member();
    const socket = await open(headers);
    const end = closed(socket.socket);
    const { latestMailTo, linkIn } = await import('../support/mailbox');
    await db.put({ Item: { ...emailKey(user.email!), userId: user.id } });
    await client.request('POST', '/api/auth/request-password-reset', { json: { email: user.email } });
    const token = linkIn(await latestMailTo(user.email!), '/reset-password').searchParams.get('token')!;
    const reset = await (
      await member()
    ).client.request('POST', '/api/auth/reset-password', {
      json: { token, password: 'Reset#2026pass', confirmPassword: 'Reset#2026pass' },
    });
    expect(reset.status, reset.text).toBe(200);
    await end;
  });

  it('closes a socket whose session ended some other way at its next message', async () => {
    const { headers } = await member();
    const socket = await open(headers);
    const sessionId = headers.Cookie.split('=')[1]!;
    await db.delete({ Key: sessionKey(sessionId) });
    const end = closed(socket.socket);
    socket.socket.send(JSON.stringify({ type: 'ping', sentAt: 2 }));
    await end;
  });
});
