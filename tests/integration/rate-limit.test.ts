import { afterAll, beforeAll, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { resetConfigForTests } from '@functions/lib/config';
import { withinIpRateLimit, withinRateLimit } from '@functions/lib/rate-limit';
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

it('counts a use of several at once only when all of it fits, under parallel calls too', async () => {
  const key = `test#${randomUUID()}`;
  expect(await withinRateLimit(key, 10, 60, at(10), 4)).toBe(true);
  expect(await withinRateLimit(key, 10, 60, at(11), 7)).toBe(false);
  expect(await withinRateLimit(key, 10, 60, at(12), 6)).toBe(true);
  expect(await withinRateLimit(key, 10, 60, at(13))).toBe(false);
  // The previous window's 10 leave nothing, then a quiet window gives it all back.
  expect(await withinRateLimit(key, 10, 60, at(70), 1)).toBe(false);
  const other = `test#${randomUUID()}`;
  const results = await Promise.all(
    Array.from({ length: 30 }, () => withinRateLimit(other, 100, 60, at(10), 7)),
  );
  expect(results.filter(Boolean)).toHaveLength(14);
});

it('counts every address of one IPv6 /64 as one address', async () => {
  process.env.PER_IP_RATE_LIMITS = 'on';
  resetConfigForTests();
  try {
    const purpose = `test-${randomUUID()}`;
    const call = (address: string) => withinIpRateLimit(purpose, address, 3, 60, at(10));
    // A client that takes a new address of its /64 for every request is still one client.
    expect(await call('2001:db8:1:2::1')).toBe(true);
    expect(await call('2001:db8:1:2::2')).toBe(true);
    expect(await call('2001:db8:1:2:aaaa:bbbb:cccc:dddd')).toBe(true);
    expect(await call('2001:db8:1:2:ffff::9')).toBe(false);
    // The next /64 (another subscriber) and an IPv4 client have limits of their own.
    expect(await call('2001:db8:1:3::1')).toBe(true);
    expect(await call('203.0.113.7')).toBe(true);
  } finally {
    process.env.PER_IP_RATE_LIMITS = 'off';
    resetConfigForTests();
  }
});
