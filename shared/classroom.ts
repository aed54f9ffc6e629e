import * as z from 'zod';
import { ANSWER_LETTERS } from './constants';
import { questionImageSchema } from './quiz-images';
import { CLASSROOM_LIMITS, CLASSROOM_MESSAGES } from './socket-protocol';
import { gameIdSchema } from './socket-requests';

/**
 * Class games (issue 31; docs/classroom.md): one host at a projector, up to 100 players who join
 * with a PIN and a nickname, no account needed. The limits, the Japanese texts, the HTTP shapes
 * and the `/ws` frames both sides exchange; the functions validate every client frame with these
 * schemas (which live in `shared/socket-requests.ts`, the words and limits in
 * `shared/socket-protocol.ts`, so a socket function builds no other schema) and the web app parses
 * every server frame with them. The rooms of 2–8 members
 * (`shared/multiplayer.ts`) are a separate thing and stay as they are.
 */

const m = CLASSROOM_MESSAGES;
const letter = z.enum(ANSWER_LETTERS, { error: m.answerInvalid });

/** Game states: the lobby, a question open, its reveal on screen, and the end. */
export const CLASS_GAME_STATES = ['lobby', 'question', 'reveal', 'finished'] as const;
export type ClassGameState = (typeof CLASS_GAME_STATES)[number];

export {
  CLASS_JOIN_REFUSALS,
  CLASSROOM_ERROR_REASONS,
  CLASSROOM_LIMITS,
  CLASSROOM_MESSAGES,
  type ClassroomErrorReason,
} from './socket-protocol';
export {
  classClientMessageSchemas,
  classNicknameSchema,
  pinSchema,
  type ClassClientMessage,
  type ClassClientMessageType,
} from './socket-requests';

// ——— HTTP ———

/** `POST /api/classroom/games`. */
export const createClassGameSchema = z.object({
  quizId: z.string({ error: m.quizRequired }).trim().min(1, m.quizRequired).max(64, m.quizNotFound),
  timePerQuestion: z
    .number({ error: m.secondsRange })
    .int(m.secondsRange)
    .min(CLASSROOM_LIMITS.secondsMin, m.secondsRange)
    .max(CLASSROOM_LIMITS.secondsMax, m.secondsRange)
    .refine((seconds) => seconds % CLASSROOM_LIMITS.secondsStep === 0, m.secondsRange)
    .default(CLASSROOM_LIMITS.secondsDefault),
  randomOrder: z.boolean().default(false),
  maxPlayers: z
    .number({ error: m.playersRange })
    .int(m.playersRange)
    .min(CLASSROOM_LIMITS.playersMin, m.playersRange)
    .max(CLASSROOM_LIMITS.playersMax, m.playersRange)
    .default(CLASSROOM_LIMITS.playersDefault),
  /** Whether the players' devices show the question's text too (remote lessons); default off. */
  showQuestionText: z.boolean().default(false),
});
export type CreateClassGameInput = z.input<typeof createClassGameSchema>;

export const createdClassGameSchema = z.object({
  gameId: z.string(),
  pin: z.string(),
  /** `<site>/join?pin=<pin>`: what the host's QR code holds. */
  joinUrl: z.string(),
});

export const classGameParamsSchema = z.object({ gameId: gameIdSchema });

/** A player as the host sees them. */
export const classPlayerSchema = z.object({
  playerId: z.string(),
  nickname: z.string(),
  score: z.number(),
  connected: z.boolean(),
});
export type ClassPlayer = z.infer<typeof classPlayerSchema>;

const optionTexts = z.object({
  A: z.string(),
  B: z.string(),
  C: z.string().optional(),
  D: z.string().optional(),
});

const optionCountsSchema = z.object({ A: z.number(), B: z.number(), C: z.number(), D: z.number() });
export type OptionCounts = z.infer<typeof optionCountsSchema>;

const scoreEntry = z.object({ nickname: z.string(), totalScore: z.number() });

/** The host's question on screen: the text, the options' texts and how many answered (never sent to players' devices unless `showQuestionText`). */
export const hostQuestionSchema = z.object({
  questionIndex: z.number(),
  totalQuestions: z.number(),
  text: z.string(),
  options: optionTexts,
  image: questionImageSchema.nullable(),
  deadline: z.number(),
  answered: z.number(),
  total: z.number(),
});

export const classRevealSchema = z.object({
  gameId: z.string(),
  questionIndex: z.number(),
  totalQuestions: z.number(),
  correctAnswer: letter,
  explanation: z.string().nullable(),
  optionCounts: optionCountsSchema,
  top: z.array(scoreEntry),
});

/** What the host's screen is built from: `GET /api/classroom/games/{gameId}` and `class_hosting`. */
export const hostGameSchema = z.object({
  gameId: z.string(),
  pin: z.string(),
  joinUrl: z.string(),
  quizId: z.string(),
  quizTitle: z.string(),
  state: z.enum(CLASS_GAME_STATES),
  locked: z.boolean(),
  settings: z.object({
    timePerQuestion: z.number(),
    randomOrder: z.boolean(),
    maxPlayers: z.number(),
    showQuestionText: z.boolean(),
  }),
  players: z.array(classPlayerSchema),
  /** The question being played or revealed; -1 in the lobby. */
  questionIndex: z.number(),
  totalQuestions: z.number(),
  /** The open question (state `question`). */
  question: hostQuestionSchema.nullable(),
  /** The results on screen (state `reveal`). */
  reveal: classRevealSchema.nullable(),
  createdAt: z.string(),
  /** When the game ends itself (two hours after it opened). */
  endsAt: z.string(),
});
export type HostGame = z.infer<typeof hostGameSchema>;

