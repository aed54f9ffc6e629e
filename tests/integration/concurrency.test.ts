import { member, visitor } from '../support/actors';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { db } from '@functions/data/db';
import type { ItemKey } from '@functions/data/keys';
import { queryAllOwned } from '@functions/data/owned';
import { queryAll } from '@functions/data/paginate';
import { DailyStatsKeys, StudyRecordKeys, WrongAnswerKeys } from '@functions/learning/learning-keys';
import { PlayerKeys } from '@functions/quizzes/attempt-keys';
import { FavoriteKeys } from '@functions/quizzes/favorite-keys';
import { QuestionKeys, QuizKeys, quizKey } from '@functions/quizzes/quiz-keys';
import { ReportKeys } from '@functions/quizzes/report-keys';
import { UserKeys, userKey } from '@functions/users/user-keys';
import { seed } from '../../scripts/seed';
import { startTestGateway } from '../support/gateway';
import { UNTIL_TRUE } from '../support/limits';
import type { TestClient } from '../support/http-client';

/**
 * Every state-changing call fired 30 times at once: each copy answers a correct status (the work
 * done, or 404/409/429 with a Japanese message), never a 5xx, and the counters it keeps are exact.
 */
const COPIES = 30;
let gateway: Awaited<ReturnType<typeof startTestGateway>>;

beforeAll(async () => {
  gateway = await startTestGateway();
  await seed();
});
afterAll(() => gateway.stop());

type Response = Awaited<ReturnType<TestClient['request']>>;

