import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { DIFFICULTIES } from '@shared/constants';
import { SEED_CATEGORIES } from '@functions/categories/seed-categories';
import { putItems } from '@functions/data/batch';
import { addDays } from '@functions/learning/dashboard-policy';
import { questionMark, type AnswerEvent } from '@functions/learning/event-policy';
import { answerEventItem } from '@functions/learning/event-store';
import { WrongAnswerKeys } from '@functions/learning/learning-keys';
import { japanDate } from '@functions/lib/japan-time';
import { signInAs } from '../../tests/support/accounts';
import { TestClient } from '../../tests/support/http-client';
import { quizInput } from '../../tests/support/quiz-input';
import type { LocalStack } from '../local/stack';
import type { BenchRow } from './ai-bench';
import { meterCapacity } from './search-bench';

/**
 * The learning records in `npm run bench -- learning` (docs/decisions.md "Issue 29"), through the
 * local gateway and DynamoDB Local:
 * - the dashboard of a member with 365 days of activity and 20,000 answered questions (written as
 *   answer events and added to the days by the learning records consumer from the table's stream,
 *   as in AWS), 200 wrong answers of which 50 are due, and an active plan: p50 / p99 and read units;
 * - write units a recorded answer adds: a checked answer of a play (the event and the consumer's
 *   transaction, against the same check without a play id), and a finished play of 10 questions.
 * Read and write units are DynamoDB's own figures (ReturnConsumedCapacity), every call of the
 * request summed, the session lookup included.
 */
export const LEARNING_BUDGETS = {
  /** The dashboard at 365 days and 20,000 answers. */
  dashboardP99Ms: 50,
  /** Write units one recorded answer adds. */
  writeUnitsPerAnswer: 5,
};

const DAYS = 365;
const ANSWERS = 20_000;
const EVENTS_A_DAY = 5;
const ROUNDS = 200;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const ms = (value: number) => `${value.toFixed(1)} ms`;
const row = (measure: string, value: string, budget = '', ok: boolean | null = null): BenchRow => ({
  measure,
  value,
  budget,
  ok,
});

