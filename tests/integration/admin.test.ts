import { QUIZ_MESSAGES } from '@shared/quizzes';
import { member, PASSWORD, registered } from '../support/actors';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES } from '@shared/admin';
import { ACCOUNT_MESSAGES } from '@shared/account-messages';
import { AuditKeys } from '@functions/admin/audit-keys';
import { PenaltyKeys } from '@functions/admin/penalty-keys';
import { db } from '@functions/data/db';
import { queryOwned } from '@functions/data/owned';
import { queryAll } from '@functions/data/paginate';
import { INDEX } from '@functions/data/table';
import { QuizKeys } from '@functions/quizzes/quiz-keys';
import { migrateReports } from '@functions/quizzes/report-store';
import { LEGACY_REPORT_COLLECTION, ReportKeys } from '@functions/quizzes/report-keys';
import { MigrationKeys, userKey } from '@functions/users/user-keys';
import { seed } from '../../scripts/seed';
import { startTestGateway } from '../support/gateway';
import { TestClient } from '../support/http-client';

/** Moderation: admin-only calls, hide/restore everywhere, edit history, penalties, reports. */
let gateway: Awaited<ReturnType<typeof startTestGateway>>;

beforeAll(async () => {
  gateway = await startTestGateway();
  await seed();
});
afterAll(() => gateway.stop());

const question = { questionText: '問題', optionA: 'はい', optionB: 'いいえ', correctAnswer: 'A' };

async function quizBy(client: TestClient, title = `モデレーション ${randomUUID().slice(0, 6)}`) {
  const response = await client.request('POST', '/api/quizzes', {
    json: {
      quiz: { title, description: '説明', category: '科学', difficulty: '初級', isPublished: true },
      questions: [question],
    },
  });
  expect(response.status).toBe(201);
  return { id: String(response.json.id), title };
}

const ids = (list: unknown) => (list as { id: string }[]).map((item) => item.id);

const adminCalls: [string, string, unknown?][] = [
  ['GET', '/api/admin/flagged-quizzes'],
  ['GET', '/api/admin/hidden-quizzes'],
  ['GET', '/api/admin/reports'],
  ['GET', '/api/admin/reported-users'],
  ['GET', '/api/admin/quizzes/sample-science-basics'],
  ['GET', '/api/admin/quizzes/sample-science-basics/edit-history'],
  ['PATCH', '/api/admin/quizzes/sample-science-basics/hide'],
  ['PATCH', '/api/admin/quizzes/sample-science-basics/restore'],
  ['PATCH', '/api/admin/quizzes/sample-science-basics/dismiss-reports'],
  ['DELETE', '/api/admin/reports/sample-science-basics~00000000-0000-0000-0000-000000000000'],
  ['DELETE', '/api/admin/reports/bulk', { reportIds: ['x~y'] }],
  ['POST', '/api/admin/ban-user', { userId: 'someone', type: 'ban' }],
  ['POST', '/api/admin/unban-user', { userId: 'someone' }],
];

describe('access', () => {
  it.each(adminCalls)('%s %s is refused to guests (401) and members (403)', async (method, path, body) => {
    const guest = new TestClient(gateway.url);
    await guest.get('/api/categories');
    expect((await guest.request(method, path, body === undefined ? {} : { json: body })).status).toBe(401);
    const { client } = await member(gateway, { isPro: true });
    expect((await client.request(method, path, body === undefined ? {} : { json: body })).status).toBe(403);
  });
});

