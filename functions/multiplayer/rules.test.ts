import { describe, expect, it } from 'vitest';
import { GAME_STATES, MULTIPLAYER_MESSAGES as M, ROOM_LIMITS, questionScore } from '@shared/multiplayer';
import { RoomError } from './errors';
import { passwordFields, type GameQuestion, type RoomState } from './room';
import * as rules from './rules';
import { allReady, seat, T0, waitingRoom } from './testing/rooms';

/**
 * The room's rules as a state machine, without a table, a queue or a socket: each test gives a
 * room and an event and reads the room after, the ticks asked of the clock, or the refusal.
 */

const SECOND = 1000;

const questions: GameQuestion[] = [
  {
    id: 'q-1',
    text: '日本の首都は？',
    options: { A: '東京', B: '大阪' },
    correctAnswer: 'A',
    explanation: null,
  },
  {
    id: 'q-2',
    text: '富士山の高さは？',
    options: { A: '3776 m', B: '2000 m', C: '1000 m', D: '500 m' },
    correctAnswer: 'A',
    explanation: '標高 3,776 m。',
  },
];

/** The room after a rule that must have changed it. */
function changed<R>(change: rules.Transition<R>): RoomState {
  if (!('room' in change)) throw new Error(`expected a changed room, got ${JSON.stringify(change)}`);
  return change.room;
}

/** The refusal a rule throws. */
function refusal(rule: () => unknown): { reason: string; message: string } {
  try {
    rule();
  } catch (error) {
    if (error instanceof RoomError) return { reason: error.reason, message: error.message };
    throw error;
  }
  throw new Error('expected a refusal');
}

const started = (now = T0) => changed(rules.startGame(allReady(waitingRoom()), questions, '地理クイズ', now));
/** The room with question `index` open since `at`. */
function questionOpen(index = 0, at = T0 + 3 * SECOND): RoomState {
  let room = started();
  room = changed(rules.endPhase(room, room.step, room.phaseEndsAt, 'wait'));
  while (room.questionIndex < index) {
    room = changed(rules.endPhase(room, room.step, room.phaseEndsAt, 'wait'));
    room = changed(rules.endPhase(room, room.step, room.phaseEndsAt, 'wait'));
  }
  return { ...room, questionStartedAt: at, phaseEndsAt: at + room.settings.timePerQuestion * SECOND };
}
const answered = (room: RoomState, userId: string, answer: 'A' | 'B' | 'C' | 'D', at: number): RoomState => {
  const next = structuredClone(room);
  next.players[userId]!.answers[String(room.questionIndex)] = { answer, at };
  return next;
};

describe('waiting → starting', () => {
  it('starts only when the room waits, everyone is ready and at least two are connected', () => {
    expect(rules.canStart(allReady(waitingRoom()))).toBe(true);
    expect(rules.canStart(waitingRoom())).toBe(false);
    const oneReady = waitingRoom();
    oneReady.players.host!.isReady = true;
    expect(rules.canStart(oneReady)).toBe(false);
    const alone = allReady(waitingRoom());
    alone.players.guest!.connectionId = null;
    expect(rules.canStart(alone)).toBe(false);
    expect(rules.canStart({ ...allReady(waitingRoom()), gameState: 'finished' })).toBe(false);
  });

  it('counts down 3 s, keeps the answer key and the letters offered, clears scores and asks for the countdown’s end', () => {
    const before = allReady(waitingRoom());
    before.players.host!.score = 900;
    const frozen = structuredClone(before);
    const change = rules.startGame(before, questions, '地理クイズ', T0);
    const room = changed(change);
    expect(room).toMatchObject({
      gameState: 'starting',
      step: 1,
      questionIndex: -1,
      phaseEndsAt: T0 + ROOM_LIMITS.countdownSeconds * SECOND,
      totalQuestions: 2,
      answerKey: ['A', 'A'],
      questionIds: ['q-1', 'q-2'],
      choices: ['AB', 'ABCD'],
      settings: { quizTitle: '地理クイズ' },
    });
    expect(room.players.host).toMatchObject({ score: 0, answers: {}, points: {} });
    expect(change.ticks).toEqual([
      { tick: { kind: 'phase', roomId: 'ABCDEF', step: 1 }, at: T0 + 3 * SECOND },
    ]);
    expect(before).toEqual(frozen);
  });

  it('sends everyone back to choosing when the quiz cannot be played', () => {
    const room = changed(rules.cancelStart(allReady(waitingRoom())));
    expect(Object.values(room.players).map((player) => player.isReady)).toEqual([false, false]);
    expect(room.gameState).toBe('waiting');
  });
});

