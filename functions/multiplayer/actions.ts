import { randomUUID } from 'node:crypto';
import type * as z from 'zod';
import {
  MULTIPLAYER_MESSAGES,
  ROOM_LIMITS,
  type clientMessageSchemas,
  type ServerMessage,
} from '@shared/multiplayer';
import type { AnswerLetter } from '@shared/constants';
import type { ConnectionItem } from '../connections/connection';
import { withinRateLimit } from '../lib/rate-limit';
import type { Logger } from '../lib/logger';
import type { UserItem } from '../users/user-store';
import { roomError } from './errors';
import {
  advance,
  afterPlayersChanged,
  broadcast,
  deliver,
  everyoneAnswered,
  finishedMessage,
  questionMessage,
  revealMessage,
  roomQuiz,
  scheduleTick,
  seatDisconnected,
  startIfReady,
  timerSync,
  waitingGame,
  withoutPlayer,
} from './game';
import {
  changeRoom,
  findSeatRoom,
  getGameQuestions,
  insertRoom,
  passwordFields,
  passwordMatches,
  recordAnswer,
  releaseSeat,
  roomKey,
  roomTtl,
  seatPut,
  toRoom,
  type PlayerSeat,
  type RoomChange,
  type RoomItem,
} from './room';
import { transactWrite } from '../data/transact';

/**
 * What each client message does to a room (multiplayer-membership-study §4, §5; docs/multiplayer.md).
 * Every rule is checked here, on the server, whatever the page allows.
 */

const m = MULTIPLAYER_MESSAGES;
type Input<T extends keyof typeof clientMessageSchemas> = z.output<(typeof clientMessageSchemas)[T]>;

/** The socket a handler runs for. */
export interface Caller {
  user: UserItem;
  connection: ConnectionItem;
  reply: (message: ServerMessage) => Promise<boolean>;
  log: Logger;
}

const newSeat = (caller: Caller, now: number): PlayerSeat => ({
  nickname: caller.user.nickname,
  isReady: false,
  joinedAt: now,
  connectionId: caller.connection.connectionId,
  endpoint: caller.connection.endpoint,
  leftAt: null,
  score: 0,
  answers: {},
  points: {},
});

/** The room whose messages this socket receives; 409 `not_in_room` otherwise. */
async function callersRoom(caller: Caller): Promise<RoomItem> {
  const room = await findSeatRoom(caller.user.id);
  if (!room || room.players[caller.user.id]?.connectionId !== caller.connection.connectionId)
    throw roomError('not_in_room', m.notInRoom);
  // A phase long past its end means its tick was lost: end it now (exactly once, as a tick would).
  if (room.gameState !== 'waiting' && Date.now() > room.phaseEndsAt + OVERDUE_MS)
    await advance(room.code, room.step, caller.log, { early: 'wait' });
  return room;
}

/** How late a phase's end may be before a member's message ends it in place of its lost tick. */
const OVERDUE_MS = 10_000;

/** Room messages a member may send in any 10 seconds, besides the limits of joining and chat. */
const ROOM_ACTIONS_PER_TEN_SECONDS = 30;

async function limit(purpose: string, caller: Caller, count: number, seconds: number, message: string) {
  if (!(await withinRateLimit(`${purpose}#${caller.user.id}`, count, seconds)))
    throw roomError('rate_limited', message);
}

/**
 * `auth`: who the socket belongs to, and the member's seat back if they hold one (rejoin): a
 * reload or a new socket within the rejoin time continues where the member was. The member hears
 * first (`authenticated`, `room_rejoined`, `timer_sync`); the room hears they are back after.
 */
