import type { Report } from '../quizzes/report-policy';

/**
 * The moderation screens' rules, as pure functions of the reports read: which reports the list
 * shows, which quizzes are in the queue with which reports, and how much each author was reported.
 */

/** The reports listed (and read) at most: the most recent 1,000. */
export const REPORT_SCAN = 1000;

/** Pending and reviewed reports together, newest first by their collection's sort key, the most recent `REPORT_SCAN`. */
export const newestReports = <R extends { gsi1sk: string }>(pending: readonly R[], reviewed: readonly R[]) =>
  [...pending, ...reviewed].sort((a, b) => b.gsi1sk.localeCompare(a.gsi1sk)).slice(0, REPORT_SCAN);

/** Pending reports grouped by quiz, each group in the order read (newest first). */
export function reportsByQuiz<R extends Pick<Report, 'quizId'>>(reports: readonly R[]): Map<string, R[]> {
  const byQuiz = new Map<string, R[]>();
  for (const report of reports) byQuiz.set(report.quizId, [...(byQuiz.get(report.quizId) ?? []), report]);
  return byQuiz;
}

/** How often each author's quizzes were reported: the quizzes, all reports, the pending ones. */
export function reportsPerAuthor(
  reports: readonly Pick<Report, 'quizId' | 'status'>[],
  authorOf: ReadonlyMap<string, string>,
): Map<string, { quizzes: Set<string>; reports: number; pending: number }> {
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
  return perAuthor;
}
