import { ADMIN_MESSAGES, type EditHistoryEntry } from '@shared/admin';
import { QUIZ_MESSAGES } from '@shared/quizzes';
import { queryAll } from '../data/paginate';
import { NotFoundError } from '../lib/errors';
import { getQuiz, getQuizzes } from '../quizzes/quiz-store';
import { EditKeys, QuizKeys } from '../quizzes/quiz-keys';
import { deleteReportById, reviewPendingReports } from '../quizzes/report';
import { reportsIn } from '../quizzes/report-store';
import { getUser, type UserItem } from '../users/user-store';
import { audit } from './audit-store';
import { newestReports, REPORT_SCAN, reportsByQuiz, reportsPerAuthor } from './moderation-policy';
import { hiddenQuizIds, markHidden, markRestored } from './moderation-store';
import { isActive } from './penalty-policy';
import { listPenalties, unliftedPenalties } from './penalty-store';
import { withinReply } from '../lib/payload';
import { withTags } from '../tags/tag';

/**
 * Moderation of quizzes and reports by administrators. Every action is audited. A decision on a
 * quiz (hide, restore, dismiss) reviews its pending reports (report.ts `reviewPendingReports`). What
 * the screens list is moderation-policy.ts's; the quiz's writes are moderation-store.ts's.
 */

/**
 * Hides a quiz: it leaves every public list at once; its author and admins still see it. Its
 * pending reports are reviewed.
 */
export async function hideQuiz(admin: UserItem, quizId: string, reason?: string, now = new Date()) {
  await markHidden(quizId, admin.id, now);
  await reviewPendingReports(quizId, admin.id, now);
  await audit(admin.id, 'hide-quiz', { quizId, reason: reason || null }, now);
}

/** Restores a hidden quiz: public again if its author published it. Its pending reports are reviewed. */
export async function restoreQuiz(admin: UserItem, quizId: string, now = new Date()) {
  await markRestored(quizId, admin.id, now);
  await reviewPendingReports(quizId, admin.id, now);
  await audit(admin.id, 'restore-quiz', { quizId }, now);
}

/**
 * Dismisses a quiz's reports: the administrator looked at them and the quiz stays as it is. Its
 * pending reports are reviewed and it leaves the flagged list (until someone reports it again).
 * Answers how many reports this call reviewed (none when another administrator got there first).
 */
export async function dismissReports(admin: UserItem, quizId: string, reason?: string, now = new Date()) {
  const quiz = (await getQuizzes([quizId]))[0];
  if (!quiz || quiz.status !== 'active') throw new NotFoundError(QUIZ_MESSAGES.notFound);
  const reviewed = await reviewPendingReports(quizId, admin.id, now);
  await audit(admin.id, 'dismiss-reports', { quizId, reviewed, reason: reason || null }, now);
  return reviewed;
}

/** All reports, pending and reviewed, newest first (the most recent 1,000). */
async function listAllReports() {
  const [pending, reviewed] = await Promise.all([
    reportsIn('pending', REPORT_SCAN),
    reportsIn('reviewed', REPORT_SCAN),
  ]);
  return newestReports(pending, reviewed);
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
      ...(penalty.expiresAt === null ? {} : { expiresAt: penalty.expiresAt }),
      issuedAt: penalty.issuedAt,
      active: isActive(penalty),
    })),
  };
};

/**
 * Reports with their reporter and quiz, as the admin screen lists them (newest first, as many as fit
 * in a function's reply). A report whose reporter deleted their account has no reporter: nothing
 * about them is shown.
 */
export async function reportsWithContext() {
  return withinReply(await reportsInContext());
}

async function reportsInContext() {
  const reports = await listAllReports();
  const quizzes = new Map(
    (await getQuizzes(reports.map((report) => report.quizId))).map((quiz) => [quiz.id, quiz]),
  );
  const reporterIds = reports.flatMap((report) => (report.reportedBy ? [report.reportedBy] : []));
  const reporters = new Map(
    await Promise.all([...new Set(reporterIds)].map(async (id) => [id, await userSummary(id)] as const)),
  );
  const reportCounts = new Map<string, number>();
  for (const id of reporterIds) reportCounts.set(id, (reportCounts.get(id) ?? 0) + 1);
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
      reportedByUser: report.reportedBy
        ? { ...reporters.get(report.reportedBy)!, reports: reportCounts.get(report.reportedBy) ?? 0 }
        : null,
      reviewedBy: report.reviewedBy,
      reviewedAt: report.reviewedAt,
      quiz: {
        title: quiz?.title ?? ADMIN_MESSAGES.deletedQuiz,
        authorName: quiz?.authorName ?? '',
        isHidden: quiz?.isHidden ?? false,
      },
    };
  });
}

