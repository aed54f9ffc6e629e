import { randomUUID } from 'node:crypto';
import { QUIZ_MESSAGES } from '@shared/quizzes';
import type { ReportReason } from '@shared/constants';
import { BadRequestError } from '../lib/errors';

/**
 * The rules of reports, as pure functions of a report, its quiz and who asks: who may report, what
 * a new report holds, its status (`pending` until an administrator's hide, restore or dismissal
 * reviews it, then `reviewed`: it never goes back), what is left of it once its reporter is gone,
 * and what the author is shown. report-store.ts keeps them, report.ts puts the two together.
 */
export type ReportStatus = 'pending' | 'reviewed';

/** A report as the rules read it: everything but its keys in the table. */
export interface Report {
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
}

/**
 * Report ids name their quiz (so moderation finds the report in that quiz's partition) and are
 * otherwise random: the author who reads the reports must not learn who sent them.
 */
const newReportId = (quizId: string) => `${quizId}~${randomUUID()}`;

/** The quiz a report id names. */
export const quizOfReport = (reportId: string) => reportId.split('~')[0]!;

/** Refuses a member reporting their own quiz. */
export function assertMayReport(quiz: { authorId: string }, reporterId: string): void {
  if (quiz.authorId === reporterId) throw new BadRequestError(QUIZ_MESSAGES.ownQuizReport);
}

/** A new report: pending, reviewed by nobody yet. */
export function newReport(
  quizId: string,
  reporterId: string,
  input: { reason: ReportReason; details: string | null },
  now: Date,
): Report {
  return {
    id: newReportId(quizId),
    quizId,
    reportedBy: reporterId,
    reason: input.reason,
    details: input.details,
    status: 'pending',
    reportedAt: now.toISOString(),
    reviewedBy: null,
    reviewedAt: null,
  };
}

/** The reports an administrator's decision on their quiz reviews: the pending ones. */
export const pendingOf = <R extends Pick<Report, 'status'>>(reports: readonly R[]) =>
  reports.filter((report) => report.status === 'pending');

/** A report reviewed by `adminId` at `now`. */
export const reviewed = (adminId: string, now: Date) =>
  ({ status: 'reviewed', reviewedBy: adminId, reviewedAt: now.toISOString() }) as const;

/**
 * What is left of a report when its reporter's account is deleted: moderation keeps the reason,
 * the time, the status and the review, and loses who sent it and what they wrote.
 */
export const anonymised = <R extends Report>(report: R): R => ({
  ...report,
  reportedBy: null,
  details: null,
});

/** The reports on one of the author's own quizzes as the author sees them: newest first, without the reporter. */
export const authorView = (reports: readonly Report[]) =>
  [...reports]
    .sort((a, b) => b.reportedAt.localeCompare(a.reportedAt))
    .map((report) => ({
      id: report.id,
      reason: report.reason,
      details: report.details,
      reportedAt: report.reportedAt,
      status: report.status,
    }));
