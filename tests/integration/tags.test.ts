import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { db } from '@functions/data/db';
import { queryAll } from '@functions/data/paginate';
import { INDEX } from '@functions/data/table';
import { dynamo } from '@functions/lib/aws-clients';
import { resetConfigForTests } from '@functions/lib/config';
import { QuizTagKeys, tagKey } from '@functions/tags/tag-keys';
import { TAG_MESSAGES } from '@shared/tags';
import { seed } from '../../scripts/seed';
import { member, PASSWORD, registered, visitor } from '../support/actors';
import { startTestGateway } from '../support/gateway';
import type { TestClient } from '../support/http-client';
import { quizInput } from '../support/quiz-input';

/**
 * Tags (issue 30): create and edit take up to 5 names, normalised and reused; every quiz read
 * carries its active tags; `GET /api/tags` counts public, visible quizzes exactly after every
 * change, also under parallel edits; search filters by tag; administrators rename, recolour,
 * deactivate and merge; deleting a quiz or an account takes its links and counts with it.
 */
let gateway: Awaited<ReturnType<typeof startTestGateway>>;
let admin: TestClient;

beforeAll(async () => {
  gateway = await startTestGateway();
  await seed();
  admin = (await member(gateway, { role: 'admin' })).client;
});
afterAll(() => gateway.stop());

interface TagRef {
  id: string;
  name: string;
  color: string;
}
interface Summary {
  id: string;
  title: string;
  tags: TagRef[];
}
interface AdminTag extends TagRef {
  quizCount: number;
  isActive: boolean;
}

/** A word no other test uses, so each test's tags and titles are its own. */
const unique = () => randomUUID().slice(0, 8);

async function create(client: TestClient, quiz: Record<string, unknown>) {
  const response = await client.request('POST', '/api/quizzes', { json: quizInput(quiz) });
  expect(response.status, response.text).toBe(201);
  return response.json as unknown as Summary;
}

const edit = (client: TestClient, id: string, quiz: Record<string, unknown>) =>
  client.request('PUT', `/api/quizzes/${id}`, { json: quizInput(quiz) });

/** Every tag as the admin screen lists it, by lower-case name. */
async function adminTags() {
  const response = await admin.get('/api/admin/tags');
  expect(response.status, response.text).toBe(200);
  return new Map((response.json as unknown as AdminTag[]).map((tag) => [tag.name.toLowerCase(), tag]));
}

/** The count of each named tag (0 for a tag that does not exist). */
async function counts(...names: string[]) {
  const tags = await adminTags();
  return names.map((name) => tags.get(name.toLowerCase())?.quizCount ?? 0);
}

async function popular(limit?: number) {
  const response = await (await visitor(gateway)).get(`/api/tags${limit ? `?limit=${limit}` : ''}`);
  expect(response.status, response.text).toBe(200);
  return response.json as unknown as (TagRef & { quizCount: number })[];
}

async function search(client: TestClient, query: Record<string, string>) {
  // A word or a sort reads the search index, which the table's stream feeds: wait for it to have
  // seen every write so far (on a busy machine it lags).
  await gateway.streamSettled();
  const response = await client.get(`/api/quizzes/search?${new URLSearchParams(query)}`);
  expect(response.status, response.text).toBe(200);
  return response.json as unknown as Summary[];
}

