import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import {
  MULTIPLAYER_MESSAGES,
  ROOM_LIMITS,
  type ActiveRoom,
  type GameState,
  type MultiplayerCategory,
  type Player,
  type Room,
} from '@shared/multiplayer';
import type { AnswerLetter } from '@shared/constants';
import { db } from '../data/db';
import { queryPages } from '../data/paginate';
import { INDEX, ttlFromDate } from '../data/table';
import { ConditionsFailed, TransactionBusy } from '../data/errors';
import { transactWrite, type NamedItem } from '../data/transact';
import { backoffMs, pause, RETRY, withRetries } from '../data/retry';
import type { Logger } from '../lib/logger';
import { roomError } from './errors';
import { randomToken } from '../lib/random-token';
import { RoomGameKeys, RoomKeys, RoomListingKeys, SeatKeys } from './room-keys';

/**
 * Multiplayer rooms: one item per room holds its settings, players, game phase and clock, so every
 * rule is checked against one consistent state. Writes are optimistic: each checks the `version`
 * it read and adds 1, and is tried again on a conflict (answers, the hot path, are one conditional
 * update of their own slot that also adds 1 to the version).
 */

const m = MULTIPLAYER_MESSAGES;
/** A room nobody changes for this long is removed by TTL (a backstop: an empty room is deleted at once). */
const ROOM_TTL_HOURS = 2;

export interface SeatAnswer {
  answer: AnswerLetter;
  /** Epoch ms when the server accepted it. */
  at: number;
}

export interface PlayerSeat {
  nickname: string;
  isReady: boolean;
  joinedAt: number;
  /** The socket that receives the room's messages; null while the seat is kept for a rejoin. */
  connectionId: string | null;
  endpoint: string | null;
  /** Epoch ms of the disconnect while the seat is kept; null when connected. */
  leftAt: number | null;
  score: number;
  /** Answers of the current game by question index (play order). */
  answers: Record<string, SeatAnswer>;
  /** Points by question index, written at each reveal. */
  points: Record<string, number>;
}

export interface RoomSettingsItem {
  quizId: string;
  quizTitle: string;
  maxPlayers: number;
  timePerQuestion: number;
  category: MultiplayerCategory;
  randomOrder: boolean;
}

export interface RoomItem {
  pk: string;
  sk: 'ROOM';
  code: string;
  hostId: string;
  passwordHash: string | null;
  passwordSalt: string | null;
  settings: RoomSettingsItem;
  players: Record<string, PlayerSeat>;
  gameState: GameState;
  step: number;
  questionIndex: number;
  /** Epoch ms when the current phase ends (the question's deadline). */
  phaseEndsAt: number;
  questionStartedAt: number;
  totalQuestions: number;
  /** Correct letters in play order; never sent before the reveal. */
  answerKey: AnswerLetter[];
  /** The quiz's question ids in play order (the attempt record keys its answers by id). */
  questionIds: string[];
  /** The letters each question offers in play order (`AB`, `ABCD`): an answer must be one of them. */
  choices: string[];
  version: number;
  createdAt: string;
  ttl: number;
}

export interface GameQuestion {
  id: string;
  text: string;
  options: { A: string; B: string; C?: string; D?: string };
  correctAnswer: AnswerLetter;
  explanation: string | null;
}

export const roomKey = (code: string) => RoomKeys.key({ code });
const seatKey = (userId: string) => SeatKeys.key({ userId });

/** A new room code: 6 characters of the alphabet without look-alikes, from a CSPRNG. */
export function newRoomCode(): string {
  const alphabet = ROOM_LIMITS.codeAlphabet;
  let code = '';
  for (let i = 0; i < ROOM_LIMITS.codeLength; i++) code += alphabet[randomInt(alphabet.length)];
  return code;
}

const hashPassword = (password: string, salt: string) =>
  createHash('sha256').update(`${salt}:${password}`).digest('base64url');

export function passwordFields(password: string | undefined) {
  if (!password) return { passwordHash: null, passwordSalt: null };
  const salt = randomToken(16);
  return { passwordHash: hashPassword(password, salt), passwordSalt: salt };
}

/** Whether `password` opens the room (constant time). */
export function passwordMatches(room: Pick<RoomItem, 'passwordHash' | 'passwordSalt'>, password: string) {
  if (!room.passwordHash || !room.passwordSalt) return true;
  const given = Buffer.from(hashPassword(password, room.passwordSalt));
  const stored = Buffer.from(room.passwordHash);
  return given.length === stored.length && timingSafeEqual(given, stored);
}

export const roomTtl = (now: number) => ttlFromDate(new Date(now + ROOM_TTL_HOURS * 3600_000));

export async function getRoom(code: string): Promise<RoomItem | undefined> {
  const result = await db.get({ Key: roomKey(code), ConsistentRead: true });
  return result.Item as RoomItem | undefined;
}

export async function getGameQuestions(code: string): Promise<GameQuestion[]> {
  const result = await db.get({ Key: RoomGameKeys.key({ code }), ConsistentRead: true });
  return (result.Item?.questions as GameQuestion[] | undefined) ?? [];
}

