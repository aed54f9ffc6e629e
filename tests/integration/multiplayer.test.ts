import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { SendMessageCommand } from '@aws-sdk/client-sqs';
import type { SQSBatchResponse } from 'aws-lambda';
import { COOKIE_NAMES } from '@shared/api';
import { MULTIPLAYER_MESSAGES as M, ROOM_LIMITS } from '@shared/multiplayer';
import { db } from '@functions/data/db';
import { queryAll } from '@functions/data/paginate';
import { AnswerEventKeys, WrongAnswerKeys } from '@functions/learning/learning-keys';
import { RETRY } from '@functions/data/retry';
import { dynamo, sqs } from '@functions/lib/aws-clients';
import { getConfig } from '@functions/lib/config';
import { findSeatRoom, getGameQuestions, getRoom, roomKey } from '@functions/multiplayer/room-store';
import { SeatKeys } from '@functions/multiplayer/room-keys';
import { quizKey } from '@functions/quizzes/quiz-keys';
import { userKey, UserKeys } from '@functions/users/user-keys';
import { SOCKET_LIMITS } from '@functions/ws/socket-limits';
import { handler as tickHandler } from '@functions/ws/tick';
import { seed } from '../../scripts/seed';
import { startTestGateway } from '../support/gateway';
import { APP_ORIGIN } from '../support/http-client';
import { createRoomQuiz, openRoom, RoomPlayer, tickEvent } from '../support/multiplayer';

/**
 * Multiplayer rooms through the local gateway with real sockets, DynamoDB Local and the local SQS
 * clock. Where a rule is about time (a deadline, the 60-second rejoin), the test moves the stored
 * time rather than waiting on the clock, and delivers the tick itself where that stands for time.
 */
let gateway: Awaited<ReturnType<typeof startTestGateway>>;
const players: RoomPlayer[] = [];

/**
 * While set, the DynamoDB calls it matches fail as an item inside another change's transaction
 * makes them fail (`TransactionConflictException`), `left` more times; every match is counted.
 */
let conflicts:
  | {
      matches: (command: string, input: string) => boolean;
      left: number;
      seen: number;
      /** What the call fails with (a single write's conflict by default). */
      error?: () => Error;
    }
  | undefined;

/** A transaction cancelled because another transaction held one of its items. */
const cancelledByConflict = () =>
  new TransactionCanceledException({
    message: 'Transaction cancelled',
    $metadata: {},
    CancellationReasons: Array.from({ length: 8 }, () => ({ Code: 'TransactionConflict' })),
  });

beforeAll(async () => {
  gateway = await startTestGateway();
  await seed();
  // The functions run in this process behind the gateway: every DynamoDB call of theirs passes here.
  dynamo().middlewareStack.add(
    (next, context) => async (args) => {
      if (conflicts?.matches(String(context.commandName), JSON.stringify(args.input))) {
        conflicts.seen++;
        if (conflicts.left-- > 0)
          throw (
            conflicts.error?.() ??
            Object.assign(new Error('Transaction is ongoing'), { name: 'TransactionConflictException' })
          );
      }
      return next(args);
    },
    { step: 'initialize', name: 'injectTransactionConflicts' },
  );
});
afterAll(async () => {
  for (const player of players) player.close();
  await gateway.stop();
});

async function player(nickname?: string) {
  const joined = await RoomPlayer.signIn(gateway, nickname);
  players.push(joined);
  return joined;
}

/** A host in a new room on a new quiz, and the room's code. */
async function hostRoom(options: Record<string, unknown> = {}, answers?: ('A' | 'B' | 'C' | 'D')[]) {
  const host = await player('ホスト');
  return { host, ...(await openRoom(host, options, answers)) };
}

async function joined(code: string, nickname?: string, password?: string) {
  const guest = await player(nickname);
  guest.send({ type: 'join_room', roomId: code.toLowerCase(), ...(password ? { password } : {}) });
  await guest.expect('player_joined', (message) => message.player.id === guest.user.id);
  return guest;
}

/** Delivers a game-clock tick now, as the queue would. */
const tick = (body: Record<string, unknown>) =>
  sqs().send(
    new SendMessageCommand({
      QueueUrl: getConfig().tickQueueUrl,
      MessageBody: JSON.stringify(body),
      DelaySeconds: 0,
    }),
  );

/** Moves a room's stored clock: the current phase ends `ms` ago. */
const endPhase = (code: string, ms = 1) =>
  db.update({
    Key: roomKey(code),
    UpdateExpression: 'SET phaseEndsAt = :t ADD version :one',
    ExpressionAttributeValues: { ':t': Date.now() - ms, ':one': 1 },
  });

async function startGame(host: RoomPlayer, guests: RoomPlayer[]) {
  for (const someone of [host, ...guests]) someone.send({ type: 'ready' });
  for (const someone of [host, ...guests]) await someone.expect('game_starting');
}

