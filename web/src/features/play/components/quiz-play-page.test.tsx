import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@web/lib/query-client';
import { json } from '@web/testing/render';
import { QuizPlayPage } from './quiz-play-page';

afterEach(() => vi.unstubAllGlobals());

/** A quiz as a player reads it: the questions without their answer key. */
const quiz = {
  id: 'quiz-1',
  title: '答えは後から',
  description: '答え合わせはサーバーで',
  category: '科学',
  difficulty: '初級',
  timeLimit: 10,
  questionCount: 2,
  participantCount: 0,
  totalPlayers: 0,
  averageRating: 0,
  authorId: 'author',
  authorName: '作者',
  isPublished: true,
  isHidden: false,
  reportCount: 0,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
  tags: [],
  questions: [
    {
      id: 'q1',
      questionText: '水の化学式は？',
      optionA: 'CO2',
      optionB: 'H2O',
      optionC: null,
      optionD: null,
      order: 1,
    },
    {
      id: 'q2',
      questionText: '地球の衛星は？',
      optionA: '火星',
      optionB: '金星',
      optionC: '月',
      optionD: null,
      order: 2,
    },
  ],
};

const key: Record<string, { correctAnswer: string; explanation: string }> = {
  q1: { correctAnswer: 'B', explanation: '水素2つと酸素1つです。' },
  q2: { correctAnswer: 'C', explanation: '月は地球の唯一の衛星です。' },
};

/** The API as the play page meets it: a guest, the quiz, and the answer checks (the first one failing when told). */
function server(options: { failFirstCheck?: boolean } = {}) {
  const checks: { questionId: string; answer: string }[] = [];
  let failures = options.failFirstCheck ? 1 : 0;
  const fetchImpl = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url === '/api/auth/me') return json({ message: 'ログインが必要です' }, 401);
    if (url === '/api/quizzes/quiz-1') return json(quiz);
    if (url === '/api/quizzes/quiz-1/check') {
      const body = JSON.parse(String(init?.body)) as { questionId: string; answer: string };
      checks.push(body);
      if (failures-- > 0) return json({ message: 'ただいまサービスに接続できません。' }, 503);
      const answer = key[body.questionId]!;
      return json({
        questionId: body.questionId,
        isCorrect: body.answer === answer.correctAnswer,
        ...answer,
      });
    }
    return json({ message: 'Not Found' }, 404);
  };
  vi.stubGlobal('fetch', fetchImpl);
  return { checks };
}

/** The page in a data router, as the app has it (its leave guard blocks navigation). */
const renderPlay = (entries: string[] = ['/quiz/quiz-1']) => {
  const router = createMemoryRouter(
    [
      { path: '/quiz/:id', element: <QuizPlayPage /> },
      { path: '/', element: <h1>ホーム</h1> },
      { path: '/quiz-search', element: <h1>クイズを探す</h1> },
    ],
    { initialEntries: entries, initialIndex: entries.length - 1 },
  );
  const rendered = render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...rendered, router };
};

