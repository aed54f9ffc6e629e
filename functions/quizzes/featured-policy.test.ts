import { describe, expect, it } from 'vitest';
import { dayKeptUntil, daysThisWeek, playerTiers, rankText, weekTotals } from './featured-policy';

describe('the featured quiz’s week', () => {
  it('is today and the 6 days before, Japan time', () => {
    // 00:30 on 27 November in Japan, still the 26th in UTC.
    expect(daysThisWeek(new Date('2026-11-26T15:30:00.000Z'))).toEqual([
      '2026-11-27',
      '2026-11-26',
      '2026-11-25',
      '2026-11-24',
      '2026-11-23',
      '2026-11-22',
      '2026-11-21',
    ]);
  });

  it('adds up each quiz’s days, most players first', () => {
    expect(
      weekTotals([
        { quizId: 'a', players: 3 },
        { quizId: 'b', players: 5 },
        { quizId: 'a', players: 4 },
      ]),
    ).toEqual([
      ['a', 7],
      ['b', 5],
    ]);
  });

  it('ranks a day’s counts so that more players sort later as text (read newest first)', () => {
    expect(rankText(12, 'q')).toBe('0000000012#q');
    expect(rankText(100, 'q') > rankText(99, 'q')).toBe(true);
  });

  it('keeps a day’s counters one day past the week it counts in', () => {
    expect(dayKeptUntil('2026-11-26').toISOString()).toBe('2026-12-03T15:00:00.000Z');
  });

  it('tries the candidates a tier of equal players at a time, most first', () => {
    expect(
      playerTiers([
        ['a', 9],
        ['b', 4],
        ['c', 4],
        ['d', 1],
      ]),
    ).toEqual([['a'], ['b', 'c'], ['d']]);
    expect(playerTiers([])).toEqual([]);
  });
});