describe('starting → question → results → … → finished → waiting', () => {
  it('walks the spec’s states in order, each phase ended by its tick, one step each', () => {
    let room = started();
    const seen: string[] = ['waiting', room.gameState];
    for (let guard = 0; room.gameState !== 'waiting' && guard < 20; guard++) {
      const change = rules.endPhase(room, room.step, room.phaseEndsAt, 'wait');
      const next = changed(change);
      expect(next.step).toBe(room.step + 1);
      expect(change.ticks).toEqual(next.gameState === 'waiting' ? [] : [rules.phaseTick(next)]);
      seen.push(next.gameState);
      room = next;
    }
    expect(seen).toEqual([
      'waiting',
      'starting',
      'question',
      'results',
      'question',
      'results',
      'finished',
      'waiting',
    ]);
    expect(new Set(seen)).toEqual(new Set(GAME_STATES));
  });

  it('opens question 0 when the countdown ends, with the time limit as its deadline', () => {
    const room = started();
    const end = room.phaseEndsAt;
    expect(changed(rules.endPhase(room, room.step, end, 'wait'))).toMatchObject({
      gameState: 'question',
      questionIndex: 0,
      questionStartedAt: end,
      phaseEndsAt: end + 20 * SECOND,
    });
  });

  it('reveals at the deadline: a right answer scores by its speed, a wrong or missing one 0', () => {
    let room = questionOpen(0);
    room = answered(room, 'host', 'A', room.questionStartedAt + 5 * SECOND);
    const next = changed(rules.endPhase(room, room.step, room.phaseEndsAt, 'wait'));
    expect(next.gameState).toBe('results');
    expect(next.phaseEndsAt).toBe(room.phaseEndsAt + ROOM_LIMITS.revealSeconds * SECOND);
    const points = questionScore(true, 5 * SECOND, 20);
    expect(next.players.host).toMatchObject({ score: points, points: { '0': points } });
    expect(next.players.guest).toMatchObject({ score: 0, points: { '0': 0 } });

    const wrong = answered(questionOpen(0), 'guest', 'B', T0 + 4 * SECOND);
    const revealed = changed(rules.endPhase(wrong, wrong.step, wrong.phaseEndsAt, 'wait'));
    expect(revealed.players.guest!.points['0']).toBe(0);
  });

  it('ends a question early once everyone answered, and not before', () => {
    const open = questionOpen(0);
    const now = open.questionStartedAt + 2 * SECOND;
    const half = answered(open, 'host', 'A', now);
    expect(rules.endPhase(half, half.step, now, 'advance')).toEqual({ unchanged: true, result: 'stale' });
    const all = answered(half, 'guest', 'B', now);
    expect(changed(rules.endPhase(all, all.step, now, 'advance')).gameState).toBe('results');
  });

  it('moves from the results to the next question, and from the last results to the ranking', () => {
    const results = changed(rules.endPhase(questionOpen(0), 2, T0 + 60 * SECOND, 'wait'));
    const second = changed(rules.endPhase(results, results.step, results.phaseEndsAt, 'wait'));
    expect(second).toMatchObject({ gameState: 'question', questionIndex: 1 });
    const lastResults = changed(rules.endPhase(second, second.step, second.phaseEndsAt, 'wait'));
    const finished = changed(rules.endPhase(lastResults, lastResults.step, lastResults.phaseEndsAt, 'wait'));
    expect(finished).toMatchObject({
      gameState: 'finished',
      phaseEndsAt: lastResults.phaseEndsAt + ROOM_LIMITS.finishedSeconds * SECOND,
    });
  });

  it('returns to waiting after the ranking: no clock, ready flags, scores and answers cleared', () => {
    let room = questionOpen(1);
    room = answered(room, 'host', 'A', room.questionStartedAt);
    room = changed(rules.endPhase(room, room.step, room.phaseEndsAt, 'wait'));
    room = changed(rules.endPhase(room, room.step, room.phaseEndsAt, 'wait'));
    expect(room.gameState).toBe('finished');
    const change = rules.endPhase(room, room.step, room.phaseEndsAt, 'wait');
    const waiting = changed(change);
    expect(waiting).toMatchObject({ ...rules.waitingGame(), step: room.step + 1 });
    expect(Object.values(waiting.players)).toEqual(
      Object.values(room.players).map((player) => ({
        ...player,
        isReady: false,
        score: 0,
        answers: {},
        points: {},
      })),
    );
    expect(change.ticks).toEqual([]);
  });

  it('changes nothing for a tick of a step already ended or a room that waits, and puts back an early tick', () => {
    const room = started();
    expect(rules.endPhase(room, room.step - 1, room.phaseEndsAt, 'wait')).toEqual({
      unchanged: true,
      result: 'stale',
    });
    expect(rules.endPhase(waitingRoom(), 0, T0, 'wait')).toEqual({ unchanged: true, result: 'stale' });
    expect(rules.endPhase(room, room.step, room.phaseEndsAt - 1, 'wait')).toEqual({
      unchanged: true,
      result: 'early',
    });
  });

  it('lets a member’s message end a phase only when it is long overdue (its tick was lost)', () => {
    const room = started();
    expect(rules.phaseOverdue(room, room.phaseEndsAt + rules.OVERDUE_MS)).toBe(false);
    expect(rules.phaseOverdue(room, room.phaseEndsAt + rules.OVERDUE_MS + 1)).toBe(true);
    expect(rules.phaseOverdue(waitingRoom(), T0 + 3_600_000)).toBe(false);
  });
});