export async function authenticate(caller: Caller, input: Input<'auth'>): Promise<void> {
  // The seat is read beside the limit's count: a reload waits for one round trip, not two.
  const [, seated] = await Promise.all([
    limit('room-action', caller, ROOM_ACTIONS_PER_TEN_SECONDS, 10, m.actionsTooFast),
    findSeatRoom(caller.user.id),
  ]);
  const seat = seated?.players[caller.user.id];
  let taken: TakenSeat | undefined;
  if (seated && seat) {
    if (seat.leftAt !== null && Date.now() >= seatExpiry(seat.leftAt))
      // A seat past its rejoin time is given up even if its tick is late.
      await giveUpSeat(seated.code, caller.user.id, seat.leftAt, caller.log);
    else if (input.rejoin || seat.connectionId === null) taken = await takeSeat(caller, seated.code);
  }
  await caller.reply({
    type: 'authenticated',
    user: { id: caller.user.id, nickname: caller.user.nickname },
    roomId: taken?.room.code ?? null,
  });
  if (!taken) return;
  await sendRoomAsItStands(caller, taken.room);
  await taken.announce();
}

const seatExpiry = (leftAt: number) => leftAt + ROOM_LIMITS.rejoinSeconds * 1000;

/** A seat moved to the caller's socket, and what the others are told of it (after the caller). */
interface TakenSeat {
  room: RoomItem;
  announce: () => Promise<void>;
}

/**
 * Moves the member's seat to this socket; undefined when the seat is gone meanwhile. `announce`
 * tells an older socket that held it (another tab) `left_room`, or the room that the member is
 * back (which may complete a question or start a game).
 */
async function takeSeat(caller: Caller, code: string): Promise<TakenSeat | undefined> {
  const mine = caller.connection.connectionId;
  let taken;
  try {
    taken = await changeRoom(code, (room): RoomChange<null> => {
      const seat = room.players[caller.user.id];
      if (!seat) throw roomError('not_in_room', m.notInRoom);
      if (seat.connectionId === mine) return { unchanged: true, result: null };
      Object.assign(seat, { connectionId: mine, endpoint: caller.connection.endpoint, leftAt: null });
      return { room, result: null };
    });
  } catch (error) {
    const reason = (error as { reason?: string }).reason;
    if (reason === 'not_in_room' || reason === 'not_found') return undefined;
    throw error;
  }
  const { outcome, before } = taken;
  if (!('room' in outcome)) return { room: before, announce: async () => undefined };
  const room = outcome.room;
  const previous = before.players[caller.user.id];
  const announce = async () => {
    if (previous?.connectionId) {
      await deliver(
        room.code,
        caller.user.id,
        previous.endpoint!,
        previous.connectionId,
        { type: 'left_room', roomId: room.code },
        caller.log,
      );
      return;
    }
    await broadcast(
      room,
      {
        type: 'player_connection_changed',
        roomId: room.code,
        room: toRoom(room),
        playerId: caller.user.id,
        connected: true,
      },
      caller.log,
      { except: caller.user.id },
    );
    await afterPlayersChanged(room, caller.log);
  };
  return { room, announce };
}

/** `room_rejoined`: the room, and what is on screen in it now (the open question, the results, the ranking). */
async function sendRoomAsItStands(caller: Caller, room: RoomItem): Promise<void> {
  const questions = ['question', 'results'].includes(room.gameState) ? await getGameQuestions(room.code) : [];
  const question = room.gameState === 'question' ? questions[room.questionIndex] : undefined;
  const strip = <T extends { type: string }>({ type: _type, ...rest }: T) => rest;
  await caller.reply({
    type: 'room_rejoined',
    roomId: room.code,
    room: toRoom(room),
    ...(question ? { question: strip(questionMessage(room, question)) } : {}),
    ...(room.gameState === 'results' ? { reveal: strip(revealMessage(room, questions)) } : {}),
    ...(room.gameState === 'finished' ? { finished: strip(finishedMessage(room)) } : {}),
    myAnswer: room.players[caller.user.id]?.answers[String(room.questionIndex)]?.answer ?? null,
  });
  if (question) await caller.reply(timerSync(room));
}

/** Leaves room `code` (the member's current room, before they join another, or at their word). */
async function leave(caller: Caller, code: string, options: { reply: boolean }): Promise<void> {
  const { outcome, before } = await changeRoom(code, (room) => withoutPlayer(room, caller.user.id));
  await releaseSeat(caller.user.id, code, caller.log);
  if (options.reply) await caller.reply({ type: 'left_room', roomId: code });
  if (!('unchanged' in outcome)) await announceLeft(caller, before, 'room' in outcome ? outcome.room : null);
}

