import type { APIGatewayProxyWebsocketEventV2, Context } from 'aws-lambda';
import * as z from 'zod';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@shared/messages';
import { CLASSROOM_MESSAGES } from '@shared/classroom';
import { MULTIPLAYER_MESSAGES } from '@shared/multiplayer';
import type * as Connections from '../connections/connection';
import type * as ConnectionStore from '../connections/connection-store';
import type { ConnectionItem, ServerMessage } from '../connections/connection';
import type * as Metrics from '../lib/metrics';
import type * as UserStore from '../users/user-store';
import type * as SocketLimits from './socket-limits';
import { ConflictError } from '../lib/errors';

/**
 * The WebSocket message chain on its own: the table, the sockets and the clock replaced, so each
 * path a message can take is reached on purpose (the integration tests take the ordinary ones
 * through the local gateway).
 */
const sent: ServerMessage[] = [];
const world = vi.hoisted(() => ({
  allowance: 'allowed' as SocketLimits.MessageAllowance,
  connection: undefined as ConnectionItem | undefined,
  sessionLive: true,
  closed: [] as string[],
  metrics: [] as string[],
}));

vi.mock('./socket-limits', async (original) => ({
  ...(await original<typeof SocketLimits>()),
  settledHere: () => false,
  allowanceOf: () => world.allowance,
  messageAllowance: async () => world.allowance,
}));
vi.mock('../connections/connection', async (original) => ({
  ...(await original<typeof Connections>()),
  sendToConnection: async (_endpoint: string, _connectionId: string, message: ServerMessage) => {
    sent.push(message);
    return true;
  },
  closeConnection: async (_endpoint: string, connectionId: string) => void world.closed.push(connectionId),
  closeConnections: async (userId: string) => void world.closed.push(userId),
}));
vi.mock('../connections/connection-store', async (original) => ({
  ...(await original<typeof ConnectionStore>()),
  countMessage: async () =>
    world.connection ? { connection: world.connection, count: 1, previous: 0 } : undefined,
}));
vi.mock('../sessions/session', () => ({
  findSessionByKey: async () => (world.sessionLive ? { userId: 'u1' } : undefined),
}));
vi.mock('../users/user-store', async (original) => ({
  ...(await original<typeof UserStore>()),
  getUser: async (id: string) => ({
    id,
    nickname: 'たろう',
    role: 'user',
    isActive: true,
  }),
}));
vi.mock('../lib/metrics', async (original) => ({
  ...(await original<typeof Metrics>()),
  emitMetric: (name: string) => void world.metrics.push(name),
}));

process.env.STAGE ??= 'test';
process.env.TABLE_NAME ??= 'ws-handler-test';
process.env.WS_MANAGEMENT_ENDPOINT ??= 'http://127.0.0.1:1';
const { webSocketHandler } = await import('./handler');

const event = (body: string): APIGatewayProxyWebsocketEventV2 =>
  ({
    body,
    isBase64Encoded: false,
    requestContext: {
      connectionId: 'c1',
      requestId: 'r1',
      routeKey: 'answer',
      domainName: 'localhost',
      stage: 'ws',
      requestTimeEpoch: Date.now(),
    },
  }) as unknown as APIGatewayProxyWebsocketEventV2;

/** A Lambda context with `remainingMs` left when the message arrives. */
const lambda = (remainingMs = 10_000): Context => {
  const deadline = Date.now() + remainingMs;
  return { getRemainingTimeInMillis: () => deadline - Date.now() } as unknown as Context;
};

const message = z.object({ type: z.literal('answer'), answer: z.enum(['A', 'B']) });
const handled = vi.fn();
let handle: () => Promise<void> = async () => undefined;
const handler = webSocketHandler({
  routeKey: 'answer',
  message,
  handle: async (request) => {
    handled(request.message, request.user.id);
    await handle();
  },
});

/** A route that takes guests: the handler sees who is behind the socket, if anyone. */
const guestsSeen = vi.fn();
const openHandler = webSocketHandler({
  routeKey: 'ping',
  message,
  guests: true,
  handle: async (request) => {
    guestsSeen(request.message, request.user?.id ?? 'guest', request.connection.guest === true);
  },
});

const guestConnection = { connectionId: 'c1', guest: true } as ConnectionItem;

beforeEach(() => {
  sent.length = 0;
  handled.mockClear();
  guestsSeen.mockClear();
  handle = async () => undefined;
  Object.assign(world, {
    allowance: 'allowed',
    connection: { connectionId: 'c1', userId: 'u1', sessionPk: 'session-of-u1' },
    sessionLive: true,
    closed: [],
    metrics: [],
  });
});

