import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { ACCOUNT_MESSAGES } from '@shared/account-messages';
import { CLASSROOM_MESSAGES as M } from '@shared/classroom';
import type { Dashboard } from '@shared/learning';
import type { QuizAnalytics } from '@shared/quiz-analytics';
import { db } from '@functions/data/db';
import { ClassGameKeys, ClassPlayerKeys } from '@functions/classroom/class-keys';
import { classTick } from '@functions/classroom/class-play';
import { beginReveal, getGame, listPlayers } from '@functions/classroom/class-store';
import { dynamo } from '@functions/lib/aws-clients';
import { createLogger } from '@functions/lib/logger';
import { seed } from '../../scripts/seed';
import { startTestGateway } from '../support/gateway';
import { UNTIL_TRUE } from '../support/limits';
import { createRoomQuiz, RoomPlayer } from '../support/multiplayer';

/**
 * Class games played through the local gateway (issue 31; docs/classroom.md) with real sockets,
 * DynamoDB Local and the local SQS clock: a whole game of a host and three players, the deadline's
 * reveal and the answers refused after it, duplicates, 100 players answering at once, the host-only
 * frames, and every way a join is refused. The players are members' sockets (a socket without a
 * session is the guest branch's).
 */
let gateway: Awaited<ReturnType<typeof startTestGateway>>;
const sockets: RoomPlayer[] = [];

