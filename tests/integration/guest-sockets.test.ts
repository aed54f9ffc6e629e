import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { COOKIE_NAMES } from '@shared/api';
import { CLASSROOM_LIMITS, CLASSROOM_MESSAGES } from '@shared/classroom';
import type { QuizAnalytics } from '@shared/quiz-analytics';
import { ConnectionKeys, connectionKey } from '@functions/connections/connection-keys';
import { markClassPlayer, sealUnjoinedGuest } from '@functions/connections/connection-store';
import { db } from '@functions/data/db';
import { queryOwned } from '@functions/data/owned';
import { scanPages } from '@functions/data/paginate';
import { resetConfigForTests } from '@functions/lib/config';
import { getRoom } from '@functions/multiplayer/room-store';
import { SOCKET_LIMITS } from '@functions/ws/socket-limits';
import { handler as tickHandler } from '@functions/ws/tick';
import { seed } from '../../scripts/seed';
import { startTestGateway } from '../support/gateway';
import { APP_ORIGIN } from '../support/http-client';
import { UNTIL_TRUE } from '../support/limits';
import { createRoomQuiz, openRoom, RoomPlayer, tickEvent } from '../support/multiplayer';

/**
 * Sockets without a session (issue 31, docs/multiplayer.md "Sockets without a session") through the
 * local gateway: a page with no session cookie may open a socket to join a class game. It may ping
 * and answer (as a class player), nothing of the rooms; it is closed at its join deadline unless it
 * joined a game — the test delivers the deadline's tick itself and moves the stored opening time,
 * never waiting 30 s.
 */
let gateway: Awaited<ReturnType<typeof startTestGateway>>;
const sockets: WebSocket[] = [];

beforeAll(async () => {
  gateway = await startTestGateway();
  await seed();
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await gateway.stop();
});

type Frame = Record<string, unknown> & { type: string };

/** A socket of a page without a session, its frames kept in arrival order. */
class GuestSocket {
  readonly received: Frame[] = [];
  closedWith: number | undefined;
  private taken = 0;
  private waiters: (() => void)[] = [];

  constructor(
    readonly socket: WebSocket,
    readonly connectionId: string,
  ) {
    socket.on('message', (data) => {
      this.received.push(JSON.parse(data.toString()) as Frame);
      this.wake();
    });
    socket.on('close', (code) => {
      this.closedWith = code;
      this.wake();
    });
  }

  private wake() {
    for (const wake of this.waiters.splice(0)) wake();
  }

  send(frame: Record<string, unknown>) {
    this.socket.send(JSON.stringify(frame));
  }

  /** The next frame not taken yet (the test's timeout bounds the wait). */
  async next(): Promise<Frame> {
    while (this.received.length <= this.taken) {
      if (this.closedWith !== undefined)
        throw new Error(`the socket closed (${this.closedWith}) before the next frame`);
      await new Promise<void>((wake) => this.waiters.push(wake));
    }
    return this.received[this.taken++]!;
  }

  /**
   * The next frame of `type` not taken yet; frames of other types before it are passed over. An
   * `error` frame while waiting for another type fails at once, saying what came instead.
   */
  async nextOf(type: string): Promise<Frame> {
    for (;;) {
      const frame = await this.next();
      if (frame.type === type) return frame;
      if (frame.type === 'error') throw new Error(`waited for ${type}, got ${JSON.stringify(frame)}`);
    }
  }

  async closed(): Promise<number> {
    while (this.closedWith === undefined) await new Promise<void>((wake) => this.waiters.push(wake));
    return this.closedWith;
  }

  /** A ping answered: the socket is open and served. */
  async pings() {
    const sentAt = Date.now();
    this.send({ type: 'ping', sentAt });
    expect(await this.next()).toMatchObject({ type: 'pong', sentAt });
  }
}

/** Opens a socket with `headers`: its status when refused (`unexpected-response`), else the open socket. */
function upgrade(headers: Record<string, string>): Promise<WebSocket | number> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(gateway.wsUrl, { headers });
    socket.once('open', () => {
      sockets.push(socket);
      resolve(socket);
    });
    socket.once('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
    socket.once('error', reject);
  });
}

/** The ids of the guest sockets' items in this file's table (its own table: a scan is cheap). */
async function guestConnectionIds(): Promise<Set<string>> {
  const ids = new Set<string>();
  for await (const page of scanPages<{ connectionId: string }>({
    FilterExpression: 'guest = :yes',
    ExpressionAttributeValues: { ':yes': true },
  }))
    for (const item of page) ids.add(item.connectionId);
  return ids;
}

