import { LEARNING, LEARNING_MESSAGES } from '@shared/learning-constants';
import type { ReviewAnswerResult, ReviewQueue, ReviewSession } from '@shared/learning';
import type { AnswerLetter } from '@shared/constants';
import { transactWrite } from '../data/transact';
import { currentTime } from '../lib/clock';
import { AppError, NotFoundError } from '../lib/errors';
import { japanDate } from '../lib/japan-time';
import { canView } from '../quizzes/quiz-policy';
import { getQuizDetail, getQuizzes, type QuizItem } from '../quizzes/quiz-store';
import type { UserItem } from '../users/user-store';
import { accountGuard } from '../users/user-store';
import { reviewEvent } from './event-policy';
import { answerEventPut } from './event-store';
import {
  dueBy,
  editedSince,
  isDue,
  mastersAfter,
  nextReviewDay,
  nextReviewState,
  stillReviewable,
} from './review-policy';
import {
  findQuizOfQuestion,
  quizReviewItems,
  readQuizReviewItem,
  reviewAnswerItem,
  type QuizReviewItem,
} from './review-store';

/**
 * The review of mistakes for every member (docs/decisions.md "Issue 29"): the quiz questions they
 * answered wrongly in solo play or multiplayer, on the SM-2 schedule of review-policy.ts (due the
 * same day as the mistake). Three right reviews in a row master a question (it leaves the queue);
 * a question whose quiz was deleted, hidden or made private, or that was removed from its quiz,
 * leaves it too. Focused study's own review (focused-study/run.ts) is apart.
 */

type Viewer = Pick<UserItem, 'id' | 'role'>;

/** The items whose question can still be asked, with their quiz and (when read) the question itself. */
async function reviewable(viewer: Viewer, items: readonly QuizReviewItem[]) {
  const quizzes = new Map(
    (await getQuizzes(items.map((item) => item.quizId))).map((quiz) => [quiz.id, quiz]),
  );
  const edited = [
    ...new Set(
      items.filter((item) => editedSince(quizzes.get(item.quizId), item)).map((item) => item.quizId),
    ),
  ];
  const questionsOf = new Map(
    await Promise.all(
      edited.map(
        async (quizId) =>
          [
            quizId,
            new Set((await getQuizDetail(quizId))?.questions.map((question) => question.id) ?? []),
          ] as const,
      ),
    ),
  );
  return items.flatMap((item) => {
    const quiz = quizzes.get(item.quizId);
    const visible = quiz ? canView(quiz, viewer) : false;
    return stillReviewable(quiz && { ...quiz, visible }, questionsOf.get(item.quizId), item.questionId)
      ? [{ item, quiz: quiz! }]
      : [];
  });
}

/** Questions due today (Japan) in the member's review of mistakes. */
export async function reviewDueCount(viewer: Viewer, now = currentTime()): Promise<number> {
  const today = japanDate(now);
  return (await reviewable(viewer, await quizReviewItems(viewer.id, { dueBy: today, scheduleOnly: true })))
    .length;
}

/** `GET /api/review/queue`: due today, and the queued questions, the most overdue first. */
export async function reviewQueue(viewer: Viewer, now = currentTime()): Promise<ReviewQueue> {
  const today = japanDate(now);
  const live = await reviewable(viewer, await quizReviewItems(viewer.id));
  return {
    dueToday: live.filter(({ item }) => item.nextReviewDate <= today).length,
    items: live.slice(0, LEARNING.reviewQueueMax).map(({ item, quiz }) => ({
      questionId: item.questionId,
      quizId: item.quizId,
      quizTitle: quiz.title,
      category: item.category ?? quiz.category,
      nextReviewDate: item.nextReviewDate,
      reviewCount: item.reviewCount ?? 0,
    })),
  };
}

/**
 * `POST /api/review/session`: up to 20 questions due today as their quiz asks them now, without
 * answers; with `category`, only that category's (as the queue names it: the weaknesses panel's
 * review of one category).
 */
