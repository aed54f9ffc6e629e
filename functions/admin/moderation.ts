import { ADMIN_MESSAGES, type EditHistoryEntry } from '@shared/admin';
import { QUIZ_MESSAGES } from '@shared/quizzes';
import { db } from '../data/db';
import { indexAttributes, setAttributes } from '../data/keys';
import { queryAll } from '../data/paginate';
import { INDEX } from '../data/table';
import { transactWrite } from '../data/transact';
import { NotFoundError } from '../lib/errors';
import { getQuizzes, publicListing, type QuizItem } from '../quizzes/quiz';
import { EditKeys, QuizKeys, quizKey } from '../quizzes/quiz-keys';
import { reportsOf, type ReportItem } from '../quizzes/report';
import { ReportKeys } from '../quizzes/report-keys';
import { getUser, type UserItem } from '../users/user';
import { audit } from './audit';
import { isActive, listPenalties } from './penalty';

/** Moderation of quizzes and reports by administrators. Every action is audited. */
const REPORT_SCAN = 1000;

/** Hides a quiz: it leaves every public list at once; its author and admins still see it. */
export async function hideQuiz(admin: UserItem, quizId: string, reason?: string, now = new Date()) {
  await db
    .update({
      Key: quizKey(quizId),
      UpdateExpression: `SET isHidden = :yes, hiddenBy = :admin, hiddenAt = :now, reviewedBy = :admin, reviewedAt = :now REMOVE ${indexAttributes(INDEX.byCollection)}`,
      ConditionExpression: 'attribute_exists(pk) AND #status = :active',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':yes': true,
        ':admin': admin.id,
        ':now': now.toISOString(),
        ':active': 'active',
      },
    })
    .catch(notFound);
  await audit(admin.id, 'hide-quiz', { quizId, reason: reason || null }, now);
}

/** Restores a hidden quiz: public again if its author published it. */
export async function restoreQuiz(admin: UserItem, quizId: string, now = new Date()) {
  const updated = await db
    .update({
      Key: quizKey(quizId),
      UpdateExpression:
        'SET isHidden = :no, restoredBy = :admin, restoredAt = :now, reviewedBy = :admin, reviewedAt = :now',
      ConditionExpression: 'attribute_exists(pk) AND #status = :active',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':no': false,
        ':admin': admin.id,
        ':now': now.toISOString(),
        ':active': 'active',
      },
      ReturnValues: 'ALL_NEW',
    })
    .catch(notFound);
  const quiz = updated.Attributes as QuizItem;
  if (quiz.isPublished) {
    const listing = setAttributes(publicListing(quiz));
    await db.update({
      Key: quizKey(quizId),
      UpdateExpression: `SET ${listing.expression}`,
      ConditionExpression: 'isHidden = :no AND isPublished = :yes',
      ExpressionAttributeValues: { ...listing.values, ':no': false, ':yes': true },
    });
  }
  await audit(admin.id, 'restore-quiz', { quizId }, now);
}

function notFound(error: unknown): never {
  if ((error as { name?: string }).name === 'ConditionalCheckFailedException')
    throw new NotFoundError(QUIZ_MESSAGES.notFound);
  throw error;
}

/** All reports, newest first (the most recent 1,000). */
function listAllReports(): Promise<ReportItem[]> {
  return queryAll<ReportItem>(
    { index: INDEX.byCollection, partition: ReportKeys.collectionPk(), newestFirst: true },
    { maxItems: REPORT_SCAN },
  );
}

const userSummary = async (userId: string) => {
  const user = await getUser(userId);
  const penalties = user ? await listPenalties(userId) : [];
  return {
    id: userId,
    username: user?.username ?? ADMIN_MESSAGES.formerMember,
    nickname: user?.nickname ?? '',
    penalties: penalties.map((penalty) => ({
      penaltyType: penalty.penaltyType,
      expiresAt: penalty.expiresAt,
      issuedAt: penalty.issuedAt,
      active: isActive(penalty),
    })),
  };
};

/** Reports with their reporter and quiz, as the admin screen lists them. */
export async function reportsWithContext() {
  const reports = await listAllReports();
  const quizzes = new Map(
    (await getQuizzes(reports.map((report) => report.quizId))).map((quiz) => [quiz.id, quiz]),
  );
  const reporters = new Map(
    await Promise.all(
      [...new Set(reports.map((report) => report.reportedBy))].map(
        async (id) => [id, await userSummary(id)] as const,
      ),
    ),
  );
  const reportCounts = new Map<string, number>();
  for (const report of reports)
    reportCounts.set(report.reportedBy, (reportCounts.get(report.reportedBy) ?? 0) + 1);
  return reports.map((report) => {
    const quiz = quizzes.get(report.quizId);
    return {
      id: report.id,
      quizId: report.quizId,
      reason: report.reason,
      details: report.details,
      status: report.status,
      reportedAt: report.reportedAt,
      reportedBy: report.reportedBy,
      reportedByUser: {
        ...reporters.get(report.reportedBy)!,
        reports: reportCounts.get(report.reportedBy) ?? 0,
      },
      quiz: {
        title: quiz?.title ?? ADMIN_MESSAGES.deletedQuiz,
        authorName: quiz?.authorName ?? '',
        isHidden: quiz?.isHidden ?? false,
      },
    };
  });
}

