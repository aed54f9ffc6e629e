import { member, visitor } from '../support/actors';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUIZ_MESSAGES } from '@shared/quizzes';
import { db } from '@functions/data/db';
import { indexAttributes } from '@functions/data/keys';
import { queryAll } from '@functions/data/paginate';
import { INDEX } from '@functions/data/table';
import { EditKeys, QuizKeys, quizKey } from '@functions/quizzes/quiz-keys';
import { userKey } from '@functions/users/user-keys';
import { seed } from '../../scripts/seed';
import { quizInput } from '../support/quiz-input';
import { useUpAllowance } from '../support/rate-windows';
import { QUIZ_WRITE_LIMITS } from '@functions/quizzes/quiz-policy';
import { startTestGateway } from '../support/gateway';
import type { TestClient } from '../support/http-client';

/** Quizzes, favourites and reports: every rule, as authors, other members, guests and attackers meet them. */
let gateway: Awaited<ReturnType<typeof startTestGateway>>;

beforeAll(async () => {
  gateway = await startTestGateway();
  await seed();
});
afterAll(() => gateway.stop());

const question = (text: string) => ({
  questionText: text,
  optionA: '正解',
  optionB: '不正解',
  optionC: '',
  optionD: null,
  correctAnswer: 'A',
  explanation: '解説です',
});

function quizBody(
  overrides: Record<string, unknown> = {},
  questions = [question('1問目'), question('2問目')],
) {
  return {
    quiz: {
      title: `テストクイズ ${randomUUID().slice(0, 6)}`,
      description: '説明文',
      category: '科学',
      difficulty: '初級',
      isPublished: true,
      ...overrides,
    },
    questions,
  };
}

async function create(client: TestClient, overrides: Record<string, unknown> = {}) {
  const response = await client.request('POST', '/api/quizzes', { json: quizBody(overrides) });
  expect(response.status, response.text).toBe(201);
  return response.json as unknown as { id: string; title: string };
}

const hide = (quizId: string) =>
  db.update({
    Key: quizKey(quizId),
    UpdateExpression: `SET isHidden = :yes REMOVE ${indexAttributes(INDEX.byCollection)}`,
    ExpressionAttributeValues: { ':yes': true },
  });

const ids = (list: unknown) => (list as { id: string }[]).map((quiz) => quiz.id);

