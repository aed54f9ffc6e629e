import { randomInt } from 'node:crypto';
import { SendMessageCommand } from '@aws-sdk/client-sqs';
import * as z from 'zod';
import {
  MULTIPLAYER_MESSAGES,
  ROOM_LIMITS,
  questionScore,
  type GameState,
  type ServerMessage,
} from '@shared/multiplayer';
import type { AnswerLetter } from '@shared/constants';
import { sendToConnection } from '../connections/connection';
import { sqs } from '../lib/aws-clients';
import { getConfig } from '../lib/config';
import type { Logger } from '../lib/logger';
import { emitMetric, METRIC } from '../lib/metrics';
import { canView, isPubliclyVisible } from '../quizzes/quiz-policy';
import { getQuizDetail } from '../quizzes/quiz-store';
import { roomError } from './errors';
import {
  changeRoom,
  connectedSeats,
  gameDelete,
  gamePut,
  getGameQuestions,
  getRoom,
  seatsInOrder,
  toRoom,
  type GameQuestion,
  type RoomChange,
  type RoomItem,
} from './room';

/**
 * The game engine: phase changes, fan-out and the clock. A game moves waiting → starting →
 * question → results → … → finished → waiting. Each change is one optimistic write that adds 1 to
 * the room's `step`, and only the writer that made it sends its messages and schedules the next
 * tick, so a step happens exactly once however many answers, ticks or retries race for it.
 */

const m = MULTIPLAYER_MESSAGES;

const roomCode = z.string().regex(new RegExp(`^[${ROOM_LIMITS.codeAlphabet}]{${ROOM_LIMITS.codeLength}}$`));

/**
 * A delayed queue message: end phase `step` of a room, end it early if its answers are in, or give
 * up a seat kept since `leftAt`. The tick consumer parses every message with it, as every other
 * input is parsed.
 */
export const tickSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('phase'), roomId: roomCode, step: z.number().int().min(0) }),
  // End question `step` if every player it still waits for has answered (a dropped seat's grace ran out).
  z.object({ kind: z.literal('answers'), roomId: roomCode, step: z.number().int().min(0) }),
  z.object({
    kind: z.literal('seat'),
    roomId: roomCode,
    userId: z.string().min(1).max(100),
    leftAt: z.number().int().min(0),
  }),
]);
export type Tick = z.infer<typeof tickSchema>;

/** SQS delays are whole seconds up to 15 minutes; rounding up means a tick is never early. */
export async function scheduleTick(tick: Tick, at: number): Promise<void> {
  const delay = Math.min(900, Math.max(0, Math.ceil((at - Date.now()) / 1000)));
  await sqs().send(
    new SendMessageCommand({
      QueueUrl: getConfig().tickQueueUrl,
      MessageBody: JSON.stringify(tick),
      DelaySeconds: delay,
    }),
  );
}

/** Sends a message to every connected member of the room (and nobody else). */
export async function broadcast(
  room: RoomItem,
  message: ServerMessage,
  log: Logger,
  options: { except?: string } = {},
): Promise<void> {
  await Promise.all(
    connectedSeats(room)
      .filter(([userId]) => userId !== options.except)
      .map(([userId, seat]) => deliver(room.code, userId, seat.endpoint!, seat.connectionId!, message, log)),
  );
}

/** Sends to one socket; a socket found gone loses its connection, and its seat is kept for a rejoin. */
export async function deliver(
  code: string,
  userId: string,
  endpoint: string,
  connectionId: string,
  message: ServerMessage,
  log: Logger,
): Promise<void> {
  let delivered = true;
  try {
    delivered = await sendToConnection(endpoint, connectionId, message);
  } catch (error) {
    log.warn('could not deliver a room message', { error, type: message.type });
  }
  if (!delivered)
    await seatDisconnected(code, userId, connectionId, log).catch((error: unknown) =>
      // The message's own work is done; the seat is dealt with by `$disconnect` or the next send.
      log.warn('could not keep the seat of a gone socket', { error }),
    );
}

