import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { QuizAnalytics } from '@shared/quiz-analytics';
import { QUIZ_MESSAGES } from '@shared/quizzes';
import { db } from '@functions/data/db';
import { ownerPartition } from '@functions/data/keys';
import { queryAll } from '@functions/data/paginate';
import { dynamo } from '@functions/lib/aws-clients';
import { AnalyticsPlayerKeys } from '@functions/quizzes/analytics-keys';
import { addPlays } from '@functions/quizzes/analytics-store';
import { QuizKeys, quizKey } from '@functions/quizzes/quiz-keys';
import { userKey } from '@functions/users/user-keys';
import { seed } from '../../scripts/seed';
import { member, PASSWORD, registered, visitor } from '../support/actors';
import { startTestGateway } from '../support/gateway';
import { RoomPlayer, openRoom } from '../support/multiplayer';
import type { TestClient } from '../support/http-client';
import { UNTIL_TRUE } from '../support/limits';

/**
 * The author's per-question analytics (issue 30): what solo plays and multiplayer games add, exact
 * under 30 parallel plays; an edited question counting from nothing; who may read them; and the
 * counters leaving with their quiz.
 */
let gateway: Awaited<ReturnType<typeof startTestGateway>>;
const sockets: RoomPlayer[] = [];

/**
 * The writes the functions make while set, with their write units: the analytics' own items, and
 * the quiz item's count of a solo play (which carries the play's analytics totals). The functions
 * run in this process.
 */
let writesSeen: { command: string; item: 'analytics' | 'quiz'; units: number }[] | undefined;
/** What the plays of the write-unit tests cost, printed for the decisions' figures. */
const measuredUnits: { play: string; answered: number; analytics: number; quizCount: number }[] = [];

beforeAll(async () => {
  gateway = await startTestGateway();
  await seed();
  dynamo().middlewareStack.add(
    (next, context) => async (args) => {
      const input = args.input as Record<string, unknown>;
      const command = String(context.commandName);
      const text = JSON.stringify(input);
      const item =
        writesSeen && (command === 'UpdateItemCommand' || command === 'PutItemCommand')
          ? /QSTAT#|"ANALYTICS"|QPLAYER#/.test(text)
            ? 'analytics'
            : /"totalPlayers"/.test(text)
              ? 'quiz'
              : undefined
          : undefined;
      if (item) input.ReturnConsumedCapacity = 'TOTAL';
      const result = await next(args);
      if (item) {
        const output = result.output as { ConsumedCapacity?: { CapacityUnits?: number } };
        writesSeen?.push({ command, item, units: output.ConsumedCapacity?.CapacityUnits ?? 0 });
      }
      return result;
    },
    { step: 'initialize', name: 'countAnalyticsWrites' },
  );
});

/** The write units of `writes` to one kind of item. */
const unitsOf = (writes: NonNullable<typeof writesSeen>, item: 'analytics' | 'quiz') =>
  writes.filter((write) => write.item === item).reduce((sum, write) => sum + write.units, 0);

afterEach(() => {
  for (const player of sockets.splice(0)) player.close();
});
afterAll(async () => {
  if (measuredUnits.length > 0) console.info('analytics write units', JSON.stringify(measuredUnits));
  await gateway.stop();
});

const questionInput = (text: string, correctAnswer = 'A') => ({
  questionText: text,
  optionA: 'あ',
  optionB: 'い',
  optionC: 'う',
  optionD: 'え',
  correctAnswer,
  explanation: null,
});

const quizBody = (questions: ReturnType<typeof questionInput>[], isPublished = true) => ({
  quiz: {
    title: `分析 ${randomUUID().slice(0, 6)}`,
    description: '説明',
    category: '科学',
    difficulty: '初級',
    timeLimit: 10,
    isPublished,
  },
  questions,
});

async function createQuiz(
  client: TestClient,
  body = quizBody([questionInput('一問目'), questionInput('二問目')]),
) {
  const response = await client.request('POST', '/api/quizzes', { json: body });
  expect(response.status, response.text).toBe(201);
  return (response.json as unknown as { id: string }).id;
}

