import { member, visitor } from '../support/actors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ATTEMPT_MESSAGES } from '@shared/attempts';
import { db } from '@functions/data/db';
import { ProgressKeys } from '@functions/quizzes/attempt-keys';
import { quizKey } from '@functions/quizzes/quiz-keys';
import { seed } from '../../scripts/seed';
import { startTestGateway } from '../support/gateway';
import { TestClient } from '../support/http-client';

/** Attempts and ratings: scores cannot be forged, ratings belong to their player, aggregates hold under concurrency. */
let gateway: Awaited<ReturnType<typeof startTestGateway>>;
const QUIZ = 'sample-science-basics';

beforeAll(async () => {
  gateway = await startTestGateway();
  await seed();
});
afterAll(() => gateway.stop());

interface PlayQuestion {
  id: string;
  correctAnswer: string;
}

async function questions(client: TestClient, quizId = QUIZ): Promise<PlayQuestion[]> {
  return ((await client.get(`/api/quizzes/${quizId}`)).json as unknown as { questions: PlayQuestion[] })
    .questions;
}

const quiz = async (client: TestClient, quizId = QUIZ) =>
  (await client.get(`/api/quizzes/${quizId}`)).json as unknown as {
    participantCount: number;
    totalPlayers: number;
    averageRating: number;
  };

describe('attempts', () => {
  it('scores from the stored answers, not from what the client claims', async () => {
    const { client } = await member(gateway);
    const list = await questions(client);
    const answers = Object.fromEntries(
      list.map((question, index) => [
        question.id,
        index < 2 ? question.correctAnswer : 'A' === question.correctAnswer ? 'B' : 'A',
      ]),
    );
    const response = await client.request('POST', `/api/quizzes/${QUIZ}/attempt`, {
      json: { score: 99, totalQuestions: 1, answers, answersByIndex: {} },
    });
    expect(response.status).toBe(201);
    expect(response.json).toMatchObject({ score: 2, totalQuestions: list.length, message: 'クイズ完了！' });
    expect(typeof response.json.id).toBe('string');
  });

  it('records unanswered questions as "-" and accepts answers by index', async () => {
    const { client } = await member(gateway);
    const list = await questions(client);
    const response = await client.request('POST', `/api/quizzes/${QUIZ}/attempt`, {
      json: { answers: {}, answersByIndex: { '0': list[0]!.correctAnswer, '1': '-' } },
    });
    expect(response.json).toMatchObject({ score: 1, totalQuestions: list.length });
  });

  it('refuses guests, unknown answers and quizzes the player may not see', async () => {
    const guest = new TestClient(gateway.url);
    await guest.get('/api/categories');
    expect(
      (await guest.request('POST', `/api/quizzes/${QUIZ}/attempt`, { json: { answers: {} } })).status,
    ).toBe(401);
    const { client } = await member(gateway);
    expect(
      (await client.request('POST', `/api/quizzes/${QUIZ}/attempt`, { json: { answers: { x: 'E' } } }))
        .status,
    ).toBe(400);
    expect(
      (await client.request('POST', '/api/quizzes/no-such-quiz/attempt', { json: { answers: {} } })).status,
    ).toBe(404);
  });

  it('counts participants once per person and every play, also under concurrent attempts', async () => {
    const before = await quiz((await member(gateway)).client, 'sample-history-world');
    const players = await Promise.all(Array.from({ length: 6 }, () => member(gateway)));
    await Promise.all(
      players.map(({ client }) =>
        client.request('POST', '/api/quizzes/sample-history-world/attempt', { json: { answers: {} } }),
      ),
    );
    await players[0]!.client.request('POST', '/api/quizzes/sample-history-world/attempt', {
      json: { answers: {} },
    });
    const after = await quiz(players[0]!.client, 'sample-history-world');
    expect(after.participantCount - before.participantCount).toBe(6);
    expect(after.totalPlayers - before.totalPlayers).toBe(7);
  });

  it('saves progress for signed-in players, for a day, and refuses guests', async () => {
    const { client, user } = await member(gateway);
    const saved = await client.request('POST', `/api/quizzes/${QUIZ}/attempt/progress`, {
      json: { answers: { '0': 'A' } },
    });
    expect(saved.status).toBe(200);
    expect(saved.json).toEqual({ saved: true });
    const stored = (await db.get({ Key: ProgressKeys.key({ quizId: QUIZ, userId: user.id }) })).Item;
    expect(stored).toMatchObject({ userId: user.id, answers: { '0': 'A' } });
    const dayFromNow = Date.now() / 1000 + 86_400;
    expect(Math.abs(Number(stored?.ttl) - dayFromNow)).toBeLessThan(3_600);

    const guest = await visitor(gateway);
    const refused = await guest.request('POST', `/api/quizzes/${QUIZ}/attempt/progress`, {
      json: { answers: { '0': 'B' } },
    });
    expect(refused.status).toBe(401);
    expect(
      (await db.get({ Key: ProgressKeys.key({ quizId: QUIZ, userId: user.id }) })).Item?.answers,
    ).toEqual({
      '0': 'A',
    });
  });
});

describe('ratings', () => {
  it('takes 1–5 from the attempt owner only and keeps the quiz average', async () => {
    await db.update({
      Key: quizKey('sample-sports-rules'),
      UpdateExpression: 'SET ratingSum = :zero, ratingCount = :zero, averageRating = :zero',
      ExpressionAttributeValues: { ':zero': 0 },
    });
    const first = await member(gateway);
    const second = await member(gateway);
    const attemptOf = async (client: TestClient) =>
      String(
        (await client.request('POST', '/api/quizzes/sample-sports-rules/attempt', { json: { answers: {} } }))
          .json.id,
      );
    const firstAttempt = await attemptOf(first.client);
    const secondAttempt = await attemptOf(second.client);

    for (const rating of [0, 6, 2.5]) {
      const response = await first.client.request('PATCH', `/api/quiz-attempts/${firstAttempt}/rating`, {
        json: { rating },
      });
      expect(response.status).toBe(400);
      expect(response.json.message).toBe(ATTEMPT_MESSAGES.ratingRange);
    }
    expect(
      (
        await second.client.request('PATCH', `/api/quiz-attempts/${firstAttempt}/rating`, {
          json: { rating: 1 },
        })
      ).status,
    ).toBe(404);

    await Promise.all([
      first.client.request('PATCH', `/api/quiz-attempts/${firstAttempt}/rating`, { json: { rating: 5 } }),
      second.client.request('PATCH', `/api/quiz-attempts/${secondAttempt}/rating`, { json: { rating: 4 } }),
    ]);
    expect((await quiz(first.client, 'sample-sports-rules')).averageRating).toBe(4.5);
    // Rating again replaces the earlier rating.
    await first.client.request('PATCH', `/api/quiz-attempts/${firstAttempt}/rating`, { json: { rating: 2 } });
    expect((await quiz(first.client, 'sample-sports-rules')).averageRating).toBe(3);
    // Another play by the same person: its rating replaces theirs instead of adding a second one.
    const replay = await attemptOf(first.client);
    await first.client.request('PATCH', `/api/quiz-attempts/${replay}/rating`, { json: { rating: 1 } });
    expect((await quiz(first.client, 'sample-sports-rules')).averageRating).toBe(2.5);
  });
});
