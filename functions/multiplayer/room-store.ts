import { MULTIPLAYER_MESSAGES, ROOM_LIMITS } from '@shared/socket-protocol';
import type { ActiveRoom } from '@shared/multiplayer';
import type { AnswerLetter } from '@shared/constants';
import { db } from '../data/db';
import { isConditionFailed, isTransactionConflict } from '../data/errors';
import { queryPages } from '../data/paginate';
import { INDEX, ttlFromDate } from '../data/table';
import { ConditionsFailed, TransactionBusy } from '../data/errors';
import { transactWrite, type NamedItem } from '../data/transact';
import { backoffMs, pause, RETRY, withRetries } from '../data/retry';
import type { Logger } from '../lib/logger';
import { roomError } from './errors';
import {
  connectedCount,
  listingChanged,
  newRoomCode,
  toActiveRoom,
  type GameQuestion,
  type RoomChange,
  type RoomState,
  type SeatAnswer,
} from './room';
import { RoomGameKeys, RoomKeys, RoomListingKeys, SeatKeys } from './room-keys';

/**
 * Where rooms are kept: one item per room, written optimistically (each write checks the `version`
 * it read and adds 1, and is tried again on a conflict; answers, the hot path, are one conditional
 * update of their own slot that also adds 1 to the version), the lobby's listing item beside it,
 * the game's questions, and each member's seat pointer. The only multiplayer module that knows
 * keys, expressions and DynamoDB's errors.
 */

const m = MULTIPLAYER_MESSAGES;
/** A room nobody changes for this long is removed by TTL (a backstop: an empty room is deleted at once). */
const ROOM_TTL_HOURS = 2;

export const roomKey = (code: string) => RoomKeys.key({ code });
const seatKey = (userId: string) => SeatKeys.key({ userId });
const roomTtl = (now: number) => ttlFromDate(new Date(now + ROOM_TTL_HOURS * 3600_000));

/** A change to a room and the other items that go in its transaction (a seat pointer, the game's questions). */
export type RoomWrite<R> = RoomChange<R> & { extra?: NamedItem[] };

export async function getRoom(code: string): Promise<RoomState | undefined> {
  const result = await db.get({ Key: roomKey(code), ConsistentRead: true });
  return result.Item as RoomState | undefined;
}

export async function getGameQuestions(code: string): Promise<GameQuestion[]> {
  const result = await db.get({ Key: RoomGameKeys.key({ code }), ConsistentRead: true });
  return (result.Item?.questions as GameQuestion[] | undefined) ?? [];
}

/** The room the member holds a seat in, if the room still holds it. */
export async function findSeatRoom(userId: string): Promise<RoomState | undefined> {
  const seat = (await db.get({ Key: seatKey(userId), ConsistentRead: true })).Item;
  if (!seat) return undefined;
  const room = await getRoom(String(seat.roomId));
  if (room?.players[userId]) return room;
  await db
    .delete({
      Key: seatKey(userId),
      ConditionExpression: 'roomId = :room',
      ExpressionAttributeValues: { ':room': seat.roomId },
    })
    .catch(() => undefined);
  return undefined;
}

/**
 * Seats the member in room `code`, on condition that they sit where they were seen to sit
 * (`from`, or nowhere): a member is in one room at a time however many joins race.
 */
export const seatPut = (userId: string, code: string, now: number, from: string | undefined): NamedItem => ({
  name: 'seat',
  Put: {
    Item: { ...seatKey(userId), roomId: code, ttl: roomTtl(now) },
    ConditionExpression: from === undefined ? 'attribute_not_exists(pk)' : 'roomId = :from',
    ...(from === undefined ? {} : { ExpressionAttributeValues: { ':from': from } }),
  },
  onConditionFailed: () => roomError('busy', m.busy),
});

/**
 * Forgets that the member sits in room `code` (not a later room they joined meanwhile). A pointer
 * left behind, by a crash or by conflicts that outlasted the retry policy, is harmless:
 * `findSeatRoom` checks the room still holds the seat, so the leave that called this goes on.
 */
export async function releaseSeat(userId: string, code: string, log: Logger): Promise<void> {
  try {
    await withRetries(
      () =>
        db.delete({
          Key: seatKey(userId),
          ConditionExpression: 'roomId = :room',
          ExpressionAttributeValues: { ':room': code },
        }),
      isTransactionConflict,
      (error) => error as Error,
    );
  } catch (error) {
    if (isConditionFailed(error)) return;
    if (!isTransactionConflict(error)) throw error;
    log.warn('seat pointer left behind: conflicts outlasted the retry policy', { roomId: code });
  }
}

/** The name of a new room's put in its creation's transaction (a taken code fails it). */
const NEW_ROOM = 'new-room';

/**
 * Creates a room under a fresh code (another code when one is taken). `write` commits the new
 * room's items together with whatever else the creation changes, in one transaction: by default
 * the items alone; a member seated elsewhere leaves that room in the same write (`changeRoom`).
 */
export async function insertRoom(
  build: (code: string) => RoomState,
  write: (items: NamedItem[], room: RoomState) => Promise<void>,
): Promise<RoomState> {
  for (let tries = 0; ; tries++) {
    const room = build(newRoomCode());
    const item = { ...roomKey(room.code), ...room, ttl: roomTtl(Date.parse(room.createdAt)) };
    try {
      await write(
        [
          { name: NEW_ROOM, Put: { Item: item, ConditionExpression: 'attribute_not_exists(pk)' } },
          listingPut(item),
        ],
        room,
      );
      return room;
    } catch (error) {
      if (tries < 5 && error instanceof ConditionsFailed && error.has(NEW_ROOM)) continue;
      throw error;
    }
  }
}

