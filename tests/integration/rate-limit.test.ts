import { afterAll, beforeAll, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { withinRateLimit } from '@functions/lib/rate-limit';
import { startTestGateway } from '../support/gateway';

let gateway: Awaited<ReturnType<typeof startTestGateway>>;
beforeAll(async () => {
  gateway = await startTestGateway();
});
afterAll(() => gateway.stop());

const at = (seconds: number) => new Date(Date.UTC(2026, 10, 23, 12, 0, 0) + seconds * 1000);

async function calls(key: string, times: number, when: Date) {
  const admitted: boolean[] = [];
  for (let i = 0; i < times; i++) admitted.push(await withinRateLimit(key, 10, 60, when));
  return admitted.filter(Boolean).length;
}

it('admits no more than the limit in any span of one window, even across a window boundary', async () => {
  const key = `test#${randomUUID()}`;
  expect(await calls(key, 10, at(59))).toBe(10);
  expect(await calls(key, 5, at(61))).toBe(0);
  expect(await calls(key, 5, at(119))).toBe(0);
  expect(await calls(key, 12, at(120))).toBe(10);
});

it('shares the limit between the previous window and this one', async () => {
  const key = `test#${randomUUID()}`;
  expect(await calls(key, 4, at(30))).toBe(4);
  expect(await calls(key, 10, at(70))).toBe(6);
});

it('counts exactly under parallel calls', async () => {
  const key = `test#${randomUUID()}`;
  const results = await Promise.all(Array.from({ length: 30 }, () => withinRateLimit(key, 10, 60, at(10))));
  expect(results.filter(Boolean)).toHaveLength(10);
});