/**
 * `create_room`. A member seated in another room leaves it in the creation's own transaction: the
 * old room loses the seat (the host passes on, an empty room goes) exactly when the new room and
 * the seat pointer are written, so nothing is shown of either room before both are settled, and a
 * creation that fails leaves the member where they were.
 */
export async function createRoom(caller: Caller, input: Input<'create_room'>): Promise<void> {
  await limit('room-create', caller, 10, 60, m.createTooFast);
  const detail = await roomQuiz(input.quizId, caller.user);
  const current = await findSeatRoom(caller.user.id);
  const now = Date.now();
  const build = (code: string): RoomItem => ({
    ...roomKey(code),
    code,
    hostId: caller.user.id,
    ...passwordFields(input.password),
    settings: {
      quizId: detail.quiz.id,
      quizTitle: detail.quiz.title,
      maxPlayers: input.maxPlayers,
      timePerQuestion: input.timePerQuestion,
      category: input.category,
      randomOrder: input.randomOrder,
    },
    players: { [caller.user.id]: newSeat(caller, now) },
    ...waitingGame(),
    step: 0,
    version: 1,
    createdAt: new Date(now).toISOString(),
    ttl: roomTtl(now),
  });
  let left: { before: RoomItem; after: RoomItem | null } | undefined;
  const room = await insertRoom(build, async (items, created) => {
    if (!current) return transactWrite([...items, seatPut(caller.user.id, created.code, now, undefined)]);
    const { outcome, before } = await changeRoom(current.code, (old) => {
      const change = withoutPlayer(old, caller.user.id);
      // The seat went meanwhile (a leave or a give-up raced this): the pointer is in flux, try again.
      if ('unchanged' in change) throw roomError('busy', m.busy);
      const seat = seatPut(caller.user.id, created.code, now, current.code);
      return { ...change, extra: [...(change.extra ?? []), ...items, seat] };
    });
    left = { before, after: 'room' in outcome ? outcome.room : null };
  });
  await caller.reply({ type: 'room_created', roomId: room.code, room: toRoom(room) });
  if (left) await announceLeft(caller, left.before, left.after);
}

/**
 * What the room a member left hears (`player_left`, with the new host), and the member's other
 * socket that held the seat (another tab) is told `left_room`, so no page shows a room it has no
 * seat in. The room may start a game or end a question without them.
 */
async function announceLeft(caller: Caller, before: RoomItem, after: RoomItem | null): Promise<void> {
  const seat = before.players[caller.user.id];
  if (seat?.connectionId && seat.connectionId !== caller.connection.connectionId)
    await deliver(
      before.code,
      caller.user.id,
      seat.endpoint!,
      seat.connectionId,
      { type: 'left_room', roomId: before.code },
      caller.log,
    );
  if (!after) return;
  await broadcast(
    after,
    {
      type: 'player_left',
      roomId: after.code,
      room: toRoom(after),
      playerId: caller.user.id,
      nickname: caller.user.nickname,
    },
    caller.log,
  );
  await afterPlayersChanged(after, caller.log);
}

export async function joinRoom(caller: Caller, input: Input<'join_room'>): Promise<void> {
  // Codes and passwords are guessable only by trying: tries are limited per member.
  await limit('room-join', caller, 20, 60, m.joinTooFast);
  const current = await findSeatRoom(caller.user.id);
  if (current?.code === input.roomId) {
    // Already seated there (another tab, or a join sent twice): the seat moves to this socket.
    const taken = await takeSeat(caller, current.code);
    if (!taken) return;
    await sendRoomAsItStands(caller, taken.room);
    await taken.announce();
    return;
  }
  const { outcome } = await changeRoom(input.roomId, (room, now): RoomChange<null> => {
    if (room.passwordHash && !input.password) throw roomError('password_required', m.passwordRequired);
    if (!passwordMatches(room, input.password ?? '')) throw roomError('wrong_password', m.wrongPassword);
    if (room.gameState !== 'waiting') throw roomError('in_game', m.inGame);
    if (Object.keys(room.players).length >= room.settings.maxPlayers)
      throw roomError('room_full', m.roomFull);
    room.players[caller.user.id] = newSeat(caller, now);
    return { room, result: null, extra: [seatPut(caller.user.id, room.code, now, current?.code)] };
  });
  if (current) await leave(caller, current.code, { reply: false }).catch(() => undefined);
  if (!('room' in outcome)) return;
  const room = outcome.room;
  const player = toRoom(room).players.find((candidate) => candidate.id === caller.user.id)!;
  await broadcast(room, { type: 'player_joined', roomId: room.code, room: toRoom(room), player }, caller.log);
}