/** A page without a session opens a socket (one at a time: its item is found as the new one). */
async function guest(): Promise<GuestSocket> {
  const before = await guestConnectionIds();
  const socket = await upgrade({ Origin: APP_ORIGIN });
  if (typeof socket === 'number') throw new Error(`HTTP ${socket}`);
  const added = [...(await guestConnectionIds())].filter((id) => !before.has(id));
  expect(added).toHaveLength(1);
  return new GuestSocket(socket, added[0]!);
}

const connectionItem = async (connectionId: string) =>
  (await db.get({ Key: connectionKey(connectionId), ConsistentRead: true })).Item;

/** The guest socket opened `seconds` ago, as far as the table knows. */
const openedAgo = (connectionId: string, seconds: number) =>
  db.update({
    Key: connectionKey(connectionId),
    UpdateExpression: 'SET connectedAt = :at',
    ExpressionAttributeValues: { ':at': new Date(Date.now() - seconds * 1000).toISOString() },
  });

/** Delivers the join deadline's tick of a socket to the clock's consumer now, as the queue would. */
const joinDeadline = async (connectionId: string) =>
  expect(
    await tickHandler(tickEvent(JSON.stringify({ kind: 'guest_join', connectionId }), [`t-${connectionId}`])),
  ).toEqual({ batchItemFailures: [] });

describe('a page without a session', () => {
  it('opens a socket that pings, with a connection item of no member, no session and no owner', async () => {
    const visitor = await guest();
    await visitor.pings();
    const item = await connectionItem(visitor.connectionId);
    expect(item).toMatchObject({ guest: true, connectionId: visitor.connectionId });
    expect(item).not.toHaveProperty('userId');
    expect(item).not.toHaveProperty('sessionPk');
    expect(item).not.toHaveProperty('gsi2pk');
    // It expires as every socket does (API Gateway's two hours).
    expect(Number(item!.ttl) * 1000).toBeGreaterThan(Date.now() + 3600_000);
  });

  it('is still refused from a foreign page (403), and with a cookie that names no live session (401)', async () => {
    expect(await upgrade({ Origin: 'https://evil.example' })).toBe(403);
    expect(await upgrade({ Origin: APP_ORIGIN, Cookie: `${COOKIE_NAMES.session}=no-such-session` })).toBe(
      401,
    );
    expect(await upgrade({ Origin: APP_ORIGIN, Cookie: `${COOKIE_NAMES.session}=` })).toBe(401);
  });

  it("gets the Japanese refusal for every room frame (`not_host` for a class game's host frames), and the rooms don't change", async () => {
    const host = await RoomPlayer.signIn(gateway, 'ホスト');
    const { code, quiz } = await openRoom(host);
    const visitor = await guest();
    const frames = [
      { type: 'auth' },
      {
        type: 'create_room',
        quizId: quiz.id,
        maxPlayers: 4,
        category: '科学',
        timePerQuestion: 60,
        randomOrder: false,
      },
      { type: 'join_room', roomId: code },
      { type: 'ready' },
      { type: 'leave_room' },
      { type: 'chat_message', message: 'こんにちは' },
      { type: 'no_such_message' },
    ];
    for (const frame of frames) {
      visitor.send(frame);
      expect(await visitor.next(), frame.type).toEqual({
        type: 'error',
        message: CLASSROOM_MESSAGES.guestOnlyJoin,
        reason: 'invalid',
      });
    }
    // A class game's host frames: a socket without a session is no game's host.
    for (const type of [
      'class_host',
      'class_start',
      'class_next',
      'class_reveal_now',
      'class_kick',
      'class_lock',
      'class_end',
    ]) {
      visitor.send({ type, gameId: 'no-such-game', playerId: 'p', locked: true });
      expect(await visitor.next(), type).toEqual({
        type: 'error',
        message: CLASSROOM_MESSAGES.notHost,
        reason: 'not_host',
      });
    }
    const room = await getRoom(code);
    expect(Object.keys(room!.players)).toEqual([host.user.id]);
    expect(room!.players[host.user.id]!.isReady).toBe(false);
    // The host heard nothing of it; the socket is still served.
    host.send({ type: 'ping', sentAt: 1 });
    await host.expect('pong');
    expect(host.received.map((frame) => frame.type)).toEqual(['authenticated', 'room_created', 'pong']);
    await visitor.pings();
    host.close();
  });

  it('answering, while in no class game, is told it has not joined one', async () => {
    const visitor = await guest();
    visitor.send({ type: 'answer', answer: 'A', questionIndex: 0 });
    expect(await visitor.next()).toEqual({
      type: 'error',
      message: CLASSROOM_MESSAGES.notJoined,
      reason: 'not_in_game',
    });
  });

  it('closes without trouble: its item is forgotten at $disconnect', async () => {
    const visitor = await guest();
    visitor.socket.close();
    await visitor.closed();
    await expect.poll(() => connectionItem(visitor.connectionId), UNTIL_TRUE).toBeUndefined();
  });
});

