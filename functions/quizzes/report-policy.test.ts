import { describe, expect, it } from 'vitest';
import { QUIZ_MESSAGES } from '@shared/quizzes';
import { BadRequestError } from '../lib/errors';
import {
  anonymised,
  assertMayReport,
  authorView,
  newReport,
  pendingOf,
  quizOfReport,
  reviewed,
} from './report-policy';

const now = new Date('2026-11-26T03:00:00.000Z');

describe('reports', () => {
  it('are refused on a member’s own quiz', () => {
    expect(() => assertMayReport({ authorId: 'u-1' }, 'u-2')).not.toThrow();
    expect(() => assertMayReport({ authorId: 'u-1' }, 'u-1')).toThrow(
      new BadRequestError(QUIZ_MESSAGES.ownQuizReport),
    );
  });

  it('start pending, reviewed by nobody, with an id that names the quiz and not the reporter', () => {
    const report = newReport('q-1', 'u-2', { reason: 'spam', details: 'x' }, now);
    expect(report).toMatchObject({
      quizId: 'q-1',
      reportedBy: 'u-2',
      status: 'pending',
      reportedAt: now.toISOString(),
      reviewedBy: null,
      reviewedAt: null,
    });
    expect(quizOfReport(report.id)).toBe('q-1');
    expect(report.id).not.toContain('u-2');
    expect(newReport('q-1', 'u-2', { reason: 'spam', details: null }, now).id).not.toBe(report.id);
  });

  it('move from pending to reviewed once, and only pending ones are reviewed by a decision', () => {
    const pending = newReport('q-1', 'u-2', { reason: 'spam', details: null }, now);
    const done = { ...pending, ...reviewed('admin-1', now) };
    expect(done).toMatchObject({ status: 'reviewed', reviewedBy: 'admin-1', reviewedAt: now.toISOString() });
    expect(pendingOf([pending, done])).toEqual([pending]);
  });

  it('lose their reporter and what they wrote once the reporter’s account is deleted, and keep the rest', () => {
    const report = {
      ...newReport('q-1', 'u-2', { reason: 'spam', details: '私の名前は…' }, now),
      ...reviewed('a', now),
    };
    expect(anonymised(report)).toEqual({ ...report, reportedBy: null, details: null });
  });

  it('are shown to the author newest first, without who sent them', () => {
    const older = newReport('q-1', 'u-2', { reason: 'spam', details: null }, now);
    const newer = newReport(
      'q-1',
      'u-3',
      { reason: 'inappropriate', details: 'd' },
      new Date(now.getTime() + 1),
    );
    const view = authorView([older, newer]);
    expect(view.map((entry) => entry.id)).toEqual([newer.id, older.id]);
    expect(view[0]).not.toHaveProperty('reportedBy');
  });
});
