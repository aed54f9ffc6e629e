import { FOCUSED_STUDY_MESSAGES, type StudyQuestion } from '@shared/focused-study';
import { db } from '../data/db';
import { isConditionFailed } from '../data/errors';
import { setAttributes } from '../data/keys';
import { ttlFromDate } from '../data/table';
import { transactWrite, type NamedItem } from '../data/transact';
import { ConflictError, NotFoundError } from '../lib/errors';
import { accountGuard } from '../users/user-store';
import type { RunRecord } from './run-policy';
import { settingsKey } from './settings-store';
import { StudyRunKeys, StudySettingsKeys } from './study-keys';

/**
 * Focused-study runs in the table: one item per run under the member
 * (`StudyRunKeys`), and the member's one unfinished place on the study settings item
 * (`openSessionId`, with `openSessionClaimedAt` and `openSessionPending` while a start generates).
 * Every write carries the account's guard, so nothing is written for an account being deleted.
 */

const runKey = (userId: string, runId: string) => StudyRunKeys.key({ userId, runId });

function runItem(userId: string, run: RunRecord, now: Date) {
  return {
    ...runKey(userId, run.id),
    ...run,
    // History for a year; whether an open run may still be completed is checked in code.
    ttl: ttlFromDate(new Date(now.getTime() + 365 * 86_400_000)),
    ...StudyRunKeys.owner({ userId, runId: run.id }),
  };
}

/** One of the member's runs, read consistently when it is about to be written. */
export async function getRun(
  userId: string,
  runId: string,
  consistent = false,
): Promise<RunRecord | undefined> {
  const { Item } = await db.get({ Key: runKey(userId, runId), ConsistentRead: consistent });
  return Item as RunRecord | undefined;
}

/** The questions of one run only (a new run avoids the latest one's). */
export async function runQuestions(userId: string, runId: string): Promise<StudyQuestion[]> {
  const { Item } = await db.get({ Key: runKey(userId, runId), ProjectionExpression: 'questions' });
  return (Item?.questions as StudyQuestion[] | undefined) ?? [];
}

/** The condition that `openSessionId` still holds what was read. */
const pointerStill = (pointer: string | undefined) =>
  pointer === undefined
    ? { ConditionExpression: 'attribute_not_exists(openSessionId)', values: {} }
    : { ConditionExpression: 'openSessionId = :expected', values: { ':expected': pointer } };

/**
 * Claims the member's unfinished place for a start (`id`) while it still holds `pointer`: of
 * parallel starts exactly one gets it; the others answer 409 (a run is being started).
 */
export async function claimPlace(userId: string, id: string, pointer: string | undefined, now: Date) {
  const owner = setAttributes(StudySettingsKeys.owner({ userId }));
  const expected = pointerStill(pointer);
  await transactWrite([
    accountGuard(userId),
    {
      Update: {
        Key: settingsKey(userId),
        UpdateExpression: `SET openSessionId = :id, openSessionClaimedAt = :now, openSessionPending = :pending, ${owner.expression}`,
        ConditionExpression: expected.ConditionExpression,
        ExpressionAttributeValues: {
          ':id': id,
          ':now': now.toISOString(),
          ':pending': true,
          ...expected.values,
          ...owner.values,
        },
      },
      onConditionFailed: () => new ConflictError(FOCUSED_STUDY_MESSAGES.runStarting),
    },
  ]);
}

/**
 * Writes the run a claim was for, ends the claim and deletes the run it replaces, in one
 * transaction.
 */
export async function commitClaimedRun(
  userId: string,
  run: RunRecord,
  replaced: string | undefined,
  now: Date,
) {
  await transactWrite([
    accountGuard(userId),
    { Put: { Item: runItem(userId, run, now), ConditionExpression: 'attribute_not_exists(pk)' } },
    {
      Update: {
        Key: settingsKey(userId),
        UpdateExpression: 'REMOVE openSessionPending',
        ConditionExpression: 'openSessionId = :id',
        ExpressionAttributeValues: { ':id': run.id },
      },
      // Only a start that outlived its claim by far gets here; another start holds the place now.
      onConditionFailed: () => new ConflictError(FOCUSED_STUDY_MESSAGES.runStarting),
    },
    ...(replaced
      ? [
          {
            Delete: {
              Key: runKey(userId, replaced),
              ConditionExpression: 'attribute_not_exists(completedAt)',
            },
            onConditionFailed: () => new ConflictError(FOCUSED_STUDY_MESSAGES.runCompleted),
          },
        ]
      : []),
  ]);
}

/** Gives the unfinished place back to what it held (`pointer`) before a start (`id`) that failed. */
export async function releaseClaim(userId: string, id: string, pointer: string | undefined) {
  try {
    await db.update({
      Key: settingsKey(userId),
      UpdateExpression:
        pointer === undefined
          ? 'REMOVE openSessionId, openSessionClaimedAt, openSessionPending'
          : 'SET openSessionId = :back REMOVE openSessionPending',
      ConditionExpression: 'openSessionId = :id',
      ExpressionAttributeValues: { ':id': id, ...(pointer === undefined ? {} : { ':back': pointer }) },
    });
  } catch (error) {
    // The place was taken over already: nothing of this start is left to give back.
    if (!isConditionFailed(error)) throw error;
  }
}