/** Fires `call` COPIES times at once; every answer has a status below 500 and a Japanese message when refused. */
async function inParallel(call: (index: number) => Promise<Response>, copies = COPIES) {
  const responses = await Promise.all(Array.from({ length: copies }, (_, index) => call(index)));
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

async function item(key: ItemKey) {
  const result = await db.get({ Key: key, ConsistentRead: true });
  return result.Item;
}

/** The items of a partition whose sort key begins with `kind` (all of them without one). */
const partition = (pk: string, kind?: string) =>
  queryAll({ partition: pk, ...(kind === undefined ? {} : { beginsWith: kind }), ConsistentRead: true });

const userPartition = (userId: string) => UserKeys.pk({ userId });
const quizPartition = (quizId: string) => QuizKeys.pk({ quizId });

/** Whatever still belongs to a user: owned anywhere (byOwner), or in their own partition. */
async function leftBehind(userId: string) {
  return [...(await queryAllOwned(userId)), ...(await partition(userPartition(userId)))];
}

const PASSWORD = 'Race#2026pass';

/** A new member who signed up through the form, in the browser they did it in. */
async function signedUp(prefix: string) {
  const username = `${prefix}_${randomUUID().slice(0, 8)}`;
  const client = await visitor(gateway);
  const response = await client.request('POST', '/api/auth/register', {
    json: { username, nickname: '会員', email: `${username}@example.com`, password: PASSWORD },
  });
  expect(response.status, response.text).toBe(201);
  return { client, username, userId: String((response.json.user as { id: string }).id) };
}

/** A browser on the site: it has the CSRF cookie the SPA's first request gets. */
const question = (text: string) => ({
  questionText: text,
  optionA: '正解',
  optionB: '不正解',
  correctAnswer: 'A',
});

const quizBody = (title = `並行テスト ${randomUUID().slice(0, 6)}`) => ({
  quiz: { title, description: '説明', category: '科学', difficulty: '初級', isPublished: true },
  questions: [question('1問目'), question('2問目')],
});

async function createQuiz(client: TestClient) {
  const response = await client.request('POST', '/api/quizzes', { json: quizBody() });
  expect(response.status, response.text).toBe(201);
  return String(response.json.id);
}

async function play(client: TestClient, quizId: string) {
  const response = await client.request('POST', `/api/quizzes/${quizId}/attempt`, {
    json: { answers: {} },
  });
  expect(response.status, response.text).toBe(201);
  return String(response.json.id);
}

describe('ratings', () => {
  it('30 people rating one quiz at once are all counted', async () => {
    const author = await member(gateway);
    const quizId = await createQuiz(author.client);
    const players = await Promise.all(Array.from({ length: COPIES }, () => member(gateway)));
    const attempts: string[] = [];
    for (const player of players) attempts.push(await play(player.client, quizId));
    const responses = await inParallel((index) =>
      players[index]!.client.request('PATCH', `/api/quiz-attempts/${attempts[index]}/rating`, {
        json: { rating: (index % 5) + 1 },
      }),
    );
    expect(statuses(responses)).toEqual({ 200: COPIES });
    const quiz = await item(quizKey(quizId));
    expect(quiz).toMatchObject({ ratingCount: COPIES, ratingSum: 90 });
    expect((await author.client.get(`/api/quizzes/${quizId}`)).json.averageRating).toBe(3);
  });

  it('one person rating 30 times at once keeps one rating, the last accepted', async () => {
    const author = await member(gateway);
    const quizId = await createQuiz(author.client);
    const player = await member(gateway);
    const attemptId = await play(player.client, quizId);
    const responses = await inParallel((index) =>
      player.client.request('PATCH', `/api/quiz-attempts/${attemptId}/rating`, {
        json: { rating: (index % 5) + 1 },
      }),
    );
    expect(responses.some((response) => response.status === 200)).toBe(true);
    for (const response of responses) expect([200, 409]).toContain(response.status);
    const quiz = await item(quizKey(quizId));
    const mark = await item(PlayerKeys.key({ quizId, userId: player.user.id }));
    expect(quiz).toMatchObject({ ratingCount: 1, ratingSum: mark?.rating });
  });
});

describe('plays', () => {
  it('30 plays of one person at once are 30 plays of one participant', async () => {
    const author = await member(gateway);
    const quizId = await createQuiz(author.client);
    const player = await member(gateway);
    const responses = await inParallel(() =>
      player.client.request('POST', `/api/quizzes/${quizId}/attempt`, { json: { answers: {} } }),
    );
    expect(statuses(responses)).toEqual({ 201: COPIES });
    expect(await item(quizKey(quizId))).toMatchObject({ totalPlayers: COPIES, participantCount: 1 });
    expect(await item(userKey(player.user.id))).toMatchObject({
      quizzesCompleted: COPIES,
      answeredQuestions: COPIES * 2,
    });
    // The day's stats come from the plays' answer events through the table's stream.
    await gateway.streamSettled();
    const [daily] = await partition(userPartition(player.user.id), DailyStatsKeys.skPrefix());
    expect(daily).toMatchObject({ quizzesCompleted: COPIES, questionsAnswered: COPIES * 2 });
    const [wrong1, wrong2] = await partition(userPartition(player.user.id), WrongAnswerKeys.skPrefix());
    expect([wrong1?.wrongCount, wrong2?.wrongCount]).toEqual([COPIES, COPIES]);
  });

  it('30 people playing one quiz at once are 30 participants', async () => {
    const author = await member(gateway);
    const quizId = await createQuiz(author.client);
    const players = await Promise.all(Array.from({ length: COPIES }, () => member(gateway)));
    const responses = await inParallel((index) =>
      players[index]!.client.request('POST', `/api/quizzes/${quizId}/attempt`, { json: { answers: {} } }),
    );
    expect(statuses(responses)).toEqual({ 201: COPIES });
    expect(await item(quizKey(quizId))).toMatchObject({ totalPlayers: COPIES, participantCount: COPIES });
  });

  it('saves progress and study records 30 times at once', async () => {
    const author = await member(gateway);
    const quizId = await createQuiz(author.client);
    const player = await member(gateway);
    const saves = await inParallel(() =>
      player.client.request('POST', `/api/quizzes/${quizId}/attempt/progress`, {
        json: { answers: {} },
      }),
    );
    expect(statuses(saves)).toEqual({ 200: COPIES });
    const questionId = (
      (await player.client.get(`/api/quizzes/${quizId}`)).json as unknown as { questions: { id: string }[] }
    ).questions[0]!.id;
    const startedAt = Date.now();
    const records = await inParallel(() =>
      player.client.request('POST', '/api/study/session', {
        json: { quizId, questionId, userAnswer: 'A', timeSpent: 3 },
      }),
    );
    const elapsed = Math.ceil((Date.now() - startedAt) / 1000);
    expect(statuses(records)).toEqual({ 201: COPIES });
    expect(await partition(userPartition(player.user.id), StudyRecordKeys.skPrefix())).toHaveLength(COPIES);
    // Every answer is kept; the day's time runs no faster than the clock (answers sent side by side
    // count their time once, not 30 times).
    const [daily] = await partition(userPartition(player.user.id), DailyStatsKeys.skPrefix());
    expect(daily?.timeSpent).toBeGreaterThanOrEqual(3);
    expect(daily?.timeSpent).toBeLessThanOrEqual(3 + elapsed);
  });
});

describe('quizzes', () => {
  it('a free member creating 30 quizzes at once gets exactly 3', async () => {
    const author = await member(gateway);
    const responses = await inParallel(() =>
      author.client.request('POST', '/api/quizzes', { json: quizBody() }),
    );
    expect(statuses(responses)).toEqual({ 201: 3, 429: COPIES - 3 });
    expect(await item(userKey(author.user.id))).toMatchObject({ quizCount: 3 });
  });

  it('30 edits of one quiz at once: each is applied whole or refused with 409', async () => {
    const author = await member(gateway);
    const quizId = await createQuiz(author.client);
    const responses = await inParallel((index) =>
      author.client.request('PUT', `/api/quizzes/${quizId}`, {
        json: {
          quiz: { ...quizBody(`編集 ${index}`).quiz, timeLimit: 5 },
          questions: Array.from({ length: (index % 3) + 1 }, (_, n) => question(`版${index}の${n}`)),
        },
      }),
    );
    expect(responses.some((response) => response.status === 200)).toBe(true);
    for (const response of responses) expect([200, 409]).toContain(response.status);
    const quiz = await item(quizKey(quizId));
    const edited = Number(/編集 (\d+)/.exec(String(quiz?.title))?.[1]);
    const questions = await partition(quizPartition(quizId), QuestionKeys.skPrefix());
    expect(questions.map((entry) => entry.questionText)).toEqual(
      Array.from({ length: (edited % 3) + 1 }, (_, n) => `版${edited}の${n}`),
    );
    expect(quiz?.questionCount).toBe(questions.length);
  });

  it('30 deletions of one quiz at once: one deletes it, the others find nothing', async () => {
    const author = await member(gateway, { isPro: true });
    const quizId = await createQuiz(author.client);
    await createQuiz(author.client);
    const responses = await inParallel(() => author.client.request('DELETE', `/api/quizzes/${quizId}`));
    expect(statuses(responses)).toEqual({ 200: 1, 404: COPIES - 1 });
    // The search indexer follows the table's stream: the quiz's ranking entries, written from its
    // creation, may still be on their way when the deletion answers; its removal takes them.
    await vi.waitFor(async () => expect(await partition(quizPartition(quizId))).toEqual([]), UNTIL_TRUE);
    expect(await item(userKey(author.user.id))).toMatchObject({ quizCount: 1 });
  });

  it('favourites and reports sent 30 times at once are kept once', async () => {
    const author = await member(gateway);
    const quizId = await createQuiz(author.client);
    const fan = await member(gateway);
    const added = await inParallel(() => fan.client.request('POST', `/api/favorites/${quizId}`));
    for (const response of added) expect(response.status).toBeLessThan(300);
    expect(await partition(quizPartition(quizId), FavoriteKeys.skPrefix())).toHaveLength(1);
    const removed = await inParallel(() => fan.client.request('DELETE', `/api/favorites/${quizId}`));
    for (const response of removed) expect(response.status).toBeLessThan(300);
    expect(await partition(quizPartition(quizId), FavoriteKeys.skPrefix())).toHaveLength(0);

    const reports = await inParallel(() =>
      fan.client.request('POST', `/api/quizzes/${quizId}/report`, { json: { reason: 'spam' } }),
    );
    expect(statuses(reports)).toEqual({ 201: 1, 409: COPIES - 1 });
    expect(await item(quizKey(quizId))).toMatchObject({ reportCount: 1 });
  });
});

describe('moderation', () => {
  async function reported() {
    const author = await member(gateway);
    const quizId = await createQuiz(author.client);
    const reporters = await Promise.all(Array.from({ length: 3 }, () => member(gateway)));
    for (const reporter of reporters)
      expect(
        (await reporter.client.request('POST', `/api/quizzes/${quizId}/report`, { json: { reason: 'spam' } }))
          .status,
      ).toBe(201);
    const admin = await member(gateway, { role: 'admin' });
    const reportIds = (
      (await admin.client.get('/api/admin/reports')).json as unknown as { id: string; quizId: string }[]
    )
      .filter((report) => report.quizId === quizId)
      .map((report) => report.id);
    expect(reportIds).toHaveLength(3);
    return { author, quizId, admin, reportIds };
  }

  it('30 deletions of one report at once: one deletes it, the others find nothing', async () => {
    const { quizId, admin, reportIds } = await reported();
    const responses = await inParallel(() =>
      admin.client.request('DELETE', `/api/admin/reports/${reportIds[0]}`),
    );
    expect(statuses(responses)).toEqual({ 200: 1, 404: COPIES - 1 });
    expect(await item(quizKey(quizId))).toMatchObject({ reportCount: 2 });
  });

  it('30 bulk deletions at once remove each report once', async () => {
    const { quizId, admin, reportIds } = await reported();
    await inParallel(() =>
      admin.client.request('DELETE', '/api/admin/reports/bulk', { json: { reportIds } }),
    );
    expect(await partition(quizPartition(quizId), ReportKeys.skPrefix())).toEqual([]);
    expect(await item(quizKey(quizId))).toMatchObject({ reportCount: 0 });
  });

  it('hides, restores, dismissals and deletions of one quiz’s reports at once: each report reviewed once, the count exact', async () => {
    const { quizId, admin, reportIds } = await reported();
    const other = await member(gateway, { role: 'admin' });
    const latecomers = await Promise.all(Array.from({ length: 3 }, () => member(gateway)));
    const admins = [admin, other];
    const moderation: (() => Promise<Response>)[] = [
      ...admins.flatMap(({ client }) =>
        ['hide', 'restore', 'dismiss-reports'].map(
          (action) => () => client.request('PATCH', `/api/admin/quizzes/${quizId}/${action}`),
        ),
      ),
      () => admin.client.request('DELETE', `/api/admin/reports/${reportIds[0]}`),
      () =>
        other.client.request('DELETE', '/api/admin/reports/bulk', { json: { reportIds: [reportIds[0]] } }),
    ];
    // Three new reports arrive among 27 moderation calls.
    const actions = [
      ...latecomers.map(
        ({ client }) =>
          () =>
            client.request('POST', `/api/quizzes/${quizId}/report`, { json: { reason: 'spam' } }),
      ),
      ...Array.from(
        { length: COPIES - latecomers.length },
        (_, index) => moderation[index % moderation.length]!,
      ),
    ];
    const responses = await inParallel((index) => actions[index]!());
    // A report sent while the quiz is hidden finds nothing (404), as does a second deletion of one report.
    for (const response of responses) expect([200, 201, 404]).toContain(response.status);

    const reports = (await partition(quizPartition(quizId), ReportKeys.skPrefix())) as {
      id: string;
      status: string;
      reviewedBy: string | null;
      reviewedAt: string | null;
    }[];
    expect(reports.map((report) => report.id)).not.toContain(reportIds[0]);
    for (const report of reports)
      if (report.status === 'reviewed') {
        expect(admins.map(({ user }) => user.id)).toContain(report.reviewedBy);
        expect(report.reviewedAt).toBeTruthy();
      } else expect(report).toMatchObject({ status: 'pending', reviewedBy: null, reviewedAt: null });
    const pending = reports.filter((report) => report.status === 'pending');
    expect(await item(quizKey(quizId))).toMatchObject({ reportCount: pending.length });
    const flagged = (
      (await admin.client.get('/api/admin/flagged-quizzes')).json as unknown as {
        id: string;
        reports: { id: string }[];
      }[]
    ).find((quiz) => quiz.id === quizId);
    expect(flagged?.reports.length ?? 0).toBe(Math.min(3, pending.length));
    for (const shown of flagged?.reports ?? [])
      expect(pending.map((report) => report.id)).toContain(shown.id);
  });

  it('hides, restores, bans and unbans 30 times at once', async () => {
    const { author, quizId, admin } = await reported();
    for (const action of ['hide', 'restore'])
      expect(
        statuses(
          await inParallel(() => admin.client.request('PATCH', `/api/admin/quizzes/${quizId}/${action}`)),
        ),
      ).toEqual({ 200: COPIES });
    await inParallel(() =>
      admin.client.request('POST', '/api/admin/ban-user', {
        json: { userId: author.user.id, type: 'suspension', minutes: 60 },
      }),
    );
    await inParallel(() =>
      admin.client.request('POST', '/api/admin/unban-user', { json: { userId: author.user.id } }),
    );
    expect(await item(userKey(author.user.id))).toMatchObject({ suspendedUntil: null });
    expect((await author.client.get('/api/auth/me')).status).toBe(401);
  });
});

// Sign-ups, sign-ins and deletions check passwords at OWASP's cost (functions/users/passwords.ts):
// 30 at once queue for Node's four hashing threads, which take far longer than 20 s on a busy
// 2-core machine.
describe('accounts', () => {
  it('30 sign-ups with one username at once make one account', async () => {
    const username = `race_${randomUUID().slice(0, 8)}`;
    const clients = await Promise.all(Array.from({ length: COPIES }, () => visitor(gateway)));
    const responses = await inParallel((index) =>
      clients[index]!.request('POST', '/api/auth/register', {
        json: {
          username,
          nickname: '競争',
          email: `${username}${index}@example.com`,
          password: PASSWORD,
        },
      }),
    );
    expect(statuses(responses)).toEqual({ 201: 1, 409: COPIES - 1 });
  });

  it('30 nickname changes, logins and logouts at once', async () => {
    const { client, username } = await signedUp('multi');
    const nicknames = await inParallel((index) =>
      client.request('PATCH', '/api/user/nickname', { json: { nickname: `名前${index}` } }),
    );
    expect(statuses(nicknames)).toEqual({ 200: COPIES });
    // Each sign-in is counted before its password is checked (at most 10 at once per name), so a
    // burst from new browsers is partly refused with the lock message, never with an error.
    const browsers = await Promise.all(Array.from({ length: COPIES }, () => visitor(gateway)));
    const logins = await inParallel((index) =>
      browsers[index]!.request('POST', '/api/auth/login', {
        json: { username, password: PASSWORD },
      }),
    );
    expect(logins.some((response) => response.status === 200)).toBe(true);
    for (const response of logins) expect([200, 429]).toContain(response.status);
    const logouts = await inParallel(() => client.request('POST', '/api/auth/logout'));
    expect(statuses(logouts)).toEqual({ 200: COPIES });
  });

  it('30 deletions of one account at once leave nothing behind', async () => {
    const { client, userId } = await signedUp('gone');
    await play(client, 'sample-science-basics');
    const responses = await inParallel(() =>
      client.request('DELETE', '/api/user/delete', { json: { password: PASSWORD } }),
    );
    expect(responses.some((response) => response.status === 200)).toBe(true);
    for (const response of responses) expect([200, 401, 429]).toContain(response.status);
    expect(await leftBehind(userId)).toEqual([]);
  });

  it('deleting an account while it plays, rates and favourites leaves nothing behind', async () => {
    const quizzes = ['sample-science-basics', 'sample-science-space', 'sample-history-japan'];
    for (let round = 0; round < 3; round++) {
      const { client, userId } = await signedUp('busy');
      const played = await play(client, quizzes[0]!);
      const later = (ms: number, call: () => Promise<Response>) =>
        new Promise<Response>((done) => setTimeout(() => void call().then(done), ms));
      const writes = [
        ...Array.from({ length: 12 }, (_, index) =>
          later(index * 12, () =>
            client.request('POST', `/api/quizzes/${quizzes[index % 3]}/attempt`, { json: { answers: {} } }),
          ),
        ),
        ...quizzes.map((quizId, index) =>
          later(20 + index * 40, () => client.request('POST', `/api/favorites/${quizId}`)),
        ),
        later(30, () =>
          client.request('PATCH', `/api/quiz-attempts/${played}/rating`, { json: { rating: 4 } }),
        ),
        later(50, () =>
          client.request('POST', `/api/quizzes/${quizzes[1]}/attempt/progress`, { json: { answers: {} } }),
        ),
      ];
      const deletion = client.request('DELETE', '/api/user/delete', { json: { password: PASSWORD } });
      const [deleted, ...others] = await Promise.all([deletion, ...writes]);
      expect(deleted.status, deleted.text).toBe(200);
      for (const response of others) expect([200, 201, 401], response.text).toContain(response.status);
      expect(await leftBehind(userId)).toEqual([]);
      const after = await client.request('POST', `/api/favorites/${quizzes[2]}`);
      expect(after.status).toBe(401);
    }
  });
});
