import type { StudyQuestion } from '@shared/focused-study';
import { ROOM_LIMITS } from '@shared/multiplayer';
import { TransactionBusy } from '../data/errors';
import { withRetries } from '../data/retry';
import { transactWrite, type NamedItem } from '../data/transact';
import { multiplayerEvent } from '../learning/event-policy';
import { answerEventPut } from '../learning/event-store';
import { reviewQuestionId } from '../learning/review-policy';
import { wrongAnswerItem } from '../learning/review-store';
import { isServiceUnavailable } from '../lib/errors';
import type { Logger } from '../lib/logger';
import { getQuiz } from '../quizzes/quiz-store';
import { accountGuard } from '../users/user-store';
import { seatsInOrder, type GameQuestion, type RoomState } from './room';

/**
 * A reveal in the players' learning records (docs/decisions.md "Issue 29"): each player who
 * answered the question gets an answer event (counted in their day by the learning records
 * consumer), written in the reveal's own transaction, so a reveal that stands has its events; and
 * a wrong answer enters their review of mistakes, due the same day, after the reveal was written
 * and announced (each player's own transaction, with their account's guard: a member deleting
 * their account must not hold up the game), tried again under the retry policy.
 */

/** The quiz's category and difficulty, as the answer events and the review items record them. */
export interface RevealQuiz {
  category: string;
  difficulty: string;
}

/** The room's quiz as the records name it; the room's own category when it cannot be read (the reveal goes on). */
export async function revealQuiz(room: RoomState, log: Logger): Promise<RevealQuiz> {
  const quiz = await getQuiz(room.settings.quizId).catch((error: unknown) => {
    log.warn('reading the quiz of a reveal failed', { error, room: room.code });
    return undefined;
  });
  return { category: quiz?.category ?? room.settings.category, difficulty: quiz?.difficulty ?? '' };
}

/** Whether a change of the room is the reveal of its current question. */
export const isReveal = (before: RoomState, after: RoomState) =>
  before.gameState === 'question' && after.gameState === 'results';

/**
 * The answer events of a reveal (`room` as revealed), as items of the reveal's transaction: one
 * for each player who answered, at most `playersMax` (8), beside the room's own one or two items:
 * far within a transaction's 100 items.
 */
export function revealEventPuts(room: RoomState, quiz: RevealQuiz): NamedItem[] {
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

/** A write that may succeed when tried again: a transaction that stayed busy, a service busy or out of reach. */
const retryable = (error: unknown) => error instanceof TransactionBusy || isServiceUnavailable(error);

/**
 * The reveal's wrong answers in the players' review of mistakes (after the reveal was written and
 * announced, once: the step that reveals happens once), each tried again under the retry policy;
 * one that still fails is logged and the game goes on.
 */
export async function recordReveal(room: RoomState, questions: readonly GameQuestion[], log: Logger) {
  const index = room.questionIndex;
  const questionId = room.questionIds[index];
  const question = questions[index];
  const correct = room.answerKey[index];
  if (!questionId || !correct || !question) return;
  const wrong = seatsInOrder(room).flatMap(([userId, seat]) => {
    const given = seat.answers[String(index)];
    return given && given.answer !== correct ? [{ userId, given }] : [];
  });
  if (wrong.length === 0) return;
  const { category, difficulty } = await revealQuiz(room, log);
  const quizId = room.settings.quizId;
  const results = await Promise.allSettled(
    wrong.map(({ userId, given }) =>
      withRetries(
        () =>
          transactWrite([
            accountGuard(userId),
            wrongAnswerItem(
              {
                userId,
                key: { quizId, questionId },
                userAnswer: given.answer,
                question: reviewQuestion(quizId, questionId, question),
                category,
                difficulty,
                reviewType: 'quiz',
              },
              new Date(given.at),
            ),
          ]),
        retryable,
        (error) => error as Error,
      ),
    ),
  );
  for (const result of results)
    if (result.status === 'rejected')
      log.error('recording a reveal failed', { error: result.reason as unknown, room: room.code });
}

/** A game's question as a review asks it (the quiz's own question id, the game's text and options). */
const reviewQuestion = (quizId: string, questionId: string, question: GameQuestion): StudyQuestion => ({
  id: reviewQuestionId({ quizId, questionId }),
  type: 'multiple_choice',
  text: question.text,
  options: question.options,
  correctAnswer: question.correctAnswer,
  explanation: question.explanation ?? '',
});
