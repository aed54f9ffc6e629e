import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { _Record as StreamRecord } from '@aws-sdk/client-dynamodb-streams';
import type { DynamoDBStreamEvent } from 'aws-lambda';
import { DIFFICULTIES } from '@shared/constants';
import { normalizeSearchText, searchWords } from '@shared/search-text';
import { literalPrefix } from '@functions/data/keys';
import { scanPages } from '@functions/data/paginate';
import { dynamo } from '@functions/lib/aws-clients';
import { getConfig } from '@functions/lib/config';
import type { QuizItem } from '@functions/quizzes/quiz-store';
import { QuizKeys } from '@functions/quizzes/quiz-keys';
import { handler as indexer } from '@functions/search/indexer';
import { PostingKeys, RankKeys } from '@functions/search/search-keys';
import { SEARCH_BUDGET, searchQuizzes, type SearchBudget, type SearchSort } from '@functions/search/search';
import { seed } from '../../scripts/seed';
import { readStream } from '../../scripts/local/streams';
import { writeCatalogue, type CatalogueQuiz } from '../../scripts/bench/search-catalogue';
import { member } from '../support/actors';
import { startTestGateway } from '../support/gateway';
import type { TestClient } from '../support/http-client';
import { quizInput } from '../support/quiz-input';

/**
 * Search over the whole catalogue (docs/search.md): the search indexer fed by the table's stream
 * through the local gateway, every path of the search's plan checked against a plain reading of
 * every quiz, and changes (edit, private, hidden, deleted) as a user sees them. No test waits on
 * the clock: `streamSettled()` says when the indexer has seen every change written so far.
 */
let gateway: Awaited<ReturnType<typeof startTestGateway>>;

beforeAll(async () => {
  gateway = await startTestGateway();
  await seed();
});
afterAll(() => gateway.stop());

const ids = (list: unknown) => (list as { id: string }[]).map((quiz) => quiz.id);
const search = async (client: TestClient, query: string) => {
  const response = await client.get(`/api/quizzes/search?${query}`);
  expect(response.status, response.text).toBe(200);
  return ids(response.json);
};
const q = (text: string) => `q=${encodeURIComponent(text)}`;

/** Every quiz of the table, read plainly. */
async function allQuizzes(): Promise<QuizItem[]> {
  const quizzes: QuizItem[] = [];
  for await (const page of scanPages<QuizItem>({
    FilterExpression: 'sk = :meta',
    ExpressionAttributeValues: { ':meta': QuizKeys.sk() },
  }))
    quizzes.push(...page);
  return quizzes;
}

/** The quizzes that match, sorted as the spec says: the answer search must give. */
async function expected(
  input: { q?: string; category?: string; difficulty?: string; sort: SearchSort; limit: number },
  quizzes?: QuizItem[],
) {
  const words = searchWords(input.q ?? '');
  const average = (quiz: QuizItem) =>
    quiz.ratingCount ? Math.round((quiz.ratingSum / quiz.ratingCount) * 10) / 10 : 0;
  const newer = (a: QuizItem, b: QuizItem) => {
    const [x, y] = [`${a.createdAt}#${a.id}`, `${b.createdAt}#${b.id}`];
    return x < y ? 1 : x > y ? -1 : 0;
  };
  const order = {
    newest: newer,
    popular: (a: QuizItem, b: QuizItem) =>
      b.participantCount - a.participantCount || b.totalPlayers - a.totalPlayers || newer(a, b),
    rating: (a: QuizItem, b: QuizItem) =>
      average(b) - average(a) || b.ratingCount - a.ratingCount || newer(a, b),
  }[input.sort];
  return (quizzes ?? (await allQuizzes()))
    .filter(
      (quiz) =>
        quiz.isPublished &&
        !quiz.isHidden &&
        quiz.status === 'active' &&
        (!input.category || quiz.category === input.category) &&
        (!input.difficulty || quiz.difficulty === input.difficulty) &&
        words.every((word) =>
          normalizeSearchText(`${quiz.title} ${quiz.description} ${quiz.category}`).includes(word),
        ),
    )
    .sort(order)
    .slice(0, input.limit)
    .map((quiz) => quiz.id);
}

