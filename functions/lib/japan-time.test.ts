import { describe, expect, it } from 'vitest';
import { japanDate, nextJapanMidnight } from './japan-time';

describe('Japan day boundaries', () => {
  it('changes day at 00:00 in Japan (15:00 UTC)', () => {
    expect(japanDate(new Date('2026-11-22T14:59:59.999Z'))).toBe('2026-11-22');
    expect(japanDate(new Date('2026-11-22T15:00:00.000Z'))).toBe('2026-11-23');
    expect(nextJapanMidnight(new Date('2026-11-22T14:59:59.999Z')).toISOString()).toBe(
      '2026-11-22T15:00:00.000Z',
    );
    expect(nextJapanMidnight(new Date('2026-11-22T15:00:00.000Z')).toISOString()).toBe(
      '2026-11-23T15:00:00.000Z',
    );
    expect(nextJapanMidnight(new Date('2026-12-31T20:00:00.000Z')).toISOString()).toBe(
      '2027-01-01T15:00:00.000Z',
    );
  });
});
