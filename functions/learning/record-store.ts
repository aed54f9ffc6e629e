import { randomUUID } from 'node:crypto';
import { ACHIEVEMENTS, type AchievementKey } from '@shared/learning-constants';
import type { Question } from '@shared/quiz-schemas';
import { batchGetAll } from '../data/batch';
import { setAttributes } from '../data/keys';
import { queryAll, queryPages } from '../data/paginate';
import { ttlFromDate } from '../data/table';
import { transactWrite, type NamedItem } from '../data/transact';
import { UnauthorizedError } from '../lib/errors';
import { currentTime } from '../lib/clock';
import { japanDate } from '../lib/japan-time';
import { accountGuard, LIVE_ACCOUNT } from '../users/user-store';
import { UserKeys, userKey } from '../users/user-keys';
import { AchievementKeys, DailyStatsKeys, StudyRecordKeys } from './learning-keys';
import { seconds } from './event-policy';
import { answeredWrongly, completionCounts, creditedSeconds } from './record-policy';
import { quizQuestionForReview } from './review-policy';
import { wrongAnswerItem } from './review-store';

/**
 * A member's learning record, all in their own partition (`USER#<id>`) and owned by them
 * (`gsi2pk = USER#<id>`, removed with the account):
 * - counters on the profile: `quizzesCompleted`, `correctAnswers`, `answeredQuestions`, `totalPoints`;
 * - `DAILY#<yyyy-mm-dd>` (Japan time): quizzes completed, questions answered, correct answers, time spent;
 * - `WRONG#<quizId>#<questionId>`: the questions answered wrongly, with a count, each scheduled
 *   for review (review-store.ts);
 * - `ACHIEVEMENT#<key>`: each achievement once, with its date;
 * - `STUDY#<time>#<id>`: one record per answered question (kept a year).
 * What a play counts for is decided in record-policy.ts; this module holds the keys and expressions.
 */

/** The day's stats (Japan time) grown by `counts`, as a transaction item. */
export function dailyStats(
  userId: string,
  counts: Partial<Record<'quizzesCompleted' | 'questionsAnswered' | 'correctAnswers' | 'timeSpent', number>>,
  now: Date,
): NamedItem {
  const day = japanDate(now);
  const added = Object.entries(counts);
  return {
    Update: {
      Key: DailyStatsKeys.key({ userId, day }),
      UpdateExpression: `ADD ${added.map(([name]) => `${name} :${name}`).join(', ')} SET #date = :day, updatedAt = :now`,
      ExpressionAttributeNames: { '#date': 'date' },
      ExpressionAttributeValues: {
        ...Object.fromEntries(added.map(([name, value]) => [`:${name}`, value])),
        ':day': day,
        ':now': now.toISOString(),
      },
    },
  };
}

/**
 * The records a finished play adds to, as items of the play's own transaction (so a play is saved
 * with all it counts towards, or not at all): the profile counters (which also hold the account
 * to be live) and the questions answered wrongly (due for review at once). The day's stats come
 * from the play's answer event (event-policy.ts), which the learning records consumer adds.
 */
export function completionItems(
  input: {
    userId: string;
    quizId: string;
    category: string;
    difficulty: string;
    questions: Question[];
    answers: Record<string, string>;
    score: number;
    /** False for a live game's play: its reveals queued its wrong answers already. */
    review?: boolean;
  },
  now = new Date(),
): NamedItem[] {
  const { userId, questions, score } = input;
  const counts = completionCounts(questions.length, score);
  const counters: NamedItem = {
    name: 'account',
    Update: {
      Key: userKey(userId),
      UpdateExpression:
        'ADD quizzesCompleted :one, correctAnswers :score, answeredQuestions :total, totalPoints :points',
      ConditionExpression: LIVE_ACCOUNT,
      ExpressionAttributeValues: {
        ':one': counts.quizzesCompleted,
        ':score': counts.correctAnswers,
        ':total': counts.questionsAnswered,
        ':points': counts.points,
      },
    },
    onConditionFailed: () => new UnauthorizedError(),
  };
  const wrong = (input.review === false ? [] : answeredWrongly(questions, input.answers)).map(
    ({ question, given }) =>
      wrongAnswerItem(
        {
          userId,
          key: { quizId: input.quizId, questionId: question.id },
          userAnswer: given,
          question: quizQuestionForReview(input.quizId, question),
          category: input.category,
          difficulty: input.difficulty,
          reviewType: 'quiz',
        },
        now,
      ),
  );
  return [counters, ...wrong];
}

/**
 * The write that records an achievement the first time only (a later grant keeps the first date),
 * for a transaction of its own or one that already guards the account.
 */
export function achievementGrant(userId: string, key: AchievementKey, now = new Date()): NamedItem {
  const owner = setAttributes(AchievementKeys.owner({ userId, key }));
  return {
    Update: {
      Key: AchievementKeys.key({ userId, key }),
      UpdateExpression: `SET #key = :key, title = :title, description = :description, achievedAt = if_not_exists(achievedAt, :now), ${owner.expression}`,
      ExpressionAttributeNames: { '#key': 'key' },
      ExpressionAttributeValues: {
        ':key': key,
        ':title': ACHIEVEMENTS[key].title,
        ':description': ACHIEVEMENTS[key].description,
        ':now': now.toISOString(),
        ...owner.values,
      },
    },
  };
}

/**
 * Grants the achievements not held yet, each the first time only, in one transaction that also
 * guards the account. Those already held are read first (one batch read), so the usual play, whose
 * achievements are all held, writes nothing here.
 */