/**
 * A member's socket closed or was found gone: the seat, score and answers are kept for
 * `rejoinSeconds`, after which a seat tick gives the seat up.
 */
export async function seatDisconnected(code: string, userId: string, connectionId: string, log: Logger) {
  const { outcome } = await changeRoom(code, async (room, now): Promise<RoomChange<number | null>> => {
    const seat = room.players[userId];
    if (!seat || seat.connectionId !== connectionId) return { unchanged: true, result: null };
    Object.assign(seat, { connectionId: null, endpoint: null, leftAt: now });
    // Scheduled before the write: a seat kept is always given up in the end (a tick for a write
    // that lost its race finds `leftAt` different and does nothing).
    await scheduleTick(
      { kind: 'seat', roomId: code, userId, leftAt: now },
      now + ROOM_LIMITS.rejoinSeconds * 1000,
    );
    // A question this seat holds open is looked at again when its grace ends (everyoneAnswered).
    if (room.gameState === 'question' && !seat.answers[String(room.questionIndex)])
      await scheduleTick({ kind: 'answers', roomId: code, step: room.step }, dropGraceEnds(now));
    return { room, result: now };
  }).catch((error: unknown) => {
    if ((error as { reason?: string }).reason === 'not_found') return { outcome: undefined };
    throw error;
  });
  if (!outcome || !('room' in outcome) || outcome.result === null) return;
  const room = outcome.room;
  await broadcast(
    room,
    {
      type: 'player_connection_changed',
      roomId: code,
      room: toRoom(room),
      playerId: userId,
      connected: false,
    },
    log,
  );
  await afterPlayersChanged(room, log);
}

/**
 * Takes a player out of a room: the host passes to the next player; an empty room is removed.
 * The member's seat pointer is released after (`releaseSeat`).
 */
export function withoutPlayer(room: RoomItem, userId: string): RoomChange<RoomItem | null> {
  if (!room.players[userId]) return { unchanged: true, result: null };
  delete room.players[userId];
  const remaining = seatsInOrder(room);
  if (remaining.length === 0) return { delete: true, result: null, extra: [gameDelete(room.code)] };
  if (room.hostId === userId) {
    const next = remaining.find(([, seat]) => seat.connectionId !== null) ?? remaining[0]!;
    room.hostId = next[0];
  }
  return { room, result: room };
}

/** After players left or dropped: the question may be complete, or everyone left may be ready. */
export async function afterPlayersChanged(room: RoomItem, log: Logger) {
  if (room.gameState === 'question' && everyoneAnswered(room))
    await advance(room.code, room.step, log, { early: 'advance' });
  else if (room.gameState === 'waiting') await startIfReady(room.code, log);
}

/** Until when a seat that dropped at `leftAt` holds an open question it has not answered. */
const dropGraceEnds = (leftAt: number) => leftAt + ROOM_LIMITS.dropGraceSeconds * 1000;

/**
 * Every player the current question still waits for has answered, so it ends now rather than at
 * its deadline: every connected player (at least one), and a player whose socket dropped only
 * within `dropGraceSeconds` of it (a reload: they may come back and answer). A seat that dropped
 * earlier does not hold the question: the others would wait out the whole clock for a tab that may
 * never come back, while the page counted them all as answered (`player_answered` counts the
 * connected). With nobody connected, the clock ends it.
 */
export function everyoneAnswered(room: RoomItem, now = Date.now()): boolean {
  const index = String(room.questionIndex);
  const seats = seatsInOrder(room);
  return (
    seats.some(([, seat]) => seat.connectionId !== null) &&
    seats.every(
      ([, seat]) =>
        seat.answers[index] ||
        (seat.connectionId === null && seat.leftAt !== null && now >= dropGraceEnds(seat.leftAt)),
    )
  );
}

