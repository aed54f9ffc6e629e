import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Dashboard, DailyStat, LearningSession, Weakness } from '@shared/learning';
import { LEARNING_MESSAGES } from '@shared/learning';
import { db } from '@functions/data/db';
import { queryAll } from '@functions/data/paginate';
import { backfillLearningRecords } from '@functions/learning/backfill';
import { putAnswerEvent } from '@functions/learning/event-store';
import { recordAnswerEvent } from '@functions/learning/recorder';
import type { AnswerEvent } from '@functions/learning/event-policy';
import {
  AnswerEventKeys,
  DailyStatsKeys,
  LearningSummaryKeys,
  WrongAnswerKeys,
} from '@functions/learning/learning-keys';
import { dynamo } from '@functions/lib/aws-clients';
import { setClockForTests } from '@functions/lib/clock';
import { japanDate } from '@functions/lib/japan-time';
import { recordReveal, revealEventPuts, revealQuiz } from '@functions/multiplayer/learning-records';
import { transactWrite } from '@functions/data/transact';
import type { GameQuestion, RoomState } from '@functions/multiplayer/room';
import { createLogger } from '@functions/lib/logger';
import { streamConsumers } from '@functions/routes';
import { UserKeys } from '@functions/users/user-keys';
import { seed } from '../../scripts/seed';
import { member, PASSWORD, visitor, withPassword } from '../support/actors';
import { startTestGateway } from '../support/gateway';
import { faults } from '../support/fixtures/flaky-learning-records';
import type { TestClient } from '../support/http-client';
import { UNTIL_TRUE } from '../support/limits';
import { quizInput } from '../support/quiz-input';

/**
 * The learning records (issue 29) through the local gateway: every answer counts once wherever
 * it was given, on its Japan day, exactly under 30 parallel plays, and catches up when the records
 * cannot be written at first (the consumer of the table's stream with faults injected).
 */
let gateway: Awaited<ReturnType<typeof startTestGateway>>;

beforeAll(async () => {
  const learning = streamConsumers.find((consumer) => consumer.stream === 'learning-records')!;
  gateway = await startTestGateway({
    streamConsumers: [
      ...streamConsumers.filter((consumer) => consumer !== learning),
      { ...learning, handler: 'tests/support/fixtures/flaky-learning-records' },
    ],
  });
  await seed();
});
afterAll(() => gateway.stop());
afterEach(() => {
  setClockForTests(undefined);
  Object.assign(faults, { before: 0, after: 0 });
});

type Response = Awaited<ReturnType<TestClient['request']>>;
const json = <T>(response: Response) => response.json as unknown as T;

/** A published quiz of `questions` two-choice questions (A right), by a member of its own. */
async function createQuiz(category = '科学', difficulty = '初級', questions = 2) {
  const author = await member(gateway);
  const created = await author.client.request('POST', '/api/quizzes', {
    json: quizInput({ title: `学習記録 ${randomUUID().slice(0, 6)}`, category, difficulty }, questions),
  });
  expect(created.status, created.text).toBe(201);
  const quizId = json<{ id: string }>(created).id;
  const read = json<{ questions: { id: string }[] }>(await author.client.get(`/api/quizzes/${quizId}`));
  return { quizId, questionIds: read.questions.map((question) => question.id), author };
}

const play = async (client: TestClient, quizId: string, answers: Record<string, string>, playId?: string) => {
  const response = await client.request('POST', `/api/quizzes/${quizId}/attempt`, {
    json: { answers, ...(playId ? { playId } : {}) },
  });
  expect(response.status, response.text).toBe(201);
};

const check = async (
  client: TestClient,
  quizId: string,
  questionId: string,
  answer: string,
  playId?: string,
) => {
  const response = await client.request('POST', `/api/quizzes/${quizId}/check`, {
    json: { questionId, answer, ...(playId ? { playId } : {}) },
  });
  expect(response.status, response.text).toBe(200);
};

/** An answer event of a focused-study question in 科学・初級 (as the answer would write it), `daysBack` days ago. */
const answerEvent = (
  userId: string,
  { daysBack = 0, ...fields }: Partial<AnswerEvent> & { daysBack?: number } = {},
): AnswerEvent => ({
  userId,
  eventId: `f-${randomUUID()}`,
  answeredAt: new Date(Date.now() - daysBack * 86_400_000).toISOString(),
  kind: 'focused',
  answered: 1,
  correct: 1,
  quizzes: 0,
  timeSpent: 5,
  category: '科学',
  difficulty: '初級',
  ...fields,
});

