import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { ROOM_LIMITS } from '@shared/socket-protocol';
import type {
  ActiveRoom,
  GameState,
  MultiplayerCategory,
  Player,
  Room,
  QuestionPayload,
} from '@shared/multiplayer';
import type { AnswerLetter } from '@shared/constants';
import { randomToken } from '../lib/random-token';

/**
 * Multiplayer rooms, as the rules see them: one state per room holds its settings, players, game
 * phase and clock, so every rule is checked against one consistent state. No SDK and no
 * expressions here: how a room is kept (keys, the optimistic `version` check, the listing item) is
 * room-store.ts; how a game moves is rules.ts.
 */

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

/** A room: who sits in it, its settings and where its game stands. */
export interface RoomState {
  code: string;
  hostId: string;
  passwordHash: string | null;
  passwordSalt: string | null;
  settings: RoomSettingsItem;
  players: Record<string, PlayerSeat>;
  gameState: GameState;
  /** Every phase change adds 1: a tick names the step it ends, so a late or repeated tick changes nothing. */
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
  /** Every change adds 1; a client ignores a snapshot older than the one it shows. */
  version: number;
  createdAt: string;
}

/** A question of the room's current game, copied from the quiz when the game starts. */
export interface GameQuestion {
  id: string;
  text: string;
  options: { A: string; B: string; C?: string; D?: string };
  correctAnswer: AnswerLetter;
  explanation: string | null;
  /** Its picture (issue 30); absent in games started before pictures existed. */
  image?: QuestionPayload['image'];
}

/**
 * What a change makes of a room: the room as it should be, its removal (the last player left), or
 * nothing to write; `result` is what the caller learns either way.
 */
export type RoomChange<R> =
  { room: RoomState; result: R } | { delete: true; result: R } | { unchanged: true; result: R };

/** A new room code: 6 characters of the alphabet without look-alikes, from a CSPRNG. */
export function newRoomCode(): string {
  const alphabet = ROOM_LIMITS.codeAlphabet;
  let code = '';
  for (let i = 0; i < ROOM_LIMITS.codeLength; i++) code += alphabet[randomInt(alphabet.length)];
  return code;
}

const hashPassword = (password: string, salt: string) =>
  createHash('sha256').update(`${salt}:${password}`).digest('base64url');

/** The stored form of a room password (salted SHA-256); nulls for a public room. */
export function passwordFields(password: string | undefined) {
  if (!password) return { passwordHash: null, passwordSalt: null };
  const salt = randomToken(16);
  return { passwordHash: hashPassword(password, salt), passwordSalt: salt };
}

/** Whether `password` opens the room (constant time). */
export function passwordMatches(room: Pick<RoomState, 'passwordHash' | 'passwordSalt'>, password: string) {
  if (!room.passwordHash || !room.passwordSalt) return true;
  const given = Buffer.from(hashPassword(password, room.passwordSalt));
  const stored = Buffer.from(room.passwordHash);
  return given.length === stored.length && timingSafeEqual(given, stored);
}

/**
 * Whether the member's finished play of `quizId` is the game `room` just ended with them seated:
 * the page sends that game's attempt at its end, and the game's reveals counted its answers.
 */
export const endedGameOf = (room: RoomState, userId: string, quizId: string) =>
  room.gameState === 'finished' && room.settings.quizId === quizId && userId in room.players;

/** Players in join order. */
export const seatsInOrder = (room: RoomState) =>
  Object.entries(room.players).sort(([, a], [, b]) => a.joinedAt - b.joinedAt);

export const connectedSeats = (room: RoomState) =>
  seatsInOrder(room).filter(([, seat]) => seat.connectionId !== null);

/** The room as every member sees it (no password, no answer key, no sockets). */
export function toRoom(room: RoomState): Room {
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

/** The room as the lobby lists it. */
export function toActiveRoom(room: RoomState): ActiveRoom {
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

/** Players whose socket is open (the lobby leaves out rooms with none). */
export const connectedCount = (room: RoomState) =>
  Object.values(room.players).filter((seat) => seat.connectionId !== null).length;

/**
 * Whether a change alters what the lobby shows of the room (players, state, host, connections):
 * only such a change rewrites the listing, so the many writes of a game stay off its index.
 */
export function listingChanged(before: RoomState, after: RoomState): boolean {
  return (
    JSON.stringify(toActiveRoom(before)) !== JSON.stringify(toActiveRoom(after)) ||
    connectedCount(before) !== connectedCount(after)
  );
}

/** Whether a change of the room is the reveal of its current question. */
export const isReveal = (before: RoomState, after: RoomState) =>
  before.gameState === 'question' && after.gameState === 'results';
