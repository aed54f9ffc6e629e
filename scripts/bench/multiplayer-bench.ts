import { randomInt } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import { COOKIE_NAMES } from '@shared/api';
import { ANSWER_LETTERS, type AnswerLetter } from '@shared/constants';
import type { ClientMessage, ServerMessage } from '@shared/multiplayer';
import { signInAs } from '../../tests/support/accounts';
import { TestClient } from '../../tests/support/http-client';
import { createRoomQuiz } from '../../tests/support/multiplayer';
import type { BenchRow } from './ai-bench';

/**
 * Multiplayer in `npm run bench`, through the local gateway (every Lambda in this process, the
 * `@connections` API and the SQS game clock on its control port) and DynamoDB Local:
 * - reveal latency: rooms of 8, every answer of a question in; from the moment the last answer is
 *   sent until each player has `answer_reveal`;
 * - scale: 200 concurrent rooms of 4 bots playing 5 questions, counting what a player would notice
 *   (lost, duplicated or out-of-order game messages, answers accepted after their deadline, server
 *   errors and failed sockets);
 * - flood: the reveal latency of 50 rooms playing at once, with one client sending 500 frames a
 *   second against runs without it before and after (`FLOOD`).
 */
export const MULTIPLAYER_BUDGETS = {
  revealP99Ms: 100,
  revealSamplesMin: 200,
};

export const SCALE = {
  rooms: 200,
  playersPerRoom: 4,
  questions: 5,
  /** Rooms being seated at once (sockets, the room, the joins). */
  seatWidth: 10,
  /** Then the games start this far apart. */
  startEveryMs: 100,
  /** Bots answer after a random delay up to this. */
  answerDelayMaxMs: 2000,
  /** How often the withholding bot lets a question (after the first) run to its deadline. */
  withholdShare: 0.3,
  timePerQuestion: 15,
};

/** An endpoint the bots reach: the gateway's API (for members) and WebSocket, and the page origin. */
export interface MultiplayerTarget {
  url: string;
  wsUrl: string;
  origin: string;
}

type Message = ServerMessage;
type MessageOf<T extends Message['type']> = Extract<Message, { type: T }>;
interface Arrival<M extends Message = Message> {
  message: M;
  /** performance.now() when the socket handed the frame over. */
  at: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const letter = (): AnswerLetter => ANSWER_LETTERS[randomInt(ANSWER_LETTERS.length)]!;
const sleep = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));

/** Runs `work` on every item, at most `width` at a time. */
async function limited<T, R>(items: readonly T[], width: number, work: (item: T) => Promise<R>) {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, items.length) }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await work(items[index]!);
      }
    }),
  );
  return results;
}

/** Members put straight into the table with a live session (as the tests' `signInAs` does). */
async function members(target: MultiplayerTarget, count: number) {
  return limited(
    Array.from({ length: count }, (_, index) => index),
    16,
    async (index) => {
      const { user, sessionId } = await signInAs(new TestClient(target.url), { nickname: `ボット${index}` });
      return { userId: user.id, sessionId };
    },
  );
}

/**
 * A member's socket through the gateway: every server message kept with its arrival time, socket
 * failures noted (an error, or a close nobody asked for).
 */
class BenchPlayer {
  readonly arrivals: Arrival[] = [];
  readonly failures: string[] = [];
  /** Called for every message as it arrives (the bots react to it). */
  onMessage: (message: Message) => void = () => undefined;
  private waiters: (() => void)[] = [];
  private closing = false;
  /** The close code, once the socket closed (either side). */
  readonly closed: Promise<number>;

  private constructor(
    readonly userId: string,
    private readonly socket: WebSocket,
  ) {
    let closed!: (code: number) => void;
    this.closed = new Promise((resolve) => (closed = resolve));
    socket.once('close', (code) => closed(code));
    socket.on('message', (data) => {
      const message = JSON.parse(data.toString()) as Message;
      this.arrivals.push({ message, at: performance.now() });
      this.onMessage(message);
      for (const wake of this.waiters.splice(0)) wake();
    });
    socket.on('error', (error) => this.failures.push(`socket error: ${error.message}`));
    socket.on('close', (code) => {
      if (!this.closing) this.failures.push(`socket closed by the server (${code})`);
      for (const wake of this.waiters.splice(0)) wake();
    });
  }

