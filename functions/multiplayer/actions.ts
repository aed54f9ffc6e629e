import { randomUUID } from 'node:crypto';
import type * as z from 'zod';
import { MULTIPLAYER_MESSAGES, ROOM_LIMITS } from '@shared/socket-protocol';
import type { clientMessageSchemas } from '@shared/socket-requests';
import type { ServerMessage } from '@shared/multiplayer';
import type { AnswerLetter } from '@shared/constants';
import type { ConnectionItem } from '../connections/connection';
import { transactWrite } from '../data/transact';
import { withinRateLimit } from '../lib/rate-limit';
import type { Logger } from '../lib/logger';
import type { UserItem } from '../users/user-store';
import { isRoomError, roomError } from './errors';
import {
  advance,
  afterPlayersChanged,
  broadcast,
  giveUpSeat,
  roomQuiz,
  seatDisconnected,
  sendToSeat,
  startIfReady,
} from './game';
import {
  connectionChangedMessage,
  playerAnsweredMessage,
  playerLeftMessage,
  rejoinMessages,
  showsQuestions,
} from './messages';
import { passwordFields, toRoom, type RoomSettingsItem, type RoomState } from './room';
import {
  changeRoom,
  findSeatRoom,
  getGameQuestions,
  insertRoom,
  recordAnswer,
  releaseSeat,
  seatPut,
} from './room-store';
import * as rules from './rules';

/**
 * What each client message does to a room (docs/spec/multiplayer-membership-study.md §4, §5; docs/multiplayer.md):
 * the member's limits, then the message's rule (rules.ts) applied through the store, then what the
 * member and the room are told. Every rule holds on the server, whatever the page allows.
 */

const m = MULTIPLAYER_MESSAGES;
type Input<T extends keyof typeof clientMessageSchemas> = z.output<(typeof clientMessageSchemas)[T]>;

/** The socket a handler runs for. */
export interface Caller {
  user: UserItem;
  connection: ConnectionItem;
  reply: (message: ServerMessage) => Promise<boolean>;
  log: Logger;
  /** When API Gateway received the message (epoch ms): an answer's time, for its deadline and its points. */
  receivedAt?: number;
}

/** The member and socket a seat taken by this caller belongs to. */
const sitter = (caller: Caller): rules.Sitter => ({
  userId: caller.user.id,
  nickname: caller.user.nickname,
  connectionId: caller.connection.connectionId,
  endpoint: caller.connection.endpoint,
});

/** The room whose messages this socket receives; `not_in_room` otherwise. */
async function callersRoom(caller: Caller): Promise<RoomState> {
  const room = await findSeatRoom(caller.user.id);
  if (!room || room.players[caller.user.id]?.connectionId !== caller.connection.connectionId)
    throw roomError('not_in_room', m.notInRoom);
  // A phase long past its end means its tick was lost: end it now (exactly once, as a tick would).
  if (rules.phaseOverdue(room, Date.now()))
    await advance(room.code, room.step, caller.log, { early: 'wait' });
  return room;
}

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
    if (seat.leftAt !== null && Date.now() >= rules.seatExpiry(seat.leftAt))
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

/** A seat moved to the caller's socket, and what the others are told of it (after the caller). */
interface TakenSeat {
  room: RoomState;
  announce: () => Promise<void>;
}

/**
 * Moves the member's seat to this socket; undefined when the seat is gone meanwhile. `announce`
 * tells an older socket that held it (another tab) `left_room`, or the room that the member is
 * back (which may complete a question or start a game).
 */
async function takeSeat(caller: Caller, code: string): Promise<TakenSeat | undefined> {
  let taken;
  try {
    taken = await changeRoom(code, (room) => rules.takeSeat(room, caller.user.id, sitter(caller)));
  } catch (error) {
    if (isRoomError(error, 'not_in_room') || isRoomError(error, 'not_found')) return undefined;
    throw error;
  }
  const { outcome, before } = taken;
  if (!('room' in outcome)) return { room: before, announce: async () => undefined };
  const room = outcome.room;
  const previous = before.players[caller.user.id];
  const announce = async () => {
    if (previous?.connectionId) {
      await sendToSeat(
        room.code,
        { userId: caller.user.id, endpoint: previous.endpoint!, connectionId: previous.connectionId },
        { type: 'left_room', roomId: room.code },
        caller.log,
      );
      return;
    }
    await broadcast(room, connectionChangedMessage(room, caller.user.id, true), caller.log, {
      except: caller.user.id,
    });
    await afterPlayersChanged(room, caller.log);
  };
  return { room, announce };
}

/** `room_rejoined`: the room, and what is on screen in it now (the open question, the results, the ranking). */
async function sendRoomAsItStands(caller: Caller, room: RoomState): Promise<void> {
  const questions = showsQuestions(room) ? await getGameQuestions(room.code) : [];
  for (const message of rejoinMessages(room, caller.user.id, questions, Date.now()))
    await caller.reply(message);
}