/**
 * Reads the room, applies `change` and writes the result if nobody wrote the room meanwhile;
 * otherwise reads it again and retries under the one retry policy. `change` may throw a
 * `RoomError` (the rule that refused it), which reaches the caller as is. A room removed takes its
 * listing and game items with it. `not_found` when the room is gone, `busy` when it kept changing.
 */
export async function changeRoom<R>(
  code: string,
  change: (room: RoomState, now: number) => RoomWrite<R> | Promise<RoomWrite<R>>,
): Promise<{ outcome: RoomWrite<R>; before: RoomState }> {
  for (let attempt = 1; ; attempt++) {
    const before = await getRoom(code);
    if (!before) throw roomError('not_found', m.roomNotFound);
    const now = Date.now();
    const outcome = await change(structuredClone(before), now);
    if ('unchanged' in outcome) return { outcome, before };
    const condition = {
      ConditionExpression: 'version = :version',
      ExpressionAttributeValues: { ':version': before.version },
    };
    const ttl = roomTtl(now);
    const write: NamedItem =
      'delete' in outcome
        ? { name: 'room', Delete: { Key: roomKey(code), ...condition } }
        : {
            name: 'room',
            Put: {
              Item: { ...outcome.room, ...roomKey(code), version: before.version + 1, ttl },
              ...condition,
            },
          };
    const companions =
      'delete' in outcome
        ? [{ Delete: { Key: RoomListingKeys.key({ code }) } }, gameDelete(code)]
        : listingChanged(before, outcome.room)
          ? [listingPut({ ...outcome.room, ttl })]
          : [];
    try {
      await transactWrite([write, ...companions, ...(outcome.extra ?? [])]);
      if ('room' in outcome) outcome.room.version = before.version + 1;
      return { outcome, before };
    } catch (error) {
      // Transactions that kept conflicting: the room is too busy for this request; try again.
      if (error instanceof TransactionBusy) throw roomError('busy', m.busy);
      if (!(error instanceof ConditionsFailed && error.has('room'))) throw error;
      if (attempt >= RETRY.attempts * 2) throw roomError('busy', m.busy);
      await pause(backoffMs(Math.min(attempt, 4)));
    }
  }
}

function listingPut(room: RoomState & { ttl: number }): NamedItem {
  return {
    Put: {
      Item: {
        ...RoomListingKeys.key({ code: room.code }),
        ...RoomListingKeys.collection({ createdAt: room.createdAt }),
        listing: toActiveRoom(room),
        connectedCount: connectedCount(room),
        ttl: room.ttl,
      },
    },
  };
}

/**
 * The rooms the lobby lists: newest first, waiting rooms before those in a game, at most
 * `listedRooms`; rooms whose every player is gone (seats kept for a rejoin) are left out.
 */
export async function listActiveRooms(): Promise<ActiveRoom[]> {
  const rooms: ActiveRoom[] = [];
  const now = ttlFromDate(new Date());
  for await (const page of queryPages<{ listing: ActiveRoom; connectedCount: number; ttl: number }>(
    { index: INDEX.byCollection, partition: RoomListingKeys.collectionPk(), newestFirst: true },
    { maxItems: 200 },
  )) {
    rooms.push(
      ...page.filter((item) => item.ttl > now && item.connectedCount > 0).map((item) => item.listing),
    );
  }
  const waitingFirst = [...rooms].sort(
    (a, b) => Number(a.gameState !== 'waiting') - Number(b.gameState !== 'waiting'),
  );
  return waitingFirst.slice(0, ROOM_LIMITS.listedRooms);
}

/** The questions of a game that starts, written in the start's transaction. */
export const gamePut = (code: string, questions: GameQuestion[], now: number): NamedItem => ({
  Put: { Item: { ...RoomGameKeys.key({ code }), questions, ttl: roomTtl(now) } },
});

const gameDelete = (code: string): NamedItem => ({ Delete: { Key: RoomGameKeys.key({ code }) } });

/**
 * Records an answer: one conditional update of the player's slot for this question, accepted only
 * while the question is open, before its deadline and once (the conditions of `rules.checkAnswer`,
 * held by the table however many answers race). Answers the room as it is after.
 */
export async function recordAnswer(
  code: string,
  userId: string,
  questionIndex: number,
  answer: AnswerLetter,
  now: number,
): Promise<{ ok: true; room: RoomState } | { ok: false; room: RoomState | undefined }> {
  try {
    // The room may be inside another change's transaction: tried again, with the answer's own time.
    const result = await withRetries(
      () =>
        db.update({
          Key: roomKey(code),
          UpdateExpression: 'SET players.#me.answers.#q = :answer ADD version :one',
          ConditionExpression:
            'gameState = :question AND questionIndex = :index AND phaseEndsAt > :now AND attribute_exists(players.#me) AND attribute_not_exists(players.#me.answers.#q)',
          ExpressionAttributeNames: { '#me': userId, '#q': String(questionIndex) },
          ExpressionAttributeValues: {
            ':answer': { answer, at: now } satisfies SeatAnswer,
            ':one': 1,
            ':question': 'question',
            ':index': questionIndex,
            ':now': now,
          },
          ReturnValues: 'ALL_NEW',
        }),
      isTransactionConflict,
      () => roomError('busy', m.busy),
    );
    return { ok: true, room: result.Attributes as RoomState };
  } catch (error) {
    if (!isConditionFailed(error)) throw error;
    return { ok: false, room: await getRoom(code) };
  }
}
