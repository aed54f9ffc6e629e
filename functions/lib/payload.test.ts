import { describe, expect, it } from 'vitest';
import { replyBytes, withinReply } from './payload';

describe('replyBytes', () => {
  it('counts what Lambda sends: quotes and backslashes twice over, control characters up to seven times', () => {
    expect(replyBytes('ab')).toBe(JSON.stringify(JSON.stringify('ab')).length);
    expect(replyBytes('"'.repeat(100))).toBeGreaterThanOrEqual(400);
    expect(replyBytes('\u0001'.repeat(100))).toBeGreaterThanOrEqual(700);
    expect(replyBytes('東京')).toBe(Buffer.byteLength(JSON.stringify(JSON.stringify('東京'))));
  });
});

describe('withinReply', () => {
  it('keeps the items in order while they fit, and leaves out the rest', () => {
    const item = '"'.repeat(1000);
    const kept = withinReply(
      Array.from({ length: 10 }, () => item),
      replyBytes(item) * 3 + 10,
    );
    expect(kept).toHaveLength(3);
    expect(withinReply([1, 2, 3])).toEqual([1, 2, 3]);
  });
});