const questionIds = async (client: TestClient, quizId: string) =>
  ((await client.get(`/api/my-quizzes/${quizId}`)).json.questions as { id: string }[]).map(
    (question) => question.id,
  );

async function analytics(client: TestClient, quizId: string) {
  const response = await client.get(`/api/my-quizzes/${quizId}/analytics`);
  expect(response.status, response.text).toBe(200);
  return response.json as unknown as QuizAnalytics;
}

/** Reads the analytics until `done` holds (the counts follow the play; no deadline of its own). */
async function analyticsWhen(client: TestClient, quizId: string, done: (figures: QuizAnalytics) => boolean) {
  for (;;) {
    const figures = await analytics(client, quizId);
    if (done(figures)) return figures;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('the analytics of solo plays', () => {
  it('is empty before anyone played', async () => {
    const author = await member(gateway);
    const quizId = await createQuiz(author.client);
    const figures = await analytics(author.client, quizId);
    expect(figures).toMatchObject({ quizId, plays: 0, players: 0, averageScore: null });
    expect(figures.questions.map((question) => question.questionText)).toEqual(['一問目', '二問目']);
    expect(figures.questions[0]).toMatchObject({
      answered: 0,
      correctRate: null,
      optionCounts: { A: 0, B: 0, C: 0, D: 0 },
      averageTimeSpent: null,
      correctAnswer: 'A',
    });
  });

  it('counts 30 parallel finished plays exactly, without an error', async () => {
    const author = await member(gateway);
    const quizId = await createQuiz(author.client);
    const [first, second] = await questionIds(author.client, quizId);
    const players = await Promise.all(Array.from({ length: 30 }, () => member(gateway)));
    const responses = await Promise.all(
      players.map(({ client }, index) =>
        client.request('POST', `/api/quizzes/${quizId}/attempt`, {
          json: {
            // The first question: A (right), B, C ten times each; the second: D twenty times, ten left unanswered.
            answers: { [first!]: (['A', 'B', 'C'] as const)[index % 3], [second!]: index < 20 ? 'D' : '-' },
            secondsByQuestion: { [first!]: 4, ...(index < 20 ? { [second!]: index % 2 ? 2 : 6 } : {}) },
          },
        }),
      ),
    );
    expect(responses.map((response) => response.status)).toEqual(Array(30).fill(201));
    const figures = await analytics(author.client, quizId);
    expect(figures).toMatchObject({ plays: 30, players: 30, averageScore: 16.7 });
    expect(figures.questions[0]).toMatchObject({
      questionId: first,
      answered: 30,
      correctRate: 33.3,
      optionCounts: { A: 10, B: 10, C: 10, D: 0 },
      averageTimeSpent: 4,
    });
    expect(figures.questions[1]).toMatchObject({
      questionId: second,
      answered: 20,
      correctRate: 0,
      optionCounts: { A: 0, B: 0, C: 0, D: 20 },
      averageTimeSpent: 4,
    });

    // A second play of the same person is a play, not a new player.
    await players[0]!.client.request('POST', `/api/quizzes/${quizId}/attempt`, {
      json: { answers: { [first!]: 'A', [second!]: 'A' } },
    });
    expect(await analytics(author.client, quizId)).toMatchObject({ plays: 31, players: 30 });
  });

  it('costs at most two write units per question answered, a person’s first play included', async () => {
    const author = await member(gateway);
    const texts = Array.from({ length: 50 }, (_, index) => `問題その${index + 1}`);
    const quizId = await createQuiz(author.client, quizBody(texts.map((text) => questionInput(text))));
    const ids = await questionIds(author.client, quizId);
    const play = async (player: { client: TestClient }, answered: number, label: string) => {
      writesSeen = [];
      const response = await player.client.request('POST', `/api/quizzes/${quizId}/attempt`, {
        json: {
          answers: Object.fromEntries(ids.slice(0, answered).map((id, index) => [id, 'ABCD'[index % 4]])),
          secondsByQuestion: Object.fromEntries(ids.slice(0, answered).map((id) => [id, 5])),
        },
      });
      const writes = writesSeen;
      writesSeen = undefined;
      expect(response.status).toBe(201);
      const units = { analytics: unitsOf(writes, 'analytics'), quizCount: unitsOf(writes, 'quiz') };
      measuredUnits.push({ play: label, answered, ...units });
      return { commands: writes.map((write) => `${write.item} ${write.command}`).sort(), ...units };
    };
    // What the quiz's own count of a play costs without the analytics totals (the item and its
    // indexes), measured on this quiz item: the totals ride in that write and cost nothing more.
    const bare = await db.update({
      Key: quizKey(quizId),
      UpdateExpression: 'ADD totalPlayers :one, participantCount :one',
      ExpressionAttributeValues: { ':one': 1 },
      ReturnConsumedCapacity: 'TOTAL',
    });
    const quizCount = bare.ConsumedCapacity?.CapacityUnits;
    expect(quizCount).toBeGreaterThan(0);
    // A person's first play: each question answered and their analytics mark (a question left
    // unanswered writes nothing), nothing more.
    for (const answered of [1, 2, 3, 50]) {
      const first = await play(await member(gateway), answered, 'first');
      expect(first.commands).toEqual([
        'analytics PutItemCommand',
        ...Array(answered).fill('analytics UpdateItemCommand'),
        'quiz UpdateItemCommand',
      ]);
      expect(first.analytics).toBe(answered + 1);
      expect(first.quizCount).toBe(quizCount);
      expect(first.analytics).toBeLessThanOrEqual(2 * answered);
    }
    // A later play of the same person: no mark, one unit per question answered.
    const player = await member(gateway);
    await play(player, 1, 'first');
    const again = await play(player, 1, 'later');
    expect(again.commands).toEqual(['analytics UpdateItemCommand', 'quiz UpdateItemCommand']);
    expect(again).toMatchObject({ analytics: 1, quizCount });
    expect((await play(player, 3, 'later')).analytics).toBe(3);
    expect(await analytics(author.client, quizId)).toMatchObject({ plays: 7, players: 5 });
  });

  it('counts answers to an edited question for its new version only; a moved question keeps its figures', async () => {
    const author = await member(gateway);
    const quizId = await createQuiz(author.client);
    const player = await member(gateway);
    const [first, second] = await questionIds(author.client, quizId);
    await player.client.request('POST', `/api/quizzes/${quizId}/attempt`, {
      json: { answers: { [first!]: 'B', [second!]: 'A' } },
    });
    const edit = (questions: ReturnType<typeof questionInput>[]) =>
      author.client.request('PUT', `/api/quizzes/${quizId}`, {
        json: { ...quizBody(questions), quiz: { ...quizBody(questions).quiz, title: '編集後' } },
      });

    // The two questions swapped: each keeps its figures in its new place.
    expect((await edit([questionInput('二問目'), questionInput('一問目')])).status).toBe(200);
    let figures = await analytics(author.client, quizId);
    expect(
      figures.questions.map((question) => [
        question.questionText,
        question.optionCounts.A,
        question.optionCounts.B,
      ]),
    ).toEqual([
      ['二問目', 1, 0],
      ['一問目', 0, 1],
    ]);

    // The first question's text edited: it starts again from nothing, the other keeps its figures.
    expect((await edit([questionInput('二問目（改）'), questionInput('一問目')])).status).toBe(200);
    figures = await analytics(author.client, quizId);
    expect(figures.questions.map((question) => question.answered)).toEqual([0, 1]);
    // The answer changed is a new version too.
    expect((await edit([questionInput('二問目（改）'), questionInput('一問目', 'B')])).status).toBe(200);
    figures = await analytics(author.client, quizId);
    expect(figures.questions.map((question) => question.answered)).toEqual([0, 0]);
    expect(figures).toMatchObject({ plays: 1, players: 1 });
  });
});

describe('the analytics of a multiplayer game', () => {
  it('counts every reveal and a play of each player at the end, in a write unit per reveal and per new player', async () => {
    const host = await RoomPlayer.signIn(gateway, 'ホスト');
    const guests = await Promise.all(
      Array.from({ length: 7 }, (_, index) => RoomPlayer.signIn(gateway, `ゲスト${index + 1}`)),
    );
    sockets.push(host, ...guests);
    const { quiz, code } = await openRoom(host, { maxPlayers: 8 }, ['A', 'B']);
    for (const guest of guests) {
      guest.send({ type: 'join_room', roomId: code });
      await guest.expect('player_joined', (message) => message.player.id === guest.user.id);
    }
    writesSeen = [];
    for (const player of [host, ...guests]) player.send({ type: 'ready' });
    // The host answers A twice (one right), every guest C twice.
    for (const questionIndex of [0, 1]) {
      await host.expect('question', (message) => message.questionIndex === questionIndex);
      host.send({ type: 'answer', answer: 'A', questionIndex });
      for (const guest of guests) guest.send({ type: 'answer', answer: 'C', questionIndex });
    }
    await host.expect('game_finished');

    const figures = await analyticsWhen(host.client, quiz.id, (found) => found.plays === 8);
    // A write's units are recorded when its answer reaches the game's function, which may be after
    // a read already shows it: record until the game's writes are all in (two reveals, the totals,
    // eight marks), so a slow answer is not a missing unit.
    await expect.poll(() => unitsOf(writesSeen ?? [], 'analytics'), UNTIL_TRUE).toBeGreaterThanOrEqual(11);
    const writes = writesSeen;
    writesSeen = undefined;
    expect(figures).toMatchObject({ plays: 8, players: 8, averageScore: 6.3 });
    expect(figures.questions[0]).toMatchObject({
      answered: 8,
      correctRate: 12.5,
      optionCounts: { A: 1, B: 0, C: 7, D: 0 },
    });
    expect(figures.questions[1]).toMatchObject({
      answered: 8,
      correctRate: 0,
      optionCounts: { A: 1, B: 0, C: 7, D: 0 },
    });
    expect(figures.questions[0]!.averageTimeSpent).toEqual(expect.any(Number));
    // Each reveal one unit, each new player's mark one, the game's totals one: 11 for 16 answers.
    const units = unitsOf(writes, 'analytics');
    measuredUnits.push({ play: 'game of 8', answered: 16, analytics: units, quizCount: 0 });
    expect(units).toBe(2 + 8 + 1);

    // The play each player's page sends at the game's end names the room: the reveals counted it.
    const ids = await questionIds(host.client, quiz.id);
    const ofGame = await host.client.request('POST', `/api/quizzes/${quiz.id}/attempt`, {
      json: { answers: { [ids[0]!]: 'A', [ids[1]!]: 'A' }, roomId: code },
    });
    expect(ofGame.status).toBe(201);
    expect(await analytics(host.client, quiz.id)).toMatchObject({ plays: 8, players: 8 });
    // In the host's learning records too: two answers (one right) from the reveals, one quiz played.
    await gateway.streamSettled();
    const dashboard = (await host.client.get('/api/learning/dashboard')).json as unknown as {
      today: unknown;
    };
    expect(dashboard.today).toMatchObject({ questionsAnswered: 2, correctAnswers: 1, quizzesCompleted: 1 });
    // A solo play of a guest afterwards (still seated in the room): one more play, no new player.
    const solo = await guests[0]!.client.request('POST', `/api/quizzes/${quiz.id}/attempt`, {
      json: { answers: { [ids[0]!]: 'A' } },
    });
    expect(solo.status).toBe(201);
    expect(await analytics(host.client, quiz.id)).toMatchObject({ plays: 9, players: 8 });
  });
});

describe('who reads the analytics', () => {
  it('the author and administrators; anyone else is told the quiz does not exist', async () => {
    const author = await member(gateway);
    const quizId = await createQuiz(author.client);
    const other = await member(gateway);
    const refused = await other.client.get(`/api/my-quizzes/${quizId}/analytics`);
    expect(refused.status).toBe(404);
    expect(refused.json).toEqual({ message: QUIZ_MESSAGES.notFound });
    expect((await (await visitor(gateway)).get(`/api/my-quizzes/${quizId}/analytics`)).status).toBe(401);
    expect((await other.client.get('/api/my-quizzes/no-such-quiz/analytics')).status).toBe(404);
    const admin = await member(gateway, { role: 'admin' });
    expect((await admin.client.get(`/api/my-quizzes/${quizId}/analytics`)).status).toBe(200);

    // A private quiz is its author's alone.
    const pro = await member(gateway, { isPro: true });
    const privateId = await createQuiz(pro.client, quizBody([questionInput('秘密')], false));
    expect((await admin.client.get(`/api/my-quizzes/${privateId}/analytics`)).status).toBe(404);
    expect((await pro.client.get(`/api/my-quizzes/${privateId}/analytics`)).status).toBe(200);
  });
});

describe('the counters and their quiz', () => {
  const analyticsItems = async (quizId: string) =>
    (await queryAll<{ sk: string }>({ partition: QuizKeys.pk({ quizId }), ConsistentRead: true }))
      .map((item) => item.sk)
      .filter((sk) => /^(QSTAT#|ANALYTICS|QPLAYER#)/.test(sk));

  it('go with the quiz, also when a play is counted while it is being deleted', async () => {
    const author = await member(gateway);
    const quizId = await createQuiz(author.client);
    const player = await member(gateway);
    const [first] = await questionIds(author.client, quizId);
    await player.client.request('POST', `/api/quizzes/${quizId}/attempt`, {
      json: { answers: { [first!]: 'A' } },
    });
    expect(await analyticsItems(quizId)).toHaveLength(2);
    expect((await author.client.request('DELETE', `/api/quizzes/${quizId}`)).status).toBe(200);
    expect(await analyticsItems(quizId)).toEqual([]);

    // A game that read the quiz before its deletion and counts after it leaves nothing behind.
    const tally = { A: 1, B: 0, C: 0, D: 0, timeSum: 0, timed: 0 };
    await addPlays(
      quizId,
      [{ analyticsId: player.user.analyticsId, score: 10_000 }],
      [{ version: 'late', tally }],
      new Date().toISOString(),
    );
    expect(await analyticsItems(quizId)).toEqual([]);
  });

  it('keep counting a person whose account is deleted, without their user id', async () => {
    const author = await member(gateway);
    const quizId = await createQuiz(author.client);
    const [first] = await questionIds(author.client, quizId);
    // An account made before pseudonyms (none on its profile) gets one at its first play, and a
    // mark of the old kind (keyed by the user id, in the owner index) is still found by the
    // account's deletion, as everything the account owns.
    const player = await registered(gateway);
    await db.update({ Key: userKey(player.user.id), UpdateExpression: 'REMOVE analyticsId' });
    await db.put({
      Item: {
        ...AnalyticsPlayerKeys.key({ quizId, analyticsId: player.user.id }),
        userId: player.user.id,
        firstAt: new Date().toISOString(),
        gsi2pk: ownerPartition(player.user.id),
        gsi2sk: AnalyticsPlayerKeys.skPrefix() + quizId,
      },
    });
    const played = await player.client.request('POST', `/api/quizzes/${quizId}/attempt`, {
      json: { answers: { [first!]: 'A' } },
    });
    expect(played.status, played.text).toBe(201);
    const { Item: profile } = await db.get({ Key: userKey(player.user.id), ConsistentRead: true });
    expect(profile?.analyticsId).toEqual(expect.any(String));
    expect(await analyticsItems(quizId)).toContain(
      AnalyticsPlayerKeys.sk({ analyticsId: String(profile?.analyticsId) }),
    );

    const deleted = await player.client.request('DELETE', '/api/user/delete', {
      json: { password: PASSWORD },
    });
    expect(deleted.status, deleted.text).toBe(200);
    const partition = await queryAll({ partition: QuizKeys.pk({ quizId }), ConsistentRead: true });
    expect(JSON.stringify(partition)).not.toContain(player.user.id);
    expect(await analytics(author.client, quizId)).toMatchObject({ plays: 1, players: 1 });
  });
});