/** The dashboard once every answer so far has reached the learning records. */
async function settledDashboard(client: TestClient): Promise<Dashboard> {
  await gateway.streamSettled();
  const response = await client.get('/api/learning/dashboard');
  expect(response.status, response.text).toBe(200);
  return json<Dashboard>(response);
}

const dashboardOf = async (client: TestClient) =>
  json<Dashboard>(await client.get('/api/learning/dashboard'));

/** Standing in Japan at `time` (`YYYY-MM-DDTHH:mm`, Japan time). */
const atJapanTime = (time: string) => setClockForTests(new Date(`${time}:00+09:00`));

describe('who may call', () => {
  it('answers guests 401 on every learning call', async () => {
    const guest = await visitor(gateway);
    for (const [method, path] of [
      ['GET', '/api/learning/dashboard'],
      ['GET', '/api/learning/daily-stats?from=2026-01-01&to=2026-01-02'],
      ['GET', '/api/learning/weaknesses'],
      ['GET', '/api/learning/sessions'],
      ['GET', '/api/study-plans'],
      ['POST', '/api/study-plans'],
      ['PUT', `/api/study-plans/${randomUUID()}`],
      ['DELETE', `/api/study-plans/${randomUUID()}`],
      ['GET', '/api/todos'],
      ['POST', '/api/todos'],
      ['PATCH', `/api/todos/2026-01-01_${randomUUID()}`],
      ['DELETE', `/api/todos/2026-01-01_${randomUUID()}`],
      ['GET', '/api/review/queue'],
      ['POST', '/api/review/session'],
      ['POST', '/api/review/answer'],
    ] as const) {
      const response = await guest.request(method, path, method === 'GET' ? {} : { json: {} });
      expect(response.status, `${method} ${path}`).toBe(401);
    }
  });
});