describe('answers', () => {
  const open = questionOpen(0);
  const during = open.questionStartedAt + SECOND;

  it('accepts an answer of the open question, one of its letters, before its deadline', () => {
    expect(rules.checkAnswer(open, { answer: 'B' }, during)).toBe(0);
    expect(rules.checkAnswer(open, { answer: 'A', questionIndex: 0 }, during)).toBe(0);
  });

  it('refuses an answer outside a question, for another question, not offered, or at the deadline', () => {
    expect(refusal(() => rules.checkAnswer(waitingRoom(), { answer: 'A' }, during))).toEqual({
      reason: 'too_late',
      message: M.notAnswering,
    });
    expect(refusal(() => rules.checkAnswer(open, { answer: 'A', questionIndex: 1 }, during))).toEqual({
      reason: 'too_late',
      message: M.tooLate,
    });
    expect(refusal(() => rules.checkAnswer(open, { answer: 'C' }, during))).toEqual({
      reason: 'invalid',
      message: M.answerInvalid,
    });
    expect(refusal(() => rules.checkAnswer(open, { answer: 'A' }, open.phaseEndsAt)).reason).toBe('too_late');
  });

  it('says why the table refused an answer: given already, or too late', () => {
    expect(rules.answerRefusal(answered(open, 'host', 'A', during), 'host', 0).reason).toBe(
      'already_answered',
    );
    expect(rules.answerRefusal(open, 'host', 0).reason).toBe('too_late');
    expect(rules.answerRefusal(undefined, 'host', 0).reason).toBe('too_late');
  });

  it('waits for every connected player, and for a dropped one only within the drop grace', () => {
    const hostIn = answered(open, 'host', 'A', during);
    expect(rules.everyoneAnswered(hostIn, during)).toBe(false);
    expect(rules.everyoneAnswered(answered(hostIn, 'guest', 'A', during), during)).toBe(true);
    const dropped = structuredClone(hostIn);
    Object.assign(dropped.players.guest!, { connectionId: null, endpoint: null, leftAt: during });
    expect(rules.everyoneAnswered(dropped, rules.dropGraceEnds(during) - 1)).toBe(false);
    expect(rules.everyoneAnswered(dropped, rules.dropGraceEnds(during))).toBe(true);
    const nobody = structuredClone(dropped);
    Object.assign(nobody.players.host!, { connectionId: null, endpoint: null, leftAt: during });
    expect(rules.everyoneAnswered(nobody, during + 3_600_000)).toBe(false);
  });
});

