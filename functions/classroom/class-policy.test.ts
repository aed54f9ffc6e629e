import { describe, expect, it } from 'vitest';
import {
  resultsCsvRows,
  resultsOf,
  revealedPlayer,
  revealedScore,
  toClassPlayer,
  type ClassGame,
  type ClassPlayerItem,
} from './class-policy';

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

describe('the results of a game under way', () => {
  /** Two questions; the second is open and this player has answered it right. */
  const game = (state: ClassGame['state']) =>
    ({
      quizTitle: 'テスト',
      createdAt: '2026-11-28T00:00:00.000Z',
      state,
      questionIndex: 1,
      questions: [{ text: '一問目' }, { text: '二問目' }],
      stats: {},
    }) as unknown as ClassGame;

  it('leave out the open question’s answer, points and count: the host’s screen may be projected', () => {
    expect(revealedPlayer(player, game('question'))).toMatchObject({
      score: 900,
      correctCount: 1,
      answers: { '0': player.answers['0'] },
    });
    const [row] = resultsOf(game('question'), [player]).players;
    expect(row).toMatchObject({ score: 900, correctCount: 1, answers: [player.answers['0'], null] });
    expect(resultsCsvRows(resultsOf(game('question'), [player]))[1]).toEqual([
      '1',
      'たろう',
      '900',
      '1',
      'A ○',
      '',
    ]);
  });

  it('show every answer once it is revealed or the game ended', () => {
    for (const state of ['reveal', 'finished'] as const)
      expect(resultsOf(game(state), [player]).players[0]).toMatchObject({ score: 1700, correctCount: 2 });
  });
});
