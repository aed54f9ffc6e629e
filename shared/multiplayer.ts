import * as z from 'zod';
import { ANSWER_LETTERS } from './constants';
import { questionImageSchema } from './quiz-images';
import { MULTIPLAYER_CATEGORIES, MULTIPLAYER_MESSAGES } from './socket-protocol';

/**
 * The multiplayer protocol (docs/spec/multiplayer-membership-study.md §2, §4, §5, §7, §8, §9; docs/multiplayer.md):
 * the messages both sides exchange on `/ws`, their zod schemas, the room limits and the Japanese
 * texts. The functions validate every client message with these schemas (which live in
 * `shared/socket-requests.ts`, the words and limits in `shared/socket-protocol.ts`, so a socket
 * function builds no other schema); the web app parses every server message with them.
 */

export {
  MULTIPLAYER_CATEGORIES,
  MULTIPLAYER_MESSAGES,
  ROOM_LIMITS,
  questionScore,
  type MultiplayerCategory,
} from './socket-protocol';
export {
  clientMessageSchemas,
  roomCodeSchema,
  type ClientMessage,
  type ClientMessageType,
} from './socket-requests';

export const GAME_STATES = ['waiting', 'starting', 'question', 'results', 'finished'] as const;
export type GameState = (typeof GAME_STATES)[number];

export { MULTIPLAYER_ERROR_REASONS } from './socket-protocol';

const m = MULTIPLAYER_MESSAGES;
const letter = z.enum(ANSWER_LETTERS, { error: m.answerInvalid });

/** A room's settings as everyone sees them (docs/spec/multiplayer-membership-study.md §3 "Room settings"). */
export const roomSettingsSchema = z.object({
  quizId: z.string(),
  quizTitle: z.string(),
  maxPlayers: z.number(),
  timePerQuestion: z.number(),
  category: z.enum(MULTIPLAYER_CATEGORIES),
  randomOrder: z.boolean(),
  /** The host's nickname. */
  host: z.string(),
});
export type RoomSettings = z.infer<typeof roomSettingsSchema>;

export const playerSchema = z.object({
  id: z.string(),
  nickname: z.string(),
  isReady: z.boolean(),
  isHost: z.boolean(),
  /** Total score of the current game. */
  score: z.number(),
  /** False while the player's seat is kept for a rejoin. */
  connected: z.boolean(),
});
export type Player = z.infer<typeof playerSchema>;

/** The room snapshot carried by every room message. */
export const roomSchema = z.object({
  id: z.string(),
  /** The host's nickname. */
  host: z.string(),
  hostId: z.string(),
  isLocked: z.boolean(),
  gameState: z.enum(GAME_STATES),
  settings: roomSettingsSchema,
  players: z.array(playerSchema),
  totalQuestions: z.number(),
  /** Index of the question being played or revealed; -1 before the first. */
  questionIndex: z.number(),
  /**
   * Grows with every change of the room. Messages from concurrent functions may arrive in any
   * order: a snapshot older than the one shown is ignored.
   */
  version: z.number(),
});
export type Room = z.infer<typeof roomSchema>;

export const questionPayloadSchema = z.object({
  text: z.string(),
  options: z.object({
    A: z.string(),
    B: z.string(),
    C: z.string().optional(),
    D: z.string().optional(),
  }),
  /** The question's picture (issue 30): never anything of its answer. */
  image: questionImageSchema.nullable().optional(),
});
export type QuestionPayload = z.infer<typeof questionPayloadSchema>;

const questionMessage = z.object({
  type: z.literal('question'),
  roomId: z.string(),
  question: questionPayloadSchema,
  timeLimit: z.number(),
  totalQuestions: z.number(),
  questionIndex: z.number(),
  /** When answers stop being accepted, epoch ms of the server's clock. */
  deadline: z.number(),
});

export const revealResultSchema = z.object({
  playerId: z.string(),
  nickname: z.string(),
  answer: letter.nullable(),
  isCorrect: z.boolean(),
  /** Points of this question. */
  score: z.number(),
  totalScore: z.number(),
});

export const rankingEntrySchema = z.object({
  rank: z.number(),
  playerId: z.string(),
  nickname: z.string(),
  score: z.number(),
  correctCount: z.number(),
  /** The player's answers by quiz question id (`-` when unanswered): the attempt record's answers. */
  answers: z.record(z.string(), z.union([letter, z.literal('-')])),
});