describe('seats', () => {
  const newcomer: rules.Sitter = { userId: 'new', nickname: '新人', connectionId: 'c-new', endpoint: 'e' };

  it('seats a newcomer in a waiting room that has room, with the right password', () => {
    const room = changed(rules.join(waitingRoom(), newcomer, undefined, T0 + 5));
    expect(room.players.new).toEqual({ ...rules.newSeat(newcomer, T0 + 5) });
    const locked = waitingRoom(passwordFields('ひみつ'));
    expect(changed(rules.join(locked, newcomer, 'ひみつ', T0)).players.new).toBeDefined();
  });

  it('refuses a join without or with a wrong password, during a game, or to a full room', () => {
    const locked = waitingRoom(passwordFields('ひみつ'));
    expect(refusal(() => rules.join(locked, newcomer, undefined, T0)).reason).toBe('password_required');
    expect(refusal(() => rules.join(locked, newcomer, 'ちがう', T0)).reason).toBe('wrong_password');
    expect(refusal(() => rules.join(started(), newcomer, undefined, T0)).reason).toBe('in_game');
    const full = waitingRoom();
    full.settings.maxPlayers = 2;
    expect(refusal(() => rules.join(full, newcomer, undefined, T0)).reason).toBe('room_full');
    // A locked room that is playing or full says so before it asks for its password.
    const lockedGame = started();
    Object.assign(lockedGame, passwordFields('ひみつ'));
    expect(refusal(() => rules.join(lockedGame, newcomer, undefined, T0)).reason).toBe('in_game');
    const lockedFull = waitingRoom(passwordFields('ひみつ'));
    lockedFull.settings.maxPlayers = 2;
    expect(refusal(() => rules.join(lockedFull, newcomer, undefined, T0)).reason).toBe('room_full');
  });

  it('keeps a dropped seat for the rejoin time, and looks at an open question again after the drop grace', () => {
    const now = T0 + 10 * SECOND;
    const inLobby = rules.dropSeat(waitingRoom(), 'guest', 'c-ゲスト', now);
    expect(changed(inLobby).players.guest).toMatchObject({ connectionId: null, endpoint: null, leftAt: now });
    expect(inLobby.result).toBe(now);
    expect(inLobby.ticks).toEqual([
      { tick: { kind: 'seat', roomId: 'ABCDEF', userId: 'guest', leftAt: now }, at: rules.seatExpiry(now) },
    ]);
    const open = questionOpen(0);
    expect(rules.dropSeat(open, 'guest', 'c-ゲスト', now).ticks).toContainEqual({
      tick: { kind: 'answers', roomId: 'ABCDEF', step: open.step },
      at: rules.dropGraceEnds(now),
    });
    const done = answered(open, 'guest', 'A', now);
    expect(rules.dropSeat(done, 'guest', 'c-ゲスト', now).ticks).toHaveLength(1);
    expect(rules.dropSeat(open, 'guest', 'another-socket', now)).toEqual({ unchanged: true, result: null });
  });

  it('looks at the next question again when the grace of a seat dropped before it opened ends', () => {
    const open = questionOpen(0);
    const results = changed(rules.endPhase(open, open.step, open.phaseEndsAt, 'wait'));
    expect(results.gameState).toBe('results');
    const droppedAt = results.phaseEndsAt - 2 * SECOND;
    const dropped = changed(rules.dropSeat(results, 'guest', 'c-ゲスト', droppedAt));
    const next = rules.endPhase(dropped, dropped.step, dropped.phaseEndsAt, 'wait');
    const question = changed(next);
    expect(question.gameState).toBe('question');
    expect(next.ticks).toContainEqual({
      tick: { kind: 'answers', roomId: 'ABCDEF', step: question.step },
      at: rules.dropGraceEnds(droppedAt),
    });
    // Then the host's answer ends it, though the guest's seat is still kept for a rejoin.
    const hostIn = answered(question, 'host', 'A', rules.dropGraceEnds(droppedAt) - 1);
    expect(rules.everyoneAnswered(hostIn, rules.dropGraceEnds(droppedAt))).toBe(true);
    // A drop whose grace ended before the question opened holds nothing and asks for no look.
    const longGone = changed(rules.dropSeat(results, 'guest', 'c-ゲスト', results.phaseEndsAt - 60 * SECOND));
    expect(rules.endPhase(longGone, longGone.step, longGone.phaseEndsAt, 'wait').ticks).toHaveLength(1);
  });

  it('moves a seat to a new socket (a reload or another tab), back from a drop', () => {
    const dropped = changed(rules.dropSeat(waitingRoom(), 'guest', 'c-ゲスト', T0));
    const back = changed(rules.takeSeat(dropped, 'guest', { connectionId: 'c-2', endpoint: 'e2' }));
    expect(back.players.guest).toMatchObject({ connectionId: 'c-2', endpoint: 'e2', leftAt: null });
    expect(rules.takeSeat(back, 'guest', { connectionId: 'c-2', endpoint: 'e2' })).toEqual({
      unchanged: true,
      result: null,
    });
    expect(refusal(() => rules.takeSeat(back, 'stranger', { connectionId: 'c', endpoint: 'e' })).reason).toBe(
      'not_in_room',
    );
  });

  it('passes the host to the next connected player, and removes the room with its last player', () => {
    const room = waitingRoom();
    room.players.third = seat('三人目', T0 + 2);
    room.players.guest!.connectionId = null;
    const after = changed(rules.withoutPlayer(room, 'host'));
    expect(after.hostId).toBe('third');
    expect(after.players.host).toBeUndefined();
    const alone = changed(rules.withoutPlayer(waitingRoom(), 'guest'));
    expect(rules.withoutPlayer(alone, 'host')).toEqual({ delete: true, result: null });
    expect(rules.withoutPlayer(alone, 'stranger')).toEqual({ unchanged: true, result: null });
  });

  it('gives a kept seat up only when its rejoin time is over and the member did not come back', () => {
    const leftAt = T0;
    const dropped = changed(rules.dropSeat(waitingRoom(), 'guest', 'c-ゲスト', leftAt));
    expect(rules.giveUpSeat(dropped, 'guest', leftAt, rules.seatExpiry(leftAt) - 1).result).toBe('early');
    expect(rules.giveUpSeat(dropped, 'guest', leftAt - 1, rules.seatExpiry(leftAt)).result).toBe('kept');
    const back = changed(rules.takeSeat(dropped, 'guest', { connectionId: 'c-2', endpoint: 'e' }));
    expect(rules.giveUpSeat(back, 'guest', leftAt, rules.seatExpiry(leftAt)).result).toBe('kept');
    const given = changed(rules.giveUpSeat(dropped, 'guest', leftAt, rules.seatExpiry(leftAt)));
    expect(Object.keys(given.players)).toEqual(['host']);
  });

  it('says what players changing may lead to: a question complete, or a start', () => {
    expect(rules.afterPlayersChanged(waitingRoom(), T0)).toBe('start');
    const open = questionOpen(0);
    expect(rules.afterPlayersChanged(open, T0)).toBeNull();
    const all = answered(answered(open, 'host', 'A', T0), 'guest', 'A', T0);
    expect(rules.afterPlayersChanged(all, T0)).toBe('end_question');
    expect(rules.afterPlayersChanged(started(), T0)).toBeNull();
  });
});

