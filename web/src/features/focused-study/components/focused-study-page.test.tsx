import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { UnfinishedRun } from '@shared/focused-study';
import { fakeFetch, json, renderWithProviders } from '@web/testing/render';
import { studyQuestions } from '../testing/study-questions';
import { FocusedStudyPage } from './focused-study-page';

afterEach(() => vi.unstubAllGlobals());

const questions = studyQuestions;

/** Left at question 3 after answering two, on another device or before a reload. */
const unfinished: UnfinishedRun = {
  id: 's1',
  kind: 'study',
  questions,
  currentQuestionIndex: 2,
  startedAt: '2026-05-01T01:00:00.000Z',
  userAnswers: { q1: 'B', q2: ['A', 'C'] },
};

const fresh = {
  id: 's2',
  questions: questions.map((question) => ({ ...question, id: `n${question.id}` })),
  currentQuestionIndex: 0,
  startedAt: '2026-05-01T02:00:00.000Z',
};

function studyPage() {
  const fake = fakeFetch({
    '/api/auth/me': () =>
      json({ id: 'u1', username: 'pro', nickname: 'プロ', email: null, isAdmin: false, isPro: true }),
    '/api/focused-study/pdfs': () =>
      json([{ id: 'm1', name: 'ノート', size: 2000, uploadedAt: '2026-04-01T00:00:00.000Z', kind: 'text' }]),
    '/api/focused-study/settings': () =>
      json({ dailyQuestionCount: 5, difficulty: '中級', questionTypes: ['multiple_choice'] }),
    '/api/focused-study/latest-session': () => json(null),
    '/api/focused-study/unfinished-session': () => json(unfinished),
    '/api/focused-study/saved-question-sets': () => json([]),
    '/api/focused-study/review-queue': () => json({ dueToday: 0, scheduled: 0, nextReviewDate: null }),
    '/api/ai/usage-limit': () =>
      json({ canUse: true, remaining: 199, total: 200, resetAt: '2026-05-01T15:00:00.000Z' }),
    '/api/focused-study/start-session': () => json(fresh, 201),
    '/api/focused-study/sessions/s1/progress': () => json({ savedAt: '2026-05-01T01:05:00.000Z' }),
  });
  vi.stubGlobal('fetch', fake.fetchImpl);
  renderWithProviders(<FocusedStudyPage />, { route: '/focused-study' });
  const sent = (path: string) =>
    fake.calls
      .filter((call) => call.url === path && call.init?.method && call.init.method !== 'GET')
      .map((call) => JSON.parse(String(call.init!.body ?? '{}')) as Record<string, unknown>);
  return { sent };
}

describe('an unfinished focused-study run', () => {
  it('is offered after a reload and goes on at question 3 with the answers given, generating nothing', async () => {
    const { sent } = studyPage();
    const card = (await screen.findByRole('heading', { name: '途中の学習があります' })).closest('section')!;
    expect(card.textContent).toContain('今日の学習：4問中 2問に回答済み・問題 3 から');
    expect(card.textContent).toContain('AI生成を1回使います');

    fireEvent.click(within(card).getByRole('button', { name: '続きから' }));
    await screen.findByText('問題 3 / 4');
    expect(screen.getByRole('heading', { name: '古い順に並べ替えてください。' })).toBeTruthy();
    // The answers given come back as they were: nothing more, nothing checked.
    fireEvent.click(screen.getByRole('button', { name: /前へ/ }));
    expect(screen.getByRole('checkbox', { name: /織田信長/ }).getAttribute('aria-checked')).toBe('true');
    expect(screen.getByRole('checkbox', { name: /聖徳太子/ }).getAttribute('aria-checked')).toBe('false');
    expect(screen.getByRole('checkbox', { name: /武田信玄/ }).getAttribute('aria-checked')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: /前へ/ }));
    expect(screen.getByRole('button', { name: /豊臣秀吉/ }).getAttribute('aria-pressed')).toBe('true');

    // Going on is saved where the member is, with the answers they gave (the sort not yet reached).
    await waitFor(() => expect(sent('/api/focused-study/sessions/s1/progress').length).toBeGreaterThan(0));
    await waitFor(() =>
      expect(sent('/api/focused-study/sessions/s1/progress').at(-1)).toEqual({
        answers: { q1: 'B', q2: ['A', 'C'] },
        currentQuestionIndex: 0,
      }),
    );
    expect(sent('/api/focused-study/start-session')).toEqual([]);
  });

  it('asks before any start: 続きから resumes, and only 新しく始める starts anew in its place', async () => {
    const { sent } = studyPage();
    await screen.findByRole('heading', { name: '途中の学習があります' });

    fireEvent.click(screen.getByRole('button', { name: '学習を開始' }));
    const offer = await screen.findByRole('dialog', { name: '途中の学習があります' });
    expect(offer.textContent).toContain('今日の学習・4問中2問に回答済み（問題 3 から）');
    expect(offer.textContent).toContain('新しく始めると、AI生成を1回使います。');
    fireEvent.click(within(offer).getByRole('button', { name: '続きから' }));
    await screen.findByText('問題 3 / 4');
    expect(sent('/api/focused-study/start-session')).toEqual([]);
  });

  it('新しく始める names the run it discards, and the new run starts from its first question', async () => {
    const { sent } = studyPage();
    await screen.findByRole('heading', { name: '途中の学習があります' });
    fireEvent.click(screen.getByRole('button', { name: '学習を開始' }));
    const offer = await screen.findByRole('dialog', { name: '途中の学習があります' });
    fireEvent.click(within(offer).getByRole('button', { name: '新しく始める' }));
    await screen.findByText('問題 1 / 4');
    expect(sent('/api/focused-study/start-session')).toEqual([{ replacing: 's1' }]);
  });
});