describe('tags on create and edit', () => {
  it('normalises names (NFKC, trimmed), keeps the first spelling, reuses a tag whatever its case or width, and colours a new one #6B7280', async () => {
    const word = unique();
    const { client } = await member(gateway, { isPro: true });
    const first = await create(client, {
      title: `最初 ${word}`,
      tags: [`  Ｊａｖａ${word}  `, `歴史${word}`],
    });
    expect(first.tags.map((tag) => tag.name)).toEqual([`Java${word}`, `歴史${word}`]);
    expect(first.tags.every((tag) => tag.color === '#6B7280')).toBe(true);

    const second = await create(client, { title: `次 ${word}`, tags: [`JAVA${word}`] });
    expect(second.tags).toEqual([first.tags[0]]);
    expect(await counts(`java${word}`, `歴史${word}`)).toEqual([2, 1]);
  });

  it('refuses bad tags with a Japanese message and saves nothing', async () => {
    const word = unique();
    const { client } = await member(gateway, { isPro: true });
    const before = (await client.get('/api/my-quizzes')).json as unknown as Summary[];
    const cases: [unknown, string][] = [
      [Array.from({ length: 6 }, (_, index) => `ok${index}${word}`), TAG_MESSAGES.tooMany],
      [[`ok${word}`, `ＯＫ${word}`], TAG_MESSAGES.duplicate(`OK${word}`)],
      [[`ok${word}`, 'x'.repeat(51)], TAG_MESSAGES.nameMax],
      [[`ok${word}`, '   '], TAG_MESSAGES.nameRequired],
      [['\u200B'], TAG_MESSAGES.nameRequired],
      [[`a,b${word}`], TAG_MESSAGES.nameComma],
      [[42], TAG_MESSAGES.nameRequired],
      ['java', TAG_MESSAGES.tooMany],
    ];
    for (const [tags, message] of cases) {
      const response = await client.request('POST', '/api/quizzes', {
        json: quizInput({ title: `だめ ${word}`, tags }),
      });
      expect(response.status, JSON.stringify(tags)).toBe(400);
      expect(response.text).toContain(message);
    }
    // 50 characters after normalisation are fine: ｱ (half-width) is one character as ア.
    const fifty = await create(client, { title: `五十 ${word}`, tags: ['ｱ'.repeat(42) + word] });
    expect([...fifty.tags[0]!.name]).toHaveLength(50);

    const after = (await client.get('/api/my-quizzes')).json as unknown as Summary[];
    expect(after.length).toBe(before.length + 1);
    expect((await adminTags()).has(`ok${word}`)).toBe(false);
  });

  it('an edit replaces the tags; without tags it keeps them', async () => {
    const word = unique();
    const { client } = await member(gateway, { isPro: true });
    const quiz = await create(client, { title: `編集 ${word}`, tags: [`a${word}`, `b${word}`] });
    const edited = await edit(client, quiz.id, { title: `編集 ${word}`, tags: [`b${word}`, `c${word}`] });
    expect(edited.status, edited.text).toBe(200);
    expect((edited.json as unknown as Summary).tags.map((tag) => tag.name)).toEqual([`b${word}`, `c${word}`]);
    expect(await counts(`a${word}`, `b${word}`, `c${word}`)).toEqual([0, 1, 1]);

    const kept = await edit(client, quiz.id, { title: `編集2 ${word}` });
    expect((kept.json as unknown as Summary).tags.map((tag) => tag.name)).toEqual([`b${word}`, `c${word}`]);
    const mine = (await client.get(`/api/my-quizzes/${quiz.id}`)).json as unknown as Summary;
    expect(mine.tags.map((tag) => tag.name)).toEqual([`b${word}`, `c${word}`]);

    const bad = await edit(client, quiz.id, { title: `編集3 ${word}`, tags: [`d${word}`, `D${word}`] });
    expect(bad.status).toBe(400);
    expect((await client.get(`/api/my-quizzes/${quiz.id}`)).json).toMatchObject({ title: `編集2 ${word}` });
  });

  it('an edit keeps the tags the author cannot see (deactivated): reactivated, the quiz still carries them', async () => {
    const word = unique();
    const { client } = await member(gateway, { isPro: true });
    const quiz = await create(client, { title: `隠れ ${word}`, tags: [`隠${word}`, `見${word}`] });
    const hiddenId = quiz.tags[0]!.id;
    expect(
      (await admin.request('PATCH', `/api/admin/tags/${hiddenId}`, { json: { isActive: false } })).status,
    ).toBe(200);
    // The form sends what the author sees: five names of their own, the inactive tag not among them.
    const names = [`見${word}`, ...[1, 2, 3, 4].map((index) => `新${index}${word}`)];
    const edited = await edit(client, quiz.id, { title: `隠れ ${word}`, tags: names });
    expect(edited.status, edited.text).toBe(200);
    expect((edited.json as unknown as Summary).tags.map((tag) => tag.name)).toEqual(names);
    expect(await counts(`隠${word}`)).toEqual([1]);

    expect(
      (await admin.request('PATCH', `/api/admin/tags/${hiddenId}`, { json: { isActive: true } })).status,
    ).toBe(200);
    const read = (await client.get(`/api/my-quizzes/${quiz.id}`)).json as unknown as Summary;
    expect(read.tags.map((tag) => tag.name)).toEqual([...names, `隠${word}`]);
    expect((await search(client, { tag: `隠${word}` })).map((item) => item.id)).toEqual([quiz.id]);
  });
});

