import { member, visitor } from '../support/actors';
import { quizInput } from '../support/quiz-input';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VIEWER_ADDRESS_HEADER } from '@shared/api';
import { ATTEMPT_MESSAGES } from '@shared/attempts';
import { db } from '@functions/data/db';
import { queryAll } from '@functions/data/paginate';
import { StudyRecordKeys } from '@functions/learning/learning-keys';
import { UserKeys } from '@functions/users/user-keys';
import { japanDate } from '@functions/lib/japan-time';
import { NotFoundError } from '@functions/lib/errors';
import { PlayerKeys, ProgressKeys } from '@functions/quizzes/attempt-keys';
import { newAttempt, PLAY_LIMITS, scorePlay } from '@functions/quizzes/attempt-policy';
import { countPlay, putPlay } from '@functions/quizzes/attempt-store';
import { addTallies, markPlayer, playerMarkKey } from '@functions/quizzes/analytics-store';
import { getQuizDetail } from '@functions/quizzes/quiz-store';
import { resetConfigForTests } from '@functions/lib/config';
import { addressKey } from '@functions/lib/rate-limit-policy';
import { ANSWER_CHECK_LIMITS } from '@functions/quizzes/quiz-policy';
import { quizKey } from '@functions/quizzes/quiz-keys';
import { seed } from '../../scripts/seed';
import { startTestGateway } from '../support/gateway';
import { TestClient } from '../support/http-client';
import { answerKey } from '../support/answer-key';
import { useUpAllowance } from '../support/rate-windows';

/** Attempts and ratings: scores cannot be forged, ratings belong to their player, aggregates hold under concurrency. */
let gateway: Awaited<ReturnType<typeof startTestGateway>>;
const QUIZ = 'sample-science-basics';

beforeAll(async () => {
  gateway = await startTestGateway();
  await seed();
});
afterAll(() => gateway.stop());