export async function toggleReady(caller: Caller): Promise<void> {
  await limit('room-action', caller, ROOM_ACTIONS_PER_TEN_SECONDS, 10, m.actionsTooFast);
  const seated = await callersRoom(caller);
  const { outcome } = await changeRoom(seated.code, (room): RoomChange<boolean> => {
    const seat = room.players[caller.user.id];
    if (!seat) throw roomError('not_in_room', m.notInRoom);
    if (room.gameState !== 'waiting') throw roomError('in_game', m.readyDuringGame);
    seat.isReady = !seat.isReady;
    return { room, result: seat.isReady };
  });
  if (!('room' in outcome)) return;
  await announceReady(caller, outcome.room, outcome.result);
  if (!outcome.result) return;
  try {
    await startIfReady(outcome.room.code, caller.log);
  } catch (error) {
    // The game could not start (the game clock's queue or the table failed): the member is not
    // left ready in a room that waits for nobody, so sending `ready` again tries the start again.
    await notReady(caller, outcome.room.code).catch((undoError: unknown) =>
      caller.log.error('could not undo a ready flag', { error: undoError }),
    );
    throw error;
  }
}

/** Takes back the caller's ready flag while the room still waits, and tells the room. */
async function notReady(caller: Caller, code: string): Promise<void> {
  const { outcome } = await changeRoom(code, (room): RoomChange<boolean> => {
    const seat = room.players[caller.user.id];
    if (!seat?.isReady || room.gameState !== 'waiting') return { unchanged: true, result: false };
    seat.isReady = false;
    return { room, result: false };
  });
  if ('room' in outcome) await announceReady(caller, outcome.room, false);
}

const announceReady = (caller: Caller, room: RoomItem, isReady: boolean) =>
  broadcast(
    room,
    {
      type: 'player_ready_changed',
      roomId: room.code,
      room: toRoom(room),
      playerId: caller.user.id,
      isReady,
    },
    caller.log,
  );

export async function updateSettings(caller: Caller, input: Input<'update_room_settings'>): Promise<void> {
  await limit('room-action', caller, ROOM_ACTIONS_PER_TEN_SECONDS, 10, m.actionsTooFast);
  const seated = await callersRoom(caller);
  if (seated.hostId !== caller.user.id) throw roomError('not_host', m.hostOnlySettings);
  const detail = await roomQuiz(input.quizId, caller.user);
  const { outcome } = await changeRoom(seated.code, (room): RoomChange<null> => {
    if (room.hostId !== caller.user.id) throw roomError('not_host', m.hostOnlySettings);
    if (room.gameState !== 'waiting') throw roomError('in_game', m.settingsDuringGame);
    if (input.maxPlayers < Object.keys(room.players).length)
      throw roomError('invalid', m.fewerSeatsThanPlayers);
    room.settings = {
      quizId: detail.quiz.id,
      quizTitle: detail.quiz.title,
      maxPlayers: input.maxPlayers,
      timePerQuestion: input.timePerQuestion,
      category: input.category,
      randomOrder: input.randomOrder,
    };
    for (const seat of Object.values(room.players)) seat.isReady = false;
    return { room, result: null };
  });
  if (!('room' in outcome)) return;
  const snapshot = toRoom(outcome.room);
  await broadcast(
    outcome.room,
    {
      type: 'room_settings_updated',
      roomId: snapshot.id,
      room: snapshot,
      settings: snapshot.settings,
      updatedBy: caller.user.nickname,
    },
    caller.log,
  );
}

