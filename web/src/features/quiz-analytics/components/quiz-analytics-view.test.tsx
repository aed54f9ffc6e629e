import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { QuestionAnalytics, QuizAnalytics } from '@shared/quiz-analytics';
import { renderWithProviders } from '@web/testing/render';
import { QuizAnalyticsView } from './quiz-analytics-view';

const question = (overrides: Partial<QuestionAnalytics>): QuestionAnalytics => ({
  questionId: 'q',
  answered: 0,
  correctRate: null,
  optionCounts: { A: 0, B: 0, C: 0, D: 0 },
  averageTimeSpent: null,
  order: 1,
  questionText: '問題',
  options: { A: '東京', B: '大阪', C: '京都', D: null },
  correctAnswer: 'A',
  ...overrides,
});

const analytics = (overrides: Partial<QuizAnalytics>): QuizAnalytics => ({
  quizId: 'quiz',
  title: '日本の都市',
  plays: 10,
  players: 8,
  averageScore: 55.5,
  questions: [],
  ...overrides,
});

describe('a quiz’s analytics', () => {
  it('shows the totals and the questions hardest first, each option with its share and the right one marked', () => {
    renderWithProviders(
      <QuizAnalyticsView
        analytics={analytics({
          questions: [
            question({
              questionId: 'easy',
              order: 1,
              questionText: '首都は？',
              answered: 10,
              correctRate: 90,
              optionCounts: { A: 9, B: 1, C: 0, D: 0 },
              averageTimeSpent: 3.2,
            }),
            question({
              questionId: 'hard',
              order: 2,
              questionText: '古都は？',
              correctAnswer: 'C',
              answered: 10,
              correctRate: 20,
              optionCounts: { A: 1, B: 7, C: 2, D: 0 },
              averageTimeSpent: 8,
            }),
          ],
        })}
      />,
    );
    expect(screen.getByText('プレイ回数').nextSibling?.textContent).toBe('10回');
    expect(screen.getByText('参加者').nextSibling?.textContent).toBe('8人');
    expect(screen.getByText('平均正答率').nextSibling?.textContent).toBe('55.5%');
    const cards = screen.getAllByRole('article');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual([
      '1問題 2',
      '2問題 1',
    ]);
    const hard = within(cards[0]!);
    expect(hard.getByText('正答率 20%')).toBeTruthy();
    expect(hard.getByText('8秒')).toBeTruthy();
    const rows = hard.getAllByRole('row').slice(1);
    // Only the options the question has: A–C.
    expect(rows.map((row) => row.textContent)).toEqual([
      'A選択肢A：東京1件（10%）',
      'B選択肢B：大阪7件（70%）',
      'C選択肢C：京都正解2件（20%）',
    ]);
    expect(
      hard.getByText('多くの人が選択肢Bを選んでいます。問題文や選択肢の表現を見直しましょう。'),
    ).toBeTruthy();
    expect(within(cards[1]!).queryByText(/見直しましょう/)).toBeNull();
  });

  it('says so when nobody has played yet', () => {
    renderWithProviders(
      <QuizAnalyticsView
        analytics={analytics({ plays: 0, players: 0, averageScore: null, questions: [question({})] })}
      />,
    );
    expect(screen.getByText('まだ誰もこのクイズをプレイしていません。')).toBeTruthy();
    expect(screen.getByText('平均正答率').nextSibling?.textContent).toBe('—');
    expect(screen.queryByRole('article')).toBeNull();
  });
});