describe('tags in every read and list', () => {
  it('a quiz read, the home list, my quizzes, search, favourites and the admin read carry the tags', async () => {
    const word = unique();
    const { client } = await member(gateway, { isPro: true });
    const quiz = await create(client, { title: `読む ${word}`, tags: [`読${word}`] });
    const expected = [{ id: quiz.tags[0]!.id, name: `読${word}`, color: '#6B7280' }];
    const reader = (await member(gateway)).client;
    expect((await reader.get(`/api/quizzes/${quiz.id}`)).json).toMatchObject({ tags: expected });
    const home = (await reader.get('/api/quizzes')).json as unknown as Summary[];
    expect(home.find((item) => item.id === quiz.id)?.tags).toEqual(expected);
    const mine = (await client.get('/api/my-quizzes')).json as unknown as Summary[];
    expect(mine.find((item) => item.id === quiz.id)?.tags).toEqual(expected);
    expect((await search(reader, { q: word })).map((item) => item.tags)).toEqual([expected]);
    await reader.request('POST', `/api/favorites/${quiz.id}`);
    const favorites = (await reader.get('/api/favorites')).json as unknown as Summary[];
    expect(favorites.find((item) => item.id === quiz.id)?.tags).toEqual(expected);
    expect((await admin.get(`/api/admin/quizzes/${quiz.id}`)).json).toMatchObject({ tags: expected });
  });
});