describe('a catalogue loaded through the table stream', () => {
  const tag = randomUUID().slice(0, 6);
  const topics = ['歴史', '宇宙', '料理', '音楽', '動物', '鉄道'];
  let first: { id: string };
  let client: TestClient;

  beforeAll(async () => {
    ({ client } = await member(gateway, { isPro: true }));
    const created = await client.request('POST', '/api/quizzes', {
      json: quizInput({ title: `琥珀糖の作り方 ${tag}`, category: '料理' }),
    });
    expect(created.status, created.text).toBe(201);
    first = created.json as unknown as { id: string };
    // 300 quizzes created after it: '雑学' in 3 of 4, '歴史' in every 6th title and some
    // descriptions, '宇宙' in 1 of 10, '琥珀糖' in a few; counters spread so every sort matters.
    const later = Date.now() + 60_000;
    const catalogue: CatalogueQuiz[] = Array.from({ length: 300 }, (_, index) => ({
      id: `cat-${tag}-${index}`,
      title: `${topics[index % 6]}の${index % 4 ? '雑学' : '基礎'}クイズ 第${index}回`,
      description: `${index % 10 === 3 ? '宇宙と' : ''}${index % 7 === 0 ? '歴史の' : ''}問題集です。${index % 97 === 5 ? '琥珀糖' : ''}`,
      category: ['科学', '歴史', '料理'][index % 3]!,
      difficulty: DIFFICULTIES[index % 3],
      createdAt: new Date(later + index * 60_000).toISOString(),
      participantCount: (index * 37) % 23,
      totalPlayers: (index * 11) % 31,
      ratingSum: ((index * 13) % 5) * ((index % 4) + 1),
      ratingCount: index % 5 ? (index % 4) + 1 : 0,
      // A few that must never be found.
      isPublished: index % 50 !== 7,
      isHidden: index % 50 === 9,
    }));
    await writeCatalogue(catalogue);
    await gateway.streamSettled();
  });

  it('finds the quiz created first by a word of its title, sorted among the matches', async () => {
    for (const sort of ['popular', 'newest', 'rating'] as const) {
      const found = await search(client, `${q('琥珀糖')}&sort=${sort}`);
      expect(found).toContain(first.id);
      expect(found).toEqual(await expected({ q: '琥珀糖', sort, limit: 100 }));
    }
    // By the single rarest character too, and from the home list's search.
    expect(await search(client, q('琥'))).toContain(first.id);
    expect(ids((await client.get(`/api/quizzes?search=${encodeURIComponent('琥珀糖')}`)).json)).toContain(
      first.id,
    );
  });

  const queries: { q?: string; category?: string; difficulty?: string }[] = [
    { q: '琥珀糖' }, // a few: the posting list ends within the first read
    { q: '宇宙' }, // 1 in 10
    { q: '歴史' }, // title or description, 1 in 4
    { q: '雑学' }, // 3 in 4
    { q: '雑学 宇宙' }, // two common words together
    { q: 'ｸｲｽﾞ 第1' }, // half-width, several words
    { q: 'の' }, // one character, in every quiz
    { q: '糖' }, // one character, a few quizzes
    { q: '歴史', category: '科学' },
    { q: '雑学', difficulty: '中級' },
    { category: '料理' },
    { difficulty: '上級' },
    {},
    { q: '存在しない言葉' },
    { q: 'あ い う え お か き く け こ さ し す せ そ た ち つ て と な に ぬ ね の' }, // many words
  ];
  // A small budget with a small limit takes every path of the plan on this catalogue.
  const small: SearchBudget = {
    candidates: 15,
    lists: 6,
    probe: 20,
    postings: 150,
    checked: 60,
    ranked: 1000,
    listed: 300,
  };

  it.each([
    ['the default budget', SEARCH_BUDGET, 100],
    ['a small budget', small, 10],
    // The ranking walk runs out before enough match: the candidates it did not reach are read.
    ['a short ranking walk', { ...small, ranked: 60, checked: 200 }, 10],
  ] as const)('answers every query and sort exactly with %s', async (_, budget, limit) => {
    const quizzes = await allQuizzes();
    for (const query of queries)
      for (const sort of ['popular', 'newest', 'rating'] as const) {
        const found = (await searchQuizzes({ ...query, sort, limit }, budget)).map((quiz) => quiz.id);
        expect(found, `${JSON.stringify(query)} ${sort}`).toEqual(
          await expected({ ...query, sort, limit }, quizzes),
        );
      }
  });

  it('answers the same through the API', async () => {
    expect(
      await search(client, `${q('雑学 宇宙')}&sort=rating&category=${encodeURIComponent('科学')}`),
    ).toEqual(await expected({ q: '雑学 宇宙', category: '科学', sort: 'rating', limit: 100 }));
    expect(await search(client, `difficulty=${encodeURIComponent('上級')}&sort=newest`)).toEqual(
      await expected({ difficulty: '上級', sort: 'newest', limit: 100 }),
    );
  });
});