describe('a whole game', () => {
  it('plays two questions to a ranking, ends a question as soon as everyone answered, and resets the room', async () => {
    const { host, quiz, code, created } = await hostRoom();
    expect(code).toMatch(new RegExp(`^[${ROOM_LIMITS.codeAlphabet}]{6}$`));
    expect(created.room).toMatchObject({
      id: code,
      isLocked: false,
      gameState: 'waiting',
      hostId: host.user.id,
    });
    expect(created.room.settings).toMatchObject({
      quizId: quiz.id,
      quizTitle: quiz.title,
      maxPlayers: 4,
      timePerQuestion: 60,
    });
    const guest = await joined(code, 'ゲスト');
    const outsider = await player('部外者');
    const seen = await host.expect('player_joined');
    expect(seen.room.players.map((p) => p.nickname)).toEqual(['ホスト', 'ゲスト']);

    const listed = await host.client.get('/api/multiplayer/rooms');
    expect(listed.status).toBe(200);
    expect((listed.json.rooms as { id: string }[]).find((room) => room.id === code)).toEqual({
      id: code,
      isLocked: false,
      host: 'ホスト',
      playerCount: 2,
      maxPlayers: 4,
      gameState: 'waiting',
      quizTitle: quiz.title,
    });

    host.send({ type: 'ready' });
    expect(await guest.expect('player_ready_changed')).toMatchObject({
      playerId: host.user.id,
      isReady: true,
    });
    guest.send({ type: 'ready' });
    expect(await host.expect('game_starting')).toMatchObject({ countdown: 3, totalQuestions: 2 });

    // A latecomer cannot join a room in a game.
    outsider.send({ type: 'join_room', roomId: code });
    expect(await outsider.expect('error')).toEqual({ type: 'error', message: M.inGame, reason: 'in_game' });

    const first = await host.expect('question', (message) => message.questionIndex === 0);
    expect(first).toMatchObject({
      question: { text: '1問目', options: { A: '選択肢A', D: '選択肢D' } },
      timeLimit: 60,
      totalQuestions: 2,
    });
    expect(JSON.stringify(first)).not.toContain('correct');
    expect(first.deadline).toBeGreaterThan(Date.now());
    expect(await host.expect('timer_sync')).toMatchObject({ questionIndex: 0, deadline: first.deadline });
    await guest.expect('question', (message) => message.questionIndex === 0);

    host.send({ type: 'answer', answer: 'A', questionIndex: 0 });
    expect(await host.expect('answer_accepted')).toMatchObject({ questionIndex: 0, answer: 'A' });
    host.send({ type: 'answer', answer: 'B', questionIndex: 0 });
    expect(await host.expect('error')).toMatchObject({
      reason: 'already_answered',
      message: M.alreadyAnswered,
    });
    guest.send({ type: 'answer', answer: 'C', questionIndex: 0 });

    const reveal = await guest.expect('answer_reveal', (message) => message.questionIndex === 0);
    expect(reveal).toMatchObject({ correctAnswer: 'A', explanation: '1問目の解説' });
    const hostResult = reveal.results.find((result) => result.playerId === host.user.id)!;
    expect(hostResult).toMatchObject({ answer: 'A', isCorrect: true });
    expect(hostResult.score).toBeGreaterThanOrEqual(500);
    expect(hostResult.score).toBeLessThanOrEqual(1000);
    expect(reveal.results.find((result) => result.playerId === guest.user.id)).toMatchObject({
      answer: 'C',
      isCorrect: false,
      score: 0,
      totalScore: 0,
    });

    await host.expect('question', (message) => message.questionIndex === 1);
    host.send({ type: 'answer', answer: 'A', questionIndex: 1 });
    guest.send({ type: 'answer', answer: 'C', questionIndex: 1 });
    const finished = await host.expect('game_finished');
    expect(finished.winner).toMatchObject({ playerId: host.user.id, rank: 1, correctCount: 1 });
    expect(finished.results.map((entry) => entry.nickname)).toEqual(['ホスト', 'ゲスト']);
    expect(finished.results[1]).toMatchObject({ correctCount: 0, rank: 2, score: 0 });
    expect(Object.values(finished.results[0]!.answers)).toEqual(['A', 'A']);

    const reset = await guest.expect('room_reset');
    expect(reset.room.gameState).toBe('waiting');
    expect(reset.room.players.every((p) => !p.isReady && p.score === 0)).toBe(true);

    // Every step reached each player exactly once, in order, and nothing reached the outsider.
    for (const someone of [host, guest]) {
      const steps = someone.received
        .filter((message) =>
          ['game_starting', 'question', 'answer_reveal', 'game_finished', 'room_reset'].includes(
            message.type,
          ),
        )
        .map((message) => `${message.type}${'questionIndex' in message ? message.questionIndex : ''}`);
      expect(steps).toEqual([
        'game_starting',
        'question0',
        'answer_reveal0',
        'question1',
        'answer_reveal1',
        'game_finished',
        'room_reset',
      ]);
    }
    expect(outsider.received.map((message) => message.type)).toEqual(['authenticated', 'error']);
  });
});