  /** Opens a socket with the member's session cookie (`$connect` accepted it), nothing more. */
  static async open(target: MultiplayerTarget, member: { userId: string; sessionId: string }) {
    const socket = await new Promise<WebSocket>((resolve, reject) => {
      const opening = new WebSocket(target.wsUrl, {
        headers: { Origin: target.origin, Cookie: `${COOKIE_NAMES.session}=${member.sessionId}` },
      });
      opening.once('open', () => resolve(opening));
      opening.once('unexpected-response', (_request, response) =>
        reject(new Error(`socket refused: HTTP ${response.statusCode}`)),
      );
      opening.once('error', reject);
    });
    return new BenchPlayer(member.userId, socket);
  }

  /** Opens a socket with the member's session cookie and sends `auth`. */
  static async connect(target: MultiplayerTarget, member: { userId: string; sessionId: string }) {
    const player = await BenchPlayer.open(target, member);
    player.send({ type: 'auth' });
    await player.waitFor('authenticated');
    return player;
  }

  /** Sends a message; answers when it left (epoch ms, the server's clock on this machine). */
  send(message: ClientMessage): number {
    const sentAt = Date.now();
    this.socket.send(JSON.stringify(message));
    return sentAt;
  }

  /** Sends any frame, the protocol's or not (the flood); false once the socket is no longer open. */
  sendFrame(frame: string): boolean {
    if (this.socket.readyState !== WebSocket.OPEN) return false;
    this.socket.send(frame);
    return true;
  }

  /** The first arrival of `type` that satisfies `match`, waiting for it up to `timeoutMs`. */
  async waitFor<T extends Message['type']>(
    type: T,
    match: (message: MessageOf<T>) => boolean = () => true,
    timeoutMs = 30_000,
  ): Promise<Arrival<MessageOf<T>>> {
    const find = () =>
      this.arrivals.find(
        (arrival) => arrival.message.type === type && match(arrival.message as MessageOf<T>),
      ) as Arrival<MessageOf<T>> | undefined;
    await this.until(() => find() !== undefined, `no ${type}`, timeoutMs);
    return find()!;
  }

  /** Waits until `done()` holds after some message arrived, up to `timeoutMs`. */
  async until(done: () => boolean, what: string, timeoutMs = 30_000): Promise<void> {
    const until = performance.now() + timeoutMs;
    while (!done()) {
      const left = until - performance.now();
      if (left <= 0 || this.socket.readyState !== WebSocket.OPEN)
        throw new Error(`${what} within ${timeoutMs} ms (${this.failures.join('; ') || 'socket open'})`);
      await new Promise<void>((wake) => {
        const timer = setTimeout(wake, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          wake();
        });
      });
    }
  }

  count<T extends Message['type']>(type: T, match: (message: MessageOf<T>) => boolean = () => true) {
    return this.arrivals.filter(
      (arrival) => arrival.message.type === type && match(arrival.message as MessageOf<T>),
    ).length;
  }

  /** Leaves the room (when in one) and closes the socket. */
  async leave(inRoom: boolean) {
    if (inRoom && this.socket.readyState === WebSocket.OPEN) {
      this.send({ type: 'leave_room' });
      await this.waitFor('left_room', () => true, 10_000).catch(() => undefined);
    }
    this.closing = true;
    if (this.socket.readyState === WebSocket.CLOSED) return;
    await new Promise<void>((done) => {
      this.socket.once('close', () => done());
      this.socket.close();
    });
  }
}

/** A host's new room with the others seated: answers the room code. */
async function seatRoom(
  players: BenchPlayer[],
  quizId: string,
  options: { maxPlayers: number; timePerQuestion: number },
) {
  const [host, ...guests] = players;
  host!.send({
    type: 'create_room',
    quizId,
    maxPlayers: options.maxPlayers,
    category: 'all',
    timePerQuestion: options.timePerQuestion,
    randomOrder: false,
  });
  const code = (await host!.waitFor('room_created')).message.roomId;
  await Promise.all(
    guests.map(async (guest) => {
      guest.send({ type: 'join_room', roomId: code });
      await guest.waitFor('player_joined', (message) => message.player.id === guest.userId);
    }),
  );
  return code;
}

