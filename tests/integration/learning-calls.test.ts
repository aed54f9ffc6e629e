import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  LEARNING_MESSAGES,
  type Dashboard,
  type ReviewAnswerResult,
  type ReviewQueue,
  type ReviewSession,
  type StudyPlan,
  type Todo,
} from '@shared/learning';
import { MESSAGES } from '@shared/messages';
import { putItems } from '@functions/data/batch';
import { db } from '@functions/data/db';
import { CategoryKeys } from '@functions/categories/category-keys';
import { DailyStatsKeys, WrongAnswerKeys } from '@functions/learning/learning-keys';
import { dynamo } from '@functions/lib/aws-clients';
import { setClockForTests } from '@functions/lib/clock';
import { japanDate } from '@functions/lib/japan-time';
import { addDays } from '@functions/learning/dashboard-policy';
import { quizKey, QuizKeys } from '@functions/quizzes/quiz-keys';
import { seed } from '../../scripts/seed';
import { member } from '../support/actors';
import { startTestGateway } from '../support/gateway';
import type { TestClient } from '../support/http-client';
import { quizInput } from '../support/quiz-input';

/**
 * Study plans, daily to-dos and the review of mistakes (issue 29) through the local gateway: the
 * shapes, the limits under 30 parallel calls (4xx with a Japanese message, never 5xx), bad input
 * refused with nothing written, and each member seeing only their own.
 */
let gateway: Awaited<ReturnType<typeof startTestGateway>>;

beforeAll(async () => {
  gateway = await startTestGateway();
  await seed();
});
afterAll(() => gateway.stop());
afterEach(() => setClockForTests(undefined));

type Response = Awaited<ReturnType<TestClient['request']>>;
const json = <T>(response: Response) => response.json as unknown as T;
const atJapanTime = (time: string) => setClockForTests(new Date(`${time}:00+09:00`));

/** Fires `call` 30 times at once; every answer is below 500, and a refusal says why in Japanese. */
async function inParallel(call: (index: number) => Promise<Response>) {
  const responses = await Promise.all(Array.from({ length: 30 }, (_, index) => call(index)));
  for (const response of responses) {
    expect(response.status, response.text).toBeLessThan(500);
    if (response.status >= 400) expect(String(response.json?.message)).toMatch(/[ぁ-んァ-ヶ一-龠]/u);
  }
  return responses;
}

const statuses = (responses: Response[]) => {
  const counts: Record<number, number> = {};
  for (const { status } of responses) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
};

const plansOf = async (client: TestClient) =>
  json<{ plans: StudyPlan[] }>(await client.get('/api/study-plans')).plans;
const createPlan = (client: TestClient, body: Record<string, unknown>) =>
  client.request('POST', '/api/study-plans', { json: body });

