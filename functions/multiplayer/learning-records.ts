import type { StudyQuestion } from '@shared/focused-study';
import { transactWrite } from '../data/transact';
import { multiplayerEvent } from '../learning/event-policy';
import { putAnswerEvent } from '../learning/event-store';
import { reviewQuestionId } from '../learning/review-policy';
import { wrongAnswerItem } from '../learning/review-store';
import type { Logger } from '../lib/logger';
import { getQuiz } from '../quizzes/quiz-store';
import { accountGuard } from '../users/user-store';
import { seatsInOrder, type GameQuestion, type RoomState } from './room';

/**
 * A reveal in the players' learning records (docs/decisions.md "Issue 29"): each player who
 * answered the question gets an answer event (counted in their day by the learning records
 * consumer), and a wrong answer enters their review of mistakes, due the same day. Runs after the
 * reveal was written and announced, once (the step that reveals happens once); a failure is
 * logged and the game goes on.
 */
export async function recordReveal(room: RoomState, questions: readonly GameQuestion[], log: Logger) {
  const index = room.questionIndex;
  const questionId = room.questionIds[index];
  const question = questions[index];
  const correct = room.answerKey[index];
  if (!questionId || !correct) return;
  const quiz = await getQuiz(room.settings.quizId);
  const category = quiz?.category ?? room.settings.category;
  const difficulty = quiz?.difficulty ?? '';
  const quizId = room.settings.quizId;
  const results = await Promise.allSettled(
    seatsInOrder(room).flatMap(([userId, seat]) => {
      const given = seat.answers[String(index)];
      if (!given) return [];
      const right = given.answer === correct;
      const writes: Promise<unknown>[] = [
        putAnswerEvent(
          multiplayerEvent({
            userId,
            roomCode: room.code,
            step: room.step,
            quizId,
            correct: right,
            secondsTaken: (given.at - room.questionStartedAt) / 1000,
            category,
            difficulty,
            answeredAt: new Date(given.at),
          }),
        ),
      ];
      if (!right && question)
        writes.push(
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
        );
      return writes;
    }),
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