/**
 * One room of 8 for `questions` questions: in each, 7 players answer and the room settles (their
 * `answer_accepted` and every `player_answered` delivered), then the last answer is sent and the
 * time until each player's `answer_reveal` is taken.
 */
async function revealRoom(target: MultiplayerTarget, quizId: string, questions: number): Promise<number[]> {
  const players = await Promise.all(
    (await members(target, 8)).map((member) => BenchPlayer.connect(target, member)),
  );
  const latencies: number[] = [];
  try {
    await seatRoom(players, quizId, { maxPlayers: 8, timePerQuestion: SCALE.timePerQuestion });
    for (const player of players) player.send({ type: 'ready' });
    await Promise.all(players.map((player) => player.waitFor('game_starting')));
    for (let index = 0; index < questions; index++) {
      const current = (message: { questionIndex: number }) => message.questionIndex === index;
      await Promise.all(players.map((player) => player.waitFor('question', current)));
      const last = players[index % players.length]!;
      const others = players.filter((player) => player !== last);
      for (const player of others) player.send({ type: 'answer', answer: letter(), questionIndex: index });
      await Promise.all(others.map((player) => player.waitFor('answer_accepted', current)));
      await Promise.all(
        players.map((player) =>
          player.until(
            () => player.count('player_answered', current) >= others.length,
            `not every player_answered of question ${index}`,
          ),
        ),
      );
      const sent = performance.now();
      last.send({ type: 'answer', answer: letter(), questionIndex: index });
      for (const arrival of await Promise.all(
        players.map((player) => player.waitFor('answer_reveal', current)),
      ))
        latencies.push(arrival.at - sent);
    }
  } finally {
    await Promise.all(players.map((player) => player.leave(true)));
  }
  return latencies;
}

/**
 * Reveal latency: a warm-up room, then one room of 8 after another (nothing else running) until
 * there are enough samples.
 */
export async function benchRevealLatency(target: MultiplayerTarget, quizId: string): Promise<BenchRow[]> {
  const questions = 10;
  await revealRoom(target, quizId, 2);
  const rooms = Math.ceil(MULTIPLAYER_BUDGETS.revealSamplesMin / (questions * 8));
  const perRoom: number[][] = [];
  for (let room = 0; room < rooms; room++) perRoom.push(await revealRoom(target, quizId, questions));
  const latencies = perRoom.flat().sort((a, b) => a - b);
  const p99 = percentile(latencies, 99);
  return [
    {
      measure: `multiplayer: last answer → answer_reveal, 8 players, p50`,
      value: `${percentile(latencies, 50).toFixed(1)} ms (${latencies.length} deliveries, ${rooms} rooms × ${questions} questions)`,
      budget: '',
      ok: null,
    },
    {
      measure: `multiplayer: last answer → answer_reveal, 8 players, p99`,
      value: `${p99.toFixed(1)} ms (max ${latencies.at(-1)!.toFixed(1)} ms)`,
      budget: `≤ ${MULTIPLAYER_BUDGETS.revealP99Ms} ms`,
      ok: p99 <= MULTIPLAYER_BUDGETS.revealP99Ms,
    },
  ];
}

/** The game steps a player must see, each once, in this order. */
const GAME_STEPS = ['game_starting', 'question', 'answer_reveal', 'game_finished', 'room_reset'] as const;
const expectedSteps = (questions: number) => [
  'game_starting',
  ...Array.from({ length: questions }, (_, index) => [`question${index}`, `answer_reveal${index}`]).flat(),
  'game_finished',
  'room_reset',
];

interface SentAnswer {
  questionIndex: number;
  sentAt: number;
  /** Sent on purpose after the question's deadline. */
  late: boolean;
}

/**
 * A bot: answers each question with a random letter after a random delay. The room's withholding
 * bot lets the first question (and some others) run to the deadline, then answers it late twice:
 * just after the deadline, and once the reveal is in.
 */
class Bot {
  readonly sent: SentAnswer[] = [];
  readonly deadlines = new Map<number, number>();
  /** `answer_accepted` for an answer sent at or after its question's deadline. */
  acceptedLate = 0;
  readonly refusals: string[] = [];
  private withheld = new Set<number>();
  private timers = new Set<NodeJS.Timeout>();
  readonly finished: Promise<void>;