describe('the join deadline', () => {
  it(`closes a guest socket that joined no class game ${CLASSROOM_LIMITS.guestJoinSeconds} s after it opened, saying why`, async () => {
    const visitor = await guest();
    await openedAgo(visitor.connectionId, CLASSROOM_LIMITS.guestJoinSeconds);
    await joinDeadline(visitor.connectionId);
    expect(await visitor.next()).toEqual({
      type: 'error',
      message: CLASSROOM_MESSAGES.joinTimeout,
      reason: 'invalid',
    });
    expect(await visitor.closed()).toBe(1000);
    await expect.poll(() => connectionItem(visitor.connectionId), UNTIL_TRUE).toBeUndefined();
    // A class game's join after that finds no socket to mark.
    expect(await markClassPlayer(visitor.connectionId, 'game-1', 'player-1', null)).toBe('gone');
  });

  it('keeps a guest socket whose connection joined a class game', async () => {
    const visitor = await guest();
    expect(await markClassPlayer(visitor.connectionId, 'game-1', 'player-1', null)).toBe('marked');
    await openedAgo(visitor.connectionId, CLASSROOM_LIMITS.guestJoinSeconds + 60);
    await joinDeadline(visitor.connectionId);
    await visitor.pings();
    expect(await connectionItem(visitor.connectionId)).toMatchObject({
      classGameId: 'game-1',
      classPlayerId: 'player-1',
    });
    expect(visitor.received.filter((frame) => frame.type === 'error')).toEqual([]);
  });

  it('keeps a guest socket whose tick comes before its deadline (it is looked at again then)', async () => {
    const visitor = await guest();
    await joinDeadline(visitor.connectionId);
    await visitor.pings();
    expect(visitor.closedWith).toBeUndefined();
  });

  it("never closes a member's socket", async () => {
    const member = await RoomPlayer.signIn(gateway);
    const before = await guestConnectionIds();
    // The member's connection id: their only socket, found through the owner index.
    const owned = await queryOwned<{ connectionId: string }>(member.user.id, ConnectionKeys);
    expect(owned).toHaveLength(1);
    const connectionId = owned[0]!.connectionId;
    expect(before.has(connectionId)).toBe(false);
    await openedAgo(connectionId, CLASSROOM_LIMITS.guestJoinSeconds + 60);
    await joinDeadline(connectionId);
    member.send({ type: 'ping', sentAt: 2 });
    await member.expect('pong');
    expect(member.closedWith).toBeUndefined();
    member.close();
  });

  it('and a class game join race: once the deadline has sealed the socket, the join is refused', async () => {
    const visitor = await guest();
    // The deadline's conditional write, as closeUnjoinedGuest makes it before it closes the socket.
    expect(await sealUnjoinedGuest(visitor.connectionId)).toBe(true);
    expect(await markClassPlayer(visitor.connectionId, 'game-2', 'player-2', null)).toBe('gone');
    expect(await connectionItem(visitor.connectionId)).not.toHaveProperty('classGameId');
    // The other way round: a socket that joined first is not sealed (its deadline keeps it).
    const joined = await guest();
    expect(await markClassPlayer(joined.connectionId, 'game-2', 'player-3', null)).toBe('marked');
    expect(await sealUnjoinedGuest(joined.connectionId)).toBe(false);
  });
});

describe('guest sockets an address may open', () => {
  it(`are ${SOCKET_LIMITS.guestOpensPerAddressPerMinute} a minute (a class of 100 behind one school address, each opening twice); the next is refused (429), a member's is not`, async () => {
    process.env.PER_IP_RATE_LIMITS = 'on';
    resetConfigForTests();
    try {
      const statuses: (WebSocket | number)[] = [];
      const limit = SOCKET_LIMITS.guestOpensPerAddressPerMinute;
      for (let opened = 0; opened < limit; opened += 25)
        statuses.push(
          ...(await Promise.all(
            Array.from({ length: Math.min(25, limit - opened) }, () => upgrade({ Origin: APP_ORIGIN })),
          )),
        );
      expect(statuses.every((status) => status instanceof WebSocket)).toBe(true);
      for (const socket of statuses) if (socket instanceof WebSocket) socket.close();
      statuses.push(await upgrade({ Origin: APP_ORIGIN }));
      expect(statuses.at(-1)).toBe(429);
      // A member's socket from the same address counts against the member's own allowance.
      const member = await RoomPlayer.signIn(gateway);
      expect(member.all('authenticated')).toHaveLength(1);
      member.close();
    } finally {
      process.env.PER_IP_RATE_LIMITS = 'off';
      resetConfigForTests();
    }
  });
});

