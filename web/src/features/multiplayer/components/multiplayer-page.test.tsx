import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MULTIPLAYER_MESSAGES, type Room } from '@shared/multiplayer';
import { holdsEveryWord, quizSearchText, searchWords } from '@shared/search-text';
import { dismissToast } from '@web/components/toast/toast-store';
import { Toaster } from '@web/components/toast/toaster';
import { FakeWebSocket, fakeWebSocketsEachTest } from '@web/testing/fake-websocket';
import { hanako } from '@web/testing/members';
import { fakeFetch, json, renderWithProviders } from '@web/testing/render';
import { TAKEN_OVER_MESSAGE } from '../game-controller';
import { player, room } from '../testing/rooms';
import { MultiplayerPage } from './multiplayer-page';

const quiz = (
  id: string,
  title: string,
  description: string,
  questionCount: number,
  extra: { category?: string; authorId?: string; isPublished?: boolean; isHidden?: boolean } = {},
) => ({
  id,
  title,
  description,
  category: extra.category ?? '地理',
  difficulty: '初級',
  timeLimit: 10,
  questionCount,
  participantCount: 0,
  totalPlayers: 0,
  averageRating: 0,
  authorId: extra.authorId ?? 'a1',
  authorName: 'みんなのクイズ編集部',
  isPublished: extra.isPublished ?? true,
  isHidden: extra.isHidden ?? false,
  reportCount: 0,
  createdAt: '2026-04-01T00:00:00.000Z',
  updatedAt: '2026-04-01T00:00:00.000Z',
  tags: [],
});

/** The public catalogue the search index answers from (far more than a page of the newest). */
const catalogue = [
  quiz('q1', '日本の地理', '都道府県と山と川の問題', 2),
  quiz('q2', '世界史クイズ', '古代から近代まで', 5, { category: '歴史' }),
  quiz('q0', '準備中のクイズ', 'まだ問題がありません', 0),
  quiz('q7', 'ことわざ・慣用句', '昔からの言い回し', 10, { category: '一般知識' }),
];

/** The member's own quizzes (GET /api/my-quizzes): one public, one private, one hidden by an administrator. */
const ownQuizzes = [
  quiz('m1', 'わたしの地理クイズ', '自作の問題', 3, { authorId: 'u1' }),
  quiz('m2', 'ひみつの地理メモ', '下書き', 4, { authorId: 'u1', isPublished: false }),
  quiz('m3', '見直し中の地理', '報告を受けて非表示', 4, { authorId: 'u1', isHidden: true }),
];

/** `GET /api/quizzes/search` as the index answers it: every word, and the category when given. */
function searchAnswer(url: URL) {
  const words = searchWords(url.searchParams.get('q') ?? '');
  const category = url.searchParams.get('category');
  return json(
    catalogue.filter(
      (entry) => (!category || entry.category === category) && holdsEveryWord(quizSearchText(entry), words),
    ),
  );
}

const activeRooms = {
  rooms: [
    {
      id: 'KEY234',
      isLocked: true,
      host: 'じろう',
      playerCount: 1,
      maxPlayers: 4,
      gameState: 'waiting',
      quizTitle: '世界史クイズ',
    },
    {
      id: 'PLAY99',
      isLocked: false,
      host: 'さぶろう',
      playerCount: 3,
      maxPlayers: 4,
      gameState: 'question',
      quizTitle: '日本の地理',
    },
  ],
};

const question = (questionIndex: number, text: string, deadline = Date.now() + 600_000) => ({
  type: 'question',
  roomId: 'ABC234',
  question: { text, options: { A: '北海道', B: '岩手県', C: '長野県', D: '新潟県' } },
  timeLimit: 15,
  totalQuestions: 2,
  questionIndex,
  deadline,
});

const finished = {
  type: 'game_finished',
  roomId: 'ABC234',
  quizId: 'q1',
  totalQuestions: 2,
  results: [
    {
      rank: 1,
      playerId: 'u1',
      nickname: 'はなこ',
      score: 950,
      correctCount: 1,
      answers: { qa: 'A', qb: '-' },
    },
    { rank: 2, playerId: 'u2', nickname: 'たろう', score: 0, correctCount: 0, answers: { qa: 'B', qb: 'C' } },
  ],
  winner: {
    rank: 1,
    playerId: 'u1',
    nickname: 'はなこ',
    score: 950,
    correctCount: 1,
    answers: { qa: 'A', qb: '-' },
  },
};

fakeWebSocketsEachTest();

beforeEach(() => {
  // Toasts and the attempt ledger are the page's module state: each test starts without them.
  act(() => dismissToast());
  window.localStorage.clear();
});

afterEach(() => {
  vi.useRealTimers();
});

function setUp(
  route = '/multiplayer',
  answers: Record<string, () => Response> = {},
  { strict = false }: { strict?: boolean } = {},
) {
  const fake = fakeFetch({
    '/api/auth/me': () => json(hanako),
    '/api/my-quizzes': () => json(ownQuizzes),
    '/api/multiplayer/rooms': () => json(activeRooms),
    '/api/quizzes/q1/attempt/progress': () => json({ saved: true }),
    '/api/quizzes/q1/attempt': () =>
      json({ id: 'q1~1', score: 1, totalQuestions: 2, message: 'クイズ完了！' }, 201),
    ...answers,
  });
  const searches: URLSearchParams[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname !== '/api/quizzes/search') return fake.fetchImpl(input, init);
    searches.push(url.searchParams);
    return searchAnswer(url);
  });
  const page = (
    <>
      <MultiplayerPage />
      <Toaster />
    </>
  );
  // StrictMode mounts the page, unmounts it and mounts it again, as development builds do.
  renderWithProviders(strict ? <StrictMode>{page}</StrictMode> : page, { route });
  return { ...fake, searches };
}

const authenticated = (roomId: string | null) => ({
  type: 'authenticated',
  user: { id: 'u1', nickname: 'はなこ' },
  roomId,
});

/** Waits for the page's socket, opens it and answers its auth. */
async function connect() {
  await screen.findByRole('heading', { name: /マルチプレイ/ });
  await waitFor(() => expect(FakeWebSocket.instances).toHaveLength(1));
  const socket = FakeWebSocket.latest;
  act(() => socket.open());
  act(() => socket.receive(authenticated(null)));
  return socket;
}