  constructor(
    readonly player: BenchPlayer,
    private readonly withholds: boolean,
  ) {
    let done!: () => void;
    this.finished = new Promise((resolve) => (done = resolve));
    player.onMessage = (message) => {
      if (message.type === 'question') this.question(message.questionIndex, message.deadline);
      else if (message.type === 'answer_reveal' && this.withheld.has(message.questionIndex))
        this.answer(message.questionIndex, true);
      else if (message.type === 'answer_accepted') this.accepted(message.questionIndex);
      else if (message.type === 'error') this.refusals.push(message.reason);
      else if (message.type === 'room_reset') done();
    };
  }

  private later(ms: number, work: () => void) {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      work();
    }, ms);
    this.timers.add(timer);
  }

  private question(index: number, deadline: number) {
    this.deadlines.set(index, deadline);
    if (this.withholds && (index === 0 || Math.random() < SCALE.withholdShare)) {
      this.withheld.add(index);
      this.later(deadline - Date.now() + randomInt(1, 100), () => this.answer(index, true));
    } else this.later(randomInt(0, SCALE.answerDelayMaxMs + 1), () => this.answer(index, false));
  }

  private answer(questionIndex: number, late: boolean) {
    const sentAt = this.player.send({ type: 'answer', answer: letter(), questionIndex });
    this.sent.push({ questionIndex, sentAt, late });
  }

  private accepted(questionIndex: number) {
    // One answer per player and question is accepted, so the accepted one left no earlier than
    // the first sent. The server's clock is this machine's: an answer that left at or after the
    // deadline reached the server after it.
    const first = Math.min(
      ...this.sent.filter((answer) => answer.questionIndex === questionIndex).map((answer) => answer.sentAt),
    );
    if (first >= (this.deadlines.get(questionIndex) ?? Infinity)) this.acceptedLate++;
  }

  stop() {
    for (const timer of this.timers) clearTimeout(timer);
  }
}

interface ScaleTally {
  players: number;
  lost: number;
  duplicated: number;
  outOfOrder: number;
  acceptedLate: number;
  lateSent: number;
  errors: number;
  errorKinds: Map<string, number>;
  messages: number;
  sent: number;
}

/** What one player saw against what the game owed them. */
function tallyPlayer(bot: Bot, questions: number, tally: ScaleTally) {
  const expected = expectedSteps(questions);
  const steps = bot.player.arrivals
    .map(({ message }) => message)
    .filter((message) => (GAME_STEPS as readonly string[]).includes(message.type))
    .map((message) => `${message.type}${'questionIndex' in message ? message.questionIndex : ''}`);
  tally.players++;
  tally.messages += bot.player.arrivals.length;
  tally.lost += expected.filter((step) => !steps.includes(step)).length;
  tally.duplicated += steps.length - new Set(steps).size;
  // A step that comes after a step the game takes later is out of order.
  let furthest = -1;
  for (const step of steps) {
    const position = expected.indexOf(step);
    if (position < 0 || position < furthest) tally.outOfOrder++;
    furthest = Math.max(furthest, position);
  }
  tally.acceptedLate += bot.acceptedLate;
  tally.lateSent += bot.sent.filter((answer) => answer.late).length;
  tally.sent += bot.sent.length;
  const note = (kind: string) => {
    tally.errors++;
    tally.errorKinds.set(kind, (tally.errorKinds.get(kind) ?? 0) + 1);
  };
  for (const failure of bot.player.failures) note(failure);
  const refusedLate = bot.refusals.filter((reason) => reason === 'too_late').length;
  // Late answers are refused `too_late`; any other refusal, or one of an answer in time, is a fault.
  for (const reason of bot.refusals) if (reason !== 'too_late') note(`error ${reason}`);
  const lateSent = bot.sent.filter((answer) => answer.late).length;
  for (let extra = refusedLate - lateSent; extra > 0; extra--) note('too_late for an answer in time');
}

