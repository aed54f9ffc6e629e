import type { HostGame, PlayerGame } from '@shared/classroom';

/**
 * A class game as the server sends it, for the reducers' and the pages' tests: はなこ hosts 「日本の
 * 地理」 (2 questions) with PIN 123456, in the lobby with たろう and じろう.
 */
export function hostGame(overrides: Partial<HostGame> = {}): HostGame {
  return {
    gameId: 'g1',
    pin: '123456',
    joinUrl: 'https://quiz.example/join?pin=123456',
    quizId: 'q1',
    quizTitle: '日本の地理',
    state: 'lobby',
    locked: false,
    settings: { timePerQuestion: 20, randomOrder: false, maxPlayers: 100, showQuestionText: false },
    players: [
      { playerId: 'p1', nickname: 'たろう', score: 0, connected: true },
      { playerId: 'p2', nickname: 'じろう', score: 0, connected: true },
    ],
    questionIndex: -1,
    totalQuestions: 2,
    question: null,
    reveal: null,
    createdAt: '2026-11-27T10:00:00.000Z',
    endsAt: '2026-11-27T12:00:00.000Z',
    ...overrides,
  };
}

/** What a player's device is told on joining: the lobby of g1. */
export function playerGame(overrides: Partial<PlayerGame> = {}): PlayerGame {
  return {
    gameId: 'g1',
    quizTitle: '日本の地理',
    state: 'lobby',
    questionIndex: -1,
    totalQuestions: 2,
    totalScore: 0,
    question: null,
    myAnswer: null,
    result: null,
    ...overrides,
  };
}

/** `class_question` of g1 (to the host, with the text and choices). */
export const classQuestion = (
  questionIndex: number,
  deadline: number,
  extra: Record<string, unknown> = {},
) => ({
  type: 'class_question' as const,
  gameId: 'g1',
  questionIndex,
  totalQuestions: 2,
  options: ['A', 'B', 'C'] as ('A' | 'B' | 'C' | 'D')[],
  deadline,
  serverTime: deadline - 20_000,
  ...extra,
});

export const classReveal = (questionIndex: number) => ({
  type: 'class_reveal' as const,
  gameId: 'g1',
  questionIndex,
  totalQuestions: 2,
  correctAnswer: 'B' as const,
  explanation: '岩手県は本州で一番広い県です',
  optionCounts: { A: 1, B: 3, C: 0, D: 0 },
  top: [
    { nickname: 'たろう', totalScore: 950 },
    { nickname: 'じろう', totalScore: 700 },
  ],
});