/** Leaves room `code` (the member's current room, before they join another, or at their word). */
async function leave(caller: Caller, code: string, options: { reply: boolean }): Promise<void> {
  const { outcome, before } = await changeRoom(code, (room) => rules.withoutPlayer(room, caller.user.id));
  await releaseSeat(caller.user.id, code, caller.log);
  if (options.reply) await caller.reply({ type: 'left_room', roomId: code });
  if (!('unchanged' in outcome)) await announceLeft(caller, before, 'room' in outcome ? outcome.room : null);
}

/** The settings a room plays with: the title is the quiz's own. */
const roomSettings = (
  input: Input<'create_room'> | Input<'update_room_settings'>,
  quiz: { id: string; title: string },
): RoomSettingsItem => ({
  quizId: quiz.id,
  quizTitle: quiz.title,
  maxPlayers: input.maxPlayers,
  timePerQuestion: input.timePerQuestion,
  category: input.category,
  randomOrder: input.randomOrder,
});

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
  const build = (code: string) =>
    rules.newRoom({
      code,
      host: sitter(caller),
      password: passwordFields(input.password),
      settings: roomSettings(input, detail.quiz),
      now,
    });
  let left: { before: RoomState; after: RoomState | null } | undefined;
  const room = await insertRoom(build, async (items, created) => {
    if (!current) return transactWrite([...items, seatPut(caller.user.id, created.code, now, undefined)]);
    const { outcome, before } = await changeRoom(current.code, (old) => {
      const change = rules.withoutPlayer(old, caller.user.id);
      // The seat went meanwhile (a leave or a give-up raced this): the pointer is in flux, try again.
      if ('unchanged' in change) throw roomError('busy', m.busy);
      return { ...change, extra: [...items, seatPut(caller.user.id, created.code, now, current.code)] };
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
async function announceLeft(caller: Caller, before: RoomState, after: RoomState | null): Promise<void> {
  const seat = before.players[caller.user.id];
  if (seat?.connectionId && seat.connectionId !== caller.connection.connectionId)
    await sendToSeat(
      before.code,
      { userId: caller.user.id, endpoint: seat.endpoint!, connectionId: seat.connectionId },
      { type: 'left_room', roomId: before.code },
      caller.log,
    );
  if (!after) return;
  await broadcast(after, playerLeftMessage(after, caller.user.id, caller.user.nickname), caller.log);
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
  const { outcome } = await changeRoom(input.roomId, (room, now) => ({
    ...rules.join(room, sitter(caller), input.password, now),
    extra: [seatPut(caller.user.id, room.code, now, current?.code)],
  }));
  if (current) await leave(caller, current.code, { reply: false }).catch(() => undefined);
  if (!('room' in outcome)) return;
  const room = outcome.room;
  const player = toRoom(room).players.find((candidate) => candidate.id === caller.user.id)!;
  await broadcast(room, { type: 'player_joined', roomId: room.code, room: toRoom(room), player }, caller.log);
}

export async function toggleReady(caller: Caller): Promise<void> {
  await limit('room-action', caller, ROOM_ACTIONS_PER_TEN_SECONDS, 10, m.actionsTooFast);
  const seated = await callersRoom(caller);
  const { outcome } = await changeRoom(seated.code, (room) => rules.toggleReady(room, caller.user.id));
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
  const { outcome } = await changeRoom(code, (room) => rules.unready(room, caller.user.id));
  if ('room' in outcome) await announceReady(caller, outcome.room, false);
}

const announceReady = (caller: Caller, room: RoomState, isReady: boolean) =>
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
  const settings = roomSettings(input, detail.quiz);
  const { outcome } = await changeRoom(seated.code, (room) =>
    rules.changeSettings(room, caller.user.id, settings),
  );
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
  // The answer's time is its receipt (a cold start or a backlog does not cost it points or make it
  // late); never before its question opened. Only the open question takes it: once the reveal
  // moved the room on, the write's condition refuses it, whenever it was received.
  const now = Math.max(caller.receivedAt ?? Date.now(), room.questionStartedAt);
  const index = rules.checkAnswer(room, input, now);
  const recorded = await recordAnswer(room.code, caller.user.id, index, input.answer as AnswerLetter, now);
  if (!recorded.ok) throw rules.answerRefusal(recorded.room, caller.user.id, index);
  const after = recorded.room;
  await caller.reply({
    type: 'answer_accepted',
    roomId: after.code,
    questionIndex: index,
    answer: input.answer,
  });
  if (rules.everyoneAnswered(after, Date.now())) {
    await advance(after.code, after.step, caller.log, { early: 'advance' });
    return;
  }
  await broadcast(after, playerAnsweredMessage(after, caller.user.id, index), caller.log);
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

/** A member's socket closed: if it held their seat, the seat is kept for a rejoin. */
export async function socketClosed(userId: string, connectionId: string, log: Logger): Promise<void> {
  const room = await findSeatRoom(userId);
  if (room?.players[userId]?.connectionId === connectionId)
    await seatDisconnected(room.code, userId, connectionId, log);
}