describe('recording answers', () => {
  it('counts a play’s checked answers and its finish once, and nothing for guests', async () => {
    const { quizId, questionIds } = await createQuiz('科学', '初級', 3);
    const [q1, q2, q3] = questionIds as [string, string, string];
    const { client } = await member(gateway);
    const playId = `play-${randomUUID()}`;
    await check(client, quizId, q1, 'A', playId);
    await check(client, quizId, q1, 'A', playId); // the same question checked again
    await check(client, quizId, q2, 'B', playId);
    const afterChecks = await settledDashboard(client);
    expect(afterChecks.today).toMatchObject({ questionsAnswered: 2, correctAnswers: 1, quizzesCompleted: 0 });

    await play(client, quizId, { [q1]: 'A', [q2]: 'B', [q3]: 'A' }, playId);
    // A check without a play id is not counted: the finished play counts it.
    await check(client, quizId, q1, 'B');
    await play(client, quizId, { [q1]: 'B', [q2]: 'A' });
    const guest = await visitor(gateway);
    await guest.request('POST', `/api/quizzes/${quizId}/check`, { json: { questionId: q1, answer: 'A' } });

    const dashboard = await settledDashboard(client);
    // Play 1: q1 right, q2 wrong (checked), q3 right (at the finish); play 2: q2 right, q1 wrong, q3 unanswered.
    expect(dashboard.today).toMatchObject({ questionsAnswered: 6, correctAnswers: 3, quizzesCompleted: 2 });
    expect(dashboard.streak).toEqual({ current: 1, longest: 1 });
    expect(dashboard.calendar).toEqual([
      { date: dashboard.today.date, questionsAnswered: 6, correctAnswers: 3 },
    ]);
    expect(dashboard.categories).toEqual([
      { category: '科学', questionsAnswered: 6, correctAnswers: 3, accuracy: 50 },
    ]);
    expect(dashboard.weaknesses).toMatchObject([
      { category: '科学', difficulty: '初級', totalAttempts: 6, correctAttempts: 3, accuracy: 50 },
    ]);
    expect(dashboard.weaknesses[0]!.recommendedAction).toContain('科学');
    expect(dashboard.goal).toEqual({ dailyGoal: 5, weeklyGoal: 35, todayDone: 6, weekDone: 6, planId: null });
    // The wrong answers (q1, q2, and q3 left unanswered) are due for review the same day.
    expect(dashboard.reviewDue).toBe(3);
  });

  it('counts 30 parallel finished plays of one member exactly', async () => {
    const { quizId, questionIds } = await createQuiz('歴史', '中級', 2);
    const { client } = await member(gateway);
    const responses = await Promise.all(
      Array.from({ length: 30 }, () =>
        client.request('POST', `/api/quizzes/${quizId}/attempt`, {
          json: { answers: { [questionIds[0]!]: 'A', [questionIds[1]!]: 'B' } },
        }),
      ),
    );
    expect(responses.map((response) => response.status)).toEqual(Array(30).fill(201));
    const dashboard = await settledDashboard(client);
    expect(dashboard.today).toMatchObject({
      quizzesCompleted: 30,
      questionsAnswered: 60,
      correctAnswers: 30,
    });
  });

  it('counts 30 parallel checks of one play’s questions once each', async () => {
    const { quizId, questionIds } = await createQuiz('地理', '初級', 3);
    const { client } = await member(gateway);
    const playId = `play-${randomUUID()}`;
    await Promise.all(
      Array.from({ length: 30 }, (_, index) => check(client, quizId, questionIds[index % 3]!, 'A', playId)),
    );
    await play(client, quizId, Object.fromEntries(questionIds.map((id) => [id, 'A'])), playId);
    expect((await settledDashboard(client)).today).toMatchObject({
      questionsAnswered: 3,
      correctAnswers: 3,
      quizzesCompleted: 1,
    });
  });

  it('counts a day by Japan time: 23:59 and 00:00 are two days, and the streak grows', async () => {
    const { quizId, questionIds } = await createQuiz('科学', '上級', 1);
    const { client } = await member(gateway);
    atJapanTime('2026-03-10T23:59');
    await play(client, quizId, { [questionIds[0]!]: 'A' });
    atJapanTime('2026-03-11T00:00');
    await play(client, quizId, { [questionIds[0]!]: 'B' });
    await play(client, quizId, { [questionIds[0]!]: 'A' });
    const dashboard = await settledDashboard(client);
    expect(dashboard.today).toMatchObject({ date: '2026-03-11', questionsAnswered: 2, correctAnswers: 1 });
    expect(dashboard.streak).toEqual({ current: 2, longest: 2 });
    expect(dashboard.goal.weekDone).toBe(3); // Monday 9 March to Wednesday 11 March

    const stats = json<{ days: DailyStat[] }>(
      await client.get('/api/learning/daily-stats?from=2026-03-01&to=2026-03-31'),
    ).days;
    expect(stats).toEqual([
      {
        date: '2026-03-10',
        quizzesCompleted: 1,
        questionsAnswered: 1,
        correctAnswers: 1,
        timeSpent: 0,
        streak: 1,
        categoriesStudied: ['科学'],
        averageScore: 100,
      },
      {
        date: '2026-03-11',
        quizzesCompleted: 2,
        questionsAnswered: 2,
        correctAnswers: 1,
        timeSpent: 0,
        streak: 2,
        categoriesStudied: ['科学'],
        averageScore: 50,
      },
    ]);

    // A week starts on Monday: Sunday 15 March is still the week of the 9th, Monday the 16th is not.
    atJapanTime('2026-03-15T23:59');
    expect((await dashboardOf(client)).goal.weekDone).toBe(3);
    atJapanTime('2026-03-16T00:00');
    expect((await dashboardOf(client)).goal.weekDone).toBe(0);
  });

  it('keeps the streak up to yesterday until today’s first answer, and breaks it across a missed day', async () => {
    const { quizId, questionIds } = await createQuiz('科学', '初級', 1);
    const { client } = await member(gateway);
    for (const day of ['2026-05-01', '2026-05-02', '2026-05-03', '2026-05-05']) {
      atJapanTime(`${day}T12:00`);
      await play(client, quizId, { [questionIds[0]!]: 'A' });
    }
    await gateway.streamSettled();
    atJapanTime('2026-05-05T20:00');
    expect((await dashboardOf(client)).streak).toEqual({ current: 1, longest: 3 });
    atJapanTime('2026-05-06T08:00'); // no answer yet today: the run up to yesterday still counts
    expect((await dashboardOf(client)).streak).toEqual({ current: 1, longest: 3 });
    atJapanTime('2026-05-07T08:00'); // yesterday missed
    expect((await dashboardOf(client)).streak).toEqual({ current: 0, longest: 3 });
    const stats = json<{ days: DailyStat[] }>(
      await client.get('/api/learning/daily-stats?from=2026-05-02&to=2026-05-05'),
    ).days;
    expect(stats.map((day) => [day.date, day.streak])).toEqual([
      ['2026-05-02', 2],
      ['2026-05-03', 3],
      ['2026-05-05', 1],
    ]);
  });

  it('counts multiplayer reveals, and a wrong one enters the review of mistakes', async () => {
    const { quizId, questionIds } = await createQuiz('スポーツ', '中級', 1);
    const right = await member(gateway);
    const wrong = await member(gateway);
    const silent = await member(gateway);
    const started = Date.now() - 10_000;
    const seat = (joinedAt: number, answer?: string) => ({
      nickname: 'プレイヤー',
      isReady: true,
      joinedAt,
      connectionId: null,
      endpoint: null,
      leftAt: null,
      score: 0,
      answers: answer ? { '0': { answer, at: started + 4000 } } : {},
      points: {},
    });
    const room = {
      code: 'LRNABC',
      step: 3,
      questionIndex: 0,
      questionStartedAt: started,
      questionIds: [questionIds[0]],
      answerKey: ['A'],
      settings: { quizId, category: 'all' },
      players: {
        [right.user.id]: seat(1, 'A'),
        [wrong.user.id]: seat(2, 'B'),
        [silent.user.id]: seat(3),
      },
    } as unknown as RoomState;
    const questions: GameQuestion[] = [
      {
        id: questionIds[0]!,
        text: '問題1',
        options: { A: '正解', B: '不正解' },
        correctAnswer: 'A',
        explanation: null,
      },
    ];
    const log = createLogger({ requestId: 'test', route: 'test' }, 'error');
    // The reveal's transaction writes the events; its wrong answers follow (twice: one mistake).
    await transactWrite(revealEventPuts(room, await revealQuiz(room, log)));
    await recordReveal(room, questions, log);
    await recordReveal(room, questions, log);
    expect((await settledDashboard(right.client)).today).toMatchObject({
      questionsAnswered: 1,
      correctAnswers: 1,
      timeSpent: 4,
    });
    const missed = await settledDashboard(wrong.client);
    expect(missed.today).toMatchObject({ questionsAnswered: 1, correctAnswers: 0 });
    expect(missed.reviewDue).toBe(1);
    expect((await settledDashboard(silent.client)).today.questionsAnswered).toBe(0);
  });

  it('writes a review answer’s event with the answer: an event written on its own could be lost', async () => {
    const { quizId, questionIds } = await createQuiz('歴史', '初級', 1);
    const { client } = await member(gateway);
    await play(client, quizId, { [questionIds[0]!]: 'B' });
    // Any answer event written on its own fails (the connection breaks).
    const name = `eventFaults-${randomUUID()}`;
    let eventPuts = 0;
    dynamo().middlewareStack.add(
      (next, context) => async (args) => {
        if (context.commandName === 'PutItemCommand' && JSON.stringify(args.input).includes('"LEARNEV#')) {
          eventPuts += 1;
          throw Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });
        }
        return next(args);
      },
      { step: 'initialize', name },
    );
    try {
      const reviewed = await client.request('POST', '/api/review/answer', {
        json: { questionId: questionIds[0], quizId, answer: 'A', timeSpent: 7 },
      });
      expect(reviewed.status, reviewed.text).toBe(200);
    } finally {
      dynamo().middlewareStack.remove(name);
    }
    expect(eventPuts).toBe(0);
    // The play's question and the review: two answered, the review right.
    expect((await settledDashboard(client)).today).toMatchObject({
      questionsAnswered: 2,
      correctAnswers: 1,
      quizzesCompleted: 1,
    });
  });

  it('counts a focused-study run', async () => {
    const { client } = await member(gateway, { isPro: true });
    const questions = ['f1', 'f2'].map((id) => ({
      id,
      type: 'multiple_choice',
      text: `問題${id}`,
      options: { A: '正解', B: '不正解' },
      correctAnswer: 'A',
      explanation: '',
    }));
    const done = await client.request('POST', '/api/focused-study/complete-session', {
      json: { sessionId: `temp_${Date.now()}`, answers: { f1: 'A', f2: 'B' }, questions },
    });
    expect(done.status, done.text).toBe(200);
    const dashboard = await settledDashboard(client);
    expect(dashboard.today).toMatchObject({ questionsAnswered: 2, correctAnswers: 1, quizzesCompleted: 0 });
    expect(dashboard.categories.map((category) => category.category)).toEqual(['全般']);
    // Focused-study questions keep their own queue.
    expect(dashboard.reviewDue).toBe(0);
  });

  it('takes “now” from the learning clock when it adds an event', async () => {
    const { user } = await member(gateway);
    atJapanTime('2026-11-20T09:30');
    const event = answerEvent(user.id);
    await putAnswerEvent(event);
    await gateway.streamSettled();
    const { Item } = await db.get({ Key: AnswerEventKeys.key(event), ConsistentRead: true });
    expect(Item?.applied).toBe('2026-11-20T00:30:00.000Z');
  });

  it('writes at most one event and one day item a checked answer', async () => {
    const { quizId, questionIds } = await createQuiz('科学', '初級', 1);
    const { client, user } = await member(gateway);
    await check(client, quizId, questionIds[0]!, 'A', `play-${randomUUID()}`);
    await gateway.streamSettled();
    const items = await queryAll({ partition: UserKeys.pk({ userId: user.id }), ConsistentRead: true });
    const kinds = items.map((item) => String(item.sk).split('#')[0]).sort();
    // The profile, the event, the play's claims and the day: no index keys on the three records.
    expect(kinds).toEqual(['DAILY', 'LEARNEV', 'LEARNPLAY', 'PROFILE']);
    for (const item of items.filter((candidate) => String(candidate.sk) !== 'PROFILE'))
      expect(item.gsi1pk ?? item.gsi2pk).toBeUndefined();
  });
});

