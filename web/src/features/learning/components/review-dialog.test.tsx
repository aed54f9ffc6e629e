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

/**
 * A review whose questions are all right with A: a right answer moves a question to a later day
 * (or masters the ones of `mastering`), a wrong one keeps it due today; `notDue` are answered
 * right already elsewhere (409 review_not_due).
 */
function server(
  questions: ReturnType<typeof question>[],
  {
    mastering = [],
    notDue = [],
    gone = [],
    later = [],
  }: {
    mastering?: string[];
    notDue?: string[];
    /** Questions whose quiz went since the session began (404). */
    gone?: string[];
    /** The sessions after the first (an empty one: nothing more due, 404). */
    later?: ReturnType<typeof question>[][];
  } = {},
) {
  const answers: Record<string, unknown>[] = [];
  const sessions = [questions, ...later];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url === '/api/review/session') {
      const next = sessions.shift() ?? [];
      return next.length ? json({ questions: next }) : json({ message: '今日復習する問題はありません' }, 404);
    }
    if (url === '/api/review/answer') {
      const body = JSON.parse(String(init?.body)) as { questionId: string; answer: string };
      answers.push(body);
      if (gone.includes(body.questionId)) return json({ message: '復習する問題が見つかりません' }, 404);
      if (notDue.includes(body.questionId))
        return json(
          {
            message: 'この問題の次の復習は12月2日です。その日になったらもう一度解いてください',
            reason: 'review_not_due',
          },
          409,
        );
      const right = body.answer === 'A';
      const mastered = right && mastering.includes(body.questionId);
      return json({
        isCorrect: right,
        correctAnswer: 'A',
        explanation: '平安京への遷都は794年です。',
        nextReviewDate: mastered ? null : right ? '2026-12-02' : '2026-11-26',
        masteredAt: mastered ? '2026-11-26T03:00:00.000Z' : null,
      });
    }
    return json({ message: 'Not Found' }, 404);
  });
  return { answers };
}

/** Answers the question shown with `letter` and goes on; returns the question's text. */
async function answerShown(dialog: HTMLElement, user: ReturnType<typeof userEvent.setup>, letter: string) {
  const heading = await within(dialog).findByRole('heading', { level: 3 });
  const text = heading.textContent!;
  await user.click(within(dialog).getByRole('button', { name: new RegExp(`^${letter} `) }));
  await within(dialog).findByRole('button', { name: '次の問題へ' });
  return text;
}

/** Answers the next `count` questions right, going on after each. */
async function answerAllRight(dialog: HTMLElement, user: ReturnType<typeof userEvent.setup>, count: number) {
  for (let index = 0; index < count; index++) {
    await answerShown(dialog, user, 'A');
    await user.click(within(dialog).getByRole('button', { name: '次の問題へ' }));
  }
}