describe('creating quizzes', () => {
  it('creates a quiz with its questions and stored defaults', async () => {
    const { client, user } = await member(gateway, { nickname: '作者' });
    const created = await create(client);
    const detail = await client.get(`/api/quizzes/${created.id}`);
    expect(detail.json).toMatchObject({
      title: created.title,
      category: '科学',
      difficulty: '初級',
      timeLimit: 10,
      isPublished: true,
      isHidden: false,
      questionCount: 2,
      participantCount: 0,
      averageRating: 0,
      reportCount: 0,
      authorId: user.id,
      authorName: '作者',
    });
    const questions = (
      detail.json as unknown as {
        questions: { questionText: string; optionC: string | null; order: number }[];
      }
    ).questions;
    expect(questions.map((q) => [q.questionText, q.optionC, q.order])).toEqual([
      ['1問目', null, 1],
      ['2問目', null, 2],
    ]);
  });

  it.each([
    [{ quiz: { ...quizBody().quiz, title: '' } }, QUIZ_MESSAGES.titleRequired],
    [{ quiz: { ...quizBody().quiz, description: ' ' } }, QUIZ_MESSAGES.descriptionRequired],
    [{ quiz: { ...quizBody().quiz, category: '' } }, QUIZ_MESSAGES.categoryRequiredCreate],
    [{ questions: [] }, QUIZ_MESSAGES.questionsMin],
    [{ questions: [{ ...question('q'), questionText: '' }] }, QUIZ_MESSAGES.questionTextRequired],
    [{ questions: [{ ...question('q'), optionA: '' }] }, QUIZ_MESSAGES.optionARequired],
    [{ questions: [{ ...question('q'), optionB: '' }] }, QUIZ_MESSAGES.optionBRequired],
    [{ questions: [{ ...question('q'), correctAnswer: 'E' }] }, QUIZ_MESSAGES.correctAnswerRequired],
    [{ quiz: { ...quizBody().quiz, category: '存在しない' } }, QUIZ_MESSAGES.unknownCategory],
  ])('refuses %j with its message and writes nothing', async (change, message) => {
    const { client } = await member(gateway);
    const response = await client.request('POST', '/api/quizzes', { json: { ...quizBody(), ...change } });
    expect(response.status).toBe(400);
    expect(response.json.message).toBe(message);
    expect((await client.get('/api/my-quizzes')).json).toEqual([]);
  });

  it('keeps free members to 3 quizzes, also under concurrent requests', async () => {
    const { client } = await member(gateway);
    const responses = await Promise.all(
      Array.from({ length: 8 }, () => client.request('POST', '/api/quizzes', { json: quizBody() })),
    );
    expect(responses.filter((response) => response.status === 201)).toHaveLength(3);
    const refused = responses.filter((response) => response.status === 429);
    expect(refused).toHaveLength(5);
    expect(refused[0]!.json).toEqual({ message: QUIZ_MESSAGES.quotaFree, reason: 'quiz_quota' });
    expect((await client.get('/api/my-quizzes')).json).toHaveLength(3);
  });

  it('gives a slot back when a quiz is deleted', async () => {
    const { client } = await member(gateway);
    const quizzes = [await create(client), await create(client), await create(client)];
    expect((await client.request('POST', '/api/quizzes', { json: quizBody() })).status).toBe(429);
    expect((await client.request('DELETE', `/api/quizzes/${quizzes[0]!.id}`)).status).toBe(200);
    expect((await client.request('POST', '/api/quizzes', { json: quizBody() })).status).toBe(201);
  });

  it('lets only advanced members make a quiz private', async () => {
    const free = await member(gateway);
    const refused = await free.client.request('POST', '/api/quizzes', {
      json: quizBody({ isPublished: false }),
    });
    expect(refused.status).toBe(403);
    expect(refused.json.message).toBe(QUIZ_MESSAGES.privateForMembersOnly);
    const pro = await member(gateway, { isPro: true });
    expect(
      (await pro.client.request('POST', '/api/quizzes', { json: quizBody({ isPublished: false }) })).status,
    ).toBe(201);
  });

  it('needs a signed-in member', async () => {
    expect(
      (await (await visitor(gateway)).request('POST', '/api/quizzes', { json: quizBody() })).status,
    ).toBe(401);
  });
});

describe('visibility', () => {
  it('shows a private quiz to its author only: not in lists, search, favourites or by id', async () => {
    const author = await member(gateway, { isPro: true });
    const secret = await create(author.client, { isPublished: false, title: '秘密のクイズ' });
    const other = await member(gateway);
    expect((await other.client.get(`/api/quizzes/${secret.id}`)).status).toBe(404);
    expect((await (await visitor(gateway)).get(`/api/quizzes/${secret.id}`)).status).toBe(404);
    expect(ids((await other.client.get('/api/quizzes')).json)).not.toContain(secret.id);
    expect(ids((await other.client.get('/api/quizzes/search?q=秘密')).json)).not.toContain(secret.id);
    expect((await other.client.request('POST', `/api/favorites/${secret.id}`)).status).toBe(404);
    expect((await author.client.get(`/api/quizzes/${secret.id}`)).status).toBe(200);
    expect(ids((await author.client.get('/api/my-quizzes')).json)).toContain(secret.id);
  });

  it('hides an admin-hidden quiz from everyone but its author and admins, favourites included', async () => {
    const author = await member(gateway);
    const quiz = await create(author.client, { title: '隠されるクイズ' });
    const fan = await member(gateway);
    expect((await fan.client.request('POST', `/api/favorites/${quiz.id}`)).status).toBe(201);
    await hide(quiz.id);
    expect((await fan.client.get(`/api/quizzes/${quiz.id}`)).status).toBe(404);
    expect(ids((await fan.client.get('/api/favorites')).json)).not.toContain(quiz.id);
    expect(ids((await fan.client.get('/api/quizzes')).json)).not.toContain(quiz.id);
    expect(ids((await fan.client.get('/api/quizzes/search?q=隠される')).json)).not.toContain(quiz.id);
    expect((await author.client.get(`/api/quizzes/${quiz.id}`)).json).toMatchObject({ isHidden: true });
    expect(ids((await author.client.get('/api/my-quizzes')).json)).toContain(quiz.id);
    const admin = await member(gateway, { role: 'admin' });
    expect((await admin.client.get(`/api/quizzes/${quiz.id}`)).status).toBe(200);
  });
});