/**
 * The quiz a room plays: one the host may see, with questions, and public (published, not hidden,
 * active). A room shows its quiz's title in the lobby and its questions to every player, so the
 * host's own private or hidden quizzes are refused here (they stay playable alone); anyone else's
 * is not found.
 */
export async function roomQuiz(quizId: string, host: { id: string; role: 'user' | 'admin' }) {
  const detail = await getQuizDetail(quizId);
  if (!detail || !canView(detail.quiz, host)) throw roomError('not_found', m.quizNotFound);
  if (!isPubliclyVisible(detail.quiz)) throw roomError('invalid', m.quizNotPublic);
  if (detail.questions.length === 0) throw roomError('invalid', m.quizWithoutQuestions);
  return detail;
}

function shuffled<T>(items: readonly T[]): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

/** Starts the game when every player is ready and at least two are connected. */
export async function startIfReady(code: string, log: Logger): Promise<void> {
  const { outcome } = await changeRoom(code, async (room, now): Promise<RoomChange<boolean>> => {
    const seats = seatsInOrder(room);
    const ready =
      room.gameState === 'waiting' &&
      connectedSeats(room).length >= ROOM_LIMITS.playersMin &&
      seats.every(([, seat]) => seat.isReady);
    if (!ready) return { unchanged: true, result: false };
    let detail;
    try {
      detail = await roomQuiz(room.settings.quizId, { id: room.hostId, role: 'user' });
    } catch (error) {
      // The quiz went away: nobody can play it; everyone chooses again.
      log.info('room quiz unavailable at start', { error });
      for (const [, seat] of seats) seat.isReady = false;
      return { room, result: false };
    }
    const ordered = room.settings.randomOrder ? shuffled(detail.questions) : detail.questions;
    const questions: GameQuestion[] = ordered.map((question) => ({
      id: question.id,
      text: question.questionText,
      options: {
        A: question.optionA,
        B: question.optionB,
        ...(question.optionC !== null ? { C: question.optionC } : {}),
        ...(question.optionD !== null ? { D: question.optionD } : {}),
      },
      correctAnswer: question.correctAnswer,
      explanation: question.explanation,
    }));
    for (const [, seat] of seats) Object.assign(seat, { score: 0, answers: {}, points: {} });
    Object.assign(room, {
      gameState: 'starting',
      step: room.step + 1,
      questionIndex: -1,
      phaseEndsAt: now + ROOM_LIMITS.countdownSeconds * 1000,
      questionStartedAt: 0,
      totalQuestions: questions.length,
      answerKey: questions.map((question) => question.correctAnswer),
      questionIds: questions.map((question) => question.id),
      choices: questions.map((question) => Object.keys(question.options).join('')),
      settings: { ...room.settings, quizTitle: detail.quiz.title },
    });
    await scheduleTick({ kind: 'phase', roomId: code, step: room.step }, room.phaseEndsAt);
    return { room, result: true, extra: [gamePut(code, questions, now)] };
  });
  if (!('room' in outcome)) return;
  const room = outcome.room;
  if (!outcome.result) {
    await broadcast(room, { type: 'room_reset', roomId: code, room: toRoom(room) }, log);
    await broadcast(room, { type: 'error', message: m.quizNotFound, reason: 'not_found' }, log);
    return;
  }
  emitMetric(METRIC.games, 1, { players: connectedSeats(room).length });
  await broadcast(
    room,
    {
      type: 'game_starting',
      roomId: code,
      countdown: ROOM_LIMITS.countdownSeconds,
      startsAt: room.phaseEndsAt,
      totalQuestions: room.totalQuestions,
    },
    log,
  );
}

/** The `question` message of the room's current question (never its answer). */
export function questionMessage(room: RoomItem, question: GameQuestion) {
  return {
    type: 'question' as const,
    roomId: room.code,
    question: { text: question.text, options: question.options },
    timeLimit: room.settings.timePerQuestion,
    totalQuestions: room.totalQuestions,
    questionIndex: room.questionIndex,
    deadline: room.phaseEndsAt,
  };
}

