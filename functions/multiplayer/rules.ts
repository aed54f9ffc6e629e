import * as z from 'zod';
import { MULTIPLAYER_MESSAGES, ROOM_LIMITS, questionScore } from '@shared/socket-protocol';
import type { AnswerLetter } from '@shared/constants';
import { roomError } from './errors';
import {
  connectedSeats,
  passwordMatches,
  seatsInOrder,
  type GameQuestion,
  type PlayerSeat,
  type RoomChange,
  type RoomSettingsItem,
  type RoomState,
} from './room';

/**
 * The rules of a room and its game, as a state machine: each rule is a pure function of the room
 * and an event (a member's message, the clock, a socket that dropped) that answers the room after
 * it, or says nothing changes, or refuses with a `RoomError`. They read no clock (the time is an
 * argument), send nothing and write nothing: game.ts and actions.ts apply them through the store,
 * set the clock with the ticks they ask for and send what messages.ts builds. A game moves
 * waiting → starting → question → results → … → finished → waiting; every phase change adds 1 to
 * `step`, so a tick or answer meant for a step already ended changes nothing.
 */

const m = MULTIPLAYER_MESSAGES;

const roomCode = z.string().regex(new RegExp(`^[${ROOM_LIMITS.codeAlphabet}]{${ROOM_LIMITS.codeLength}}$`));

/**
 * A clock event, sent as a delayed queue message: end phase `step` of a room, end it early if its
 * answers are in, give up a seat kept since `leftAt`, or close a guest socket that joined no class
 * game in time. The tick consumer parses every message
 * with it, as every other input is parsed.
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
  // Close a socket opened without a session unless it joined a class game by then (docs/classroom.md).
  z.object({ kind: z.literal('guest_join'), connectionId: z.string().min(1).max(128) }),
]);
export type Tick = z.infer<typeof tickSchema>;

/** A tick and when it is due (epoch ms). */
export interface ScheduledTick {
  tick: Tick;
  at: number;
}

/**
 * A change that also sets the clock. The ticks are sent before the change is written, so no phase
 * or kept seat is ever left without an end (a tick for a write that lost its race names a step or
 * a `leftAt` that never happens, and does nothing).
 */
export type Transition<R> = RoomChange<R> & { ticks?: ScheduledTick[] };

/** Who takes a seat: the member and the socket that receives the room's messages. */
export interface Sitter {
  userId: string;
  nickname: string;
  connectionId: string;
  endpoint: string;
}

const copy = (room: RoomState): RoomState => structuredClone(room);
const unchanged = <R>(result: R) => ({ unchanged: true as const, result });

/** Until when a seat that dropped at `leftAt` holds an open question it has not answered. */
export const dropGraceEnds = (leftAt: number) => leftAt + ROOM_LIMITS.dropGraceSeconds * 1000;

/** Until when a seat kept since `leftAt` may be taken back. */
export const seatExpiry = (leftAt: number) => leftAt + ROOM_LIMITS.rejoinSeconds * 1000;

/** The tick that ends the room's current phase. */
export const phaseTick = (room: RoomState): ScheduledTick => ({
  tick: { kind: 'phase', roomId: room.code, step: room.step },
  at: room.phaseEndsAt,
});

/** How late a phase's end may be before a member's message ends it in place of its lost tick. */
export const OVERDUE_MS = 10_000;

/** A phase long past its end: its tick was lost, and a member's message ends it (as the tick would). */
export const phaseOverdue = (room: RoomState, now: number) =>
  room.gameState !== 'waiting' && now > room.phaseEndsAt + OVERDUE_MS;

export const newSeat = (sitter: Sitter, now: number): PlayerSeat => ({
  nickname: sitter.nickname,
  isReady: false,
  joinedAt: now,
  connectionId: sitter.connectionId,
  endpoint: sitter.endpoint,
  leftAt: null,
  score: 0,
  answers: {},
  points: {},
});

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
  } satisfies Partial<RoomState>;
}