describe('GET /api/tags', () => {
  it('lists the most used first, counting only public, visible quizzes, exactly after create, edit, hide, restore and delete', async () => {
    const word = unique();
    const name = `数${word}`;
    const { client } = await member(gateway, { isPro: true });
    const a = await create(client, { title: `公開A ${word}`, tags: [name] });
    const b = await create(client, { title: `公開B ${word}`, tags: [name] });
    await create(client, { title: `非公開 ${word}`, tags: [name], isPublished: false });
    expect(await counts(name)).toEqual([2]);

    expect(
      (await edit(client, a.id, { title: `公開A ${word}`, tags: [name], isPublished: false })).status,
    ).toBe(200);
    expect(await counts(name)).toEqual([1]);
    expect(
      (await edit(client, a.id, { title: `公開A ${word}`, tags: [name], isPublished: true })).status,
    ).toBe(200);
    expect(await counts(name)).toEqual([2]);

    expect((await admin.request('PATCH', `/api/admin/quizzes/${b.id}/hide`)).status).toBe(200);
    expect(await counts(name)).toEqual([1]);
    // A hidden quiz's edit by its author does not count it again.
    expect((await edit(client, b.id, { title: `公開B ${word}`, tags: [name, `他${word}`] })).status).toBe(
      200,
    );
    expect(await counts(name, `他${word}`)).toEqual([1, 0]);
    expect((await admin.request('PATCH', `/api/admin/quizzes/${b.id}/restore`)).status).toBe(200);
    expect(await counts(name, `他${word}`)).toEqual([2, 1]);

    const listed = await popular(100);
    const entry = listed.find((tag) => tag.name === name);
    expect(entry).toMatchObject({ quizCount: 2, color: '#6B7280' });
    expect(listed.map((tag) => tag.quizCount)).toEqual(
      [...listed.map((tag) => tag.quizCount)].sort((x, y) => y - x),
    );

    expect((await client.request('DELETE', `/api/quizzes/${a.id}`)).status).toBe(200);
    expect(await counts(name)).toEqual([1]);
  });

  it('bounds limit and orders by use', async () => {
    const word = unique();
    const { client } = await member(gateway, { isPro: true });
    for (let index = 0; index < 3; index++)
      await create(client, { title: `順 ${word} ${index}`, tags: [`多${word}`] });
    await create(client, { title: `順 ${word}`, tags: [`少${word}`] });
    const top = await popular(100);
    const many = top.findIndex((tag) => tag.name === `多${word}`);
    const few = top.findIndex((tag) => tag.name === `少${word}`);
    expect(many).toBeGreaterThanOrEqual(0);
    expect(many).toBeLessThan(few);
    expect(await popular(1)).toHaveLength(1);
    expect((await popular(100000)).length).toBeLessThanOrEqual(30);
    expect((await popular()).length).toBeLessThanOrEqual(30);
  });

  it('stays exact under 30 parallel edits of one quiz and 30 parallel creates with one new tag: no 500', async () => {
    const word = unique();
    const { client } = await member(gateway, { isPro: true });
    const quiz = await create(client, { title: `並行 ${word}`, tags: [`p0${word}`] });
    const edits = await Promise.all(
      Array.from({ length: 30 }, (_, index) =>
        edit(client, quiz.id, {
          title: `並行 ${word}`,
          tags: [`p${index % 3}${word}`, `q${index % 2}${word}`],
          isPublished: index % 4 !== 0,
        }),
      ),
    );
    for (const response of edits) expect([200, 409], response.text).toContain(response.status);
    expect(edits.some((response) => response.status === 200)).toBe(true);
    const final = (await client.get(`/api/my-quizzes/${quiz.id}`)).json as unknown as Summary & {
      isPublished: boolean;
    };
    const names = ['p0', 'p1', 'p2', 'q0', 'q1'].map((prefix) => `${prefix}${word}`);
    const carried = new Set(final.tags.map((tag) => tag.name));
    expect(await counts(...names)).toEqual(
      names.map((name) => (final.isPublished && carried.has(name) ? 1 : 0)),
    );

    const creates = await Promise.all(
      Array.from({ length: 30 }, (_, index) =>
        client.request('POST', '/api/quizzes', {
          json: quizInput({ title: `同時 ${word} ${index}`, tags: [`新${word}`, `p0${word}`] }),
        }),
      ),
    );
    for (const response of creates) expect([201, 409], response.text).toContain(response.status);
    const made = creates.filter((response) => response.status === 201).length;
    expect(made).toBeGreaterThan(0);
    const ids = new Set(
      creates.flatMap((response) =>
        response.status === 201 ? [(response.json as unknown as Summary).tags[0]!.id] : [],
      ),
    );
    expect(ids.size).toBe(1);
    const p0 = final.isPublished && carried.has(`p0${word}`) ? 1 : 0;
    expect(await counts(`新${word}`, `p0${word}`)).toEqual([made, made + p0]);
  });
});

