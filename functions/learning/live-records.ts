import type { StudyQuestion } from '@shared/focused-study';
import type { AnswerLetter } from '@shared/constants';
import { TransactionBusy } from '../data/errors';
import { withRetries } from '../data/retry';
import { transactWrite } from '../data/transact';
import { isServiceUnavailable } from '../lib/errors';
import type { Logger } from '../lib/logger';
import { getQuiz } from '../quizzes/quiz-store';
import { accountGuard } from '../users/user-store';
import type { AnswerEvent } from './event-policy';
import { putAnswerEvent } from './event-store';
import { reviewQuestionId } from './review-policy';
import { wrongAnswerItem } from './review-store';

/**
 * What a live game (a room's or a class game's) adds to its members' learning records beside the
 * answer events: the quiz as the records name it, and each wrong answer in the member's review of
 * mistakes, due the same day.
 */

/** The quiz's category and difficulty, as the answer events and the review items record them. */
export interface LiveQuiz {
  category: string;
  difficulty: string;
}

/** The game's quiz as the records name it; `fallback` when it cannot be read (the game goes on). */
export async function liveQuizOf(quizId: string, fallback: LiveQuiz, log: Logger): Promise<LiveQuiz> {
  const quiz = await getQuiz(quizId).catch((error: unknown) => {
    log.warn('reading the quiz of a live game failed', { error, quizId });
    return undefined;
  });
  return {
    category: quiz?.category ?? fallback.category,
    difficulty: quiz?.difficulty ?? fallback.difficulty,
  };
}

/** A live game's copy of a question, as a review asks it again. */
export interface LiveQuestion {
  text: string;
  options: StudyQuestion['options'];
  correctAnswer: AnswerLetter;
  explanation?: string | null;
}

/** A member's wrong answer to the question being revealed. */
export interface WrongLiveAnswer {
  userId: string;
  answer: AnswerLetter;
  at: Date;
}

/** A write that may succeed when tried again: a transaction that stayed busy, a service busy or out of reach. */
const retryable = (error: unknown) => error instanceof TransactionBusy || isServiceUnavailable(error);

/**
 * A live game's answer event, written after its reveal (outside the reveal's own writes: a class
 * game reveals up to 100 players' answers), tried again under the retry policy while DynamoDB is
 * busy or out of reach, so a passing fault loses no member's answer.
 */
export const putLiveAnswerEvent = (event: AnswerEvent) =>
  withRetries(
    () => putAnswerEvent(event),
    retryable,
    (error) => error as Error,
  );

/**
 * The reveal's wrong answers in the members' review of mistakes, after the reveal was written and
 * announced, once (the step that reveals happens once): each member's own transaction with their
 * account's guard (a member deleting their account must not hold up the game), tried again under
 * the retry policy; one that still fails is logged and the game goes on.
 */
export async function recordWrongLiveAnswers(
  game: { quizId: string; questionId: string; question: LiveQuestion; quiz: LiveQuiz },
  wrong: readonly WrongLiveAnswer[],
  log: Logger,
): Promise<void> {
  const { quizId, questionId, question, quiz } = game;
  const record = ({ userId, answer, at }: WrongLiveAnswer) =>
    withRetries(
      () =>
        transactWrite([
          accountGuard(userId),
          wrongAnswerItem(
            {
              userId,
              key: { quizId, questionId },
              userAnswer: answer,
              question: reviewQuestion(quizId, questionId, question),
              category: quiz.category,
              difficulty: quiz.difficulty,
              reviewType: 'quiz',
            },
            at,
          ),
        ]),
      retryable,
      (error) => error as Error,
    );
  // A class game reveals up to 100 players' answers: `WRITES_AT_ONCE` members' writes at a time.
  for (let start = 0; start < wrong.length; start += WRITES_AT_ONCE) {
    const results = await Promise.allSettled(wrong.slice(start, start + WRITES_AT_ONCE).map(record));
    for (const result of results)
      if (result.status === 'rejected')
        log.error('recording a wrong answer of a live game failed', {
          error: result.reason as unknown,
          quizId,
        });
  }
}

const WRITES_AT_ONCE = 25;

/** A game's question as a review asks it (the quiz's own question id, the game's text and options). */
const reviewQuestion = (quizId: string, questionId: string, question: LiveQuestion): StudyQuestion => ({
  id: reviewQuestionId({ quizId, questionId }),
  type: 'multiple_choice',
  text: question.text,
  options: question.options,
  correctAnswer: question.correctAnswer,
  explanation: question.explanation ?? '',
});