export async function startReviewSession(
  viewer: Viewer,
  filter: { category?: string | undefined } = {},
  now = currentTime(),
): Promise<ReviewSession> {
  const today = japanDate(now);
  const due = dueBy(await quizReviewItems(viewer.id, { dueBy: today }), today);
  const picked = (await reviewable(viewer, due))
    .filter(({ item, quiz }) => !filter.category || (item.category ?? quiz.category) === filter.category)
    .slice(0, LEARNING.reviewSessionSize);
  if (picked.length === 0) throw new NotFoundError(LEARNING_MESSAGES.noDueReviews);
  const details = new Map(
    await Promise.all(
      [...new Set(picked.map(({ item }) => item.quizId))].map(
        async (quizId) => [quizId, await getQuizDetail(quizId)] as const,
      ),
    ),
  );
  return {
    questions: picked.flatMap(({ item, quiz }) => {
      const question = details
        .get(item.quizId)
        ?.questions.find((candidate) => candidate.id === item.questionId);
      if (!question) return [];
      return [
        {
          questionId: item.questionId,
          quizId: item.quizId,
          quizTitle: quiz.title,
          category: item.category ?? quiz.category,
          questionText: question.questionText,
          optionA: question.optionA,
          optionB: question.optionB,
          optionC: question.optionC,
          optionD: question.optionD,
        },
      ];
    }),
  };
}

/**
 * `POST /api/review/answer`: the answer checked against the question as its quiz has it now, the
 * SM-2 step written on the condition that the schedule is still the one read (of parallel answers
 * one counts, the others are told to try again). Only a question due today (Japan) is answered
 * (else 409 naming its day): a right answer moves it on by SM-2 (out of today's queue), a wrong
 * one keeps it due today (relearning) and starts its run of right answers again, so the third
 * right answer in a row, which masters it, comes on a third day at the soonest.
 */
export async function answerReview(
  viewer: Viewer,
  input: { questionId: string; quizId?: string | undefined; answer: AnswerLetter; timeSpent: number },
  now = currentTime(),
): Promise<ReviewAnswerResult> {
  const notFound = () => new NotFoundError(LEARNING_MESSAGES.reviewNotFound);
  const quizId = input.quizId ?? (await findQuizOfQuestion(viewer.id, input.questionId));
  if (!quizId) throw notFound();
  const item = await readQuizReviewItem(viewer.id, { quizId, questionId: input.questionId });
  if (!item || item.masteredAt) throw notFound();
  if (!isDue(item, japanDate(now)))
    throw new AppError(409, LEARNING_MESSAGES.reviewNotDue(item.nextReviewDate), 'review_not_due');
  const detail = await getQuizDetail(quizId);
  const question = detail?.questions.find((candidate) => candidate.id === input.questionId);
  const quiz: QuizItem | undefined = detail?.quiz;
  if (
    !question ||
    !stillReviewable(quiz && { ...quiz, visible: canView(quiz, viewer) }, undefined, item.questionId)
  )
    throw notFound();

  const correct = input.answer === question.correctAnswer;
  const mastered = mastersAfter(item, correct, LEARNING.masteredAfter);
  // The answer's event is written with its SM-2 step, or not at all (as a solo play's).
  await transactWrite([
    accountGuard(viewer.id),
    reviewAnswerItem(viewer.id, item, { correct, userAnswer: input.answer }, now, {
      mastered,
      relearn: true,
    }),
    answerEventPut(
      reviewEvent({
        userId: viewer.id,
        quizId,
        questionId: item.questionId,
        reviewCount: item.reviewCount ?? 0,
        correct,
        timeSpent: input.timeSpent,
        category: item.category ?? quiz!.category,
        difficulty: item.difficulty ?? quiz!.difficulty,
        answeredAt: now,
      }),
    ),
  ]);
  const next = nextReviewState(item, correct);
  return {
    isCorrect: correct,
    correctAnswer: question.correctAnswer,
    explanation: question.explanation,
    nextReviewDate: mastered ? null : nextReviewDay(now, next, correct, { relearn: true }),
    masteredAt: mastered ? now.toISOString() : null,
  };
}