describe("another author's quiz (BOLA)", () => {
  it('cannot be edited, deleted, read as own, or have its reports read', async () => {
    const author = await member(gateway);
    const quiz = await create(author.client);
    const attacker = await member(gateway);
    const edit = await attacker.client.request('PUT', `/api/quizzes/${quiz.id}`, {
      json: {
        quiz: {
          title: '乗っ取り',
          description: '',
          category: '科学',
          difficulty: '上級',
          timeLimit: 5,
          isPublished: true,
        },
        questions: [question('x')],
      },
    });
    expect(edit.status).toBe(404);
    expect((await attacker.client.request('DELETE', `/api/quizzes/${quiz.id}`)).status).toBe(404);
    expect((await attacker.client.get(`/api/my-quizzes/${quiz.id}`)).status).toBe(404);
    expect((await attacker.client.get(`/api/quizzes/${quiz.id}/reports`)).status).toBe(404);
    expect((await author.client.get(`/api/quizzes/${quiz.id}`)).json).toMatchObject({
      title: quiz.title,
      questionCount: 2,
    });
  });
});

describe('editing', () => {
  it('replaces fields and questions, keeps question ids by position, and records the edit', async () => {
    const { client } = await member(gateway);
    const quiz = await create(client);
    const before = (await client.get(`/api/my-quizzes/${quiz.id}`)).json as unknown as {
      questions: { id: string }[];
    };
    const update = await client.request('PUT', `/api/quizzes/${quiz.id}`, {
      json: {
        quiz: {
          title: '改訂版',
          description: '',
          category: '歴史',
          difficulty: '上級',
          timeLimit: 5,
          isPublished: true,
        },
        questions: [question('新しい1問目')],
      },
    });
    expect(update.status).toBe(200);
    const after = (await client.get(`/api/my-quizzes/${quiz.id}`)).json as unknown as {
      title: string;
      timeLimit: number;
      questionCount: number;
      questions: { id: string; questionText: string }[];
    };
    expect(after).toMatchObject({ title: '改訂版', timeLimit: 5, questionCount: 1 });
    expect(after.questions).toHaveLength(1);
    expect(after.questions[0]).toMatchObject({ id: before.questions[0]!.id, questionText: '新しい1問目' });
    const edits = await queryAll<{
      changes: { quiz: Record<string, { title: string }>; questions: Record<string, unknown[]> };
    }>({ partition: QuizKeys.pk({ quizId: quiz.id }), beginsWith: EditKeys.skPrefix() });
    expect(edits).toHaveLength(1);
    expect(edits[0]!.changes.quiz.before!.title).toBe(quiz.title);
    expect(edits[0]!.changes.quiz.after!.title).toBe('改訂版');
    // Only the positions that changed are recorded: position 1 was rewritten, position 2 removed.
    expect(edits[0]!.changes.questions.before).toHaveLength(2);
    expect(edits[0]!.changes.questions.after).toHaveLength(1);
  });

  it('validates the edit form (time limit 1–60, category required)', async () => {
    const { client } = await member(gateway);
    const quiz = await create(client);
    const base = {
      title: 't',
      description: '',
      category: '科学',
      difficulty: '初級',
      timeLimit: 10,
      isPublished: true,
    };
    const tooLong = await client.request('PUT', `/api/quizzes/${quiz.id}`, {
      json: { quiz: { ...base, timeLimit: 61 }, questions: [question('q')] },
    });
    expect(tooLong.json.message).toBe(QUIZ_MESSAGES.timeLimitRange);
    const noCategory = await client.request('PUT', `/api/quizzes/${quiz.id}`, {
      json: { quiz: { ...base, category: '' }, questions: [question('q')] },
    });
    expect(noCategory.json.message).toBe(QUIZ_MESSAGES.categoryRequiredEdit);
    // JSON numbers only: nothing is read as a number that is not one.
    for (const timeLimit of [true, [5], '0x10', '5', null]) {
      const loose = await client.request('PUT', `/api/quizzes/${quiz.id}`, {
        json: { quiz: { ...base, timeLimit }, questions: [question('q')] },
      });
      expect(loose.status, JSON.stringify(timeLimit)).toBe(400);
      expect(loose.json.message).toBe(QUIZ_MESSAGES.timeLimitRange);
    }
    expect((await client.get(`/api/quizzes/${quiz.id}`)).json.timeLimit).toBe(10);
  });

  it('refuses titles and texts that show nothing', async () => {
    const { client } = await member(gateway);
    for (const title of ['\u200b', '\u3164', '\u2800\u200b', '\ufe0f']) {
      const response = await client.request('POST', '/api/quizzes', { json: quizBody({ title }) });
      expect(response.status, JSON.stringify(title)).toBe(400);
      expect(response.json.message).toBe(QUIZ_MESSAGES.titleRequired);
    }
    const blankQuestion = await client.request('POST', '/api/quizzes', {
      json: quizBody({}, [{ ...question('q'), questionText: '\u200b\u200b' }]),
    });
    expect(blankQuestion.json.message).toBe(QUIZ_MESSAGES.questionTextRequired);
    expect((await client.get('/api/my-quizzes')).json).toEqual([]);
  });
});

