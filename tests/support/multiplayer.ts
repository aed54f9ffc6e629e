import { randomUUID } from 'node:crypto';
import WebSocket from 'ws';
import type { SQSEvent } from 'aws-lambda';
import { COOKIE_NAMES } from '@shared/api';
import type { ClientMessage, ServerMessage } from '@shared/multiplayer';
import { signInAs } from './accounts';
import { APP_ORIGIN, TestClient } from './http-client';

type Gateway = { url: string; wsUrl: string };
type Message = ServerMessage & Record<string, unknown>;

/**
 * A member at the multiplayer page, as the integration tests and the bench drive one: a signed-in
 * HTTP client and a socket through the local gateway that has sent `auth`. Every server message is
 * kept in arrival order; `expect` takes the first one not taken yet that matches (no deadline of its
 * own: the test's timeout bounds the wait).
 */
export class RoomPlayer {
  readonly received: Message[] = [];
  /** How the server closed the socket, once it did (`disconnect` closes from this side). */
  closedWith: { code: number; reason: string } | undefined;
  private taken = new Set<number>();
  private waiters: (() => void)[] = [];
  private constructor(
    readonly client: TestClient,
    readonly user: { id: string; nickname: string },
    readonly sessionId: string,
    public socket: WebSocket,
  ) {}

  static async signIn(gateway: Gateway, nickname = `P${randomUUID().slice(0, 5)}`) {
    const client = new TestClient(gateway.url);
    await client.get('/api/categories');
    const { user, sessionId } = await signInAs(client, { nickname });
    const player = new RoomPlayer(client, user, sessionId, await RoomPlayer.open(gateway, sessionId));
    player.listen();
    await player.authenticate();
    return player;
  }

  private static open(gateway: Gateway, sessionId: string): Promise<WebSocket> {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(gateway.wsUrl, {
        headers: { Origin: APP_ORIGIN, Cookie: `${COOKIE_NAMES.session}=${sessionId}` },
      });
      socket.once('open', () => resolve(socket));
      socket.once('unexpected-response', (_request, response) =>
        reject(new Error(`HTTP ${response.statusCode}`)),
      );
      socket.once('error', reject);
    });
  }

  private listen() {
    this.closedWith = undefined;
    this.socket.on('message', (data) => {
      this.received.push(JSON.parse(data.toString()) as Message);
      for (const wake of this.waiters.splice(0)) wake();
    });
    this.socket.on('close', (code, reason) => {
      this.closedWith = { code, reason: reason.toString() };
      for (const wake of this.waiters.splice(0)) wake();
    });
  }

  /** Waits until the socket is closed, and how. */
  async closed(): Promise<{ code: number; reason: string }> {
    while (!this.closedWith) await new Promise<void>((wake) => this.waiters.push(wake));
    return this.closedWith;
  }

  private async authenticate() {
    this.send({ type: 'auth' });
    await this.expect('authenticated');
  }

  /** Closes the socket (as a reload does) and waits until the gateway ran `$disconnect`. */
  async disconnect() {
    await new Promise<void>((done) => {
      this.socket.once('close', () => done());
      this.socket.close();
    });
  }

  /** A new socket for the same member (a reload), authenticated. */
  async reconnect(gateway: Gateway) {
    this.socket = await RoomPlayer.open(gateway, this.sessionId);
    this.listen();
    await this.authenticate();
  }

  /** Another tab of the same member: a socket of its own, authenticated with `rejoin`. */
  async openTab(gateway: Gateway, { rejoin }: { rejoin: boolean }) {
    const socket = await RoomPlayer.open(gateway, this.sessionId);
    const tab = new RoomPlayer(this.client, this.user, this.sessionId, socket);
    tab.listen();
    tab.send({ type: 'auth', rejoin });
    await tab.expect('authenticated');
    return tab;
  }

  send(message: ClientMessage | Record<string, unknown>) {
    this.socket.send(JSON.stringify(message));
  }

  /** The first message of `type` not taken yet that satisfies `match`. */
  async expect<T extends Message['type']>(
    type: T,
    match: (message: Extract<Message, { type: T }>) => boolean = () => true,
  ): Promise<Extract<Message, { type: T }>> {
    for (;;) {
      const index = this.received.findIndex(
        (message, position) =>
          !this.taken.has(position) &&
          message.type === type &&
          match(message as Extract<Message, { type: T }>),
      );
      if (index >= 0) {
        this.taken.add(index);
        return this.received[index] as Extract<Message, { type: T }>;
      }
      if (this.closedWith)
        throw new Error(`waited for ${type}, but the socket closed (${this.closedWith.code})`);
      await new Promise<void>((wake) => this.waiters.push(wake));
    }
  }

  /** The first message not taken yet that satisfies `match`, whatever its type. */
  async first(match: (message: Message) => boolean): Promise<Message> {
    for (;;) {
      const index = this.received.findIndex(
        (message, position) => !this.taken.has(position) && match(message),
      );
      if (index >= 0) {
        this.taken.add(index);
        return this.received[index]!;
      }
      if (this.closedWith)
        throw new Error(`waited for a message, but the socket closed (${this.closedWith.code})`);
      await new Promise<void>((wake) => this.waiters.push(wake));
    }
  }

  /** Every message of `type` received so far. */
  all<T extends Message['type']>(type: T) {
    return this.received.filter((message) => message.type === type) as Extract<Message, { type: T }>[];
  }

  close() {
    this.socket.close();
  }
}