/** Counts error lines the functions and the gateway write while `work` runs (they still print). */
async function countingServerErrors<T>(work: () => Promise<T>): Promise<{ result: T; serverErrors: number }> {
  let serverErrors = 0;
  const write = process.stdout.write.bind(process.stdout);
  const consoleError = console.error;
  process.stdout.write = ((chunk: string | Uint8Array, ...rest: never[]) => {
    if (String(chunk).includes('"level":"error"')) serverErrors++;
    return write(chunk, ...rest);
  }) as typeof process.stdout.write;
  console.error = (...args: unknown[]) => {
    serverErrors++;
    consoleError(...args);
  };
  try {
    return { result: await work(), serverErrors };
  } finally {
    process.stdout.write = write;
    console.error = consoleError;
  }
}

/** A room of bots, seated and not ready yet. */
interface BotRoom {
  players: BenchPlayer[];
  bots: Bot[];
}

/** Opens the bots' sockets and seats them in a new room. */
async function seatBots(
  target: MultiplayerTarget,
  quizId: string,
  seats: { userId: string; sessionId: string }[],
): Promise<BotRoom> {
  const players = await Promise.all(seats.map((member) => BenchPlayer.connect(target, member)));
  const bots = players.map((player, index) => new Bot(player, index === players.length - 1));
  try {
    await seatRoom(players, quizId, {
      maxPlayers: SCALE.playersPerRoom,
      timePerQuestion: SCALE.timePerQuestion,
    });
  } catch (error) {
    await Promise.all(players.map((player) => player.leave(true)));
    throw error;
  }
  return { players, bots };
}

/** Everyone ready, then the game played to `room_reset` (or until it should long be over). */
async function playBots({ players, bots }: BotRoom, inPlay: { now: number; peak: number }): Promise<Bot[]> {
  for (const player of players) player.send({ type: 'ready' });
  await Promise.all(players.map((player) => player.waitFor('game_starting')));
  inPlay.peak = Math.max(inPlay.peak, ++inPlay.now);
  // Countdown, every question to its deadline, reveals and the podium, with a minute to spare.
  const giveUpMs = (3 + SCALE.questions * (SCALE.timePerQuestion + 5) + 10 + 60) * 1000;
  await Promise.race([Promise.all(bots.map((bot) => bot.finished)), sleep(giveUpMs)]);
  inPlay.now--;
  for (const bot of bots) bot.stop();
  await Promise.all(players.map((player) => player.leave(true)));
  return bots;
}

/**
 * 200 rooms × 4 bots × 5 questions at once, and what the players saw. The rooms are seated first,
 * `seatWidth` at a time; then their games start `startEveryMs` apart, so that all of them play
 * together (a game lasts a minute at least) without every `ready` of 800 bots landing at once.
 */
export async function benchScale(target: MultiplayerTarget, quizId: string): Promise<BenchRow[]> {
  const seats = await members(target, SCALE.rooms * SCALE.playersPerRoom);
  const inPlay = { now: 0, peak: 0 };
  let seating = 0;
  let started = 0;
  const { result: rooms, serverErrors } = await countingServerErrors(async () => {
    const seatingFrom = performance.now();
    const seated = await limited(
      Array.from({ length: SCALE.rooms }, (_, room) =>
        seats.slice(room * SCALE.playersPerRoom, (room + 1) * SCALE.playersPerRoom),
      ),
      SCALE.seatWidth,
      (members) => seatBots(target, quizId, members).catch((error: unknown) => error as Error),
    );
    started = performance.now();
    seating = (started - seatingFrom) / 1000;
    return Promise.all(
      seated.map(async (room, index) => {
        if (room instanceof Error) return room;
        await sleep(index * SCALE.startEveryMs);
        return playBots(room, inPlay).catch((error: unknown) => error as Error);
      }),
    );
  });
  const seconds = (performance.now() - started) / 1000;

  const tally: ScaleTally = {
    players: 0,
    lost: 0,
    duplicated: 0,
    outOfOrder: 0,
    acceptedLate: 0,
    lateSent: 0,
    errors: serverErrors,
    errorKinds: new Map(serverErrors ? [['server error logged', serverErrors]] : []),
    messages: 0,
    sent: 0,
  };
  let failedRooms = 0;
  for (const room of rooms) {
    if (room instanceof Error) {
      failedRooms++;
      tally.errors++;
      tally.errorKinds.set(
        `room failed: ${room.message}`,
        (tally.errorKinds.get(`room failed: ${room.message}`) ?? 0) + 1,
      );
      continue;
    }
    for (const bot of room) tallyPlayer(bot, SCALE.questions, tally);
  }
  const label = `multiplayer: ${SCALE.rooms} rooms × ${SCALE.playersPerRoom} bots × ${SCALE.questions} questions`;
  const kinds = [...tally.errorKinds].map(([kind, count]) => `${kind} ×${count}`).join('; ');
  return [
    {
      measure: `${label}: wall time, messages`,
      value: `${seconds.toFixed(0)} s of play, ${inPlay.peak} rooms at once (seated in ${seating.toFixed(0)} s); ${tally.messages} messages to ${tally.players} players, ${tally.sent} answers (${tally.lateSent} late on purpose)`,
      budget: '',
      ok: null,
    },
    {
      measure: `${label}: lost / duplicated / out of order`,
      value: `${tally.lost} / ${tally.duplicated} / ${tally.outOfOrder}`,
      budget: '0 / 0 / 0',
      ok: tally.lost === 0 && tally.duplicated === 0 && tally.outOfOrder === 0 && failedRooms === 0,
    },
    {
      measure: `${label}: answers accepted after the deadline`,
      value: String(tally.acceptedLate),
      budget: '0',
      ok: tally.acceptedLate === 0,
    },
    {
      measure: `${label}: errors (server, busy, sockets)`,
      value: `${tally.errors}${kinds ? ` (${kinds.slice(0, 300)})` : ''}`,
      budget: '0',
      ok: tally.errors === 0,
    },
  ];
}

