import type { StudyAnswer, StudyQuestion } from '@shared/focused-study';
import { LEARNING_MESSAGES } from '@shared/learning-constants';
import { db } from '../data/db';
import { indexAttributes, setAttributes } from '../data/keys';
import { queryAll, queryPages } from '../data/paginate';
import { INDEX } from '../data/table';
import type { NamedItem } from '../data/transact';
import { ConflictError } from '../lib/errors';
import { japanDate } from '../lib/japan-time';
import type { Logger } from '../lib/logger';
import { addDays } from './dashboard-policy';
import { WrongAnswerKeys } from './learning-keys';
import {
  dueBy,
  japanDayAfter,
  nextReviewDay,
  nextReviewState,
  queueSummary,
  FOCUSED_STUDY_QUIZ,
  SM2,
  type ReviewItem,
  type ReviewKey,
} from './review-policy';

/**
 * The review queue's items (docs/focused-study.md; the schedule's rules in review-policy.ts): the
 * member's wrong-answer item (`WRONG#<quizId>#<questionId>`, one per question) holds the schedule,
 * so recording a wrong answer and (re)scheduling it is one write, inside the transaction that
 * saves the play or the study run; the `REVIEW#<userId>` collection orders them by due day.
 */

const queueAttributes = (userId: string, key: ReviewKey, nextReviewDate: string) =>
  setAttributes(WrongAnswerKeys.collection({ userId, nextReviewDate, ...key }));

/**
 * A wrong answer outside a review, as a transaction item: counted on the member's wrong-answer
 * item, and the question (re)scheduled for review: a quiz's (solo or multiplayer) at once, the
 * same day (everyone's review of mistakes), a focused-study question tomorrow (SM-2's first
 * interval, as focused study always had it). A mastered question answered wrongly again is back
 * in the queue.
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
  const nextReviewDate = japanDayAfter(now, input.reviewType === 'quiz' ? 0 : SM2.firstInterval);
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
        'REMOVE masteredAt',
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

/** The items due by today (Japan time), the most overdue first. */
export async function dueReviews(userId: string, limit: number, log: Logger, now = new Date()) {
  const today = japanDate(now);
  // Loaded by the first read of the queue, not with the module: every quiz route records wrong
  // answers through this module, and the study schemas (with the AI's) cost each of their cold
  // starts some 300 zod schemas built for nothing.
  const { studyQuestionSchema } = await import('@shared/focused-study');
  const items = await queryAll<ReviewItem>(
    { index: INDEX.byCollection, partition: WrongAnswerKeys.collectionPk({ userId }) },
    { maxItems: limit },
  );
  return dueBy(items, today).flatMap((item) => {
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
  return queueSummary(dates, japanDate(now));
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

/**
 * An answer in a review, as a transaction item: SM-2's step from the state read, written only if
 * the item still holds that state (two completions of one review cannot both count). `relearn`
 * (everyone's review of mistakes): a wrong answer keeps the question due today.
 */
export function reviewAnswerItem(
  userId: string,
  item: ReviewItem,
  answer: { correct: boolean; userAnswer: StudyAnswer | '-' },
  now: Date,
  options: { mastered?: boolean; relearn?: boolean } = {},
): NamedItem {
  const key = { quizId: item.quizId, questionId: item.questionId };
  const next = nextReviewState(item, answer.correct);
  const nextReviewDate = nextReviewDay(now, next, answer.correct, options);
  const queue = queueAttributes(userId, key, nextReviewDate);
  return {
    Update: {
      Key: WrongAnswerKeys.key({ userId, ...key }),
      UpdateExpression: [
        answer.correct ? '' : 'ADD wrongCount :one',
        'SET easinessFactor = :easiness, reviewInterval = :interval, repetition = :repetition,',
        'reviewCount = reviewCount + :one, lastReviewedAt = :now, reviewedAt = :now, nextReviewDate = :next',
        answer.correct ? '' : ', lastWrongAt = :now, userAnswer = :given',
        // Mastered: out of the queue (the collection) for good, until a new wrong answer.
        options.mastered
          ? `, masteredAt = :now REMOVE ${indexAttributes(INDEX.byCollection)}`
          : `, ${queue.expression}`,
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
        ...(options.mastered ? {} : queue.values),
      },
    },
    onConditionFailed: () => new ConflictError(LEARNING_MESSAGES.reviewBusy),
  };
}

/** A wrong answer of a quiz (solo or multiplayer) in the review of mistakes, as stored. */
export interface QuizReviewItem extends ReviewItem {
  category: string;
  difficulty: string;
  lastWrongAt?: string;
  createdAt?: string;
  masteredAt?: string;
}

/** The most queue items read (the most overdue first). */
const QUEUE_READ_MAX = 1000;

/**
 * The member's scheduled quiz questions (not mastered: a mastered one has left the collection),
 * the most overdue first; focused-study questions keep their own queue (focused study's review).
 */
export const quizReviewItems = (
  userId: string,
  options: { dueBy?: string; max?: number; scheduleOnly?: boolean } = {},
) =>
  queryAll<QuizReviewItem>(
    {
      index: INDEX.byCollection,
      partition: WrongAnswerKeys.collectionPk({ userId }),
      // The collection is ordered by due day: those due by a day are the ones before the next.
      ...(options.dueBy ? { before: addDays(options.dueBy, 1) } : {}),
      FilterExpression: 'quizId <> :focused',
      ExpressionAttributeValues: { ':focused': FOCUSED_STUDY_QUIZ },
      // A count needs the schedule, not the question's copy (the largest part of the item).
      ...(options.scheduleOnly
        ? { ProjectionExpression: 'quizId, questionId, nextReviewDate, lastWrongAt, createdAt, reviewCount' }
        : {}),
    },
    { maxItems: options.max ?? QUEUE_READ_MAX },
  );

/** One wrong-answer item, read strongly consistent (its state is the condition of the review's write). */
export async function readQuizReviewItem(userId: string, key: ReviewKey) {
  const { Item } = await db.get({ Key: WrongAnswerKeys.key({ userId, ...key }), ConsistentRead: true });
  return Item && typeof Item.nextReviewDate === 'string' ? (Item as QuizReviewItem) : undefined;
}

/** The most pages (of up to 1,000 items each) read to find a question's quiz: ≤ 10,000 items evaluated. */
const FIND_PAGES_MAX = 10;

/**
 * The quiz a scheduled question of the member belongs to, found by the question's id: the
 * collection read a page of up to 1,000 items at a time (the filter is applied to each page, so a
 * page asked for one item would evaluate one item), stopping at the first page that holds it and
 * after at most 10 pages: a queue of 1,000 costs one or two requests.
 */
export async function findQuizOfQuestion(userId: string, questionId: string): Promise<string | undefined> {
  let pages = 0;
  for await (const page of queryPages<{ quizId: string }>(
    {
      index: INDEX.byCollection,
      partition: WrongAnswerKeys.collectionPk({ userId }),
      FilterExpression: 'questionId = :question AND quizId <> :focused',
      ExpressionAttributeValues: { ':question': questionId, ':focused': FOCUSED_STUDY_QUIZ },
      ProjectionExpression: 'quizId',
    },
    { pageSize: () => QUEUE_READ_MAX },
  )) {
    if (page[0]) return page[0].quizId;
    if (++pages >= FIND_PAGES_MAX) return undefined;
  }
  return undefined;
}