describe('the cost of tags', () => {
  it('GET /api/tags is right at once after a save, even where reference data is kept a minute', async () => {
    process.env.REFERENCE_CACHE_SECONDS = '60';
    resetConfigForTests();
    try {
      const before = await (await visitor(gateway)).get('/api/tags?limit=100');
      expect(before.status).toBe(200);
      expect(before.headers.get('cache-control') ?? '').not.toContain('public');
      const word = unique();
      const { client } = await member(gateway, { isPro: true });
      await create(client, { title: `保持 ${word}`, tags: [`保持${word}`] });
      const after = (await (await visitor(gateway)).get('/api/tags?limit=100')).json as unknown as {
        name: string;
        quizCount: number;
      }[];
      expect(after.find((tag) => tag.name === `保持${word}`)).toMatchObject({ quizCount: 1 });
    } finally {
      process.env.REFERENCE_CACHE_SECONDS = '0';
      resetConfigForTests();
    }
  });

  it('a member creates at most 30 new tags in 24 hours (429 with a Japanese message, nothing saved); existing tags stay free', async () => {
    const word = unique();
    const { client } = await member(gateway);
    const batch = (round: number) => [1, 2, 3, 4, 5].map((index) => `上限${round}-${index}${word}`);
    const quiz = await create(client, { title: `上限 ${word}`, tags: batch(0) });
    for (let round = 1; round < 6; round++) {
      const response = await edit(client, quiz.id, { title: `上限 ${word}`, tags: batch(round) });
      expect(response.status, response.text).toBe(200);
    }
    const refused = await edit(client, quiz.id, {
      title: `上限を超える ${word}`,
      tags: [...batch(0).slice(0, 4), `三十一${word}`],
    });
    expect(refused.status).toBe(429);
    expect((refused.json as unknown as { message: string }).message).toBe(TAG_MESSAGES.createTooMany);
    expect((await client.get(`/api/my-quizzes/${quiz.id}`)).json).toMatchObject({ title: `上限 ${word}` });
    expect((await adminTags()).has(`三十一${word}`)).toBe(false);
    const reused = await edit(client, quiz.id, { title: `再利用 ${word}`, tags: batch(0) });
    expect(reused.status, reused.text).toBe(200);
    const another = await client.request('POST', '/api/quizzes', {
      json: quizInput({ title: `新規 ${word}`, tags: [`新規${word}`] }),
    });
    expect([another.status, another.text]).toEqual([
      429,
      JSON.stringify({ message: TAG_MESSAGES.createTooMany }),
    ]);
  });
});

describe('search by tag', () => {
  it('filters by tag (any case or width) with words, category, difficulty and the three sorts', async () => {
    const word = unique();
    const tag = `Quiz${word}`;
    const { client } = await member(gateway, { isPro: true });
    const science = await create(client, {
      title: `宇宙 ${word}`,
      category: '科学',
      difficulty: '初級',
      tags: [tag],
    });
    const history = await create(client, {
      title: `歴史 ${word}`,
      category: '歴史',
      difficulty: '上級',
      tags: [tag],
    });
    await create(client, {
      title: `宇宙 ${word} タグなし`,
      category: '科学',
      difficulty: '初級',
      tags: [`other${word}`],
    });
    await create(client, { title: `非公開 ${word}`, tags: [tag], isPublished: false });
    const reader = (await member(gateway)).client;
    for (const sort of ['popular', 'newest', 'rating'])
      expect((await search(reader, { tag: `ｑｕｉｚ${word}`, sort })).map((quiz) => quiz.id).sort()).toEqual(
        [science.id, history.id].sort(),
      );
    expect((await search(reader, { tag, sort: 'newest' })).map((quiz) => quiz.id)).toEqual([
      history.id,
      science.id,
    ]);
    expect((await search(reader, { tag, q: '宇宙' })).map((quiz) => quiz.id)).toEqual([science.id]);
    expect((await search(reader, { tag, category: '歴史' })).map((quiz) => quiz.id)).toEqual([history.id]);
    expect((await search(reader, { tag, difficulty: '初級' })).map((quiz) => quiz.id)).toEqual([science.id]);
    expect(await search(reader, { tag: `none${word}` })).toEqual([]);
    expect((await reader.get(`/api/quizzes/search?tag=${'x'.repeat(201)}`)).status).toBe(400);
  });
});