/**
 * The flood (issue 26, docs/decisions.md item 2): `rooms` rooms of `playersPerRoom` bots play `questions` questions at
 * once, first alone, then while one member's client sends `framesPerSecond` frames a second; the
 * reveal latency of the rooms must not move by more than `p99Tolerance`.
 */
export const FLOOD = {
  rooms: 50,
  playersPerRoom: 4,
  questions: 5,
  /** Bots answer after a random delay up to this (as the scale's bots); a room's last answer brings the reveal. */
  answerDelayMaxMs: 2000,
  /** The games start this far apart, so that the 50 rooms' questions do not all open in one instant. */
  startEveryMs: 100,
  framesPerSecond: 500,
  /** Reveal p99 with the flood at most this much above it without. */
  p99Tolerance: 0.2,
  /**
   * The flooding client opens a new socket as soon as one is closed, and tries a refused one again
   * after this long (in AWS the WAF's rule on `/ws` upgrades stands in front of `$connect`).
   */
  retryRefusedMs: 250,
};

/** The frames the flood cycles through: a cheap one, room actions, chat and answers. */
const FLOOD_FRAMES = [
  { type: 'ping', sentAt: 0 },
  { type: 'chat_message', message: 'あ' },
  { type: 'ready' },
  { type: 'answer', answer: 'A', questionIndex: 0 },
].map((frame) => JSON.stringify(frame));

interface FloodTally {
  frames: number;
  seconds: number;
  /** Seconds with a socket open to send on. */
  openSeconds: number;
  sockets: number;
  refusedSockets: number;
  closedForFlooding: number;
  rateLimited: number;
  answered: number;
}

/**
 * One member's client sending `framesPerSecond` frames a second until stopped, on a new socket
 * whenever the server closed the last one; what it sent and what it got back.
 */
