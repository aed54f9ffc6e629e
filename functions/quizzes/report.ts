import { randomUUID } from 'node:crypto';
import { MESSAGES } from '@shared/messages';
import { QUIZ_MESSAGES } from '@shared/quizzes';
import type { ReportReason } from '@shared/constants';
import { ConditionsFailed, isConditionFailed } from '../data/errors';
import { db } from '../data/db';
import { setAttributes, type ItemKey } from '../data/keys';
import { queryAll } from '../data/paginate';
import { INDEX } from '../data/table';
import { backoffMs, pause, RETRY } from '../data/retry';
import { transactWrite, type NamedItem } from '../data/transact';
import { BadRequestError, ConflictError, NotFoundError } from '../lib/errors';
import { accountGuard, type UserItem } from '../users/user-store';
import { MigrationKeys } from '../users/user-keys';
import { ownQuiz, viewableQuizDetail } from './quiz';
import { QuizKeys, quizKey } from './quiz-keys';
import { LEGACY_REPORT_COLLECTION, ReportKeys } from './report-keys';

/**
 * Reports live in the quiz's partition, one per reporter (`REPORT#<userId>`), so a person has at
 * most one pending report per quiz. A report is `pending` until an administrator reviews it (by
 * hiding, restoring or dismissing: moderation.ts), then `reviewed` with who and when. The quiz's
 * `reportCount` is the number of its pending reports, changed in the same transaction as every
 * report, review and deletion, so it stays exact whatever runs at once. Each status is a
 * collection of `byCollection` (newest first): `REPORT#pending` is the moderation queue.
 */
export type ReportStatus = 'pending' | 'reviewed';

export interface ReportItem {
  pk: string;
  sk: string;
  id: string;
  quizId: string;
  /** Null once the reporter's account is deleted: the report is kept, anonymised. */
  reportedBy: string | null;
  reason: ReportReason;
  details: string | null;
  status: ReportStatus;
  reportedAt: string;
  reviewedBy: string | null;
  reviewedAt: string | null;
  gsi1pk: string;
  gsi1sk: string;
  gsi2pk?: string;
  gsi2sk?: string;
}

/**
 * Report ids name their quiz (so moderation finds the report in that quiz's partition) and are
 * otherwise random: the author who reads the reports must not learn who sent them.
 */
const newReportId = (quizId: string) => `${quizId}~${randomUUID()}`;

/** The quiz's count of pending reports, moved by `change` in a transaction that changes them. */
const pendingCount = (quizId: string, change: number): NamedItem => ({
  name: 'quiz',
  Update: {
    Key: quizKey(quizId),
    UpdateExpression: 'ADD reportCount :change',
    ConditionExpression: 'attribute_exists(pk)',
    ExpressionAttributeValues: { ':change': change },
  },
});

export async function reportQuiz(
  user: UserItem,
  quizId: string,
  input: { reason: ReportReason; details: string | null },
  now = new Date(),
): Promise<ReportItem> {
  const { quiz } = await viewableQuizDetail(quizId, user);
  if (quiz.authorId === user.id) throw new BadRequestError(QUIZ_MESSAGES.ownQuizReport);
  const reportedAt = now.toISOString();
  const report: ReportItem = {
    ...ReportKeys.key({ quizId, reporterId: user.id }),
    id: newReportId(quizId),
    quizId,
    reportedBy: user.id,
    reason: input.reason,
    details: input.details,
    status: 'pending',
    reportedAt,
    reviewedBy: null,
    reviewedAt: null,
    ...ReportKeys.collection({ status: 'pending', reportedAt, quizId, reporterId: user.id }),
    ...ReportKeys.owner({ userId: user.id, reportedAt, quizId }),
  };
  await transactWrite([
    accountGuard(user.id),
    {
      // A reviewed report of the same person is replaced: the new one is pending again.
      Put: {
        Item: report,
        ConditionExpression: 'attribute_not_exists(pk) OR #status <> :pending',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':pending': 'pending' },
      },
      onConditionFailed: () => new ConflictError(QUIZ_MESSAGES.alreadyReported),
    },
    {
      Update: {
        Key: quizKey(quizId),
        UpdateExpression: 'ADD reportCount :one',
        // Not on a quiz that is being deleted: the report would outlive it.
        ConditionExpression: 'attribute_exists(pk) AND #status = :active',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':one': 1, ':active': 'active' },
      },
      onConditionFailed: () => new NotFoundError(QUIZ_MESSAGES.notFound),
    },
  ]);
  return report;
}

/** Every report on a quiz (its partition's `REPORT#` items), read strongly consistent. */
export const reportsOf = (quizId: string) =>
  queryAll<ReportItem>({
    partition: QuizKeys.pk({ quizId }),
    beginsWith: ReportKeys.skPrefix(),
    ConsistentRead: true,
  });

/**
 * Runs `step` on what it reads until no condition of its transaction fails: a failure means
 * another action changed a report meanwhile, and the next read sees that. Under the one retry
 * policy (retry.ts), then 409.
 */
async function untilSettled<T>(step: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await step();
    } catch (error) {
      if (!(error instanceof ConditionsFailed)) throw error;
      if (attempt >= RETRY.attempts) throw new ConflictError(MESSAGES.busy);
      await pause(backoffMs(attempt));
    }
  }
}

/** Reports reviewed in one transaction, with the quiz's count (DynamoDB takes 100 items). */
const REVIEWS_PER_TRANSACTION = 99;

/**
 * Marks a quiz's pending reports reviewed by an administrator. Each report changes once, from
 * pending, in a transaction with the quiz's count: of two administrators acting at once, each
 * report records whoever reached it first, and `reportCount` always equals the pending reports
 * that remain. Answers how many this call reviewed.
 */
