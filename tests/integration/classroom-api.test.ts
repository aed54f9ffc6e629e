import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLASSROOM_LIMITS, CLASSROOM_MESSAGES as M } from '@shared/classroom';
import { db } from '@functions/data/db';
import { queryAll } from '@functions/data/paginate';
import { getConfig } from '@functions/lib/config';
import {
  ClassGameKeys,
  ClassPinKeys,
  ClassPlayerKeys,
  ClassQuestionsKeys,
} from '@functions/classroom/class-keys';
import {
  addPlayer,
  getGame,
  removePlayer,
  saveReveal,
  setHostSocket,
  setLocked,
} from '@functions/classroom/class-store';
import { revealOf, type ClassPlayerItem } from '@functions/classroom/class-policy';
import { skeleton } from '@functions/users/skeleton';
import { seed } from '../../scripts/seed';
import { member, PASSWORD, registered, visitor } from '../support/actors';
import { startTestGateway } from '../support/gateway';
import { createRoomQuiz } from '../support/multiplayer';

/**
 * Class games' host calls (issue 31; docs/classroom.md) through the local gateway: creating a game
 * (quiz rules, PIN, the three live games a host may run under 30 parallel creations), reading it
 * as its host only, the host's list, the results and their CSV, and the account deletion that takes
 * the host's games with it.
 */
let gateway: Awaited<ReturnType<typeof startTestGateway>>;

beforeAll(async () => {
  gateway = await startTestGateway();
  await seed();
});
afterAll(() => gateway.stop());

type Client = Awaited<ReturnType<typeof member>>['client'];

const create = (client: Client, json: Record<string, unknown>) =>
  client.request('POST', '/api/classroom/games', { json });