describe('a class game played from a page without a session', () => {
  it('joins with the PIN, answers, gets its result and the podium, and its join deadline leaves it open', async () => {
    const host = await RoomPlayer.signIn(gateway, 'せんせい');
    const quiz = await createRoomQuiz(host.client, ['B']);
    const created = await host.client.request('POST', '/api/classroom/games', { json: { quizId: quiz.id } });
    expect(created.status, created.text).toBe(201);
    const { gameId, pin } = created.json as unknown as { gameId: string; pin: string };
    host.send({ type: 'class_host', gameId });
    await host.first((frame) => (frame as { type: string }).type === 'class_hosting');

    const visitor = await guest();
    visitor.send({ type: 'join_class', pin, nickname: 'ゲストさん' });
    const joined = await visitor.nextOf('class_joined');
    expect(joined).toMatchObject({ gameId, nickname: 'ゲストさん', game: { state: 'lobby' } });
    expect(await connectionItem(visitor.connectionId)).toMatchObject({
      guest: true,
      classGameId: gameId,
      classPlayerId: joined.playerId,
    });
    // Its deadline comes and goes: a socket that joined stays open and served.
    await openedAgo(visitor.connectionId, CLASSROOM_LIMITS.guestJoinSeconds);
    await joinDeadline(visitor.connectionId);
    await visitor.pings();

    host.send({ type: 'class_start', gameId });
    expect(await visitor.nextOf('class_question')).toMatchObject({
      questionIndex: 0,
      options: ['A', 'B', 'C', 'D'],
    });
    visitor.send({ type: 'answer', answer: 'B', questionIndex: 0 });
    expect(await visitor.nextOf('answer_accepted')).toMatchObject({ questionIndex: 0, answer: 'B' });
    // The only player answered: the question ends at once.
    const result = await visitor.nextOf('class_result');
    expect(result).toMatchObject({ questionIndex: 0, isCorrect: true, rank: 1, correctAnswer: 'B' });
    expect(result.points).toBeGreaterThanOrEqual(500);
    host.send({ type: 'class_next', gameId });
    expect(await visitor.nextOf('class_finished')).toMatchObject({
      gameId,
      rank: 1,
      totalScore: result.points,
      podium: [{ nickname: 'ゲストさん', totalScore: result.points }],
    });
    // The author (the host) sees the guest's answer in the question's figures, but no play: a
    // guest makes none (anyone could fill a game with guest sockets).
    await expect
      .poll(async () => {
        const response = await host.client.get(`/api/my-quizzes/${quiz.id}/analytics`);
        return (response.json as unknown as QuizAnalytics).questions[0]?.answered;
      }, UNTIL_TRUE)
      .toBe(1);
    const analytics = (await host.client.get(`/api/my-quizzes/${quiz.id}/analytics`))
      .json as unknown as QuizAnalytics;
    expect(analytics).toMatchObject({ plays: 0, players: 0 });
    host.close();
  });
});

describe('a guest socket that left its class game', () => {
  it('plays in no game any more: it may join again, and its join deadline closes it otherwise', async () => {
    const host = await RoomPlayer.signIn(gateway, 'せんせい');
    const quiz = await createRoomQuiz(host.client, ['A']);
    const created = await host.client.request('POST', '/api/classroom/games', { json: { quizId: quiz.id } });
    expect(created.status, created.text).toBe(201);
    const { gameId, pin } = created.json as unknown as { gameId: string; pin: string };

    const visitor = await guest();
    visitor.send({ type: 'join_class', pin, nickname: 'かえるひと' });
    await visitor.nextOf('class_joined');
    visitor.send({ type: 'leave_class' });
    expect(await visitor.nextOf('class_left')).toMatchObject({ gameId, reason: 'left' });
    const item = await connectionItem(visitor.connectionId);
    expect(item).not.toHaveProperty('classGameId');
    expect(item).not.toHaveProperty('classPlayerId');
    // It may join again (the old seat is out: its nickname is free)…
    visitor.send({ type: 'join_class', pin, nickname: 'かえるひと' });
    await visitor.nextOf('class_joined');
    visitor.send({ type: 'leave_class' });
    await visitor.nextOf('class_left');
    // …and a socket that stays out is closed by its join deadline.
    await openedAgo(visitor.connectionId, CLASSROOM_LIMITS.guestJoinSeconds);
    await joinDeadline(visitor.connectionId);
    await expect.poll(() => connectionItem(visitor.connectionId), UNTIL_TRUE).toBeUndefined();
    host.close();
  });
});