/** `GET /api/classroom/games`: the host's games of the last 90 days, newest first. */
export const classGameListSchema = z.object({
  games: z.array(
    z.object({
      gameId: z.string(),
      quizTitle: z.string(),
      playedAt: z.string(),
      state: z.enum(CLASS_GAME_STATES),
      playerCount: z.number(),
    }),
  ),
});

/** `GET /api/classroom/games/{gameId}/results`. */
export const classResultsSchema = z.object({
  quizTitle: z.string(),
  playedAt: z.string(),
  players: z.array(
    z.object({ nickname: z.string(), score: z.number(), correctCount: z.number(), rank: z.number() }),
  ),
  questions: z.array(
    z.object({
      text: z.string(),
      /** Percent of the players of the game who answered right, 0–100 with one decimal. */
      correctRate: z.number(),
      optionCounts: optionCountsSchema,
    }),
  ),
});
export type ClassResults = z.infer<typeof classResultsSchema>;

/** What a player's device is told of the game when it joins or comes back. */
export const playerGameSchema = z.object({
  gameId: z.string(),
  quizTitle: z.string(),
  state: z.enum(CLASS_GAME_STATES),
  questionIndex: z.number(),
  totalQuestions: z.number(),
  totalScore: z.number(),
  /** The open question (state `question`), as `class_question` carries it. */
  question: z
    .object({
      questionIndex: z.number(),
      totalQuestions: z.number(),
      options: z.array(letter),
      text: z.string().optional(),
      image: questionImageSchema.nullable().optional(),
      deadline: z.number(),
    })
    .nullable(),
  /** The player's answer to the open question, if any. */
  myAnswer: letter.nullable(),
  /** The player's result of the question on screen (state `reveal`). */
  result: z
    .object({
      questionIndex: z.number(),
      isCorrect: z.boolean(),
      points: z.number(),
      totalScore: z.number(),
      rank: z.number(),
      correctAnswer: letter,
    })
    .nullable(),
});
export type PlayerGame = z.infer<typeof playerGameSchema>;

// ——— WebSocket: server → client ———

const playersFrame = <T extends string>(type: T) =>
  z.object({ type: z.literal(type), gameId: z.string(), players: z.array(classPlayerSchema) });

/** Server → client frames of class games (docs/multiplayer.md "Class games: protocol"). */
export const classServerMessageSchema = z.discriminatedUnion('type', [
  // To a player.
  z.object({
    type: z.literal('class_joined'),
    gameId: z.string(),
    playerId: z.string(),
    nickname: z.string(),
    /** Kept by the device (sessionStorage) to come back after a drop or a reload. */
    resumeToken: z.string(),
    game: playerGameSchema,
  }),
  z.object({
    type: z.literal('class_question'),
    gameId: z.string(),
    questionIndex: z.number(),
    totalQuestions: z.number(),
    /** The letters offered: `["A", "B"]` for a two-option question. */
    options: z.array(letter),
    /** The question's text: on the host's screen always, on devices when the host turned it on. */
    text: z.string().optional(),
    /** The options' texts: the host's screen (and devices that show the text). */
    choices: optionTexts.optional(),
    image: questionImageSchema.nullable().optional(),
    /** When answers stop being accepted, epoch ms of the server's clock. */
    deadline: z.number(),
    serverTime: z.number(),
  }),
  z.object({
    type: z.literal('answer_accepted'),
    gameId: z.string(),
    questionIndex: z.number(),
    answer: letter,
  }),
  z.object({
    type: z.literal('class_result'),
    gameId: z.string(),
    questionIndex: z.number(),
    isCorrect: z.boolean(),
    points: z.number(),
    totalScore: z.number(),
    rank: z.number(),
    correctAnswer: letter,
  }),
  /**
   * The end: a player gets their `rank` and `totalScore` with the podium; the host gets the whole
   * table (`players`) with the podium.
   */
  z.object({
    type: z.literal('class_finished'),
    gameId: z.string(),
    podium: z.array(scoreEntry),
    rank: z.number().optional(),
    totalScore: z.number().optional(),
    players: z
      .array(
        z.object({
          playerId: z.string(),
          nickname: z.string(),
          score: z.number(),
          correctCount: z.number(),
          rank: z.number(),
        }),
      )
      .optional(),
  }),
  /**
   * The player is out of the game: they left or the host removed them. `ended` is not sent (a
   * game's end reaches every connected player as `class_finished`; one not connected can receive
   * nothing): a page treats it as any other way out.
   */
  z.object({
    type: z.literal('class_left'),
    gameId: z.string(),
    reason: z.enum(['left', 'kicked', 'ended']),
  }),
  // To the host.
  z.object({ type: z.literal('class_hosting'), game: hostGameSchema }),
  playersFrame('class_player_joined'),
  playersFrame('class_player_left'),
  z.object({
    type: z.literal('class_answer_count'),
    gameId: z.string(),
    questionIndex: z.number(),
    answered: z.number(),
    total: z.number(),
  }),
  classRevealSchema.extend({ type: z.literal('class_reveal') }),
  z.object({ type: z.literal('class_locked'), gameId: z.string(), locked: z.boolean() }),
  // Both.
  z.object({ type: z.literal('pong'), sentAt: z.number().optional(), serverTime: z.number() }),
  z.object({ type: z.literal('error'), message: z.string(), reason: z.string() }),
]);
export type ClassServerMessage = z.infer<typeof classServerMessageSchema>;
export type ClassServerMessageOf<T extends ClassServerMessage['type']> = Extract<
  ClassServerMessage,
  { type: T }
>;
