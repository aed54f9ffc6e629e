import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CLASSROOM_MESSAGES } from '@shared/classroom';
import { FakeWebSocket, fakeWebSocketsEachTest } from '@web/testing/fake-websocket';
import { hanako } from '@web/testing/members';
import { fakeFetch, json, renderWithProviders } from '@web/testing/render';
import { PLAYER_SEAT_KEY } from '../player-controller';
import { classQuestion, playerGame } from '../testing/games';
import { JoinPage } from './join-page';

fakeWebSocketsEachTest();

beforeEach(() => {
  window.sessionStorage.clear();
});

function setUp(route = '/join', { signedIn = false } = {}) {
  const fake = fakeFetch({
    '/api/auth/me': () => (signedIn ? json(hanako) : json({ message: 'ログインが必要です' }, 401)),
  });
  vi.stubGlobal('fetch', fake.fetchImpl);
  renderWithProviders(<JoinPage />, { route });
  return fake;
}

const joined = (game = playerGame()) => ({
  type: 'class_joined',
  gameId: 'g1',
  playerId: 'p1',
  nickname: 'たろう',
  resumeToken: 'tok-1',
  game,
});

/** Types the PIN and nickname, joins, and opens the socket the join opened. */
async function join(pin = '123456', nickname = 'たろう') {
  const user = userEvent.setup();
  const pinBox = await screen.findByLabelText('PIN（6桁の数字）');
  await user.clear(pinBox);
  await user.type(pinBox, pin);
  const nameBox = screen.getByLabelText('ニックネーム');
  await user.clear(nameBox);
  await user.type(nameBox, nickname);
  await user.click(screen.getByRole('button', { name: '参加する' }));
  await waitFor(() => expect(FakeWebSocket.instances).toHaveLength(1));
  const socket = FakeWebSocket.latest;
  act(() => socket.open());
  return { socket, user };
}