describe('administrators', () => {
  it('only administrators list and change tags; a bad change is a 400 and changes nothing', async () => {
    const { client } = await member(gateway);
    expect((await client.get('/api/admin/tags')).status).toBe(403);
    const word = unique();
    const author = (await member(gateway, { isPro: true })).client;
    const quiz = await create(author, { title: `管理 ${word}`, tags: [`管${word}`] });
    const tagId = quiz.tags[0]!.id;
    expect(
      (await client.request('PATCH', `/api/admin/tags/${tagId}`, { json: { color: '#FF0000' } })).status,
    ).toBe(403);
    for (const body of [
      { color: 'red' },
      { color: '#FF00' },
      {},
      { name: '' },
      { name: 'x'.repeat(51) },
      { isActive: 'no' },
    ]) {
      const response = await admin.request('PATCH', `/api/admin/tags/${tagId}`, { json: body });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect((response.json as unknown as { message: string }).message).toMatch(/[ぁ-んァ-ン一-龥]/);
    }
    expect(
      (await admin.request('PATCH', '/api/admin/tags/nothing-here', { json: { isActive: false } })).status,
    ).toBe(404);
    expect((await adminTags()).get(`管${word}`.toLowerCase())).toMatchObject({
      color: '#6B7280',
      isActive: true,
    });
  });

  it('recolours and renames; an inactive tag leaves reads, lists and search, and cannot be chosen', async () => {
    const word = unique();
    const author = (await member(gateway, { isPro: true })).client;
    const quiz = await create(author, { title: `色 ${word}`, tags: [`色${word}`, `残${word}`] });
    const tagId = quiz.tags[0]!.id;
    const recoloured = await admin.request('PATCH', `/api/admin/tags/${tagId}`, {
      json: { color: '#ff8800', name: `カラー${word}` },
    });
    expect(recoloured.status, recoloured.text).toBe(200);
    expect(recoloured.json).toMatchObject({
      id: tagId,
      name: `カラー${word}`,
      color: '#FF8800',
      message: TAG_MESSAGES.updated,
    });
    expect((await author.get(`/api/quizzes/${quiz.id}`)).json).toMatchObject({
      tags: [{ id: tagId, name: `カラー${word}`, color: '#FF8800' }, { name: `残${word}` }],
    });
    // The old name is free again: a new tag.
    const fresh = await create(author, { title: `旧名 ${word}`, tags: [`色${word}`] });
    expect(fresh.tags[0]!.id).not.toBe(tagId);

    expect(
      (await admin.request('PATCH', `/api/admin/tags/${tagId}`, { json: { isActive: false } })).status,
    ).toBe(200);
    expect(
      ((await author.get(`/api/quizzes/${quiz.id}`)).json as unknown as Summary).tags.map((tag) => tag.name),
    ).toEqual([`残${word}`]);
    expect((await popular(100)).some((tag) => tag.id === tagId)).toBe(false);
    expect(await search(author, { tag: `カラー${word}` })).toEqual([]);
    const refused = await author.request('POST', '/api/quizzes', {
      json: quizInput({ title: `使えない ${word}`, tags: [`ｶﾗｰ${word}`] }),
    });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain(TAG_MESSAGES.unusable(`カラー${word}`));
    expect((await adminTags()).get(`カラー${word}`.toLowerCase())).toMatchObject({
      isActive: false,
      quizCount: 1,
    });

    expect(
      (await admin.request('PATCH', `/api/admin/tags/${tagId}`, { json: { isActive: true } })).status,
    ).toBe(200);
    expect((await search(author, { tag: `カラー${word}` })).map((item) => item.id)).toEqual([quiz.id]);
  });

  it("renaming a tag onto another tag's name merges them, each quiz linked once and the counts right", async () => {
    const word = unique();
    const author = (await member(gateway, { isPro: true })).client;
    const both = await create(author, { title: `両方 ${word}`, tags: [`猫${word}`, `ネコ${word}`] });
    const onlyOld = await create(author, { title: `旧 ${word}`, tags: [`ネコ${word}`] });
    const onlyNew = await create(author, { title: `新 ${word}`, tags: [`猫${word}`] });
    await create(author, { title: `非公開 ${word}`, tags: [`ネコ${word}`], isPublished: false });
    expect(await counts(`猫${word}`, `ネコ${word}`)).toEqual([2, 2]);
    const from = onlyOld.tags[0]!.id;
    const into = onlyNew.tags[0]!.id;

    const merged = await admin.request('PATCH', `/api/admin/tags/${from}`, { json: { name: `猫${word}` } });
    expect(merged.status, merged.text).toBe(200);
    expect(merged.json).toMatchObject({
      id: into,
      name: `猫${word}`,
      quizCount: 3,
      message: TAG_MESSAGES.merged(`猫${word}`),
    });
    const tags = await adminTags();
    expect(tags.get(`ネコ${word}`.toLowerCase())).toBeUndefined();
    expect(tags.get(`猫${word}`)).toMatchObject({ quizCount: 3 });
    for (const quiz of [both, onlyOld, onlyNew]) {
      const read = (await author.get(`/api/quizzes/${quiz.id}`)).json as unknown as Summary;
      expect(read.tags.map((tag) => tag.id)).toEqual([into]);
    }
    expect((await search(author, { tag: `猫${word}`, sort: 'newest' })).map((quiz) => quiz.id)).toEqual([
      onlyNew.id,
      onlyOld.id,
      both.id,
    ]);
    expect(await search(author, { tag: `ネコ${word}` })).toEqual([]);
    // Deleting a merged quiz still counts right.
    expect((await author.request('DELETE', `/api/quizzes/${both.id}`)).status).toBe(200);
    expect(await counts(`猫${word}`)).toEqual([2]);
  });

  it('a merge whose index lags behind the links, beside parallel edits of its quizzes, keeps every link exactly once', async () => {
    const word = unique();
    const author = (await member(gateway, { isPro: true })).client;
    const into = (await create(author, { title: `先 ${word}`, tags: [`先${word}`] })).tags[0]!;
    const quizzes = [
      await create(author, { title: `元1 ${word}`, tags: [`元${word}`] }),
      await create(author, { title: `元2 ${word}`, tags: [`元${word}`, `先${word}`] }),
      await create(author, { title: `元3 ${word}`, tags: [`残${word}`, `元${word}`], isPublished: false }),
      await create(author, { title: `元4 ${word}`, tags: [`元${word}`] }),
    ];
    const from = quizzes[0]!.tags[0]!.id;
    // The links' index is eventually consistent: its first read of the merged tag's links shows none.
    const client = dynamo();
    const send = client.send.bind(client);
    let lagged = 0;
    const spy = vi.spyOn(client, 'send').mockImplementation(((command: {
      input?: { IndexName?: string; ExpressionAttributeValues?: Record<string, unknown> };
    }) => {
      if (
        command.input?.IndexName &&
        command.input.ExpressionAttributeValues?.[':partition'] ===
          QuizTagKeys.collectionPk({ tagId: from }) &&
        lagged++ === 0
      )
        return Promise.resolve({ Items: [], Count: 0 });
      return send(command as never);
    }) as typeof client.send);
    try {
      const [merge, ...edits] = await Promise.all([
        admin.request('PATCH', `/api/admin/tags/${from}`, { json: { name: `先${word}` } }),
        ...quizzes.flatMap((quiz, index) =>
          [0, 1, 2].map((round) =>
            edit(author, quiz.id, {
              title: `元${index + 1} ${word} ${round}`,
              ...(index === 2 ? { isPublished: false } : {}),
            }),
          ),
        ),
      ]);
      for (const response of edits) expect([200, 409], response.text).toContain(response.status);
      expect([200, 409], merge!.text).toContain(merge!.status);
      // A merge answered 409 goes through when asked again, once the edits are over.
      let again = merge!;
      for (let attempt = 0; again.status === 409 && attempt < 5; attempt += 1)
        again = await admin.request('PATCH', `/api/admin/tags/${from}`, { json: { name: `先${word}` } });
      expect(again.status, again.text).toBe(200);
    } finally {
      spy.mockRestore();
    }
    for (const quiz of quizzes) {
      const read = (await author.get(`/api/my-quizzes/${quiz.id}`)).json as unknown as Summary;
      expect(
        read.tags.filter((tag) => tag.id === into.id),
        quiz.title,
      ).toHaveLength(1);
      expect(read.tags.some((tag) => tag.id === from)).toBe(false);
    }
    expect(await counts(`先${word}`, `元${word}`)).toEqual([4, 0]);
    expect((await search(author, { tag: `先${word}` })).length).toBe(4);
    expect(
      await queryAll({ index: INDEX.byCollection, partition: QuizTagKeys.collectionPk({ tagId: from }) }),
    ).toEqual([]);
    expect((await db.get({ Key: tagKey(from), ConsistentRead: true })).Item).toBeUndefined();
    expect(lagged).toBeGreaterThan(1);
  });
});

