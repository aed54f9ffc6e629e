import { describe, expect, it } from 'vitest';
import { formatDateTime, formatDay } from './format-date';

describe('dates', () => {
  it('give a date and time in Japan time to the minute, never the seconds', () => {
    expect(formatDateTime('2026-05-01T01:02:03.000Z')).toBe('2026/5/1 10:02');
  });

  it('give a day as the Japan day the server counts', () => {
    expect(formatDay('2026-04-30T20:00:00.000Z')).toBe('2026年5月1日');
    expect(formatDay('2026-05-01')).toBe('2026年5月1日');
  });
});