export function timerSync(room: RoomItem, now = Date.now()): ServerMessage {
  return {
    type: 'timer_sync',
    roomId: room.code,
    questionIndex: room.questionIndex,
    remainingTime: Math.max(0, Math.ceil((room.phaseEndsAt - now) / 1000)),
    deadline: room.phaseEndsAt,
    serverTime: now,
  };
}

function openQuestion(room: RoomItem, index: number, now: number) {
  Object.assign(room, {
    gameState: 'question',
    step: room.step + 1,
    questionIndex: index,
    questionStartedAt: now,
    phaseEndsAt: now + room.settings.timePerQuestion * 1000,
  });
}

function reveal(room: RoomItem, now: number) {
  const index = String(room.questionIndex);
  const correct = room.answerKey[room.questionIndex];
  for (const [, seat] of seatsInOrder(room)) {
    const given = seat.answers[index];
    const points = given
      ? questionScore(
          given.answer === correct,
          given.at - room.questionStartedAt,
          room.settings.timePerQuestion,
        )
      : 0;
    seat.points[index] = points;
    seat.score += points;
  }
  Object.assign(room, {
    gameState: 'results',
    step: room.step + 1,
    phaseEndsAt: now + ROOM_LIMITS.revealSeconds * 1000,
  });
}

function finish(room: RoomItem, now: number) {
  Object.assign(room, {
    gameState: 'finished',
    step: room.step + 1,
    phaseEndsAt: now + ROOM_LIMITS.finishedSeconds * 1000,
  });
}

/** A room between games: waiting, with no question, clock or answer key. */
export function waitingGame() {
  return {
    gameState: 'waiting',
    questionIndex: -1,
    phaseEndsAt: 0,
    questionStartedAt: 0,
    totalQuestions: 0,
    answerKey: [],
    questionIds: [],
    choices: [],
  } satisfies Partial<RoomItem>;
}

function reset(room: RoomItem) {
  for (const [, seat] of seatsInOrder(room))
    Object.assign(seat, { isReady: false, score: 0, answers: {}, points: {} });
  Object.assign(room, { ...waitingGame(), step: room.step + 1 });
}

export interface RankingEntry {
  rank: number;
  playerId: string;
  nickname: string;
  score: number;
  correctCount: number;
  /** By quiz question id, `-` when unanswered: the attempt record's answers. */
  answers: Record<string, AnswerLetter | '-'>;
}

/** The final ranking: score, then correct answers; equal results share a rank. */
export function ranking(room: RoomItem): RankingEntry[] {
  const entries = seatsInOrder(room).map(([playerId, seat]) => {
    const answers: Record<string, AnswerLetter | '-'> = {};
    let correctCount = 0;
    room.questionIds.forEach((questionId, index) => {
      const given = seat.answers[String(index)]?.answer;
      answers[questionId] = given ?? '-';
      if (given && given === room.answerKey[index]) correctCount++;
    });
    return { playerId, nickname: seat.nickname, score: seat.score, correctCount, answers };
  });
  entries.sort((a, b) => b.score - a.score || b.correctCount - a.correctCount);
  return entries.map((entry) => ({
    ...entry,
    rank:
      1 +
      entries.findIndex((other) => other.score === entry.score && other.correctCount === entry.correctCount),
  }));
}

/**
 * Ends phase `step` of the room and opens the next, exactly once. A tick that comes early (clock
 * skew) is put back for the time left; a tick or answer for a step already ended changes nothing.
 */
