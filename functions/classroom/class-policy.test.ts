import { describe, expect, it } from 'vitest';
import { revealedScore, toClassPlayer, type ClassPlayerItem } from './class-policy';

/** A player who scored 900 on question 0 and has just answered question 1 right (800 points). */
const player: ClassPlayerItem = {
  gameId: 'g',
  playerId: 'p',
  nickname: 'たろう',
  skeleton: 'たろう',
  userId: null,
  connectionId: 'c',
  endpoint: 'http://127.0.0.1',
  resumeTokenHash: 'h',
  connected: true,
  leftAt: null,
  removed: false,
  score: 1700,
  correctCount: 2,
  answers: {
    '0': { answer: 'A', points: 900, correct: true, ms: 2000 },
    '1': { answer: 'B', points: 800, correct: true, ms: 4000 },
  },
  closedThrough: 0,
  joinedAt: 0,
};

describe('what a player’s total shows before the reveal', () => {
  it('leaves out the open question’s points, which would say the answer was right', () => {
    expect(revealedScore(player, { state: 'question', questionIndex: 1 })).toBe(900);
    expect(toClassPlayer(player, { state: 'question', questionIndex: 1 }).score).toBe(900);
  });

  it('shows the whole total once the question is revealed, and in the lobby or at the end', () => {
    expect(revealedScore(player, { state: 'reveal', questionIndex: 1 })).toBe(1700);
    expect(revealedScore(player, { state: 'finished', questionIndex: 1 })).toBe(1700);
    expect(revealedScore({ ...player, score: 0, answers: {} }, { state: 'lobby', questionIndex: -1 })).toBe(
      0,
    );
  });

  it('is the total as it is while the open question has no answer of theirs', () => {
    expect(revealedScore(player, { state: 'question', questionIndex: 2 })).toBe(1700);
  });
});
