import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUIZ_COPY_MESSAGES } from '@shared/quiz-copy';
import { QUIZ_MESSAGES } from '@shared/quizzes';
import { db } from '@functions/data/db';
import { quizKey } from '@functions/quizzes/quiz-keys';
import { userKey } from '@functions/users/user-keys';
import { seed } from '../../scripts/seed';
import { member, visitor } from '../support/actors';
import { startTestGateway } from '../support/gateway';
import type { TestClient } from '../support/http-client';

/**
 * A copy of a whole quiz (issue 30): the author's quiz copied with its questions as 「…（コピー）」,
 * counted against the creation quota like a creation (also 30 at once at the quota's edge), and
 * refused to anyone who may not use the quiz as its author.
 */
let gateway: Awaited<ReturnType<typeof startTestGateway>>;

beforeAll(async () => {
  gateway = await startTestGateway();
  await seed();
});
afterAll(() => gateway.stop());

const body = (title: string, isPublished = true) => ({
  quiz: { title, description: '複製の説明', category: '科学', difficulty: '上級', timeLimit: 7, isPublished },
  questions: [
    {
      questionText: '水の化学式は？',
      optionA: 'H2O',
      optionB: 'CO2',
      optionC: 'O2',
      optionD: null,
      correctAnswer: 'A',
      explanation: '水素と酸素',
    },
    { questionText: '光の速さは？', optionA: '秒速30万km', optionB: '秒速3万km', correctAnswer: 'A' },
  ],
});

async function createQuiz(
  client: TestClient,
  title = `元のクイズ ${randomUUID().slice(0, 6)}`,
  isPublished = true,
) {
  const response = await client.request('POST', '/api/quizzes', { json: body(title, isPublished) });
  expect(response.status, response.text).toBe(201);
  return (response.json as unknown as { id: string }).id;
}

const duplicate = (client: TestClient, quizId: string) =>
  client.request('POST', `/api/quizzes/${quizId}/duplicate`);

type Detail = {
  id: string;
  title: string;
  authorId: string;
  isPublished: boolean;
  questions: Record<string, unknown>[];
};
const detail = async (client: TestClient, quizId: string) =>
  (await client.get(`/api/my-quizzes/${quizId}`)).json as unknown as Detail;

describe('duplicating a quiz', () => {
  it('copies its fields and questions under a new id, titled 「…（コピー）」, as a new quiz of the caller', async () => {
    const author = await member(gateway);
    const quizId = await createQuiz(author.client, '化学の基本');
    const response = await duplicate(author.client, quizId);
    expect(response.status, response.text).toBe(201);
    expect(response.json).toMatchObject({
      title: '化学の基本（コピー）',
      message: QUIZ_COPY_MESSAGES.duplicated,
      authorId: author.user.id,
      category: '科学',
      difficulty: '上級',
      timeLimit: 7,
      isPublished: true,
      questionCount: 2,
      participantCount: 0,
      totalPlayers: 0,
    });
    const copyId = response.json.id as string;
    expect(copyId).not.toBe(quizId);
    const [source, copy] = await Promise.all([detail(author.client, quizId), detail(author.client, copyId)]);
    const content = (questions: Record<string, unknown>[]) => questions.map(({ id: _id, ...rest }) => rest);
    expect(content(copy.questions)).toEqual(content(source.questions));
    expect(copy.questions.map((question) => question.id)).not.toContain(source.questions[0]!.id);
    expect((await author.client.get('/api/my-quizzes')).json).toHaveLength(2);
    // The copy is a quiz of its own: editing it leaves the original as it was.
    expect((await author.client.request('DELETE', `/api/quizzes/${copyId}`)).status).toBe(200);
    expect((await detail(author.client, quizId)).questions).toHaveLength(2);
  });

  it('keeps the title within 100 characters', async () => {
    const author = await member(gateway);
    const quizId = await createQuiz(author.client, 'あ'.repeat(100));
    const response = await duplicate(author.client, quizId);
    expect(response.status).toBe(201);
    expect(response.json.title).toBe(`${'あ'.repeat(95)}（コピー）`);
  });

  it('is refused to other members and guests (404, 401), and for a quiz hidden by moderation (403)', async () => {
    const author = await member(gateway);
    const quizId = await createQuiz(author.client);
    const other = await member(gateway);
    const refused = await duplicate(other.client, quizId);
    expect(refused.status).toBe(404);
    expect(refused.json).toEqual({ message: QUIZ_MESSAGES.notFound });
    expect((await duplicate(await visitor(gateway), quizId)).status).toBe(401);
    expect((await duplicate(other.client, 'no-such-quiz')).status).toBe(404);

    await db.update({
      Key: quizKey(quizId),
      UpdateExpression: 'SET isHidden = :yes',
      ExpressionAttributeValues: { ':yes': true },
    });
    const hidden = await duplicate(author.client, quizId);
    expect(hidden.status).toBe(403);
    expect(hidden.json).toEqual({ message: QUIZ_COPY_MESSAGES.hiddenQuiz });
    expect((await author.client.get('/api/my-quizzes')).json).toHaveLength(1);
  });

  it('lets an administrator copy a public quiz as their own, never a private one', async () => {
    const author = await member(gateway, { isPro: true });
    const admin = await member(gateway, { role: 'admin' });
    const publicId = await createQuiz(author.client);
    const copied = await duplicate(admin.client, publicId);
    expect(copied.status).toBe(201);
    expect(copied.json.authorId).toBe(admin.user.id);
    const privateId = await createQuiz(author.client, '非公開', false);
    expect((await duplicate(admin.client, privateId)).status).toBe(404);
    const own = await duplicate(author.client, privateId);
    expect(own.status).toBe(201);
    expect(own.json.isPublished).toBe(false);
  });

  it('counts against the quota exactly, also with 30 copies at once at its edge', async () => {
    const author = await member(gateway);
    const quizId = await createQuiz(author.client);
    await createQuiz(author.client);
    const responses = await Promise.all(Array.from({ length: 30 }, () => duplicate(author.client, quizId)));
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.every((status) => status === 201 || status === 429 || status === 409)).toBe(true);
    const refused = responses.find((response) => response.status === 429)!;
    expect(refused.json.message).toBe(QUIZ_MESSAGES.quotaFree);
    expect((await author.client.get('/api/my-quizzes')).json).toHaveLength(3);
    const account = await db.get({ Key: userKey(author.user.id), ConsistentRead: true });
    expect(account.Item?.quizCount).toBe(3);
  });
});