describe('the game clock', () => {
  it('ends a question nobody finished at its deadline by the tick, once, and refuses answers after it', async () => {
    const { host, code } = await hostRoom({ timePerQuestion: 15 });
    const guest = await joined(code);
    await startGame(host, [guest]);
    await host.expect('question', (message) => message.questionIndex === 0);
    await guest.expect('question', (message) => message.questionIndex === 0);
    host.send({ type: 'answer', answer: 'A', questionIndex: 0 });
    await host.expect('answer_accepted');
    const open = (await getRoom(code))!;

    // Nobody else answers: the game clock's own tick ends the question at its deadline.
    const reveal = await guest.expect('answer_reveal');
    expect(reveal.results.find((result) => result.playerId === guest.user.id)).toMatchObject({
      answer: null,
      isCorrect: false,
      score: 0,
    });
    // The same tick again (a duplicate) and an older one change nothing.
    await tick({ kind: 'phase', roomId: code, step: open.step });
    await tick({ kind: 'phase', roomId: code, step: open.step - 1 });
    const next = await guest.expect('question');
    expect(next.questionIndex).toBe(1);

    // An answer meant for the first question is not applied to the second.
    guest.send({ type: 'answer', answer: 'A', questionIndex: 0 });
    expect(await guest.expect('error')).toEqual({ type: 'error', message: M.tooLate, reason: 'too_late' });
    // The deadline passes (the stored clock is moved): an answer now is refused before any tick.
    await endPhase(code);
    guest.send({ type: 'answer', answer: 'B', questionIndex: 1 });
    expect(await guest.expect('error')).toEqual({ type: 'error', message: M.tooLate, reason: 'too_late' });
    await tick({ kind: 'phase', roomId: code, step: (await getRoom(code))!.step });
    const finished = await guest.expect('game_finished');
    expect(finished.results.find((entry) => entry.playerId === guest.user.id)).toMatchObject({
      correctCount: 0,
      score: 0,
    });
    expect(guest.all('answer_reveal').map((message) => message.questionIndex)).toEqual([0, 1]);
    expect(guest.all('question').map((message) => message.questionIndex)).toEqual([0, 1]);
  });

  it('does not end a question early when its tick comes before the deadline', async () => {
    const { host, code } = await hostRoom();
    const guest = await joined(code);
    await startGame(host, [guest]);
    await host.expect('question');
    const room = (await getRoom(code))!;
    await tick({ kind: 'phase', roomId: code, step: room.step });
    host.send({ type: 'answer', answer: 'A', questionIndex: 0 });
    expect(await host.expect('answer_accepted')).toMatchObject({ questionIndex: 0 });
    expect((await getRoom(code))!.gameState).toBe('question');
  });
});

describe('ending a question and a game', () => {
  it('reveals at the last connected answer, not at the deadline, when a seat dropped long ago', async () => {
    const { host, code } = await hostRoom();
    const guest = await joined(code, 'ゲスト');
    const gone = await joined(code, '離脱');
    // A member who said ready, then closed the tab: the game starts with their seat kept.
    gone.send({ type: 'ready' });
    await host.expect('player_ready_changed', (message) => message.playerId === gone.user.id);
    await gone.disconnect();
    await host.expect('player_connection_changed', (message) => message.playerId === gone.user.id);
    await startGame(host, [guest]);
    const question = await host.expect('question', (message) => message.questionIndex === 0);
    // The tab went longer ago than a reload takes.
    await db.update({
      Key: roomKey(code),
      UpdateExpression: 'SET players.#gone.leftAt = :past ADD version :one',
      ExpressionAttributeNames: { '#gone': gone.user.id },
      ExpressionAttributeValues: {
        ':past': Date.now() - ROOM_LIMITS.dropGraceSeconds * 1000 - 1000,
        ':one': 1,
      },
    });
    host.send({ type: 'answer', answer: 'A', questionIndex: 0 });
    guest.send({ type: 'answer', answer: 'B', questionIndex: 0 });
    const reveal = await host.expect('answer_reveal');
    // Ended by the last answer, not by the clock (60 s a question): the results began before the deadline.
    expect(reveal.nextAt - ROOM_LIMITS.revealSeconds * 1000).toBeLessThan(question.deadline);
    expect(reveal.results.find((result) => result.playerId === gone.user.id)).toMatchObject({
      answer: null,
      score: 0,
    });
  });

  it('holds a question for a player who just dropped (a reload), then ends it without them when the grace is over', async () => {
    const { host, code } = await hostRoom();
    const guest = await joined(code, 'ゲスト');
    const gone = await joined(code, '離脱');
    await startGame(host, [guest, gone]);
    const question = await host.expect('question', (message) => message.questionIndex === 0);
    await gone.disconnect();
    await host.expect('player_connection_changed', (message) => message.playerId === gone.user.id);
    host.send({ type: 'answer', answer: 'A', questionIndex: 0 });
    guest.send({ type: 'answer', answer: 'B', questionIndex: 0 });
    // Both answers are in and the question is still open: it waits for the member reloading.
    await host.expect('player_answered', (message) => message.playerId === guest.user.id);
    await host.expect('player_answered', (message) => message.playerId === host.user.id);
    expect((await getRoom(code))!.gameState).toBe('question');
    // The grace passes (the stored clock is moved) and its tick comes: the question ends without them.
    await db.update({
      Key: roomKey(code),
      UpdateExpression: 'SET players.#gone.leftAt = :past ADD version :one',
      ExpressionAttributeNames: { '#gone': gone.user.id },
      ExpressionAttributeValues: {
        ':past': Date.now() - ROOM_LIMITS.dropGraceSeconds * 1000 - 1000,
        ':one': 1,
      },
    });
    await tick({ kind: 'answers', roomId: code, step: (await getRoom(code))!.step });
    const reveal = await host.expect('answer_reveal');
    expect(reveal.nextAt - ROOM_LIMITS.revealSeconds * 1000).toBeLessThan(question.deadline);
    expect(await guest.expect('answer_reveal')).toMatchObject({ questionIndex: 0 });
  });

  it('names no winner when the top is shared, 0–0 included: the ranking gives both rank 1', async () => {
    const { host, code } = await hostRoom({}, ['A']);
    const guest = await joined(code, 'ゲスト');
    await startGame(host, [guest]);
    await host.expect('question');
    host.send({ type: 'answer', answer: 'B', questionIndex: 0 });
    guest.send({ type: 'answer', answer: 'C', questionIndex: 0 });
    const finished = await guest.expect('game_finished');
    expect(finished.winner).toBeNull();
    expect(finished.results.map((entry) => [entry.nickname, entry.rank, entry.score])).toEqual([
      ['ホスト', 1, 0],
      ['ゲスト', 1, 0],
    ]);
  });
});

