import { visitor } from '../support/actors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@shared/messages';
import { COOKIE_NAMES } from '@shared/api';
import { signInAs } from '../support/accounts';
import { startTestGateway } from '../support/gateway';
import { TestClient } from '../support/http-client';
import { probeRoutes } from '../support/fixtures/probe-routes';

/**
 * The handler factory as a browser and an attacker meet it, through the local gateway: CSRF,
 * Origin, sessions, access levels, body limits, validation and error mapping.
 */
let gateway: Awaited<ReturnType<typeof startTestGateway>>;

beforeAll(async () => {
  gateway = await startTestGateway({ httpRoutes: [...probeRoutes] });
});
afterAll(() => gateway.stop());

/** A client that has made its first GET, as the SPA does, and so holds the CSRF cookie. */
describe('CSRF and Origin', () => {
  it('issues the CSRF cookie on the first GET, readable by the page (not HttpOnly)', async () => {
    const client = new TestClient(gateway.url);
    const response = await client.get('/api/categories');
    const cookie = response.headers.getSetCookie().find((value) => value.startsWith(`${COOKIE_NAMES.csrf}=`));
    expect(cookie).toBeDefined();
    expect(cookie).not.toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    const again = await client.get('/api/categories');
    expect(again.headers.getSetCookie()).toEqual([]);
  });

  it('refuses an unsafe method without the X-CSRF-Token header', async () => {
    const client = await visitor(gateway, { sendCsrf: false });
    const response = await client.request('POST', '/api/test/echo/1', { json: { name: 'a' } });
    expect(response.status).toBe(403);
    expect(response.json).toEqual({ message: MESSAGES.csrfRejected });
  });

  it('refuses a header that does not match the cookie', async () => {
    const client = await visitor(gateway, { sendCsrf: false });
    const response = await client.request('POST', '/api/test/echo/1', {
      json: { name: 'a' },
      headers: { 'X-CSRF-Token': 'forged-token-value' },
    });
    expect(response.status).toBe(403);
  });

  it('refuses a foreign Origin even with a matching token', async () => {
    const client = await visitor(gateway, { origin: 'https://evil.example' });
    const response = await client.request('POST', '/api/test/echo/1', { json: { name: 'a' } });
    expect(response.status).toBe(403);
    expect(response.json.message).toBe(MESSAGES.csrfRejected);
  });

  it('binds the token to the session once signed in: a pre-session token is no longer enough', async () => {
    const client = await visitor(gateway);
    const preSessionToken = client.cookies.get(COOKIE_NAMES.csrf)!;
    await signInAs(client);
    client.cookies.set(COOKIE_NAMES.csrf, preSessionToken);
    const response = await client.request('DELETE', '/api/test/member');
    expect(response.status).toBe(403);
  });

  it('accepts the session-bound token', async () => {
    const client = await visitor(gateway);
    const { user } = await signInAs(client);
    const response = await client.request('DELETE', '/api/test/member');
    expect(response.status).toBe(200);
    expect(response.json).toEqual({ deleted: user.id });
  });
});

