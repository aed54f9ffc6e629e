import { ROOM_LIMITS } from '@shared/socket-protocol';
import type { ServerMessage } from '@shared/multiplayer';
import { seatsInOrder, toRoom, type GameQuestion, type RoomState } from './room';
import { ranking } from './rules';

/**
 * What the players of a room are sent, as pure functions of the room (the fan-out delivers them):
 * never an answer before its reveal, never a socket, a password or a quiz's question id.
 */

/** Whether what the room shows now needs the game's questions (`phaseMessages`, `rejoinMessages`). */
export const showsQuestions = (room: RoomState) =>
  room.gameState === 'question' || room.gameState === 'results';

/** The `question` message of the room's current question (never its answer). */
export function questionMessage(room: RoomState, question: GameQuestion) {
  return {
    type: 'question' as const,
    roomId: room.code,
    question: { text: question.text, options: question.options, image: question.image ?? null },
    timeLimit: room.settings.timePerQuestion,
    totalQuestions: room.totalQuestions,
    questionIndex: room.questionIndex,
    deadline: room.phaseEndsAt,
  };
}

/** The time left of the open question, with the server's clock for the page to correct its own. */
export function timerSync(room: RoomState, now: number): ServerMessage {
  return {
    type: 'timer_sync',
    roomId: room.code,
    questionIndex: room.questionIndex,
    remainingTime: Math.max(0, Math.ceil((room.phaseEndsAt - now) / 1000)),
    deadline: room.phaseEndsAt,
    serverTime: now,
  };
}

/** The results of the room's current question (gameState `results`). */
export function revealMessage(room: RoomState, questions: readonly GameQuestion[]) {
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
export function finishedMessage(room: RoomState) {
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

/** The countdown of a game that starts. */
export const gameStartingMessage = (room: RoomState): ServerMessage => ({
  type: 'game_starting',
  roomId: room.code,
  countdown: ROOM_LIMITS.countdownSeconds,
  startsAt: room.phaseEndsAt,
  totalQuestions: room.totalQuestions,
});

/** Back to waiting: ready flags and scores cleared. */
export const roomResetMessage = (room: RoomState): ServerMessage => ({
  type: 'room_reset',
  roomId: room.code,
  room: toRoom(room),
});

/**
 * What the room hears when a phase begins (its end already asked of the clock): the question and
 * the time left, the results, the ranking, or the room back to waiting. `questions` is the game's,
 * in play order.
 */
export function phaseMessages(
  room: RoomState,
  questions: readonly GameQuestion[],
  now: number,
): ServerMessage[] {
  switch (room.gameState) {
    case 'question': {
      const question = questions[room.questionIndex];
      return question ? [questionMessage(room, question), timerSync(room, now)] : [];
    }
    case 'results':
      return [revealMessage(room, questions)];
    case 'finished':
      return [finishedMessage(room)];
    case 'waiting':
      return [roomResetMessage(room)];
    default:
      return [];
  }
}

/**
 * What a member put back in the room is sent (`room_rejoined`): the room, and what is on screen in
 * it now (the open question with their own answer to it, the results, the ranking), then the time
 * left of an open question.
 */
export function rejoinMessages(
  room: RoomState,
  userId: string,
  questions: readonly GameQuestion[],
  now: number,
): ServerMessage[] {
  const question = room.gameState === 'question' ? questions[room.questionIndex] : undefined;
  const strip = <T extends { type: string }>({ type: _type, ...rest }: T) => rest;
  const rejoined: ServerMessage = {
    type: 'room_rejoined',
    roomId: room.code,
    room: toRoom(room),
    ...(question ? { question: strip(questionMessage(room, question)) } : {}),
    ...(room.gameState === 'results' ? { reveal: strip(revealMessage(room, questions)) } : {}),
    ...(room.gameState === 'finished' ? { finished: strip(finishedMessage(room)) } : {}),
    myAnswer: room.players[userId]?.answers[String(room.questionIndex)]?.answer ?? null,
  };
  return question ? [rejoined, timerSync(room, now)] : [rejoined];
}

/** How many of the connected players have answered question `index` (sent to the room at each answer). */
export function playerAnsweredMessage(room: RoomState, userId: string, index: number): ServerMessage {
  const seats = Object.values(room.players).filter((seat) => seat.connectionId !== null);
  return {
    type: 'player_answered',
    roomId: room.code,
    questionIndex: index,
    playerId: userId,
    answeredCount: seats.filter((seat) => seat.answers[String(index)]).length,
    playerCount: seats.length,
  };
}

/** A player's socket dropped or came back. */
export const connectionChangedMessage = (
  room: RoomState,
  userId: string,
  connected: boolean,
): ServerMessage => ({
  type: 'player_connection_changed',
  roomId: room.code,
  room: toRoom(room),
  playerId: userId,
  connected,
});

/** A player left (or their kept seat was given up); `room` names the host after. */
export const playerLeftMessage = (room: RoomState, userId: string, nickname: string): ServerMessage => ({
  type: 'player_left',
  roomId: room.code,
  room: toRoom(room),
  playerId: userId,
  nickname,
});
