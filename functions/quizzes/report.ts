import type { ReportReason } from '@shared/constants';
import { QUIZ_MESSAGES } from '@shared/quizzes';
import { TooManyRequestsError } from '../lib/errors';
import { withinRateLimit } from '../lib/rate-limit';
import { QUIZ_WRITE_LIMITS } from './quiz-policy';
import type { UserItem } from '../users/user-store';
import { ownQuiz, viewableQuizDetail } from './quiz';
import { assertMayReport, authorView, newReport, pendingOf, quizOfReport } from './report-policy';
import {
  deleteReportItem,
  markReviewed,
  putReport,
  REVIEWS_PER_TRANSACTION,
  reportsOf,
  untilSettled,
  type ReportItem,
} from './report-store';

/**
 * Reports: one per reporter and quiz. A report is `pending` until an administrator reviews it (by
 * hiding, restoring or dismissing: moderation.ts), then `reviewed` with who and when. The rules
 * are in report-policy.ts; the items, the quiz's count of pending reports and the conditions that
 * keep it exact are in report-store.ts.
 */

export async function reportQuiz(
  user: UserItem,
  quizId: string,
  input: { reason: ReportReason; details: string | null },
  now = new Date(),
): Promise<ReportItem> {
  const { quiz } = await viewableQuizDetail(quizId, user);
  assertMayReport(quiz, user.id);
  if (!(await withinRateLimit(`quiz-report#${user.id}`, QUIZ_WRITE_LIMITS.reportsPerHour, 3600)))
    throw new TooManyRequestsError(QUIZ_MESSAGES.reportsTooFast);
  return putReport({ ...newReport(quizId, user.id, input, now), reportedBy: user.id });
}

/**
 * Marks a quiz's pending reports reviewed by an administrator. Each report changes once, from
 * pending, in a transaction with the quiz's count: of two administrators acting at once, each
 * report records whoever reached it first, and `reportCount` always equals the pending reports
 * that remain. Answers how many this call reviewed.
 */
export async function reviewPendingReports(quizId: string, adminId: string, now = new Date()) {
  let reviewed = 0;
  await untilSettled(async () => {
    const pending = pendingOf(await reportsOf(quizId));
    for (let first = 0; first < pending.length; first += REVIEWS_PER_TRANSACTION) {
      const batch = pending.slice(first, first + REVIEWS_PER_TRANSACTION);
      await markReviewed(quizId, batch, adminId, now);
      reviewed += batch.length;
    }
  });
  return reviewed;
}

/**
 * Deletes a report; a pending one leaves the quiz's count in the same transaction. Of parallel
 * deletions one deletes it, the others find nothing. Answers the report deleted, if any.
 */
export async function deleteReportById(reportId: string): Promise<ReportItem | undefined> {
  return untilSettled(async () => {
    const report = (await reportsOf(quizOfReport(reportId))).find((found) => found.id === reportId);
    if (!report) return undefined;
    await deleteReportItem(report);
    return report;
  });
}

/** The reports on one of the author's own quizzes, newest first. */
export async function listReportsForAuthor(user: UserItem, quizId: string) {
  await ownQuiz(quizId, user);
  return authorView(await reportsOf(quizId));
}
