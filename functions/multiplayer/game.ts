import { MULTIPLAYER_MESSAGES } from '@shared/socket-protocol';
import type { ServerMessage } from '@shared/multiplayer';
import type { Logger } from '../lib/logger';
import { emitMetric, METRIC } from '../lib/metrics';
import { canView, isPubliclyVisible, playedQuestions } from '../quizzes/quiz-policy';
import { getQuizDetail } from '../quizzes/quiz-store';
import { scheduleTick, scheduleTicks } from './clock';
import { isRoomError, roomError } from './errors';
import { deliver, sendToRoom, type SeatSocket } from './fan-out';
import {
  connectionChangedMessage,
  gameStartingMessage,
  phaseMessages,
  playerLeftMessage,
  roomResetMessage,
  showsQuestions,
} from './messages';
import { countGameInAnalytics, countRevealInAnalytics } from './quiz-analytics';
import { connectedSeats, isReveal, type RoomState } from './room';
import { changeRoom, gamePut, getGameQuestions, getRoom, releaseSeat, type RoomWrite } from './room-store';
import * as rules from './rules';

/**
 * A reveal in the players' learning records (learning-records.ts), loaded by the first reveal: it
 * brings the learning records' schemas, which the room's other frames never need, so a cold start
 * of their functions does not build them (docs/decisions.md, "Issue 28: a cold start loads its
 * own route").
 */
const learningRecords = () => import('./learning-records');

/**
 * The game as it runs: each step applies a rule (rules.ts) to the room through the store, sets
 * the clock with the ticks the rule asked for before the write, and, only when its write is the
 * one that made the change, sends what the change says. So a step happens exactly once however
 * many answers, ticks or retries race for it.
 */

const m = MULTIPLAYER_MESSAGES;

/** Sends a message to every connected member of the room; a socket found gone keeps its seat for a rejoin. */
export function broadcast(
  room: RoomState,
  message: ServerMessage,
  log: Logger,
  options: { except?: string } = {},
): Promise<void> {
  return sendToRoom(room, message, log, { ...options, onGone: keepSeat(room.code, log) });
}

/** Sends to one member's socket (one that is not, or no longer, the seat's: another tab). */
export function sendToSeat(code: string, socket: SeatSocket, message: ServerMessage, log: Logger) {
  return deliver(socket, message, log, keepSeat(code, log));
}

const keepSeat = (code: string, log: Logger) => (socket: SeatSocket) =>
  seatDisconnected(code, socket.userId, socket.connectionId, log).catch((error: unknown) =>
    // The message's own work is done; the seat is dealt with by `$disconnect` or the next send.
    log.warn('could not keep the seat of a gone socket', { error }),
  );

/** Applies a rule inside the store's change, its ticks sent first. */
const withTicks = async <R>(change: rules.Transition<R>): Promise<RoomWrite<R>> => {
  if ('room' in change) await scheduleTicks(change.ticks);
  return change;
};

/**
 * A member's socket closed or was found gone: the seat, score and answers are kept for
 * `rejoinSeconds`, after which a seat tick gives the seat up.
 */
export async function seatDisconnected(code: string, userId: string, connectionId: string, log: Logger) {
  let outcome;
  try {
    ({ outcome } = await changeRoom(code, (room, now) =>
      withTicks(rules.dropSeat(room, userId, connectionId, now)),
    ));
  } catch (error) {
    if (isRoomError(error, 'not_found')) return;
    throw error;
  }
  if (!('room' in outcome) || outcome.result === null) return;
  const room = outcome.room;
  await broadcast(room, connectionChangedMessage(room, userId, false), log);
  await afterPlayersChanged(room, log);
}

