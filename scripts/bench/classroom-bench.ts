import { randomInt } from 'node:crypto';
import WebSocket from 'ws';
import { COOKIE_NAMES } from '@shared/api';
import type { ClassClientMessage, ClassServerMessage } from '@shared/classroom';
import { ANSWER_LETTERS, type AnswerLetter } from '@shared/constants';
import { dynamo } from '@functions/lib/aws-clients';
import { signInAs } from '../../tests/support/accounts';
import { TestClient } from '../../tests/support/http-client';
import { createRoomQuiz } from '../../tests/support/multiplayer';
import type { BenchRow } from './ai-bench';
import type { MultiplayerTarget } from './multiplayer-bench';

/**
 * Class games in `npm run bench -- classroom` (issue 31), through the local gateway (every Lambda in
 * this process, the `@connections` API, the SQS game clock) and DynamoDB Local: `games` games of
 * `players` players each (sockets without a session, as a class's tablets), `questions` questions,
 * every player answering in the last second before each deadline, so the clock's reveal ends each
 * question. Measured: the time from each question's deadline to each player's `class_result`; the
 * answers lost (accepted but missing from the result), duplicated (accepted twice) or accepted after
 * the deadline; error frames; DynamoDB units and Lambda invocations per answered question.
 */
export const CLASSROOM_BUDGETS = { revealP99Ms: 300 };

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
  /** Every answer is sent within this window before the deadline (the last-second rush). */
  answerWindowMs: 1000,
  /** …and no later than this before it (a frame still needs to reach API Gateway in time). */
  answerMarginMs: 150,
} as const;

type Frame = ClassServerMessage;
type FrameOf<T extends Frame['type']> = Extract<Frame, { type: T }>;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const letter = (): AnswerLetter => ANSWER_LETTERS[randomInt(ANSWER_LETTERS.length)]!;

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

/** DynamoDB's consumed units while `counting` is on, read and write apart (every call of the in-process functions). */
const units = { read: 0, write: 0, counting: false };
const READS = new Set([
  'GetItemCommand',
  'QueryCommand',
  'ScanCommand',
  'BatchGetItemCommand',
  'TransactGetItemsCommand',
]);
let metered = false;

function meterUnits() {
  if (metered) return;
  metered = true;
  dynamo().middlewareStack.add(
    (next, context) => async (args) => {
      if (!units.counting) return next(args);
      (args.input as Record<string, unknown>).ReturnConsumedCapacity = 'TOTAL';
      const result = await next(args);
      const consumed = (result.output as { ConsumedCapacity?: unknown }).ConsumedCapacity;
      const reported = (Array.isArray(consumed) ? consumed : consumed ? [consumed] : []).reduce(
        (sum: number, entry: { CapacityUnits?: number }) => sum + (entry.CapacityUnits ?? 0),
        0,
      );
      // DynamoDB Local reports a transaction's units for the table as a whole; DynamoDB bills two
      // write units per item of up to 1 KB in a transaction (a reveal's 100 closes: 200).
      const items = (args.input as { TransactItems?: unknown[] }).TransactItems?.length ?? 0;
      const total =
        context.commandName === 'TransactWriteItemsCommand' ? Math.max(reported, 2 * items) : reported;
      if (READS.has(String(context.commandName))) units.read += total;
      else units.write += total;
      return result;
    },
    { step: 'initialize', name: 'benchConsumedUnits' },
  );
}