describe('creating a class game', () => {
  it('opens a game on a public quiz with a 6-digit PIN and the join URL; only the host may read it', async () => {
    const host = await member(gateway);
    const quiz = await createRoomQuiz(host.client, ['A', 'B', 'C']);
    const response = await create(host.client, { quizId: quiz.id });
    expect(response.status, response.text).toBe(201);
    const { gameId, pin, joinUrl } = response.json as unknown as {
      gameId: string;
      pin: string;
      joinUrl: string;
    };
    expect(pin).toMatch(/^\d{6}$/);
    expect(joinUrl).toBe(`${getConfig().appUrl}/join?pin=${pin}`);

    const read = await host.client.get(`/api/classroom/games/${gameId}`);
    expect(read.status, read.text).toBe(200);
    expect(read.json).toMatchObject({
      gameId,
      pin,
      joinUrl,
      quizId: quiz.id,
      quizTitle: quiz.title,
      state: 'lobby',
      locked: false,
      settings: {
        timePerQuestion: CLASSROOM_LIMITS.secondsDefault,
        randomOrder: false,
        maxPlayers: CLASSROOM_LIMITS.playersDefault,
        showQuestionText: false,
      },
      players: [],
      questionIndex: -1,
      totalQuestions: 3,
      question: null,
      reveal: null,
    });
    // The answer key is never part of what the host's screen reads.
    expect(read.text).not.toContain('correctAnswer');

    const stranger = await member(gateway);
    expect((await stranger.client.get(`/api/classroom/games/${gameId}`)).status).toBe(404);
    expect((await stranger.client.get(`/api/classroom/games/${gameId}/results`)).status).toBe(404);
    expect((await stranger.client.get(`/api/classroom/games/${gameId}/results.csv`)).status).toBe(404);
    expect((await (await visitor(gateway)).get(`/api/classroom/games/${gameId}`)).status).toBe(401);
  });

  it('copies the questions in play order with the settings asked for', async () => {
    const host = await member(gateway);
    const quiz = await createRoomQuiz(host.client, ['A', 'B', 'C', 'D', 'A', 'B', 'C', 'D']);
    const response = await create(host.client, {
      quizId: quiz.id,
      timePerQuestion: 35,
      randomOrder: true,
      maxPlayers: 40,
      showQuestionText: true,
    });
    expect(response.status, response.text).toBe(201);
    const game = (await getGame(String(response.json.gameId)))!;
    expect(game.settings).toEqual({
      timePerQuestion: 35,
      randomOrder: true,
      maxPlayers: 40,
      showQuestionText: true,
    });
    expect(game.questions.map((question) => question.text).sort()).toEqual(
      Array.from({ length: 8 }, (_, index) => `${index + 1}問目`).sort(),
    );
    expect(game.questions.every((question) => /^[ABCD]$/.test(question.correctAnswer))).toBe(true);
    // The questions are their own item: the game item, which every answer's count writes, stays small.
    const gameItem = (await db.get({ Key: ClassGameKeys.key({ gameId: game.gameId }) })).Item!;
    expect(gameItem).not.toHaveProperty('questions');
    expect(gameItem.state).toBe('lobby');
    const questionsItem = (await db.get({ Key: ClassQuestionsKeys.key({ gameId: game.gameId }) })).Item!;
    expect(questionsItem.questions).toEqual(game.questions);
  });

  it('refuses another member’s private quiz, a hidden quiz, a missing quiz and settings out of range, in Japanese', async () => {
    const host = await member(gateway);
    const author = await member(gateway, { isPro: true });
    const privateQuiz = await createRoomQuiz(author.client, ['A'], { isPublished: false });
    const refused = await create(host.client, { quizId: privateQuiz.id });
    expect(refused.status).toBe(404);
    expect(refused.json.message).toBe(M.quizNotFound);
    // Its author may play their own private quiz with a class…
    expect((await create(author.client, { quizId: privateQuiz.id })).status).toBe(201);
    // …but not one an administrator hid: a whole class would see what moderation took down.
    const admin = await member(gateway, { role: 'admin' });
    const hiddenQuiz = await createRoomQuiz(author.client, ['A']);
    const hide = await admin.client.request('PATCH', `/api/admin/quizzes/${hiddenQuiz.id}/hide`);
    expect(hide.status, hide.text).toBe(200);
    const hidden = await create(author.client, { quizId: hiddenQuiz.id });
    expect(hidden.status).toBe(409);
    expect(hidden.json.message).toBe(M.quizHidden);
    expect((await create(admin.client, { quizId: hiddenQuiz.id })).status).toBe(404);
    expect((await create(host.client, { quizId: 'no-such-quiz' })).status).toBe(404);
    const quiz = await createRoomQuiz(host.client, ['A']);
    for (const [field, value, message] of [
      ['timePerQuestion', 12, M.secondsRange],
      ['timePerQuestion', 125, M.secondsRange],
      ['maxPlayers', 1, M.playersRange],
      ['maxPlayers', 101, M.playersRange],
    ] as const) {
      const response = await create(host.client, { quizId: quiz.id, [field]: value });
      expect(response.status, `${field} ${value}`).toBe(400);
      expect(response.json.message).toBe(message);
    }
  });

  it('opens exactly three live games of 30 parallel creations: the rest are refused 429, never 500', async () => {
    const host = await member(gateway);
    const quiz = await createRoomQuiz(host.client, ['A', 'B']);
    const responses = await Promise.all(
      Array.from({ length: 30 }, () => create(host.client, { quizId: quiz.id })),
    );
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses).toEqual([...Array(3).fill(201), ...Array(27).fill(429)]);
    for (const response of responses.filter((candidate) => candidate.status === 429))
      expect(response.json.message).toBe(M.tooManyGames);
    const pins = responses.filter((response) => response.status === 201).map((response) => response.json.pin);
    expect(new Set(pins).size).toBe(3);

    // The list: the host's games, newest first.
    const list = await host.client.get('/api/classroom/games');
    expect(list.status).toBe(200);
    const games = list.json.games as { gameId: string; playedAt: string; state: string; quizTitle: string }[];
    expect(games).toHaveLength(3);
    expect(games.map((game) => game.playedAt)).toEqual(
      [...games.map((game) => game.playedAt)].sort().reverse(),
    );
    expect(games.every((game) => game.state === 'lobby' && game.quizTitle === quiz.title)).toBe(true);
  });
});

/** A player item as a join writes it, with answers already given. */
function playerItem(gameId: string, playerId: string, nickname: string, answers: ClassPlayerItem['answers']) {
  const points = Object.values(answers);
  return {
    gameId,
    playerId,
    nickname,
    skeleton: skeleton(nickname),
    userId: null,
    connectionId: null,
    endpoint: null,
    resumeTokenHash: 'x',
    connected: false,
    leftAt: null,
    removed: false,
    score: points.reduce((sum, answer) => sum + answer.points, 0),
    correctCount: points.filter((answer) => answer.correct).length,
    answers,
    closedThrough: -1,
    joinedAt: Date.now(),
  } satisfies ClassPlayerItem;
}

