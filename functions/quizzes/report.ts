import { randomUUID } from 'node:crypto';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { transactWrite } from '../data/transact';
import { QUIZ_MESSAGES } from '@shared/quizzes';
import type { ReportReason } from '@shared/constants';
import { dynamo } from '../lib/aws-clients';
import { getConfig } from '../lib/config';
import { BadRequestError, ConflictError, NotFoundError } from '../lib/errors';
import { accountGuard, type UserItem } from '../users/user';
import { ownQuiz, quizKey, viewableQuizDetail } from './quiz';

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

const table = () => getConfig().tableName;
/**
 * Report ids name their quiz (so moderation finds the report in that quiz's partition) and are
 * otherwise random: the author who reads the reports must not learn who sent them.
 */
export const newReportId = (quizId: string) => `${quizId}~${randomUUID()}`;

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
    pk: `QUIZ#${quizId}`,
    sk: `REPORT#${user.id}`,
    id: newReportId(quizId),
    quizId,
    reportedBy: user.id,
    reason: input.reason,
    details: input.details,
    status: 'pending',
    reportedAt,
    reviewedBy: null,
    reviewedAt: null,
    gsi1pk: 'REPORT#ALL',
    gsi1sk: `${reportedAt}#${quizId}#${user.id}`,
  };
  await transactWrite([
    accountGuard(user.id),
    {
      Put: {
        TableName: table(),
        Item: report,
        ConditionExpression: 'attribute_not_exists(pk) OR #status <> :pending',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':pending': 'pending' },
      },
      onConditionFailed: () => new ConflictError(QUIZ_MESSAGES.alreadyReported),
    },
    {
      Update: {
        TableName: table(),
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

/** The reports on one of the author's own quizzes, newest first. */
export async function listReportsForAuthor(user: UserItem, quizId: string) {
  await ownQuiz(quizId, user);
  const result = await dynamo().send(
    new QueryCommand({
      TableName: table(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :kind)',
      ExpressionAttributeValues: { ':pk': `QUIZ#${quizId}`, ':kind': 'REPORT#' },
    }),
  );
  return ((result.Items ?? []) as ReportItem[])
    .sort((a, b) => b.reportedAt.localeCompare(a.reportedAt))
    .map((report) => ({
      id: report.id,
      reason: report.reason,
      details: report.details,
      reportedAt: report.reportedAt,
      status: report.status,
    }));
}
