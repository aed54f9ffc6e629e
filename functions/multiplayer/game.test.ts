import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Logger } from '../lib/logger';
import type { GameQuestion, RoomState } from './room';
import type { RoomWrite } from './room-store';
import type { ScheduledTick } from './rules';
import { allReady, seat, T0, waitingRoom } from './testing/rooms';

/**
 * The game as it runs, with its store, clock and fan-out replaced (serverless-test-samples'
 * store port): what these tests read is the order of what happens, the ticks before the write,
 * and messages only from the writer whose change went in.
 */

const events: string[] = [];
const rooms = new Map<string, RoomState>();
/** Set to make the next write lose its race (another writer changed the room first). */
let loseNextWrite = false;

vi.mock('./room-store', () => ({
  getRoom: async (code: string) => structuredClone(rooms.get(code)),
  getGameQuestions: async () => questions,
  gamePut: () => ({ Put: { Item: {} } }),
  releaseSeat: async () => undefined,
  changeRoom: async <R>(code: string, change: (room: RoomState, now: number) => Promise<RoomWrite<R>>) => {
    const before = rooms.get(code)!;
    const outcome = await change(structuredClone(before), now);
    if ('unchanged' in outcome) return { outcome, before };
    if (loseNextWrite) {
      loseNextWrite = false;
      events.push('write lost');
      throw Object.assign(new Error('lost'), { reason: 'busy' });
    }
    if ('room' in outcome) rooms.set(code, { ...outcome.room, version: before.version + 1 });
    events.push(`write ${'room' in outcome ? outcome.room.gameState : 'delete'}`);
    return { outcome, before };
  },
}));
vi.mock('./clock', () => ({
  scheduleTick: async ({ tick }: ScheduledTick) => void events.push(`tick ${tick.kind}`),
  scheduleTicks: async (ticks: ScheduledTick[] = []) => {
    for (const { tick } of ticks) events.push(`tick ${tick.kind}`);
  },
}));
vi.mock('./fan-out', () => ({
  sendToRoom: async (_room: RoomState, message: { type: string }) => void events.push(`send ${message.type}`),
  deliver: async (_socket: unknown, message: { type: string }) => void events.push(`send ${message.type}`),
}));
vi.mock('../quizzes/quiz', () => ({
  getQuizDetail: vi.fn(),
  canView: () => true,
  isPubliclyVisible: () => true,
}));
vi.mock('../lib/metrics', () => ({ emitMetric: () => undefined, METRIC: {} }));

const { advance, seatDisconnected } = await import('./game');
const rules = await import('./rules');

const log = { info: () => undefined, warn: () => undefined, error: () => undefined } as unknown as Logger;
let now = T0;
const questions: GameQuestion[] = [
  { id: 'q', text: '？', options: { A: 'はい', B: 'いいえ' }, correctAnswer: 'A', explanation: null },
];

/** a hosts b in 「t」, the game started at T0. */
function startedRoom(): RoomState {
  const waiting = allReady(
    waitingRoom({
      hostId: 'a',
      settings: { ...waitingRoom().settings, quizId: 'q', quizTitle: 't', timePerQuestion: 15 },
      players: { a: seat('a', T0), b: seat('b', T0 + 1) },
    }),
  );
  const change = rules.startGame(waiting, questions, 't', T0);
  if (!('room' in change)) throw new Error('not started');
  return change.room;
}

beforeEach(() => {
  events.length = 0;
  rooms.clear();
  loseNextWrite = false;
  rooms.set('ABCDEF', startedRoom());
  now = T0 + 3_000;
});

describe('a phase change', () => {
  it('asks the clock for its end before it is written, and is announced after', async () => {
    await advance('ABCDEF', 1, log, { early: 'wait' });
    expect(events).toEqual(['tick phase', 'write question', 'send question', 'send timer_sync']);
  });

  it('sends nothing when its write lost the race: the writer that won announces', async () => {
    loseNextWrite = true;
    await expect(advance('ABCDEF', 1, log, { early: 'wait' })).rejects.toThrow('lost');
    expect(events).toEqual(['tick phase', 'write lost']);
  });

  it('changes and sends nothing for a repeated tick, and puts back a tick that came early', async () => {
    await advance('ABCDEF', 1, log, { early: 'wait' });
    events.length = 0;
    await advance('ABCDEF', 1, log, { early: 'wait' });
    expect(events).toEqual([]);
    now = T0 + 4_000;
    await advance('ABCDEF', 2, log, { early: 'wait' });
    expect(events).toEqual(['tick phase']);
    expect(rooms.get('ABCDEF')!.gameState).toBe('question');
  });
});

describe('a socket that drops', () => {
  it('keeps the seat: its give-up and the question’s second look are scheduled before the write', async () => {
    await advance('ABCDEF', 1, log, { early: 'wait' });
    events.length = 0;
    await seatDisconnected('ABCDEF', 'b', 'c-b', log);
    expect(events).toEqual(['tick seat', 'tick answers', 'write question', 'send player_connection_changed']);
    expect(rooms.get('ABCDEF')!.players.b).toMatchObject({ connectionId: null, leftAt: now });
  });

  it('changes nothing for a socket that no longer holds the seat', async () => {
    await seatDisconnected('ABCDEF', 'b', 'an-older-socket', log);
    expect(events).toEqual([]);
  });
});