/** A new room, waiting, with its host seated. */
export function newRoom(input: {
  code: string;
  host: Sitter;
  password: Pick<RoomState, 'passwordHash' | 'passwordSalt'>;
  settings: RoomSettingsItem;
  now: number;
}): RoomState {
  return {
    code: input.code,
    hostId: input.host.userId,
    ...input.password,
    settings: input.settings,
    players: { [input.host.userId]: newSeat(input.host, input.now) },
    ...waitingGame(),
    step: 0,
    version: 1,
    createdAt: new Date(input.now).toISOString(),
  };
}

/**
 * `join_room`: a seat in a waiting room that is not full, with the right password. A room playing
 * or full says so first: nobody is asked for a password to a room they cannot join anyway.
 */
export function join(
  room: RoomState,
  sitter: Sitter,
  password: string | undefined,
  now: number,
): RoomChange<null> {
  if (room.gameState !== 'waiting') throw roomError('in_game', m.inGame);
  if (Object.keys(room.players).length >= room.settings.maxPlayers) throw roomError('room_full', m.roomFull);
  if (room.passwordHash && !password) throw roomError('password_required', m.passwordRequired);
  if (!passwordMatches(room, password ?? '')) throw roomError('wrong_password', m.wrongPassword);
  const next = copy(room);
  next.players[sitter.userId] = newSeat(sitter, now);
  return { room: next, result: null };
}

/** The member's seat moves to this socket (a rejoin, or another tab). */
export function takeSeat(
  room: RoomState,
  userId: string,
  socket: Pick<Sitter, 'connectionId' | 'endpoint'>,
): RoomChange<null> {
  if (!room.players[userId]) throw roomError('not_in_room', m.notInRoom);
  if (room.players[userId].connectionId === socket.connectionId) return unchanged(null);
  const next = copy(room);
  Object.assign(next.players[userId]!, {
    connectionId: socket.connectionId,
    endpoint: socket.endpoint,
    leftAt: null,
  });
  return { room: next, result: null };
}

/**
 * A member's socket closed or was found gone: the seat, score and answers are kept for
 * `rejoinSeconds`, after which a seat tick gives the seat up; an open question this seat has not
 * answered is looked at again when its drop grace ends. The result is when the seat was left.
 */
export function dropSeat(
  room: RoomState,
  userId: string,
  connectionId: string,
  now: number,
): Transition<number | null> {
  const seat = room.players[userId];
  if (!seat || seat.connectionId !== connectionId) return unchanged(null);
  const next = copy(room);
  Object.assign(next.players[userId]!, { connectionId: null, endpoint: null, leftAt: now });
  const ticks: ScheduledTick[] = [
    { tick: { kind: 'seat', roomId: room.code, userId, leftAt: now }, at: seatExpiry(now) },
  ];
  if (room.gameState === 'question' && !seat.answers[String(room.questionIndex)])
    ticks.push({ tick: { kind: 'answers', roomId: room.code, step: room.step }, at: dropGraceEnds(now) });
  return { room: next, result: now, ticks };
}

/**
 * Takes a player out of a room: the host passes to the next player in join order (a connected one
 * first); the room goes with its last player. The result is the room after, or null when removed.
 */
export function withoutPlayer(room: RoomState, userId: string): RoomChange<RoomState | null> {
  if (!room.players[userId]) return unchanged(null);
  const next = copy(room);
  delete next.players[userId];
  const remaining = seatsInOrder(next);
  if (remaining.length === 0) return { delete: true, result: null };
  if (next.hostId === userId) {
    const successor = remaining.find(([, seat]) => seat.connectionId !== null) ?? remaining[0]!;
    next.hostId = successor[0];
  }
  return { room: next, result: next };
}

/**
 * The clock gives up a seat kept since `leftAt` whose member did not come back: `kept` when the
 * member came back (or left) meanwhile, `early` when the tick came before the rejoin time ended.
 */
export function giveUpSeat(
  room: RoomState,
  userId: string,
  leftAt: number,
  now: number,
): RoomChange<RoomState | null | 'early' | 'kept'> {
  const seat = room.players[userId];
  if (!seat || seat.connectionId !== null || seat.leftAt !== leftAt) return unchanged('kept');
  if (now < seatExpiry(leftAt)) return unchanged('early');
  return withoutPlayer(room, userId);
}

