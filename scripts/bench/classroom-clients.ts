import { randomInt } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import WebSocket from 'ws';
import { COOKIE_NAMES } from '@shared/api';
import type { ClassClientMessage, ClassServerMessage } from '@shared/classroom';
import { ANSWER_LETTERS, type AnswerLetter } from '@shared/constants';
import type { MultiplayerTarget } from './multiplayer-bench';

/**
 * The class games' players and hosts of `npm run bench -- classroom` (classroom-bench.ts), in a
 * process of their own, as a class's tablets and the teacher's laptop are devices of their own:
 * sharing the stack's process, their frames were taken off the wire (and timed) only when the
 * gateway and every function in it gave the event loop back, and their thousand sockets' work
 * went to the stack's loop. The stack's process creates the games and meters DynamoDB; this one
 * hosts, joins, answers and times, and sends back what it saw.
 */

/**
 * The scale; `CLASSROOM_BENCH_GAMES` and `CLASSROOM_BENCH_PLAYERS` run a smaller one (where
 * this machine's one process and DynamoDB Local stop being the bottleneck, for comparison).
 */
export const CLASSROOM_SCALE = {
  games: Number(process.env.CLASSROOM_BENCH_GAMES ?? 10),
  players: Number(process.env.CLASSROOM_BENCH_PLAYERS ?? 100),
  questions: 5,
  /** The shortest time a host may choose. */
  timePerQuestion: 10,
  /** Joins in flight at once, over all games. */
  joinWidth: 50,
  /** The games start this far apart (classes do not start on the same millisecond). */
  startEveryMs: 700,
  /**
   * When the players answer: `rush` (the default) every one of them in the last second before each
   * deadline; `class` (`CLASSROOM_BENCH_PACE=class`) at a class's pace, each at a random moment of
   * the question, one in 20 not at all (so the clock's reveal still ends each question).
   */
  pace: process.env.CLASSROOM_BENCH_PACE === 'class' ? 'class' : 'rush',
  /** In the rush every answer is sent within this window before the deadline. */
  answerWindowMs: 1000,
  /** …and no later than this before it (a frame still needs to reach API Gateway in time). */
  answerMarginMs: 150,
} as const;

type Frame = ClassServerMessage;
type FrameOf<T extends Frame['type']> = Extract<Frame, { type: T }>;

export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
export const letter = (): AnswerLetter => ANSWER_LETTERS[randomInt(ANSWER_LETTERS.length)]!;

/** Runs `work` on every item, at most `width` at a time. */
async function limited<T>(items: readonly T[], width: number, work: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, items.length) }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

/** A socket of the bench: every frame kept with its arrival time (epoch ms, the server's clock here). */
class ClassSocket {
  readonly frames: { frame: Frame; at: number }[] = [];
  readonly failures: string[] = [];
  /** Frames this socket sent: each is one Lambda invocation in AWS. */
  sent = 0;
  onFrame: (frame: Frame) => void = () => undefined;
  private waiters: (() => void)[] = [];
  private closing = false;

  private constructor(private readonly socket: WebSocket) {
    socket.on('message', (data) => {
      const frame = JSON.parse(data.toString()) as Frame;
      this.frames.push({ frame, at: Date.now() });
      this.onFrame(frame);
      for (const wake of this.waiters.splice(0)) wake();
    });
    socket.on('error', (error) => this.failures.push(`socket error: ${error.message}`));
    socket.on('close', (code) => {
      if (!this.closing) this.failures.push(`closed by the server (${code})`);
      for (const wake of this.waiters.splice(0)) wake();
    });
  }