describe('hiding and restoring', () => {
  it('lists a hidden quiz to restore whatever became of its reports, until it is restored', async () => {
    const author = await member(gateway);
    const quiz = await quizBy(author.client);
    const reporter = await member(gateway);
    const report = await reporter.client.request('POST', `/api/quizzes/${quiz.id}/report`, {
      json: { reason: 'spam' },
    });
    expect(report.status, report.text).toBe(201);
    const admin = await member(gateway, { role: 'admin' });
    expect((await admin.client.request('PATCH', `/api/admin/quizzes/${quiz.id}/hide`)).status).toBe(200);
    // Its reports deleted (reviewed by the hide): the quiz is still listed, to be restored.
    const reportIds = (
      (await admin.client.get('/api/admin/reports')).json as unknown as { id: string; quizId: string }[]
    )
      .filter((item) => item.quizId === quiz.id)
      .map((item) => item.id);
    expect(reportIds).toHaveLength(1);
    const deleted = await admin.client.request('DELETE', '/api/admin/reports/bulk', { json: { reportIds } });
    expect(deleted.status, deleted.text).toBe(200);
    const hidden = (await admin.client.get('/api/admin/hidden-quizzes')).json as unknown as {
      id: string;
      title: string;
      authorId: string;
    }[];
    expect(hidden.find((item) => item.id === quiz.id)).toMatchObject({
      title: quiz.title,
      authorId: author.user.id,
    });
    expect((await admin.client.request('PATCH', `/api/admin/quizzes/${quiz.id}/restore`)).status).toBe(200);
    expect(ids((await admin.client.get('/api/admin/hidden-quizzes')).json)).not.toContain(quiz.id);
  });

  it('removes a quiz from every public place at once and brings it back', async () => {
    const author = await member(gateway, { isPro: true });
    const quiz = await quizBy(author.client, `隠す対象 ${randomUUID().slice(0, 6)}`);
    const fan = await member(gateway);
    await fan.client.request('POST', `/api/favorites/${quiz.id}`);
    const admin = await member(gateway, { role: 'admin' });

    expect((await admin.client.request('PATCH', `/api/admin/quizzes/${quiz.id}/hide`)).status).toBe(200);
    expect(ids((await fan.client.get('/api/quizzes')).json)).not.toContain(quiz.id);
    expect(
      ids((await fan.client.get(`/api/quizzes/search?q=${encodeURIComponent(quiz.title)}`)).json),
    ).not.toContain(quiz.id);
    expect(ids((await fan.client.get('/api/favorites')).json)).not.toContain(quiz.id);
    expect((await fan.client.get(`/api/quizzes/${quiz.id}`)).status).toBe(404);
    expect((await author.client.get(`/api/quizzes/${quiz.id}`)).json).toMatchObject({ isHidden: true });
    expect((await admin.client.get(`/api/admin/quizzes/${quiz.id}`)).json).toMatchObject({
      isHidden: true,
      questions: [expect.objectContaining({ questionText: '問題' })],
    });

    // Edits while hidden are in the admin's edit history; the private setting stays available to the pro author.
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
        questions: [question],
      },
    });
    const history = (await admin.client.get(`/api/admin/quizzes/${quiz.id}/edit-history`))
      .json as unknown as {
      editorNickname: string;
      changes: { quiz: { before: { title: string }; after: { title: string } } };
    }[];
    expect(history).toHaveLength(1);
    expect(history[0]!.changes.quiz.before.title).toBe(quiz.title);
    expect(history[0]!.changes.quiz.after.title).toBe('直しました');

    expect((await admin.client.request('PATCH', `/api/admin/quizzes/${quiz.id}/restore`)).status).toBe(200);
    expect(ids((await fan.client.get('/api/quizzes')).json)).toContain(quiz.id);
    expect(ids((await fan.client.get('/api/favorites')).json)).toContain(quiz.id);
    expect((await fan.client.get(`/api/quizzes/${quiz.id}`)).status).toBe(200);
  });

  it('has no edit history for a quiz edited only while visible', async () => {
    const author = await member(gateway);
    const quiz = await quizBy(author.client);
    await author.client.request('PUT', `/api/quizzes/${quiz.id}`, {
      json: {
        quiz: {
          title: '公開中の編集',
          description: '',
          category: '科学',
          difficulty: '初級',
          timeLimit: 10,
          isPublished: true,
        },
        questions: [question],
      },
    });
    const admin = await member(gateway, { role: 'admin' });
    expect((await admin.client.get(`/api/admin/quizzes/${quiz.id}/edit-history`)).json).toEqual([]);
    // An unknown quiz has no history: 404, as its read.
    const unknown = await admin.client.get('/api/admin/quizzes/no-such-quiz/edit-history');
    expect([unknown.status, unknown.json.message]).toEqual([404, QUIZ_MESSAGES.notFound]);
  });
});