function startFlood(target: MultiplayerTarget, member: { userId: string; sessionId: string }) {
  const tally: FloodTally = {
    frames: 0,
    seconds: 0,
    openSeconds: 0,
    sockets: 0,
    refusedSockets: 0,
    closedForFlooding: 0,
    rateLimited: 0,
    answered: 0,
  };
  let stopped = false;
  const started = performance.now();
  const run = async () => {
    while (!stopped) {
      // No `auth` first: every frame of an open socket reaches the functions, and a flooder's
      // `auth` soon meets the member's limit on room actions anyway.
      let socket: BenchPlayer;
      try {
        socket = await BenchPlayer.open(target, member);
      } catch {
        tally.refusedSockets++;
        await sleep(FLOOD.retryRefusedMs);
        continue;
      }
      tally.sockets++;
      let open = true;
      void socket.closed.then((code) => {
        open = false;
        if (code === 1008) tally.closedForFlooding++;
      });
      // The rate holds while a socket is open; time spent reconnecting is not made up for.
      const opened = performance.now();
      let sent = 0;
      while (open && !stopped) {
        const owed = Math.floor(((performance.now() - opened) / 1000) * FLOOD.framesPerSecond);
        while (sent < owed && socket.sendFrame(FLOOD_FRAMES[tally.frames % FLOOD_FRAMES.length]!)) {
          sent++;
          tally.frames++;
        }
        await sleep(5);
      }
      tally.openSeconds += (performance.now() - opened) / 1000;
      for (const { message } of socket.arrivals)
        if (message.type === 'error' && message.reason === 'rate_limited') tally.rateLimited++;
        else if (message.type !== 'authenticated') tally.answered++;
      if (stopped) await socket.leave(false);
    }
  };
  const running = run();
  return {
    async stop(): Promise<FloodTally> {
      stopped = true;
      await running;
      tally.seconds = (performance.now() - started) / 1000;
      return tally;
    },
  };
}

/**
 * A seated room's game: every bot answers each question after a random delay. Answers each
 * player's reveal latency per question, from the moment the room's last answer was sent, and the
 * errors the bots were answered.
 */
async function playTimed(players: BenchPlayer[]): Promise<{ latencies: number[]; errors: string[] }> {
  const lastSent = new Map<number, number>();
  const timers = new Set<NodeJS.Timeout>();
  for (const player of players)
    player.onMessage = (message) => {
      if (message.type !== 'question') return;
      const index = message.questionIndex;
      const timer = setTimeout(
        () => {
          timers.delete(timer);
          player.send({ type: 'answer', answer: letter(), questionIndex: index });
          lastSent.set(index, Math.max(lastSent.get(index) ?? 0, performance.now()));
        },
        randomInt(0, FLOOD.answerDelayMaxMs + 1),
      );
      timers.add(timer);
    };
  const errors: string[] = [];
  try {
    for (const player of players) player.send({ type: 'ready' });
    const gameMs = (3 + FLOOD.questions * (SCALE.timePerQuestion + 5) + 60) * 1000;
    await Promise.all(players.map((player) => player.waitFor('game_finished', () => true, gameMs)));
  } catch (error) {
    errors.push(`room failed: ${(error as Error).message}`);
  } finally {
    for (const timer of timers) clearTimeout(timer);
  }
  const latencies: number[] = [];
  for (const player of players) {
    for (const { message, at } of player.arrivals) {
      const sent = message.type === 'answer_reveal' ? lastSent.get(message.questionIndex) : undefined;
      if (sent !== undefined) latencies.push(at - sent);
      else if (message.type === 'answer_reveal') errors.push('a reveal before any answer was sent');
      else if (message.type === 'error') errors.push(`error ${message.reason}`);
    }
    errors.push(...player.failures);
  }
  return { latencies, errors };
}

/** `FLOOD.rooms` rooms seated, then played at once: every reveal latency, sorted, and the faults. */
async function revealsInRooms(target: MultiplayerTarget, quizId: string) {
  const seats = await members(target, FLOOD.rooms * FLOOD.playersPerRoom);
  const rooms = await limited(
    Array.from({ length: FLOOD.rooms }, (_, room) =>
      seats.slice(room * FLOOD.playersPerRoom, (room + 1) * FLOOD.playersPerRoom),
    ),
    SCALE.seatWidth,
    async (members) => {
      const players = await Promise.all(members.map((member) => BenchPlayer.connect(target, member)));
      await seatRoom(players, quizId, {
        maxPlayers: FLOOD.playersPerRoom,
        timePerQuestion: SCALE.timePerQuestion,
      });
      return players;
    },
  );
  const played = await Promise.all(
    rooms.map(async (players, index) => {
      await sleep(index * FLOOD.startEveryMs);
      const result = await playTimed(players);
      await Promise.all(players.map((player) => player.leave(true)));
      return result;
    }),
  );
  return {
    latencies: played.flatMap((room) => room.latencies).sort((a, b) => a - b),
    errors: played.flatMap((room) => room.errors),
  };
}