describe('the author’s name', () => {
  it('shows the new nickname on the member’s quizzes, also after parallel changes', async () => {
    const { client, user } = await member(gateway, { nickname: '前の名前' });
    const ids: string[] = [];
    for (const title of ['一つ目', '二つ目']) {
      const created = await client.request('POST', '/api/quizzes', { json: quizInput({ title }, 1) });
      expect(created.status, created.text).toBe(201);
      ids.push(String(created.json.id));
    }
    const authorNames = async () =>
      Promise.all(ids.map(async (id) => (await client.get(`/api/quizzes/${id}`)).json.authorName));
    expect(await authorNames()).toEqual(['前の名前', '前の名前']);
    const changed = await client.request('PATCH', '/api/user/nickname', { json: { nickname: '新しい名前' } });
    expect(changed.status).toBe(200);
    expect(await authorNames()).toEqual(['新しい名前', '新しい名前']);
    const names = Array.from({ length: 10 }, (_, index) => `名前${index}`);
    const parallel = await Promise.all(
      names.map((nickname) => client.request('PATCH', '/api/user/nickname', { json: { nickname } })),
    );
    expect(parallel.map((response) => response.status)).toEqual(names.map(() => 200));
    const final = (await db.get({ Key: userKey(user.id), ConsistentRead: true })).Item?.nickname;
    expect(await authorNames()).toEqual([final, final]);
  });
});

describe('what one member may write', () => {
  it('stops a member saving or reporting faster than a person does, with a message, and nobody else', async () => {
    const author = await member(gateway);
    const created = await author.client.request('POST', '/api/quizzes', {
      json: quizInput({ title: '速い作者' }, 1),
    });
    const quizId = String(created.json.id);
    await useUpAllowance(`quiz-save#${author.user.id}`, 60, QUIZ_WRITE_LIMITS.savesPerMinute);
    const edit = await author.client.request('PUT', `/api/quizzes/${quizId}`, {
      json: quizInput({ title: '速すぎる編集' }, 1),
    });
    expect(edit.status).toBe(429);
    expect(edit.json.message).toBe(QUIZ_MESSAGES.savesTooFast);
    const again = await author.client.request('POST', '/api/quizzes', {
      json: quizInput({ title: '二つ目' }, 1),
    });
    expect(again.status).toBe(429);
    expect((await author.client.get(`/api/quizzes/${quizId}`)).json.title).toBe('速い作者');

    const reporter = await member(gateway);
    await useUpAllowance(`quiz-report#${reporter.user.id}`, 3600, QUIZ_WRITE_LIMITS.reportsPerHour);
    const report = await reporter.client.request('POST', `/api/quizzes/${quizId}/report`, {
      json: { reason: 'spam', details: null },
    });
    expect(report.status).toBe(429);
    expect(report.json.message).toBe(QUIZ_MESSAGES.reportsTooFast);
    const other = await member(gateway);
    expect(
      (
        await other.client.request('POST', `/api/quizzes/${quizId}/report`, {
          json: { reason: 'spam', details: null },
        })
      ).status,
    ).toBe(201);
  });
});

