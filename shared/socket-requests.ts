import * as z from 'zod';
import { ANSWER_LETTERS } from './constants';
import {
  CLASSROOM_LIMITS,
  CLASSROOM_MESSAGES,
  MULTIPLAYER_CATEGORIES,
  MULTIPLAYER_MESSAGES,
  ROOM_LIMITS,
} from './socket-protocol';
import { hasHiddenCharacters } from './visible-text';

/**
 * What a client may send on `/ws` (docs/multiplayer.md, docs/classroom.md): the schemas of the
 * rooms' and class games' client → server frames, one route key (and Lambda) each; the functions
 * validate every frame with them. Apart from the frames the server sends and the HTTP shapes
 * (`shared/multiplayer.ts`, `shared/classroom.ts`, which export these again under the same
 * names), so a socket function builds these few schemas at its cold start instead of every
 * schema of both features (docs/decisions.md, "Issue 28: a cold start loads its own route").
 */

// ——— Rooms ———

const m = MULTIPLAYER_MESSAGES;
const letter = z.enum(ANSWER_LETTERS, { error: m.answerInvalid });

export const roomCodeSchema = z
  .string({ error: m.roomCodeRequired })
  .trim()
  .min(1, m.roomCodeRequired)
  .transform((code) => code.toUpperCase())
  .pipe(z.string().regex(new RegExp(`^[${ROOM_LIMITS.codeAlphabet}]{6}$`), m.roomCodeInvalid));

const passwordSchema = z.string().max(ROOM_LIMITS.passwordMax, m.passwordTooLong);

const roomSettingsInput = {
  quizId: z.string({ error: m.quizRequired }).trim().min(1, m.quizRequired).max(64, m.quizNotFound),
  maxPlayers: z
    .number({ error: m.playersRange })
    .int(m.playersRange)
    .min(ROOM_LIMITS.playersMin, m.playersRange)
    .max(ROOM_LIMITS.playersMax, m.playersRange)
    .default(ROOM_LIMITS.playersDefault),
  timePerQuestion: z
    .number({ error: m.secondsRange })
    .int(m.secondsRange)
    .min(ROOM_LIMITS.secondsMin, m.secondsRange)
    .max(ROOM_LIMITS.secondsMax, m.secondsRange)
    .refine((seconds) => seconds % ROOM_LIMITS.secondsStep === 0, m.secondsRange)
    .default(ROOM_LIMITS.secondsDefault),
  category: z.enum(MULTIPLAYER_CATEGORIES, { error: m.categoryInvalid }).default('all'),
  randomOrder: z.boolean().default(false),
};

/** Client → server messages (docs/spec/multiplayer-membership-study.md §7), one route key (and Lambda) each. */
export const clientMessageSchemas = {
  auth: z.object({
    type: z.literal('auth'),
    /**
     * Whether to take back a seat the member holds (default yes). A page whose seat another tab
     * took over sends false, so two tabs do not take the seat from each other in turn.
     */
    rejoin: z.boolean().default(true),
  }),
  create_room: z.object({
    type: z.literal('create_room'),
    ...roomSettingsInput,
    password: passwordSchema.optional(),
  }),
  join_room: z.object({
    type: z.literal('join_room'),
    roomId: roomCodeSchema,
    password: passwordSchema.optional(),
  }),
  ready: z.object({ type: z.literal('ready') }),
  answer: z.object({
    type: z.literal('answer'),
    answer: letter,
    /** The question answered; an answer meant for an earlier question is refused, not applied to the next. */
    questionIndex: z.number().int().min(0).max(200).optional(),
  }),
  leave_room: z.object({ type: z.literal('leave_room') }),
  chat_message: z.object({
    type: z.literal('chat_message'),
    message: z
      .string({ error: m.chatEmpty })
      .trim()
      .min(1, m.chatEmpty)
      .max(ROOM_LIMITS.chatMax, m.chatTooLong),
  }),
  update_room_settings: z.object({
    type: z.literal('update_room_settings'),
    ...roomSettingsInput,
    /** Sent by the spec's client; the server reads the title from the quiz itself. */
    quizTitle: z.string().max(200).optional(),
  }),
} as const;
export type ClientMessageType = keyof typeof clientMessageSchemas;
export type ClientMessage = {
  [T in ClientMessageType]: z.input<(typeof clientMessageSchemas)[T]>;
}[ClientMessageType];

// ——— Class games ———

const c = CLASSROOM_MESSAGES;

export const pinSchema = z
  .string({ error: c.pinRequired })
  .trim()
  .min(1, c.pinRequired)
  .transform((pin) => pin.normalize('NFKC'))
  .pipe(z.string().regex(/^\d{6}$/, c.pinInvalid));

/**
 * A player's nickname: NFKC, trimmed, 1–20 characters, no line breaks, control or invisible
 * characters (spaces inside are fine: 「たなか はなこ」), the invisible joiners and selectors of an
 * emoji excepted, as in a member's nickname (「花子❤️」, which a member's join fills in). Look-alikes
 * of a nickname already in the game are refused by the server (`nickname_taken`), by the
 * usernames' confusable skeleton.
 */
export const classNicknameSchema = z
  .string({ error: c.nicknameRequired })
  .normalize('NFKC')
  .trim()
  .min(1, c.nicknameRequired)
  .max(CLASSROOM_LIMITS.nicknameMax, c.nicknameTooLong)
  .regex(/^[^\p{Cc}\p{Zl}\p{Zp}]+$/u, c.nicknameChars)
  .refine((name) => !hasHiddenCharacters(name), c.nicknameChars);

export const gameIdSchema = z.string().trim().min(1, c.gameMissing).max(64, c.gameMissing);

const withGame = { gameId: gameIdSchema };

/**
 * Client → server frames of class games. A socket without a session may send only `join_class`,
 * `answer`, `leave_class` and `ping`; the host's frames need the host's session and carry the
 * `gameId` (a member may host three games).
 */
export const classClientMessageSchemas = {
  join_class: z.object({
    type: z.literal('join_class'),
    pin: pinSchema,
    nickname: classNicknameSchema,
    resumeToken: z.string().max(100).optional(),
  }),
  leave_class: z.object({ type: z.literal('leave_class') }),
  class_host: z.object({ type: z.literal('class_host'), ...withGame }),
  class_start: z.object({ type: z.literal('class_start'), ...withGame }),
  class_next: z.object({ type: z.literal('class_next'), ...withGame }),
  class_reveal_now: z.object({ type: z.literal('class_reveal_now'), ...withGame }),
  class_kick: z.object({ type: z.literal('class_kick'), ...withGame, playerId: z.string().min(1).max(64) }),
  class_lock: z.object({ type: z.literal('class_lock'), ...withGame, locked: z.boolean() }),
  class_end: z.object({ type: z.literal('class_end'), ...withGame }),
} as const;
export type ClassClientMessageType = keyof typeof classClientMessageSchemas;
export type ClassClientMessage = {
  [T in ClassClientMessageType]: z.input<(typeof classClientMessageSchemas)[T]>;
}[ClassClientMessageType];