/** Quizzes with pending reports, newest report first, each with its 3 most recent reports. */
export async function flaggedQuizzes() {
  const pending = (await listAllReports()).filter((report) => report.status === 'pending');
  const byQuiz = new Map<string, ReportItem[]>();
  for (const report of pending) byQuiz.set(report.quizId, [...(byQuiz.get(report.quizId) ?? []), report]);
  const quizzes = await getQuizzes([...byQuiz.keys()]);
  return quizzes
    .filter((quiz) => quiz.status === 'active')
    .map((quiz) => ({
      id: quiz.id,
      title: quiz.title,
      description: quiz.description,
      category: quiz.category,
      difficulty: quiz.difficulty,
      authorId: quiz.authorId,
      authorName: quiz.authorName,
      isHidden: quiz.isHidden,
      reportCount: quiz.reportCount,
      createdAt: quiz.createdAt,
      reports: byQuiz
        .get(quiz.id)!
        .slice(0, 3)
        .map((report) => ({
          id: report.id,
          reason: report.reason,
          details: report.details,
          reportedAt: report.reportedAt,
          reportedBy: report.reportedBy,
        })),
    }))
    .sort((a, b) => b.reports[0]!.reportedAt.localeCompare(a.reports[0]!.reportedAt));
}

/** Authors whose quizzes were reported: counts and current penalties. */
export async function reportedUsers() {
  const reports = await listAllReports();
  const quizzes = await getQuizzes(reports.map((report) => report.quizId));
  const authorOf = new Map(quizzes.map((quiz) => [quiz.id, quiz.authorId]));
  const perAuthor = new Map<string, { quizzes: Set<string>; reports: number; pending: number }>();
  for (const report of reports) {
    const author = authorOf.get(report.quizId);
    if (!author) continue;
    const entry = perAuthor.get(author) ?? { quizzes: new Set<string>(), reports: 0, pending: 0 };
    entry.quizzes.add(report.quizId);
    entry.reports += 1;
    if (report.status === 'pending') entry.pending += 1;
    perAuthor.set(author, entry);
  }
  const users = await Promise.all(
    [...perAuthor].map(async ([userId, counts]) => {
      const summary = await userSummary(userId);
      const user = await getUser(userId);
      return {
        ...summary,
        role: user?.role ?? 'user',
        reportedQuizCount: counts.quizzes.size,
        reportCount: counts.reports,
        pendingReportCount: counts.pending,
        suspendedUntil: user?.suspendedUntil ?? null,
      };
    }),
  );
  return users.sort((a, b) => b.reportCount - a.reportCount);
}

/** Deletes a report; the quiz's report count goes down in the same transaction. */
export async function deleteReport(admin: UserItem, reportId: string, reason?: string, now = new Date()) {
  const quizId = reportId.split('~')[0]!;
  const report = (await reportsOf(quizId)).find((candidate) => candidate.id === reportId);
  if (!report) throw new NotFoundError(ADMIN_MESSAGES.reportNotFound);
  // Of parallel deletions of one report, one removes it and lowers the count; the others find nothing.
  const gone = () => new NotFoundError(ADMIN_MESSAGES.reportNotFound);
  await transactWrite([
    {
      Delete: {
        Key: { pk: report.pk, sk: report.sk },
        ConditionExpression: 'id = :id',
        ExpressionAttributeValues: { ':id': reportId },
      },
      onConditionFailed: gone,
    },
    {
      Update: {
        Key: quizKey(quizId),
        UpdateExpression: 'SET reportCount = if_not_exists(reportCount, :one) - :one',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':one': 1 },
      },
      onConditionFailed: gone,
    },
  ]);
  await audit(admin.id, 'delete-report', { reportId, quizId, reason: reason || null }, now);
}

/** The edits an author made while the quiz was hidden, newest first, with the editor's name. */
export async function hiddenEditHistory(quizId: string) {
  const edits = await queryAll({
    partition: QuizKeys.pk({ quizId }),
    beginsWith: EditKeys.skPrefix(),
    newestFirst: true,
  });
  return edits
    .filter((edit) => edit.whileHidden)
    .map((edit) => ({
      id: edit.id as string,
      editorNickname: edit.editorNickname as string,
      editorUsername: edit.editorUsername as string,
      editedAt: edit.editedAt as string,
      reason: edit.reason as string,
      changes: edit.changes as EditHistoryEntry['changes'],
    }));
}
