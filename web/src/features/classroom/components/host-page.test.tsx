import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { CLASSROOM_MESSAGES } from '@shared/classroom';
import { FakeWebSocket, fakeWebSocketsEachTest } from '@web/testing/fake-websocket';
import { hanako } from '@web/testing/members';
import { fakeFetch, json, renderWithProviders } from '@web/testing/render';
import { classQuestion, classReveal, hostGame } from '../testing/games';
import { HostPage } from './host-page';

fakeWebSocketsEachTest();

const savedResults = {
  quizTitle: 'クラスのクイズ',
  playedAt: '2026-11-29T01:00:00.000Z',
  players: [
    { nickname: 'じろう', score: 700, correctCount: 1, rank: 2 },
    { nickname: 'たろう', score: 1900, correctCount: 2, rank: 1 },
  ],
  questions: [],
};

function setUp(game = hostGame(), { status = 200 } = {}) {
  const fake = fakeFetch({
    '/api/auth/me': () => json(hanako),
    '/api/classroom/games/g1/results': () => json(savedResults),
    '/api/classroom/games/g1': () =>
      status === 200 ? json(game) : json({ message: CLASSROOM_MESSAGES.gameMissing }, status),
  });
  vi.stubGlobal('fetch', fake.fetchImpl);
  renderWithProviders(
    <Routes>
      <Route path="/classroom/:gameId" element={<HostPage />} />
      <Route path="/classroom/:gameId/results" element={<p>結果ページ</p>} />
    </Routes>,
    { route: '/classroom/g1' },
  );
  return fake;
}

/** The page's socket, opened: it attaches with class_host and gets class_hosting. */
async function attach(game = hostGame()) {
  await waitFor(() => expect(FakeWebSocket.instances).toHaveLength(1));
  const socket = FakeWebSocket.latest;
  act(() => socket.open());
  act(() => socket.receive({ type: 'class_hosting', game }));
  return socket;
}

