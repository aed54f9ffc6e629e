import { ROOM_LIMITS } from '@shared/socket-protocol';
import { multiplayerEvent } from '../learning/event-policy';
import { answerEventPut } from '../learning/event-store';
import { liveQuizOf, recordWrongLiveAnswers, type LiveQuiz } from '../learning/live-records';
import type { NamedItem } from '../data/transact';
import type { Logger } from '../lib/logger';
import { seatsInOrder, type GameQuestion, type RoomState } from './room';

/**
 * A reveal in the players' learning records (docs/decisions.md "Issue 29"): each player who
 * answered the question gets an answer event (counted in their day by the learning records
 * consumer), written in the reveal's own transaction, so a reveal that stands has its events; and
 * a wrong answer enters their review of mistakes, due the same day, after the reveal was written
 * and announced (each player's own transaction, with their account's guard: a member deleting
 * their account must not hold up the game), tried again under the retry policy.
 */

/** The room's quiz as the records name it; the room's own category when it cannot be read (the reveal goes on). */
export const revealQuiz = (room: RoomState, log: Logger): Promise<LiveQuiz> =>
  liveQuizOf(room.settings.quizId, { category: room.settings.category, difficulty: '' }, log);

/**
 * The answer events of a reveal (`room` as revealed), as items of the reveal's transaction: one
 * for each player who answered, at most `playersMax` (8), beside the room's own one or two items:
 * far within a transaction's 100 items.
 */
export function revealEventPuts(room: RoomState, quiz: LiveQuiz): NamedItem[] {
  const index = room.questionIndex;
  const correct = room.answerKey[index];
  if (!room.questionIds[index] || !correct) return [];
  return seatsInOrder(room)
    .slice(0, ROOM_LIMITS.playersMax)
    .flatMap(([userId, seat]) => {
      const given = seat.answers[String(index)];
      if (!given) return [];
      return [
        answerEventPut(
          multiplayerEvent({
            userId,
            roomCode: room.code,
            step: room.step,
            quizId: room.settings.quizId,
            correct: given.answer === correct,
            secondsTaken: (given.at - room.questionStartedAt) / 1000,
            category: quiz.category,
            difficulty: quiz.difficulty,
            answeredAt: new Date(given.at),
          }),
        ),
      ];
    });
}

/**
 * The reveal's wrong answers in the players' review of mistakes (functions/learning/live-records.ts),
 * after the reveal was written and announced, once: the step that reveals happens once.
 */
export async function recordReveal(room: RoomState, questions: readonly GameQuestion[], log: Logger) {
  const index = room.questionIndex;
  const questionId = room.questionIds[index];
  const question = questions[index];
  const correct = room.answerKey[index];
  if (!questionId || !correct || !question) return;
  const wrong = seatsInOrder(room).flatMap(([userId, seat]) => {
    const given = seat.answers[String(index)];
    return given && given.answer !== correct
      ? [{ userId, answer: given.answer, at: new Date(given.at) }]
      : [];
  });
  if (wrong.length === 0) return;
  const quiz = await revealQuiz(room, log);
  await recordWrongLiveAnswers({ quizId: room.settings.quizId, questionId, question, quiz }, wrong, log);
}