/** `ready`: toggles the member's flag while the room waits; the result is the flag after. */
export function toggleReady(room: RoomState, userId: string): RoomChange<boolean> {
  if (!room.players[userId]) throw roomError('not_in_room', m.notInRoom);
  if (room.gameState !== 'waiting') throw roomError('in_game', m.readyDuringGame);
  const next = copy(room);
  const seat = next.players[userId]!;
  seat.isReady = !seat.isReady;
  return { room: next, result: seat.isReady };
}

/** Takes back a ready flag while the room still waits (a start that failed). */
export function unready(room: RoomState, userId: string): RoomChange<boolean> {
  if (!room.players[userId]?.isReady || room.gameState !== 'waiting') return unchanged(false);
  const next = copy(room);
  next.players[userId]!.isReady = false;
  return { room: next, result: false };
}

/** `update_room_settings`: the host, while the room waits, not fewer seats than players; every ready flag is cleared. */
export function changeSettings(
  room: RoomState,
  userId: string,
  settings: RoomSettingsItem,
): RoomChange<null> {
  if (room.hostId !== userId) throw roomError('not_host', m.hostOnlySettings);
  if (room.gameState !== 'waiting') throw roomError('in_game', m.settingsDuringGame);
  if (settings.maxPlayers < Object.keys(room.players).length)
    throw roomError('invalid', m.fewerSeatsThanPlayers);
  const next = copy(room);
  next.settings = settings;
  for (const seat of Object.values(next.players)) seat.isReady = false;
  return { room: next, result: null };
}

/** A game starts when the room waits, every player is ready and at least two are connected. */
export const canStart = (room: RoomState) =>
  room.gameState === 'waiting' &&
  connectedSeats(room).length >= ROOM_LIMITS.playersMin &&
  Object.values(room.players).every((seat) => seat.isReady);

/**
 * waiting → starting: the countdown to the first of `questions` (in play order), scores and
 * answers cleared, the answer key kept on the room and never sent before a reveal.
 */
export function startGame(
  room: RoomState,
  questions: readonly GameQuestion[],
  quizTitle: string,
  now: number,
): Transition<true> {
  const next = copy(room);
  for (const seat of Object.values(next.players)) Object.assign(seat, { score: 0, answers: {}, points: {} });
  Object.assign(next, {
    gameState: 'starting',
    step: room.step + 1,
    questionIndex: -1,
    phaseEndsAt: now + ROOM_LIMITS.countdownSeconds * 1000,
    questionStartedAt: 0,
    totalQuestions: questions.length,
    answerKey: questions.map((question) => question.correctAnswer),
    questionIds: questions.map((question) => question.id),
    choices: questions.map((question) => Object.keys(question.options).join('')),
    settings: { ...room.settings, quizTitle },
  });
  return { room: next, result: true, ticks: [phaseTick(next)] };
}

/** The room's quiz could not be played when everyone was ready: everyone chooses again. */
export function cancelStart(room: RoomState): RoomChange<false> {
  const next = copy(room);
  for (const seat of Object.values(next.players)) seat.isReady = false;
  return { room: next, result: false };
}

/**
 * Every player the current question still waits for has answered, so it ends now rather than at
 * its deadline: every connected player (at least one), and a player whose socket dropped only
 * within `dropGraceSeconds` of it (a reload: they may come back and answer). A seat that dropped
 * earlier does not hold the question: the others would wait out the whole clock for a tab that may
 * never come back, while the page counted them all as answered (`player_answered` counts the
 * connected). With nobody connected, the clock ends it.
 */
