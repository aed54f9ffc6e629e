import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderWithProviders } from '@web/testing/render';
import { ReviewDialog } from './review-dialog';

afterEach(() => vi.unstubAllGlobals());

const question = (id: string, text: string) => ({
  questionId: id,
  quizId: 'quiz-1',
  quizTitle: '日本の歴史',
  category: '歴史',
  questionText: text,
  optionA: '794年',
  optionB: '1192年',
  optionC: null,
  optionD: null,
});

/** A review whose questions are both right with A; each is mastered after `masterAfter` right answers in a row. */
function server(questions: ReturnType<typeof question>[], masterAfter = 2) {
  const rightInARow = new Map<string, number>();
  const answers: Record<string, unknown>[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url === '/api/review/session') return json({ questions });
    if (url === '/api/review/answer') {
      const body = JSON.parse(String(init?.body)) as { questionId: string; answer: string };
      answers.push(body);
      const right = body.answer === 'A';
      const streak = right ? (rightInARow.get(body.questionId) ?? 0) + 1 : 0;
      rightInARow.set(body.questionId, streak);
      const mastered = streak >= masterAfter;
      return json({
        isCorrect: right,
        correctAnswer: 'A',
        explanation: '平安京への遷都は794年です。',
        nextReviewDate: mastered ? null : '2026-12-02',
        masteredAt: mastered ? '2026-11-26T03:00:00.000Z' : null,
      });
    }
    return json({ message: 'Not Found' }, 404);
  });
  return { answers };
}

describe('the review of mistakes', () => {
  it('asks each due question, says right or wrong with the right answer and explanation, and asks again until mastered', async () => {
    const { answers } = server([question('q1', '平安京への遷都は？'), question('q2', '鎌倉幕府の成立は？')]);
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<ReviewDialog onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: '間違えた問題の復習' });

    // Wrong first: the right answer and the explanation; the question comes round again.
    expect(await within(dialog).findByRole('heading', { name: '平安京への遷都は？' })).toBeTruthy();
    expect(within(dialog).getByText('残り2問')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'B 1192年' }));
    expect(await within(dialog).findByText('不正解… 正解は A: 794年')).toBeTruthy();
    expect(within(dialog).getByText('平安京への遷都は794年です。')).toBeTruthy();
    expect(
      within(dialog).getByText('このあともう一度出題します（次の復習日: 2026年12月2日（水））'),
    ).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'A 794年' }).hasAttribute('disabled')).toBe(true);
    await user.click(within(dialog).getByRole('button', { name: '次の問題へ' }));

    // Then right, each in turn, until both are mastered.
    const order: string[] = [];
    for (;;) {
      const done = within(dialog).queryByText('復習が終わりました！');
      if (done) break;
      const heading = await within(dialog).findByRole('heading', { level: 3 });
      order.push(heading.textContent!);
      await user.click(within(dialog).getByRole('button', { name: 'A 794年' }));
      await within(dialog).findByText('正解！');
      await user.click(within(dialog).getByRole('button', { name: '次の問題へ' }));
    }
    expect(order).toEqual([
      '鎌倉幕府の成立は？',
      '平安京への遷都は？',
      '鎌倉幕府の成立は？',
      '平安京への遷都は？',
    ]);
    expect(within(dialog).getByText('5回答えて4回正解、2問を覚えました。')).toBeTruthy();
    expect(answers[0]).toEqual({
      questionId: 'q1',
      quizId: 'quiz-1',
      answer: 'B',
      timeSpent: expect.any(Number),
    });

    await user.click(within(dialog).getByRole('button', { name: '閉じる' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('says when nothing is due', async () => {
    server([]);
    renderWithProviders(<ReviewDialog onClose={vi.fn()} />);
    expect(await screen.findByText('今日復習する問題はありません')).toBeTruthy();
  });
});