/**
 * Quizzes with pending reports, newest report first, each with its 3 most recent pending reports
 * (the moderation queue: reviewed reports are not in it).
 */
export async function flaggedQuizzes() {
  const byQuiz = reportsByQuiz(await reportsIn('pending', REPORT_SCAN));
  const quizzes = await getQuizzes([...byQuiz.keys()]);
  const flagged = (
    await withTags(
      quizzes.filter((quiz) => quiz.status === 'active'),
      (quiz, tags) => ({ quiz, tags }),
    )
  )
    .map(({ quiz, tags }) => ({
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
      tags,
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
  return withinReply(flagged);
}

/** Hidden quizzes listed at most (the newest hidden first). */
export const HIDDEN_QUIZZES_READ = 500;

/**
 * Every hidden quiz, newest hidden first (up to `HIDDEN_QUIZZES_READ`): the admin screen's list to
 * restore from, which does not depend on the quiz's reports (deleted reports took a hidden quiz
 * out of every list before).
 */
export async function hiddenQuizzes() {
  const quizzes = await getQuizzes(await hiddenQuizIds(HIDDEN_QUIZZES_READ));
  return quizzes
    .filter((quiz) => quiz.status === 'active' && quiz.isHidden)
    .map((quiz) => ({
      id: quiz.id,
      title: quiz.title,
      authorId: quiz.authorId,
      authorName: quiz.authorName,
      hiddenAt: quiz.hiddenAt ?? quiz.updatedAt,
      reportCount: quiz.reportCount,
    }));
}

/** Unlifted penalties read for the stopped members' part of the list (the newest). */
const STOPPED_READ = 300;

/** Authors whose quizzes were reported, and members stopped now: counts and current penalties. */
export async function reportedUsers() {
  const [reports, penalties] = await Promise.all([listAllReports(), unliftedPenalties(STOPPED_READ)]);
  const quizzes = await getQuizzes(reports.map((report) => report.quizId));
  const authorOf = new Map(quizzes.map((quiz) => [quiz.id, quiz.authorId]));
  const perAuthor = reportsPerAuthor(reports, authorOf);
  // Members stopped now are listed too (with their unban button), reported or not any more.
  const now = new Date();
  for (const penalty of penalties)
    if (isActive(penalty, now) && !perAuthor.has(penalty.userId))
      perAuthor.set(penalty.userId, { quizzes: new Set(), reports: 0, pending: 0 });
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

/**
 * Deletes a report, pending or reviewed (a pending one leaves the quiz's count in the same
 * transaction). Of parallel deletions of one report, one removes it; the others find nothing.
 */
export async function deleteReport(admin: UserItem, reportId: string, reason?: string, now = new Date()) {
  const report = await deleteReportById(reportId);
  if (!report) throw new NotFoundError(ADMIN_MESSAGES.reportNotFound);
  await audit(admin.id, 'delete-report', { reportId, quizId: report.quizId, reason: reason || null }, now);
}

/** How many of a quiz's latest edits the history reads (of which it answers those that fit a reply: `withinReply`). */
export const EDIT_HISTORY_READ = 20;

/**
 * The edits an author made while the quiz was hidden, among its latest `EDIT_HISTORY_READ`, newest
 * first, with the editor's name.
 */
export async function hiddenEditHistory(quizId: string) {
  const [quiz, edits] = await Promise.all([
    getQuiz(quizId),
    queryAll(
      { partition: QuizKeys.pk({ quizId }), beginsWith: EditKeys.skPrefix(), newestFirst: true },
      { maxItems: EDIT_HISTORY_READ },
    ),
  ]);
  // As the quiz's own read: an unknown (or deleted) quiz has no history to show.
  if (!quiz || quiz.status !== 'active') throw new NotFoundError(QUIZ_MESSAGES.notFound);
  const history = edits
    .filter((edit) => edit.whileHidden)
    .map((edit) => ({
      id: edit.id as string,
      editorNickname: edit.editorNickname as string,
      editorUsername: edit.editorUsername as string,
      editedAt: edit.editedAt as string,
      reason: edit.reason as string,
      changes: edit.changes as EditHistoryEntry['changes'],
    }));
  // The newest that fit in a function's reply: 20 edits of quotes-only text would not.
  return withinReply(history);
}