/** Every index item of a quiz (postings and ranking entries), as `pk sk` lines. */
async function indexOf(quizId: string): Promise<string[]> {
  const items: string[] = [];
  for await (const page of scanPages<{ pk: string; sk: string }>({
    FilterExpression:
      '(begins_with(pk, :search) AND contains(sk, :id)) OR (pk = :quiz AND begins_with(sk, :rank))',
    ExpressionAttributeValues: {
      ':search': literalPrefix(PostingKeys.definition.pk),
      ':id': quizId,
      ':quiz': QuizKeys.pk({ quizId }),
      ':rank': RankKeys.skPrefix(),
    },
    ProjectionExpression: 'pk, sk, gsi1sk',
  }))
    items.push(...page.map((item) => JSON.stringify(item)));
  return items.sort();
}

describe('changes of a quiz', () => {
  it('are found after an edit, and leave the results at once when hidden, private or deleted', async () => {
    const tag = randomUUID().slice(0, 6);
    const author = await member(gateway, { isPro: true });
    const reader = await member(gateway);
    const admin = await member(gateway, { role: 'admin' });
    const created = await author.client.request('POST', '/api/quizzes', {
      json: quizInput({ title: `ぬばたまの夜 ${tag}` }),
    });
    const quiz = created.json as unknown as { id: string };
    await gateway.streamSettled();
    expect(await search(reader.client, q(`ぬばたま ${tag}`))).toEqual([quiz.id]);

    const edit = (fields: Record<string, unknown>) =>
      author.client.request('PUT', `/api/quizzes/${quiz.id}`, {
        json: quizInput({ title: `しろたえの衣 ${tag}`, ...fields }),
      });
    expect((await edit({})).status).toBe(200);
    // The old words stop matching at once: every candidate is checked against its text.
    expect(await search(reader.client, q(`ぬばたま ${tag}`))).toEqual([]);
    await gateway.streamSettled();
    expect(await search(reader.client, q(`しろたえ ${tag}`))).toEqual([quiz.id]);
    expect((await indexOf(quiz.id)).filter((item) => item.includes(PostingKeys.pk({ char: 'ぬ' })))).toEqual(
      [],
    );

    expect((await edit({ isPublished: false })).status).toBe(200);
    expect(await search(reader.client, q(`しろたえ ${tag}`))).toEqual([]);
    await gateway.streamSettled();
    expect(await indexOf(quiz.id)).toEqual([]);

    expect((await edit({ isPublished: true })).status).toBe(200);
    await gateway.streamSettled();
    expect(await search(reader.client, q(`しろたえ ${tag}`))).toEqual([quiz.id]);

    expect((await admin.client.request('PATCH', `/api/admin/quizzes/${quiz.id}/hide`)).status).toBe(200);
    expect(await search(reader.client, q(`しろたえ ${tag}`))).toEqual([]);
    expect((await admin.client.request('PATCH', `/api/admin/quizzes/${quiz.id}/restore`)).status).toBe(200);
    await gateway.streamSettled();
    expect(await search(reader.client, q(`しろたえ ${tag}`))).toEqual([quiz.id]);

    const indexed = await indexOf(quiz.id);
    expect(indexed.length).toBeGreaterThan(0);
    await redeliver(quiz.id);
    expect(await indexOf(quiz.id)).toEqual(indexed);

    expect((await author.client.request('DELETE', `/api/quizzes/${quiz.id}`)).status).toBe(200);
    expect(await search(reader.client, q(`しろたえ ${tag}`))).toEqual([]);
    await gateway.streamSettled();
    expect(await indexOf(quiz.id)).toEqual([]);
  });
});

