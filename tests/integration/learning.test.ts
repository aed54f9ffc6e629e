import { member } from '../support/actors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivityResponse, UserStats } from '@shared/learning';
import { queryAll } from '@functions/data/paginate';
import {
  AchievementKeys,
  DailyStatsKeys,
  StudyRecordKeys,
  WrongAnswerKeys,
} from '@functions/learning/learning-keys';
import { UserKeys } from '@functions/users/user-keys';
import { seed } from '../../scripts/seed';
import { startTestGateway } from '../support/gateway';
import { TestClient } from '../support/http-client';
import { answerKey } from '../support/answer-key';
import { quizInput } from '../support/quiz-input';

/** Stats, activity, study records, wrong answers and daily stats of a member. */
let gateway: Awaited<ReturnType<typeof startTestGateway>>;

beforeAll(async () => {
  gateway = await startTestGateway();
  await seed();
});
afterAll(() => gateway.stop());

/** The quiz's questions with their right answers (which a player's quiz read does not carry). */
const questionsOf = (_client: TestClient, quizId: string) => answerKey(quizId);

/** Items of one kind in the member's own partition. */
const ownItems = (userId: string, kind: string) =>
  queryAll({ partition: UserKeys.pk({ userId }), beginsWith: kind });

describe('stats and activity', () => {
  it('start at zero and follow plays, creations and achievements', async () => {
    const { client, user } = await member(gateway, { nickname: '学習者' });
    expect((await client.get('/api/user/stats')).json).toEqual({
      quizzesCreated: 0,
      quizzesCompleted: 0,
      averageScore: 0,
      totalPoints: 0,
      proLastPaidAt: null,
    } satisfies UserStats);

    const questions = await questionsOf(client, 'sample-geography-japan');
    const perfect = Object.fromEntries(questions.map((question) => [question.id, question.correctAnswer]));
    await client.request('POST', '/api/quizzes/sample-geography-japan/attempt', {
      json: { answers: perfect },
    });
    const history = await questionsOf(client, 'sample-history-japan');
    const oneRight = Object.fromEntries([[history[0]!.id, history[0]!.correctAnswer]]);
    await client.request('POST', '/api/quizzes/sample-history-japan/attempt', {
      json: { answers: oneRight },
    });
    await client.request('POST', '/api/quizzes', {
      json: {
        quiz: {
          title: '私のクイズ',
          description: '説明',
          category: '科学',
          difficulty: '初級',
          isPublished: true,
        },
        questions: [{ questionText: 'q', optionA: 'a', optionB: 'b', correctAnswer: 'A' }],
      },
    });

    const stats = (await client.get('/api/user/stats')).json as unknown as UserStats;
    // 5/5 and 1/5: 6 of 10 correct; points 6×10 + 50 for the perfect play.
    expect(stats).toEqual({
      quizzesCreated: 1,
      quizzesCompleted: 2,
      averageScore: 60,
      totalPoints: 110,
      proLastPaidAt: null,
    });

    const activity = (await client.get('/api/user/activity')).json as unknown as ActivityResponse;
    expect(activity.activity.length).toBeLessThanOrEqual(5);
    expect(activity.activity.map((item) => item.type)).toEqual(
      expect.arrayContaining(['quiz_completed', 'quiz_created', 'achievement']),
    );
    expect(activity.recentAttempts.map((attempt) => [attempt.quizId, attempt.correctRate])).toEqual([
      ['sample-history-japan', 20],
      ['sample-geography-japan', 100],
    ]);
    const mistakes = activity.recentAttempts[0]!.mistakes;
    expect(mistakes).toHaveLength(4);
    expect(mistakes[0]).toEqual({
      question: history[1]!.questionText,
      yourAnswer: '未回答',
      correctAnswer: expect.stringMatching(/^[A-D]: /),
    });
    expect(activity.recentAttempts[1]!.mistakes).toEqual([]);

    expect(
      await ownItems(user.id, WrongAnswerKeys.skPrefix({ quizId: 'sample-history-japan' })),
    ).toHaveLength(4);
    // The day's stats come from the plays' answer events through the table's stream.
    await gateway.streamSettled();
    const [daily] = await ownItems(user.id, DailyStatsKeys.skPrefix());
    expect(daily).toMatchObject({ quizzesCompleted: 2, questionsAnswered: 10, correctAnswers: 6 });
    expect((await ownItems(user.id, AchievementKeys.skPrefix())).map((item) => item.key).sort()).toEqual([
      'first_completion',
      'first_creation',
      'first_perfect',
    ]);
  });

  it('keeps the latest result per quiz', async () => {
    const { client } = await member(gateway, { nickname: '学習者' });
    const questions = await questionsOf(client, 'sample-cooking-washoku');
    await client.request('POST', '/api/quizzes/sample-cooking-washoku/attempt', { json: { answers: {} } });
    await client.request('POST', '/api/quizzes/sample-cooking-washoku/attempt', {
      json: {
        answers: Object.fromEntries(questions.map((question) => [question.id, question.correctAnswer])),
      },
    });
    const activity = (await client.get('/api/user/activity')).json as unknown as ActivityResponse;
    expect(activity.recentAttempts).toHaveLength(1);
    expect(activity.recentAttempts[0]!.correctRate).toBe(100);
  });

  it('shows no title, question or answer of a quiz its author made private since', async () => {
    const author = await member(gateway, { isPro: true });
    const created = await author.client.request('POST', '/api/quizzes', {
      json: quizInput({ title: 'あとで非公開にするクイズ' }, 2),
    });
    const quizId = String(created.json.id);
    const player = await member(gateway);
    await player.client.request('POST', `/api/quizzes/${quizId}/attempt`, { json: { answers: {} } });
    const before = (await player.client.get('/api/user/activity')).json as unknown as ActivityResponse;
    expect(before.recentAttempts.map((attempt) => attempt.quizId)).toEqual([quizId]);

    const made = await author.client.request('PUT', `/api/quizzes/${quizId}`, {
      json: quizInput({ title: 'あとで非公開にするクイズ', isPublished: false }, 2),
    });
    expect(made.status, made.text).toBe(200);
    const after = (await player.client.get('/api/user/activity')).json as unknown as ActivityResponse;
    expect(after.recentAttempts).toEqual([]);
    expect(JSON.stringify(after)).not.toContain('あとで非公開にするクイズ');
  });

  it('needs a signed-in member', async () => {
    const guest = new TestClient(gateway.url);
    expect((await guest.get('/api/user/stats')).status).toBe(401);
    expect((await guest.get('/api/user/activity')).status).toBe(401);
  });
});