describe('/join', () => {
  it('takes the PIN from ?pin= (a numeric field) and opens no socket before 参加する', async () => {
    setUp('/join?pin=654321');
    const pin = await screen.findByLabelText('PIN（6桁の数字）');
    expect((pin as HTMLInputElement).value).toBe('654321');
    expect(pin.getAttribute('inputmode')).toBe('numeric');
    expect(FakeWebSocket.instances).toHaveLength(0);
  });

  it('fills in a signed-in member’s nickname', async () => {
    setUp('/join', { signedIn: true });
    await waitFor(() =>
      expect((screen.getByLabelText('ニックネーム') as HTMLInputElement).value).toBe('はなこ'),
    );
  });

  it('checks the PIN and nickname before sending anything', async () => {
    setUp();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('PIN（6桁の数字）'), '12');
    await user.click(screen.getByRole('button', { name: '参加する' }));
    expect((await screen.findByRole('alert')).textContent).toContain(CLASSROOM_MESSAGES.pinInvalid);
    // The field the error is about is the one marked invalid.
    expect(screen.getByLabelText('PIN（6桁の数字）').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('ニックネーム').getAttribute('aria-invalid')).toBeNull();
    await user.type(screen.getByLabelText('PIN（6桁の数字）'), '3456');
    await user.click(screen.getByRole('button', { name: '参加する' }));
    expect((await screen.findByRole('alert')).textContent).toContain(CLASSROOM_MESSAGES.nicknameRequired);
    expect(screen.getByLabelText('PIN（6桁の数字）').getAttribute('aria-invalid')).toBeNull();
    expect(screen.getByLabelText('ニックネーム').getAttribute('aria-invalid')).toBe('true');
    expect(FakeWebSocket.instances).toHaveLength(0);
  });

  it('sends join_class, and shows a refusal in Japanese on the form', async () => {
    setUp();
    const { socket } = await join();
    expect(socket.sentOf('join_class')).toEqual([{ type: 'join_class', pin: '123456', nickname: 'たろう' }]);
    act(() => socket.receive({ type: 'error', reason: 'nickname_taken', message: 'x' }));
    expect((await screen.findByRole('alert')).textContent).toContain(CLASSROOM_MESSAGES.nicknameTaken);
    expect(screen.getByLabelText('ニックネーム').getAttribute('aria-invalid')).toBe('true');
    expect((screen.getByRole('button', { name: '参加する' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('plays a question: the offered letters only, 回答しました, then ○/× with points, total and rank', async () => {
    setUp();
    const { socket, user } = await join();
    act(() => socket.receive(joined()));
    expect(await screen.findByRole('heading', { name: '参加しました！' })).toBeTruthy();
    act(() => socket.receive(classQuestion(0, Date.now() + 20_000, { serverTime: Date.now() })));
    const group = await screen.findByRole('group', { name: '回答を選んでください' });
    const buttons = within(group).getAllByRole('button');
    expect(buttons.map((button) => button.getAttribute('aria-label'))).toEqual([
      'A（三角）',
      'B（ひし形）',
      'C（丸）',
    ]);
    expect(screen.getByRole('timer').getAttribute('aria-label')).toMatch(/残り (19|20) 秒/);
    await user.click(screen.getByRole('button', { name: 'B（ひし形）' }));
    expect(socket.sentOf('answer')).toEqual([{ type: 'answer', answer: 'B', questionIndex: 0 }]);
    expect((screen.getByRole('button', { name: 'A（三角）' }) as HTMLButtonElement).disabled).toBe(true);
    act(() => socket.receive({ type: 'answer_accepted', gameId: 'g1', questionIndex: 0, answer: 'B' }));
    expect(await screen.findByText('回答しました')).toBeTruthy();
    act(() =>
      socket.receive({
        type: 'class_result',
        gameId: 'g1',
        questionIndex: 0,
        isCorrect: true,
        points: 950,
        totalScore: 950,
        rank: 1,
        correctAnswer: 'B',
      }),
    );
    expect(await screen.findByRole('heading', { name: '○ 正解' })).toBeTruthy();
    expect(screen.getByText('+950点')).toBeTruthy();
    expect(screen.getByText('1位')).toBeTruthy();
  });

  it('shows the question text on the device when the host turned it on', async () => {
    setUp();
    const { socket } = await join();
    act(() => socket.receive(joined()));
    act(() =>
      socket.receive(
        classQuestion(0, Date.now() + 20_000, {
          text: '日本で一番広い県は？',
          choices: { A: '北海道', B: '岩手県', C: '長野県' },
          image: { url: '/images/q/map.webp', width: 640, height: 480, alt: '東北地方の地図' },
        }),
      ),
    );
    expect(await screen.findByText('日本で一番広い県は？')).toBeTruthy();
    // Its picture too, in a box of its own size (no shift when it loads).
    const picture = screen.getByRole('img', { name: '東北地方の地図' });
    expect([picture.getAttribute('width'), picture.getAttribute('height')]).toEqual(['640', '480']);
    expect(screen.getByRole('button', { name: 'B（ひし形）: 岩手県' })).toBeTruthy();
  });

  it('shows the rank, score and podium at the end, and forgets the seat', async () => {
    setUp();
    const { socket } = await join();
    act(() => socket.receive(joined()));
    await waitFor(() => expect(window.sessionStorage.getItem(PLAYER_SEAT_KEY)).not.toBeNull());
    act(() =>
      socket.receive({
        type: 'class_finished',
        gameId: 'g1',
        rank: 2,
        totalScore: 1500,
        podium: [
          { nickname: 'じろう', totalScore: 1900 },
          { nickname: 'たろう', totalScore: 1500 },
        ],
      }),
    );
    expect(await screen.findByRole('heading', { name: 'ゲーム終了' })).toBeTruthy();
    expect(screen.getByText('2位', { selector: 'dd' })).toBeTruthy();
    const podium = screen.getByRole('list', { name: '表彰台' });
    expect(within(podium).getByText('じろう')).toBeTruthy();
    // The game is over: nothing is left to resume on a reload.
    expect(window.sessionStorage.getItem(PLAYER_SEAT_KEY)).toBeNull();
  });

  it('says so when the host removes the player, and forgets the seat', async () => {
    setUp();
    const { socket } = await join();
    act(() => socket.receive(joined()));
    await waitFor(() => expect(window.sessionStorage.getItem(PLAYER_SEAT_KEY)).not.toBeNull());
    act(() => socket.receive({ type: 'class_left', gameId: 'g1', reason: 'kicked' }));
    expect(await screen.findByRole('heading', { name: CLASSROOM_MESSAGES.kicked })).toBeTruthy();
    expect(window.sessionStorage.getItem(PLAYER_SEAT_KEY)).toBeNull();
  });

  it('after a reload joins again with the resume token and comes back to the same question', async () => {
    window.sessionStorage.setItem(
      PLAYER_SEAT_KEY,
      JSON.stringify({ pin: '123456', nickname: 'たろう', resumeToken: 'tok-1' }),
    );
    setUp();
    await waitFor(() => expect(FakeWebSocket.instances).toHaveLength(1));
    const socket = FakeWebSocket.latest;
    act(() => socket.open());
    expect(socket.sentOf('join_class')).toEqual([
      { type: 'join_class', pin: '123456', nickname: 'たろう', resumeToken: 'tok-1' },
    ]);
    const deadline = Date.now() + 15_000;
    act(() =>
      socket.receive(
        joined(
          playerGame({
            state: 'question',
            questionIndex: 1,
            question: { questionIndex: 1, totalQuestions: 2, options: ['A', 'B', 'C', 'D'], deadline },
            myAnswer: 'D',
          }),
        ),
      ),
    );
    expect(await screen.findByRole('heading', { name: '問題 2 / 2' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'D（四角）' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByText('回答しました')).toBeTruthy();
  });

  it('after a dropped socket reconnects and sends join_class with the token it was given', async () => {
    setUp();
    const { socket } = await join();
    act(() => socket.receive(joined()));
    await screen.findByRole('heading', { name: '参加しました！' });
    vi.useFakeTimers();
    try {
      act(() => socket.drop());
      expect(screen.getByText('再接続しています...')).toBeTruthy();
      act(() => vi.advanceTimersByTime(1000));
    } finally {
      vi.useRealTimers();
    }
    expect(FakeWebSocket.instances).toHaveLength(2);
    const next = FakeWebSocket.latest;
    act(() => next.open());
    expect(next.sentOf('join_class')).toEqual([
      { type: 'join_class', pin: '123456', nickname: 'たろう', resumeToken: 'tok-1' },
    ]);
  });

  it('a resume whose game is over goes back to the form with the PIN and nickname', async () => {
    window.sessionStorage.setItem(
      PLAYER_SEAT_KEY,
      JSON.stringify({ pin: '123456', nickname: 'たろう', resumeToken: 'tok-1' }),
    );
    setUp();
    await waitFor(() => expect(FakeWebSocket.instances).toHaveLength(1));
    const socket = FakeWebSocket.latest;
    act(() => socket.open());
    act(() => socket.receive({ type: 'error', reason: 'not_found', message: 'x' }));
    expect((await screen.findByRole('alert')).textContent).toContain(CLASSROOM_MESSAGES.gameNotFound);
    expect((screen.getByLabelText('PIN（6桁の数字）') as HTMLInputElement).value).toBe('123456');
    expect((screen.getByLabelText('ニックネーム') as HTMLInputElement).value).toBe('たろう');
    expect(window.sessionStorage.getItem(PLAYER_SEAT_KEY)).toBeNull();
  });
});