describe('when the records cannot be written', () => {
  it('the answer stands and the records catch up, each answer once', async () => {
    const { quizId, questionIds } = await createQuiz('科学', '初級', 2);
    const { client } = await member(gateway);
    const failedBefore = faults.failed;
    faults.before = 3;
    await play(client, quizId, { [questionIds[0]!]: 'A', [questionIds[1]!]: 'A' });
    await expect.poll(async () => (await dashboardOf(client)).today.questionsAnswered, UNTIL_TRUE).toBe(2);
    expect(faults.failed - failedBefore).toBeGreaterThanOrEqual(3);

    // A consumer that stops after writing gets the batch again: nothing counts twice.
    faults.after = 2;
    const playId = `play-${randomUUID()}`;
    await check(client, quizId, questionIds[0]!, 'B', playId);
    await play(client, quizId, { [questionIds[0]!]: 'B', [questionIds[1]!]: 'A' }, playId);
    await expect.poll(() => faults.after, UNTIL_TRUE).toBe(0);
    const dashboard = await settledDashboard(client);
    expect(dashboard.today).toMatchObject({ questionsAnswered: 4, correctAnswers: 3, quizzesCompleted: 2 });
  });
});

describe('when the consumer gives a batch up', () => {
  it('the backfill adds its events, each once however often it runs', async () => {
    const { quizId, questionIds } = await createQuiz('科学', '初級', 2);
    const { client } = await member(gateway);
    const since = new Date(Date.now() - 60_000);
    faults.before = 1000; // every retry fails: the batch goes to the on-failure queue
    const playId = `play-${randomUUID()}`;
    await check(client, quizId, questionIds[0]!, 'A', playId);
    await play(client, quizId, { [questionIds[0]!]: 'A', [questionIds[1]!]: 'B' }, playId);
    await play(client, quizId, { [questionIds[0]!]: 'B' });
    await gateway.streamSettled();
    faults.before = 0;
    expect((await dashboardOf(client)).today.questionsAnswered).toBe(0);

    const first = await backfillLearningRecords(since);
    expect(first.added).toBe(3);
    // The check (q1 right), the play's finish (q2 wrong), a play without an id (both wrong).
    const expected = { questionsAnswered: 4, correctAnswers: 1, quizzesCompleted: 2 };
    expect((await dashboardOf(client)).today).toMatchObject(expected);
    const again = await backfillLearningRecords(since);
    expect(again.added).toBe(0);
    expect((await dashboardOf(client)).today).toMatchObject(expected);
    await expect(backfillLearningRecords(new Date(Date.now() - 31 * 86_400_000))).rejects.toThrow();
  });
});

