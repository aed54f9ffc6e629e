import type { StudyAnswer, StudyQuestion } from '@shared/focused-study';
import { studyQuestionSchema } from '@shared/focused-study';
import type { Question } from '@shared/quizzes';
import { db } from '../data/db';
import { setAttributes } from '../data/keys';
import { queryAll } from '../data/paginate';
import { INDEX } from '../data/table';
import type { NamedItem } from '../data/transact';
import { ConflictError } from '../lib/errors';
import { japanDate } from '../lib/japan-time';
import type { Logger } from '../lib/logger';
import { WrongAnswerKeys } from './progress-keys';

/**
 * The review queue (docs/focused-study.md): every question a member answers wrongly — in quiz
 * play (multiplayer included) or in focused study — is scheduled for review with SM-2. The
 * schedule lives on the member's wrong-answer item (`WRONG#<quizId>#<questionId>`, one per
 * question), so recording a wrong answer and (re)scheduling it is one write, inside the
 * transaction that saves the play or the session. The item keeps a copy of the question, so a
 * review can ask it whatever became of the quiz since.
 *
 * SM-2 (Wozniak 1990) with the easiness factor stored ×100 (250 = 2.5) and days in Japan time:
 * - a wrong answer outside a review puts the question at the start: repetition 0, interval 1 day,
 *   due tomorrow; its easiness stays as it is (SM-2: "start repetitions anew without changing the
 *   E-Factor"), and a new question starts at 250;
 * - in a review, a right answer is graded 5 and a wrong one 2: right lengthens the interval
 *   (the wrong answer scheduled SM-2's I(1) = 1 day; then I(2) = 6, then the last interval × EF),
 *   wrong resets it to 1 day; the easiness moves by
 *   SM-2's formula (+10 for a 5, −32 for a 2) and never goes below 130.
 */
export const SM2 = {
  startEasiness: 250,
  minEasiness: 130,
  firstInterval: 1,
  secondInterval: 6,
  rightGrade: 5,
  wrongGrade: 2,
} as const;

/** Focused-study questions have no quiz: their wrong-answer items use this in place of a quiz id. */
export const FOCUSED_STUDY_QUIZ = 'focused-study';

/** Which quiz and question a question of a review names (see `reviewQuestionId`). */
export interface ReviewKey {
  quizId: string;
  questionId: string;
}

/**
 * The id a question of quiz play has in focused study (`quiz~<quizId>~<questionId>`), so a
 * review, or a retry of one, finds its own item again; a focused-study question keeps its id.
 */
export const reviewQuestionId = ({ quizId, questionId }: ReviewKey) =>
  quizId === FOCUSED_STUDY_QUIZ ? questionId : `quiz~${quizId}~${questionId}`;

export function reviewKeyOf(questionId: string): ReviewKey {
  const quiz = /^quiz~([\w-]+)~([\w-]+)$/.exec(questionId);
  return quiz ? { quizId: quiz[1]!, questionId: quiz[2]! } : { quizId: FOCUSED_STUDY_QUIZ, questionId };
}

export interface ReviewState {
  easinessFactor: number;
  /** Days until the next review. */
  reviewInterval: number;
  /** Right answers in a row in reviews (SM-2's n). */
  repetition: number;
}

/** SM-2's step for one review answer (see the module comment). */
export function nextReviewState(state: ReviewState, correct: boolean): ReviewState {
  const grade = correct ? SM2.rightGrade : SM2.wrongGrade;
  const miss = 5 - grade;
  const easinessFactor = Math.max(
    SM2.minEasiness,
    state.easinessFactor + Math.round(100 * (0.1 - miss * (0.08 + miss * 0.02))),
  );
  if (!correct) return { easinessFactor, reviewInterval: SM2.firstInterval, repetition: 0 };
  // The wrong answer that queued the question scheduled SM-2's first interval (1 day), so the
  // first right review is the first repetition done: the next is I(2) = 6 days, then I × EF.
  const reviewInterval =
    state.repetition === 0
      ? SM2.secondInterval
      : Math.round((state.reviewInterval * state.easinessFactor) / 100);
  return { easinessFactor, reviewInterval, repetition: state.repetition + 1 };
}

