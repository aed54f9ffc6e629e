import { randomUUID } from 'node:crypto';
import { MESSAGES } from '@shared/messages';
import { QUIZ_MESSAGES } from '@shared/quizzes';
import { ConditionsFailed, isConditionFailed } from '../data/errors';
import { db } from '../data/db';
import { setAttributes, type ItemKey } from '../data/keys';
import { queryAll } from '../data/paginate';
import { INDEX } from '../data/table';
import { backoffMs, pause, RETRY } from '../data/retry';
import { transactWrite, type NamedItem } from '../data/transact';
import { ConflictError, NotFoundError } from '../lib/errors';
import { accountGuard } from '../users/user-store';
import { QuizKeys, quizKey } from './quiz-keys';
import { anonymised, reviewed, type Report, type ReportStatus } from './report-policy';
import { LEGACY_REPORT_COLLECTION, ReportKeys } from './report-keys';
import { migrationRan, recordMigration } from '../users/migration-store';

/**
 * Reports in the table: in the quiz's partition, one per reporter (`REPORT#<userId>`), so a person
 * has at most one pending report per quiz. The quiz's `reportCount` is the number of its pending
 * reports, changed in the same transaction as every report, review and deletion, so it stays
 * exact whatever runs at once. Each status is a collection of `byCollection` (newest first):
 * `REPORT#pending` is the moderation queue.
 */
export interface ReportItem extends Report {
  pk: string;
  sk: string;
  gsi1pk: string;
  gsi1sk: string;
  gsi2pk?: string;
  gsi2sk?: string;
}

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

/**
 * Stores a new pending report with the quiz's count: it replaces a reviewed report of the same
 * person (pending again), never a pending one (409), and never lands on a quiz being deleted (404).
 */
export async function putReport(report: Report & { reportedBy: string }): Promise<ReportItem> {
  const { quizId, reportedBy: reporterId, reportedAt } = report;
  const item: ReportItem = {
    ...ReportKeys.key({ quizId, reporterId }),
    ...report,
    ...ReportKeys.collection({ status: report.status, reportedAt, quizId, reporterId }),
    ...ReportKeys.owner({ userId: reporterId, reportedAt, quizId }),
  };
  await transactWrite([
    accountGuard(reporterId),
    {
      // A reviewed report of the same person is replaced: the new one is pending again.
      Put: {
        Item: item,
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
  return item;
}

/** Every report on a quiz (its partition's `REPORT#` items), read strongly consistent. */
export const reportsOf = (quizId: string) =>
  queryAll<ReportItem>({
    partition: QuizKeys.pk({ quizId }),
    beginsWith: ReportKeys.skPrefix(),
    ConsistentRead: true,
  });

/** The reports in one status, newest first (the most recent `max`). */
export const reportsIn = (status: ReportStatus, max: number) =>
  queryAll<ReportItem>(
    { index: INDEX.byCollection, partition: ReportKeys.collectionPk({ status }), newestFirst: true },
    { maxItems: max },
  );

/**
 * Runs `step` on what it reads until no condition of its transaction fails: a failure means
 * another action changed a report meanwhile, and the next read sees that. Under the one retry
 * policy (retry.ts), then 409.
 */
export async function untilSettled<T>(step: () => Promise<T>): Promise<T> {
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
export const REVIEWS_PER_TRANSACTION = 99;

/**
 * Marks pending reports of a quiz reviewed (at most `REVIEWS_PER_TRANSACTION`), each on the
 * condition that it is still pending, in one transaction with the quiz's count. A report changed
 * meanwhile fails it (`ConditionsFailed`), so the caller reads again.
 */
export async function markReviewed(
  quizId: string,
  batch: readonly ReportItem[],
  adminId: string,
  now: Date,
): Promise<void> {
  const collection = setAttributes({
    [INDEX.byCollection.partitionKey]: ReportKeys.collectionPk({ status: 'reviewed' }),
  });
  const review = reviewed(adminId, now);
  await transactWrite([
    ...batch.map((report): NamedItem => ({
      Update: {
        Key: { pk: report.pk, sk: report.sk },
        UpdateExpression: `SET #status = :reviewed, reviewedBy = :admin, reviewedAt = :now, ${collection.expression}`,
        ConditionExpression: 'id = :id AND #status = :pending',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ...collection.values,
          ':reviewed': review.status,
          ':pending': 'pending',
          ':admin': review.reviewedBy,
          ':now': review.reviewedAt,
          ':id': report.id,
        },
      },
    })),
    pendingCount(quizId, -batch.length),
  ]);
}

/** Deletes a report as it was read; a pending one leaves the quiz's count in the same transaction. */
export async function deleteReportItem(report: ReportItem): Promise<void> {
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
}

/**
 * Anonymises a report when its reporter's account is deleted (report-policy.ts `anonymised`). The
 * keys named the reporter, so it moves to a random one; its id stays, and so does the quiz's count
 * (a pending report stays pending). Safe against a review or deletion at the same moment (re-read,
 * then done once).
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
            ...anonymised(kept),
            ...ReportKeys.key({ quizId: report.quizId, reporterId: former }),
            ...ReportKeys.collection({
              status: report.status,
              reportedAt: report.reportedAt,
              quizId: report.quizId,
              reporterId: former,
            }),
          },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
    ]);
  });
}

/**
 * Migration for tables made before reports had a status lifecycle and an owner (issue 26, docs/decisions.md): every
 * report was in one collection (`REPORT#ALL`) and pending; each moves to its status's collection
 * and is owned by its reporter (so account deletion finds it). A Query of the old collection, run
 * by the seed only, once per table (a marker item records that it ran).
 */
export async function migrateReports(): Promise<number> {
  if (await migrationRan('report-lifecycle')) return 0;
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
  await recordMigration('report-lifecycle');
  return legacy.length;
}