/** The room the member holds a seat in, if the room still holds it. */
export async function findSeatRoom(userId: string): Promise<RoomItem | undefined> {
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

/** A single write that met another change's transaction on the same item: a later try can get past it. */
const isTransactionConflict = (error: unknown) =>
  (error as { name?: string }).name === 'TransactionConflictException';

const errorName = (error: unknown) => (error as { name?: string }).name;

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
    if (errorName(error) === 'ConditionalCheckFailedException') return;
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
  build: (code: string) => RoomItem,
  write: (items: NamedItem[], room: RoomItem) => Promise<void>,
) {
  for (let tries = 0; ; tries++) {
    const room = build(newRoomCode());
    try {
      await write(
        [
          { name: NEW_ROOM, Put: { Item: room, ConditionExpression: 'attribute_not_exists(pk)' } },
          listingPut(room),
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

/** What a change to a room does: the room as it should be, or its removal; `extra` items go in the same transaction. */
export type RoomChange<R> =
  | { room: RoomItem; result: R; extra?: NamedItem[] }
  | { delete: true; result: R; extra?: NamedItem[] }
  | { unchanged: true; result: R };

/**
 * Reads the room, applies `change` and writes the result if nobody wrote the room meanwhile;
 * otherwise reads it again and retries under the one retry policy. `change` may throw an
 * `AppError` (the rule that refused it), which is answered as is. 404 when the room is gone.
 */
export async function changeRoom<R>(
  code: string,
  change: (room: RoomItem, now: number) => RoomChange<R> | Promise<RoomChange<R>>,
): Promise<{ outcome: RoomChange<R>; before: RoomItem }> {
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
    const write: NamedItem =
      'delete' in outcome
        ? { name: 'room', Delete: { Key: roomKey(code), ...condition } }
        : {
            name: 'room',
            Put: {
              Item: { ...outcome.room, version: before.version + 1, ttl: roomTtl(now) },
              ...condition,
            },
          };
    const listing =
      'delete' in outcome
        ? [{ Delete: { Key: RoomListingKeys.key({ code }) } }]
        : listingChanged(before, outcome.room)
          ? [listingPut({ ...outcome.room, ttl: roomTtl(now) })]
          : [];
    try {
      await transactWrite([write, ...listing, ...(outcome.extra ?? [])]);
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

/** Players in join order. */
export const seatsInOrder = (room: RoomItem) =>
  Object.entries(room.players).sort(([, a], [, b]) => a.joinedAt - b.joinedAt);

export const connectedSeats = (room: RoomItem) =>
  seatsInOrder(room).filter(([, seat]) => seat.connectionId !== null);

/** The room as every member sees it (no password, no answer key, no sockets). */
export function toRoom(room: RoomItem): Room {
  const host = room.players[room.hostId];
  const players: Player[] = seatsInOrder(room).map(([id, seat]) => ({
    id,
    nickname: seat.nickname,
    isReady: seat.isReady,
    isHost: id === room.hostId,
    score: seat.score,
    connected: seat.connectionId !== null,
  }));
  return {
    id: room.code,
    host: host?.nickname ?? '',
    hostId: room.hostId,
    isLocked: room.passwordHash !== null,
    gameState: room.gameState,
    settings: { ...room.settings, host: host?.nickname ?? '' },
    players,
    totalQuestions: room.totalQuestions,
    questionIndex: room.questionIndex,
    version: room.version,
  };
}

export function toActiveRoom(room: RoomItem): ActiveRoom {
  return {
    id: room.code,
    isLocked: room.passwordHash !== null,
    host: room.players[room.hostId]?.nickname ?? '',
    playerCount: Object.keys(room.players).length,
    maxPlayers: room.settings.maxPlayers,
    gameState: room.gameState,
    quizTitle: room.settings.quizTitle,
  };
}

const connectedCount = (room: RoomItem) =>
  Object.values(room.players).filter((seat) => seat.connectionId !== null).length;

function listingChanged(before: RoomItem, after: RoomItem): boolean {
  return (
    JSON.stringify(toActiveRoom(before)) !== JSON.stringify(toActiveRoom(after)) ||
    connectedCount(before) !== connectedCount(after)
  );
}

function listingPut(room: RoomItem): NamedItem {
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

export const gamePut = (code: string, questions: GameQuestion[], now: number): NamedItem => ({
  Put: { Item: { ...RoomGameKeys.key({ code }), questions, ttl: roomTtl(now) } },
});

export const gameDelete = (code: string): NamedItem => ({ Delete: { Key: RoomGameKeys.key({ code }) } });

/**
 * Records an answer: one conditional update of the player's slot for this question, accepted only
 * while the question is open, before its deadline and once. Answers the room as it is after.
 */
export async function recordAnswer(
  code: string,
  userId: string,
  questionIndex: number,
  answer: AnswerLetter,
  now: number,
): Promise<{ ok: true; room: RoomItem } | { ok: false; room: RoomItem | undefined }> {
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
    return { ok: true, room: result.Attributes as RoomItem };
  } catch (error) {
    if (errorName(error) !== 'ConditionalCheckFailedException') throw error;
    return { ok: false, room: await getRoom(code) };
  }
}
