import { describe, expect, it } from 'vitest';
import { formatDay } from './format-date';

describe('formatDay', () => {
  it('shows the Japan day, as the server counts days, in any time zone', () => {
    // A Japan day given bare stays that day (in UTC its midnight is the evening before).
    expect(formatDay('2026-11-26')).toBe('2026年11月26日');
    // 23:30 UTC on the 25th is already the 26th in Japan.
    expect(formatDay('2026-11-25T23:30:00Z')).toBe('2026年11月26日');
  });
});