const answerRevealMessage = z.object({
  type: z.literal('answer_reveal'),
  roomId: z.string(),
  questionIndex: z.number(),
  totalQuestions: z.number(),
  results: z.array(revealResultSchema),
  correctAnswer: letter,
  explanation: z.string().nullable(),
  /** When the next question (or the final results) comes, epoch ms. */
  nextAt: z.number(),
});

const gameFinishedMessage = z.object({
  type: z.literal('game_finished'),
  roomId: z.string(),
  quizId: z.string(),
  totalQuestions: z.number(),
  results: z.array(rankingEntrySchema),
  winner: rankingEntrySchema.nullable(),
});

const roomMessage = <T extends string>(type: T) =>
  z.object({ type: z.literal(type), roomId: z.string(), room: roomSchema });

/** Server → client messages (docs/spec/multiplayer-membership-study.md §7 and the shapes; docs/multiplayer.md). */
export const serverMessageSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('authenticated'),
    user: z.object({ id: z.string(), nickname: z.string() }),
    /** The room whose seat this socket took back (`room_rejoined` follows), or null. */
    roomId: z.string().nullable(),
  }),
  roomMessage('room_created'),
  roomMessage('player_joined').extend({ player: playerSchema }),
  roomMessage('player_ready_changed').extend({ playerId: z.string(), isReady: z.boolean() }),
  roomMessage('player_left').extend({ playerId: z.string(), nickname: z.string() }),
  roomMessage('player_connection_changed').extend({ playerId: z.string(), connected: z.boolean() }),
  roomMessage('room_settings_updated').extend({ settings: roomSettingsSchema, updatedBy: z.string() }),
  roomMessage('room_reset'),
  /** Sent to a member put back into a room (a reload or a new socket within the rejoin time). */
  roomMessage('room_rejoined').extend({
    /** The open question (gameState `question`). */
    question: questionMessage.omit({ type: true }).optional(),
    myAnswer: letter.nullable(),
    /** The results on screen (gameState `results`). */
    reveal: answerRevealMessage.omit({ type: true }).optional(),
    /** The final ranking on screen (gameState `finished`). */
    finished: gameFinishedMessage.omit({ type: true }).optional(),
  }),
  z.object({
    type: z.literal('game_starting'),
    roomId: z.string(),
    countdown: z.number(),
    startsAt: z.number(),
    totalQuestions: z.number(),
  }),
  questionMessage,
  z.object({
    type: z.literal('timer_sync'),
    roomId: z.string(),
    questionIndex: z.number(),
    /** Seconds left, as the server counts them. */
    remainingTime: z.number(),
    deadline: z.number(),
    serverTime: z.number(),
  }),
  z.object({
    type: z.literal('answer_accepted'),
    roomId: z.string(),
    questionIndex: z.number(),
    answer: letter,
  }),
  z.object({
    type: z.literal('player_answered'),
    roomId: z.string(),
    questionIndex: z.number(),
    playerId: z.string(),
    answeredCount: z.number(),
    playerCount: z.number(),
  }),
  answerRevealMessage,
  gameFinishedMessage,
  z.object({
    type: z.literal('chat_message'),
    roomId: z.string(),
    message: z.object({
      id: z.string(),
      playerId: z.string(),
      nickname: z.string(),
      message: z.string(),
      timestamp: z.string(),
    }),
  }),
  z.object({ type: z.literal('left_room'), roomId: z.string() }),
  z.object({ type: z.literal('pong'), sentAt: z.number().optional(), serverTime: z.number() }),
  z.object({ type: z.literal('error'), message: z.string(), reason: z.string() }),
]);
export type ServerMessage = z.infer<typeof serverMessageSchema>;
export type ServerMessageOf<T extends ServerMessage['type']> = Extract<ServerMessage, { type: T }>;

/** `GET /api/multiplayer/rooms` (docs/spec/multiplayer-membership-study.md §3 "Active room"). */
export const activeRoomSchema = z.object({
  id: z.string(),
  isLocked: z.boolean(),
  host: z.string(),
  playerCount: z.number(),
  maxPlayers: z.number(),
  gameState: z.enum(GAME_STATES),
  quizTitle: z.string(),
});
export type ActiveRoom = z.infer<typeof activeRoomSchema>;
export const activeRoomsSchema = z.object({ rooms: z.array(activeRoomSchema) });