/**
 * Reveal latency of 50 rooms playing at once: without a flood, with one client flooding its
 * socket, and without again. The budget compares the flooded run with the mean of the runs on
 * either side of it, so that a machine whose load drifts (a shared one) does not decide it.
 * Errors the functions logged meanwhile count as the rooms' errors (a flood that makes their calls
 * time out shows there even if every game ends).
 */
export async function benchFlood(target: MultiplayerTarget, quizId: string): Promise<BenchRow[]> {
  const before = await countingServerErrors(() => revealsInRooms(target, quizId));
  const [flooder] = await members(target, 1);
  const flood = startFlood(target, flooder!);
  let flooded;
  let tally: FloodTally;
  try {
    flooded = await countingServerErrors(() => revealsInRooms(target, quizId));
  } finally {
    tally = await flood.stop();
  }
  const after = await countingServerErrors(() => revealsInRooms(target, quizId));
  const p99 = (latencies: number[]) => percentile(latencies, 99);
  const shown = (latencies: number[]) =>
    `p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${p99(latencies).toFixed(1)} ms (${latencies.length} deliveries)`;
  const label = `multiplayer: ${FLOOD.rooms} rooms × ${FLOOD.playersPerRoom} bots × ${FLOOD.questions} questions, last answer → answer_reveal`;
  const calmP99 = (p99(before.result.latencies) + p99(after.result.latencies)) / 2;
  const budget = calmP99 * (1 + FLOOD.p99Tolerance);
  const runs = { 'no flood, before': before, flood: flooded, 'no flood, after': after };
  const errors = Object.entries(runs).flatMap(([run, { result, serverErrors }]) => [
    ...result.errors,
    ...Array.from({ length: serverErrors }, () => `server error logged (${run})`),
  ]);
  const kinds = new Map<string, number>();
  for (const error of errors) kinds.set(error, (kinds.get(error) ?? 0) + 1);
  return [
    { measure: `${label}, no flood`, value: shown(before.result.latencies), budget: '', ok: null },
    {
      measure: `${label}, one client sending ${FLOOD.framesPerSecond} frames/s`,
      value: shown(flooded.result.latencies),
      budget: `p99 ≤ ${budget.toFixed(1)} ms (the runs around it +${FLOOD.p99Tolerance * 100} %)`,
      ok: p99(flooded.result.latencies) <= budget,
    },
    { measure: `${label}, no flood again`, value: shown(after.result.latencies), budget: '', ok: null },
    {
      measure: 'multiplayer: the flood',
      value: `${tally.frames} frames in ${tally.seconds.toFixed(0)} s (${(tally.frames / tally.openSeconds).toFixed(0)}/s while a socket was open, ${tally.openSeconds.toFixed(0)} s) on ${tally.sockets} sockets: ${tally.answered} answered, ${tally.rateLimited} rate_limited, ${tally.closedForFlooding} closed with 1008, ${tally.refusedSockets} new sockets refused`,
      budget: '',
      ok: null,
    },
    {
      measure: `multiplayer: errors the ${FLOOD.rooms} rooms saw (three runs)`,
      value: `${errors.length}${
        kinds.size
          ? ` (${[...kinds]
              .map(([kind, count]) => `${kind} ×${count}`)
              .join('; ')
              .slice(0, 300)})`
          : ''
      }`,
      budget: '0',
      ok: errors.length === 0,
    },
  ];
}

/** Every multiplayer measure, on quizzes made for them by a member. */
export async function benchMultiplayer(target: MultiplayerTarget): Promise<BenchRow[]> {
  const author = new TestClient(target.url, { origin: target.origin });
  await signInAs(author);
  const revealQuiz = await createRoomQuiz(author, Array.from({ length: 10 }, letter));
  const scaleQuiz = await createRoomQuiz(author, Array.from({ length: SCALE.questions }, letter));
  const floodQuiz = await createRoomQuiz(author, Array.from({ length: FLOOD.questions }, letter));
  // The scale run first: DynamoDB Local's JIT is warm for the latency measures after it.
  const rows = await benchScale(target, scaleQuiz.id);
  rows.unshift(...(await benchRevealLatency(target, revealQuiz.id)));
  rows.push(...(await benchFlood(target, floodQuiz.id)));
  // The gateway runs `$disconnect` after a socket closed, without waiting: let the last ones
  // finish before the stack stops under them.
  await sleep(2000);
  return rows;
}