  static open(target: MultiplayerTarget, sessionId?: string): Promise<ClassSocket> {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(target.wsUrl, {
        headers: {
          Origin: target.origin,
          ...(sessionId ? { Cookie: `${COOKIE_NAMES.session}=${sessionId}` } : {}),
        },
      });
      socket.once('open', () => resolve(new ClassSocket(socket)));
      socket.once('unexpected-response', (_request, response) =>
        reject(new Error(`socket refused: HTTP ${response.statusCode}`)),
      );
      socket.once('error', reject);
    });
  }

  send(frame: ClassClientMessage | { type: 'answer'; answer: AnswerLetter; questionIndex: number }) {
    this.sent += 1;
    this.socket.send(JSON.stringify(frame));
  }

  /** The first frame of `type` that satisfies `match`, waiting up to `timeoutMs`. */
  async waitFor<T extends Frame['type']>(
    type: T,
    match: (frame: FrameOf<T>) => boolean = () => true,
    timeoutMs = 60_000,
  ): Promise<{ frame: FrameOf<T>; at: number }> {
    const find = () =>
      this.frames.find((entry) => entry.frame.type === type && match(entry.frame as FrameOf<T>)) as
        { frame: FrameOf<T>; at: number } | undefined;
    const until = Date.now() + timeoutMs;
    while (!find()) {
      const left = until - Date.now();
      if (left <= 0 || this.socket.readyState !== WebSocket.OPEN)
        throw new Error(`no ${type} within ${timeoutMs} ms (${this.failures.join('; ') || 'socket open'})`);
      await new Promise<void>((wake) => {
        const timer = setTimeout(wake, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          wake();
        });
      });
    }
    return find()!;
  }

  all<T extends Frame['type']>(type: T): FrameOf<T>[] {
    return this.frames.filter((entry) => entry.frame.type === type).map((entry) => entry.frame as FrameOf<T>);
  }

  async close() {
    this.closing = true;
    if (this.socket.readyState === WebSocket.CLOSED) return;
    await new Promise<void>((done) => {
      this.socket.once('close', () => done());
      this.socket.close();
    });
  }
}

export interface GameOutcome {
  /** Deadline → `class_result`, each player and question (ms). */
  latencies: number[];
  /** Answers whose frame left before the deadline (the bench's own timers can fire late). */
  sentInTime: number;
  accepted: number;
  lost: number;
  duplicated: number;
  late: number;
  errors: string[];
  /** Frames sent by the host and players while the questions ran, and the clock's ticks. */
  invocations: number;
}

/** A game the stack's process created for the bench, and its host's session. */
export interface BenchGame {
  gameId: string;
  pin: string;
  sessionId: string;
  /** When its host starts it, after every player of every game joined. */
  startAfterMs: number;
}

/** What the stack's process hands this one. */
export interface ClientsPlan {
  target: MultiplayerTarget;
  games: BenchGame[];
  /** The right letter of each question of the quiz every game plays. */
  answers: AnswerLetter[];
}

/** What this process sends back: `counting` as the first game starts, then the outcomes. */
export type ClientsReport =
  { type: 'counting' } | { type: 'done'; outcomes: GameOutcome[] } | { type: 'failed'; message: string };