describe('study session records', () => {
  it('decide correctness from the stored answer and add the time to the day', async () => {
    const { client, user } = await member(gateway, { nickname: '学習者' });
    const [question] = await questionsOf(client, 'sample-science-space');
    const wrongLetter = question!.correctAnswer === 'A' ? 'B' : 'A';
    const response = await client.request('POST', '/api/study/session', {
      json: {
        quizId: 'sample-science-space',
        questionId: question!.id,
        userAnswer: wrongLetter,
        correctAnswer: wrongLetter,
        isCorrect: true,
        timeSpent: 12,
      },
    });
    expect(response.status).toBe(201);
    expect(response.json).toEqual({ isCorrect: false });
    expect(await ownItems(user.id, StudyRecordKeys.skPrefix())).toHaveLength(1);
    expect((await ownItems(user.id, DailyStatsKeys.skPrefix()))[0]).toMatchObject({ timeSpent: 12 });
    expect(
      (
        await client.request('POST', '/api/study/session', {
          json: { quizId: 'sample-science-space', questionId: 'nope', userAnswer: 'A' },
        })
      ).status,
    ).toBe(404);
    // A number DynamoDB cannot hold is kept in whole seconds, not refused with a 500.
    const tiny = await client.request('POST', '/api/study/session', {
      json: { quizId: 'sample-science-space', questionId: question!.id, userAnswer: 'A', timeSpent: 1e-131 },
    });
    expect(tiny.status, tiny.text).toBe(201);
    expect(
      (await ownItems(user.id, StudyRecordKeys.skPrefix())).map((item) => item.timeSpent).sort(),
    ).toEqual([0, 12]);
  });
});
