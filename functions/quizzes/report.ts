import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { QUIZ_MESSAGES } from '@shared/quizzes';
import type { ReportReason } from '@shared/constants';
import { dynamo } from '../lib/aws-clients';
import { getConfig } from '../lib/config';
import { BadRequestError, ConflictError } from '../lib/errors';
import type { UserItem } from '../users/user';
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
/** Report ids name their quiz and reporter, so moderation can find the item from the id alone. */
export const reportId = (quizId: string, userId: string) => `${quizId}~${userId}`;

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
    id: reportId(quizId, user.id),
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
  try {
    await dynamo().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: table(),
              Item: report,
              ConditionExpression: 'attribute_not_exists(pk) OR #status <> :pending',
              ExpressionAttributeNames: { '#status': 'status' },
              ExpressionAttributeValues: { ':pending': 'pending' },
            },
          },
          {
            Update: {
              TableName: table(),
              Key: quizKey(quizId),
              UpdateExpression: 'ADD reportCount :one',
              ConditionExpression: 'attribute_exists(pk)',
              ExpressionAttributeValues: { ':one': 1 },
            },
          },
        ],
      }),
    );
  } catch (error) {
    if (
      error instanceof TransactionCanceledException &&
      error.CancellationReasons?.[0]?.Code === 'ConditionalCheckFailed'
    ) {
      throw new ConflictError(QUIZ_MESSAGES.alreadyReported);
    }
    throw error;
  }
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