describe('creating a room while seated in another', () => {
  it('leaves the old room in the same write: the room hears player_left with its new host, another tab hears left_room', async () => {
    const { host, code } = await hostRoom();
    const guest = await joined(code, 'ゲスト');
    // A second tab of the host's that does not take the seat: it is in the lobby.
    const tab = await host.openTab(gateway, { rejoin: false });
    expect(tab.all('authenticated')[0]!.roomId).toBeNull();
    const quiz = await createRoomQuiz(host.client);
    tab.send({
      type: 'create_room',
      quizId: quiz.id,
      maxPlayers: 4,
      category: 'all',
      timePerQuestion: 30,
      randomOrder: false,
    });
    const created = await tab.expect('room_created');
    expect(created.roomId).not.toBe(code);
    expect(await host.expect('left_room')).toEqual({ type: 'left_room', roomId: code });
    expect(await guest.expect('player_left')).toMatchObject({
      playerId: host.user.id,
      room: { hostId: guest.user.id, host: 'ゲスト', players: [{ id: guest.user.id }] },
    });
    expect((await findSeatRoom(host.user.id))?.code).toBe(created.roomId);
    expect(Object.keys((await getRoom(code))!.players)).toEqual([guest.user.id]);
    tab.close();
  });

  it('changes nothing when the creation cannot be written: the member stays in the old room', async () => {
    const { host, code } = await hostRoom();
    const guest = await joined(code, 'ゲスト');
    const quiz = await createRoomQuiz(host.client);
    conflicts = {
      matches: (command, input) => command === 'TransactWriteItemsCommand' && input.includes(quiz.id),
      left: RETRY.attempts + 2,
      seen: 0,
      error: cancelledByConflict,
    };
    try {
      host.send({
        type: 'create_room',
        quizId: quiz.id,
        maxPlayers: 4,
        category: 'all',
        timePerQuestion: 30,
        randomOrder: false,
      });
      expect(await host.first((message) => ['error', 'room_created'].includes(message.type))).toEqual({
        type: 'error',
        message: M.busy,
        reason: 'busy',
      });
    } finally {
      conflicts = undefined;
    }
    expect(Object.keys((await getRoom(code))!.players).sort()).toEqual([host.user.id, guest.user.id].sort());
    expect((await findSeatRoom(host.user.id))?.code).toBe(code);
    expect(guest.all('player_left')).toEqual([]);
  });
});