describe('a WebSocket message', () => {
  it('reaches its handler checked, with the member who opened the socket', async () => {
    expect(await handler(event('{"type":"answer","answer":"B"}'), lambda())).toEqual({ statusCode: 200 });
    expect(handled).toHaveBeenCalledWith({ type: 'answer', answer: 'B' }, 'u1');
    expect(sent).toEqual([]);
  });

  it('that is not JSON, or not what the route takes, is refused with a Japanese message', async () => {
    await handler(event('{"type":'), lambda());
    await handler(event('{"type":"answer","answer":"Z"}'), lambda());
    expect(handled).not.toHaveBeenCalled();
    expect(sent).toEqual([
      { type: 'error', message: MESSAGES.invalidJson, reason: 'invalid' },
      { type: 'error', message: expect.any(String), reason: 'invalid' },
    ]);
  });

  it('refused by the domain is answered with the refusal and its reason, and counts as no error', async () => {
    handle = async () => {
      throw new ConflictError('このルームは満員です');
    };
    await handler(event('{"type":"answer","answer":"A"}'), lambda());
    expect(sent).toEqual([{ type: 'error', message: 'このルームは満員です', reason: 'invalid' }]);
    expect(world.metrics).toEqual([]);
  });

  it('that fails is answered server_error with a generic message, or "try again" when a service is down', async () => {
    handle = async () => {
      throw new Error('secret internal detail');
    };
    await handler(event('{"type":"answer","answer":"A"}'), lambda());
    handle = async () => {
      throw Object.assign(new Error('throttled'), { name: 'ThrottlingException' });
    };
    await handler(event('{"type":"answer","answer":"A"}'), lambda());
    expect(sent).toEqual([
      { type: 'error', message: MESSAGES.serverError, reason: 'server_error' },
      { type: 'error', message: MESSAGES.serviceUnavailable, reason: 'server_error' },
    ]);
    expect(world.metrics).toEqual(['WebSocketErrors', 'WebSocketErrors']);
  });

  it('still being handled when the function runs out of time is answered: the outcome is unknown (504)', async () => {
    let finish = () => {};
    handle = () => new Promise<void>((resolve) => (finish = resolve));
    // The chain keeps a second back for the answer, so 1.001 s left is a deadline 1 ms away.
    expect(await handler(event('{"type":"answer","answer":"A"}'), lambda(1_001))).toEqual({
      statusCode: 200,
    });
    expect(sent).toEqual([{ type: 'error', message: MESSAGES.timedOut, reason: 'server_error' }]);
    expect(world.metrics).toEqual(['WebSocketErrors']);
    finish();
  });

  it('of a socket whose session ended closes the socket instead', async () => {
    world.sessionLive = false;
    await handler(event('{"type":"answer","answer":"A"}'), lambda());
    expect(handled).not.toHaveBeenCalled();
    expect(world.closed).toEqual(['u1']);
    expect(sent).toEqual([]);
  });

  it('of a socket never authenticated is refused as not signed in', async () => {
    world.connection = undefined;
    await handler(event('{"type":"answer","answer":"A"}'), lambda());
    expect(sent).toEqual([{ type: 'error', message: MESSAGES.loginRequired, reason: 'invalid' }]);
  });

  it('over the socket’s limit is dropped, warned once, or closes the socket', async () => {
    for (const allowance of ['dropped', 'warned', 'closed'] as const) {
      world.allowance = allowance;
      await handler(event('{"type":"answer","answer":"A"}'), lambda());
    }
    expect(handled).not.toHaveBeenCalled();
    expect(sent).toEqual([
      { type: 'error', message: MULTIPLAYER_MESSAGES.socketTooFast, reason: 'rate_limited' },
      { type: 'error', message: MULTIPLAYER_MESSAGES.socketClosedTooFast, reason: 'rate_limited' },
    ]);
    expect(world.closed).toEqual(['c1']);
  });
});

describe('a message on a guest’s socket (opened without a session)', () => {
  it('is refused before it is parsed by a route that takes no guests, and changes nothing', async () => {
    world.connection = guestConnection;
    await handler(event('{"type":"answer","answer":"B"}'), lambda());
    await handler(event('not even json'), lambda());
    expect(handled).not.toHaveBeenCalled();
    expect(world.closed).toEqual([]);
    expect(sent).toEqual([
      { type: 'error', message: CLASSROOM_MESSAGES.guestOnlyJoin, reason: 'invalid' },
      { type: 'error', message: CLASSROOM_MESSAGES.guestOnlyJoin, reason: 'invalid' },
    ]);
  });

  it('reaches a route that takes guests with no user, and no session is looked for', async () => {
    world.connection = guestConnection;
    world.sessionLive = false;
    await openHandler(event('{"type":"answer","answer":"A"}'), lambda());
    expect(guestsSeen).toHaveBeenCalledWith({ type: 'answer', answer: 'A' }, 'guest', true);
    expect(world.closed).toEqual([]);
    expect(sent).toEqual([]);
  });

  it('is parsed as any other on a route that takes guests', async () => {
    world.connection = guestConnection;
    await openHandler(event('{"type":"answer","answer":"Z"}'), lambda());
    expect(guestsSeen).not.toHaveBeenCalled();
    expect(sent).toEqual([{ type: 'error', message: expect.any(String), reason: 'invalid' }]);
  });

  it('of a member reaches a route that takes guests with the member, and still closes an ended session', async () => {
    await openHandler(event('{"type":"answer","answer":"B"}'), lambda());
    expect(guestsSeen).toHaveBeenCalledWith({ type: 'answer', answer: 'B' }, 'u1', false);
    world.sessionLive = false;
    await openHandler(event('{"type":"answer","answer":"B"}'), lambda());
    expect(guestsSeen).toHaveBeenCalledTimes(1);
    expect(world.closed).toEqual(['u1']);
  });
});