describe('study plans', () => {
  it('creates a plan with the defaults, active at once, and the dashboard takes its goals', async () => {
    const { client } = await member(gateway);
    atJapanTime('2026-04-15T10:00');
    const created = await createPlan(client, { title: '  基本情報技術者試験  ' });
    expect(created.status, created.text).toBe(201);
    const plan = json<StudyPlan>(created);
    expect(plan).toMatchObject({
      title: '基本情報技術者試験',
      description: '',
      targetCategory: null,
      dailyGoal: 5,
      weeklyGoal: 35,
      targetExamDate: null,
      startDate: '2026-04-15',
      endDate: null,
      isActive: true,
      progress: 0,
    });
    expect(await plansOf(client)).toEqual([plan]);

    atJapanTime('2026-04-15T10:01');
    const second = json<StudyPlan>(
      await createPlan(client, {
        title: '資格の勉強',
        description: '毎日少しずつ',
        targetCategory: '資格',
        dailyGoal: 20,
        weeklyGoal: 140,
        targetExamDate: '2026-06-01',
        startDate: '2026-04-20',
        endDate: '2026-05-31',
      }),
    );
    expect(second).toMatchObject({ isActive: true, targetExamDate: '2026-06-01', endDate: '2026-05-31' });
    // Newest first; the new plan is the active one.
    expect((await plansOf(client)).map((entry) => [entry.id, entry.isActive])).toEqual([
      [second.id, true],
      [plan.id, false],
    ]);
    expect(json<Dashboard>(await client.get('/api/learning/dashboard')).goal).toEqual({
      dailyGoal: 20,
      weeklyGoal: 140,
      todayDone: 0,
      weekDone: 0,
      planId: second.id,
    });
  });

  it('refuses bad input with a Japanese message and writes nothing', async () => {
    const { client } = await member(gateway);
    atJapanTime('2026-04-15T10:00');
    const cases: [Record<string, unknown>, string][] = [
      [{}, LEARNING_MESSAGES.planTitle],
      [{ title: '   ' }, LEARNING_MESSAGES.planTitle],
      [{ title: '\u200b\ufeff' }, LEARNING_MESSAGES.planTitle],
      [{ title: 'あ'.repeat(101) }, LEARNING_MESSAGES.planTitle],
      [{ title: '計画', description: 'あ'.repeat(501) }, LEARNING_MESSAGES.planDescription],
      [{ title: '計画', dailyGoal: 0 }, LEARNING_MESSAGES.dailyGoal],
      [{ title: '計画', dailyGoal: 501 }, LEARNING_MESSAGES.dailyGoal],
      [{ title: '計画', dailyGoal: 1.5 }, LEARNING_MESSAGES.dailyGoal],
      [{ title: '計画', weeklyGoal: 3501 }, LEARNING_MESSAGES.weeklyGoal],
      [{ title: '計画', startDate: '2026-05-02', endDate: '2026-05-01' }, LEARNING_MESSAGES.planDates],
      [{ title: '計画', endDate: '2026-04-14' }, LEARNING_MESSAGES.planDates],
      [{ title: '計画', targetExamDate: '2026-04-14' }, LEARNING_MESSAGES.examInPast],
      [{ title: '計画', targetExamDate: '2026/05/01' }, LEARNING_MESSAGES.badDate],
      [{ title: '計画', startDate: '2026-02-30' }, LEARNING_MESSAGES.badDate],
      [{ title: '計画', targetCategory: '存在しない' }, LEARNING_MESSAGES.unknownCategory],
    ];
    for (const [body, message] of cases) {
      const response = await createPlan(client, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.json.message, JSON.stringify(body)).toBe(message);
    }
    // An exam today is not in the past.
    expect((await createPlan(client, { title: '計画', targetExamDate: '2026-04-15' })).status).toBe(201);
    expect(await plansOf(client)).toHaveLength(1);
  });

  it('keeps a category the plan already has after it was retired, and refuses it for a change', async () => {
    const { client } = await member(gateway);
    const created = await createPlan(client, { title: '理科の計画', targetCategory: '科学' });
    expect(created.status, created.text).toBe(201);
    const { id } = created.json as unknown as { id: string };
    const science = CategoryKeys.key({ categoryId: 'science' });
    await db.update({
      Key: science,
      UpdateExpression: 'SET isActive = :no',
      ExpressionAttributeValues: { ':no': false },
    });
    try {
      // The form sends the plan back as it is, with a new title.
      const kept = await client.request('PUT', `/api/study-plans/${id}`, {
        json: { title: '理科の計画（改）', targetCategory: '科学' },
      });
      expect(kept.status, kept.text).toBe(200);
      expect(kept.json).toMatchObject({ title: '理科の計画（改）', targetCategory: '科学' });
      const other = await createPlan(client, { title: '別の計画' });
      const { id: otherId } = other.json as unknown as { id: string };
      const moved = await client.request('PUT', `/api/study-plans/${otherId}`, {
        json: { targetCategory: '科学' },
      });
      expect([moved.status, moved.json.message]).toEqual([400, LEARNING_MESSAGES.unknownCategory]);
    } finally {
      await db.update({
        Key: science,
        UpdateExpression: 'SET isActive = :yes',
        ExpressionAttributeValues: { ':yes': true },
      });
    }
  });

  it('measures progress against the goal up to the plan’s end, or this week’s', async () => {
    const { client, user } = await member(gateway);
    atJapanTime('2026-04-15T10:00'); // a Wednesday
    const putDay = (day: string, pairs: Record<string, number>) =>
      db.put({
        Item: {
          ...DailyStatsKeys.key({ userId: user.id, day }),
          date: day,
          questionsAnswered: Object.values(pairs).reduce((sum, count) => sum + count, 0),
          correctAnswers: 0,
          ...Object.fromEntries(Object.entries(pairs).map(([pair, count]) => [`n#${pair}`, count])),
        },
      });
    await putDay('2026-04-10', { '科学#初級': 50 }); // before both plans' start, and last week
    await putDay('2026-04-13', { '科学#初級': 5, '歴史#初級': 3 });
    await putDay('2026-04-15', { '科学#中級': 2 });
    // 7 in 科学 since the 13th, against 10 a week for two weeks (13th–26th): 35%.
    const ranged = json<StudyPlan>(
      await createPlan(client, {
        title: '科学',
        targetCategory: '科学',
        weeklyGoal: 10,
        startDate: '2026-04-13',
        endDate: '2026-04-26',
      }),
    );
    expect(ranged.progress).toBe(35);
    // Without an end: this week's 10 answers of all categories against 20.
    const weekly = json<StudyPlan>(
      await createPlan(client, { title: '毎週', weeklyGoal: 20, startDate: '2026-04-01' }),
    );
    expect(weekly.progress).toBe(50);
    // The exam date ends the span when there is no end date; progress stops at 100.
    const exam = json<StudyPlan>(
      await createPlan(client, {
        title: '試験',
        weeklyGoal: 5,
        startDate: '2026-04-10',
        targetExamDate: '2026-04-16',
      }),
    );
    expect(exam.progress).toBe(100);
    expect(json<Dashboard>(await client.get('/api/learning/dashboard')).goal).toMatchObject({
      todayDone: 2,
      weekDone: 10,
      planId: exam.id,
    });
  });

  it('keeps one active plan under 30 parallel activations, and at most 20 plans under 30 parallel creations', async () => {
    const { client } = await member(gateway);
    const created = await inParallel((index) => createPlan(client, { title: `計画${index}` }));
    expect(statuses(created)).toEqual({ 201: 20, 429: 10 });
    expect(created.find((response) => response.status === 429)!.json.message).toBe(
      LEARNING_MESSAGES.tooManyPlans,
    );
    const plans = await plansOf(client);
    expect(plans).toHaveLength(20);
    expect(plans.filter((plan) => plan.isActive)).toHaveLength(1);

    const activated = await inParallel((index) =>
      client.request('PUT', `/api/study-plans/${plans[index % 20]!.id}`, { json: { isActive: true } }),
    );
    expect(statuses(activated)[200]).toBeGreaterThan(0);
    const after = await plansOf(client);
    expect(after.filter((plan) => plan.isActive)).toHaveLength(1);
    expect(json<Dashboard>(await client.get('/api/learning/dashboard')).goal.planId).toBe(
      after.find((plan) => plan.isActive)!.id,
    );
  });

  it('keeps every field of 30 parallel partial edits of one plan as sent', async () => {
    const { client } = await member(gateway);
    const plan = json<StudyPlan>(await createPlan(client, { title: '計画', dailyGoal: 8 }));
    const sent = [
      { title: '並行して編集した計画' },
      { description: '説明も変えた' },
      { dailyGoal: 12 },
      { weeklyGoal: 84 },
      { targetExamDate: '2027-03-01' },
      { endDate: '2027-03-31' },
    ];
    const edits = await inParallel((index) =>
      client.request('PUT', `/api/study-plans/${plan.id}`, { json: sent[index % sent.length] }),
    );
    expect(statuses(edits)).toEqual({ 200: 30 });
    const [after] = await plansOf(client);
    expect(after).toMatchObject(Object.assign({ isActive: true, startDate: plan.startDate }, ...sent));
    // A start after the end the plan has now is refused, whatever the edit read.
    const late = await client.request('PUT', `/api/study-plans/${plan.id}`, {
      json: { startDate: '2027-04-01' },
    });
    expect([late.status, late.json.message]).toEqual([400, LEARNING_MESSAGES.planDates]);
  });

  it('edits, deactivates and deletes a plan; another member’s plan is not found', async () => {
    const { client } = await member(gateway);
    const other = await member(gateway);
    const plan = json<StudyPlan>(await createPlan(client, { title: '計画', dailyGoal: 8 }));
    const edited = await client.request('PUT', `/api/study-plans/${plan.id}`, { json: { weeklyGoal: 50 } });
    expect(edited.status, edited.text).toBe(200);
    expect(json<StudyPlan>(edited)).toMatchObject({
      title: '計画',
      dailyGoal: 8,
      weeklyGoal: 50,
      isActive: true,
    });
    const nothing = await client.request('PUT', `/api/study-plans/${plan.id}`, { json: {} });
    expect([nothing.status, nothing.json.message]).toEqual([400, LEARNING_MESSAGES.planNothingToChange]);
    const reversed = await client.request('PUT', `/api/study-plans/${plan.id}`, {
      json: { endDate: '2000-01-01' },
    });
    expect([reversed.status, reversed.json.message]).toEqual([400, LEARNING_MESSAGES.planDates]);

    for (const call of [
      other.client.request('PUT', `/api/study-plans/${plan.id}`, { json: { isActive: true } }),
      other.client.request('DELETE', `/api/study-plans/${plan.id}`),
      client.request('PUT', `/api/study-plans/${randomUUID()}`, { json: { title: 'x' } }),
    ]) {
      const response = await call;
      expect([response.status, response.json.message]).toEqual([404, LEARNING_MESSAGES.planNotFound]);
    }
    expect(await plansOf(other.client)).toEqual([]);
    const malformed = await client.request('DELETE', '/api/study-plans/not-an-id');
    expect([malformed.status, malformed.json.message]).toEqual([400, LEARNING_MESSAGES.planNotFound]);

    // Deactivating a plan that is not the active one changes nothing of it but the fields sent.
    const idle = json<StudyPlan>(await createPlan(client, { title: '別の計画' }));
    expect(
      (await client.request('PUT', `/api/study-plans/${plan.id}`, { json: { isActive: true } })).status,
    ).toBe(200);
    const renamed = await client.request('PUT', `/api/study-plans/${idle.id}`, {
      json: { isActive: false, title: '別の計画（改）', dailyGoal: 12 },
    });
    expect(renamed.status, renamed.text).toBe(200);
    expect(json<StudyPlan>(renamed)).toMatchObject({
      title: '別の計画（改）',
      dailyGoal: 12,
      isActive: false,
    });
    expect((await plansOf(client)).filter((each) => each.isActive).map((each) => each.id)).toEqual([plan.id]);
    expect((await client.request('DELETE', `/api/study-plans/${idle.id}`)).status).toBe(200);

    const off = await client.request('PUT', `/api/study-plans/${plan.id}`, { json: { isActive: false } });
    expect(json<StudyPlan>(off).isActive).toBe(false);
    expect(json<Dashboard>(await client.get('/api/learning/dashboard')).goal).toMatchObject({
      dailyGoal: 5,
      weeklyGoal: 35,
      planId: null,
    });

    const deletions = await inParallel(() => client.request('DELETE', `/api/study-plans/${plan.id}`));
    expect(statuses(deletions)).toEqual({ 200: 1, 404: 29 });
    expect(await plansOf(client)).toEqual([]);
  });
});