describe('penalties', () => {
  it('suspends: the existing session and logins are refused until the admin lifts it', async () => {
    const target = await member(gateway);
    const admin = await member(gateway, { role: 'admin' });
    const response = await admin.client.request('POST', '/api/admin/ban-user', {
      json: { userId: target.user.id, type: 'suspension', minutes: 10 },
    });
    expect(response.status).toBe(201);
    const me = await target.client.get('/api/auth/me');
    expect(me.status).toBe(401);
    // Listed with the reported members while stopped (never reported: no report to find them by),
    // so the unban stays within reach.
    const listed = async () =>
      ((await admin.client.get('/api/admin/reported-users')).json as unknown as { id: string }[]).find(
        (user) => user.id === target.user.id,
      );
    expect(await listed()).toMatchObject({
      reportCount: 0,
      penalties: [expect.objectContaining({ penaltyType: 'suspension', active: true })],
    });

    expect(
      (await admin.client.request('POST', '/api/admin/unban-user', { json: { userId: target.user.id } }))
        .status,
    ).toBe(200);
    expect(await listed()).toBeUndefined();
    const audit = await queryAll({
      partition: AuditKeys.pk({ month: new Date().toISOString().slice(0, 7) }),
    });
    expect(audit.map((item) => item.action)).toEqual(expect.arrayContaining(['suspend-user', 'unban-user']));
  });

  it('keeps a ban when a shorter suspension follows it, also when 30 arrive at once', async () => {
    const target = await member(gateway);
    const admin = await member(gateway, { role: 'admin' });
    const penalise = (json: Record<string, unknown>) =>
      admin.client.request('POST', '/api/admin/ban-user', { json: { userId: target.user.id, ...json } });
    const given = await Promise.all([
      penalise({ type: 'ban' }),
      ...Array.from({ length: 29 }, () => penalise({ type: 'suspension', minutes: 10 })),
    ]);
    expect(given.map((response) => response.status)).toEqual(given.map(() => 201));
    const account = await db.get({ Key: userKey(target.user.id), ConsistentRead: true });
    expect(account.Item?.suspendedUntil).toBe('PERMANENT');
    expect((await penalise({ type: 'suspension', minutes: 10 })).status).toBe(201);
    expect((await db.get({ Key: userKey(target.user.id), ConsistentRead: true })).Item?.suspendedUntil).toBe(
      'PERMANENT',
    );
  });

  it('refuses a banned member everywhere a member is needed, with the spec message', async () => {
    const target = await member(gateway);
    const admin = await member(gateway, { role: 'admin' });
    // A second session of the same person, opened before the ban.
    const banned = await admin.client.request('POST', '/api/admin/ban-user', {
      json: { userId: target.user.id, type: 'ban', reason: 'スパム' },
    });
    // A ban is permanent: its expiresAt is absent (spec §3), not null.
    const penalty = (banned.json as unknown as { penalty: Record<string, unknown> }).penalty;
    expect(penalty).toMatchObject({ penaltyType: 'ban' });
    expect('expiresAt' in penalty).toBe(false);
    expect((await target.client.get('/api/auth/me')).status).toBe(401);
    const penalties = await queryAll({
      partition: PenaltyKeys.pk({ userId: target.user.id }),
      beginsWith: PenaltyKeys.skPrefix(),
    });
    expect(penalties).toHaveLength(1);
    expect(penalties[0]).toMatchObject({
      penaltyType: 'ban',
      expiresAt: null,
      issuedBy: admin.user.id,
      reason: 'スパム',
    });
  });

  it('cannot be given to oneself or to another admin, and suspensions need minutes ≥ 1', async () => {
    const admin = await member(gateway, { role: 'admin' });
    const other = await member(gateway, { role: 'admin' });
    const self = await admin.client.request('POST', '/api/admin/ban-user', {
      json: { userId: admin.user.id, type: 'ban' },
    });
    expect(self.status).toBe(400);
    expect(self.json.message).toBe(ADMIN_MESSAGES.cannotBanSelf);
    const peer = await admin.client.request('POST', '/api/admin/ban-user', {
      json: { userId: other.user.id, type: 'ban' },
    });
    expect(peer.status).toBe(403);
    const target = await member(gateway);
    const noMinutes = await admin.client.request('POST', '/api/admin/ban-user', {
      json: { userId: target.user.id, type: 'suspension' },
    });
    expect(noMinutes.json.message).toBe(ADMIN_MESSAGES.minutesRequired);
    const zero = await admin.client.request('POST', '/api/admin/ban-user', {
      json: { userId: target.user.id, type: 'suspension', minutes: 0 },
    });
    expect(zero.status).toBe(400);
    expect((await target.client.get('/api/auth/me')).status).toBe(200);
  });

  it('refuses the login of a suspended member with the spec message', async () => {
    const client = new TestClient(gateway.url);
    await client.get('/api/categories');
    const username = `susp_${randomUUID().slice(0, 8)}`;
    const registered = await client.request('POST', '/api/auth/register', {
      json: { username, nickname: 'n', email: `${username}@example.com`, password: 'Quiz#2026pass' },
    });
    const admin = await member(gateway, { role: 'admin' });
    await admin.client.request('POST', '/api/admin/ban-user', {
      json: { userId: (registered.json.user as { id: string }).id, type: 'suspension', minutes: 1440 },
    });
    const login = await client.request('POST', '/api/auth/login', {
      json: { username, password: 'Quiz#2026pass' },
    });
    expect(login.status).toBe(403);
    expect(login.json.message).toBe(ACCOUNT_MESSAGES.accountStopped);
  });
});

