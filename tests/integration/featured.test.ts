import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { japanDate } from '@functions/lib/japan-time';
import { recountDailyPlayers } from '@functions/quizzes/featured-store';
import { seed } from '../../scripts/seed';
import { member, visitor } from '../support/actors';
import { startTestGateway } from '../support/gateway';
import type { TestClient } from '../support/http-client';
import { quizInput } from '../support/quiz-input';

/**
 * The featured quiz of the week: the one with the most players in the last 7 days (Japan time),
 * each account counted once a day; never a hidden, private, deleted or reported quiz; the most
 * popular of the newest quizzes when nobody played this week.
 */
let gateway: Awaited<ReturnType<typeof startTestGateway>>;

beforeAll(async () => {
  gateway = await startTestGateway();
  await seed();
});
afterAll(() => gateway.stop());

const featured = async () => {
  const response = await (await visitor(gateway)).get('/api/quizzes/featured');
  expect(response.status).toBe(200);
  return response.json as unknown as { id: string; isPublished: boolean; isHidden: boolean } | null;
};

async function create(client: TestClient, title: string, isPublished = true) {
  const response = await client.request('POST', '/api/quizzes', { json: quizInput({ title, isPublished }) });
  expect(response.status, response.text).toBe(201);
  return (response.json as unknown as { id: string }).id;
}

async function play(quizId: string, times: number) {
  for (let time = 0; time < times; time++) {
    const { client } = await member(gateway);
    const response = await client.request('POST', `/api/quizzes/${quizId}/attempt`, {
      json: { answers: {}, answersByIndex: { '0': 'A' } },
    });
    expect(response.status, response.text).toBe(201);
  }
}

const daysAgo = (days: number) => japanDate(new Date(Date.now() - days * 86_400_000));

describe('featured quiz of the week', () => {
  it('falls back to the most popular of the newest public quizzes while nobody played this week', async () => {
    const quiz = await featured();
    expect(quiz).toMatchObject({ isPublished: true, isHidden: false });
  });

  it('is the quiz with most players this week, and never a reported, hidden, private or deleted one', async () => {
    const tag = randomUUID().slice(0, 6);
    const author = await member(gateway, { isPro: true });
    const [often, sometimes, once, secret] = [
      await create(author.client, `よく遊ばれる ${tag}`),
      await create(author.client, `ときどき ${tag}`),
      await create(author.client, `一度だけ ${tag}`),
      await create(author.client, `非公開 ${tag}`, false),
    ];
    await play(often, 3);
    await play(sometimes, 2);
    await play(once, 1);
    // The author plays their own private quiz more than anyone plays the others.
    for (let time = 0; time < 5; time++)
      await author.client.request('POST', `/api/quizzes/${secret}/attempt`, {
        json: { answers: {}, answersByIndex: { '0': 'A' } },
      });
    expect((await featured())?.id).toBe(often);

    // Players of earlier days this week count; players older than 7 days do not.
    await recountDailyPlayers(once, daysAgo(8), 50);
    expect((await featured())?.id).toBe(often);
    await recountDailyPlayers(once, daysAgo(6), 3);
    expect((await featured())?.id).toBe(once);

    const reader = await member(gateway);
    const report = await reader.client.request('POST', `/api/quizzes/${once}/report`, {
      json: { reason: 'spam', details: '' },
    });
    expect(report.status, report.text).toBe(201);
    expect((await featured())?.id).toBe(often);

    const admin = await member(gateway, { role: 'admin' });
    expect((await admin.client.request('PATCH', `/api/admin/quizzes/${often}/hide`)).status).toBe(200);
    expect((await featured())?.id).toBe(sometimes);

    expect((await author.client.request('DELETE', `/api/quizzes/${sometimes}`)).status).toBe(200);
    const fallback = await featured();
    expect([often, sometimes, once, secret]).not.toContain(fallback?.id);
    expect(fallback).toMatchObject({ isPublished: true, isHidden: false });
  });

  it('counts players, not plays: one account replaying a quiz (ten times at once, then five more) adds one a day', async () => {
    const tag = randomUUID().slice(0, 6);
    const author = await member(gateway, { isPro: true });
    const replayed = await create(author.client, `繰り返し ${tag}`);
    const shared = await create(author.client, `みんなで ${tag}`);
    const fan = await member(gateway);
    const attempt = () =>
      fan.client.request('POST', `/api/quizzes/${replayed}/attempt`, {
        json: { answers: {}, answersByIndex: { '0': 'A' } },
      });
    for (const answer of await Promise.all(Array.from({ length: 10 }, attempt)))
      expect(answer.status, answer.text).toBe(201);
    for (let time = 0; time < 5; time++) expect((await attempt()).status).toBe(201);
    await play(shared, 3);
    expect((await featured())?.id).toBe(shared);

    // The quiz's own counters keep their meaning: people and plays.
    const quiz = (await (await visitor(gateway)).get(`/api/quizzes/${replayed}`)).json;
    expect(quiz).toMatchObject({ participantCount: 1, totalPlayers: 15 });

    // Three more people make four players today: now it leads.
    await play(replayed, 3);
    expect((await featured())?.id).toBe(replayed);
  });

  it('keeps the week’s ranking in a warm function for a while, but never a quiz hidden meanwhile', async () => {
    const { featuredQuiz } = await import('@functions/quizzes/featured');
    const { resetConfigForTests } = await import('@functions/lib/config');
    const tag = randomUUID().slice(0, 6);
    const author = await member(gateway, { isPro: true });
    const leader = await create(author.client, `首位 ${tag}`);
    const runnerUp = await create(author.client, `次点 ${tag}`);
    await play(leader, 8);
    await play(runnerUp, 7);
    process.env.REFERENCE_CACHE_SECONDS = '60';
    resetConfigForTests();
    try {
      // Clock values after anything earlier calls kept, so the first call reads the ranking.
      const base = new Date(Date.now() + 3_600_000);
      const later = (seconds: number) => new Date(base.getTime() + seconds * 1000);
      expect((await featuredQuiz(base))?.id).toBe(leader);
      // Two more people for the runner-up: the kept ranking does not know yet...
      await play(runnerUp, 2);
      expect((await featuredQuiz(later(59)))?.id).toBe(leader);
      // ...but a quiz hidden meanwhile is never featured, kept or not.
      const admin = await member(gateway, { role: 'admin' });
      expect((await admin.client.request('PATCH', `/api/admin/quizzes/${leader}/hide`)).status).toBe(200);
      expect((await featuredQuiz(later(59)))?.id).toBe(runnerUp);
      expect((await admin.client.request('PATCH', `/api/admin/quizzes/${leader}/restore`)).status).toBe(200);
      expect((await featuredQuiz(later(59)))?.id).toBe(leader);
      // Read again once the time is up.
      expect((await featuredQuiz(later(61)))?.id).toBe(runnerUp);
    } finally {
      process.env.REFERENCE_CACHE_SECONDS = '0';
      resetConfigForTests();
    }
  });
});
