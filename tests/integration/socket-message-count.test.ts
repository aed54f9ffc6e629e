import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { findConnection, saveGuestConnection } from '@functions/connections/connection';
import { countMessage } from '@functions/connections/connection-store';
import { allowanceOf, SOCKET_LIMITS } from '@functions/ws/socket-limits';

/**
 * A socket's messages are counted on its own item, and the count's write returns the item
 * (functions/connections/connection-store.ts `countMessage`): against DynamoDB Local, as every frame
 * of every socket pays it.
 */
const limit = SOCKET_LIMITS.messagesPerSecond;

async function openSocket() {
  const connectionId = `c-${randomUUID()}`;
  await saveGuestConnection({ connectionId, endpoint: 'http://127.0.0.1:1', viewerAddress: '127.0.0.1' });
  return connectionId;
}

describe("a socket's message count", () => {
  it('returns the item with the count of the second, and keeps the second before', async () => {
    const connectionId = await openSocket();
    const second = 1_900_000_000;
    const first = await countMessage(connectionId, second * 1000 + 5);
    expect(first).toMatchObject({ count: 1, previous: 0, connection: { connectionId, guest: true } });
    expect((await countMessage(connectionId, second * 1000 + 900))?.count).toBe(2);
    const next = await countMessage(connectionId, (second + 1) * 1000);
    expect(next).toMatchObject({ count: 1, previous: 2 });
    // A second with no message in between: the second before counted nothing.
    expect(await countMessage(connectionId, (second + 5) * 1000)).toMatchObject({ count: 1, previous: 0 });
    // A message that waited (received in an earlier second than the last counted) counts in the later one.
    expect(await countMessage(connectionId, (second + 4) * 1000)).toMatchObject({ count: 2 });
  });

  it('gives every one of 30 parallel messages its own count, so exactly one is warned', async () => {
    const connectionId = await openSocket();
    const at = 1_900_000_100 * 1000;
    const counts = await Promise.all(
      Array.from({ length: limit + 10 }, async () => (await countMessage(connectionId, at))!.count),
    );
    expect(counts.sort((a, b) => a - b)).toEqual(Array.from({ length: limit + 10 }, (_, index) => index + 1));
    const allowances = counts.map((count) => allowanceOf(connectionId, at, count, 0));
    expect(allowances.filter((allowance) => allowance === 'warned')).toHaveLength(1);
    expect(allowances.filter((allowance) => allowance === 'allowed')).toHaveLength(limit);
  });

  it('of a socket without an item writes nothing and makes no item', async () => {
    const connectionId = `c-${randomUUID()}`;
    expect(await countMessage(connectionId, Date.now())).toBeUndefined();
    expect(await findConnection(connectionId)).toBeUndefined();
  });
});