describe('deleting', () => {
  it('removes the quiz and all its related data', async () => {
    const author = await member(gateway);
    const quiz = await create(author.client);
    const fan = await member(gateway);
    await fan.client.request('POST', `/api/favorites/${quiz.id}`);
    await fan.client.request('POST', `/api/quizzes/${quiz.id}/report`, { json: { reason: 'spam' } });
    expect((await author.client.request('DELETE', `/api/quizzes/${quiz.id}`)).status).toBe(200);
    // The search indexer works from the table's stream: once it has seen the deletion, it has
    // taken the quiz's ranking entries away too.
    await gateway.streamSettled();
    expect(await queryAll({ partition: QuizKeys.pk({ quizId: quiz.id }) })).toEqual([]);
    expect(ids((await fan.client.get('/api/favorites')).json)).not.toContain(quiz.id);
    expect((await fan.client.get(`/api/quizzes/${quiz.id}`)).status).toBe(404);
  });
});

describe('favourites', () => {
  it('adds, checks, lists and removes a favourite', async () => {
    const author = await member(gateway);
    const quiz = await create(author.client);
    const { client } = await member(gateway);
    expect((await client.get(`/api/favorites/${quiz.id}`)).json).toEqual({ isFavorite: false });
    expect((await client.request('POST', `/api/favorites/${quiz.id}`)).status).toBe(201);
    expect((await client.request('POST', `/api/favorites/${quiz.id}`)).status).toBe(201);
    expect((await client.get(`/api/favorites/${quiz.id}`)).json).toEqual({ isFavorite: true });
    expect(ids((await client.get('/api/favorites')).json)).toEqual([quiz.id]);
    expect((await client.request('DELETE', `/api/favorites/${quiz.id}`)).status).toBe(200);
    expect((await client.get('/api/favorites')).json).toEqual([]);
    expect((await (await visitor(gateway)).get('/api/favorites')).status).toBe(401);
  });
});

describe('reports', () => {
  it('takes one pending report per person, counts it on the quiz, and shows it to the author only', async () => {
    const author = await member(gateway);
    const quiz = await create(author.client);
    const reporter = await member(gateway);
    const first = await reporter.client.request('POST', `/api/quizzes/${quiz.id}/report`, {
      json: { reason: 'incorrect', details: '答えが違います', reportedBy: 'someone-else' },
    });
    expect(first.status).toBe(201);
    expect(first.json.message).toBe(QUIZ_MESSAGES.reported);
    const again = await reporter.client.request('POST', `/api/quizzes/${quiz.id}/report`, {
      json: { reason: 'spam' },
    });
    expect(again.status).toBe(409);
    expect(
      (
        await (
          await member(gateway)
        ).client.request('POST', `/api/quizzes/${quiz.id}/report`, { json: { reason: 'other' } })
      ).status,
    ).toBe(201);
    const noReason = await reporter.client.request('POST', `/api/quizzes/${quiz.id}/report`, {
      json: { details: 'x' },
    });
    expect(noReason.json.message).toBe(QUIZ_MESSAGES.reportReasonRequired);
    expect(
      (await author.client.request('POST', `/api/quizzes/${quiz.id}/report`, { json: { reason: 'spam' } }))
        .status,
    ).toBe(400);

    expect(String(first.json.id)).not.toContain(reporter.user.id);
    const reports = (await author.client.get(`/api/quizzes/${quiz.id}/reports`)).json as unknown as {
      reason: string;
      details: string | null;
    }[];
    expect(reports).toHaveLength(2);
    expect(reports.map((report) => report.reason).sort()).toEqual(['incorrect', 'other']);
    expect(JSON.stringify(reports)).not.toContain(reporter.user.id);
    expect((await author.client.get(`/api/quizzes/${quiz.id}`)).json).toMatchObject({ reportCount: 2 });
    // An edit keeps the report count (it updates only the edited fields).
    await author.client.request('PUT', `/api/quizzes/${quiz.id}`, {
      json: {
        quiz: {
          title: '直しました',
          description: '',
          category: '科学',
          difficulty: '初級',
          timeLimit: 10,
          isPublished: true,
        },
        questions: [question('q')],
      },
    });
    expect((await author.client.get(`/api/quizzes/${quiz.id}`)).json).toMatchObject({
      reportCount: 2,
      title: '直しました',
    });
    expect(
      (
        await (
          await visitor(gateway)
        ).request('POST', `/api/quizzes/${quiz.id}/report`, { json: { reason: 'spam' } })
      ).status,
    ).toBe(401);
  });
});