describe('joining and the host', () => {
  it('asks for the password, refuses a wrong one and a full room', async () => {
    const { host, code, created } = await hostRoom({ password: 'ひみつ', maxPlayers: 2 });
    expect(created.room.isLocked).toBe(true);
    const guest = await player();
    guest.send({ type: 'join_room', roomId: code });
    expect(await guest.expect('error')).toEqual({
      type: 'error',
      message: M.passwordRequired,
      reason: 'password_required',
    });
    guest.send({ type: 'join_room', roomId: code, password: 'ちがう' });
    expect(await guest.expect('error')).toEqual({
      type: 'error',
      message: M.wrongPassword,
      reason: 'wrong_password',
    });
    guest.send({ type: 'join_room', roomId: code, password: 'ひみつ' });
    await host.expect('player_joined', (message) => message.player.id === guest.user.id);
    const third = await player();
    third.send({ type: 'join_room', roomId: code, password: 'ひみつ' });
    expect(await third.expect('error')).toEqual({ type: 'error', message: M.roomFull, reason: 'room_full' });
    third.send({ type: 'join_room', roomId: 'ZZZZZZ' });
    expect(await third.expect('error')).toMatchObject({ reason: 'not_found', message: M.roomNotFound });
    third.send({ type: 'join_room', roomId: 'AB1' });
    expect(await third.expect('error')).toMatchObject({ reason: 'invalid', message: M.roomCodeInvalid });
  });

  it('lets only the host change settings, clears ready flags, and hands the room over when the host leaves', async () => {
    const { host, quiz, code } = await hostRoom();
    const guest = await joined(code, 'ゲスト');
    guest.send({ type: 'ready' });
    await host.expect('player_ready_changed');
    const settings = {
      quizId: quiz.id,
      quizTitle: quiz.title,
      maxPlayers: 6,
      timePerQuestion: 20,
      category: '歴史',
      randomOrder: true,
    };
    guest.send({ type: 'update_room_settings', ...settings });
    expect(await guest.expect('error')).toEqual({
      type: 'error',
      message: M.hostOnlySettings,
      reason: 'not_host',
    });

    host.send({ type: 'update_room_settings', ...settings, timePerQuestion: 17 });
    expect(await host.expect('error')).toMatchObject({ reason: 'invalid', message: M.secondsRange });
    host.send({ type: 'update_room_settings', ...settings });
    const updated = await guest.expect('room_settings_updated');
    expect(updated.settings).toMatchObject({
      maxPlayers: 6,
      timePerQuestion: 20,
      category: '歴史',
      randomOrder: true,
      host: 'ホスト',
    });
    expect(updated.updatedBy).toBe('ホスト');
    expect(updated.room.players.every((p) => !p.isReady)).toBe(true);

    host.send({ type: 'leave_room' });
    await host.expect('left_room');
    const left = await guest.expect('player_left');
    expect(left).toMatchObject({ playerId: host.user.id, room: { hostId: guest.user.id, host: 'ゲスト' } });
    guest.send({ type: 'update_room_settings', ...settings, maxPlayers: 3 });
    expect((await guest.expect('room_settings_updated')).settings.maxPlayers).toBe(3);

    guest.send({ type: 'leave_room' });
    await guest.expect('left_room');
    expect(await getRoom(code)).toBeUndefined();
  });

  it('seats exactly as many of 30 simultaneous joins as the room holds, and answers the rest', async () => {
    const { host, code } = await hostRoom({ maxPlayers: 8 });
    const crowd = await Promise.all(Array.from({ length: 30 }, () => player()));
    for (const someone of crowd) someone.send({ type: 'join_room', roomId: code });
    const outcomes = await Promise.all(
      crowd.map(async (someone) => {
        for (;;) {
          const last = someone.received.find(
            (message) =>
              message.type === 'error' ||
              (message.type === 'player_joined' && message.player.id === someone.user.id),
          );
          if (last) return last.type === 'error' ? (last as { reason: string }).reason : 'joined';
          await new Promise((done) => setTimeout(done, 20));
        }
      }),
    );
    expect(outcomes.filter((outcome) => outcome === 'joined')).toHaveLength(7);
    expect(new Set(outcomes.filter((outcome) => outcome !== 'joined'))).toEqual(new Set(['room_full']));
    expect(Object.keys((await getRoom(code))!.players)).toHaveLength(8);
    host.close();
  });

  it('keeps a member in one room however their create and join race', async () => {
    const { code } = await hostRoom();
    const racer = await player();
    const quiz = await createRoomQuiz(racer.client);
    racer.send({ type: 'join_room', roomId: code });
    racer.send({
      type: 'create_room',
      quizId: quiz.id,
      maxPlayers: 4,
      category: 'all',
      timePerQuestion: 30,
      randomOrder: false,
    });
    racer.send({ type: 'join_room', roomId: code });
    for (let settled = 0; settled < 3;) {
      await new Promise((done) => setTimeout(done, 50));
      settled = racer.received.filter(
        (message) =>
          ['error', 'room_created', 'room_rejoined'].includes(message.type) ||
          (message.type === 'player_joined' && message.player.id === racer.user.id),
      ).length;
    }
    const created = racer.all('room_created').map((message) => message.roomId);
    const rooms = await Promise.all([code, ...created].map((roomCode) => getRoom(roomCode)));
    const seatedIn = rooms.filter((room) => room?.players[racer.user.id]);
    expect(seatedIn).toHaveLength(1);
    expect(racer.all('error').every((message) => ['busy', 'not_found'].includes(message.reason))).toBe(true);
  });

  it('chats with the room only, trimmed and bounded', async () => {
    const { host, code } = await hostRoom();
    const guest = await joined(code, 'ゲスト');
    guest.send({ type: 'chat_message', message: '  よろしく！  ' });
    expect((await host.expect('chat_message')).message).toMatchObject({
      nickname: 'ゲスト',
      message: 'よろしく！',
      playerId: guest.user.id,
    });
    guest.send({ type: 'chat_message', message: '   ' });
    expect(await guest.expect('error')).toMatchObject({ message: M.chatEmpty, reason: 'invalid' });
    guest.send({ type: 'chat_message', message: 'あ'.repeat(201) });
    expect(await guest.expect('error')).toMatchObject({ message: M.chatTooLong });
    const stranger = await player();
    stranger.send({ type: 'chat_message', message: 'こんにちは' });
    expect(await stranger.expect('error')).toMatchObject({ reason: 'not_in_room', message: M.notInRoom });
  });
});