describe('ready and settings', () => {
  it('toggles ready while waiting only, and takes it back after a failed start', () => {
    const ready = rules.toggleReady(waitingRoom(), 'guest');
    expect(ready.result).toBe(true);
    expect(rules.toggleReady(changed(ready), 'guest').result).toBe(false);
    expect(refusal(() => rules.toggleReady(started(), 'guest'))).toEqual({
      reason: 'in_game',
      message: M.readyDuringGame,
    });
    expect(refusal(() => rules.toggleReady(waitingRoom(), 'stranger')).reason).toBe('not_in_room');
    expect(changed(rules.unready(changed(ready), 'guest')).players.guest!.isReady).toBe(false);
    expect(rules.unready(waitingRoom(), 'guest')).toEqual({ unchanged: true, result: false });
  });

  it('lets only the host change settings, while waiting, not below the players seated; ready flags clear', () => {
    const settings = { ...waitingRoom().settings, maxPlayers: 3, timePerQuestion: 45 };
    const room = changed(rules.changeSettings(allReady(waitingRoom()), 'host', settings));
    expect(room.settings).toEqual(settings);
    expect(Object.values(room.players).every((player) => !player.isReady)).toBe(true);
    expect(refusal(() => rules.changeSettings(waitingRoom(), 'guest', settings))).toEqual({
      reason: 'not_host',
      message: M.hostOnlySettings,
    });
    expect(refusal(() => rules.changeSettings(started(), 'host', settings)).reason).toBe('in_game');
    expect(
      refusal(() => rules.changeSettings(waitingRoom(), 'host', { ...settings, maxPlayers: 1 })).reason,
    ).toBe('invalid');
  });
});

describe('ranking', () => {
  it('orders by score, then by correct answers; equal results share a rank; unanswered is “-”', () => {
    const room = questionOpen(0);
    Object.assign(room, { questionIds: ['q-1', 'q-2'], answerKey: ['A', 'A'] });
    room.players.third = seat('三人目', T0 + 2);
    Object.assign(room.players.host!, { score: 1500, answers: { '0': { answer: 'A', at: 0 } } });
    Object.assign(room.players.guest!, { score: 1500, answers: { '0': { answer: 'A', at: 0 } } });
    Object.assign(room.players.third!, { score: 0, answers: { '1': { answer: 'B', at: 0 } } });
    expect(rules.ranking(room)).toEqual([
      {
        rank: 1,
        playerId: 'host',
        nickname: 'ホスト',
        score: 1500,
        correctCount: 1,
        answers: { 'q-1': 'A', 'q-2': '-' },
      },
      {
        rank: 1,
        playerId: 'guest',
        nickname: 'ゲスト',
        score: 1500,
        correctCount: 1,
        answers: { 'q-1': 'A', 'q-2': '-' },
      },
      {
        rank: 3,
        playerId: 'third',
        nickname: '三人目',
        score: 0,
        correctCount: 0,
        answers: { 'q-1': '-', 'q-2': 'B' },
      },
    ]);
  });
});