describe('lists and search', () => {
  it('lists public quizzes newest first with filters and a limit of 50', async () => {
    const { client } = await member(gateway, { isPro: true });
    const history = await create(client, { category: '歴史', difficulty: '上級', title: '戦国時代クイズ' });
    const list = (await client.get('/api/quizzes?category=歴史&difficulty=上級')).json as unknown as {
      id: string;
      category: string;
    }[];
    expect(list[0]!.id).toBe(history.id);
    expect(list.every((quiz) => quiz.category === '歴史')).toBe(true);
    expect(((await client.get('/api/quizzes?limit=1')).json as unknown[]).length).toBe(1);
  });

  it('matches Japanese substrings across width and case (NFKC) in title, description and category', async () => {
    const { client } = await member(gateway, { isPro: true });
    const quiz = await create(client, {
      title: 'ＡＢＣのクイズ',
      description: 'ﾃｽﾄ用の説明',
      category: '地理',
    });
    // The search index follows the table's stream: wait until it has seen the new quiz.
    await gateway.streamSettled();
    for (const q of ['abc', 'ＡＢＣ', 'テスト', 'ﾃｽﾄ', '地理', 'クイズ']) {
      expect(ids((await client.get(`/api/quizzes/search?q=${encodeURIComponent(q)}`)).json), q).toContain(
        quiz.id,
      );
    }
    expect(
      ids((await client.get(`/api/quizzes/search?q=${encodeURIComponent('存在しない語')}`)).json),
    ).not.toContain(quiz.id);
    expect((await (await visitor(gateway)).get('/api/quizzes/search?q=abc')).status).toBe(401);
  });

  it('sorts by popularity, newest and rating', async () => {
    const { client } = await member(gateway, { isPro: true });
    const tag = randomUUID().slice(0, 6);
    const older = await create(client, { title: `並び替え${tag} 古い` });
    const newer = await create(client, { title: `並び替え${tag} 新しい` });
    await db.update({
      Key: quizKey(older.id),
      UpdateExpression: 'SET participantCount = :n, ratingSum = :sum, ratingCount = :count',
      ExpressionAttributeValues: { ':n': 5, ':sum': 9, ':count': 2 },
    });
    await gateway.streamSettled();
    const search = async (sort: string) =>
      ids((await client.get(`/api/quizzes/search?q=並び替え${tag}&sort=${sort}`)).json);
    expect(await search('popular')).toEqual([older.id, newer.id]);
    expect(await search('newest')).toEqual([newer.id, older.id]);
    expect(await search('rating')).toEqual([older.id, newer.id]);
  });

  it('has a featured quiz of the week among public quizzes', async () => {
    const featured = await (await visitor(gateway)).get('/api/quizzes/featured');
    expect(featured.status).toBe(200);
    expect(featured.json).toMatchObject({ isPublished: true, isHidden: false });
  });

  it('never features a quiz with open reports, however popular, and features it again once they are dealt with', async () => {
    const { client } = await member(gateway);
    const popular = await create(client, { title: `大人気 ${randomUUID().slice(0, 6)}` });
    await db.update({
      Key: quizKey(popular.id),
      UpdateExpression: 'SET participantCount = :n',
      ExpressionAttributeValues: { ':n': 100_000 },
    });
    const guest = await visitor(gateway);
    expect((await guest.get('/api/quizzes/featured')).json).toMatchObject({ id: popular.id });

    const reporters = await Promise.all(Array.from({ length: 3 }, () => member(gateway)));
    for (const reporter of reporters)
      await reporter.client.request('POST', `/api/quizzes/${popular.id}/report`, {
        json: { reason: 'spam' },
      });
    const whileReported = (await guest.get('/api/quizzes/featured')).json as unknown as {
      id: string;
      reportCount: number;
    };
    expect(whileReported.id).not.toBe(popular.id);
    expect(whileReported.reportCount).toBe(0);

    await db.update({
      Key: quizKey(popular.id),
      UpdateExpression: 'SET reportCount = :zero',
      ExpressionAttributeValues: { ':zero': 0 },
    });
    expect((await guest.get('/api/quizzes/featured')).json).toMatchObject({ id: popular.id });
  });
});