const todosOf = async (client: TestClient, date?: string) =>
  json<{ date: string; todos: Todo[] }>(await client.get(`/api/todos${date ? `?date=${date}` : ''}`));

describe('daily to-dos', () => {
  it('adds, ticks, edits and deletes a to-do of today (Japan time)', async () => {
    const { client } = await member(gateway);
    atJapanTime('2026-08-31T23:59');
    const created = await client.request('POST', '/api/todos', { json: { text: '  英単語を20個覚える ' } });
    expect(created.status, created.text).toBe(201);
    const todo = json<Todo>(created);
    expect(todo).toMatchObject({
      text: '英単語を20個覚える',
      date: '2026-08-31',
      completed: false,
      completedAt: null,
    });
    atJapanTime('2026-09-01T00:00');
    expect((await todosOf(client)).todos).toEqual([]);
    expect(await todosOf(client, '2026-08-31')).toEqual({ date: '2026-08-31', todos: [todo] });

    const ticked = json<Todo>(
      await client.request('PATCH', `/api/todos/${todo.id}`, { json: { completed: true } }),
    );
    expect(ticked).toMatchObject({
      completed: true,
      completedAt: '2026-08-31T15:00:00.000Z',
      text: todo.text,
    });
    const renamed = json<Todo>(
      await client.request('PATCH', `/api/todos/${todo.id}`, { json: { text: '復習する' } }),
    );
    expect(renamed).toMatchObject({ text: '復習する', completed: true });
    const unticked = json<Todo>(
      await client.request('PATCH', `/api/todos/${todo.id}`, { json: { completed: false } }),
    );
    expect(unticked).toMatchObject({ completed: false, completedAt: null });

    expect((await client.request('DELETE', `/api/todos/${todo.id}`)).status).toBe(200);
    const again = await client.request('DELETE', `/api/todos/${todo.id}`);
    expect([again.status, again.json.message]).toEqual([404, LEARNING_MESSAGES.todoNotFound]);
  });

  it('refuses bad input, keeps each member to their own, and stops at 50 a day under parallel additions', async () => {
    const { client } = await member(gateway);
    const other = await member(gateway);
    for (const [body, message] of [
      [{}, LEARNING_MESSAGES.todoText],
      [{ text: '   ' }, LEARNING_MESSAGES.todoText],
      [{ text: '\u200b\u200b' }, LEARNING_MESSAGES.todoText],
      [{ text: 'あ'.repeat(201) }, LEARNING_MESSAGES.todoText],
      [{ text: 'やること', date: '2026-13-01' }, LEARNING_MESSAGES.badDate],
    ] as const) {
      const response = await client.request('POST', '/api/todos', { json: body });
      expect([response.status, response.json.message]).toEqual([400, message]);
    }
    expect((await client.get('/api/todos?date=yesterday')).status).toBe(400);
    // A day within 366 days of today (Japan), either way (the days below are near this today).
    atJapanTime('2026-11-27T00:00');
    for (const date of ['2027-11-29', '2025-11-25']) {
      const far = await client.request('POST', '/api/todos', { json: { text: '遠い日', date } });
      expect([far.status, far.json.message]).toEqual([400, LEARNING_MESSAGES.todoDateRange]);
      const read = await client.get(`/api/todos?date=${date}`);
      expect([read.status, read.json.message]).toEqual([400, LEARNING_MESSAGES.todoDateRange]);
    }
    for (const date of ['2027-11-28', '2025-11-26']) {
      const edge = await client.request('POST', '/api/todos', { json: { text: '366日', date } });
      expect(edge.status, edge.text).toBe(201);
      expect((await client.request('DELETE', `/api/todos/${json<Todo>(edge).id}`)).status).toBe(200);
    }
    expect((await todosOf(client)).todos).toEqual([]);

    const day = '2026-10-10';
    const first = await inParallel((index) =>
      client.request('POST', '/api/todos', { json: { text: `${index}`, date: day } }),
    );
    expect(statuses(first)).toEqual({ 201: 30 });
    const second = await inParallel((index) =>
      client.request('POST', '/api/todos', { json: { text: `${index + 30}`, date: day } }),
    );
    expect(statuses(second)).toEqual({ 201: 20, 429: 10 });
    expect(second.find((response) => response.status === 429)!.json.message).toBe(
      LEARNING_MESSAGES.tooManyTodos,
    );
    const todos = (await todosOf(client, day)).todos;
    expect(todos).toHaveLength(50);
    // Another day has room of its own; a deletion gives one back.
    expect(
      (await client.request('POST', '/api/todos', { json: { text: '別の日', date: '2026-10-11' } })).status,
    ).toBe(201);
    expect((await client.request('DELETE', `/api/todos/${todos[0]!.id}`)).status).toBe(200);
    expect((await client.request('POST', '/api/todos', { json: { text: '追加', date: day } })).status).toBe(
      201,
    );

    const mine = todos[1]!;
    for (const response of [
      await other.client.request('PATCH', `/api/todos/${mine.id}`, { json: { completed: true } }),
      await other.client.request('DELETE', `/api/todos/${mine.id}`),
    ])
      expect([response.status, response.json.message]).toEqual([404, LEARNING_MESSAGES.todoNotFound]);
    expect((await todosOf(other.client, day)).todos).toEqual([]);
    const empty = await client.request('PATCH', `/api/todos/${mine.id}`, { json: {} });
    expect([empty.status, empty.json.message]).toEqual([400, LEARNING_MESSAGES.todoNothingToChange]);
  });

  it('ticks and deletes a to-do 30 times at once without a 5xx', async () => {
    const { client } = await member(gateway);
    const todo = json<Todo>(await client.request('POST', '/api/todos', { json: { text: '並行' } }));
    const ticks = await inParallel((index) =>
      client.request('PATCH', `/api/todos/${todo.id}`, { json: { completed: index % 2 === 0 } }),
    );
    expect(Object.keys(statuses(ticks)).every((status) => ['200', '409'].includes(status))).toBe(true);
    const deletions = await inParallel(() => client.request('DELETE', `/api/todos/${todo.id}`));
    expect(statuses(deletions)).toEqual({ 200: 1, 404: 29 });
    expect((await todosOf(client)).todos).toEqual([]);
    // The day's count went back: 50 fit again.
    const refill = await inParallel((index) =>
      client.request('POST', '/api/todos', { json: { text: `${index}` } }),
    );
    expect(statuses(refill)).toEqual({ 201: 30 });
  });
});