export async function grantAchievements(userId: string, keys: readonly AchievementKey[], now = new Date()) {
  if (keys.length === 0) return;
  const held = new Set(
    (
      await batchGetAll<{ sk: string }>(
        keys.map((key) => AchievementKeys.key({ userId, key })),
        { projection: 'sk' },
      )
    ).map((item) => item.sk),
  );
  const missing = keys.filter((key) => !held.has(AchievementKeys.key({ userId, key }).sk));
  if (missing.length === 0) return;
  await transactWrite([accountGuard(userId), ...missing.map((key) => achievementGrant(userId, key, now))]);
}

/** The day's time has been counted past the start of an answer's span (`studiedUntil` as read). */
class StudyTimeCounted extends Error {
  constructor(readonly studiedUntil: string | undefined) {
    super('The day has counted study time past this answer’s start');
  }
}

/** Tries at counting an answer's time against the day's clock before it counts none (all raced). */
const STUDY_TIME_TRIES = 5;

/**
 * The day's stats grown by an answer's time, as a transaction item, with the moment the day has
 * counted time up to (`studiedUntil`, creditedSeconds in record-policy.ts):
 * - first try (`seen` undefined): the whole claimed time, if the day has counted nothing after the
 *   answer's span began;
 * - after a refusal: the time after `seen`, on condition the day still says `seen`;
 * - `seen` null (every try raced): none, the clock left as it is.
 */
/** What an answer's time counts for, after `seen` (as studyDay's tries go). */
const creditFor = (
  claimed: number,
  now: Date,
  seen: { studiedUntil: string | undefined } | null | undefined,
) => (seen === undefined ? claimed : seen === null ? 0 : creditedSeconds(claimed, now, seen.studiedUntil));

function studyDay(
  userId: string,
  claimed: number,
  now: Date,
  seen: { studiedUntil: string | undefined } | null | undefined,
): NamedItem {
  const credited = creditFor(claimed, now, seen);
  const base = dailyStats(userId, { timeSpent: credited }, now);
  if (seen === null) return base;
  const update = base.Update!;
  const until = now.toISOString();
  const keepsLater = seen?.studiedUntil !== undefined && seen.studiedUntil > until;
  const condition =
    seen === undefined
      ? {
          expression: 'attribute_not_exists(studiedUntil) OR studiedUntil <= :spanStart',
          values: { ':spanStart': new Date(now.getTime() - claimed * 1000).toISOString() },
        }
      : seen.studiedUntil === undefined
        ? { expression: 'attribute_not_exists(studiedUntil)', values: {} }
        : { expression: 'studiedUntil = :seenUntil', values: { ':seenUntil': seen.studiedUntil } };
  return {
    Update: {
      ...update,
      UpdateExpression: keepsLater
        ? update.UpdateExpression
        : `${update.UpdateExpression}, studiedUntil = :until`,
      ConditionExpression: condition.expression,
      ExpressionAttributeValues: {
        ...update.ExpressionAttributeValues,
        ...(keepsLater ? {} : { ':until': until }),
        ...condition.values,
      },
      ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
    },
    onConditionFailed: (current) =>
      new StudyTimeCounted(typeof current?.studiedUntil === 'string' ? current.studiedUntil : undefined),
  };
}

/**
 * One answered question from the play page; the day's time spent grows with it, by no more than
 * the clock moved since the day last counted (a client's claim alone is not believed).
 */
export async function recordStudyAnswer(
  userId: string,
  input: { quizId: string; questionId: string; userAnswer: string; isCorrect: boolean; timeSpent: number },
  now = currentTime(),
) {
  const day = japanDate(now);
  const record = { userId, answeredAt: now.toISOString(), suffix: randomUUID().slice(0, 8) };
  // Whole seconds, as the day counts them: a number DynamoDB cannot hold (1e-131) is never stored.
  const timeSpent = seconds(input.timeSpent, 3600);
  let seen: { studiedUntil: string | undefined } | null | undefined;
  for (let tries = 1; ; tries++) {
    try {
      await transactWrite([
        accountGuard(userId),
        {
          Put: {
            Item: {
              ...StudyRecordKeys.key(record),
              ...input,
              // What the day counted of it: the sessions' time adds these up.
              timeSpent: creditFor(timeSpent, now, seen),
              date: day,
              createdAt: now.toISOString(),
              ttl: ttlFromDate(new Date(now.getTime() + 365 * 86_400_000)),
              ...StudyRecordKeys.owner(record),
            },
          },
        },
        studyDay(userId, timeSpent, now, seen),
      ]);
      return;
    } catch (error) {
      if (!(error instanceof StudyTimeCounted)) throw error;
      seen = tries + 1 >= STUDY_TIME_TRIES ? null : { studiedUntil: error.studiedUntil };
    }
  }
}

export async function listAchievements(userId: string) {
  return queryAll<{ key: AchievementKey; title: string; description: string; achievedAt: string }>({
    partition: UserKeys.pk({ userId }),
    beginsWith: AchievementKeys.skPrefix(),
  });
}

/** The member's study records (one per answer the play page sent, with its time), newest first, down to `since`. */
export async function studyRecordsSince(userId: string, since: string, maxItems: number) {
  const records: { answeredAt: string; timeSpent?: number }[] = [];
  for await (const page of queryPages<{ sk: string; timeSpent?: number }>(
    {
      partition: UserKeys.pk({ userId }),
      beginsWith: StudyRecordKeys.skPrefix(),
      newestFirst: true,
      ProjectionExpression: 'sk, timeSpent',
    },
    { maxItems, pageSize: (page) => (page === 0 ? 200 : 1000) },
  )) {
    for (const item of page) {
      // `STUDY#<answeredAt>#<suffix>`: the time is the key's middle part.
      const answeredAt = item.sk.slice(StudyRecordKeys.skPrefix().length).split('#')[0] ?? '';
      if (answeredAt < since) return records;
      records.push({ answeredAt, timeSpent: item.timeSpent });
    }
  }
  return records;
}
