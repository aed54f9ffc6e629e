import type { PlayerSeat, RoomState } from '../room';
import * as rules from '../rules';

/** The tests' clock: every room and phase is placed from here. */
export const T0 = 1_800_000_000_000;

/** A connected player's seat, not ready, no answers yet. */
export function seat(nickname: string, joinedAt: number, overrides: Partial<PlayerSeat> = {}): PlayerSeat {
  return {
    nickname,
    isReady: false,
    joinedAt,
    connectionId: `c-${nickname}`,
    endpoint: 'http://connections.local',
    leftAt: null,
    score: 0,
    answers: {},
    points: {},
    ...overrides,
  };
}

/** A waiting room of `host` (joined first) and `guest`, both connected, before any game. */
export function waitingRoom(overrides: Partial<RoomState> = {}): RoomState {
  return {
    code: 'ABCDEF',
    hostId: 'host',
    passwordHash: null,
    passwordSalt: null,
    settings: {
      quizId: 'quiz-1',
      quizTitle: '地理',
      maxPlayers: 4,
      timePerQuestion: 20,
      category: 'all',
      randomOrder: false,
    },
    players: { host: seat('ホスト', T0), guest: seat('ゲスト', T0 + 1) },
    ...rules.waitingGame(),
    step: 0,
    version: 1,
    createdAt: new Date(T0).toISOString(),
    ...overrides,
  };
}

/** The same room with everyone ready, so the host may start. */
export const allReady = (room: RoomState): RoomState => {
  const next = structuredClone(room);
  for (const player of Object.values(next.players)) player.isReady = true;
  return next;
};