/**
 * Writes a completion once: the stored run's result (or the page's run with its result),
 * the latest-run pointer and the `extra` items (the day's stats, the review queue), together.
 */
export async function writeCompletion(
  userId: string,
  run: RunRecord,
  stored: boolean,
  record: Required<Pick<RunRecord, 'score' | 'totalQuestions' | 'completedAt' | 'userAnswers'>>,
  extra: readonly NamedItem[],
  now: Date,
) {
  const settingsOwner = setAttributes(StudySettingsKeys.owner({ userId }));
  await transactWrite([
    accountGuard(userId),
    stored
      ? {
          Update: {
            Key: runKey(userId, run.id),
            UpdateExpression:
              'SET completedAt = :completedAt, userAnswers = :answers, score = :score, totalQuestions = :total',
            ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(completedAt)',
            ExpressionAttributeValues: {
              ':completedAt': record.completedAt,
              ':answers': record.userAnswers,
              ':score': record.score,
              ':total': record.totalQuestions,
            },
          },
          onConditionFailed: () => new ConflictError(FOCUSED_STUDY_MESSAGES.runCompleted),
        }
      : {
          Put: {
            Item: runItem(userId, { ...run, ...record }, now),
            ConditionExpression: 'attribute_not_exists(completedAt)',
          },
          onConditionFailed: () => new ConflictError(FOCUSED_STUDY_MESSAGES.runCompleted),
        },
    {
      Update: {
        Key: settingsKey(userId),
        UpdateExpression: `SET latestSessionId = :latest, ${settingsOwner.expression}`,
        ExpressionAttributeValues: { ':latest': run.id, ...settingsOwner.values },
      },
    },
    ...extra,
  ]);
}

/** The answers given so far and the question reached, on a stored run still unfinished (the last save wins). */
export async function writeProgress(
  userId: string,
  runId: string,
  progress: { answers: RunRecord['userAnswers']; currentQuestionIndex: number; savedAt: string },
) {
  await transactWrite([
    accountGuard(userId),
    {
      Update: {
        Key: runKey(userId, runId),
        UpdateExpression: 'SET userAnswers = :answers, currentQuestionIndex = :index, progressAt = :at',
        ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(completedAt)',
        ExpressionAttributeValues: {
          ':answers': progress.answers,
          ':index': progress.currentQuestionIndex,
          ':at': progress.savedAt,
        },
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      },
      // Completed or discarded between the read and the write.
      onConditionFailed: (current) =>
        current
          ? new ConflictError(FOCUSED_STUDY_MESSAGES.runCompleted)
          : new NotFoundError(FOCUSED_STUDY_MESSAGES.runNotFound),
    },
  ]);
}

/**
 * Keeps a page-held run from its first save, in the member's unfinished place while it still
 * holds `pointer` (409: another run took it meanwhile).
 */
export async function keepPageRun(userId: string, run: RunRecord, pointer: string | undefined, now: Date) {
  const owner = setAttributes(StudySettingsKeys.owner({ userId }));
  const expected = pointerStill(pointer);
  await transactWrite([
    accountGuard(userId),
    { Put: { Item: runItem(userId, run, now), ConditionExpression: 'attribute_not_exists(pk)' } },
    {
      Update: {
        Key: settingsKey(userId),
        UpdateExpression: `SET openSessionId = :id, openSessionClaimedAt = :now, ${owner.expression} REMOVE openSessionPending`,
        ConditionExpression: expected.ConditionExpression,
        ExpressionAttributeValues: {
          ':id': run.id,
          ':now': run.progressAt,
          ...expected.values,
          ...owner.values,
        },
      },
      onConditionFailed: () => new ConflictError(FOCUSED_STUDY_MESSAGES.runUnfinished),
    },
  ]);
}

/**
 * Deletes an unfinished run (never a completed one), and frees the place with it when
 * `inPlace` (unless a start has claimed it meanwhile to replace this run).
 */
export async function deleteUnfinishedRun(userId: string, runId: string, inPlace: boolean) {
  await transactWrite([
    accountGuard(userId),
    {
      Delete: {
        Key: runKey(userId, runId),
        ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(completedAt)',
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      },
      onConditionFailed: (current) =>
        current
          ? new ConflictError(FOCUSED_STUDY_MESSAGES.runCompleted)
          : new NotFoundError(FOCUSED_STUDY_MESSAGES.runNotFound),
    },
    ...(inPlace
      ? [
          {
            Update: {
              Key: settingsKey(userId),
              UpdateExpression: 'REMOVE openSessionId, openSessionClaimedAt, openSessionPending',
              ConditionExpression: 'openSessionId = :id',
              ExpressionAttributeValues: { ':id': runId },
            },
          },
        ]
      : []),
  ]);
}