describe('reports', () => {
  it('lists flagged quizzes with their 3 latest reports and deletes reports of several quizzes in bulk', async () => {
    const author = await member(gateway, { isPro: true });
    const first = await quizBy(author.client);
    const second = await quizBy(author.client);
    const reporters = await Promise.all(Array.from({ length: 4 }, () => member(gateway)));
    for (const reporter of reporters) {
      await reporter.client.request('POST', `/api/quizzes/${first.id}/report`, { json: { reason: 'spam' } });
    }
    await reporters[0]!.client.request('POST', `/api/quizzes/${second.id}/report`, {
      json: { reason: 'incorrect', details: '誤り' },
    });
    const admin = await member(gateway, { role: 'admin' });

    const flagged = (await admin.client.get('/api/admin/flagged-quizzes')).json as unknown as {
      id: string;
      reports: { id: string }[];
      reportCount: number;
    }[];
    const flaggedFirst = flagged.find((quiz) => quiz.id === first.id)!;
    expect(flaggedFirst.reports).toHaveLength(3);
    expect(flaggedFirst.reportCount).toBe(4);

    const all = (await admin.client.get('/api/admin/reports')).json as unknown as {
      id: string;
      quizId: string;
      reportedByUser: { id: string; username: string; reports: number; penalties: unknown[] };
      quiz: { title: string; authorName: string; isHidden: boolean };
    }[];
    const mine = all.filter((report) => [first.id, second.id].includes(report.quizId));
    expect(mine).toHaveLength(5);
    expect(mine[0]!.quiz).toMatchObject({ isHidden: false });
    expect(mine.find((report) => report.quizId === second.id)!.reportedByUser.reports).toBeGreaterThanOrEqual(
      2,
    );

    const users = (await admin.client.get('/api/admin/reported-users')).json as unknown as {
      id: string;
      reportCount: number;
      reportedQuizCount: number;
    }[];
    expect(users.find((user) => user.id === author.user.id)).toMatchObject({
      reportCount: 5,
      reportedQuizCount: 2,
    });

    const toDelete = [
      mine.find((report) => report.quizId === second.id)!.id,
      mine.find((report) => report.quizId === first.id)!.id,
    ];
    const bulk = await admin.client.request('DELETE', '/api/admin/reports/bulk', {
      json: { reportIds: toDelete },
    });
    expect(bulk.json).toMatchObject({ deleted: 2 });
    expect((await author.client.get(`/api/quizzes/${first.id}`)).json).toMatchObject({ reportCount: 3 });
    expect((await author.client.get(`/api/quizzes/${second.id}`)).json).toMatchObject({ reportCount: 0 });
    const flaggedAfter = ids((await admin.client.get('/api/admin/flagged-quizzes')).json);
    expect(flaggedAfter).toContain(first.id);
    expect(flaggedAfter).not.toContain(second.id);
    expect((await admin.client.request('DELETE', `/api/admin/reports/${toDelete[0]}`)).status).toBe(404);
    const empty = await admin.client.request('DELETE', '/api/admin/reports/bulk', {
      json: { reportIds: [] },
    });
    expect(empty.json.message).toBe(ADMIN_MESSAGES.reportIdsRequired);
    // Past the 100 a call deletes, the message says so (the screen sends a longer selection in turns).
    const tooMany = await admin.client.request('DELETE', '/api/admin/reports/bulk', {
      json: { reportIds: Array.from({ length: 101 }, (_, index) => `q${index}~r${index}`) },
    });
    expect([tooMany.status, tooMany.json.message]).toEqual([400, ADMIN_MESSAGES.reportIdsTooMany]);
  });
});