describe('daily stats, weaknesses and sessions', () => {
  /** A day item as the records consumer writes it. */
  const putDay = (userId: string, day: string, pairs: Record<string, [number, number]>) =>
    db.put({
      Item: {
        ...DailyStatsKeys.key({ userId, day }),
        date: day,
        questionsAnswered: Object.values(pairs).reduce((sum, [answered]) => sum + answered, 0),
        correctAnswers: Object.values(pairs).reduce((sum, [, correct]) => sum + correct, 0),
        quizzesCompleted: 1,
        timeSpent: 60,
        ...Object.fromEntries(
          Object.entries(pairs).flatMap(([pair, [answered, correct]]) => [
            [`n#${pair}`, answered],
            [`c#${pair}`, correct],
            [`t#${pair}`, `${day}T03:00:00.000Z`],
          ]),
        ),
      },
    });

  it('refuses a bad range with a Japanese message', async () => {
    const { client } = await member(gateway);
    for (const query of [
      'from=2026-02-01&to=2026-01-01',
      'from=2025-01-01&to=2026-01-02',
      'from=2026-02-30&to=2026-03-01',
      'from=20260101&to=2026-01-02',
      'to=2026-01-02',
    ]) {
      const response = await client.get(`/api/learning/daily-stats?${query}`);
      expect(response.status, query).toBe(400);
      expect(String(response.json.message)).toMatch(/日付|期間/);
    }
    expect((await client.get('/api/learning/daily-stats?from=2025-01-01&to=2026-01-01')).status).toBe(200);
  });

  it('lists weaknesses weakest first with their trend and advice', async () => {
    const { client, user } = await member(gateway);
    atJapanTime('2026-06-30T12:00');
    // 歴史・上級: 2/10 two weeks ago, 9/10 in the last two weeks (improving, 55%).
    await putDay(user.id, '2026-06-10', { '歴史#上級': [10, 2], '科学#初級': [10, 9] });
    await putDay(user.id, '2026-06-25', { '歴史#上級': [10, 9], '科学#初級': [10, 4] });
    // 地理・初級: only 4 answers, not a weakness yet.
    await putDay(user.id, '2026-06-29', { '地理#初級': [4, 0] });
    const list = json<{ weaknesses: Weakness[] }>(await client.get('/api/learning/weaknesses')).weaknesses;
    expect(list.map((weakness) => [weakness.category, weakness.accuracy, weakness.improvementTrend])).toEqual(
      [
        ['歴史', 55, 'improving'],
        ['科学', 65, 'declining'],
      ],
    );
    expect(list[0]).toMatchObject({
      difficulty: '上級',
      totalAttempts: 20,
      correctAttempts: 11,
      lastAttemptAt: '2026-06-25T03:00:00.000Z',
    });
    for (const weakness of list) expect(weakness.recommendedAction).toContain(`「${weakness.category}」`);
    const dashboard = await dashboardOf(client);
    expect(dashboard.weaknesses).toEqual(list);
    expect(dashboard.calendar.map((day) => day.date)).toEqual(['2026-06-10', '2026-06-25', '2026-06-29']);
  });

  it('groups answers into sessions split by 30 minutes without an answer', async () => {
    const { quizId, questionIds } = await createQuiz('科学', '初級', 1);
    const { client } = await member(gateway);
    for (const time of ['2026-07-01T09:00', '2026-07-01T09:25', '2026-07-01T09:50', '2026-07-01T10:21']) {
      atJapanTime(time);
      await play(client, quizId, { [questionIds[0]!]: 'A' });
    }
    // The play page's time for an answer (a study record) joins the session it falls in.
    atJapanTime('2026-07-01T09:40');
    const record = await client.request('POST', '/api/study/session', {
      json: { quizId, questionId: questionIds[0], userAnswer: 'A', timeSpent: 45 },
    });
    expect(record.status, record.text).toBe(201);
    await gateway.streamSettled();
    const list = json<{ sessions: LearningSession[] }>(await client.get('/api/learning/sessions')).sessions;
    expect(list).toMatchObject([
      { startTime: '2026-07-01T01:21:00.000Z', totalQuizzes: 1, totalQuestions: 1, date: '2026-07-01' },
      {
        startTime: '2026-07-01T00:00:00.000Z',
        endTime: '2026-07-01T00:50:00.000Z',
        totalQuizzes: 3,
        totalQuestions: 3,
        correctAnswers: 3,
        totalTimeSpent: 45,
        categories: ['科学'],
      },
    ]);
    expect(
      json<{ sessions: unknown[] }>(await client.get('/api/learning/sessions?limit=1')).sessions,
    ).toHaveLength(1);
    for (const limit of ['0', '51', 'x'])
      expect((await client.get(`/api/learning/sessions?limit=${limit}`)).json.message).toBe(
        LEARNING_MESSAGES.badLimit,
      );
  });

  it('counts a day’s study time no faster than the clock, whatever the play page claims', async () => {
    const { quizId, questionIds } = await createQuiz('科学', '初級', 1);
    const { client } = await member(gateway);
    const studied = async (timeSpent: number) => {
      const record = await client.request('POST', '/api/study/session', {
        json: { quizId, questionId: questionIds[0], userAnswer: 'A', timeSpent },
      });
      expect(record.status, record.text).toBe(201);
    };
    atJapanTime('2026-07-02T09:00');
    await studied(40);
    // A minute later, an hour claimed: a minute counts; again at once: nothing more.
    atJapanTime('2026-07-02T09:01');
    await studied(3600);
    await studied(3600);
    // Ten minutes on, eight claimed: the eight count.
    atJapanTime('2026-07-02T09:11');
    await studied(8);
    expect((await settledDashboard(client)).today.timeSpent).toBe(40 + 60 + 8);
    // The session's time is what the day counted, not what was claimed.
    const sessions = json<{ sessions: LearningSession[] }>(
      await client.get('/api/learning/sessions'),
    ).sessions;
    expect(sessions[0]).toMatchObject({ totalTimeSpent: 40 + 60 + 8 });
  });

  it('counts a day older than the dashboard’s summary when its event arrives after the summary was built (a backfill’s)', async () => {
    const { client, user } = await member(gateway);
    const daysBack = (back: number, eventId: string, answered: number) =>
      putAnswerEvent(answerEvent(user.id, { daysBack: back, eventId, answered }));
    await daysBack(40, 'old-40', 3);
    await gateway.streamSettled();
    // This read summarises the days up to 28 days back.
    expect((await dashboardOf(client)).calendar.map((day) => day.questionsAnswered)).toEqual([3]);
    await daysBack(33, 'old-33', 4);
    await gateway.streamSettled();
    const dashboard = await dashboardOf(client);
    expect(dashboard.calendar.map((day) => day.questionsAnswered)).toEqual([3, 4]);
    expect(dashboard.categories).toEqual([
      { category: '科学', questionsAnswered: 7, correctAnswers: 2, accuracy: 29 },
    ]);
    // The summary rebuilt then serves again: a read without new events says the same.
    expect((await dashboardOf(client)).calendar).toEqual(dashboard.calendar);
  });
});