describe('the play page', () => {
  it('learns each answer from the server once the player has given theirs, and scores and reviews from it', async () => {
    const { checks } = server();
    const user = userEvent.setup();
    renderPlay();
    await user.click(await screen.findByRole('button', { name: 'スタート' }));

    await user.click(await screen.findByRole('button', { name: /^B .*（2）$/ }));
    expect(await screen.findByText('正解！')).toBeTruthy();
    expect(screen.getByText('水素2つと酸素1つです。')).toBeTruthy();
    expect(checks).toEqual([{ questionId: 'q1', answer: 'B' }]);
    await user.click(screen.getByRole('button', { name: '次の問題へ' }));

    await user.click(await screen.findByRole('button', { name: /^A .*（1）$/ }));
    expect(await screen.findByText('不正解… 正解は C: 月')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '結果を見る' }));

    expect(await screen.findByText('/ 2 問正解', { exact: false })).toBeTruthy();
    const review = screen.getByRole('region', { name: '答え合わせ' });
    expect(within(review).getByText('C: 月')).toBeTruthy();
    expect(within(review).getByText('月は地球の唯一の衛星です。')).toBeTruthy();
    expect(screen.getByRole('button', { name: '間違えた問題だけ再挑戦（1問）' })).toBeTruthy();
    // The heart says what it does (not an unlabelled icon).
    expect(screen.getByRole('button', { name: 'お気に入りに追加' }).textContent).toBe('お気に入りに追加');
  });

  it("sends a signed-in member's play with one play id: each check, then the attempt with the seconds spent; practice goes without", async () => {
    const member = { id: 'u1', username: 'taro', nickname: '', email: null, isAdmin: false, isPro: false };
    const sent: { url: string; body: Record<string, unknown> }[] = [];
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url === '/api/auth/me') return json(member);
      if (url === '/api/quizzes/quiz-1') return json(quiz);
      const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
      sent.push({ url, body });
      if (url === '/api/quizzes/quiz-1/check') {
        const answer = key[body.questionId as string]!;
        return json({
          questionId: body.questionId,
          isCorrect: body.answer === answer.correctAnswer,
          ...answer,
        });
      }
      if (url === '/api/quizzes/quiz-1/attempt')
        return json({ id: 'attempt-1', score: 1, totalQuestions: 2, message: 'クイズ完了！' });
      return json({});
    });
    const user = userEvent.setup();
    renderPlay();
    await user.click(await screen.findByRole('button', { name: 'スタート' }));
    await user.click(await screen.findByRole('button', { name: /^B .*（2）$/ }));
    await user.click(await screen.findByRole('button', { name: '次の問題へ' }));
    await user.click(await screen.findByRole('button', { name: /^A .*（1）$/ }));
    await user.click(await screen.findByRole('button', { name: '結果を見る' }));
    await vi.waitFor(() => expect(sent.some((call) => call.url.endsWith('/attempt'))).toBe(true));

    const checks = sent.filter((call) => call.url.endsWith('/check')).map((call) => call.body);
    const playId = checks[0]!.playId as string;
    expect(playId).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(checks).toEqual([
      { questionId: 'q1', answer: 'B', playId },
      { questionId: 'q2', answer: 'A', playId },
    ]);
    const attempt = sent.find((call) => call.url.endsWith('/attempt'))!.body;
    expect(attempt.playId).toBe(playId);
    expect(attempt.timeSpent).toEqual(expect.any(Number));
    // Each answer's study record carries the seconds spent on its question.
    const records = sent.filter((call) => call.url === '/api/study/session').map((call) => call.body);
    expect(records.map((record) => [record.questionId, typeof record.timeSpent])).toEqual([
      ['q1', 'number'],
      ['q2', 'number'],
    ]);

    // The retry of the question missed is practice: not recorded, so its check has no play id.
    sent.length = 0;
    await user.click(await screen.findByRole('button', { name: '間違えた問題だけ再挑戦（1問）' }));
    await user.click(await screen.findByRole('button', { name: /^C .*（3）$/ }));
    await vi.waitFor(() => expect(sent.some((call) => call.url.endsWith('/check'))).toBe(true));
    expect(sent.find((call) => call.url.endsWith('/check'))!.body).toEqual({ questionId: 'q2', answer: 'C' });
  });

  it("records a member's play when スタート is pressed before the page knows who is signed in", async () => {
    const member = { id: 'u1', username: 'taro', nickname: '', email: null, isAdmin: false, isPro: false };
    let answerMe: (response: Response) => void = () => {};
    const me = new Promise<Response>((resolve) => (answerMe = resolve));
    const checks: Record<string, unknown>[] = [];
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url === '/api/auth/me') return me;
      if (url === '/api/quizzes/quiz-1') return json(quiz);
      const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
      if (url === '/api/quizzes/quiz-1/check') {
        checks.push(body);
        const answer = key[body.questionId as string]!;
        return json({
          questionId: body.questionId,
          isCorrect: body.answer === answer.correctAnswer,
          ...answer,
        });
      }
      return json({});
    });
    const user = userEvent.setup();
    renderPlay();
    await user.click(await screen.findByRole('button', { name: 'スタート' }));
    // The question waits for the answer about the player.
    expect(screen.queryByRole('button', { name: /^B .*（2）$/ })).toBeNull();
    answerMe(json(member));
    await user.click(await screen.findByRole('button', { name: /^B .*（2）$/ }));
    await vi.waitFor(() => expect(checks).toHaveLength(1));
    expect(checks[0]!.playId).toEqual(expect.stringMatching(/^[A-Za-z0-9_-]{8,64}$/));
  });

  it('goes back where the player came from with 戻る, and home when the quiz was the first page (a shared link)', async () => {
    server();
    const user = userEvent.setup();
    const fromSearch = renderPlay(['/quiz-search', '/quiz/quiz-1']);
    await user.click(await screen.findByRole('button', { name: '戻る' }));
    await vi.waitFor(() => expect(fromSearch.router.state.location.pathname).toBe('/quiz-search'));
    fromSearch.unmount();
    const shared = renderPlay();
    await user.click(await screen.findByRole('button', { name: '戻る' }));
    await vi.waitFor(() => expect(shared.router.state.location.pathname).toBe('/'));
  });

  it('says when a check failed and asks again on request', async () => {
    const { checks } = server({ failFirstCheck: true });
    const user = userEvent.setup();
    renderPlay();
    await user.click(await screen.findByRole('button', { name: 'スタート' }));
    await user.click(await screen.findByRole('button', { name: /^B .*（2）$/ }));
    expect(await screen.findByText('答え合わせに失敗しました。')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /もう一度答え合わせする/ }));
    expect(await screen.findByText('正解！')).toBeTruthy();
    expect(checks).toEqual([
      { questionId: 'q1', answer: 'B' },
      { questionId: 'q1', answer: 'B' },
    ]);
  });

  it('says a quiz that is not there is not found, and offers the way home; a failed load stays a load failure', async () => {
    vi.stubGlobal('fetch', async (input: RequestInfo | URL) =>
      String(input) === '/api/quizzes/quiz-1'
        ? json({ message: 'クイズが見つかりません' }, 404)
        : json({ message: 'ログインが必要です' }, 401),
    );
    const first = renderPlay();
    expect(
      await screen.findByRole('heading', {
        name: 'このクイズは見つかりません（削除されたか、非公開の可能性があります）',
      }),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'ホームに戻る' })).toBeTruthy();
    first.unmount();
    vi.stubGlobal('fetch', async () => json({ message: 'サーバーエラー' }, 500));
    renderPlay();
    expect(await screen.findByRole('heading', { name: 'クイズの読み込みに失敗しました。' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '終了する' })).toBeTruthy();
  });
  it('offers 「みんなで遊ぶ」 on a public quiz: to the lobby with the quiz chosen, through the login when signed out', async () => {
    server();
    const guest = renderPlay();
    const link = await screen.findByRole('link', { name: 'みんなで遊ぶ' });
    expect(link.getAttribute('href')).toBe('/login?redirect=%2Fmultiplayer%3Fquiz%3Dquiz-1');
    guest.unmount();

    const member = { id: 'u1', username: 'taro', nickname: '', email: null, isAdmin: false, isPro: false };
    vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
      const url = String(input);
      if (url === '/api/auth/me') return json(member);
      if (url === '/api/quizzes/quiz-1') return json(quiz);
      return json({ message: 'Not Found' }, 404);
    });
    renderPlay();
    await vi.waitFor(async () =>
      expect((await screen.findByRole('link', { name: 'みんなで遊ぶ' })).getAttribute('href')).toBe(
        '/multiplayer?quiz=quiz-1',
      ),
    );
  });

  it('offers no 「みんなで遊ぶ」 on a private quiz (its author is the one who sees it), which no room may play', async () => {
    const author = {
      id: 'author',
      username: 'sakusha',
      nickname: '',
      email: null,
      isAdmin: false,
      isPro: true,
    };
    vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
      const url = String(input);
      if (url === '/api/auth/me') return json(author);
      if (url === '/api/quizzes/quiz-1') return json({ ...quiz, isPublished: false });
      return json({ message: 'Not Found' }, 404);
    });
    renderPlay();
    expect(await screen.findByRole('button', { name: 'スタート' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'みんなで遊ぶ' })).toBeNull();
  });
});