/** The Japan day `days` after the Japan day of `now`, as yyyy-mm-dd. */
export function japanDayAfter(now: Date, days: number): string {
  const [year, month, day] = japanDate(now).split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

const queueAttributes = (userId: string, key: ReviewKey, nextReviewDate: string) =>
  setAttributes(WrongAnswerKeys.collection({ userId, nextReviewDate, ...key }));

/** A quiz question as focused study asks it. */
export function quizQuestionForReview(quizId: string, question: Question): StudyQuestion {
  const options = {
    A: question.optionA,
    B: question.optionB,
    ...(question.optionC ? { C: question.optionC } : {}),
    ...(question.optionD ? { D: question.optionD } : {}),
  };
  return {
    id: reviewQuestionId({ quizId, questionId: question.id }),
    type: 'multiple_choice',
    text: question.questionText,
    options,
    correctAnswer: question.correctAnswer,
    explanation: question.explanation ?? '',
  };
}

/**
 * A wrong answer outside a review, as a transaction item: counted on the member's wrong-answer
 * item, and the question (re)scheduled for review tomorrow.
 */
export function wrongAnswerItem(
  input: {
    userId: string;
    key: ReviewKey;
    userAnswer: StudyAnswer | '-';
    question: StudyQuestion;
    category: string;
    difficulty: string;
    reviewType: 'quiz' | 'focused_study';
  },
  now: Date,
): NamedItem {
  const { userId, key } = input;
  const nextReviewDate = japanDayAfter(now, SM2.firstInterval);
  const owner = setAttributes(WrongAnswerKeys.owner({ userId, ...key }));
  const queue = queueAttributes(userId, key, nextReviewDate);
  return {
    Update: {
      Key: WrongAnswerKeys.key({ userId, ...key }),
      UpdateExpression: [
        'ADD wrongCount :one',
        'SET quizId = :quiz, questionId = :question, userAnswer = :given, correctAnswer = :correct,',
        'category = :category, difficulty = :difficulty, lastWrongAt = :now, #question = :snapshot,',
        'reviewType = :type, priority = if_not_exists(priority, :medium),',
        'easinessFactor = if_not_exists(easinessFactor, :easiness), reviewCount = if_not_exists(reviewCount, :zero),',
        'repetition = :zero, reviewInterval = :interval, nextReviewDate = :next,',
        `createdAt = if_not_exists(createdAt, :now), ${owner.expression}, ${queue.expression}`,
      ].join(' '),
      ExpressionAttributeNames: { '#question': 'question' },
      ExpressionAttributeValues: {
        ':one': 1,
        ':zero': 0,
        ':quiz': key.quizId,
        ':question': key.questionId,
        ':given': input.userAnswer,
        ':correct': input.question.correctAnswer,
        ':category': input.category,
        ':difficulty': input.difficulty,
        ':now': now.toISOString(),
        ':snapshot': input.question,
        ':type': input.reviewType,
        ':medium': 'medium',
        ':easiness': SM2.startEasiness,
        ':interval': SM2.firstInterval,
        ':next': nextReviewDate,
        ...owner.values,
        ...queue.values,
      },
    },
  };
}

/** A review item as the queue reads it. */
export interface ReviewItem extends ReviewState, ReviewKey {
  question: StudyQuestion;
  nextReviewDate: string;
  reviewCount: number;
}

/** The items due by today (Japan time), the most overdue first. */
export async function dueReviews(userId: string, limit: number, log: Logger, now = new Date()) {
  const today = japanDate(now);
  const items = await queryAll<ReviewItem>(
    { index: INDEX.byCollection, partition: WrongAnswerKeys.collectionPk({ userId }) },
    { maxItems: limit },
  );
  return items
    .filter((item) => item.nextReviewDate <= today)
    .flatMap((item) => {
      // A question saved before its quiz's rules tightened (two equal options) is not asked.
      const question = studyQuestionSchema.safeParse(item.question);
      if (question.success) return [{ ...item, question: question.data }];
      log.warn('review question no longer valid', { quizId: item.quizId, questionId: item.questionId });
      return [];
    });
}

/** The most items the summary counts (the page shows "999+" beyond). */
const SUMMARY_MAX = 1000;

/** `GET /api/focused-study/review-queue`: due today, scheduled in all, and the next day after today. */
export async function reviewQueueSummary(userId: string, now = new Date()) {
  const today = japanDate(now);
  const dates = (
    await queryAll<{ nextReviewDate: string }>(
      {
        index: INDEX.byCollection,
        partition: WrongAnswerKeys.collectionPk({ userId }),
        ProjectionExpression: 'nextReviewDate',
      },
      { maxItems: SUMMARY_MAX },
    )
  ).map((item) => item.nextReviewDate);
  return {
    dueToday: dates.filter((date) => date <= today).length,
    scheduled: dates.length,
    nextReviewDate: dates.find((date) => date > today) ?? null,
  };
}

/** The review items of these keys, read strongly consistent (their state is the condition of the write). */
export async function readReviewItems(userId: string, keys: readonly ReviewKey[]) {
  const found = await Promise.all(
    keys.map((key) => db.get({ Key: WrongAnswerKeys.key({ userId, ...key }), ConsistentRead: true })),
  );
  return found.flatMap(({ Item }) =>
    Item && typeof Item.nextReviewDate === 'string' ? [Item as ReviewItem] : [],
  );
}

export const REVIEW_CONFLICT = '復習の記録が他の操作で更新されました。もう一度お試しください。';

/**
 * An answer in a review, as a transaction item: SM-2's step from the state read, written only if
 * the item still holds that state (two completions of one review cannot both count).
 */
export function reviewAnswerItem(
  userId: string,
  item: ReviewItem,
  answer: { correct: boolean; userAnswer: StudyAnswer | '-' },
  now: Date,
): NamedItem {
  const key = { quizId: item.quizId, questionId: item.questionId };
  const next = nextReviewState(item, answer.correct);
  const nextReviewDate = japanDayAfter(now, next.reviewInterval);
  const queue = queueAttributes(userId, key, nextReviewDate);
  return {
    Update: {
      Key: WrongAnswerKeys.key({ userId, ...key }),
      UpdateExpression: [
        answer.correct ? '' : 'ADD wrongCount :one',
        'SET easinessFactor = :easiness, reviewInterval = :interval, repetition = :repetition,',
        'reviewCount = reviewCount + :one, lastReviewedAt = :now, reviewedAt = :now, nextReviewDate = :next,',
        answer.correct ? '' : 'lastWrongAt = :now, userAnswer = :given,',
        queue.expression,
      ]
        .filter(Boolean)
        .join(' '),
      ConditionExpression: 'nextReviewDate = :read AND reviewCount = :readCount',
      ExpressionAttributeValues: {
        ':one': 1,
        ':easiness': next.easinessFactor,
        ':interval': next.reviewInterval,
        ':repetition': next.repetition,
        ':now': now.toISOString(),
        ':next': nextReviewDate,
        ':read': item.nextReviewDate,
        ':readCount': item.reviewCount,
        ...(answer.correct ? {} : { ':given': answer.userAnswer }),
        ...queue.values,
      },
    },
    onConditionFailed: () => new ConflictError(REVIEW_CONFLICT),
  };
}