describe('when the dashboard’s summary cannot be kept', () => {
  it('answers the dashboard all the same (the summary is a cache: its write conflicting with the consumer’s is logged)', async () => {
    const { client, user } = await member(gateway);
    await putAnswerEvent(answerEvent(user.id, { daysBack: 40, answered: 3 }));
    await gateway.streamSettled();
    // Every write of the summary fails as one that met the consumer's transaction would.
    const name = `summaryConflict-${randomUUID()}`;
    let refused = 0;
    dynamo().middlewareStack.add(
      (next, context) => async (args) => {
        const input = args.input as { TransactItems?: { Put?: { Item?: { sk?: unknown } } }[] };
        if (
          context.commandName === 'TransactWriteItemsCommand' &&
          input.TransactItems?.some((item) => item.Put?.Item?.sk === LearningSummaryKeys.sk())
        ) {
          refused += 1;
          throw Object.assign(new Error('Transaction is ongoing for the item'), {
            name: 'TransactionConflictException',
          });
        }
        return next(args);
      },
      { step: 'initialize', name },
    );
    try {
      for (let read = 0; read < 2; read++) {
        const response = await client.get('/api/learning/dashboard');
        expect(response.status, response.text).toBe(200);
        expect(json<Dashboard>(response).calendar.map((day) => day.questionsAnswered)).toEqual([3]);
      }
    } finally {
      dynamo().middlewareStack.remove(name);
    }
    expect(refused).toBe(2);
    // Once it can be written it is kept, and serves.
    expect((await dashboardOf(client)).calendar.map((day) => day.questionsAnswered)).toEqual([3]);
    const { Item } = await db.get({
      Key: LearningSummaryKeys.key({ userId: user.id }),
      ConsistentRead: true,
    });
    expect(Item?.through).toEqual(expect.any(String));
  });
});