describe('the review of mistakes', () => {
  it('asks each due question once, asks again at the end only those answered wrongly, and ends when each was answered right', async () => {
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
    expect(within(dialog).getByText('このあともう一度出題します')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'A 794年' }).hasAttribute('disabled')).toBe(true);
    await user.click(within(dialog).getByRole('button', { name: '次の問題へ' }));

    // Right: its next review day, and it is done for today; the wrong one comes last, once.
    expect(await answerShown(dialog, user, 'A')).toBe('鎌倉幕府の成立は？');
    expect(within(dialog).getByText('次の復習日: 2026年12月2日（水）')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: '次の問題へ' }));
    expect(within(dialog).getByText('残り1問')).toBeTruthy();
    expect(await answerShown(dialog, user, 'A')).toBe('平安京への遷都は？');
    await user.click(within(dialog).getByRole('button', { name: '次の問題へ' }));

    expect(await within(dialog).findByText('今日の復習が終わりました！')).toBeTruthy();
    expect(within(dialog).getByText('2問すべてに正解しました（3回答えて2回正解）。')).toBeTruthy();
    expect(within(dialog).getByText('ほかの問題は次の復習日にもう一度出題されます。')).toBeTruthy();
    expect(answers.map((body) => [body.questionId, body.answer])).toEqual([
      ['q1', 'B'],
      ['q2', 'A'],
      ['q1', 'A'],
    ]);
    expect(answers[0]).toEqual({
      questionId: 'q1',
      quizId: 'quiz-1',
      answer: 'B',
      timeSpent: expect.any(Number),
    });

    await user.click(within(dialog).getByRole('button', { name: '閉じる' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('says when a right answer masters a question, and drops a question no longer due today', async () => {
    server([question('q1', '平安京への遷都は？'), question('q2', '鎌倉幕府の成立は？')], {
      mastering: ['q1'],
      notDue: ['q2'],
    });
    const user = userEvent.setup();
    renderWithProviders(<ReviewDialog onClose={vi.fn()} />);
    const dialog = await screen.findByRole('dialog', { name: '間違えた問題の復習' });
    expect(await answerShown(dialog, user, 'A')).toBe('平安京への遷都は？');
    expect(within(dialog).getByText('この問題は覚えました。復習リストから外れます。')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: '次の問題へ' }));
    await within(dialog).findByRole('heading', { name: '鎌倉幕府の成立は？' });
    await user.click(within(dialog).getByRole('button', { name: 'A 794年' }));
    expect(await within(dialog).findByText('今日の復習が終わりました！')).toBeTruthy();
    expect(within(dialog).getByText('1問すべてに正解しました（1回答えて1回正解）。')).toBeTruthy();
    expect(within(dialog).getByText('1問を覚えました。')).toBeTruthy();
  });

  it('goes on past a question whose quiz went meanwhile', async () => {
    server([question('q1', '平安京への遷都は？'), question('q2', '鎌倉幕府の成立は？')], { gone: ['q1'] });
    const user = userEvent.setup();
    renderWithProviders(<ReviewDialog onClose={vi.fn()} />);
    const dialog = await screen.findByRole('dialog', { name: '間違えた問題の復習' });
    await within(dialog).findByRole('heading', { name: '平安京への遷都は？' });
    await user.click(within(dialog).getByRole('button', { name: 'A 794年' }));
    expect(await within(dialog).findByRole('heading', { name: '鎌倉幕府の成立は？' })).toBeTruthy();
  });

  it('after a full session of 20, offers the rest of today’s review, then says when it is all done', async () => {
    const twenty = Array.from({ length: 20 }, (_, index) => question(`q${index}`, `問題${index + 1}`));
    server(twenty, { later: [[question('q20', '問題21')], []] });
    const user = userEvent.setup();
    renderWithProviders(<ReviewDialog onClose={vi.fn()} />);
    const dialog = await screen.findByRole('dialog', { name: '間違えた問題の復習' });
    await answerAllRight(dialog, user, 20);
    expect(await within(dialog).findByText('20問の復習が終わりました！')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: '続けて復習する' }));
    expect(await answerShown(dialog, user, 'A')).toBe('問題21');
    await user.click(within(dialog).getByRole('button', { name: '次の問題へ' }));
    expect(await within(dialog).findByText('今日の復習が終わりました！')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: '続けて復習する' })).toBeNull();
  });

  it('after a full session of 20 and nothing more due, says today’s review is done', async () => {
    const twenty = Array.from({ length: 20 }, (_, index) => question(`q${index}`, `問題${index + 1}`));
    server(twenty, { later: [[]] });
    const user = userEvent.setup();
    renderWithProviders(<ReviewDialog onClose={vi.fn()} />);
    const dialog = await screen.findByRole('dialog', { name: '間違えた問題の復習' });
    await answerAllRight(dialog, user, 20);
    await user.click(await within(dialog).findByRole('button', { name: '続けて復習する' }));
    expect(await within(dialog).findByText('今日の復習が終わりました！')).toBeTruthy();
    expect(within(dialog).getByText(/^20問すべてに正解しました/)).toBeTruthy();
  });

  it('says when nothing is due', async () => {
    server([]);
    renderWithProviders(<ReviewDialog onClose={vi.fn()} />);
    expect(await screen.findByText('今日復習する問題はありません')).toBeTruthy();
  });
});
