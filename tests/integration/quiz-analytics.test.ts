import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { QuizAnalytics } from '@shared/quiz-analytics';
import { QUIZ_MESSAGES } from '@shared/quizzes';
import { queryAll } from '@functions/data/paginate';
import { dynamo } from '@functions/lib/aws-clients';
import { addPlays } from '@functions/quizzes/analytics-store';
import { QuizKeys } from '@functions/quizzes/quiz-keys';
import { seed } from '../../scripts/seed';
import { member, visitor } from '../support/actors';
import { startTestGateway } from '../support/gateway';
import { RoomPlayer, openRoom } from '../support/multiplayer';
import type { TestClient } from '../support/http-client';

/**
 * The author's per-question analytics (issue 30): what solo plays and multiplayer games add, exact
 * under 30 parallel plays; an edited question counting from nothing; who may read them; and the
 * counters leaving with their quiz.
 */
let gateway: Awaited<ReturnType<typeof startTestGateway>>;
const sockets: RoomPlayer[] = [];

/** The analytics writes the functions make while set, with their write units (the functions run in this process). */
let analyticsWrites: { command: string; units: number }[] | undefined;
/** What the plays of the write-unit test cost, printed for the decisions' figures. */
const measuredUnits: { answered: number; units: number }[] = [];

beforeAll(async () => {
  gateway = await startTestGateway();
  await seed();
  dynamo().middlewareStack.add(
    (next, context) => async (args) => {
      const input = args.input as Record<string, unknown>;
      const command = String(context.commandName);
      const counted =
        analyticsWrites &&
        (command === 'UpdateItemCommand' || command === 'PutItemCommand') &&
        /QSTAT#|"ANALYTICS"|QPLAYER#/.test(JSON.stringify(input));
      if (counted) input.ReturnConsumedCapacity = 'TOTAL';
      const result = await next(args);
      if (counted) {
        const output = result.output as { ConsumedCapacity?: { CapacityUnits?: number } };
        analyticsWrites?.push({ command, units: output.ConsumedCapacity?.CapacityUnits ?? 0 });
      }
      return result;
    },
    { step: 'initialize', name: 'countAnalyticsWrites' },
  );
});
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

  it('costs a write unit per question answered and one per play (two more for a person’s first play)', async () => {
    const author = await member(gateway);
    const texts = Array.from({ length: 50 }, (_, index) => `問題その${index + 1}`);
    const quizId = await createQuiz(author.client, quizBody(texts.map((text) => questionInput(text))));
    const ids = await questionIds(author.client, quizId);
    const player = await member(gateway);
    const play = async (answered: number) => {
      analyticsWrites = [];
      const response = await player.client.request('POST', `/api/quizzes/${quizId}/attempt`, {
        json: {
          answers: Object.fromEntries(ids.slice(0, answered).map((id, index) => [id, 'ABCD'[index % 4]])),
          secondsByQuestion: Object.fromEntries(ids.slice(0, answered).map((id) => [id, 5])),
        },
      });
      const writes = analyticsWrites;
      analyticsWrites = undefined;
      expect(response.status).toBe(201);
      const units = writes.reduce((sum, write) => sum + write.units, 0);
      measuredUnits.push({ answered, units });
      return { commands: writes.map((write) => write.command).sort(), units };
    };
    // A first play: each question answered, the play, and the person's mark (a question left
    // unanswered writes nothing); the mark costs two units (it is in the owner index).
    const first = await play(50);
    expect(first.commands).toEqual(['PutItemCommand', ...Array(51).fill('UpdateItemCommand')]);
    expect(first.units).toBe(53);
    // Later plays of the same person: no mark.
    const again = await play(1);
    expect(again.commands).toEqual(['UpdateItemCommand', 'UpdateItemCommand']);
    expect(again.units).toBeLessThanOrEqual(2);
    expect((await play(3)).units).toBeLessThanOrEqual(6);
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
  it('counts every reveal and a play of each player at the end', async () => {
    const host = await RoomPlayer.signIn(gateway, 'ホスト');
    const guest = await RoomPlayer.signIn(gateway, 'ゲスト');
    sockets.push(host, guest);
    const { quiz, code } = await openRoom(host, {}, ['A', 'B']);
    guest.send({ type: 'join_room', roomId: code });
    await guest.expect('player_joined', (message) => message.player.id === guest.user.id);
    host.send({ type: 'ready' });
    guest.send({ type: 'ready' });
    await host.expect('question', (message) => message.questionIndex === 0);
    host.send({ type: 'answer', answer: 'A', questionIndex: 0 });
    guest.send({ type: 'answer', answer: 'C', questionIndex: 0 });
    await host.expect('question', (message) => message.questionIndex === 1);
    host.send({ type: 'answer', answer: 'A', questionIndex: 1 });
    guest.send({ type: 'answer', answer: 'C', questionIndex: 1 });
    await host.expect('game_finished');

    const figures = await analyticsWhen(host.client, quiz.id, (found) => found.plays === 2);
    expect(figures).toMatchObject({ plays: 2, players: 2, averageScore: 25 });
    expect(figures.questions[0]).toMatchObject({
      answered: 2,
      correctRate: 50,
      optionCounts: { A: 1, B: 0, C: 1, D: 0 },
    });
    expect(figures.questions[1]).toMatchObject({
      answered: 2,
      correctRate: 0,
      optionCounts: { A: 1, B: 0, C: 1, D: 0 },
    });
    expect(figures.questions[0]!.averageTimeSpent).toEqual(expect.any(Number));

    // A solo play of the same person afterwards: one more play, no new player.
    const ids = await questionIds(host.client, quiz.id);
    const solo = await guest.client.request('POST', `/api/quizzes/${quiz.id}/attempt`, {
      json: { answers: { [ids[0]!]: 'A' } },
    });
    expect(solo.status).toBe(201);
    expect(await analytics(host.client, quiz.id)).toMatchObject({ plays: 3, players: 2 });
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
    expect(await analyticsItems(quizId)).toHaveLength(3);
    expect((await author.client.request('DELETE', `/api/quizzes/${quizId}`)).status).toBe(200);
    expect(await analyticsItems(quizId)).toEqual([]);

    // A play that read the quiz before its deletion and counts after it leaves nothing behind.
    const tally = { A: 1, B: 0, C: 0, D: 0, timeSum: 0, timed: 0 };
    await addPlays(
      quizId,
      [{ userId: player.user.id, score: 10_000 }],
      [{ version: 'late', tally }],
      new Date().toISOString(),
    );
    expect(await analyticsItems(quizId)).toEqual([]);
  });
});