describe('deletion', () => {
  it('a quiz linked to a tag that is no longer stored is read, edited and deleted (no 500)', async () => {
    const word = unique();
    const { client } = await member(gateway, { isPro: true });
    const quiz = await create(client, { title: `孤児 ${word}`, tags: [`消失${word}`, `有${word}`] });
    await db.delete({ Key: tagKey(quiz.tags[0]!.id) });
    const read = await client.get(`/api/quizzes/${quiz.id}`);
    expect(read.status, read.text).toBe(200);
    expect((read.json as unknown as Summary).tags.map((tag) => tag.name)).toEqual([`有${word}`]);
    const kept = await edit(client, quiz.id, { title: `孤児2 ${word}` });
    expect(kept.status, kept.text).toBe(200);
    expect((kept.json as unknown as Summary).tags.map((tag) => tag.name)).toEqual([`有${word}`]);
    const deleted = await client.request('DELETE', `/api/quizzes/${quiz.id}`);
    expect(deleted.status, deleted.text).toBe(200);
    expect((await client.get(`/api/quizzes/${quiz.id}`)).status).toBe(404);
    expect(await counts(`有${word}`)).toEqual([0]);
  });

  it("deleting an account deletes its quizzes' links and their counts", async () => {
    const word = unique();
    const other = (await member(gateway, { isPro: true })).client;
    await create(other, { title: `残る ${word}`, tags: [`消${word}`] });
    const { client } = await registered(gateway);
    await create(client, { title: `消える1 ${word}`, tags: [`消${word}`, `だけ${word}`] });
    await create(client, { title: `消える2 ${word}`, tags: [`消${word}`] });
    expect(await counts(`消${word}`, `だけ${word}`)).toEqual([3, 1]);
    const deleted = await client.request('DELETE', '/api/user/delete', { json: { password: PASSWORD } });
    expect(deleted.status, deleted.text).toBe(200);
    expect(await counts(`消${word}`, `だけ${word}`)).toEqual([1, 0]);
    expect((await search(other, { tag: `消${word}` })).map((quiz) => quiz.title)).toEqual([`残る ${word}`]);
  });
});