/** One class game: the host's screen, `players` guests joined, `questions` played to the end. */
async function playGame(
  target: MultiplayerTarget,
  game: BenchGame,
  answers: AnswerLetter[],
  joined: () => void,
  allJoined: Promise<void>,
  counting: () => void,
): Promise<GameOutcome> {
  const S = CLASSROOM_SCALE;
  const { gameId, pin } = game;
  const hostSocket = await ClassSocket.open(target, game.sessionId);
  hostSocket.send({ type: 'class_host', gameId });
  await hostSocket.waitFor('class_hosting');

  const players: ClassSocket[] = [];
  await limited(
    Array.from({ length: S.players }, (_, index) => index),
    Math.ceil(S.joinWidth / S.games),
    async (index) => {
      const socket = await ClassSocket.open(target);
      socket.send({ type: 'join_class', pin, nickname: `生徒${index + 1}` });
      await socket.waitFor('class_joined');
      players.push(socket);
      joined();
    },
  );
  await allJoined;
  await new Promise((done) => setTimeout(done, game.startAfterMs));
  counting();

  // Each player answers every question at a random moment of the last second before its deadline.
  // A send its timer fired after the deadline is the bench's lateness, not the product's, and is
  // counted apart.
  const chosen = new Map<ClassSocket, Map<number, AnswerLetter>>();
  const outcome: GameOutcome = {
    latencies: [],
    sentInTime: 0,
    accepted: 0,
    lost: 0,
    duplicated: 0,
    late: 0,
    errors: [],
    invocations: 0,
  };
  for (const [index, player] of players.entries()) {
    const chosenByQuestion = new Map<number, AnswerLetter>();
    chosen.set(player, chosenByQuestion);
    player.onFrame = (frame) => {
      if (frame.type !== 'class_question') return;
      if (S.pace === 'class' && index % 20 === 19) return;
      const answer = letter();
      chosenByQuestion.set(frame.questionIndex, answer);
      const window = S.pace === 'class' ? frame.deadline - Date.now() : S.answerWindowMs;
      const at = frame.deadline - S.answerMarginMs - randomInt(Math.max(1, window - S.answerMarginMs));
      setTimeout(
        () => {
          if (Date.now() < frame.deadline) outcome.sentInTime += 1;
          player.send({ type: 'answer', answer, questionIndex: frame.questionIndex });
        },
        Math.max(0, at - Date.now()),
      );
    };
  }
  const sentBefore = hostSocket.sent + players.reduce((sum, player) => sum + player.sent, 0);
  hostSocket.send({ type: 'class_start', gameId });
  for (let questionIndex = 0; questionIndex < S.questions; questionIndex += 1) {
    const question = (
      await hostSocket.waitFor('class_question', (frame) => frame.questionIndex === questionIndex)
    ).frame;
    await hostSocket.waitFor('class_reveal', (frame) => frame.questionIndex === questionIndex, 120_000);
    await Promise.all(
      players.map(async (player) => {
        const { at } = await player.waitFor(
          'class_result',
          (result) => result.questionIndex === questionIndex,
          120_000,
        );
        outcome.latencies.push(at - question.deadline);
      }),
    );
    // One deadline tick a question (the reveal by the clock).
    outcome.invocations += 1;
    hostSocket.send({ type: 'class_next', gameId });
  }
  await hostSocket.waitFor('class_finished');
  await Promise.all(players.map((player) => player.waitFor('class_finished')));
  // Counted once every frame is in: an answer written just before the clock's reveal may have its
  // answer_accepted arrive after its class_result (the reveal does not wait for the reply).
  for (let questionIndex = 0; questionIndex < S.questions; questionIndex += 1) {
    const correct = answers[questionIndex]!;
    for (const player of players) {
      const result = player.all('class_result').find((frame) => frame.questionIndex === questionIndex)!;
      const acceptedFrames = player
        .all('answer_accepted')
        .filter((accepted) => accepted.questionIndex === questionIndex);
      if (acceptedFrames.length > 1) outcome.duplicated += 1;
      const acceptedAnswer = acceptedFrames[0]?.answer;
      if (acceptedAnswer === undefined) continue;
      outcome.accepted += 1;
      // An accepted answer is in the result: right exactly when it was the right letter.
      if (result.isCorrect !== (acceptedAnswer === correct) || (result.isCorrect && result.points <= 0))
        outcome.lost += 1;
      if (chosen.get(player)!.get(questionIndex) !== acceptedAnswer) outcome.lost += 1;
    }
  }
  outcome.invocations += hostSocket.sent + players.reduce((sum, player) => sum + player.sent, 0) - sentBefore;
  for (const socket of [hostSocket, ...players]) {
    for (const error of socket.all('error')) {
      // A refusal of an answer is counted with the answers; any other error frame counts here.
      if (error.reason === 'too_late') outcome.late += 1;
      else outcome.errors.push(`${error.reason}: ${error.message}`);
    }
    outcome.errors.push(...socket.failures);
  }
  await Promise.all([hostSocket, ...players].map((socket) => socket.close()));
  return outcome;
}

/** Plays every game of `plan` side by side; `counting` is said once, as the first game starts. */
async function playAll(plan: ClientsPlan, counting: () => void): Promise<GameOutcome[]> {
  const S = CLASSROOM_SCALE;
  let joinedCount = 0;
  let everyoneIn!: () => void;
  const allJoined = new Promise<void>((resolve) => (everyoneIn = resolve));
  const joined = () => {
    joinedCount += 1;
    if (joinedCount === plan.games.length * S.players) everyoneIn();
  };
  let said = false;
  const once = () => {
    if (said) return;
    said = true;
    counting();
  };
  return Promise.all(
    plan.games.map((game) => playGame(plan.target, game, plan.answers, joined, allJoined, once)),
  );
}

// Run by classroom-bench.ts (`fork`): the plan comes in the first message, the report goes back.
if (process.send && process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const report = (message: ClientsReport) =>
    new Promise<void>((done) => process.send!(message, undefined, {}, () => done()));
  process.once('message', (plan: ClientsPlan) => {
    playAll(plan, () => void report({ type: 'counting' }))
      .then((outcomes) => report({ type: 'done', outcomes }))
      .catch((error: unknown) =>
        report({ type: 'failed', message: error instanceof Error ? error.message : String(error) }),
      )
      .finally(() => process.disconnect());
  });
}