interface GameOutcome {
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

/** One class game: the host's screen, `players` guests joined, `questions` played to the end. */
async function playGame(
  target: MultiplayerTarget,
  host: { client: TestClient; sessionId: string },
  quiz: { id: string; answers: AnswerLetter[] },
  startAfterMs: number,
  joined: () => void,
  allJoined: Promise<void>,
): Promise<GameOutcome> {
  const S = CLASSROOM_SCALE;
  const created = await host.client.request('POST', '/api/classroom/games', {
    json: { quizId: quiz.id, timePerQuestion: S.timePerQuestion, maxPlayers: S.players },
  });
  if (created.status !== 201) throw new Error(`create: ${created.status} ${created.text}`);
  const { gameId, pin } = created.json as unknown as { gameId: string; pin: string };
  const hostSocket = await ClassSocket.open(target, host.sessionId);
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
  await new Promise((done) => setTimeout(done, startAfterMs));
  units.counting = true;

  // Each player answers every question at a random moment of the last second before its deadline.
  // The bench's clients share this process with the gateway and the functions: a send its timer
  // fired after the deadline is the bench's lateness, not the product's, and is counted apart.
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
  for (const player of players) {
    const answers = new Map<number, AnswerLetter>();
    chosen.set(player, answers);
    player.onFrame = (frame) => {
      if (frame.type !== 'class_question') return;
      const answer = letter();
      answers.set(frame.questionIndex, answer);
      const at = frame.deadline - S.answerMarginMs - randomInt(S.answerWindowMs - S.answerMarginMs);
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
    const correct = quiz.answers[questionIndex]!;
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

export async function benchClassroom(target: MultiplayerTarget): Promise<BenchRow[]> {
  const S = CLASSROOM_SCALE;
  meterUnits();
  const hosts = await Promise.all(
    Array.from({ length: S.games }, async (_, index) => {
      const client = new TestClient(target.url, { origin: target.origin });
      const { sessionId } = await signInAs(client, { nickname: `先生${index + 1}` });
      return { client, sessionId };
    }),
  );
  const answers = Array.from({ length: S.questions }, letter);
  const quiz = { id: (await createRoomQuiz(hosts[0]!.client, answers)).id, answers };
  let joinedCount = 0;
  let everyoneIn!: () => void;
  const allJoined = new Promise<void>((resolve) => (everyoneIn = resolve));
  const joined = () => {
    joinedCount += 1;
    if (joinedCount === S.games * S.players) everyoneIn();
  };
  const unitsBefore = { ...units };
  const outcomes = await Promise.all(
    hosts.map((host, index) => playGame(target, host, quiz, index * S.startEveryMs, joined, allJoined)),
  );
  units.counting = false;
  const latencies = outcomes.flatMap((outcome) => outcome.latencies).sort((a, b) => a - b);
  const sum = (pick: (outcome: GameOutcome) => number) =>
    outcomes.reduce((total, outcome) => total + pick(outcome), 0);
  const accepted = sum((outcome) => outcome.accepted);
  const errors = outcomes.flatMap((outcome) => outcome.errors);
  const perAnswer = (value: number) => (accepted ? (value / accepted).toFixed(2) : '–');
  const label = `${S.games} games × ${S.players} players, ${S.questions} questions`;
  return [
    {
      measure: `classroom: deadline → class_result p50 / p99 / max (${label})`,
      value: `${percentile(latencies, 50)} / ${percentile(latencies, 99)} / ${latencies.at(-1)} ms`,
      budget: `p99 ≤ ${CLASSROOM_BUDGETS.revealP99Ms} ms`,
      ok: percentile(latencies, 99) <= CLASSROOM_BUDGETS.revealP99Ms,
    },
    {
      measure: 'classroom: answers sent before the deadline / accepted (of all sent)',
      value: `${sum((o) => o.sentInTime)} / ${accepted} (of ${S.games * S.players * S.questions})`,
      budget: 'accepted ≥ sent in time',
      ok: accepted >= sum((o) => o.sentInTime),
    },
    {
      measure: 'classroom: answers lost / duplicated / refused too_late',
      value: `${sum((o) => o.lost)} / ${sum((o) => o.duplicated)} / ${sum((o) => o.late)}`,
      budget: '0 / 0 / ≤ sent late',
      ok:
        sum((o) => o.lost) + sum((o) => o.duplicated) === 0 &&
        sum((o) => o.late) <= S.games * S.players * S.questions - sum((o) => o.sentInTime),
    },
    {
      measure: 'classroom: error frames and failed sockets',
      value: errors.length ? `${errors.length} (${[...new Set(errors)].slice(0, 3).join('; ')})` : '0',
      budget: '0',
      ok: errors.length === 0,
    },
    {
      measure: 'classroom: DynamoDB read / write units per answered question (all calls while playing)',
      value: `${perAnswer(units.read - unitsBefore.read)} / ${perAnswer(units.write - unitsBefore.write)}`,
      budget: '',
      ok: null,
    },
    {
      measure: 'classroom: Lambda invocations per question (frames sent + clock ticks, one game)',
      value: (sum((o) => o.invocations) / (S.games * S.questions)).toFixed(1),
      budget: '',
      ok: null,
    },
  ];
}