describe('a save whose tags cannot be placed in the most-used order', () => {
  it('is still saved once and answered 201 (the order is after the fact; DynamoDB may refuse it with a TransactionConflict)', async () => {
    const client = dynamo();
    const send = client.send.bind(client);
    const placements: unknown[] = [];
    const spy = vi.spyOn(client, 'send').mockImplementation(((command: {
      input?: { UpdateExpression?: string };
    }) => {
      if (command.input?.UpdateExpression === 'SET gsi1sk = :rank') {
        placements.push(command.input);
        return Promise.reject(
          Object.assign(new Error('Transaction is ongoing for the item'), {
            name: 'TransactionConflictException',
          }),
        );
      }
      return send(command as never);
    }) as typeof client.send);
    try {
      const { client: author } = await member(gateway);
      const name = `順位${unique()}`;
      const title = `順位の付かないクイズ ${unique()}`;
      const quiz = await create(author, { title, tags: [name] });
      expect(placements.length).toBeGreaterThan(0);
      expect(quiz.tags.map((tag) => tag.name)).toEqual([name]);
      const mine = (await author.get('/api/my-quizzes')).json as unknown as Summary[];
      expect(mine.filter((item) => item.title === title)).toHaveLength(1);
      // Nor does a moderator's hide of it fail once it is written.
      const { client: admin } = await member(gateway, { role: 'admin' });
      const placed = placements.length;
      const hidden = await admin.request('PATCH', `/api/admin/quizzes/${quiz.id}/hide`);
      expect(hidden.status, hidden.text).toBe(200);
      expect(placements.length).toBeGreaterThan(placed);
    } finally {
      spy.mockRestore();
    }
  });
});