describe('account deletion', () => {
  it('adds nothing of a play’s event whose item is gone (deleted with the account): no day, claim or summary written back', async () => {
    const { user } = await member(gateway);
    const event = answerEvent(user.id, {
      eventId: `c-${randomUUID()}`,
      // An old day: its addition would also mark the summary stale.
      daysBack: 40,
      kind: 'check',
      playId: `play-${randomUUID()}`,
      questions: ['abcdefgh+'],
    });
    // The stream hands the event over after the partition was emptied: its item is not there.
    expect(await recordAnswerEvent(event)).toBe(false);
    const kinds = (await queryAll({ partition: UserKeys.pk({ userId: user.id }), ConsistentRead: true })).map(
      (item) => String(item.sk).split('#')[0] ?? '',
    );
    expect(kinds.filter((kind) => ['DAILY', 'LEARNPLAY', 'LEARNSUM'].includes(kind))).toEqual([]);
  });

  it('removes every learning record', async () => {
    const { quizId, questionIds } = await createQuiz('科学', '初級', 1);
    const { username, userId } = await withPassword();
    const client = await visitor(gateway);
    const login = await client.request('POST', '/api/auth/login', { json: { username, password: PASSWORD } });
    expect(login.status, login.text).toBe(200);
    await play(client, quizId, { [questionIds[0]!]: 'B' }, `play-${randomUUID()}`);
    expect((await client.request('POST', '/api/study-plans', { json: { title: '計画' } })).status).toBe(201);
    expect((await client.request('POST', '/api/todos', { json: { text: 'やること' } })).status).toBe(201);
    await gateway.streamSettled();
    const partition = () =>
      queryAll({ partition: UserKeys.pk({ userId }), ConsistentRead: true }).then((items) =>
        items.map((item) => String(item.sk).split('#')[0]),
      );
    expect(await partition()).toEqual(
      expect.arrayContaining(['DAILY', 'LEARNEV', 'LEARNING', 'PLAN', 'TODO', 'TODODAY', 'WRONG']),
    );
    const deleted = await client.request('DELETE', '/api/user/delete', { json: { password: PASSWORD } });
    expect(deleted.status, deleted.text).toBe(200);
    await gateway.streamSettled();
    expect(await partition()).toEqual([]);
    // A reveal under way as the deletion began writes its answer event after it: the records'
    // consumer removes it rather than leave it behind.
    await putAnswerEvent(answerEvent(userId, { eventId: `g-${randomUUID()}` }));
    await gateway.streamSettled();
    expect(await partition()).toEqual([]);
    expect(
      await queryAll({ partition: UserKeys.pk({ userId }), beginsWith: AnswerEventKeys.skPrefix() }),
    ).toEqual([]);
    expect(
      await queryAll({ partition: UserKeys.pk({ userId }), beginsWith: WrongAnswerKeys.skPrefix() }),
    ).toEqual([]);
  });
});

it('answers today by Japan time', () => {
  expect(japanDate(new Date('2026-03-10T15:00:00Z'))).toBe('2026-03-11');
});