export async function advance(
  code: string,
  step: number,
  log: Logger,
  options: { early: 'advance' | 'wait' },
): Promise<void> {
  let outcome: RoomChange<'early' | 'stale' | 'advanced'>;
  try {
    ({ outcome } = await changeRoom(
      code,
      async (room, now): Promise<RoomChange<'early' | 'stale' | 'advanced'>> => {
        if (room.step !== step || room.gameState === 'waiting') return { unchanged: true, result: 'stale' };
        if (options.early === 'wait' && now < room.phaseEndsAt) return { unchanged: true, result: 'early' };
        if (
          room.gameState === 'question' &&
          options.early === 'advance' &&
          now < room.phaseEndsAt &&
          !everyoneAnswered(room, now)
        )
          return { unchanged: true, result: 'stale' };
        if (room.gameState === 'starting') openQuestion(room, 0, now);
        else if (room.gameState === 'question') reveal(room, now);
        else if (room.gameState === 'results') {
          if (room.questionIndex + 1 < room.totalQuestions) openQuestion(room, room.questionIndex + 1, now);
          else finish(room, now);
        } else reset(room);
        // The next phase's tick goes out before the write, so no phase is ever left without an end
        // (a tick for a write that lost its race names a step that never happens, and does nothing).
        const next = room.gameState as GameState;
        if (next !== 'waiting')
          await scheduleTick({ kind: 'phase', roomId: code, step: room.step }, room.phaseEndsAt);
        return { room, result: 'advanced' };
      },
    ));
  } catch (error) {
    if ((error as { reason?: string }).reason === 'not_found') return;
    throw error;
  }
  if (!('room' in outcome)) {
    if (outcome.result === 'early') {
      const room = await getRoom(code);
      if (room && room.step === step)
        await scheduleTick({ kind: 'phase', roomId: code, step }, room.phaseEndsAt);
    }
    return;
  }
  await announce(outcome.room, log);
}

/** The results of the room's current question (gameState `results`). */
export function revealMessage(room: RoomItem, questions: GameQuestion[]) {
  const index = String(room.questionIndex);
  return {
    type: 'answer_reveal' as const,
    roomId: room.code,
    questionIndex: room.questionIndex,
    totalQuestions: room.totalQuestions,
    results: seatsInOrder(room).map(([playerId, seat]) => ({
      playerId,
      nickname: seat.nickname,
      answer: seat.answers[index]?.answer ?? null,
      isCorrect: seat.answers[index]?.answer === room.answerKey[room.questionIndex],
      score: seat.points[index] ?? 0,
      totalScore: seat.score,
    })),
    correctAnswer: room.answerKey[room.questionIndex]!,
    explanation: questions[room.questionIndex]?.explanation ?? null,
    nextAt: room.phaseEndsAt,
  };
}

/**
 * The final ranking of the room's game (gameState `finished`). `winner` is the player ranked
 * first alone, or null when several share rank 1 (a tie, 0–0 included): the spec's
 * `{results, winner}` keeps its shape, and `results` names the tied players.
 */
export function finishedMessage(room: RoomItem) {
  const results = ranking(room);
  return {
    type: 'game_finished' as const,
    roomId: room.code,
    quizId: room.settings.quizId,
    totalQuestions: room.totalQuestions,
    results,
    // A tie at the top (any score, 0–0 included) has no winner: the ranking says who shares rank 1.
    winner: results[1]?.rank === 1 ? null : (results[0] ?? null),
  };
}

/** Sends what a phase that just began says (its end was scheduled before it was written). */
async function announce(room: RoomItem, log: Logger) {
  const code = room.code;
  if (room.gameState === 'question') {
    const question = (await getGameQuestions(code))[room.questionIndex];
    if (question) {
      await broadcast(room, questionMessage(room, question), log);
      await broadcast(room, timerSync(room), log);
    }
  } else if (room.gameState === 'results') {
    await broadcast(room, revealMessage(room, await getGameQuestions(code)), log);
  } else if (room.gameState === 'finished') {
    await broadcast(room, finishedMessage(room), log);
  } else if (room.gameState === 'waiting') {
    await broadcast(room, { type: 'room_reset', roomId: code, room: toRoom(room) }, log);
  }
}