/**
 * The Queries the functions send (they run in this process, behind the gateway), from now until
 * `stop()`; with `about`, only those whose input names it (the stream's consumers query too).
 */
function countQueries(about?: string) {
  const name = `countQueries-${randomUUID()}`;
  let count = 0;
  dynamo().middlewareStack.add(
    (next, context) => async (args) => {
      if (context.commandName === 'QueryCommand' && (!about || JSON.stringify(args.input).includes(about)))
        count += 1;
      return next(args);
    },
    { step: 'initialize', name },
  );
  return { count: () => count, stop: () => dynamo().middlewareStack.remove(name) };
}

describe('review of mistakes', () => {
  /** A published quiz of `questions` questions (A right) by `author`, with its question ids. */
  async function quizBy(author: TestClient, input: Parameters<typeof quizInput>[0], questions: number) {
    const created = await author.request('POST', '/api/quizzes', { json: quizInput(input, questions) });
    const quizId = json<{ id: string }>(created).id;
    const questionIds = json<{ questions: { id: string }[] }>(
      await author.get(`/api/quizzes/${quizId}`),
    ).questions.map((question) => question.id);
    return { quizId, questionIds };
  }

  /** `player` finishes a play of a quiz with these answers. */
  async function play(player: TestClient, quizId: string, answers: Record<string, string>) {
    const played = await player.request('POST', `/api/quizzes/${quizId}/attempt`, { json: { answers } });
    expect(played.status, played.text).toBe(201);
  }

  /** A quiz of three questions (A right) played by a new member with the first two wrong. */
  async function playedWithMistakes() {
    const author = await member(gateway);
    const { quizId, questionIds } = await quizBy(
      author.client,
      { title: '復習のクイズ', category: '歴史', difficulty: '中級' },
      3,
    );
    const player = await member(gateway);
    await play(player.client, quizId, {
      [questionIds[0]!]: 'B',
      [questionIds[1]!]: 'B',
      [questionIds[2]!]: 'A',
    });
    return { author, player, quizId, questionIds };
  }

  const queueOf = async (client: TestClient) => json<ReviewQueue>(await client.get('/api/review/queue'));
  const answer = (client: TestClient, body: Record<string, unknown>) =>
    client.request('POST', '/api/review/answer', { json: body });

  /** Stands the clock at noon (Japan) of a day. */
  const onJapanDay = (day: string) => setClockForTests(new Date(`${day}T12:00:00+09:00`));
  const answered = (response: Response) => {
    expect(response.status, response.text).toBe(200);
    return json<ReviewAnswerResult>(response);
  };

  it('queues a play’s mistakes due the same day; a right review moves a question out of today, a wrong one keeps it due', async () => {
    const { player, quizId, questionIds } = await playedWithMistakes();
    const today = japanDate(new Date());
    onJapanDay(today);
    const queue = await queueOf(player.client);
    expect(queue.dueToday).toBe(2);
    expect(queue.items.map((item) => item.questionId).sort()).toEqual(
      [questionIds[0], questionIds[1]].sort(),
    );
    expect(queue.items[0]).toEqual({
      questionId: expect.any(String),
      quizId,
      quizTitle: '復習のクイズ',
      category: '歴史',
      nextReviewDate: today,
      reviewCount: 0,
    });

    const session = await player.client.request('POST', '/api/review/session');
    expect(session.status, session.text).toBe(200);
    const questions = json<ReviewSession>(session).questions;
    expect(questions).toHaveLength(2);
    expect(questions[0]).toEqual({
      questionId: expect.any(String),
      quizId,
      quizTitle: '復習のクイズ',
      category: '歴史',
      questionText: expect.stringMatching(/^問題/),
      optionA: '正解',
      optionB: '不正解',
      optionC: null,
      optionD: null,
    });

    const [first, second] = questionIds as [string, string];
    // Right: SM-2's next interval (6 days); the question is not due again today (409 naming its day).
    const right = answered(await answer(player.client, { questionId: first, quizId, answer: 'A' }));
    expect(right).toMatchObject({ isCorrect: true, correctAnswer: 'A', masteredAt: null });
    expect(right.nextReviewDate).toBe(addDays(today, 6));
    const again = await answer(player.client, { questionId: first, quizId, answer: 'A' });
    expect([again.status, again.json.message, again.json.reason]).toEqual([
      409,
      LEARNING_MESSAGES.reviewNotDue(addDays(today, 6)),
      'review_not_due',
    ]);
    // Wrong (without its quiz id: found in the queue): still due today, until answered right.
    for (let round = 0; round < 2; round++)
      expect(answered(await answer(player.client, { questionId: second, answer: 'B' }))).toEqual({
        isCorrect: false,
        correctAnswer: 'A',
        explanation: null,
        nextReviewDate: today,
        masteredAt: null,
      });
    expect((await queueOf(player.client)).dueToday).toBe(1);
    expect(answered(await answer(player.client, { questionId: second, answer: 'A' })).nextReviewDate).toBe(
      addDays(today, 6),
    );
    // Today's queue is empty: no session, nothing due; both are still scheduled.
    const after = await queueOf(player.client);
    expect(after.dueToday).toBe(0);
    expect(
      Object.fromEntries(
        after.items.map((item) => [item.questionId, [item.nextReviewDate, item.reviewCount]]),
      ),
    ).toEqual({ [first]: [addDays(today, 6), 1], [second]: [addDays(today, 6), 3] });
    const none = await player.client.request('POST', '/api/review/session');
    expect([none.status, none.json.message]).toEqual([404, LEARNING_MESSAGES.noDueReviews]);
    // The reviews that were accepted count as answered questions too (3 played + 4 reviews).
    await gateway.streamSettled();
    expect(json<Dashboard>(await player.client.get('/api/learning/dashboard')).today.questionsAnswered).toBe(
      7,
    );
  });

  it('masters a question after three right reviews in a row, on three days; a wrong review starts the run again', async () => {
    const { player, quizId, questionIds } = await playedWithMistakes();
    const [first, second] = questionIds as [string, string];
    const today = japanDate(new Date());
    onJapanDay(today);
    const results: ReviewAnswerResult[] = [];
    for (let day = today; ;) {
      onJapanDay(day);
      const result = answered(await answer(player.client, { questionId: first, quizId, answer: 'A' }));
      results.push(result);
      if (!result.nextReviewDate) break;
      expect(result.nextReviewDate > day).toBe(true);
      day = result.nextReviewDate;
    }
    // 0 → 6 days → 6 × 2.6 = 16 days more → mastered on the third day.
    expect(results.map((result) => [result.nextReviewDate, result.masteredAt !== null])).toEqual([
      [addDays(today, 6), false],
      [addDays(today, 22), false],
      [null, true],
    ]);
    const mastered = await answer(player.client, { questionId: first, quizId, answer: 'A' });
    expect([mastered.status, mastered.json.message]).toEqual([404, LEARNING_MESSAGES.reviewNotFound]);
    expect((await queueOf(player.client)).items.map((item) => item.questionId)).toEqual([second]);

    // The other: right, right on its day, wrong on the next (due that day again), then right twice more.
    onJapanDay(today);
    let day = answered(
      await answer(player.client, { questionId: second, quizId, answer: 'A' }),
    ).nextReviewDate!;
    onJapanDay(day);
    day = answered(await answer(player.client, { questionId: second, quizId, answer: 'A' })).nextReviewDate!;
    onJapanDay(day);
    expect(answered(await answer(player.client, { questionId: second, quizId, answer: 'B' }))).toMatchObject({
      nextReviewDate: day,
      masteredAt: null,
    });
    day = answered(await answer(player.client, { questionId: second, quizId, answer: 'A' })).nextReviewDate!;
    onJapanDay(day);
    const secondRight = answered(await answer(player.client, { questionId: second, quizId, answer: 'A' }));
    expect(secondRight.masteredAt).toBeNull();
    const { Item } = await db.get({
      Key: WrongAnswerKeys.key({ userId: player.user.id, quizId, questionId: second }),
      ConsistentRead: true,
    });
    expect(Item).toMatchObject({ repetition: 2, reviewCount: 5 });
    expect(Item?.masteredAt).toBeUndefined();
  });

  it('counts each of 30 parallel answers to a question against the schedule it read, and keeps each member to their own', async () => {
    const { player, quizId, questionIds } = await playedWithMistakes();
    const responses = await inParallel(() =>
      answer(player.client, { questionId: questionIds[0], quizId, answer: 'A' }),
    );
    // One counted: it moved the question out of today; the others were told to try again (the
    // schedule they read had moved) or that it is not due today (409 either way).
    expect(statuses(responses)).toEqual({ 200: 1, 409: 29 });
    const next = json<ReviewAnswerResult>(responses.find((response) => response.status === 200)!);
    for (const response of responses.filter(({ status }) => status === 409))
      expect([
        LEARNING_MESSAGES.reviewBusy,
        LEARNING_MESSAGES.reviewNotDue(next.nextReviewDate!),
        MESSAGES.busy,
      ]).toContain(response.json.message);
    const { Item } = await db.get({
      Key: WrongAnswerKeys.key({ userId: player.user.id, quizId, questionId: questionIds[0]! }),
      ConsistentRead: true,
    });
    expect(Item).toMatchObject({ reviewCount: 1, repetition: 1, nextReviewDate: next.nextReviewDate });
    expect(Item?.masteredAt).toBeUndefined();

    const stranger = await member(gateway);
    const theirs = await answer(stranger.client, { questionId: questionIds[1], quizId, answer: 'A' });
    expect([theirs.status, theirs.json.message]).toEqual([404, LEARNING_MESSAGES.reviewNotFound]);
    expect(await queueOf(stranger.client)).toEqual({ dueToday: 0, items: [] });
    const none = await stranger.client.request('POST', '/api/review/session');
    expect([none.status, none.json.message]).toEqual([404, LEARNING_MESSAGES.noDueReviews]);
    const bad = await answer(player.client, { questionId: questionIds[1], answer: 'E' });
    expect(bad.status).toBe(400);
  });

  it('starts a review of one category’s due questions when asked for it', async () => {
    const { author, player } = await playedWithMistakes();
    const science = await quizBy(
      author.client,
      { title: '科学の復習', category: '科学', difficulty: '初級' },
      2,
    );
    await play(player.client, science.quizId, {
      [science.questionIds[0]!]: 'B',
      [science.questionIds[1]!]: 'A',
    });
    const session = async (body?: Record<string, unknown>) => {
      const response = await player.client.request('POST', '/api/review/session', body ? { json: body } : {});
      return response.status === 200
        ? json<ReviewSession>(response)
            .questions.map((question) => question.category)
            .sort()
        : [response.status, response.json.message];
    };
    expect(await session()).toEqual(['歴史', '歴史', '科学']);
    expect(await session({})).toEqual(['歴史', '歴史', '科学']);
    expect(await session({ category: '科学' })).toEqual(['科学']);
    expect(await session({ category: '地理' })).toEqual([404, LEARNING_MESSAGES.noDueReviews]);
  });

  it('finds a question answered without its quiz id in a queue of 1,000 in a few requests', async () => {
    const { player, questionIds } = await playedWithMistakes();
    // 1,000 older mistakes before it in the queue (ordered by due day).
    await putItems(
      Array.from({ length: 1000 }, (_, index) => {
        const key = { userId: player.user.id, quizId: 'old-quiz', questionId: `old-${index}` };
        return {
          ...WrongAnswerKeys.key(key),
          ...WrongAnswerKeys.collection({ ...key, nextReviewDate: '2026-01-01' }),
          ...key,
          nextReviewDate: '2026-01-01',
        };
      }),
      4,
    );
    const queries = countQueries();
    try {
      const response = await answer(player.client, { questionId: questionIds[1], answer: 'A' });
      expect(response.status, response.text).toBe(200);
    } finally {
      queries.stop();
    }
    expect(queries.count()).toBeLessThanOrEqual(3);
  });

  it('reads an edited quiz’s questions again only when the edit took one out after the mistake', async () => {
    const { author, player, quizId, questionIds } = await playedWithMistakes();
    // The queries of this quiz's partition (its questions): the stream's consumers query too.
    const queriesOfQueue = async () => {
      await gateway.streamSettled();
      const queries = countQueries(QuizKeys.pk({ quizId }));
      try {
        const queue = await queueOf(player.client);
        // Due the same day, in no order of their own: compared as sets.
        return { queries: queries.count(), items: queue.items.map((item) => item.questionId).sort() };
      } finally {
        queries.stop();
      }
    };
    const untouched = await queriesOfQueue();
    expect(untouched.items).toEqual([questionIds[0], questionIds[1]].sort());
    // Retitled, its three questions kept: the queue reads what it read before.
    const retitle = await author.client.request('PUT', `/api/quizzes/${quizId}`, {
      json: quizInput({ title: '復習のクイズ（改訂）', category: '歴史', difficulty: '中級' }, 3),
    });
    expect(retitle.status, retitle.text).toBe(200);
    expect(await queriesOfQueue()).toEqual(untouched);
    // The third question taken out: its questions are read again (the two mistakes are still in it).
    const shortened = await author.client.request('PUT', `/api/quizzes/${quizId}`, {
      json: quizInput({ title: '復習のクイズ（改訂）', category: '歴史', difficulty: '中級' }, 2),
    });
    expect(shortened.status, shortened.text).toBe(200);
    expect(await queriesOfQueue()).toEqual({ queries: untouched.queries + 1, items: untouched.items });
  });

  it('drops questions of a quiz hidden, edited without them or deleted since', async () => {
    const hidden = await playedWithMistakes();
    await db.update({
      Key: quizKey(hidden.quizId),
      UpdateExpression: 'SET isHidden = :yes',
      ExpressionAttributeValues: { ':yes': true },
    });
    expect(await queueOf(hidden.player.client)).toEqual({ dueToday: 0, items: [] });
    expect(json<Dashboard>(await hidden.player.client.get('/api/learning/dashboard')).reviewDue).toBe(0);
    const answered = await answer(hidden.player.client, {
      questionId: hidden.questionIds[0],
      quizId: hidden.quizId,
      answer: 'A',
    });
    expect(answered.status).toBe(404);

    // A question removed from its quiz by an edit leaves too; the one that stayed is still asked.
    const edited = await playedWithMistakes();
    const edit = await edited.author.client.request('PUT', `/api/quizzes/${edited.quizId}`, {
      json: quizInput({ title: '復習のクイズ', category: '歴史', difficulty: '中級' }, 1),
    });
    expect(edit.status, edit.text).toBe(200);
    expect((await queueOf(edited.player.client)).items.map((item) => item.questionId)).toEqual([
      edited.questionIds[0],
    ]);
    const removed = await answer(edited.player.client, {
      questionId: edited.questionIds[1],
      quizId: edited.quizId,
      answer: 'A',
    });
    expect(removed.status).toBe(404);

    const deleted = await playedWithMistakes();
    expect((await deleted.author.client.request('DELETE', `/api/quizzes/${deleted.quizId}`)).status).toBe(
      200,
    );
    expect(await queueOf(deleted.player.client)).toEqual({ dueToday: 0, items: [] });
  });
});