describe('rejoin', () => {
  it('puts a member who reconnects within 60 s back into the current question with their score', async () => {
    const { host, code } = await hostRoom();
    const guest = await joined(code, 'ゲスト');
    await startGame(host, [guest]);
    await host.expect('question');
    host.send({ type: 'answer', answer: 'A', questionIndex: 0 });
    guest.send({ type: 'answer', answer: 'A', questionIndex: 0 });
    const reveal = await host.expect('answer_reveal');
    const score = reveal.results.find((result) => result.playerId === host.user.id)!.totalScore;
    const second = await host.expect('question', (message) => message.questionIndex === 1);
    await host.expect('timer_sync', (message) => message.questionIndex === 1);
    // The guest has answered; the host's reload must not end the question for them.
    guest.send({ type: 'answer', answer: 'C', questionIndex: 1 });
    await guest.expect('answer_accepted', (message) => message.questionIndex === 1);

    await host.disconnect();
    expect(await guest.expect('player_connection_changed')).toMatchObject({
      playerId: host.user.id,
      connected: false,
    });
    await host.reconnect(gateway);
    expect(host.all('authenticated').at(-1)).toMatchObject({ roomId: code });
    const back = await host.expect('room_rejoined');
    expect(back.room.players.find((p) => p.id === host.user.id)).toMatchObject({
      score,
      connected: true,
      isHost: true,
    });
    expect(back.question).toMatchObject({
      questionIndex: 1,
      deadline: second.deadline,
      question: { text: '2問目' },
    });
    expect(back.myAnswer).toBeNull();
    expect(await host.expect('timer_sync', (message) => message.questionIndex === 1)).toMatchObject({
      deadline: second.deadline,
    });
    expect(await guest.expect('player_connection_changed')).toMatchObject({
      playerId: host.user.id,
      connected: true,
    });
    host.send({ type: 'answer', answer: 'B', questionIndex: 1 });
    const finished = await guest.expect('game_finished');
    expect(guest.all('answer_reveal')).toHaveLength(2);
    expect(finished.winner).toMatchObject({ playerId: host.user.id, correctCount: 2 });
  });

  it('gives the seat up after 60 s: the member is not put back and the room hears player_left', async () => {
    const { host, code } = await hostRoom();
    const guest = await joined(code, 'ゲスト');
    await host.disconnect();
    await guest.expect('player_connection_changed');
    // 61 seconds pass for the seat.
    await db.update({
      Key: roomKey(code),
      UpdateExpression: 'SET players.#host.leftAt = :past ADD version :one',
      ExpressionAttributeNames: { '#host': host.user.id },
      ExpressionAttributeValues: { ':past': Date.now() - 61_000, ':one': 1 },
    });
    await host.reconnect(gateway);
    const left = await guest.expect('player_left');
    expect(left).toMatchObject({ playerId: host.user.id, room: { hostId: guest.user.id } });
    expect(host.all('room_rejoined')).toHaveLength(0);
    expect((await getRoom(code))!.players[host.user.id]).toBeUndefined();
  });
});

describe('the answer key', () => {
  it('reaches nobody before the reveal, not even a player who reloads mid-question', async () => {
    const { host, code } = await hostRoom({}, ['C', 'B']);
    const guest = await joined(code, 'ゲスト');
    const third = await joined(code, '三人目');
    await startGame(host, [guest, third]);
    await third.expect('question', (message) => message.questionIndex === 0);
    const questionIds = (await getGameQuestions(code)).map((question) => question.id);
    await third.disconnect();
    await third.reconnect(gateway);
    await third.expect('room_rejoined');
    for (const someone of [host, guest, third])
      someone.send({ type: 'answer', answer: 'A', questionIndex: 0 });
    for (const someone of [host, guest, third]) {
      expect(await someone.expect('answer_reveal')).toMatchObject({
        correctAnswer: 'C',
        explanation: '1問目の解説',
      });
      const before = someone.received.slice(
        0,
        someone.received.findIndex((message) => message.type === 'answer_reveal'),
      );
      const seen = JSON.stringify(before);
      for (const secret of ['correctAnswer', 'answerKey', 'explanation', '解説', ...questionIds])
        expect(seen).not.toContain(secret);
    }
  });
});

