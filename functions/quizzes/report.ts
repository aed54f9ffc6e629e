import { randomUUID } from 'node:crypto';
import { QUIZ_MESSAGES } from '@shared/quizzes';
import type { ReportReason } from '@shared/constants';
import { queryAll } from '../data/paginate';
import { transactWrite } from '../data/transact';
import { BadRequestError, ConflictError, NotFoundError } from '../lib/errors';
import { accountGuard, type UserItem } from '../users/user';
import { ownQuiz, viewableQuizDetail } from './quiz';
import { QuizKeys, quizKey } from './quiz-keys';
import { ReportKeys } from './report-keys';

/**
 * Reports live in the quiz's partition, one per reporter (`REPORT#<userId>`), so a person has at
 * most one pending report per quiz; the quiz's `reportCount` is raised in the same transaction.
 * All reports are also in `byCollection` under `REPORT#ALL` (newest first) for moderation.
 */
export interface ReportItem {
  pk: string;
  sk: string;
  id: string;
  quizId: string;
  reportedBy: string;
  reason: ReportReason;
  details: string | null;
  status: 'pending' | 'reviewed';
  reportedAt: string;
  reviewedBy: string | null;
  reviewedAt: string | null;
  gsi1pk: string;
  gsi1sk: string;
}

/**
 * Report ids name their quiz (so moderation finds the report in that quiz's partition) and are
 * otherwise random: the author who reads the reports must not learn who sent them.
 */
const newReportId = (quizId: string) => `${quizId}~${randomUUID()}`;

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
    ...ReportKeys.collection({ reportedAt, quizId, reporterId: user.id }),
  };
  await transactWrite([
    accountGuard(user.id),
    {
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

/** Every report on a quiz (its partition's `REPORT#` items). */
export const reportsOf = (quizId: string) =>
  queryAll<ReportItem>({ partition: QuizKeys.pk({ quizId }), beginsWith: ReportKeys.skPrefix() });

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