beforeAll(async () => {
  gateway = await startTestGateway();
  await seed();
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await gateway.stop();
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- frames are checked field by field
type Frame = { type: string } & Record<string, any>;

/** The next frame of `type` (not taken yet) that satisfies `match`. */
const next = (socket: RoomPlayer, type: string, match: (frame: Frame) => boolean = () => true) =>
  socket.first((frame) => frame.type === type && match(frame as Frame)) as Promise<Frame>;

/** The next error frame with `reason`. */
const refusal = (socket: RoomPlayer, reason: string) =>
  next(socket, 'error', (frame) => frame.reason === reason);

async function signIn(nickname?: string) {
  const socket = await RoomPlayer.signIn(gateway, nickname);
  sockets.push(socket);
  return socket;
}

/** `count` signed-in sockets, `parallel` sign-ins at a time. */
async function signInMany(count: number, parallel = 10) {
  const all: RoomPlayer[] = [];
  for (let start = 0; start < count; start += parallel)
    all.push(
      ...(await Promise.all(Array.from({ length: Math.min(parallel, count - start) }, () => signIn()))),
    );
  return all;
}

/** A host with a game on a new quiz with `answers`, its screen attached. */
async function openGame(answers: ('A' | 'B' | 'C' | 'D')[], settings: Record<string, unknown> = {}) {
  const host = await signIn('せんせい');
  const quiz = await createRoomQuiz(host.client, answers);
  const response = await host.client.request('POST', '/api/classroom/games', {
    json: { quizId: quiz.id, timePerQuestion: 60, ...settings },
  });
  expect(response.status, response.text).toBe(201);
  const { gameId, pin } = response.json as unknown as { gameId: string; pin: string };
  host.send({ type: 'class_host', gameId });
  await next(host, 'class_hosting');
  return { host, gameId, pin, quiz };
}

async function join(socket: RoomPlayer, pin: string, nickname: string) {
  socket.send({ type: 'join_class', pin, nickname });
  return next(socket, 'class_joined');
}

/** Joins every socket, 20 at a time, as `<prefix>1`, `<prefix>2` … */
async function joinAll(players: readonly RoomPlayer[], pin: string, prefix: string) {
  for (let start = 0; start < players.length; start += 20)
    await Promise.all(
      players
        .slice(start, start + 20)
        .map((player, index) => join(player, pin, `${prefix}${start + index + 1}`)),
    );
}

describe('a whole class game', () => {
  it('runs from the lobby through two questions to the podium, exactly as each side should see it', async () => {
    const { host, gameId, pin, quiz } = await openGame(['A', 'C']);
    const [taro, hana, jiro] = await signInMany(3);
    const joined = await join(taro!, pin, 'たろう');
    expect(joined).toMatchObject({
      gameId,
      nickname: 'たろう',
      game: { state: 'lobby', quizTitle: quiz.title, questionIndex: -1, totalQuestions: 2, totalScore: 0 },
    });
    expect(joined.resumeToken).toEqual(expect.any(String));
    await next(host, 'class_player_joined', (frame) => frame.players.length === 1);
    await join(hana!, pin, 'はなこ');
    await join(jiro!, pin, 'じろう');
    const arrived = await next(host, 'class_player_joined', (frame) => frame.players.length === 3);
    expect(arrived.players.map((player: Frame) => player.nickname)).toEqual(['たろう', 'はなこ', 'じろう']);

    host.send({ type: 'class_start', gameId });
    const hostQuestion = await next(host, 'class_question');
    expect(hostQuestion).toMatchObject({ questionIndex: 0, totalQuestions: 2, text: '1問目' });
    expect(hostQuestion.choices).toEqual({ A: '選択肢A', B: '選択肢B', C: '選択肢C', D: '選択肢D' });
    for (const player of [taro!, hana!, jiro!]) {
      const question = await next(player, 'class_question');
      expect(question).toMatchObject({ questionIndex: 0, options: ['A', 'B', 'C', 'D'] });
      // Never the answer, and no text unless the host turned it on.
      expect(question.text).toBeUndefined();
      expect(JSON.stringify(question)).not.toContain('correct');
    }

    taro!.send({ type: 'answer', answer: 'A', questionIndex: 0 });
    await next(taro!, 'answer_accepted', (frame) => frame.questionIndex === 0 && frame.answer === 'A');
    await next(host, 'class_answer_count', (frame) => frame.answered === 1 && frame.total === 3);
    hana!.send({ type: 'answer', answer: 'B', questionIndex: 0 });
    jiro!.send({ type: 'answer', answer: 'A', questionIndex: 0 });
    // The last answer ends the question at once.
    const reveal = await next(host, 'class_reveal');
    expect(reveal).toMatchObject({
      questionIndex: 0,
      totalQuestions: 2,
      correctAnswer: 'A',
      explanation: '1問目の解説',
      optionCounts: { A: 2, B: 1, C: 0, D: 0 },
    });
    expect(reveal.top.map((entry: Frame) => entry.nickname).sort()).toEqual(['じろう', 'たろう', 'はなこ']);
    const taroResult = await next(taro!, 'class_result');
    expect(taroResult).toMatchObject({ questionIndex: 0, isCorrect: true, correctAnswer: 'A' });
    expect(taroResult.points).toBeGreaterThanOrEqual(500);
    const hanaResult = await next(hana!, 'class_result');
    expect(hanaResult).toMatchObject({ isCorrect: false, points: 0, totalScore: 0, rank: 3 });

    host.send({ type: 'class_next', gameId });
    await next(host, 'class_question', (frame) => frame.questionIndex === 1);
    for (const player of [taro!, hana!, jiro!])
      await next(player, 'class_question', (frame) => frame.questionIndex === 1);
    hana!.send({ type: 'answer', answer: 'C', questionIndex: 1 });
    taro!.send({ type: 'answer', answer: 'D', questionIndex: 1 });
    jiro!.send({ type: 'answer', answer: 'C', questionIndex: 1 });
    const second = await next(host, 'class_reveal', (frame) => frame.questionIndex === 1);
    expect(second.optionCounts).toEqual({ A: 0, B: 0, C: 2, D: 1 });

    host.send({ type: 'class_next', gameId });
    const finished = await next(host, 'class_finished');
    expect(finished.players).toHaveLength(3);
    expect(finished.podium).toHaveLength(3);
    const jiroEnd = await next(jiro!, 'class_finished');
    expect(jiroEnd.rank).toBe(finished.players.find((player: Frame) => player.nickname === 'じろう').rank);
    expect(jiroEnd.totalScore).toBeGreaterThan(1000);

    // The results are kept; the PIN names no game any more.
    const results = await host.client.get(`/api/classroom/games/${gameId}/results`);
    expect(results.status).toBe(200);
    expect(results.json.questions).toEqual([
      { text: '1問目', correctRate: 66.7, optionCounts: { A: 2, B: 1, C: 0, D: 0 } },
      { text: '2問目', correctRate: 66.7, optionCounts: { A: 0, B: 0, C: 2, D: 1 } },
    ]);
    const late = await signIn();
    late.send({ type: 'join_class', pin, nickname: 'おそい' });
    expect((await refusal(late, 'not_found')).message).toBe(M.gameNotFound);
    expect((await getGame(gameId))!.state).toBe('finished');
  });
});

describe('answers', () => {
  it('are revealed at the deadline by the clock; one refused as a duplicate, one after the deadline as too late', async () => {
    const { host, gameId, pin } = await openGame(['B', 'A'], { timePerQuestion: 10 });
    const [first, second] = await signInMany(2);
    await join(first!, pin, 'いち');
    await join(second!, pin, 'に');
    host.send({ type: 'class_start', gameId });
    await next(first!, 'class_question');
    first!.send({ type: 'answer', answer: 'B', questionIndex: 0 });
    await next(first!, 'answer_accepted');
    first!.send({ type: 'answer', answer: 'A', questionIndex: 0 });
    expect((await refusal(first!, 'already_answered')).message).toBe(M.alreadyAnswered);

    // A tick for the question's step due earlier than its deadline (a double-clicked start's
    // other tick) reveals nothing before the deadline the game holds.
    const { step, deadline } = (await getGame(gameId))!;
    await classTick({ kind: 'class_deadline', gameId, step, at: Date.now() }, createLogger({}, 'error'));
    expect(Date.now()).toBeGreaterThanOrEqual(deadline!);

    // Nobody else answers: the deadline reveals the question.
    const reveal = await next(host, 'class_reveal');
    expect(reveal.optionCounts).toEqual({ A: 0, B: 1, C: 0, D: 0 });
    const game = (await getGame(gameId))!;
    expect(game.state).toBe('reveal');
    second!.send({ type: 'answer', answer: 'B', questionIndex: 0 });
    expect((await refusal(second!, 'too_late')).message).toBe(M.tooLate);
    const results = await next(second!, 'class_result');
    expect(results).toMatchObject({ isCorrect: false, points: 0 });
    // The refused answer changed nothing.
    const players = await listPlayers(gameId);
    expect(players.find((player) => player.nickname === 'に')!.answers).toEqual({});
  });

  it('of 100 players sent in the same moment are all accepted, counted once, and the last ends the question', async () => {
    const { host, gameId, pin } = await openGame(['C'], { maxPlayers: 100 });
    const players = await signInMany(100, 20);
    await joinAll(players, pin, 'せいと');
    expect((await getGame(gameId))!.playerCount).toBe(100);
    host.send({ type: 'class_start', gameId });
    await Promise.all(players.map((player) => next(player, 'class_question')));
    const letters = ['A', 'B', 'C', 'D'] as const;
    const answersSent = Date.now();
    players.forEach((player, index) =>
      player.send({ type: 'answer', answer: letters[index % 4], questionIndex: 0 }),
    );
    await Promise.all(players.map((player) => next(player, 'answer_accepted')));
    const reveal = await next(host, 'class_reveal');
    expect(reveal.optionCounts).toEqual({ A: 25, B: 25, C: 25, D: 25 });
    const results = await Promise.all(players.map((player) => next(player, 'class_result')));
    expect(results.filter((result) => result.isCorrect)).toHaveLength(25);
    const stored = await listPlayers(gameId);
    expect(stored.filter((player) => player.answers['0'])).toHaveLength(100);
    expect(players.every((player) => player.all('error' as never).length === 0)).toBe(true);
    // The host's counts never ran past the players, and were at most 4 a second.
    const counts = host.all('class_answer_count' as never) as unknown as Frame[];
    expect(counts.every((count) => count.answered <= 100 && count.total === 100)).toBe(true);
    // Every count was sent after the answers and arrived by now, one each 250 ms at most (the span
    // is read here, after every count that arrived: a slow machine only widens it).
    const countsSpan = Date.now() - answersSent;
    expect(counts.length).toBeLessThanOrEqual(Math.floor(countsSpan / 250) + 1);
  });
});

describe('a reveal with many players yet to answer', () => {
  it('closes them all in one go: the answered keep their answers, every later answer is refused too_late', async () => {
    // The longest question a host may set: the host's reveal, not the clock's, ends it.
    const { host, gameId, pin } = await openGame(['B'], { maxPlayers: 40, timePerQuestion: 120 });
    const players = await signInMany(40, 20);
    await joinAll(players, pin, 'れつ');
    host.send({ type: 'class_start', gameId });
    await Promise.all(players.map((player) => next(player, 'class_question')));
    // Ten answer; the other thirty (more than are closed one by one) have not when the host reveals.
    const [answered, silent] = [players.slice(0, 10), players.slice(10)];
    answered.forEach((player) => player.send({ type: 'answer', answer: 'B', questionIndex: 0 }));
    await Promise.all(answered.map((player) => next(player, 'answer_accepted')));
    host.send({ type: 'class_reveal_now', gameId });
    const reveal = await next(host, 'class_reveal');
    expect(reveal.optionCounts).toEqual({ A: 0, B: 10, C: 0, D: 0 });
    const stored = await listPlayers(gameId);
    expect(stored.filter((player) => player.answers['0'])).toHaveLength(10);
    expect(stored.filter((player) => player.closedThrough === 0)).toHaveLength(30);
    silent.forEach((player) => player.send({ type: 'answer', answer: 'B', questionIndex: 0 }));
    await Promise.all(silent.map((player) => refusal(player, 'too_late')));
    const results = await Promise.all(players.map((player) => next(player, 'class_result')));
    expect(results.filter((result) => result.isCorrect)).toHaveLength(10);
  });
});

describe('the host', () => {
  it('alone may run the game: anyone else is refused not_host', async () => {
    const { gameId, pin } = await openGame(['A']);
    const other = await signIn();
    await join(other, pin, 'よこどり');
    for (const frame of [
      { type: 'class_host', gameId },
      { type: 'class_start', gameId },
      { type: 'class_next', gameId },
      { type: 'class_reveal_now', gameId },
      { type: 'class_kick', gameId, playerId: 'x' },
      { type: 'class_lock', gameId, locked: true },
      { type: 'class_end', gameId },
    ]) {
      other.send(frame);
      expect((await refusal(other, 'not_host')).message, frame.type).toBe(M.notHost);
    }
    expect((await getGame(gameId))!.state).toBe('lobby');
  });

  it('can reveal at once, lock, kick and end; a kicked player’s nickname is free again', async () => {
    const { host, gameId, pin } = await openGame(['A', 'B']);
    const [kept, kicked, latecomer] = await signInMany(3);
    await join(kept!, pin, 'のこる');
    const { playerId } = await join(kicked!, pin, 'でる');
    host.send({ type: 'class_kick', gameId, playerId });
    expect(await next(kicked!, 'class_left')).toMatchObject({ gameId, reason: 'kicked' });
    await next(host, 'class_player_left', (frame) => frame.players.length === 1);
    // The name is free again.
    await join(latecomer!, pin, 'でる');

    host.send({ type: 'class_lock', gameId, locked: true });
    await next(host, 'class_locked', (frame) => frame.locked === true);
    const blocked = await signIn();
    blocked.send({ type: 'join_class', pin, nickname: 'しめきり' });
    expect((await refusal(blocked, 'locked')).message).toBe(M.locked);

    host.send({ type: 'class_start', gameId });
    await next(kept!, 'class_question');
    host.send({ type: 'class_reveal_now', gameId });
    expect((await next(host, 'class_reveal')).optionCounts).toEqual({ A: 0, B: 0, C: 0, D: 0 });
    host.send({ type: 'class_end', gameId });
    await next(host, 'class_finished');
    await next(kept!, 'class_finished');
    expect((await getGame(gameId))!.state).toBe('finished');
  });
});

describe('the host screen', () => {
  it('is the socket that sent class_host: a host frame from another tab of the host moves it nowhere', async () => {
    const { host, gameId, pin } = await openGame(['A']);
    const screen = (await getGame(gameId))!.hostConnectionId;
    expect(screen).toBeTruthy();
    const player = await signIn();
    await join(player, pin, 'みている');
    const tab = await host.openTab(gateway, { rejoin: false });
    sockets.push(tab);
    tab.send({ type: 'class_start', gameId });
    await next(player, 'class_question');
    expect((await getGame(gameId))!.hostConnectionId).toBe(screen);
    expect(await next(host, 'class_question')).toMatchObject({ gameId, questionIndex: 0 });
  });
});

describe('ending during a question', () => {
  it('closes every player for it first: an answer given is in the results with the question’s figures, a later one too late', async () => {
    const { host, gameId, pin } = await openGame(['A', 'B']);
    const [early, late] = await signInMany(2);
    await join(early!, pin, 'はやい');
    await join(late!, pin, 'おそい');
    host.send({ type: 'class_start', gameId });
    await next(early!, 'class_question');
    await next(late!, 'class_question');
    early!.send({ type: 'answer', answer: 'A', questionIndex: 0 });
    await next(early!, 'answer_accepted');
    host.send({ type: 'class_end', gameId });
    await next(host, 'class_finished');
    // No player can answer the open question any more, as after its reveal: the one who answered
    // has their answer on their item (one a question), the other's item is closed for it.
    expect(
      (await listPlayers(gameId))
        .map((player) => (player.answers['0'] ? 'answered' : player.closedThrough >= 0 ? 'closed' : 'open'))
        .sort(),
    ).toEqual(['answered', 'closed']);
    late!.send({ type: 'answer', answer: 'A', questionIndex: 0 });
    await refusal(late!, 'too_late');
    const results = await host.client.get(`/api/classroom/games/${gameId}/results`);
    expect(results.status).toBe(200);
    const body = results.json as unknown as Frame;
    expect(body.questions[0]).toEqual({
      text: '1問目',
      correctRate: 50,
      optionCounts: { A: 1, B: 0, C: 0, D: 0 },
    });
    expect(body.players.find((player: Frame) => player.nickname === 'はやい').correctCount).toBe(1);
  });
});

describe('joining', () => {
  it('is refused for an unknown or malformed PIN, a full game, a taken or look-alike nickname, and a game under way', async () => {
    const { host, gameId, pin } = await openGame(['A'], { maxPlayers: 2 });
    const [a, b, c, d] = await signInMany(4);
    const unknown = pin === '000000' ? '000001' : '000000';
    a!.send({ type: 'join_class', pin: unknown, nickname: 'だれ' });
    expect((await refusal(a!, 'not_found')).message).toBe(M.gameNotFound);
    a!.send({ type: 'join_class', pin: '12ab', nickname: 'だれ' });
    expect((await refusal(a!, 'invalid')).message).toBe(M.pinInvalid);
    a!.send({ type: 'join_class', pin, nickname: ' ' });
    expect((await refusal(a!, 'invalid')).message).toBe(M.nicknameRequired);
    // Not the official author's name, however written (as usernames and nicknames).
    a!.send({ type: 'join_class', pin, nickname: 'ミンナノクイズ編集部' });
    expect((await refusal(a!, 'invalid')).message).toBe(ACCOUNT_MESSAGES.nameReserved);

    await join(a!, pin, 'taro');
    b!.send({ type: 'join_class', pin, nickname: 'ｔａｒｏ' });
    expect((await refusal(b!, 'nickname_taken')).message).toBe(M.nicknameTaken);
    b!.send({ type: 'join_class', pin, nickname: 'TARO' });
    await refusal(b!, 'nickname_taken');
    // A member's nickname with an emoji (filled in on the join page) is a nickname here too.
    await join(b!, pin, 'はなこ❤️');
    c!.send({ type: 'join_class', pin, nickname: 'さんにんめ' });
    expect((await refusal(c!, 'class_full')).message).toBe(M.classFull);

    host.send({ type: 'class_start', gameId });
    await next(a!, 'class_question');
    d!.send({ type: 'join_class', pin, nickname: 'ちこく' });
    expect((await refusal(d!, 'in_game')).message).toBe(M.inGame);
  });

  it('with the resume token puts a dropped player back during the game, with their answer and score', async () => {
    const { host, gameId, pin } = await openGame(['A', 'B']);
    const [player, other] = await signInMany(2);
    const joined = await join(player!, pin, 'もどる');
    await join(other!, pin, 'まつ');
    host.send({ type: 'class_start', gameId });
    await next(player!, 'class_question');
    player!.send({ type: 'answer', answer: 'A', questionIndex: 0 });
    await next(player!, 'answer_accepted');
    await player!.disconnect();
    await expect
      .poll(async () => (await listPlayers(gameId)).find((one) => one.nickname === 'もどる')!.connected)
      .toBe(false);

    await player!.reconnect(gateway);
    player!.send({ type: 'join_class', pin, nickname: 'もどる', resumeToken: joined.resumeToken });
    const back = await next(player!, 'class_joined');
    expect(back).toMatchObject({
      playerId: joined.playerId,
      nickname: 'もどる',
      game: { state: 'question', questionIndex: 0, myAnswer: 'A', question: { questionIndex: 0 } },
    });
    // A wrong token in a game under way is not a seat.
    const stranger = await signIn();
    stranger.send({
      type: 'join_class',
      pin,
      nickname: 'なりすまし',
      resumeToken: `${joined.playerId}.wrong`,
    });
    await refusal(stranger, 'in_game');

    other!.send({ type: 'answer', answer: 'B', questionIndex: 0 });
    const result = await next(player!, 'class_result');
    expect(result).toMatchObject({ isCorrect: true, rank: 1 });
    expect((await db.get({ Key: ClassGameKeys.key({ gameId }) })).Item!.playerCount).toBe(2);
  });

  it('a player who answered and then left does not end the question before the others answered', async () => {
    const { host, pin, gameId } = await openGame(['A']);
    const [first, second, third] = await signInMany(3);
    await join(first!, pin, 'いち');
    await join(second!, pin, 'に');
    await join(third!, pin, 'さん');
    await next(host, 'class_player_joined', (frame) => frame.players.length === 3);
    host.send({ type: 'class_start', gameId });
    for (const player of [first!, second!, third!]) await next(player, 'class_question');
    first!.send({ type: 'answer', answer: 'A', questionIndex: 0 });
    await next(first!, 'answer_accepted');
    first!.send({ type: 'leave_class' });
    await next(host, 'class_player_left', (frame) => frame.players.length === 2);
    // Answered 2 of 2 players left by the game's counts; the third has not answered.
    second!.send({ type: 'answer', answer: 'B', questionIndex: 0 });
    await next(second!, 'answer_accepted');
    await next(host, 'class_answer_count', (frame) => frame.answered === 2);
    expect((await getGame(gameId))!.state).toBe('question');
    third!.send({ type: 'answer', answer: 'A', questionIndex: 0 });
    const reveal = await next(host, 'class_reveal');
    expect(reveal.optionCounts).toMatchObject({ A: 1, B: 1 });
    expect(await next(third!, 'class_result')).toMatchObject({ isCorrect: true, rank: 1 });
  });

  it('a seat dropped in the lobby longer ago than a resume allows is given up at the start: the others end the question', async () => {
    const { host, pin, gameId } = await openGame(['A']);
    const [gone, stays] = await signInMany(2);
    const seat = await join(gone!, pin, 'きえる');
    await join(stays!, pin, 'のこる');
    await gone!.disconnect();
    await expect
      .poll(async () => (await listPlayers(gameId)).find((one) => one.nickname === 'きえる')!.connected)
      .toBe(false);
    // Dropped just over the resume time ago.
    await db.update({
      Key: ClassPlayerKeys.key({ gameId, playerId: seat.playerId }),
      UpdateExpression: 'SET leftAt = :then',
      ExpressionAttributeValues: { ':then': Date.now() - 61_000 },
    });
    host.send({ type: 'class_start', gameId });
    const left = await next(host, 'class_player_left', (frame) => frame.players.length === 1);
    expect(left.players[0]).toMatchObject({ nickname: 'のこる' });
    await next(stays!, 'class_question');
    expect((await getGame(gameId))!.playerCount).toBe(1);
    // The one player left answering ends the question (60 s to go).
    stays!.send({ type: 'answer', answer: 'A', questionIndex: 0 });
    expect(await next(host, 'class_reveal')).toMatchObject({ questionIndex: 0, optionCounts: { A: 1 } });
    // The seat given up is no seat: its token does not bring it back into the game under way.
    await gone!.reconnect(gateway);
    gone!.send({ type: 'join_class', pin, nickname: 'きえる', resumeToken: seat.resumeToken });
    await refusal(gone!, 'in_game');
  });

  it('leave_class takes the player out for good and tells the host', async () => {
    const { host, pin, gameId } = await openGame(['A']);
    const player = await signIn();
    await join(player, pin, 'かえる');
    player.send({ type: 'leave_class' });
    expect(await next(player, 'class_left')).toMatchObject({ gameId, reason: 'left' });
    await next(host, 'class_player_left', (frame) => frame.players.length === 0);
    // The socket plays in no class game any more: a member's answer goes to the rooms, where it
    // has no seat either.
    player.send({ type: 'answer', answer: 'A', questionIndex: 0 });
    await refusal(player, 'not_in_room');
  });

  it('one socket holds one seat: a second join is refused while it plays, and after leaving it may join again', async () => {
    const first = await openGame(['A']);
    const second = await openGame(['B']);
    const player = await signIn();
    const seat = await join(player, first.pin, 'ひとつだけ');
    player.send({ type: 'join_class', pin: second.pin, nickname: 'ふたつめ' });
    expect((await refusal(player, 'in_game')).message).toBe(M.alreadySeated);
    expect(await listPlayers(second.gameId)).toEqual([]);
    // Nor with a made-up token that names the socket's own seat: its own token counts only for its own game.
    player.send({
      type: 'join_class',
      pin: second.pin,
      nickname: 'ふたつめ',
      resumeToken: `${seat.playerId}.made-up`,
    });
    expect((await refusal(player, 'in_game')).message).toBe(M.alreadySeated);
    expect(await listPlayers(second.gameId)).toEqual([]);
    // The socket's own seat, resumed with its token, is not a second one.
    player.send({
      type: 'join_class',
      pin: first.pin,
      nickname: 'ひとつだけ',
      resumeToken: seat.resumeToken,
    });
    expect(await next(player, 'class_joined')).toMatchObject({ playerId: seat.playerId });

    player.send({ type: 'leave_class' });
    await next(player, 'class_left');
    await join(player, second.pin, 'ふたつめ');
    const seats = await listPlayers(first.gameId);
    expect(seats).toMatchObject([{ playerId: seat.playerId, removed: true, connected: false }]);
  });

  it('one socket holds one seat even when it sends two joins at once: one joins, the other is refused and leaves no seat', async () => {
    const { host, gameId, pin } = await openGame(['A']);
    const player = await signIn();
    player.send({ type: 'join_class', pin, nickname: 'いっこめ' });
    player.send({ type: 'join_class', pin, nickname: 'にこめ' });
    const joined = await next(player, 'class_joined');
    // The other join is refused as a second seat (or, had it come after, as the same socket's).
    expect((await refusal(player, 'in_game')).message).toBe(M.alreadySeated);
    await expect
      .poll(async () => (await listPlayers(gameId)).filter((seat) => !seat.removed), UNTIL_TRUE)
      .toMatchObject([{ playerId: joined.playerId, connected: true }]);
    // The host's screen, read again, lists the one player (a seat the losing join made for a moment
    // may have been announced as joined, then left).
    const game = await host.client.get(`/api/classroom/games/${gameId}`);
    expect(game.status, game.text).toBe(200);
    expect((game.json as unknown as { players: Frame[] }).players.map((seat) => seat.playerId)).toEqual([
      joined.playerId,
    ]);
  });
});

describe('an end racing a reveal', () => {
  it('counts the open question once, by the reveal or by the end, whichever writes first', async () => {
    const { host, gameId, pin, quiz } = await openGame(['A', 'B']);
    const players = await signInMany(3);
    for (const [index, player] of players.entries()) await join(player, pin, `きょうそう${index + 1}`);
    host.send({ type: 'class_start', gameId });
    for (const player of players) await next(player, 'class_question');
    players[0]!.send({ type: 'answer', answer: 'A', questionIndex: 0 });
    players[1]!.send({ type: 'answer', answer: 'C', questionIndex: 0 });
    for (const player of players.slice(0, 2)) await next(player, 'answer_accepted');
    // 締め切る and 終了 at once: the reveal and the end race for the open question.
    host.send({ type: 'class_reveal_now', gameId });
    host.send({ type: 'class_end', gameId });
    await next(host, 'class_finished');
    for (const player of players) await next(player, 'class_finished');
    const results = await host.client.get(`/api/classroom/games/${gameId}/results`);
    expect(results.status, results.text).toBe(200);
    expect(
      (results.json as unknown as { questions: { optionCounts: unknown }[] }).questions[0],
    ).toMatchObject({
      optionCounts: { A: 1, B: 0, C: 1, D: 0 },
    });
    // The author's analytics count the question's two answers once.
    await expect
      .poll(async () => {
        const response = await host.client.get(`/api/my-quizzes/${quiz.id}/analytics`);
        return (response.json as unknown as QuizAnalytics).questions[0];
      }, UNTIL_TRUE)
      .toMatchObject({ answered: 2 });
    await gateway.streamSettled();
    const analytics = (await host.client.get(`/api/my-quizzes/${quiz.id}/analytics`))
      .json as unknown as QuizAnalytics;
    expect(analytics.questions[0]).toMatchObject({ answered: 2, optionCounts: { A: 1, C: 1 } });
    // Nothing of the question comes after the end (it would take the pages back from their end).
    for (const socket of [host, ...players]) {
      const types: string[] = socket.received.map((frame) => frame.type);
      const after = types.slice(types.indexOf('class_finished') + 1);
      expect(after.filter((type) => type === 'class_result' || type === 'class_reveal')).toEqual([]);
    }
  });
});

describe('host frames racing', () => {
  it('a 次へ before the reveal is saved is refused busy; two at once move the game once, the other is told', async () => {
    const { host, gameId, pin } = await openGame(['A', 'B', 'C']);
    const [player] = await signInMany(1);
    await join(player!, pin, 'せっかち');
    host.send({ type: 'class_start', gameId });
    await next(player!, 'class_question');
    player!.send({ type: 'answer', answer: 'A', questionIndex: 0 });
    await next(player!, 'answer_accepted');
    // The game is in its reveal, not saved yet (the reveal is still counting): 次へ waits for it.
    const game = await getGame(gameId);
    expect(await beginReveal(gameId, game!.step)).toBeTruthy();
    host.send({ type: 'class_next', gameId });
    expect(await refusal(host, 'busy')).toMatchObject({ message: M.revealing });
    expect(await getGame(gameId)).toMatchObject({ state: 'reveal', questionIndex: 0, stats: {} });

    // Ended there, the question still counts its answer.
    host.send({ type: 'class_end', gameId });
    await next(host, 'class_finished');
    const results = await host.client.get(`/api/classroom/games/${gameId}/results`);
    expect(
      (results.json as unknown as { questions: { optionCounts: unknown }[] }).questions[0],
    ).toMatchObject({ optionCounts: { A: 1, B: 0, C: 0, D: 0 } });

    // A reveal saved, then 次へ twice at once: one moves the game, the other is told it moved.
    const second = await openGame(['A', 'B', 'C']);
    const [other] = await signInMany(1);
    await join(other!, second.pin, 'ふたたび');
    second.host.send({ type: 'class_start', gameId: second.gameId });
    await next(other!, 'class_question');
    second.host.send({ type: 'class_reveal_now', gameId: second.gameId });
    await next(second.host, 'class_reveal');
    // A host screen reloaded now reads the question with its options (the chart shows them all).
    const during = await second.host.client.get(`/api/classroom/games/${second.gameId}`);
    expect(during.json).toMatchObject({ state: 'reveal', question: { questionIndex: 0 } });
    expect(
      Object.keys((during.json as unknown as { question: { options: object } }).question.options),
    ).toEqual(['A', 'B', 'C', 'D']);
    second.host.send({ type: 'class_next', gameId: second.gameId });
    second.host.send({ type: 'class_next', gameId: second.gameId });
    await next(other!, 'class_question', (frame) => frame.questionIndex === 1);
    expect(await refusal(second.host, 'invalid')).toMatchObject({ message: M.alreadyMoved });
    expect(await getGame(second.gameId)).toMatchObject({ state: 'question', questionIndex: 1 });
  });
});

describe('records', () => {
  it("count each member's answers in their learning records and every answer in the author's analytics", async () => {
    const { host, gameId, pin, quiz } = await openGame(['A', 'B']);
    // DynamoDB out of reach for a moment as the first answer event of the game is written: it is
    // tried again, and no answer is missing from the records.
    const fault = `class-event-fault-${gameId}`;
    let refused = 0;
    dynamo().middlewareStack.add(
      (next, context) => async (args) => {
        const item = (args.input as { Item?: { eventId?: unknown } }).Item;
        if (
          refused === 0 &&
          context.commandName === 'PutItemCommand' &&
          String(item?.eventId ?? '').startsWith(`g-${gameId}`)
        ) {
          refused += 1;
          throw Object.assign(new Error('Service Unavailable'), { name: 'ServiceUnavailable' });
        }
        return next(args);
      },
      { step: 'initialize', name: fault },
    );
    onTestFinished(() => void dynamo().middlewareStack.remove(fault));
    const [right, wrong] = await signInMany(2);
    await join(right!, pin, 'きろく');
    await join(wrong!, pin, 'まちがい');
    await next(host, 'class_player_joined', (frame) => frame.players.length === 2);
    host.send({ type: 'class_start', gameId });
    for (const player of [right!, wrong!]) await next(player, 'class_question');
    right!.send({ type: 'answer', answer: 'A', questionIndex: 0 });
    wrong!.send({ type: 'answer', answer: 'C', questionIndex: 0 });
    await next(host, 'class_reveal', (frame) => frame.questionIndex === 0);
    host.send({ type: 'class_next', gameId });
    for (const player of [right!, wrong!])
      await next(player, 'class_question', (frame) => frame.questionIndex === 1);
    right!.send({ type: 'answer', answer: 'B', questionIndex: 1 });
    wrong!.send({ type: 'answer', answer: 'B', questionIndex: 1 });
    await next(host, 'class_reveal', (frame) => frame.questionIndex === 1);
    host.send({ type: 'class_next', gameId });
    await next(host, 'class_finished');

    // The records are written after the reveal is announced, and counted by the stream's consumer.
    const dashboard = async (player: RoomPlayer) => {
      await gateway.streamSettled();
      const response = await player.client.get('/api/learning/dashboard');
      expect(response.status, response.text).toBe(200);
      return response.json as unknown as Dashboard;
    };
    await expect
      .poll(async () => (await dashboard(right!)).today, UNTIL_TRUE)
      .toMatchObject({ questionsAnswered: 2, correctAnswers: 2 });
    expect(refused).toBe(1);
    await expect
      .poll(async () => dashboard(wrong!), UNTIL_TRUE)
      .toMatchObject({ today: { questionsAnswered: 2, correctAnswers: 1 }, reviewDue: 1 });
    await expect
      .poll(async () => {
        const response = await host.client.get(`/api/my-quizzes/${quiz.id}/analytics`);
        return response.json as unknown as QuizAnalytics;
      }, UNTIL_TRUE)
      .toMatchObject({
        plays: 2,
        players: 2,
        averageScore: 75,
        questions: [
          { answered: 2, optionCounts: { A: 1, B: 0, C: 1, D: 0 } },
          { answered: 2, optionCounts: { A: 0, B: 2, C: 0, D: 0 } },
        ],
      });
  });
});