describe('rooms only on public quizzes', () => {
  it("refuses the host's own private or hidden quiz for a room, so its title never reaches the lobby", async () => {
    const host = await player('ホスト');
    // An advanced member (by an operator's grant), who may keep quizzes private.
    await db.update({
      Key: userKey(host.user.id),
      UpdateExpression: 'SET proGranted = :yes',
      ExpressionAttributeValues: { ':yes': true },
    });
    const secret = await createRoomQuiz(host.client, ['A'], { isPublished: false });
    const settings = { maxPlayers: 4, category: '科学', timePerQuestion: 30, randomOrder: false };
    host.send({ type: 'create_room', quizId: secret.id, ...settings });
    expect(await host.first((message) => ['error', 'room_created'].includes(message.type))).toEqual({
      type: 'error',
      message: M.quizNotPublic,
      reason: 'invalid',
    });

    // Hidden by an administrator: refused as well, even to its author.
    const hidden = await createRoomQuiz(host.client, ['A']);
    await db.update({
      Key: quizKey(hidden.id),
      UpdateExpression: 'SET isHidden = :yes',
      ExpressionAttributeValues: { ':yes': true },
    });
    host.send({ type: 'create_room', quizId: hidden.id, ...settings });
    expect(await host.first((message) => ['error', 'room_created'].includes(message.type))).toEqual({
      type: 'error',
      message: M.quizNotPublic,
      reason: 'invalid',
    });

    // Nor can a room opened on a public quiz be switched to it.
    const { code, quiz } = await openRoom(host);
    host.send({ type: 'update_room_settings', quizId: secret.id, quizTitle: secret.title, ...settings });
    expect(await host.first((message) => ['error', 'room_settings_updated'].includes(message.type))).toEqual({
      type: 'error',
      message: M.quizNotPublic,
      reason: 'invalid',
    });
    expect((await getRoom(code))!.settings).toMatchObject({ quizId: quiz.id, quizTitle: quiz.title });

    // Someone else's private quiz is not found at all.
    const other = await player();
    other.send({ type: 'create_room', quizId: secret.id, ...settings });
    expect(await other.expect('error')).toMatchObject({ reason: 'not_found', message: M.quizNotFound });

    const lobby = JSON.stringify((await other.client.get('/api/multiplayer/rooms')).json);
    expect(lobby).toContain(quiz.title);
    expect(lobby).not.toContain(secret.title);
    expect(lobby).not.toContain(hidden.title);
  });
});