/** After players left, dropped or came back: the question may be complete, or everyone left may be ready. */
export async function afterPlayersChanged(room: RoomState, log: Logger) {
  const next = rules.afterPlayersChanged(room, Date.now());
  if (next === 'end_question') await advance(room.code, room.step, log, { early: 'advance' });
  else if (next === 'start') await startIfReady(room.code, log);
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

/** Starts the game when every player is ready and at least two are connected. */
export async function startIfReady(code: string, log: Logger): Promise<void> {
  const { outcome } = await changeRoom(code, async (room, now): Promise<RoomWrite<boolean>> => {
    if (!rules.canStart(room)) return { unchanged: true, result: false };
    let detail;
    try {
      detail = await roomQuiz(room.settings.quizId, { id: room.hostId, role: 'user' });
    } catch (error) {
      // The quiz went away: nobody can play it; everyone chooses again.
      log.info('room quiz unavailable at start', { error });
      return rules.cancelStart(room);
    }
    // Copied when the game starts: a later edit of the quiz changes nothing in it.
    const questions = playedQuestions(detail.questions, room.settings.randomOrder);
    const started = await withTicks(rules.startGame(room, questions, detail.quiz.title, now));
    return { ...started, extra: [gamePut(code, questions, now)] };
  });
  if (!('room' in outcome)) return;
  const room = outcome.room;
  if (!outcome.result) {
    await broadcast(room, roomResetMessage(room), log);
    await broadcast(room, { type: 'error', message: m.quizNotFound, reason: 'not_found' }, log);
    return;
  }
  emitMetric(METRIC.games, 1, { players: connectedSeats(room).length });
  await broadcast(room, gameStartingMessage(room), log);
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
  let outcome;
  try {
    ({ outcome } = await changeRoom(code, async (room, now) => {
      const change = await withTicks(rules.endPhase(room, step, now, options.early));
      // A reveal writes its players' answer events in its own transaction.
      if (!('room' in change) || !isReveal(room, change.room)) return change;
      const records = await learningRecords();
      return {
        ...change,
        extra: records.revealEventPuts(change.room, await records.revealQuiz(change.room, log)),
      };
    }));
  } catch (error) {
    if (isRoomError(error, 'not_found')) return;
    throw error;
  }
  if (!('room' in outcome)) {
    if (outcome.result === 'early') {
      const room = await getRoom(code);
      if (room && room.step === step) await scheduleTick(rules.phaseTick(room));
    }
    return;
  }
  await announce(outcome.room, log);
}

/**
 * Sends what a phase that just began says (its end was scheduled before it was written); a
 * reveal's wrong answers then go into the players' review of mistakes (its answer events were
 * written with it), and a reveal or a game's end into the quiz's analytics.
 */
async function announce(room: RoomState, log: Logger) {
  const questions = showsQuestions(room) ? await getGameQuestions(room.code) : [];
  for (const message of phaseMessages(room, questions, Date.now())) await broadcast(room, message, log);
  if (room.gameState === 'results')
    await Promise.all([
      learningRecords()
        .then((records) => records.recordReveal(room, questions, log))
        .catch((error: unknown) => log.error('recording a reveal failed', { error, room: room.code })),
      countRevealInAnalytics(room, questions, log),
    ]);
  if (room.gameState === 'finished') await countGameInAnalytics(room, log);
}

/** A seat kept since `leftAt` whose member did not come back: given up as a `player_left`. */
export async function giveUpSeat(code: string, userId: string, leftAt: number, log: Logger): Promise<void> {
  let outcome;
  let before;
  try {
    ({ outcome, before } = await changeRoom(code, (room, now) =>
      rules.giveUpSeat(room, userId, leftAt, now),
    ));
  } catch (error) {
    if (isRoomError(error, 'not_found')) return;
    throw error;
  }
  if (outcome.result === 'early')
    return scheduleTick({
      tick: { kind: 'seat', roomId: code, userId, leftAt },
      at: rules.seatExpiry(leftAt),
    });
  if ('unchanged' in outcome) return;
  await releaseSeat(userId, code, log);
  if (!('room' in outcome)) return;
  const nickname = before.players[userId]?.nickname ?? '';
  await broadcast(outcome.room, playerLeftMessage(outcome.room, userId, nickname), log);
  await afterPlayersChanged(outcome.room, log);
}