describe('class game joins an address may try', () => {
  it(`are ${CLASSROOM_LIMITS.joinTriesPerMinute} wrong PINs a minute by the viewer's address kept at $connect, not the message's sourceIp; a class joining with the right one is not held up`, async () => {
    const host = await RoomPlayer.signIn(gateway, 'せんせい');
    const quiz = await createRoomQuiz(host.client, ['A']);
    const created = await host.client.request('POST', '/api/classroom/games', { json: { quizId: quiz.id } });
    expect(created.status, created.text).toBe(201);
    const { pin } = created.json as unknown as { pin: string };
    const limits = (state: 'on' | 'off') => {
      process.env.PER_IP_RATE_LIMITS = state;
      resetConfigForTests();
    };
    try {
      // A class of 30 tablets behind the one school address. Each opens its socket with the limits
      // off (the test above used this minute's opens from the address) and joins at once with the
      // right PIN with them on (a socket that joined no game is closed 30 s after it opened: on a
      // slow machine 30 opens can take that long). Right PINs count nothing against the address.
      const pupils: GuestSocket[] = [];
      for (let index = 0; index < 30; index++) {
        limits('off');
        const pupil = await guest();
        limits('on');
        pupil.send({ type: 'join_class', pin, nickname: `せいと${index + 1}` });
        expect((await pupil.nextOf('class_joined')).nickname).toBe(`せいと${index + 1}`);
        pupils.push(pupil);
      }
      // $connect keeps the viewer's address (the local gateway writes it as CloudFront would).
      const visitor = pupils[0]!;
      expect(await connectionItem(visitor.connectionId)).toMatchObject({ viewerAddress: '127.0.0.1' });
      // PINs are guessed only by trying: a PIN that names no game is counted against the address.
      // The pupils' sockets take turns (one socket's own limit, 20 messages a second, is not what
      // this test is about; a seated socket's wrong PIN is refused before its seat is looked at).
      const tryJoin = async (guesser: GuestSocket) => {
        guesser.send({ type: 'join_class', pin: '000000', nickname: 'あてずっぽう' });
        return (await guesser.nextOf('error')).reason;
      };
      const reasons: unknown[] = [];
      for (let tried = 1; tried <= CLASSROOM_LIMITS.joinTriesPerMinute; tried++)
        reasons.push(await tryJoin(pupils[tried % pupils.length]!));
      expect(reasons.every((reason) => reason === 'not_found')).toBe(true);
      visitor.send({ type: 'join_class', pin: '000000', nickname: 'あてずっぽう' });
      expect(await visitor.nextOf('error')).toMatchObject({
        reason: 'rate_limited',
        message: CLASSROOM_MESSAGES.joinTooFast,
      });
      // Another viewer behind the same edge server (the same sourceIp) has tries of its own.
      await db.update({
        Key: connectionKey(visitor.connectionId),
        UpdateExpression: 'SET viewerAddress = :other',
        ExpressionAttributeValues: { ':other': '198.51.100.7' },
      });
      expect(await tryJoin(visitor)).toBe('not_found');

      // Wrong PINs sent together from one address, each on its own socket: each holds a try while
      // it is looked at, so no more than the limit are answered, however many are in flight.
      const together = pupils.slice(1, CLASSROOM_LIMITS.joinTriesPerMinute + 5);
      for (const pupil of together)
        await db.update({
          Key: connectionKey(pupil.connectionId),
          UpdateExpression: 'SET viewerAddress = :other',
          ExpressionAttributeValues: { ':other': '203.0.113.9' },
        });
      const answers = await Promise.all(together.map(tryJoin));
      expect(answers.filter((reason) => reason === 'not_found')).toHaveLength(
        CLASSROOM_LIMITS.joinTriesPerMinute,
      );
      expect(answers.filter((reason) => reason === 'rate_limited')).toHaveLength(
        together.length - CLASSROOM_LIMITS.joinTriesPerMinute,
      );
    } finally {
      process.env.PER_IP_RATE_LIMITS = 'off';
      resetConfigForTests();
    }
  });
});