describe('results', () => {
  it('gives the table and each question’s figures, and a formula-safe CSV with a BOM', async () => {
    const host = await member(gateway);
    const quiz = await createRoomQuiz(host.client, ['A', 'B']);
    const { gameId } = (await create(host.client, { quizId: quiz.id })).json as unknown as { gameId: string };
    const game = (await getGame(gameId))!;
    const players = [
      playerItem(gameId, 'p1', 'たろう', {
        '0': { answer: 'A', correct: true, points: 900, ms: 2000 },
        '1': { answer: 'B', correct: true, points: 800, ms: 4000 },
      }),
      playerItem(gameId, 'p2', '=HYPERLINK("x")', {
        '0': { answer: 'C', correct: false, points: 0, ms: 1000 },
      }),
      playerItem(gameId, 'p3', 'はなこ', {
        '0': { answer: 'A', correct: true, points: 1000, ms: 0 },
        '1': { answer: 'A', correct: false, points: 0, ms: 1000 },
      }),
    ];
    for (const player of players) await addPlayer(game, player, Date.now());
    for (const index of [0, 1]) {
      const { reveal, stats } = revealOf(game, index, players);
      // Each saved reveal is a step of the game's.
      expect(await saveReveal(gameId, game.step + index, index, reveal, stats)).toBe(true);
    }

    const results = await host.client.get(`/api/classroom/games/${gameId}/results`);
    expect(results.status, results.text).toBe(200);
    expect(results.json).toEqual({
      quizTitle: quiz.title,
      playedAt: game.createdAt,
      players: [
        { nickname: 'たろう', score: 1700, correctCount: 2, rank: 1 },
        { nickname: 'はなこ', score: 1000, correctCount: 1, rank: 2 },
        { nickname: '=HYPERLINK("x")', score: 0, correctCount: 0, rank: 3 },
      ],
      questions: [
        { text: '1問目', correctRate: 66.7, optionCounts: { A: 2, B: 0, C: 1, D: 0 } },
        { text: '2問目', correctRate: 33.3, optionCounts: { A: 1, B: 1, C: 0, D: 0 } },
      ],
    });

    const csv = await fetch(`${gateway.url}/api/classroom/games/${gameId}/results.csv`, {
      headers: { Cookie: host.client.cookieHeader() },
    });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const bytes = Buffer.from(await csv.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString('utf8').trimEnd().split('\r\n');
    expect(lines).toEqual([
      '"順位","ニックネーム","スコア","正解数","問1","問2"',
      '"1","たろう","1700","2","A ○","B ○"',
      '"2","はなこ","1000","1","A ○","A ×"',
      `"3","'=HYPERLINK(""x"")","0","0","C ×",""`,
    ]);
  });
});

describe('account deletion', () => {
  it('deletes the host’s games with their players and frees the PIN', async () => {
    const { client, user } = await registered(gateway);
    const quiz = await createRoomQuiz(client, ['A']);
    const { gameId, pin } = (await create(client, { quizId: quiz.id })).json as unknown as {
      gameId: string;
      pin: string;
    };
    const game = (await getGame(gameId))!;
    await addPlayer(game, playerItem(gameId, 'p1', 'じろう', {}), Date.now());

    const done = await client.request('DELETE', '/api/user/delete', { json: { password: PASSWORD } });
    expect(done.status, done.text).toBe(200);
    expect(await queryAll({ partition: ClassGameKeys.pk({ gameId }) })).toEqual([]);
    expect((await db.get({ Key: ClassPinKeys.key({ pin }) })).Item).toBeUndefined();
    expect(user.id).toBeTruthy();

    // What a host's frame or a player's leave still under way writes finds the game gone and
    // re-creates no stub of it.
    await expect(setLocked(gameId, true)).rejects.toMatchObject({ reason: 'not_found' });
    await expect(
      setHostSocket(gameId, { connectionId: 'c1', endpoint: 'http://127.0.0.1' }),
    ).rejects.toMatchObject({ reason: 'not_found' });
    await db.put({
      Item: {
        ...ClassPlayerKeys.key({ gameId, playerId: 'p2' }),
        ...playerItem(gameId, 'p2', 'さぶろう', {}),
      },
    });
    expect(await removePlayer(gameId, playerItem(gameId, 'p2', 'さぶろう', {}))).toBe(false);
    await db.delete({ Key: ClassPlayerKeys.key({ gameId, playerId: 'p2' }) });
    expect(await queryAll({ partition: ClassGameKeys.pk({ gameId }) })).toEqual([]);
  });
});
