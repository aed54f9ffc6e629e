import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { QuizSummary } from '@shared/quiz-schemas';
import { fakeFetch, json, renderWithProviders } from '@web/testing/render';
import { QuizReportsDialog } from './quiz-reports-dialog';

afterEach(() => vi.unstubAllGlobals());

describe('QuizReportsDialog', () => {
  it('lists the reports and says which an administrator has dealt with', async () => {
    vi.stubGlobal(
      'fetch',
      fakeFetch({
        '/api/quizzes/q1/reports': () =>
          json([
            {
              id: 'r2',
              reason: 'spam',
              details: '同じ問題ばかり',
              reportedAt: '2026-11-28T03:00:00.000Z',
              status: 'pending',
            },
            {
              id: 'r1',
              reason: 'inappropriate',
              details: null,
              reportedAt: '2026-11-20T03:00:00.000Z',
              status: 'reviewed',
            },
          ]),
      }).fetchImpl,
    );
    renderWithProviders(
      <QuizReportsDialog quiz={{ id: 'q1', title: '日本の川' } as QuizSummary} onClose={() => {}} />,
    );
    const items = await screen.findAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]!.textContent).not.toContain('対応済み');
    expect(items[0]!.textContent).toContain('同じ問題ばかり');
    expect(items[1]!.textContent).toContain('（対応済み）');
    expect(items[1]!.textContent).toContain('詳細なし');
  });
});