describe('limits per socket', () => {
  it('answers a flood rate_limited and closes it with 1008; players of its room and of another play on', async () => {
    const { host, code } = await hostRoom();
    const guest = await joined(code, 'ゲスト');
    const flooder = await joined(code, '連打');
    const { host: otherHost, code: otherCode } = await hostRoom();
    const otherGuest = await joined(otherCode);
    await startGame(host, [guest, flooder]);
    await startGame(otherHost, [otherGuest]);
    for (const someone of [host, guest, flooder, otherHost, otherGuest])
      await someone.expect('question', (message) => message.questionIndex === 0);

    // Far more than a second's allowance, at once (answers and pings), while the others play.
    for (let frame = 0; frame < 150; frame++) {
      flooder.send({ type: 'answer', answer: 'A', questionIndex: 0 });
      flooder.send({ type: 'ping', sentAt: frame });
    }
    guest.send({ type: 'answer', answer: 'A', questionIndex: 0 });
    otherHost.send({ type: 'answer', answer: 'A', questionIndex: 0 });
    otherGuest.send({ type: 'answer', answer: 'B', questionIndex: 0 });
    expect(await flooder.closed()).toMatchObject({ code: 1008 });
    expect(flooder.all('error')).toContainEqual({
      type: 'error',
      message: M.socketClosedTooFast,
      reason: 'rate_limited',
    });
    expect(flooder.all('pong').length).toBeLessThan(150);
    expect(await guest.expect('answer_accepted')).toMatchObject({ questionIndex: 0 });
    await otherGuest.expect('answer_reveal', (message) => message.questionIndex === 0);

    // The member's next socket is back in the room; of all the answers sent, one counts.
    await flooder.reconnect(gateway);
    await flooder.expect('room_rejoined');
    flooder.send({ type: 'answer', answer: 'A', questionIndex: 0 });
    host.send({ type: 'answer', answer: 'B', questionIndex: 0 });
    const reveal = await host.expect('answer_reveal', (message) => message.questionIndex === 0);
    expect(reveal.results.find((result) => result.playerId === flooder.user.id)).toMatchObject({
      answer: 'A',
    });
    for (const someone of [host, guest, otherHost, otherGuest])
      expect(someone.all('error').filter((message) => message.reason === 'rate_limited')).toEqual([]);
  });

  it("refuses a member's new sockets after too many in a minute", async () => {
    const member = await player();
    const open = () =>
      new Promise<number>((resolve, reject) => {
        const socket = new WebSocket(gateway.wsUrl, {
          headers: { Origin: APP_ORIGIN, Cookie: `${COOKIE_NAMES.session}=${member.sessionId}` },
        });
        socket.once('open', () => {
          socket.close();
          resolve(101);
        });
        socket.once('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
        socket.once('error', reject);
      });
    // The member's first socket (signing in) counts too.
    const statuses: number[] = [];
    for (let opened = 1; opened <= SOCKET_LIMITS.opensPerMinute; opened++) statuses.push(await open());
    expect(statuses.slice(0, -1).every((status) => status === 101)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    // Someone else's socket is not.
    expect((await player()).all('authenticated')).toHaveLength(1);
  });
});

describe('retries end', () => {
  it('answers busy after the retry policy when an answer keeps meeting other transactions, and takes it after', async () => {
    const { host, code } = await hostRoom();
    const guest = await joined(code);
    await startGame(host, [guest]);
    await host.expect('question');
    conflicts = {
      matches: (command, input) => command === 'UpdateItemCommand' && input.includes('answers.#q'),
      left: RETRY.attempts + 2,
      seen: 0,
    };
    try {
      host.send({ type: 'answer', answer: 'A', questionIndex: 0 });
      expect(await host.first((message) => ['error', 'answer_accepted'].includes(message.type))).toEqual({
        type: 'error',
        message: M.busy,
        reason: 'busy',
      });
      expect(conflicts.seen).toBe(RETRY.attempts);
    } finally {
      conflicts = undefined;
    }
    host.send({ type: 'answer', answer: 'A', questionIndex: 0 });
    expect(await host.expect('answer_accepted')).toMatchObject({ questionIndex: 0, answer: 'A' });
  });

  it('leaves the room when the seat pointer keeps meeting other transactions, after the retry policy', async () => {
    const { host, code } = await hostRoom();
    const guest = await joined(code);
    const seat = SeatKeys.key({ userId: guest.user.id }).pk;
    conflicts = {
      matches: (command, input) => command === 'DeleteItemCommand' && input.includes(seat),
      left: RETRY.attempts + 2,
      seen: 0,
    };
    try {
      guest.send({ type: 'leave_room' });
      await guest.expect('left_room');
      expect(await host.expect('player_left')).toMatchObject({ playerId: guest.user.id });
      expect(conflicts.seen).toBe(RETRY.attempts);
    } finally {
      conflicts = undefined;
    }
    expect((await getRoom(code))!.players[guest.user.id]).toBeUndefined();
  });
});

describe('learning records of a game', () => {
  it('writes each player’s answer event with the reveal, and a wrong answer into the review of mistakes through a failed try', async () => {
    const { host, code, quiz } = await hostRoom({}, ['A']);
    const guest = await joined(code);
    // An answer event written on its own is lost (the connection breaks); a wrong answer's first two writes fail.
    let eventPuts = 0;
    let wrongFailures = 0;
    const name = `learningFaults-${randomUUID()}`;
    dynamo().middlewareStack.add(
      (next, context) => async (args) => {
        const command = String(context.commandName);
        const input = JSON.stringify(args.input);
        if (command === 'PutItemCommand' && input.includes('"LEARNEV#')) {
          eventPuts++;
          throw Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });
        }
        if (command === 'TransactWriteItemsCommand' && input.includes('"WRONG#') && wrongFailures < 2) {
          wrongFailures++;
          throw Object.assign(new Error('Service unavailable'), { name: 'ServiceUnavailable' });
        }
        return next(args);
      },
      { step: 'initialize', name },
    );
    const wrongItem = () =>
      db
        .get({
          Key: WrongAnswerKeys.key({ userId: guest.user.id, quizId: quiz.id, questionId: questionId! }),
          ConsistentRead: true,
        })
        .then(({ Item }) => Item);
    let questionId: string | undefined;
    try {
      await startGame(host, [guest]);
      await host.expect('question');
      host.send({ type: 'answer', answer: 'A', questionIndex: 0 });
      guest.send({ type: 'answer', answer: 'B', questionIndex: 0 });
      await host.expect('answer_reveal');
      questionId = (await getRoom(code))!.questionIds[0];
      await expect.poll(wrongItem).toMatchObject({ userAnswer: 'B', nextReviewDate: expect.any(String) });
    } finally {
      dynamo().middlewareStack.remove(name);
    }
    expect([eventPuts, wrongFailures]).toEqual([0, 2]);
    const eventsOf = async (userId: string) =>
      queryAll<{ kind: string; correct: number; answered: number; quizId: string }>({
        partition: UserKeys.pk({ userId }),
        beginsWith: AnswerEventKeys.skPrefix(),
        ConsistentRead: true,
      });
    expect(await eventsOf(host.user.id)).toEqual([
      expect.objectContaining({ kind: 'multiplayer', answered: 1, correct: 1, quizId: quiz.id }),
    ]);
    expect(await eventsOf(guest.user.id)).toEqual([
      expect.objectContaining({ kind: 'multiplayer', answered: 1, correct: 0, quizId: quiz.id }),
    ]);
  });
});

describe('game-clock messages', () => {
  it('drops a tick its schema refuses, without a retry and without touching the room', async () => {
    const { host, code } = await hostRoom();
    const guest = await joined(code);
    await startGame(host, [guest]);
    await host.expect('question');
    const before = (await getRoom(code))!;
    const malformed = [
      'not json',
      JSON.stringify({ kind: 'phase', roomId: code }),
      JSON.stringify({ kind: 'phase', roomId: code, step: String(before.step) }),
      JSON.stringify({ kind: 'phase', roomId: code.toLowerCase(), step: before.step }),
      JSON.stringify({ kind: 'seat', roomId: code, userId: guest.user.id }),
      JSON.stringify({ kind: 'later', roomId: code, step: before.step }),
    ];
    for (const body of malformed) {
      const result = (await tickHandler(tickEvent(body, ['malformed']))) as SQSBatchResponse;
      expect(result.batchItemFailures, body).toEqual([]);
    }
    expect(await getRoom(code)).toEqual(before);
  });
});
