import { randomUUID } from 'node:crypto';
import { DIFFICULTIES } from '@shared/constants';
import { SEED_CATEGORIES } from '@functions/categories/seed-categories';
import { putItems } from '@functions/data/batch';
import { dynamo } from '@functions/lib/aws-clients';
import { QuizKeys } from '@functions/quizzes/quiz-keys';
import { performance } from 'node:perf_hooks';

/**
 * Search at scale: loads synthetic public quizzes into the local table, then measures
 * `GET /api/quizzes/search` through the local gateway (latency) and the DynamoDB read capacity one
 * search consumes (ReturnConsumedCapacity, summed by an SDK middleware).
 */
const words = [
  '歴史',
  '科学',
  '宇宙',
  '料理',
  '音楽',
  '映画',
  '地図',
  '動物',
  '植物',
  '数学',
  '英語',
  '漢字',
  '鉄道',
  '天気',
  '世界',
  '日本',
  '健康',
  'スポーツ',
  'アニメ',
  'ゲーム',
];

export async function loadQuizzes(count: number, startIndex: number): Promise<void> {
  const authorId = randomUUID();
  const items = Array.from({ length: count }, (_, offset) => {
    const index = startIndex + offset;
    const id = `bench-${index}`;
    const createdAt = new Date(Date.UTC(2025, 0, 1) + index * 60_000).toISOString();
    const a = words[index % words.length]!;
    const b = words[(index * 7 + 3) % words.length]!;
    return {
      ...QuizKeys.key({ quizId: id }),
      id,
      title: `${a}と${b}のクイズ 第${index}回`,
      description: `${a}について学べる${b}の問題集です。`,
      category: SEED_CATEGORIES[index % SEED_CATEGORIES.length]!.name,
      difficulty: DIFFICULTIES[index % 3],
      timeLimit: 10,
      authorId,
      authorName: 'ベンチ',
      username: 'bench',
      isPublished: true,
      isHidden: false,
      status: 'active',
      questionCount: 5,
      reportCount: 0,
      participantCount: index % 97,
      totalPlayers: index % 131,
      ratingSum: (index % 11) * ((index % 5) + 1),
      ratingCount: index % 11,
      createdAt,
      updatedAt: createdAt,
      cascade: 'partition',
      ...QuizKeys.collection({ createdAt, quizId: id }),
      ...QuizKeys.owner({ userId: authorId, createdAt }),
    };
  });
  await putItems(items, 8);
}

/** Sums the read capacity of every DynamoDB call made through the functions' client. */
export function meterReadCapacity() {
  let units = 0;
  dynamo().middlewareStack.add(
    (next) => async (args) => {
      const input = args.input as Record<string, unknown>;
      if (!('ReturnConsumedCapacity' in input)) input.ReturnConsumedCapacity = 'TOTAL';
      const result = await next(args);
      const output = result.output as {
        ConsumedCapacity?: { CapacityUnits?: number } | { CapacityUnits?: number }[];
      };
      const consumed = output.ConsumedCapacity;
      for (const entry of Array.isArray(consumed) ? consumed : consumed ? [consumed] : [])
        units += entry.CapacityUnits ?? 0;
      return result;
    },
    { step: 'initialize', name: 'benchReadCapacity' },
  );
  return {
    reset: () => (units = 0),
    read: () => units,
  };
}

/** Signs in as the seeded demo member and returns cookie headers for requests. */
export async function demoSession(baseUrl: string, appUrl: string): Promise<Record<string, string>> {
  const first = await fetch(`${baseUrl}/api/categories`);
  const csrf = /csrf_token=([^;]+)/.exec(first.headers.getSetCookie().join(';'))![1]!;
  const login = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      cookie: `csrf_token=${csrf}`,
      'x-csrf-token': csrf,
      origin: new URL(appUrl).origin,
    },
    body: JSON.stringify({ username: 'demo', password: 'Demo#2026pass' }),
  });
  if (!login.ok) throw new Error(`demo login answered ${login.status}: ${await login.text()}`);
  const cookies = login.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
  return { cookie: cookies };
}

export async function measureSearches(
  baseUrl: string,
  headers: Record<string, string>,
  queries: string[],
  rounds: number,
) {
  const latencies: number[] = [];
  for (let round = 0; round < rounds; round++) {
    for (const query of queries) {
      const started = performance.now();
      const response = await fetch(`${baseUrl}/api/quizzes/search?${query}`, { headers });
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`search answered ${response.status}`);
      latencies.push(performance.now() - started);
    }
  }
  return latencies.sort((a, b) => a - b);
}

export const SEARCH_QUERIES = [
  'q=' + encodeURIComponent('宇宙'),
  'q=' + encodeURIComponent('料理 音楽') + '&sort=newest',
  'q=' + encodeURIComponent('ｽﾎﾟｰﾂ') + '&sort=rating',
  'category=' + encodeURIComponent('歴史') + '&difficulty=' + encodeURIComponent('中級'),
  'q=' + encodeURIComponent('存在しない言葉'),
  'sort=popular',
];