export async function reviewPendingReports(quizId: string, adminId: string, now = new Date()) {
  const collection = setAttributes({
    [INDEX.byCollection.partitionKey]: ReportKeys.collectionPk({ status: 'reviewed' }),
  });
  let reviewed = 0;
  await untilSettled(async () => {
    const pending = (await reportsOf(quizId)).filter((report) => report.status === 'pending');
    for (let first = 0; first < pending.length; first += REVIEWS_PER_TRANSACTION) {
      const batch = pending.slice(first, first + REVIEWS_PER_TRANSACTION);
      await transactWrite([
        ...batch.map((report): NamedItem => ({
          Update: {
            Key: { pk: report.pk, sk: report.sk },
            UpdateExpression: `SET #status = :reviewed, reviewedBy = :admin, reviewedAt = :now, ${collection.expression}`,
            ConditionExpression: 'id = :id AND #status = :pending',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: {
              ...collection.values,
              ':reviewed': 'reviewed',
              ':pending': 'pending',
              ':admin': adminId,
              ':now': now.toISOString(),
              ':id': report.id,
            },
          },
        })),
        pendingCount(quizId, -batch.length),
      ]);
      reviewed += batch.length;
    }
  });
  return reviewed;
}

/** The report with this id (which names its quiz), as it is now. */
const findReport = async (reportId: string) =>
  (await reportsOf(reportId.split('~')[0]!)).find((report) => report.id === reportId);

/**
 * Deletes a report; a pending one leaves the quiz's count in the same transaction. Of parallel
 * deletions one deletes it, the others find nothing. Answers the report deleted, if any.
 */
export async function deleteReportById(reportId: string): Promise<ReportItem | undefined> {
  return untilSettled(async () => {
    const report = await findReport(reportId);
    if (!report) return undefined;
    await transactWrite([
      {
        Delete: {
          Key: { pk: report.pk, sk: report.sk },
          ConditionExpression: 'id = :id AND #status = :status',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':id': report.id, ':status': report.status },
        },
      },
      ...(report.status === 'pending' ? [pendingCount(report.quizId, -1)] : []),
    ]);
    return report;
  });
}

/**
 * What is left of a report when its reporter's account is deleted: moderation keeps the reason,
 * the time and the review, and loses who sent it and what they wrote. The keys named the reporter,
 * so it moves to a random one; its id stays, and so does the quiz's count (a pending report stays
 * pending). Safe against a review or deletion at the same moment (re-read, then done once).
 */
export async function anonymiseReport(key: ItemKey, reporterId: string): Promise<void> {
  await untilSettled(async () => {
    const { Item } = await db.get({ Key: key, ConsistentRead: true });
    const report = Item as ReportItem | undefined;
    if (!report || report.reportedBy !== reporterId) return;
    const { gsi2pk: _owner, gsi2sk: _ownerSort, ...kept } = report;
    const former = `former-${randomUUID()}`;
    await transactWrite([
      {
        Delete: {
          Key: key,
          ConditionExpression: 'reportedBy = :reporter AND #status = :status',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':reporter': reporterId, ':status': report.status },
        },
      },
      {
        Put: {
          Item: {
            ...kept,
            ...ReportKeys.key({ quizId: report.quizId, reporterId: former }),
            ...ReportKeys.collection({
              status: report.status,
              reportedAt: report.reportedAt,
              quizId: report.quizId,
              reporterId: former,
            }),
            reportedBy: null,
            details: null,
          },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
    ]);
  });
}

/** The reports on one of the author's own quizzes, newest first. */
export async function listReportsForAuthor(user: UserItem, quizId: string) {
  await ownQuiz(quizId, user);
  return (await reportsOf(quizId))
    .sort((a, b) => b.reportedAt.localeCompare(a.reportedAt))
    .map((report) => ({
      id: report.id,
      reason: report.reason,
      details: report.details,
      reportedAt: report.reportedAt,
      status: report.status,
    }));
}

/**
 * Migration for tables made before reports had a status lifecycle and an owner (issue 26): every
 * report was in one collection (`REPORT#ALL`) and pending; each moves to its status's collection
 * and is owned by its reporter (so account deletion finds it). A Query of the old collection, run
 * by the seed only, once per table (a marker item records that it ran).
 */
export async function migrateReports(): Promise<number> {
  const marker = MigrationKeys.key({ name: 'report-lifecycle' });
  if ((await db.get({ Key: marker })).Item) return 0;
  const legacy = await queryAll<ReportItem>({
    index: INDEX.byCollection,
    partition: LEGACY_REPORT_COLLECTION,
  });
  for (const report of legacy) {
    const keys = setAttributes({
      [INDEX.byCollection.partitionKey]: ReportKeys.collectionPk({ status: report.status }),
      ...(report.reportedBy
        ? ReportKeys.owner({
            userId: report.reportedBy,
            reportedAt: report.reportedAt,
            quizId: report.quizId,
          })
        : {}),
    });
    await db
      .update({
        Key: { pk: report.pk, sk: report.sk },
        UpdateExpression: `SET ${keys.expression}`,
        ConditionExpression: `${INDEX.byCollection.partitionKey} = :legacy`,
        ExpressionAttributeValues: { ...keys.values, ':legacy': LEGACY_REPORT_COLLECTION },
      })
      .catch((error: unknown) => {
        // Changed meanwhile (deleted, or already moved): nothing to do.
        if (!isConditionFailed(error)) throw error;
      });
  }
  await db.put({ Item: { ...marker, ranAt: new Date().toISOString() } });
  return legacy.length;
}