describe('/classroom/:gameId', () => {
  it('shows the lobby from the read: the PIN, a QR code of the join URL, the URL and the players', async () => {
    setUp();
    expect(await screen.findByText('123456', { selector: '.cls-lobby__pin' })).toBeTruthy();
    expect(
      screen.getByRole('img', { name: '参加用QRコード（https://quiz.example/join?pin=123456）' }),
    ).toBeTruthy();
    expect(screen.getByText('https://quiz.example/join?pin=123456')).toBeTruthy();
    const players = screen.getByRole('list', { name: '参加者' });
    expect(
      within(players)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['たろう', 'じろう']);
  });

  it('sends class_host on open and again after a reconnect', async () => {
    setUp();
    const socket = await attach();
    expect(socket.sentOf('class_host')).toEqual([{ type: 'class_host', gameId: 'g1' }]);
    vi.useFakeTimers();
    try {
      act(() => socket.drop());
      act(() => vi.advanceTimersByTime(1000));
    } finally {
      vi.useRealTimers();
    }
    expect(FakeWebSocket.instances).toHaveLength(2);
    const next = FakeWebSocket.latest;
    act(() => next.open());
    expect(next.sentOf('class_host')).toEqual([{ type: 'class_host', gameId: 'g1' }]);
  });

  it('players arrive; the host removes one, locks the game and starts it', async () => {
    setUp();
    const socket = await attach();
    const user = userEvent.setup();
    act(() =>
      socket.receive({
        type: 'class_player_joined',
        gameId: 'g1',
        players: [...hostGame().players, { playerId: 'p3', nickname: 'さぶろう', score: 0, connected: true }],
      }),
    );
    expect(await screen.findByText('参加者 3人')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'さぶろうさんを外す' }));
    expect(socket.sentOf('class_kick')).toEqual([{ type: 'class_kick', gameId: 'g1', playerId: 'p3' }]);
    await user.click(screen.getByRole('button', { name: '参加を締め切る' }));
    expect(socket.sentOf('class_lock')).toEqual([{ type: 'class_lock', gameId: 'g1', locked: true }]);
    act(() => socket.receive({ type: 'class_locked', gameId: 'g1', locked: true }));
    expect(screen.getByRole('button', { name: '参加を締め切り中' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    await user.click(screen.getByRole('button', { name: '開始' }));
    expect(socket.sentOf('class_start')).toEqual([{ type: 'class_start', gameId: 'g1' }]);
  });

  it('cannot start without players', async () => {
    setUp(hostGame({ players: [] }));
    await attach(hostGame({ players: [] }));
    expect((screen.getByRole('button', { name: '開始' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText(CLASSROOM_MESSAGES.tooFewPlayers)).toBeTruthy();
  });

  it('shows a question with its options, countdown and 回答数; 締め切る reveals now', async () => {
    setUp();
    const socket = await attach();
    const user = userEvent.setup();
    act(() =>
      socket.receive(
        classQuestion(0, Date.now() + 20_000, {
          serverTime: Date.now(),
          text: '日本で一番広い県は？',
          choices: { A: '北海道', B: '岩手県', C: '長野県' },
        }),
      ),
    );
    expect(await screen.findByRole('heading', { name: '日本で一番広い県は？' })).toBeTruthy();
    const options = screen.getByRole('list', { name: '選択肢' });
    expect(
      within(options)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['AA（三角）:北海道', 'BB（ひし形）:岩手県', 'CC（丸）:長野県']);
    expect(screen.getByRole('timer')).toBeTruthy();
    expect(screen.getByText('回答数 0 / 2')).toBeTruthy();
    act(() =>
      socket.receive({ type: 'class_answer_count', gameId: 'g1', questionIndex: 0, answered: 1, total: 2 }),
    );
    expect(await screen.findByText('回答数 1 / 2')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '締め切る' }));
    expect(socket.sentOf('class_reveal_now')).toEqual([{ type: 'class_reveal_now', gameId: 'g1' }]);
  });

  it('shows the reveal as a chart and a table, the explanation and the top; 次へ goes on', async () => {
    setUp();
    const socket = await attach();
    const user = userEvent.setup();
    act(() =>
      socket.receive(
        classQuestion(0, Date.now() + 20_000, {
          text: '問1',
          choices: { A: '北海道', B: '岩手県', C: '長野県' },
        }),
      ),
    );
    act(() => socket.receive(classReveal(0)));
    // The right answer's mark and its words (the letter is read out to screen readers).
    expect((await screen.findByRole('heading', { name: /正解は/ })).textContent).toContain('B岩手県');
    const table = screen.getByRole('table', { name: /選択肢ごとの回答数/ });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.textContent);
    expect(rows).toEqual(['A（三角）1人', 'B（ひし形）3人正解', 'C（丸）0人']);
    expect(screen.getByText('岩手県は本州で一番広い県です')).toBeTruthy();
    expect(screen.getByText('950点')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '次へ' }));
    expect(socket.sentOf('class_next')).toEqual([{ type: 'class_next', gameId: 'g1' }]);
  });

  it('gives equal totals the same rank in the top and on the podium, as the players are told', async () => {
    setUp();
    const socket = await attach();
    act(() => socket.receive(classQuestion(0, Date.now() + 20_000)));
    act(() =>
      socket.receive({
        ...classReveal(0),
        top: [
          { nickname: 'たろう', totalScore: 950 },
          { nickname: 'じろう', totalScore: 0 },
          { nickname: 'さぶろう', totalScore: 0 },
        ],
      }),
    );
    await screen.findByRole('heading', { name: /正解は/ });
    const top = screen.getByText('上位3人').nextElementSibling!;
    expect([...top.querySelectorAll('li')].map((item) => item.textContent)).toEqual([
      '1たろう950点',
      '2じろう0点',
      '2さぶろう0点',
    ]);
    act(() =>
      socket.receive({
        type: 'class_finished',
        gameId: 'g1',
        podium: [
          { nickname: 'たろう', totalScore: 950 },
          { nickname: 'じろう', totalScore: 950 },
          { nickname: 'さぶろう', totalScore: 0 },
        ],
        players: [
          { playerId: 'p1', nickname: 'たろう', score: 950, correctCount: 1, rank: 1 },
          { playerId: 'p2', nickname: 'じろう', score: 950, correctCount: 1, rank: 1 },
          { playerId: 'p3', nickname: 'さぶろう', score: 0, correctCount: 0, rank: 3 },
        ],
      }),
    );
    const podium = await screen.findByRole('list', { name: '表彰台' });
    expect([...podium.querySelectorAll('li')].map((place) => place.textContent)).toEqual([
      'じろう950点1位',
      'たろう950点1位',
      'さぶろう0点3位',
    ]);
  });

  it('shows the podium and the whole table at the end, with a link to the results', async () => {
    setUp();
    const socket = await attach();
    act(() =>
      socket.receive({
        type: 'class_finished',
        gameId: 'g1',
        podium: [
          { nickname: 'たろう', totalScore: 1900 },
          { nickname: 'じろう', totalScore: 700 },
        ],
        players: [
          { playerId: 'p1', nickname: 'たろう', score: 1900, correctCount: 2, rank: 1 },
          { playerId: 'p2', nickname: 'じろう', score: 700, correctCount: 1, rank: 2 },
        ],
      }),
    );
    expect(await screen.findByRole('heading', { name: '最終結果' })).toBeTruthy();
    expect(screen.getByRole('list', { name: '表彰台' })).toBeTruthy();
    const table = screen.getByRole('table', { name: '全員の結果（2人）' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(screen.queryByRole('button', { name: '終了' })).toBeNull();
    await userEvent.setup().click(screen.getByRole('link', { name: '結果の詳細を見る' }));
    expect(await screen.findByText('結果ページ')).toBeTruthy();
  });

  it('reloaded after the end, reads the podium and the table from the results', async () => {
    const finished = hostGame({ state: 'finished' });
    setUp(finished);
    await attach(finished);
    const podium = await screen.findByRole('list', { name: '表彰台' });
    expect(podium.textContent).toContain('たろう');
    const table = screen.getByRole('table', { name: '全員の結果（2人）' });
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent?.includes('たろう')),
    ).toEqual([true, false]);
  });

  it('reloaded during a reveal, charts every option of the question, those nobody chose too', async () => {
    const { type: _type, ...reveal } = classReveal(0);
    const revealing = hostGame({
      state: 'reveal',
      questionIndex: 0,
      totalQuestions: 2,
      reveal,
      question: {
        questionIndex: 0,
        totalQuestions: 2,
        text: '本州で一番広い県は？',
        options: { A: '青森県', B: '岩手県', C: '秋田県', D: '山形県' },
        image: null,
        deadline: Date.now(),
        answered: 4,
        total: 4,
      },
    });
    setUp(revealing);
    await attach(revealing);
    const table = await screen.findByRole('table', { name: /選択肢ごとの回答数/ });
    expect(within(table).getAllByRole('row')).toHaveLength(5);
  });

  it('終了 asks first, then sends class_end', async () => {
    setUp();
    const socket = await attach();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: '終了' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'ゲームを終了しますか？' });
    expect(socket.sentOf('class_end')).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: '終了する' }));
    expect(socket.sentOf('class_end')).toEqual([{ type: 'class_end', gameId: 'g1' }]);
  });

  it('says a refusal in Japanese', async () => {
    setUp();
    const socket = await attach();
    act(() => socket.receive({ type: 'error', reason: 'not_host', message: 'x' }));
    expect((await screen.findByRole('alert')).textContent).toContain(CLASSROOM_MESSAGES.notHost);
  });

  it('says when the game is not the member’s or is gone', async () => {
    setUp(hostGame(), { status: 404 });
    expect(await screen.findByRole('heading', { name: CLASSROOM_MESSAGES.gameMissing })).toBeTruthy();
  });
});
