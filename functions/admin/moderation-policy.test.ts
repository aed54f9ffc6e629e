import { describe, expect, it } from 'vitest';
import { newestReports, REPORT_SCAN, reportsByQuiz, reportsPerAuthor } from './moderation-policy';

describe('what the moderation screens list', () => {
  it('lists pending and reviewed reports together, newest first, at most the 1,000 most recent', () => {
    const pending = [{ gsi1sk: '2026-11-26T03:00' }, { gsi1sk: '2026-11-24T00:00' }];
    const reviewed = [{ gsi1sk: '2026-11-25T00:00' }];
    expect(newestReports(pending, reviewed).map((report) => report.gsi1sk)).toEqual([
      '2026-11-26T03:00',
      '2026-11-25T00:00',
      '2026-11-24T00:00',
    ]);
    const many = Array.from({ length: REPORT_SCAN }, (_, at) => ({ gsi1sk: String(at).padStart(5, '0') }));
    const listed = newestReports(many, [{ gsi1sk: '99999' }]);
    expect(listed).toHaveLength(REPORT_SCAN);
    expect(listed[0]!.gsi1sk).toBe('99999');
  });

  it('queues each quiz once with its pending reports in the order read', () => {
    const byQuiz = reportsByQuiz([
      { quizId: 'q-1', id: 'a' },
      { quizId: 'q-2', id: 'b' },
      { quizId: 'q-1', id: 'c' },
    ]);
    expect([...byQuiz.keys()]).toEqual(['q-1', 'q-2']);
    expect(byQuiz.get('q-1')!.map((report) => report.id)).toEqual(['a', 'c']);
  });

  it('counts per author the quizzes reported, all reports and the pending ones, leaving out deleted quizzes', () => {
    const authorOf = new Map([
      ['q-1', 'author-1'],
      ['q-2', 'author-1'],
      ['q-3', 'author-2'],
    ]);
    const perAuthor = reportsPerAuthor(
      [
        { quizId: 'q-1', status: 'pending' },
        { quizId: 'q-1', status: 'reviewed' },
        { quizId: 'q-2', status: 'pending' },
        { quizId: 'q-3', status: 'reviewed' },
        { quizId: 'gone', status: 'pending' },
      ],
      authorOf,
    );
    expect(perAuthor.get('author-1')).toEqual({ quizzes: new Set(['q-1', 'q-2']), reports: 3, pending: 2 });
    expect(perAuthor.get('author-2')).toEqual({ quizzes: new Set(['q-3']), reports: 1, pending: 0 });
    expect(perAuthor.size).toBe(2);
  });
});