describe('the report lifecycle', () => {
  interface Report {
    id: string;
    quizId: string;
    status: string;
    reason: string;
    details: string | null;
    reportedBy: string | null;
    reportedByUser: { id: string; username: string } | null;
    reviewedBy: string | null;
    reviewedAt: string | null;
  }
  const reportsOn = async (admin: TestClient, quizId: string) =>
    ((await admin.get('/api/admin/reports')).json as unknown as Report[]).filter(
      (report) => report.quizId === quizId,
    );
  const flagged = async (admin: TestClient) =>
    (await admin.get('/api/admin/flagged-quizzes')).json as unknown as {
      id: string;
      reportCount: number;
      reports: { id: string; reportedBy: string | null }[];
    }[];
  const reportCount = async (author: TestClient, quizId: string) =>
    (await author.get(`/api/my-quizzes/${quizId}`)).json.reportCount;
  const report = async (reporter: TestClient, quizId: string, details?: string) =>
    (
      await reporter.request('POST', `/api/quizzes/${quizId}/report`, {
        json: { reason: 'inappropriate', ...(details ? { details } : {}) },
      })
    ).status;

  it('reviews a quiz’s pending reports when an administrator hides, restores or dismisses; the flagged list shows pending ones only', async () => {
    const author = await member(gateway, { isPro: true });
    const [hidden, dismissed, restored] = [
      await quizBy(author.client),
      await quizBy(author.client),
      await quizBy(author.client),
    ];
    const [first, second] = await Promise.all([member(gateway), member(gateway)]);
    for (const quiz of [hidden, dismissed, restored]) expect(await report(first.client, quiz.id)).toBe(201);
    expect(await report(second.client, hidden.id)).toBe(201);
    const admin = await member(gateway, { role: 'admin' });
    expect((await flagged(admin.client)).find((quiz) => quiz.id === hidden.id)?.reportCount).toBe(2);

    const hide = await admin.client.request('PATCH', `/api/admin/quizzes/${hidden.id}/hide`);
    expect(hide.status).toBe(200);
    expect((await reportsOn(admin.client, hidden.id)).map((entry) => entry.status)).toEqual([
      'reviewed',
      'reviewed',
    ]);
    const dismiss = await admin.client.request(
      'PATCH',
      `/api/admin/quizzes/${dismissed.id}/dismiss-reports`,
      {
        json: { reason: '問題なし' },
      },
    );
    expect(dismiss.json).toEqual({ reviewed: 1, message: ADMIN_MESSAGES.reportsDismissed });
    const restore = await admin.client.request('PATCH', `/api/admin/quizzes/${restored.id}/restore`);
    expect(restore.status).toBe(200);

    for (const quiz of [hidden, dismissed, restored]) {
      const reports = await reportsOn(admin.client, quiz.id);
      expect(reports.length).toBeGreaterThan(0);
      for (const entry of reports) {
        expect(entry).toMatchObject({ status: 'reviewed', reviewedBy: admin.user.id });
        expect(Date.parse(entry.reviewedAt!)).not.toBeNaN();
      }
      expect(await reportCount(author.client, quiz.id)).toBe(0);
    }
    const stillFlagged = ids(await flagged(admin.client));
    for (const quiz of [hidden, dismissed, restored]) expect(stillFlagged).not.toContain(quiz.id);
    // Dismissing leaves the quiz as it was: public.
    expect((await first.client.get(`/api/quizzes/${dismissed.id}`)).status).toBe(200);
    // A second dismissal finds nothing left to review.
    expect(
      (await admin.client.request('PATCH', `/api/admin/quizzes/${dismissed.id}/dismiss-reports`)).json
        .reviewed,
    ).toBe(0);

    // A new report puts the quiz back in the queue with that report only; the reviewed one may be sent again.
    expect(await report(second.client, dismissed.id)).toBe(201);
    let entry = (await flagged(admin.client)).find((quiz) => quiz.id === dismissed.id)!;
    expect(entry.reports.map((item) => item.reportedBy)).toEqual([second.user.id]);
    expect(entry.reportCount).toBe(1);
    expect(await report(first.client, dismissed.id)).toBe(201);
    expect(await report(first.client, dismissed.id)).toBe(409);
    entry = (await flagged(admin.client)).find((quiz) => quiz.id === dismissed.id)!;
    expect(entry.reports).toHaveLength(2);
    expect(await reportCount(author.client, dismissed.id)).toBe(2);
    const authorsView = (await author.client.get(`/api/quizzes/${hidden.id}/reports`)).json as unknown as {
      status: string;
    }[];
    expect(authorsView.map((item) => item.status)).toEqual(['reviewed', 'reviewed']);
    expect(
      (await admin.client.request('PATCH', `/api/admin/quizzes/nothing-here/dismiss-reports`)).status,
    ).toBe(404);
  });

  it('keeps a deleted member’s reports for moderation, without who sent them or what they wrote', async () => {
    const author = await member(gateway, { isPro: true });
    const pending = await quizBy(author.client);
    const reviewed = await quizBy(author.client);
    const reporter = await registered(gateway);
    const secret = `連絡先は ${reporter.input.email} です`;
    expect(await report(reporter.client, pending.id, secret)).toBe(201);
    expect(await report(reporter.client, reviewed.id, secret)).toBe(201);
    const admin = await member(gateway, { role: 'admin' });
    await admin.client.request('PATCH', `/api/admin/quizzes/${reviewed.id}/dismiss-reports`);
    const before = [
      ...(await reportsOn(admin.client, pending.id)),
      ...(await reportsOn(admin.client, reviewed.id)),
    ];

    const deleted = await reporter.client.request('DELETE', '/api/user/delete', {
      json: { password: PASSWORD },
    });
    expect(deleted.status).toBe(200);

    const after = [
      ...(await reportsOn(admin.client, pending.id)),
      ...(await reportsOn(admin.client, reviewed.id)),
    ];
    expect(after.map((entry) => entry.id)).toEqual(before.map((entry) => entry.id));
    for (const entry of after)
      expect(entry).toMatchObject({ reportedBy: null, reportedByUser: null, details: null });
    expect(after.map((entry) => [entry.reason, entry.status, entry.reviewedBy])).toEqual([
      ['inappropriate', 'pending', null],
      ['inappropriate', 'reviewed', admin.user.id],
    ]);
    const everything = JSON.stringify([
      (await admin.client.get('/api/admin/reports')).json,
      await flagged(admin.client),
      (await author.client.get(`/api/quizzes/${pending.id}/reports`)).json,
      await queryAll({ partition: QuizKeys.pk({ quizId: pending.id }) }),
      await queryAll({ partition: QuizKeys.pk({ quizId: reviewed.id }) }),
    ]);
    for (const trace of [reporter.user.id, reporter.input.username, reporter.input.email])
      expect(everything).not.toContain(trace);
    // Still in the queue and counted; an administrator can still act on it.
    expect((await flagged(admin.client)).find((quiz) => quiz.id === pending.id)?.reportCount).toBe(1);
    expect(await reportCount(author.client, pending.id)).toBe(1);
    expect((await admin.client.request('DELETE', `/api/admin/reports/${after[0]!.id}`)).status).toBe(200);
    expect(await reportCount(author.client, pending.id)).toBe(0);
  });
});