export async function benchLearning(stack: LocalStack): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const meter = meterCapacity();
  const origin = new URL(stack.appUrl).origin;
  const url = `http://127.0.0.1:${stack.gateway.port}`;
  const client = new TestClient(url, { origin });
  await client.get('/api/categories');
  const { user } = await signInAs(client);
  const author = new TestClient(url, { origin });
  await author.get('/api/categories');
  await signInAs(author, { isPro: true });

  // 10 quizzes of 20 questions, whose every question the member once answered wrongly.
  const quizzes: { id: string; questionIds: string[] }[] = [];
  for (let index = 0; index < 10; index++) {
    const created = await author.request('POST', '/api/quizzes', {
      json: quizInput({ title: `学習ベンチ ${index}`, category: SEED_CATEGORIES[index % 5]!.name }, 20),
    });
    if (created.status !== 201)
      throw new Error(`creating a quiz answered ${created.status}: ${created.text}`);
    const id = (created.json as unknown as { id: string }).id;
    const read = (await author.get(`/api/quizzes/${id}`)).json as unknown as { questions: { id: string }[] };
    quizzes.push({ id, questionIds: read.questions.map((question) => question.id) });
  }

  // 365 days of answers ending today, as answer events the consumer adds to the days.
  const started = performance.now();
  const today = japanDate(new Date());
  const events: Record<string, unknown>[] = [];
  let answered = 0;
  for (let day = 0; day < DAYS; day++) {
    const date = addDays(today, day - (DAYS - 1));
    const dayAnswers = Math.round(((day + 1) * ANSWERS) / DAYS) - Math.round((day * ANSWERS) / DAYS);
    for (let part = 0; part < EVENTS_A_DAY; part++) {
      const count =
        Math.round(((part + 1) * dayAnswers) / EVENTS_A_DAY) - Math.round((part * dayAnswers) / EVENTS_A_DAY);
      const category = SEED_CATEGORIES[(day + part) % SEED_CATEGORIES.length]!.name;
      const event: AnswerEvent = {
        userId: user.id,
        eventId: `a-bench-${day}-${part}`,
        answeredAt: `${date}T0${part}:00:00.000Z`,
        kind: 'attempt',
        answered: count,
        correct: Math.round(count * (0.5 + ((day * 7 + part) % 5) / 10)),
        quizzes: 1,
        timeSpent: count * 20,
        category,
        difficulty: DIFFICULTIES[(day + part) % 3]!,
      };
      events.push(answerEventItem(event));
      answered += count;
    }
  }
  await putItems(events, 8);
  await stack.gateway.streamSettled();

  // The wrong answers: 50 due today, 150 later.
  const wrong = quizzes.flatMap((quiz) =>
    quiz.questionIds.map((questionId) => ({ quizId: quiz.id, questionId })),
  );
  await putItems(
    wrong.map((key, index) => {
      const nextReviewDate = index < 50 ? today : addDays(today, 1 + (index % 30));
      const collection = WrongAnswerKeys.collection({ userId: user.id, nextReviewDate, ...key });
      return {
        ...WrongAnswerKeys.key({ userId: user.id, ...key }),
        ...WrongAnswerKeys.owner({ userId: user.id, ...key }),
        ...collection,
        ...key,
        category: '科学',
        difficulty: '初級',
        userAnswer: 'B',
        correctAnswer: 'A',
        wrongCount: 1,
        lastWrongAt: new Date().toISOString(),
        createdAt: new Date().toISOString(),
        reviewType: 'quiz',
        easinessFactor: 250,
        reviewInterval: 1,
        repetition: 0,
        reviewCount: 0,
        nextReviewDate,
        question: {
          id: `quiz~${key.quizId}~${key.questionId}`,
          type: 'multiple_choice',
          text: '問題',
          options: { A: '正解', B: '不正解' },
          correctAnswer: 'A',
          explanation: '',
        },
      };
    }),
    8,
  );
  const plan = await client.request('POST', '/api/study-plans', {
    json: { title: 'ベンチの計画', weeklyGoal: 400 },
  });
  if (plan.status !== 201) throw new Error(`creating a plan answered ${plan.status}: ${plan.text}`);
  rows.push(
    row(
      `learning: load ${DAYS} days, ${answered} answers (${events.length} events through the consumer), ${wrong.length} wrong answers`,
      `${((performance.now() - started) / 1000).toFixed(1)} s`,
    ),
  );

  // The dashboard: its figures checked once, then timed.
  const dashboard = async () => {
    const response = await client.get('/api/learning/dashboard');
    if (response.status !== 200)
      throw new Error(`the dashboard answered ${response.status}: ${response.text}`);
    return response.json as unknown as {
      calendar: unknown[];
      streak: { current: number };
      reviewDue: number;
    };
  };
  const figures = await dashboard();
  const right =
    figures.calendar.length === DAYS && figures.streak.current === DAYS && figures.reviewDue === 50;
  await dashboard();
  meter.reset();
  const latencies: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const begun = performance.now();
    await dashboard();
    latencies.push(performance.now() - begun);
  }
  latencies.sort((a, b) => a - b);
  const p99 = percentile(latencies, 99);
  // What the machine gives any signed-in call now (the session lookup and one read): the dashboard's floor.
  const floor: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const begun = performance.now();
    await client.get('/api/user/stats');
    floor.push(performance.now() - begun);
  }
  floor.sort((a, b) => a - b);
  rows.push(
    row(`learning: dashboard (${DAYS} days, ${answered} answers) p50`, ms(percentile(latencies, 50))),
    row(
      'learning: for comparison, GET /api/user/stats (one read) p50 / p99',
      `${ms(percentile(floor, 50))} / ${ms(percentile(floor, 99))}`,
    ),
    row(
      `learning: dashboard p99`,
      `${ms(p99)}; ${(meter.read() / ROUNDS).toFixed(1)} read units; figures ${right ? 'right' : 'WRONG'}`,
      `≤ ${LEARNING_BUDGETS.dashboardP99Ms} ms`,
      p99 <= LEARNING_BUDGETS.dashboardP99Ms && right,
    ),
  );

  // Write units a recorded answer adds: a check of a play against the same check without one.
  const [quiz] = quizzes as [{ id: string; questionIds: string[] }];
  const unitsOf = async (work: () => Promise<unknown>) => {
    await stack.gateway.streamSettled();
    meter.reset();
    await work();
    await stack.gateway.streamSettled();
    return meter.written();
  };
  const check = (questionId: string, playId?: string) =>
    client.request('POST', `/api/quizzes/${quiz.id}/check`, {
      json: { questionId, answer: 'A', ...(playId ? { playId } : {}) },
    });
  const plain = await unitsOf(() => check(quiz.questionIds[0]!));
  const playId = `bench-${randomUUID()}`;
  const firstOfPlay = await unitsOf(() => check(quiz.questionIds[1]!, playId));
  for (let index = 2; index < 19; index++) await check(quiz.questionIds[index]!, playId);
  const lateInPlay = await unitsOf(() => check(quiz.questionIds[19]!, playId));
  const perCheck = Math.max(firstOfPlay, lateInPlay) - plain;
  rows.push(
    row(
      'learning: write units a checked answer adds (1st / 20th of its play)',
      `${(firstOfPlay - plain).toFixed(1)} / ${(lateInPlay - plain).toFixed(1)} (the check itself ${plain.toFixed(1)})`,
      `≤ ${LEARNING_BUDGETS.writeUnitsPerAnswer}`,
      perCheck <= LEARNING_BUDGETS.writeUnitsPerAnswer,
    ),
  );
  // A finished play of 20 questions: everything it writes, then the consumer's part, per answer.
  let beforeConsumer = 0;
  const play = await unitsOf(async () => {
    await client.request('POST', `/api/quizzes/${quiz.id}/attempt`, {
      json: { answers: Object.fromEntries(quiz.questionIds.map((id, index) => [id, index % 4 ? 'A' : 'B'])) },
    });
    beforeConsumer = meter.written();
  });
  const consumer = play - beforeConsumer;
  // The event is one item of the play's transaction (2 units a kilobyte there): 20 marks fit in one.
  const recorded = 2 + consumer;
  rows.push(
    row(
      'learning: write units a finished play of 20 adds (event + consumer), per answer',
      `${(recorded / 20).toFixed(2)} (play in all ${beforeConsumer.toFixed(1)}, consumer ${consumer.toFixed(1)}; marks ${questionMark('x', true).length} characters a question)`,
      `≤ ${LEARNING_BUDGETS.writeUnitsPerAnswer}`,
      recorded / 20 <= LEARNING_BUDGETS.writeUnitsPerAnswer,
    ),
  );
  return rows;
}