export async function answer(caller: Caller, input: Input<'answer'>): Promise<void> {
  const room = await callersRoom(caller);
  if (room.gameState !== 'question') throw roomError('too_late', m.notAnswering);
  const index = input.questionIndex ?? room.questionIndex;
  if (index !== room.questionIndex) throw roomError('too_late', m.tooLate);
  if (!(room.choices[index] ?? 'ABCD').includes(input.answer)) throw roomError('invalid', m.answerInvalid);
  const now = Date.now();
  if (now >= room.phaseEndsAt) throw roomError('too_late', m.tooLate);
  const recorded = await recordAnswer(room.code, caller.user.id, index, input.answer as AnswerLetter, now);
  if (!recorded.ok) {
    if (recorded.room?.players[caller.user.id]?.answers[String(index)])
      throw roomError('already_answered', m.alreadyAnswered);
    throw roomError('too_late', m.tooLate);
  }
  const after = recorded.room;
  await caller.reply({
    type: 'answer_accepted',
    roomId: after.code,
    questionIndex: index,
    answer: input.answer,
  });
  if (everyoneAnswered(after)) {
    await advance(after.code, after.step, caller.log, { early: 'advance' });
    return;
  }
  const seats = Object.values(after.players).filter((seat) => seat.connectionId !== null);
  await broadcast(
    after,
    {
      type: 'player_answered',
      roomId: after.code,
      questionIndex: index,
      playerId: caller.user.id,
      answeredCount: seats.filter((seat) => seat.answers[String(index)]).length,
      playerCount: seats.length,
    },
    caller.log,
  );
}

export async function leaveRoom(caller: Caller): Promise<void> {
  const current = await findSeatRoom(caller.user.id);
  if (!current) throw roomError('not_in_room', m.notInRoom);
  await leave(caller, current.code, { reply: true });
}

export async function chat(caller: Caller, input: Input<'chat_message'>): Promise<void> {
  const room = await callersRoom(caller);
  await limit('room-chat', caller, ROOM_LIMITS.chatPerTenSeconds, 10, m.chatTooFast);
  await broadcast(
    room,
    {
      type: 'chat_message',
      roomId: room.code,
      message: {
        id: randomUUID(),
        playerId: caller.user.id,
        nickname: caller.user.nickname,
        message: input.message,
        timestamp: new Date().toISOString(),
      },
    },
    caller.log,
  );
}

/** A seat kept since `leftAt` whose member did not come back: given up as a `player_left`. */
export async function giveUpSeat(code: string, userId: string, leftAt: number, log: Logger): Promise<void> {
  type Result = RoomItem | null | 'early' | 'kept';
  let outcome: RoomChange<Result>;
  let nickname = '';
  try {
    ({ outcome } = await changeRoom(code, (room, now): RoomChange<Result> => {
      const seat = room.players[userId];
      if (!seat || seat.connectionId !== null || seat.leftAt !== leftAt)
        return { unchanged: true, result: 'kept' };
      if (now < seatExpiry(leftAt)) return { unchanged: true, result: 'early' };
      nickname = seat.nickname;
      return withoutPlayer(room, userId);
    }));
  } catch (error) {
    if ((error as { reason?: string }).reason === 'not_found') return;
    throw error;
  }
  if (outcome.result === 'early')
    return scheduleTick({ kind: 'seat', roomId: code, userId, leftAt }, seatExpiry(leftAt));
  if ('unchanged' in outcome) return;
  await releaseSeat(userId, code, log);
  if (!('room' in outcome)) return;
  await broadcast(
    outcome.room,
    { type: 'player_left', roomId: code, room: toRoom(outcome.room), playerId: userId, nickname },
    log,
  );
  await afterPlayersChanged(outcome.room, log);
}

/** A member's socket closed: if it held their seat, the seat is kept for a rejoin. */
export async function socketClosed(userId: string, connectionId: string, log: Logger): Promise<void> {
  const room = await findSeatRoom(userId);
  if (room?.players[userId]?.connectionId === connectionId)
    await seatDisconnected(room.code, userId, connectionId, log);
}