/**
 * A quiz with the given correct answers (one question each), created through the API: public
 * unless `isPublished` is false (a private quiz: its author must be an advanced member).
 */
export async function createRoomQuiz(
  client: TestClient,
  answers: ('A' | 'B' | 'C' | 'D')[] = ['A', 'B'],
  { isPublished = true }: { isPublished?: boolean } = {},
) {
  const response = await client.request('POST', '/api/quizzes', {
    json: {
      quiz: {
        title: `対戦クイズ ${randomUUID().slice(0, 6)}`,
        description: 'マルチプレイ用',
        category: '科学',
        difficulty: '初級',
        isPublished,
      },
      questions: answers.map((correctAnswer, index) => ({
        questionText: `${index + 1}問目`,
        optionA: '選択肢A',
        optionB: '選択肢B',
        optionC: '選択肢C',
        optionD: '選択肢D',
        correctAnswer,
        explanation: `${index + 1}問目の解説`,
      })),
    },
  });
  if (response.status !== 201) throw new Error(`quiz: ${response.status} ${response.text}`);
  return response.json as unknown as { id: string; title: string };
}

/**
 * `host` opens a room on a new quiz with `answers` (60 s a question by default: long enough that no
 * test but the clock's own depends on how fast the machine answers); `options` change the settings.
 */
export async function openRoom(
  host: RoomPlayer,
  options: Record<string, unknown> = {},
  answers?: ('A' | 'B' | 'C' | 'D')[],
) {
  const quiz = await createRoomQuiz(host.client, answers);
  host.send({
    type: 'create_room',
    quizId: quiz.id,
    maxPlayers: 4,
    category: '科学',
    timePerQuestion: 60,
    randomOrder: false,
    ...options,
  });
  const created = await host.expect('room_created');
  return { quiz, code: created.roomId, created };
}

/** A host and a guest seated in a new room on a new two-question quiz (60 s a question), and its code. */
export async function twoPlayerRoom(gateway: Gateway) {
  const host = await RoomPlayer.signIn(gateway, 'ホスト');
  const guest = await RoomPlayer.signIn(gateway, 'ゲスト');
  const { code: roomId } = await openRoom(host, {}, ['A', 'B']);
  guest.send({ type: 'join_room', roomId });
  await guest.expect('player_joined', (message) => message.player.id === guest.user.id);
  return { host, guest, code: roomId };
}

/** An SQS event delivering `body` to the game clock's consumer once per message id, as the queue does. */
export const tickEvent = (body: string, ids: string[]): SQSEvent => ({
  Records: ids.map((messageId) => ({
    messageId,
    receiptHandle: messageId,
    body,
    attributes: {
      ApproximateReceiveCount: '1',
      SentTimestamp: String(Date.now()),
      SenderId: 'test',
      ApproximateFirstReceiveTimestamp: String(Date.now()),
    },
    messageAttributes: {},
    md5OfBody: '',
    eventSource: 'aws:sqs',
    eventSourceARN: 'arn:aws:sqs:ap-northeast-1:000000000000:tick',
    awsRegion: 'ap-northeast-1',
  })),
});