describe('reports made before their lifecycle', () => {
  it('are moved into the queue and given to their reporter by the seed, once', async () => {
    const author = await member(gateway);
    const quiz = await quizBy(author.client);
    const reporter = await member(gateway);
    const reportedAt = new Date().toISOString();
    // A report as the code before issue 26 (docs/decisions.md) wrote it: in the one collection of all reports, no owner.
    await db.put({
      Item: {
        ...ReportKeys.key({ quizId: quiz.id, reporterId: reporter.user.id }),
        id: `${quiz.id}~${randomUUID()}`,
        quizId: quiz.id,
        reportedBy: reporter.user.id,
        reason: 'spam',
        details: null,
        status: 'pending',
        reportedAt,
        reviewedBy: null,
        reviewedAt: null,
        [INDEX.byCollection.partitionKey]: LEGACY_REPORT_COLLECTION,
        [INDEX.byCollection.sortKey]: `${reportedAt}#${quiz.id}#${reporter.user.id}`,
      },
    });
    const admin = await member(gateway, { role: 'admin' });
    expect(ids((await admin.client.get('/api/admin/flagged-quizzes')).json)).not.toContain(quiz.id);

    await db.delete({ Key: MigrationKeys.key({ name: 'report-lifecycle' }) });
    expect(await migrateReports()).toBeGreaterThanOrEqual(1);
    expect(ids((await admin.client.get('/api/admin/flagged-quizzes')).json)).toContain(quiz.id);
    expect(await queryOwned(reporter.user.id, ReportKeys)).toHaveLength(1);
    expect(await migrateReports()).toBe(0);
  });
});