describe('bodies and validation', () => {
  it('passes path, query and JSON body through; answers with several Set-Cookie headers', async () => {
    const client = await visitor(gateway);
    const response = await client.request(
      'POST',
      '/api/test/echo/%E3%82%AF%E3%82%A4%E3%82%BA?tag=a&tag=b&q=%E6%97%A5%E6%9C%AC',
      {
        json: { name: '  花子 ', count: 2 },
      },
    );
    expect(response.status).toBe(201);
    expect(response.json).toEqual({
      body: { name: '花子', count: 2 },
      query: { tag: 'a,b', q: '日本' },
      params: { id: 'クイズ' },
    });
    const names = response.headers.getSetCookie().map((cookie) => cookie.split('=')[0]);
    expect(names).toEqual(expect.arrayContaining(['first', 'second']));
  });

  it('answers 400 with the schema message in Japanese and the issues list', async () => {
    const client = await visitor(gateway);
    const response = await client.request('POST', '/api/test/echo/1', { json: { name: '   ', count: 9 } });
    expect(response.status).toBe(400);
    expect(response.json.message).toBe('お名前を入力してください');
    expect(response.json.issues).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: 'body.name', message: 'お名前を入力してください' }),
      ]),
    );
    const countIssue = (response.json.issues as { path: string; message: string }[]).find(
      (issue) => issue.path === 'body.count',
    );
    expect(countIssue?.message).toMatch(/[ぁ-んァ-ン一-龥]/);
  });

  it('answers 400 to malformed JSON', async () => {
    const client = await visitor(gateway);
    const response = await client.request('POST', '/api/test/echo/1', {
      body: '{"name": ',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(response.status).toBe(400);
    expect(response.json).toEqual({ message: MESSAGES.invalidJson });
  });

  it('answers 400 to a string that is not well-formed Unicode (a lone surrogate), in a value or a key', async () => {
    const client = await visitor(gateway);
    for (const body of ['{"name": "x\\ud800"}', '{"name": "ok", "\\udc00": 1}']) {
      const response = await client.request('POST', '/api/test/echo/1', {
        body,
        headers: { 'Content-Type': 'application/json' },
      });
      expect(response.status, body).toBe(400);
      expect(response.json).toEqual({ message: MESSAGES.malformedText });
    }
    // A pair written as escapes is a character like any other.
    const pair = await client.request('POST', '/api/test/echo/1', {
      body: '{"name": "\\ud83d\\ude00"}',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(pair.status, pair.text).not.toBe(400);
  });

  it('answers 413 to a JSON body over the limit', async () => {
    const client = await visitor(gateway);
    const response = await client.request('POST', '/api/test/echo/1', {
      json: { name: 'x'.repeat(300 * 1024) },
    });
    expect(response.status).toBe(413);
    expect(response.json).toEqual({ message: MESSAGES.payloadTooLarge });
  });

  it('delivers binary multipart bodies base64-encoded and intact', async () => {
    const client = await visitor(gateway);
    const bytes = new Uint8Array(70_000).map((_, index) => (index * 31) % 256);
    const form = new FormData();
    form.append('numQuestions', '5');
    form.append('pdf', new Blob([bytes], { type: 'application/pdf' }), 'sample.pdf');
    const request = new Request('http://x', { method: 'POST', body: form });
    const raw = Buffer.from(await request.arrayBuffer());
    const response = await client.request('POST', '/api/test/upload', {
      body: raw,
      headers: { 'Content-Type': request.headers.get('content-type')! },
    });
    expect(response.status).toBe(200);
    const { createHash } = await import('node:crypto');
    expect(response.json).toEqual({
      isBase64Encoded: true,
      bytes: raw.length,
      sha256: createHash('sha256').update(raw).digest('hex'),
    });
  });

  it('prefers the literal route over the parameter route, as API Gateway does', async () => {
    const client = await visitor(gateway);
    expect((await client.get('/api/test/items/special')).json).toEqual({
      route: 'GET /api/test/items/special',
    });
    expect((await client.get('/api/test/items/other')).json).toEqual({
      route: 'GET /api/test/items/{id}',
      params: { id: 'other' },
      query: {},
    });
  });

  it('hides unexpected errors behind a generic Japanese 500', async () => {
    const client = await visitor(gateway);
    const response = await client.get('/api/test/boom');
    expect(response.status).toBe(500);
    expect(response.json).toEqual({ message: MESSAGES.serverError });
    expect(response.text).not.toContain('secret internal detail');
  });

  it('sends an answer only as its contract describes it', async () => {
    const client = await visitor(gateway);
    const valid = await client.get('/api/test/answer/valid');
    expect(valid.status).toBe(200);
    expect(valid.json).toEqual({ id: 'q1', title: 'クイズ' });
    // A field the contract does not list never leaves the server; on the test stage the answer
    // fails outright, so a schema that has fallen behind its handler fails the tests.
    const extra = await client.get('/api/test/answer/extra');
    expect(extra.status).toBe(500);
    expect(extra.json).toEqual({ message: MESSAGES.serverError });
    expect(extra.text).not.toContain('scrypt');
    const wrong = await client.get('/api/test/answer/wrong');
    expect(wrong.status).toBe(500);
    expect(wrong.json).toEqual({ message: MESSAGES.serverError });
  });

  it('answers unknown API paths with 404', async () => {
    const response = await new TestClient(gateway.url).get('/api/does-not-exist');
    expect(response.status).toBe(404);
  });
});

describe('sessions and access levels', () => {
  it('answers 401 in Japanese to a guest on a member route', async () => {
    const response = await (await visitor(gateway)).get('/api/test/member');
    expect(response.status).toBe(401);
    expect(response.json).toEqual({ message: MESSAGES.loginRequired });
  });

  it('ignores a forged or expired session cookie', async () => {
    const forged = await visitor(gateway);
    forged.cookies.set(COOKIE_NAMES.session, 'a'.repeat(43));
    expect((await forged.get('/api/test/member')).status).toBe(401);

    const expired = await visitor(gateway);
    await signInAs(expired, {}, { expiresInSeconds: -5 });
    expect((await expired.get('/api/test/member')).status).toBe(401);
  });

  it('refuses a suspended account on every request, with the spec message', async () => {
    const client = await visitor(gateway);
    const until = new Date(Date.now() + 60_000).toISOString();
    await signInAs(client, { suspendedUntil: until });
    const response = await client.get('/api/test/member');
    expect(response.status).toBe(403);
    // The member is told until when (issue 27, docs/decisions.md), beside the spec's message.
    expect(response.json).toEqual({
      message: 'このアカウントは管理者により停止されています',
      reason: 'account_stopped',
      stoppedUntil: until,
    });
    const banned = await visitor(gateway);
    await signInAs(banned, { suspendedUntil: 'PERMANENT' });
    expect((await banned.get('/api/test/member')).status).toBe(403);
    // Public routes answer them as a guest.
    expect((await banned.get('/api/categories')).status).toBe(200);
  });

  it('lets an account whose suspension has ended act again', async () => {
    const client = await visitor(gateway);
    const { user } = await signInAs(client, { suspendedUntil: new Date(Date.now() - 1000).toISOString() });
    expect((await client.get('/api/test/member')).json).toEqual({ userId: user.id });
  });

  it('keeps pro routes for advanced members and admin routes for administrators', async () => {
    const member = await visitor(gateway);
    await signInAs(member);
    expect((await member.get('/api/test/pro')).status).toBe(403);
    expect((await member.get('/api/test/admin')).status).toBe(403);

    const pro = await visitor(gateway);
    await signInAs(pro, { isPro: true });
    expect((await pro.get('/api/test/pro')).status).toBe(200);
    expect((await pro.get('/api/test/admin')).status).toBe(403);

    const admin = await visitor(gateway);
    await signInAs(admin, { role: 'admin' });
    expect((await admin.get('/api/test/admin')).status).toBe(200);

    expect((await (await visitor(gateway)).get('/api/test/admin')).status).toBe(401);
  });

  it('GET /api/auth/me answers 401 to guests and the user to a signed-in member', async () => {
    const guest = await visitor(gateway);
    expect((await guest.get('/api/auth/me')).status).toBe(401);
    const member = await visitor(gateway);
    const { user } = await signInAs(member, { isPro: true, nickname: 'クイズ王' });
    expect((await member.get('/api/auth/me')).json).toEqual({
      id: user.id,
      username: user.username,
      nickname: 'クイズ王',
      email: user.email,
      isAdmin: false,
      isPro: true,
    });
  });
});