/** Connected and in room ABC234 as its host. */
async function inRoom(overrides: Partial<Room> = {}) {
  const fake = setUp();
  const socket = await connect();
  act(() => socket.receive({ type: 'room_created', roomId: 'ABC234', room: room(overrides) }));
  await screen.findByRole('heading', { name: /ルーム\s?ABC234/ });
  return { fake, socket };
}

const answerButton = (letter: string) => screen.getByRole('button', { name: new RegExp(`^${letter}: `) });

describe('MultiplayerPage', () => {
  it('shows the login-required card to a guest and opens no socket', async () => {
    vi.stubGlobal(
      'fetch',
      fakeFetch({ '/api/auth/me': () => json({ message: 'ログインが必要です' }, 401) }).fetchImpl,
    );
    renderWithProviders(<MultiplayerPage />, { route: '/multiplayer' });
    expect(await screen.findByRole('heading', { name: 'ログインが必要です' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'ログインする' }).getAttribute('href')).toBe(
      '/login?redirect=%2Fmultiplayer',
    );
    expect(FakeWebSocket.instances).toHaveLength(0);
  });

  it('sends a guest who followed a room link to the login with the way back to that room', async () => {
    vi.stubGlobal(
      'fetch',
      fakeFetch({ '/api/auth/me': () => json({ message: 'ログインが必要です' }, 401) }).fetchImpl,
    );
    renderWithProviders(<MultiplayerPage />, { route: '/multiplayer?room=ABC234' });
    const link = await screen.findByRole('link', { name: 'ログインする' });
    expect(link.getAttribute('href')).toBe('/login?redirect=%2Fmultiplayer%3Froom%3DABC234');
  });

  it('checks the join code and the connection with the spec messages, and waits for the socket to create', async () => {
    setUp();
    await screen.findByRole('heading', { name: /マルチプレイ/ });
    await waitFor(() => expect(FakeWebSocket.instances).toHaveLength(1));
    expect(FakeWebSocket.latest.url).toBe(`ws://${window.location.host}/ws`);

    const create = screen.getByRole('button', { name: /接続中/ });
    expect((create as HTMLButtonElement).disabled).toBe(true);

    const code = screen.getByLabelText('ルームコード') as HTMLInputElement;
    expect(code.maxLength).toBe(6);
    fireEvent.click(screen.getByRole('button', { name: '参加する' }));
    expect(await screen.findByText(MULTIPLAYER_MESSAGES.roomCodeRequired)).toBeTruthy();
    fireEvent.change(code, { target: { value: 'abc234' } });
    expect(code.value).toBe('ABC234');
    fireEvent.click(screen.getByRole('button', { name: '参加する' }));
    expect((await screen.findAllByText(MULTIPLAYER_MESSAGES.connecting)).length).toBeGreaterThan(0);

    const socket = FakeWebSocket.latest;
    act(() => socket.open());
    expect(socket.sent[0]).toEqual({ type: 'auth' });
    fireEvent.click(screen.getByRole('button', { name: 'ルームを作成' }));
    expect(await screen.findByText(MULTIPLAYER_MESSAGES.quizRequired)).toBeTruthy();
    expect(socket.sentOf('create_room')).toHaveLength(0);

    // The picker searches title and description and shows each quiz's question count.
    await screen.findByText('世界史クイズ', { selector: '.quiz-option__title' });
    fireEvent.change(screen.getByLabelText('キーワード'), { target: { value: '都道府県' } });
    await waitFor(() =>
      expect(screen.queryByText('世界史クイズ', { selector: '.quiz-option__title' })).toBeNull(),
    );
    fireEvent.click(screen.getByRole('radio', { name: /日本の地理/ }));
    expect(screen.getByText('2問')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('キーワード'), { target: { value: '' } });
    expect(
      ((await screen.findByRole('radio', { name: /準備中のクイズ/ })) as HTMLInputElement).disabled,
    ).toBe(true);

    fireEvent.change(screen.getByLabelText('カテゴリ'), { target: { value: '地理' } });
    fireEvent.change(screen.getByRole('slider', { name: /最大人数/ }), { target: { value: '6' } });
    fireEvent.change(screen.getByRole('slider', { name: /回答時間/ }), { target: { value: '15' } });
    fireEvent.change(screen.getByLabelText('出題順'), { target: { value: 'random' } });
    fireEvent.click(screen.getByRole('button', { name: 'ルームを作成' }));
    expect(socket.sentOf('create_room')).toEqual([
      {
        type: 'create_room',
        quizId: 'q1',
        maxPlayers: 6,
        category: '地理',
        timePerQuestion: 15,
        randomOrder: true,
      },
    ]);
    expect(screen.getByRole('button', { name: /作成中/ })).toBeTruthy();
  });

  it('lists the active rooms and joins only a waiting room with a seat free', async () => {
    setUp();
    const socket = await connect();
    const locked = (await screen.findByText('KEY234')).closest('li')!;
    expect(within(locked).getByRole('img', { name: 'パスワード付き' })).toBeTruthy();
    expect(within(locked).getByText('待機中')).toBeTruthy();
    expect(within(locked).getByText('じろう')).toBeTruthy();
    expect(locked.textContent).toContain('1/4');
    const playing = screen.getByText('PLAY99').closest('li')!;
    expect(within(playing).getByText('ゲーム中')).toBeTruthy();
    expect(
      (within(playing).getByRole('button', { name: 'ルーム PLAY99 に参加' }) as HTMLButtonElement).disabled,
    ).toBe(true);

    // A locked room asks for its password first; Enter submits; a wrong one is said inside the dialog.
    fireEvent.click(within(locked).getByRole('button', { name: 'ルーム KEY234 に参加' }));
    const dialog = await screen.findByRole('dialog', { name: 'パスワードを入力' });
    expect(socket.sentOf('join_room')).toHaveLength(0);
    await userEvent.type(within(dialog).getByLabelText('パスワード'), 'secret{Enter}');
    expect(socket.sentOf('join_room')).toEqual([{ type: 'join_room', roomId: 'KEY234', password: 'secret' }]);
    act(() => socket.receive({ type: 'error', message: '', reason: 'wrong_password' }));
    expect(await within(dialog).findByText(MULTIPLAYER_MESSAGES.wrongPassword)).toBeTruthy();
    expect(document.querySelector('.toast')?.textContent ?? '').not.toContain(
      MULTIPLAYER_MESSAGES.wrongPassword,
    );

    fireEvent.click(within(dialog).getByRole('button', { name: 'キャンセル' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('opens the password dialog when a join by code needs one, then enters the room', async () => {
    setUp();
    const socket = await connect();
    fireEvent.change(screen.getByLabelText('ルームコード'), { target: { value: 'abc234' } });
    fireEvent.click(screen.getByRole('button', { name: '参加する' }));
    expect(socket.sentOf('join_room')).toEqual([{ type: 'join_room', roomId: 'ABC234' }]);
    act(() =>
      socket.receive({
        type: 'error',
        message: MULTIPLAYER_MESSAGES.passwordRequired,
        reason: 'password_required',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'パスワードを入力' });
    expect(within(dialog).getByText(MULTIPLAYER_MESSAGES.passwordRequired)).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('パスワード'), { target: { value: 'himitsu' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '参加する' }));
    expect(socket.sentOf('join_room')[1]).toEqual({
      type: 'join_room',
      roomId: 'ABC234',
      password: 'himitsu',
    });

    const joined = room({
      isLocked: true,
      host: 'たろう',
      hostId: 'u2',
      players: [player('u2', 'たろう', { isHost: true }), player('u1', 'はなこ')],
    });
    act(() =>
      socket.receive({
        type: 'player_joined',
        roomId: 'ABC234',
        room: joined,
        player: player('u1', 'はなこ'),
      }),
    );
    expect(await screen.findByRole('heading', { name: /ルーム\s?ABC234/ })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // Not the host: the settings are read-only.
    fireEvent.mouseDown(screen.getByRole('tab', { name: 'ルーム設定' }), { button: 0 });
    expect(await screen.findByText(MULTIPLAYER_MESSAGES.hostOnlySettings)).toBeTruthy();
    expect(screen.queryByRole('button', { name: '設定を保存' })).toBeNull();
  });

  it('shows other server errors in a destructive toast', async () => {
    setUp();
    const socket = await connect();
    act(() => socket.receive({ type: 'error', message: MULTIPLAYER_MESSAGES.roomFull, reason: 'room_full' }));
    expect((await screen.findAllByText(MULTIPLAYER_MESSAGES.roomFull)).length).toBeGreaterThan(0);
    expect(document.querySelector('.toast--destructive')).toBeTruthy();
  });

  it('joins from a ?room= link once the socket is open', async () => {
    setUp('/multiplayer?room=xyz789');
    await screen.findByRole('heading', { name: /マルチプレイ/ });
    expect((screen.getByLabelText('ルームコード') as HTMLInputElement).value).toBe('XYZ789');
    await waitFor(() => expect(FakeWebSocket.instances).toHaveLength(1));
    const socket = FakeWebSocket.latest;
    expect(socket.sentOf('join_room')).toHaveLength(0);
    act(() => socket.open());
    await waitFor(() =>
      expect(socket.sentOf('join_room')).toEqual([{ type: 'join_room', roomId: 'XYZ789' }]),
    );
  });

  it('runs the room: players, ready, share link, host settings and chat with the Enter rules', async () => {
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const { socket } = await inRoom();
    expect(screen.getByRole('tab', { name: 'プレイヤー (2/4)' })).toBeTruthy();
    expect(screen.getByText('たろう')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: '準備完了にする' }));
    expect(socket.sentOf('ready')).toHaveLength(1);
    const ready = room({
      players: [player('u1', 'はなこ', { isHost: true, isReady: true }), player('u2', 'たろう')],
    });
    act(() =>
      socket.receive({
        type: 'player_ready_changed',
        roomId: 'ABC234',
        room: ready,
        playerId: 'u1',
        isReady: true,
      }),
    );
    expect(screen.getByRole('button', { name: /準備完了！/ }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByText('準備完了 1/2')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: '招待リンクをコピー' }));
    await waitFor(() =>
      expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/multiplayer?room=ABC234`),
    );

    // The host edits the settings.
    fireEvent.mouseDown(screen.getByRole('tab', { name: 'ルーム設定' }), { button: 0 });
    const save = await screen.findByRole('button', { name: '設定を保存' });
    expect((save as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByRole('slider', { name: /回答時間/ }), { target: { value: '20' } });
    fireEvent.click(save);
    expect(socket.sentOf('update_room_settings')).toEqual([
      {
        type: 'update_room_settings',
        quizId: 'q1',
        quizTitle: '日本の地理',
        maxPlayers: 4,
        timePerQuestion: 20,
        category: 'all',
        randomOrder: false,
      },
    ]);

    const input = screen.getByLabelText('メッセージ');
    fireEvent.change(input, { target: { value: 'よろしく' } });
    fireEvent.keyDown(input, { key: 'Enter', shiftKey: true });
    fireEvent.keyDown(input, { key: 'Enter', isComposing: true });
    fireEvent.keyDown(input, { key: 'Enter', keyCode: 229 });
    expect(socket.sentOf('chat_message')).toHaveLength(0);
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(socket.sentOf('chat_message')).toEqual([{ type: 'chat_message', message: 'よろしく' }]);
    expect((input as HTMLTextAreaElement).value).toBe('');
    fireEvent.change(input, { target: { value: '   ' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(await screen.findByText(MULTIPLAYER_MESSAGES.chatEmpty)).toBeTruthy();
    expect(socket.sentOf('chat_message')).toHaveLength(1);
    act(() =>
      socket.receive({
        type: 'chat_message',
        roomId: 'ABC234',
        message: {
          id: 'm1',
          playerId: 'u2',
          nickname: 'たろう',
          message: 'こんにちは！',
          timestamp: '2026-05-01T03:00:00.000Z',
        },
      }),
    );
    expect(within(screen.getByRole('log')).getByText('こんにちは！')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: '退出する' }));
    expect(socket.sentOf('leave_room')).toHaveLength(1);
    expect(await screen.findByRole('heading', { name: /マルチプレイ/ })).toBeTruthy();
    // A late message of the room left does not pull the member back in.
    act(() =>
      socket.receive({
        type: 'player_ready_changed',
        roomId: 'ABC234',
        room: ready,
        playerId: 'u2',
        isReady: false,
      }),
    );
    expect(screen.queryByRole('heading', { name: /ルーム\s?ABC234/ })).toBeNull();
  });

  it('shows the question’s picture at its size, with its alt text, and the alt text in its box once it cannot be loaded', async () => {
    const { socket } = await inRoom();
    const image = { url: '/quiz-images/q1/abc.webp', width: 1280, height: 720, alt: '日本列島の地図' };
    const open = question(0, 'この地図で赤い県は？');
    act(() => socket.receive({ ...open, question: { ...open.question, image } }));
    const picture = (await screen.findByRole('img', { name: '日本列島の地図' })) as HTMLImageElement;
    expect([
      picture.getAttribute('src'),
      picture.getAttribute('width'),
      picture.getAttribute('height'),
    ]).toEqual([image.url, '1280', '720']);
    // Its author removed it mid-game: the players read its alt text in its place, not a broken image.
    fireEvent.error(picture);
    const missing = screen.getByRole('img', { name: '日本列島の地図' });
    expect(missing.tagName).toBe('DIV');
    expect(missing.textContent).toContain('日本列島の地図');
    expect(missing.style.aspectRatio).toBe('1280 / 720');
    act(() => socket.receive(question(1, '画像のない問題')));
    await screen.findByRole('heading', { name: '画像のない問題' });
    expect(screen.queryByRole('img', { name: '日本列島の地図' })).toBeNull();
  });

  it('plays a game: countdown, answering, stale messages ignored, reveal, podium, one attempt record', async () => {
    const { fake, socket } = await inRoom();
    act(() =>
      socket.receive({
        type: 'game_starting',
        roomId: 'ABC234',
        countdown: 3,
        startsAt: Date.now() + 3000,
        totalQuestions: 2,
      }),
    );
    expect(await screen.findByRole('heading', { name: 'まもなくスタート！' })).toBeTruthy();

    act(() => socket.receive(question(0, '日本でいちばん面積の大きい都道府県は？')));
    expect(
      await screen.findByRole('heading', { name: '日本でいちばん面積の大きい都道府県は？' }),
    ).toBeTruthy();
    expect(screen.getByText('問題 1 / 2')).toBeTruthy();
    const clock = /^残り (\d+) 秒$/.exec(screen.getByRole('timer').getAttribute('aria-label') ?? '');
    expect(Number(clock?.[1])).toBeGreaterThan(500);

    fireEvent.click(answerButton('A'));
    expect(socket.sentOf('answer')).toEqual([{ type: 'answer', answer: 'A', questionIndex: 0 }]);
    for (const letter of ['A', 'B', 'C', 'D'])
      expect((answerButton(letter) as HTMLButtonElement).disabled).toBe(true);
    expect(answerButton('A').getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(answerButton('B'));
    fireEvent.keyDown(window, { key: '2' });
    expect(socket.sentOf('answer')).toHaveLength(1);

    act(() => socket.receive({ type: 'answer_accepted', roomId: 'ABC234', questionIndex: 0, answer: 'A' }));
    expect(await screen.findByText(/回答しました！/)).toBeTruthy();
    await waitFor(() => {
      const progress = fake.calls.filter((call) => call.url === '/api/quizzes/q1/attempt/progress');
      expect(progress).toHaveLength(1);
      expect(JSON.parse(String(progress[0]!.init?.body))).toEqual({ answers: { '0': 'A' } });
    });
    act(() =>
      socket.receive({
        type: 'player_answered',
        roomId: 'ABC234',
        questionIndex: 0,
        playerId: 'u2',
        answeredCount: 2,
        playerCount: 2,
      }),
    );
    expect(screen.getByLabelText('回答済み 2/2人')).toBeTruthy();

    // Stale: the same question again, and a sync of another question, change nothing.
    act(() => socket.receive(question(0, '古い問題文')));
    act(() =>
      socket.receive({
        type: 'timer_sync',
        roomId: 'ABC234',
        questionIndex: 5,
        remainingTime: 1,
        deadline: 0,
        serverTime: Date.now(),
      }),
    );
    expect(screen.getByRole('heading', { name: '日本でいちばん面積の大きい都道府県は？' })).toBeTruthy();
    expect(screen.queryByText('時間切れ！')).toBeNull();

    act(() =>
      socket.receive({
        type: 'answer_reveal',
        roomId: 'ABC234',
        questionIndex: 0,
        totalQuestions: 2,
        results: [
          { playerId: 'u2', nickname: 'たろう', answer: 'B', isCorrect: false, score: 0, totalScore: 0 },
          { playerId: 'u1', nickname: 'はなこ', answer: 'A', isCorrect: true, score: 950, totalScore: 950 },
        ],
        correctAnswer: 'A',
        explanation: '北海道は約8.3万km²で最大です。',
        nextAt: Date.now() + 5000,
      }),
    );
    expect(await screen.findByRole('heading', { name: '正解！' })).toBeTruthy();
    expect(screen.getByText(/\+950点/)).toBeTruthy();
    expect(screen.getByText('北海道は約8.3万km²で最大です。')).toBeTruthy();
    expect(screen.getByText('A: 北海道')).toBeTruthy();
    const standings = within(screen.getByRole('region', { name: '現在の順位' }));
    const rows = standings.getAllByRole('listitem');
    expect(rows[0]!.textContent).toContain('はなこ');
    expect(within(rows[0]!).getByRole('img', { name: '正解' })).toBeTruthy();
    expect(within(rows[1]!).getByRole('img', { name: '不正解' })).toBeTruthy();

    // A question message of the revealed index arriving late is ignored.
    act(() => socket.receive(question(0, '古い問題文')));
    expect(screen.getByRole('heading', { name: '正解！' })).toBeTruthy();

    act(() => socket.receive(question(1, '日本でいちばん長い川は？')));
    expect(await screen.findByRole('heading', { name: '日本でいちばん長い川は？' })).toBeTruthy();
    expect((answerButton('A') as HTMLButtonElement).disabled).toBe(false);

    act(() => socket.receive(finished));
    expect(await screen.findByRole('heading', { name: 'ゲーム終了！' })).toBeTruthy();
    expect(screen.getByText(/優勝は/).textContent).toContain('はなこ');
    const podium = within(screen.getByRole('list', { name: '表彰台' }));
    expect(podium.getAllByRole('listitem')).toHaveLength(2);
    const table = within(screen.getByRole('table'));
    expect(table.getByRole('rowheader', { name: 'たろう' })).toBeTruthy();
    expect(table.getAllByText('1/2').length).toBe(1);

    // The attempt is recorded once, even if the message came twice.
    act(() => socket.receive(finished));
    await waitFor(() =>
      expect(fake.calls.filter((call) => call.url === '/api/quizzes/q1/attempt')).toHaveLength(1),
    );
    const attempt = fake.calls.find((call) => call.url === '/api/quizzes/q1/attempt')!;
    expect(attempt.init?.method).toBe('POST');
    expect(JSON.parse(String(attempt.init?.body))).toEqual({
      score: 1,
      totalQuestions: 2,
      answers: { qa: 'A', qb: '-' },
      roomId: 'ABC234',
    });

    act(() => socket.receive({ type: 'room_reset', roomId: 'ABC234', room: room() }));
    expect(await screen.findByRole('heading', { name: /ルーム\s?ABC234/ })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '前回の結果を見る' }));
    expect(await screen.findByRole('heading', { name: 'ゲーム終了！' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'ルームに戻る' }));
    expect(await screen.findByRole('heading', { name: /ルーム\s?ABC234/ })).toBeTruthy();
    expect(fake.calls.filter((call) => call.url === '/api/quizzes/q1/attempt')).toHaveLength(1);
  });

  it('ignores frames that are not the protocol', async () => {
    const { socket } = await inRoom();
    act(() => socket.onmessage?.(new MessageEvent('message', { data: 'not json' })));
    act(() => socket.receive({ type: 'question', roomId: 'ABC234', question: { text: '形の違う問題' } }));
    act(() => socket.receive({ type: 'no_such_type', roomId: 'ABC234' }));
    expect(screen.getByRole('heading', { name: /ルーム\s?ABC234/ })).toBeTruthy();
    expect(screen.queryByText('形の違う問題')).toBeNull();
  });

  it('locks the answers at 0 seconds', async () => {
    const { socket } = await inRoom();
    act(() => socket.receive(question(0, '時間切れの問題', Date.now() - 1)));
    expect(await screen.findByText('時間切れ！')).toBeTruthy();
    expect((answerButton('A') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.keyDown(window, { key: '1' });
    expect(socket.sentOf('answer')).toHaveLength(0);
  });

  it('puts a rejoining member back on the current question with the answer given', async () => {
    setUp();
    const socket = await connect();
    const { type: _type, ...current } = question(0, '再接続の問題');
    act(() =>
      socket.receive({
        type: 'room_rejoined',
        roomId: 'ABC234',
        room: room({ gameState: 'question', questionIndex: 0 }),
        question: current,
        myAnswer: 'B',
      }),
    );
    expect(await screen.findByRole('heading', { name: '再接続の問題' })).toBeTruthy();
    expect(answerButton('B').getAttribute('aria-pressed')).toBe('true');
    expect((answerButton('A') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText(/回答しました！/)).toBeTruthy();
  });

  it('reconnects 2 seconds after an abnormal close, and gives up after a few tries', async () => {
    const { socket } = await inRoom();
    vi.useFakeTimers();
    act(() => socket.drop(1006));
    expect(screen.getByText(/再接続しています/)).toBeTruthy();
    act(() => vi.advanceTimersByTime(1999));
    expect(FakeWebSocket.instances).toHaveLength(1);
    act(() => vi.advanceTimersByTime(1));
    expect(FakeWebSocket.instances).toHaveLength(2);

    // The second socket is refused (1006 again), and so are the next ones, each after a longer wait.
    act(() => FakeWebSocket.latest.drop(1006));
    act(() => vi.advanceTimersByTime(4000));
    expect(FakeWebSocket.instances).toHaveLength(3);
    act(() => FakeWebSocket.latest.drop(1006));
    act(() => vi.advanceTimersByTime(8000));
    expect(FakeWebSocket.instances).toHaveLength(4);
    act(() => FakeWebSocket.latest.drop(1006));
    act(() => vi.advanceTimersByTime(60_000));
    expect(FakeWebSocket.instances).toHaveLength(4);
    expect(screen.getByText(MULTIPLAYER_MESSAGES.notConnected)).toBeTruthy();

    // 再接続 opens a new socket; the server puts the member back into the room.
    fireEvent.click(screen.getByRole('button', { name: /再接続/ }));
    expect(FakeWebSocket.instances).toHaveLength(5);
    const fresh = FakeWebSocket.latest;
    act(() => fresh.open());
    expect(fresh.sent[0]).toEqual({ type: 'auth' });
    act(() => fresh.receive(authenticated('ABC234')));
    act(() => fresh.receive({ type: 'room_rejoined', roomId: 'ABC234', room: room(), myAnswer: null }));
    act(() => vi.advanceTimersByTime(5000));
    expect(screen.getByRole('heading', { name: /ルーム\s?ABC234/ })).toBeTruthy();
    expect(screen.queryByText(/再接続しています/)).toBeNull();
  });

  it('does not reconnect after a normal close', async () => {
    const { socket } = await inRoom();
    vi.useFakeTimers();
    act(() => socket.drop(1000));
    act(() => vi.advanceTimersByTime(10_000));
    expect(FakeWebSocket.instances).toHaveLength(1);
    expect(screen.getByText(MULTIPLAYER_MESSAGES.notConnected)).toBeTruthy();
  });

  it('goes back to the lobby when the next socket got no seat back, and waits for the rejoin when it did', async () => {
    const { socket } = await inRoom();
    vi.useFakeTimers();
    act(() => socket.drop(1006));
    act(() => vi.advanceTimersByTime(2000));
    const second = FakeWebSocket.latest;
    act(() => second.open());
    act(() => second.receive(authenticated('ABC234')));
    // The seat came back: the room stays on screen however long room_rejoined takes.
    act(() => vi.advanceTimersByTime(30_000));
    expect(screen.getByRole('heading', { name: /ルーム\s?ABC234/ })).toBeTruthy();
    const { type: _type, ...current } = question(0, '戻った先の問題');
    act(() =>
      second.receive({
        type: 'room_rejoined',
        roomId: 'ABC234',
        room: room({ gameState: 'question', questionIndex: 0, version: 4 }),
        question: current,
        myAnswer: null,
      }),
    );
    expect(screen.getByRole('heading', { name: '戻った先の問題' })).toBeTruthy();

    act(() => second.drop(1006));
    act(() => vi.advanceTimersByTime(2000));
    const third = FakeWebSocket.latest;
    act(() => third.open());
    act(() => third.receive(authenticated(null)));
    expect(screen.getByRole('heading', { name: /マルチプレイ/ })).toBeTruthy();
    expect(screen.getByText('ルームから切断されました')).toBeTruthy();
    // Late news of the room lost does not pull the member back in.
    act(() => third.receive({ type: 'room_reset', roomId: 'ABC234', room: room({ version: 9 }) }));
    expect(screen.queryByRole('heading', { name: /ルーム\s?ABC234/ })).toBeNull();
  });

  it('ignores a room snapshot older than the one shown', async () => {
    const { socket } = await inRoom({ version: 5 });
    const three = [player('u1', 'はなこ', { isHost: true }), player('u2', 'たろう'), player('u3', 'じろう')];
    act(() =>
      socket.receive({
        type: 'player_joined',
        roomId: 'ABC234',
        room: room({ version: 4, players: three }),
        player: player('u3', 'じろう'),
      }),
    );
    expect(screen.getByRole('tab', { name: 'プレイヤー (2/4)' })).toBeTruthy();
    expect(screen.queryByText('じろう')).toBeNull();
    act(() =>
      socket.receive({
        type: 'player_joined',
        roomId: 'ABC234',
        room: room({ version: 6, players: three }),
        player: player('u3', 'じろう'),
      }),
    );
    expect(screen.getByRole('tab', { name: 'プレイヤー (3/4)' })).toBeTruthy();
  });

  it('lets the player answer again when the server refused the answer, but not when it already had one', async () => {
    const { socket } = await inRoom();
    act(() => socket.receive(question(0, '拒否される回答')));
    await screen.findByRole('heading', { name: '拒否される回答' });
    fireEvent.click(answerButton('A'));
    expect((answerButton('B') as HTMLButtonElement).disabled).toBe(true);
    act(() => socket.receive({ type: 'error', message: MULTIPLAYER_MESSAGES.busy, reason: 'busy' }));
    expect((answerButton('B') as HTMLButtonElement).disabled).toBe(false);
    expect(answerButton('A').getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(answerButton('B'));
    expect(socket.sentOf('answer')).toEqual([
      { type: 'answer', answer: 'A', questionIndex: 0 },
      { type: 'answer', answer: 'B', questionIndex: 0 },
    ]);
    act(() =>
      socket.receive({
        type: 'error',
        message: MULTIPLAYER_MESSAGES.alreadyAnswered,
        reason: 'already_answered',
      }),
    );
    expect(answerButton('B').getAttribute('aria-pressed')).toBe('true');
    expect((answerButton('C') as HTMLButtonElement).disabled).toBe(true);
  });

  it('leaves for good a room left while the socket was down, when the next socket gets the seat back', async () => {
    const { socket } = await inRoom();
    vi.useFakeTimers();
    act(() => socket.drop(1006));
    fireEvent.click(screen.getByRole('button', { name: '退出する' }));
    expect(screen.getByRole('heading', { name: /マルチプレイ/ })).toBeTruthy();
    expect(socket.sentOf('leave_room')).toHaveLength(0);

    act(() => vi.advanceTimersByTime(2000));
    const fresh = FakeWebSocket.latest;
    act(() => fresh.open());
    expect(fresh.sent[0]).toEqual({ type: 'auth' });
    act(() => fresh.receive(authenticated('ABC234')));
    act(() =>
      fresh.receive({ type: 'room_rejoined', roomId: 'ABC234', room: room({ version: 3 }), myAnswer: null }),
    );
    expect(fresh.sentOf('leave_room')).toEqual([{ type: 'leave_room' }]);
    expect(screen.getByRole('heading', { name: /マルチプレイ/ })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: /ルーム\s?ABC234/ })).toBeNull();
  });

  it('stops taking the seat back once another tab took it over', async () => {
    const { socket } = await inRoom();
    act(() => socket.receive({ type: 'left_room', roomId: 'ABC234' }));
    expect(await screen.findByRole('heading', { name: /マルチプレイ/ })).toBeTruthy();
    expect((await screen.findAllByText(TAKEN_OVER_MESSAGE)).length).toBeGreaterThan(0);
    vi.useFakeTimers();
    act(() => socket.drop(1006));
    act(() => vi.advanceTimersByTime(2000));
    const fresh = FakeWebSocket.latest;
    act(() => fresh.open());
    expect(fresh.sent[0]).toEqual({ type: 'auth', rejoin: false });
  });

  it('does not count a leave the member asked for as a takeover', async () => {
    const { socket } = await inRoom();
    fireEvent.click(screen.getByRole('button', { name: '退出する' }));
    act(() => socket.receive({ type: 'left_room', roomId: 'ABC234' }));
    expect(screen.queryByText(TAKEN_OVER_MESSAGE)).toBeNull();
    vi.useFakeTimers();
    act(() => socket.drop(1006));
    act(() => vi.advanceTimersByTime(2000));
    act(() => FakeWebSocket.latest.open());
    expect(FakeWebSocket.latest.sent[0]).toEqual({ type: 'auth' });
  });

  it('puts a rejoining member back on the results of the question', async () => {
    setUp();
    const socket = await connect();
    act(() =>
      socket.receive({
        type: 'room_rejoined',
        roomId: 'ABC234',
        room: room({ gameState: 'results', questionIndex: 0 }),
        myAnswer: null,
        reveal: {
          roomId: 'ABC234',
          questionIndex: 0,
          totalQuestions: 2,
          results: [
            { playerId: 'u1', nickname: 'はなこ', answer: 'A', isCorrect: true, score: 900, totalScore: 900 },
            { playerId: 'u2', nickname: 'たろう', answer: null, isCorrect: false, score: 0, totalScore: 0 },
          ],
          correctAnswer: 'A',
          explanation: '北海道です。',
          nextAt: Date.now() + 5000,
        },
      }),
    );
    expect(await screen.findByRole('heading', { name: '正解！' })).toBeTruthy();
    expect(screen.getByText('北海道です。')).toBeTruthy();
  });

  it('puts a rejoining member back on the final ranking and records the attempt once', async () => {
    const fake = setUp();
    const socket = await connect();
    const { type: _type, ...ranking } = finished;
    const rejoined = {
      type: 'room_rejoined',
      roomId: 'ABC234',
      room: room({ gameState: 'finished', questionIndex: 1, version: 8 }),
      myAnswer: null,
      finished: ranking,
    };
    act(() => socket.receive(rejoined));
    expect(await screen.findByRole('heading', { name: 'ゲーム終了！' })).toBeTruthy();
    expect(screen.getByText(/優勝は/).textContent).toContain('はなこ');
    const attempts = () => fake.calls.filter((call) => call.url === '/api/quizzes/q1/attempt');
    await waitFor(() => expect(attempts()).toHaveLength(1));
    expect(JSON.parse(String(attempts()[0]!.init?.body))).toEqual({
      score: 1,
      totalQuestions: 2,
      answers: { qa: 'A', qb: '-' },
      roomId: 'ABC234',
    });

    // The same podium again (a reconnect, or game_finished arriving late) records nothing more.
    vi.useFakeTimers();
    act(() => socket.drop(1006));
    act(() => vi.advanceTimersByTime(2000));
    const fresh = FakeWebSocket.latest;
    act(() => fresh.open());
    act(() => fresh.receive(authenticated('ABC234')));
    act(() => fresh.receive(rejoined));
    act(() => fresh.receive(finished));
    expect(screen.getByRole('heading', { name: 'ゲーム終了！' })).toBeTruthy();
    // The POST's fetch starts synchronously with the message that sets it off.
    expect(attempts()).toHaveLength(1);
  });

  it('sends one ready toggle per confirmation and no second join while one is under way', async () => {
    const { socket } = await inRoom();
    const ready = screen.getByRole('button', { name: '準備完了にする' });
    fireEvent.click(ready);
    fireEvent.click(ready);
    expect(socket.sentOf('ready')).toHaveLength(1);
    act(() =>
      socket.receive({
        type: 'player_ready_changed',
        roomId: 'ABC234',
        room: room({
          version: 2,
          players: [player('u1', 'はなこ', { isHost: true, isReady: true }), player('u2', 'たろう')],
        }),
        playerId: 'u1',
        isReady: true,
      }),
    );
    fireEvent.click(screen.getByRole('button', { name: /準備完了！/ }));
    expect(socket.sentOf('ready')).toHaveLength(2);

    fireEvent.click(screen.getByRole('button', { name: '退出する' }));
    const open = (await screen.findByText('KEY234')).closest('li')!;
    fireEvent.change(screen.getByLabelText('ルームコード'), { target: { value: 'xyz789' } });
    fireEvent.click(screen.getByRole('button', { name: '参加する' }));
    expect(socket.sentOf('join_room')).toHaveLength(1);
    expect(
      (within(open).getByRole('button', { name: 'ルーム KEY234 に参加' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    expect((screen.getByRole('button', { name: /参加中/ }) as HTMLButtonElement).disabled).toBe(true);
    act(() => socket.receive({ type: 'error', message: MULTIPLAYER_MESSAGES.roomFull, reason: 'room_full' }));
    expect(
      (within(open).getByRole('button', { name: 'ルーム KEY234 に参加' }) as HTMLButtonElement).disabled,
    ).toBe(false);
  });
  it('searches the whole catalogue as the member types, narrows it by the category, and lists their own quizzes first', async () => {
    const { searches } = setUp();
    const socket = await connect();
    await screen.findByText('世界史クイズ', { selector: '.quiz-option__title' });
    expect(Object.fromEntries(searches[0]!)).toEqual({ sort: 'popular' });

    // Typed words go to the search index once the typing stops (not each keystroke).
    const words = screen.getByLabelText('キーワード');
    fireEvent.change(words, { target: { value: 'こと' } });
    fireEvent.change(words, { target: { value: 'ことわざ' } });
    expect(await screen.findByRole('radio', { name: /ことわざ・慣用句/ })).toBeTruthy();
    await waitFor(() =>
      expect(screen.queryByText('世界史クイズ', { selector: '.quiz-option__title' })).toBeNull(),
    );
    expect(searches.map((params) => params.get('q'))).not.toContain('こと');
    expect(Object.fromEntries(searches.at(-1)!)).toEqual({ q: 'ことわざ', sort: 'popular' });

    // The category select narrows the search itself.
    fireEvent.change(words, { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('カテゴリ'), { target: { value: '歴史' } });
    expect(await screen.findByRole('radio', { name: /世界史クイズ/ })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('radio', { name: /日本の地理/ })).toBeNull());
    expect(Object.fromEntries(searches.at(-1)!)).toEqual({ category: '歴史', sort: 'popular' });
    expect(screen.queryByText('自分のクイズ')).toBeNull();

    // The member's own quizzes come first; private and hidden ones say why they cannot host a room.
    fireEvent.change(screen.getByLabelText('カテゴリ'), { target: { value: '地理' } });
    await screen.findByRole('radio', { name: /日本の地理/ });
    const own = screen.getByRole('radio', { name: /わたしの地理クイズ/ }) as HTMLInputElement;
    expect(screen.getByText('自分のクイズ')).toBeTruthy();
    expect(own.disabled).toBe(false);
    const secret = screen.getByRole('radio', { name: /ひみつの地理メモ/ }) as HTMLInputElement;
    expect(secret.disabled).toBe(true);
    expect(secret.closest('label')!.textContent).toContain('非公開のため対戦には使えません');
    const hidden = screen.getByRole('radio', { name: /見直し中の地理/ }) as HTMLInputElement;
    expect(hidden.disabled).toBe(true);
    expect(hidden.closest('label')!.textContent).toContain('非表示のため対戦には使えません');
    const radios = screen.getAllByRole('radio').map((radio) => radio.closest('label')!.textContent);
    expect(radios.findIndex((text) => text!.includes('わたしの地理クイズ'))).toBeLessThan(
      radios.findIndex((text) => text!.includes('日本の地理')),
    );
    fireEvent.click(own);
    fireEvent.click(screen.getByRole('button', { name: 'ルームを作成' }));
    expect(socket.sentOf('create_room')).toEqual([
      {
        type: 'create_room',
        quizId: 'm1',
        maxPlayers: 4,
        category: '地理',
        timePerQuestion: 30,
        randomOrder: false,
      },
    ]);
  });

  it('opens with the quiz a 「みんなで遊ぶ」 link names already chosen, in its category, and creates the room on it', async () => {
    setUp('/multiplayer?quiz=q7', { '/api/quizzes/q7': () => json({ ...catalogue[3], questions: [] }) });
    const socket = await connect();
    expect(
      await screen.findByText('ことわざ・慣用句', { selector: '.quiz-picker__chosen strong' }),
    ).toBeTruthy();
    expect((screen.getByLabelText('カテゴリ') as HTMLSelectElement).value).toBe('一般知識');
    fireEvent.click(screen.getByRole('button', { name: 'ルームを作成' }));
    expect(socket.sentOf('create_room')).toEqual([
      {
        type: 'create_room',
        quizId: 'q7',
        maxPlayers: 4,
        category: '一般知識',
        timePerQuestion: 30,
        randomOrder: false,
      },
    ]);
  });

  it('says why a linked quiz cannot host a room, and chooses nothing', async () => {
    setUp('/multiplayer?quiz=m2', { '/api/quizzes/m2': () => json({ ...ownQuizzes[1], questions: [] }) });
    await connect();
    expect(await screen.findByText(MULTIPLAYER_MESSAGES.quizNotPublic)).toBeTruthy();
    expect(screen.queryByText(/選択中/)).toBeNull();
  });

  it('shows only the new room when the old seat comes back while a room is being created', async () => {
    setUp();
    await screen.findByRole('heading', { name: /マルチプレイ/ });
    await waitFor(() => expect(FakeWebSocket.instances).toHaveLength(1));
    const socket = FakeWebSocket.latest;
    act(() => socket.open());
    // Created before the server answered the auth.
    fireEvent.click(await screen.findByRole('radio', { name: /日本の地理/ }));
    fireEvent.click(screen.getByRole('button', { name: 'ルームを作成' }));
    expect(socket.sentOf('create_room')).toHaveLength(1);
    // The auth took back the seat of a room held from before; the creation leaves it.
    const old = room({ id: 'OLD234', version: 3 });
    act(() => socket.receive(authenticated('OLD234')));
    act(() => socket.receive({ type: 'room_rejoined', roomId: 'OLD234', room: old, myAnswer: null }));
    act(() =>
      socket.receive({
        type: 'player_ready_changed',
        roomId: 'OLD234',
        room: { ...old, version: 4 },
        playerId: 'u2',
        isReady: true,
      }),
    );
    expect(screen.queryByRole('heading', { name: /OLD234/ })).toBeNull();
    expect(screen.getByRole('button', { name: /作成中/ })).toBeTruthy();
    act(() => socket.receive({ type: 'room_created', roomId: 'ABC234', room: room() }));
    expect(await screen.findByRole('heading', { name: /ルーム\s?ABC234/ })).toBeTruthy();
    expect(screen.queryByText(/OLD234/)).toBeNull();
  });

  it('shows the room the member is still in when the creation that would have left it fails', async () => {
    setUp();
    await screen.findByRole('heading', { name: /マルチプレイ/ });
    await waitFor(() => expect(FakeWebSocket.instances).toHaveLength(1));
    const socket = FakeWebSocket.latest;
    act(() => socket.open());
    fireEvent.click(await screen.findByRole('radio', { name: /日本の地理/ }));
    fireEvent.click(screen.getByRole('button', { name: 'ルームを作成' }));
    act(() => socket.receive(authenticated('OLD234')));
    act(() =>
      socket.receive({
        type: 'room_rejoined',
        roomId: 'OLD234',
        room: room({ id: 'OLD234' }),
        myAnswer: null,
      }),
    );
    expect(screen.queryByRole('heading', { name: /OLD234/ })).toBeNull();
    act(() => socket.receive({ type: 'error', message: MULTIPLAYER_MESSAGES.busy, reason: 'busy' }));
    expect(await screen.findByRole('heading', { name: /ルーム\s?OLD234/ })).toBeTruthy();
    expect((await screen.findAllByText(MULTIPLAYER_MESSAGES.busy)).length).toBeGreaterThan(0);
  });

  it('opens one socket on page load, also when React mounts the page twice, and sends auth the moment it opens', async () => {
    setUp('/multiplayer', {}, { strict: true });
    await screen.findByRole('heading', { name: /マルチプレイ/ });
    await waitFor(() => expect(FakeWebSocket.instances.length).toBeGreaterThan(0));
    // The task in which React mounted it twice is over: nothing closed the socket or opened another.
    await act(() => new Promise((done) => setTimeout(done, 0)));
    expect(FakeWebSocket.instances).toHaveLength(1);
    const socket = FakeWebSocket.latest;
    expect(socket.closedWith).toBeUndefined();
    act(() => socket.open());
    expect(socket.sent[0]).toEqual({ type: 'auth' });
  });

  it('tries a first socket that never opened again at once, not after the 2 s wait of a dropped one', async () => {
    setUp();
    await screen.findByRole('heading', { name: /マルチプレイ/ });
    await waitFor(() => expect(FakeWebSocket.instances).toHaveLength(1));
    vi.useFakeTimers();
    // Refused before it opened (the handshake failed): a new socket goes now.
    act(() => FakeWebSocket.latest.drop(1006));
    expect(FakeWebSocket.instances).toHaveLength(2);
    act(() => FakeWebSocket.latest.open());
    expect(FakeWebSocket.latest.sent[0]).toEqual({ type: 'auth' });
    // A live socket that drops waits the spec's 2 seconds, as before.
    act(() => FakeWebSocket.latest.drop(1006));
    act(() => vi.advanceTimersByTime(1999));
    expect(FakeWebSocket.instances).toHaveLength(2);
    act(() => vi.advanceTimersByTime(1));
    expect(FakeWebSocket.instances).toHaveLength(3);
  });

  it('says 引き分け and names everyone who shares first place when the game has no winner, 0–0 included', async () => {
    const { socket } = await inRoom();
    const entry = (playerId: string, nickname: string) => ({
      rank: 1,
      playerId,
      nickname,
      score: 0,
      correctCount: 0,
      answers: { qa: 'B', qb: 'C' },
    });
    act(() =>
      socket.receive({
        ...finished,
        results: [entry('u1', 'はなこ'), entry('u2', 'たろう')],
        winner: null,
      }),
    );
    expect(await screen.findByRole('heading', { name: 'ゲーム終了！' })).toBeTruthy();
    expect(document.querySelector('.mp-winner')!.textContent).toBe(
      '引き分け！ はなこさん・たろうさんが同点で1位です（0点）',
    );
    expect(screen.queryByText(/優勝は/)).toBeNull();
    expect(document.querySelector('.mp-finished__mine')!.textContent).toBe(
      'あなたは 1位（同点）・0/2問正解・スコア 0点',
    );
    const table = within(screen.getByRole('table'));
    expect(table.getAllByText('0点')).toHaveLength(2);
  });
});