describe('reasons recorded with moderation', () => {
  const auditOf = async (action: string, key: string, value: string) =>
    (await queryAll({ partition: AuditKeys.pk({ month: new Date().toISOString().slice(0, 7) }) })).find(
      (item) => item.action === action && (item.target as Record<string, unknown>)[key] === value,
    );

  it('keeps the optional reason of a hide, a report deletion and a ban in the audit (and the penalty)', async () => {
    const author = await member(gateway);
    const reporter = await member(gateway);
    const admin = await member(gateway, { role: 'admin' });
    const quiz = await quizBy(author.client);
    await reporter.client.request('POST', `/api/quizzes/${quiz.id}/report`, { json: { reason: 'spam' } });

    const hide = await admin.client.request('PATCH', `/api/admin/quizzes/${quiz.id}/hide`, {
      json: { reason: '宣伝目的の投稿' },
    });
    expect(hide.status).toBe(200);
    expect((await auditOf('hide-quiz', 'quizId', quiz.id))?.target).toMatchObject({
      reason: '宣伝目的の投稿',
    });

    const reports = (await admin.client.get('/api/admin/reports')).json as unknown as {
      id: string;
      quizId: string;
    }[];
    const report = reports.find((entry) => entry.quizId === quiz.id)!;
    const removed = await admin.client.request(
      'DELETE',
      `/api/admin/reports/${encodeURIComponent(report.id)}`,
      {
        json: { reason: '対応済み' },
      },
    );
    expect(removed.status).toBe(200);
    expect((await auditOf('delete-report', 'reportId', report.id))?.target).toMatchObject({
      reason: '対応済み',
    });

    const ban = await admin.client.request('POST', '/api/admin/ban-user', {
      json: { userId: author.user.id, type: 'ban', reason: '度重なるスパム' },
    });
    expect(ban.status).toBe(201);
    expect((ban.json.penalty as { reason: string }).reason).toBe('度重なるスパム');
    expect((await auditOf('ban-user', 'userId', author.user.id))?.target).toMatchObject({
      reason: '度重なるスパム',
    });
  });

  it('takes a hide with no body at all, as the spec sends it, and refuses a reason over 500 characters', async () => {
    const author = await member(gateway);
    const admin = await member(gateway, { role: 'admin' });
    const quiz = await quizBy(author.client);
    const long = await admin.client.request('PATCH', `/api/admin/quizzes/${quiz.id}/hide`, {
      json: { reason: 'あ'.repeat(501) },
    });
    expect(long.status).toBe(400);
    expect((await admin.client.request('PATCH', `/api/admin/quizzes/${quiz.id}/hide`)).status).toBe(200);
    expect((await auditOf('hide-quiz', 'quizId', quiz.id))?.target).toMatchObject({ reason: null });
  });
});