/** The quiz's questions with their right answers (which the player's own quiz read does not carry). */
const questions = (_client: TestClient, quizId = QUIZ) => answerKey(quizId);

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

  it('removes a play whose quiz was deleted while it was being saved, with its analytics, and refuses it', async () => {
    const author = await member(gateway);
    const created = await author.client.request('POST', '/api/quizzes', {
      json: quizInput({ title: '消えるクイズ' }),
    });
    expect(created.status, created.text).toBe(201);
    const quizId = (created.json as unknown as { id: string }).id;
    const player = await member(gateway);
    const now = new Date();
    const { questions: stored } = (await getQuizDetail(quizId))!;
    const attempt = newAttempt(quizId, player.user.id, scorePlay(stored, { answers: {} }), now);
    // The play is saved (its transaction), then the quiz is deleted before the quiz counts it.
    const saved = await putPlay(attempt, 'first', japanDate(now), now, []);
    expect((await author.client.request('DELETE', `/api/quizzes/${quizId}`)).status).toBe(200);
    // Its analytics counted after the deletion read the partition: the quiz's refusal takes them back.
    const tally = { A: 1, B: 0, C: 0, D: 0, timeSum: 0, timed: 0 };
    const written = await addTallies(quizId, [{ version: 'late', tally }]);
    expect(await markPlayer(quizId, 'late-player', now.toISOString())).toBe(true);
    written.push(playerMarkKey(quizId, 'late-player'));
    await expect(countPlay(saved, 'first', { add: { analyticsPlays: 1 }, written })).rejects.toBeInstanceOf(
      NotFoundError,
    );
    const left = await Promise.all(
      [
        { pk: saved.pk, sk: saved.sk },
        PlayerKeys.key({ quizId, userId: player.user.id }),
        quizKey(quizId),
        ...written,
      ].map((Key) => db.get({ Key, ConsistentRead: true })),
    );
    expect(left.map((read) => read.Item)).toEqual(Array(5).fill(undefined));
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

describe('the answer key', () => {
  interface ReadQuestion {
    id: string;
    correctAnswer?: string;
    explanation?: string | null;
  }
  const read = async (client: TestClient, quizId: string) => {
    const response = await client.get(`/api/quizzes/${quizId}`);
    expect(response.status, response.text).toBe(200);
    return (response.json as unknown as { questions: ReadQuestion[] }).questions;
  };
  const check = (client: TestClient, quizId: string, body: Record<string, unknown>) =>
    client.request('POST', `/api/quizzes/${quizId}/check`, { json: body });

  it('is not in the quiz read of guests and other members, only of its author and administrators', async () => {
    const author = await member(gateway);
    const created = await author.client.request('POST', '/api/quizzes', {
      json: quizInput({ title: '答えは作者だけ' }, 2),
    });
    const quizId = String(created.json.id);
    for (const reader of [await visitor(gateway), (await member(gateway)).client]) {
      for (const question of [...(await read(reader, quizId)), ...(await read(reader, QUIZ))]) {
        expect(question).not.toHaveProperty('correctAnswer');
        expect(question).not.toHaveProperty('explanation');
      }
    }
    for (const reader of [author.client, (await member(gateway, { role: 'admin' })).client]) {
      for (const question of await read(reader, quizId)) expect(question.correctAnswer).toBe('A');
    }
    expect((await read((await member(gateway, { role: 'admin' })).client, QUIZ))[0]).toHaveProperty(
      'correctAnswer',
    );
    // The author's own read is unchanged.
    const own = await author.client.get(`/api/my-quizzes/${quizId}`);
    expect((own.json as unknown as { questions: ReadQuestion[] }).questions[0]).toMatchObject({
      correctAnswer: 'A',
      explanation: null,
    });
  });

  it('is given one answer at a time, to guests too, once the player has answered', async () => {
    const [first, second] = await answerKey(QUIZ);
    const guest = await visitor(gateway);
    const right = await check(guest, QUIZ, { questionId: first!.id, answer: first!.correctAnswer });
    expect(right.status, right.text).toBe(200);
    expect(right.json).toEqual({
      questionId: first!.id,
      isCorrect: true,
      correctAnswer: first!.correctAnswer,
      explanation: expect.any(String),
    });
    const wrongLetter = second!.correctAnswer === 'A' ? 'B' : 'A';
    const { client } = await member(gateway);
    const wrong = await check(client, QUIZ, { questionId: second!.id, answer: wrongLetter });
    expect(wrong.json).toMatchObject({ isCorrect: false, correctAnswer: second!.correctAnswer });
  });

  it('is refused for what the caller may not read, and for answers that are not a letter A–D', async () => {
    const author = await member(gateway, { isPro: true });
    const privateQuiz = String(
      (
        await author.client.request('POST', '/api/quizzes', {
          json: quizInput({ title: '非公開', isPublished: false }),
        })
      ).json.id,
    );
    const [question] = await answerKey(privateQuiz);
    const { client } = await member(gateway);
    const refused = await check(client, privateQuiz, { questionId: question!.id, answer: 'A' });
    expect(refused.status).toBe(404);
    expect(refused.json.message).toBe((await client.get(`/api/quizzes/${privateQuiz}`)).json.message);
    // The author may check their own private quiz.
    expect((await check(author.client, privateQuiz, { questionId: question!.id, answer: 'A' })).status).toBe(
      200,
    );
    await db.update({
      Key: quizKey(QUIZ),
      UpdateExpression: 'SET isHidden = :yes',
      ExpressionAttributeValues: { ':yes': true },
    });
    try {
      const [hidden] = await answerKey(QUIZ);
      expect((await check(client, QUIZ, { questionId: hidden!.id, answer: 'A' })).status).toBe(404);
    } finally {
      await db.update({
        Key: quizKey(QUIZ),
        UpdateExpression: 'SET isHidden = :no',
        ExpressionAttributeValues: { ':no': false },
      });
    }
    const unknown = await check(client, QUIZ, { questionId: 'no-such-question', answer: 'A' });
    expect(unknown.status).toBe(404);
    expect(unknown.json.message).toBe(ATTEMPT_MESSAGES.questionNotFound);
    const [known] = await answerKey(QUIZ);
    for (const answer of ['E', '-', 'a', 1, null])
      expect((await check(client, QUIZ, { questionId: known!.id, answer })).status).toBe(400);
  });

  it('lets a member play a whole quiz twice over, then stops a member who reads keys faster', async () => {
    const { client } = await member(gateway, { isPro: true });
    const created = await client.request('POST', '/api/quizzes', {
      json: quizInput({ title: '50問のクイズ' }, 50),
    });
    const quizId = String(created.json.id);
    const player = await member(gateway);
    const key = await answerKey(quizId);
    for (const _play of [1, 2]) {
      const answered = await Promise.all(
        key.map((question) => check(player.client, quizId, { questionId: question.id, answer: 'A' })),
      );
      expect(answered.map((response) => response.status)).toEqual(key.map(() => 200));
    }
    await useUpAllowance(
      `answer-check#${player.user.id}`,
      ANSWER_CHECK_LIMITS.windowSeconds,
      ANSWER_CHECK_LIMITS.perMember,
    );
    const stopped = await check(player.client, quizId, { questionId: key[0]!.id, answer: 'A' });
    expect(stopped.status).toBe(429);
    expect(stopped.json.message).toBe(ATTEMPT_MESSAGES.checkTooFast);
    // A study record says whether an answer is right too: it counts in the same allowance, and a
    // refused one is not recorded.
    const studied = await player.client.request('POST', '/api/study/session', {
      json: { quizId, questionId: key[0]!.id, userAnswer: 'A', timeSpent: 3 },
    });
    expect(studied.status).toBe(429);
    expect(studied.json.message).toBe(ATTEMPT_MESSAGES.checkTooFast);
    expect(
      await queryAll({
        partition: UserKeys.pk({ userId: player.user.id }),
        beginsWith: StudyRecordKeys.skPrefix(),
      }),
    ).toEqual([]);
    // Another member is not held up by that one.
    expect((await check(client, quizId, { questionId: key[0]!.id, answer: 'A' })).status).toBe(200);
  });

  it('stops an address (an IPv6 /64 as one) that reads keys faster than a class, signed in or not', async () => {
    process.env.PER_IP_RATE_LIMITS = 'on';
    resetConfigForTests();
    try {
      const [question] = await answerKey(QUIZ);
      const guest = await visitor(gateway);
      expect((await check(guest, QUIZ, { questionId: question!.id, answer: 'A' })).status).toBe(200);
      await useUpAllowance(
        `answer-check-ip#${addressKey('127.0.0.1')}`,
        ANSWER_CHECK_LIMITS.windowSeconds,
        ANSWER_CHECK_LIMITS.perAddress,
      );
      for (const client of [guest, (await member(gateway)).client]) {
        const stopped = await check(client, QUIZ, { questionId: question!.id, answer: 'A' });
        expect(stopped.status).toBe(429);
        expect(stopped.json.message).toBe(ATTEMPT_MESSAGES.checkTooFast);
      }
      // The address is the one the edge saw: a visitor naming another address is still counted.
      const forged = await guest.request('POST', `/api/quizzes/${QUIZ}/check`, {
        json: { questionId: question!.id, answer: 'A' },
        headers: { [VIEWER_ADDRESS_HEADER]: '203.0.113.9' },
      });
      expect(forged.status).toBe(429);
    } finally {
      process.env.PER_IP_RATE_LIMITS = 'off';
      resetConfigForTests();
    }
  });

  it('counts a finished play by the questions whose answers it shows: a script cannot read key after key through plays', async () => {
    const player = await member(gateway);
    const questions = (await answerKey(QUIZ)).length;
    const played = await player.client.request('POST', `/api/quizzes/${QUIZ}/attempt`, {
      json: { answers: {} },
    });
    expect(played.status).toBe(201);
    // What is left is one question short of another play of this quiz.
    await useUpAllowance(
      `play-questions#${player.user.id}`,
      PLAY_LIMITS.windowSeconds,
      PLAY_LIMITS.questionsPerMember - questions + 1,
    );
    const stopped = await player.client.request('POST', `/api/quizzes/${QUIZ}/attempt`, {
      json: { answers: {} },
    });
    expect(stopped.status).toBe(429);
    expect(stopped.json.message).toBe(ATTEMPT_MESSAGES.playsTooFast);
    expect((await player.client.get('/api/user/stats')).json).toMatchObject({ quizzesCompleted: 1 });
    const activity = (await player.client.get('/api/user/activity')).json as unknown as {
      recentAttempts: unknown[];
    };
    expect(activity.recentAttempts).toHaveLength(1);
    // Another member plays on.
    const other = (await member(gateway)).client;
    expect(
      (await other.request('POST', `/api/quizzes/${QUIZ}/attempt`, { json: { answers: {} } })).status,
    ).toBe(201);
  });
});