describe('what the indexer writes', () => {
  it('an edit writes only the pairs that changed, a play or a rating only the ranking entry that moved', async () => {
    const tag = randomUUID().slice(0, 6);
    const author = await member(gateway, { isPro: true });
    const player = await member(gateway);
    const created = await author.client.request('POST', '/api/quizzes', {
      json: quizInput({ title: `しろたえの衣 ${tag}` }),
    });
    const quiz = created.json as unknown as { id: string; createdAt: string };
    await gateway.streamSettled();
    const posting = (char: string, next: string) =>
      keyText(PostingKeys.key({ char, next, createdAt: quiz.createdAt, quizId: quiz.id }));
    const rank = (sort: 'popular' | 'rating') => keyText(RankKeys.key({ quizId: quiz.id, sort }));

    const writes = indexWrites();
    try {
      // One word of the title changes: its pairs with the word before and the word's end, nothing else.
      const edited = await author.client.request('PUT', `/api/quizzes/${quiz.id}`, {
        json: quizInput({ title: `しろたえの袖 ${tag}` }),
      });
      expect(edited.status).toBe(200);
      await gateway.streamSettled();
      expect(writes.take()).toEqual({
        puts: [posting('の', '袖'), posting('袖', '')].sort(),
        deletes: [posting('の', '衣'), posting('衣', '')].sort(),
      });

      const attempt = await player.client.request('POST', `/api/quizzes/${quiz.id}/attempt`, {
        json: { answers: {} },
      });
      expect(attempt.status, attempt.text).toBe(201);
      await gateway.streamSettled();
      expect(writes.take()).toEqual({ puts: [rank('popular')], deletes: [] });

      const rated = await player.client.request(
        'PATCH',
        `/api/quiz-attempts/${String(attempt.json.id)}/rating`,
        {
          json: { rating: 4 },
        },
      );
      expect(rated.status, rated.text).toBe(200);
      await gateway.streamSettled();
      expect(writes.take()).toEqual({ puts: [rank('rating')], deletes: [] });
    } finally {
      writes.stop();
    }
  });
});

const keyText = (key: { pk: unknown; sk: unknown }) => {
  const text = (value: unknown) =>
    typeof value === 'object' && value && 'S' in value ? String(value.S) : String(value);
  return `${text(key.pk)} ${text(key.sk)}`;
};

/**
 * The index items written (put or deleted) through the functions' DynamoDB client, where the
 * search indexer writes them (`BatchWriteItem`), as `pk sk` lines, from now until `stop()`.
 */
function indexWrites() {
  const name = `indexWrites-${randomUUID()}`;
  let puts: string[] = [];
  let deletes: string[] = [];
  const isIndex = (key: string) =>
    key.startsWith(literalPrefix(PostingKeys.definition.pk)) ||
    key.split(' ')[1]!.startsWith(RankKeys.skPrefix());
  dynamo().middlewareStack.add(
    (next, context) => async (args) => {
      if (context.commandName === 'BatchWriteItemCommand') {
        const input = args.input as {
          RequestItems?: Record<
            string,
            {
              PutRequest?: { Item: { pk: unknown; sk: unknown } };
              DeleteRequest?: { Key: { pk: unknown; sk: unknown } };
            }[]
          >;
        };
        for (const request of Object.values(input.RequestItems ?? {}).flat()) {
          if (request.PutRequest) puts.push(keyText(request.PutRequest.Item));
          if (request.DeleteRequest) deletes.push(keyText(request.DeleteRequest.Key));
        }
      }
      return next(args);
    },
    { step: 'initialize', name },
  );
  return {
    /** What was written since the last call, sorted. */
    take() {
      const taken = { puts: puts.filter(isIndex).sort(), deletes: deletes.filter(isIndex).sort() };
      [puts, deletes] = [[], []];
      return taken;
    },
    stop: () => dynamo().middlewareStack.remove(name),
  };
}

/** The stream's records of a quiz so far. */
async function streamRecords(quizId: string): Promise<StreamRecord[]> {
  const config = getConfig();
  const records = await readStream({ endpoint: config.endpoints.dynamodb!, tableName: config.tableName });
  return records.filter(
    (record) =>
      record.dynamodb?.Keys?.pk?.S === QuizKeys.pk({ quizId }) &&
      record.dynamodb.Keys.sk?.S === QuizKeys.sk(),
  );
}

/** Delivers a quiz's records again, as a retried batch would: all at once, each twice, and from the middle. */
async function redeliver(quizId: string) {
  const records = await streamRecords(quizId);
  expect(records.length).toBeGreaterThan(5);
  const event = (list: StreamRecord[]) => ({ Records: list }) as unknown as DynamoDBStreamEvent;
  await indexer(event(records));
  await indexer(event(records.flatMap((record) => [record, record])));
  for (let from = 1; from < records.length; from++) await indexer(event(records.slice(from)));
  for (const record of records) await indexer(event([record]));
}
