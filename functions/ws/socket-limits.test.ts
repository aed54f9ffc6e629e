import { beforeEach, describe, expect, it, vi } from 'vitest';

/** The table's counters, replaced by a map: `countUse` and `previousWindowUses` per key and second. */
const counters = new Map<string, number>();
const writes = vi.fn();
vi.mock('../lib/rate-limit-store', () => ({
  countUse: async (key: string, _windowSeconds: number, at: number) => {
    writes();
    const slot = `${key}@${Math.floor(at / 1000)}`;
    counters.set(slot, (counters.get(slot) ?? 0) + 1);
    return counters.get(slot)!;
  },
  previousWindowUses: async (key: string, _windowSeconds: number, at: number) =>
    counters.get(`${key}@${Math.floor(at / 1000) - 1}`) ?? 0,
}));

const { messageAllowance, settledHere, SOCKET_LIMITS } = await import('./socket-limits');
const limit = SOCKET_LIMITS.messagesPerSecond;

let socket = 0;
beforeEach(() => {
  counters.clear();
  writes.mockClear();
  socket++;
});

/** `count` messages of one socket received in the second starting at `second` (epoch s). */
async function burst(connectionId: string, second: number, count: number) {
  const allowances = [];
  for (let message = 0; message < count; message++) {
    const at = second * 1000 + (message % 1000);
    allowances.push(settledHere(connectionId, at) ? 'dropped' : await messageAllowance(connectionId, at));
  }
  return allowances;
}

describe('messages per socket', () => {
  it('allows 20 a second, warns the 21st, drops the next and closes the 41st', async () => {
    const allowances = await burst(`s${socket}`, 1_000, 60);
    expect(allowances.slice(0, limit).every((allowance) => allowance === 'allowed')).toBe(true);
    expect(allowances[limit]).toBe('warned');
    expect(allowances.slice(limit + 1, 2 * limit).every((allowance) => allowance === 'dropped')).toBe(true);
    expect(allowances[2 * limit]).toBe('closed');
    // Once the table has warned and closed, the rest costs no write.
    expect(allowances.slice(2 * limit + 1).every((allowance) => allowance === 'dropped')).toBe(true);
    expect(writes).toHaveBeenCalledTimes(2 * limit + 1);
  });

  it('closes at the 21st when the second before went over too, and starts each second afresh', async () => {
    const id = `s${socket}`;
    expect((await burst(id, 2_000, limit + 5))[limit]).toBe('warned');
    expect((await burst(id, 2_001, limit + 1))[limit]).toBe('closed');
    const later = `s${socket}-later`;
    expect(await burst(later, 3_000, limit)).toEqual(Array.from({ length: limit }, () => 'allowed'));
    expect(await burst(later, 3_001, limit)).toEqual(Array.from({ length: limit }, () => 'allowed'));
  });

  it('counts every socket on its own', async () => {
    await burst(`s${socket}-a`, 4_000, 2 * limit + 1);
    expect(await burst(`s${socket}-b`, 4_000, limit)).toEqual(Array.from({ length: limit }, () => 'allowed'));
  });
});
