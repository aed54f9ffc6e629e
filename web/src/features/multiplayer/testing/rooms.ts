import type { Room } from '@shared/multiplayer';

/** A player of a test room: present, not ready, no points yet. */
export const player = (id: string, nickname: string, extra: Partial<Room['players'][number]> = {}) => ({
  id,
  nickname,
  isReady: false,
  isHost: false,
  score: 0,
  connected: true,
  ...extra,
});

/**
 * A room as the server sends it, for the page's and the reducer's tests: はなこ (u1) hosts 「日本の
 * 地理」 (2 questions) for たろう (u2), waiting for a start.
 */
export function room(overrides: Partial<Room> = {}): Room {
  return {
    id: 'ABC234',
    host: 'はなこ',
    hostId: 'u1',
    isLocked: false,
    gameState: 'waiting',
    settings: {
      quizId: 'q1',
      quizTitle: '日本の地理',
      maxPlayers: 4,
      timePerQuestion: 15,
      category: 'all',
      randomOrder: false,
      host: 'はなこ',
    },
    players: [player('u1', 'はなこ', { isHost: true }), player('u2', 'たろう')],
    totalQuestions: 2,
    questionIndex: -1,
    version: 1,
    ...overrides,
  };
}