export function everyoneAnswered(room: RoomState, now: number): boolean {
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
 * `answer`: accepted while a question is open, for that question (an answer meant for an earlier
 * one is refused, never applied to the next), one of the letters it offers, before its deadline.
 * Answers the question's index. The store records it on the same conditions, once per player.
 */
export function checkAnswer(
  room: RoomState,
  input: { answer: string; questionIndex?: number | undefined },
  now: number,
): number {
  if (room.gameState !== 'question') throw roomError('too_late', m.notAnswering);
  const index = input.questionIndex ?? room.questionIndex;
  if (index !== room.questionIndex) throw roomError('too_late', m.tooLate);
  if (!(room.choices[index] ?? 'ABCD').includes(input.answer)) throw roomError('invalid', m.answerInvalid);
  if (now >= room.phaseEndsAt) throw roomError('too_late', m.tooLate);
  return index;
}

/** Why the store refused an answer `checkAnswer` let through: given already, or the question ended. */
export function answerRefusal(room: RoomState | undefined, userId: string, index: number) {
  return room?.players[userId]?.answers[String(index)]
    ? roomError('already_answered', m.alreadyAnswered)
    : roomError('too_late', m.tooLate);
}

function openQuestion(room: RoomState, index: number, now: number) {
  Object.assign(room, {
    gameState: 'question',
    step: room.step + 1,
    questionIndex: index,
    questionStartedAt: now,
    phaseEndsAt: now + room.settings.timePerQuestion * 1000,
  });
}

/** Scores the question: a right answer by how soon it came (`questionScore`), anything else 0. */
function reveal(room: RoomState, now: number) {
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

function finish(room: RoomState, now: number) {
  Object.assign(room, {
    gameState: 'finished',
    step: room.step + 1,
    phaseEndsAt: now + ROOM_LIMITS.finishedSeconds * 1000,
  });
}

function reset(room: RoomState) {
  for (const [, seat] of seatsInOrder(room))
    Object.assign(seat, { isReady: false, score: 0, answers: {}, points: {} });
  Object.assign(room, { ...waitingGame(), step: room.step + 1 });
}

/**
 * Ends phase `step` of the room and opens the next: starting → question 0, question → results,
 * results → the next question or finished, finished → waiting. `early: 'wait'` is the clock's
 * tick: one that comes before the phase's end is `early` (put back for the time left);
 * `early: 'advance'` ends a question before its deadline only when everyone answered. An event for
 * a step already ended is `stale`. The next phase's end is asked of the clock.
 */
export function endPhase(
  room: RoomState,
  step: number,
  now: number,
  early: 'advance' | 'wait',
): Transition<'early' | 'stale' | 'advanced'> {
  if (room.step !== step || room.gameState === 'waiting') return unchanged('stale');
  if (early === 'wait' && now < room.phaseEndsAt) return unchanged('early');
  if (
    room.gameState === 'question' &&
    early === 'advance' &&
    now < room.phaseEndsAt &&
    !everyoneAnswered(room, now)
  )
    return unchanged('stale');
  const next = copy(room);
  if (next.gameState === 'starting') openQuestion(next, 0, now);
  else if (next.gameState === 'question') reveal(next, now);
  else if (next.gameState === 'results') {
    if (next.questionIndex + 1 < next.totalQuestions) openQuestion(next, next.questionIndex + 1, now);
    else finish(next, now);
  } else reset(next);
  const ticks = next.gameState === 'waiting' ? [] : [phaseTick(next), ...graceTicks(next, now)];
  return { room: next, result: 'advanced', ticks };
}

/**
 * A question opened while a seat's drop is still in its grace (a player dropped during the results
 * or the countdown) waits for that seat only until the grace ends: a look at the answers then, so a
 * question everyone connected answered ends there, not at its deadline.
 */
function graceTicks(room: RoomState, now: number): ScheduledTick[] {
  if (room.gameState !== 'question') return [];
  const ends = new Set(
    Object.values(room.players)
      .filter(
        (seat) => seat.connectionId === null && seat.leftAt !== null && dropGraceEnds(seat.leftAt) > now,
      )
      .map((seat) => dropGraceEnds(seat.leftAt!)),
  );
  return [...ends].map((at) => ({ tick: { kind: 'answers', roomId: room.code, step: room.step }, at }));
}

/**
 * After players left, dropped or came back: an open question may now be complete (`end_question`),
 * or everyone still seated in a waiting room may be ready (`start`).
 */
export function afterPlayersChanged(room: RoomState, now: number): 'end_question' | 'start' | null {
  if (room.gameState === 'question' && everyoneAnswered(room, now)) return 'end_question';
  if (room.gameState === 'waiting') return 'start';
  return null;
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
export function ranking(room: RoomState): RankingEntry[] {
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
