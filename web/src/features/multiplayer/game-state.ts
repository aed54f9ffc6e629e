import { ANSWER_LETTERS, type AnswerLetter } from '@shared/constants';
import {
  MULTIPLAYER_MESSAGES,
  ROOM_LIMITS,
  type GameState as RoomGameState,
  type QuestionPayload,
  type Room,
  type ServerMessage,
  type ServerMessageOf,
} from '@shared/multiplayer';

/**
 * What the multiplayer page shows, built only from the server's messages and the member's own
 * actions (docs/spec/multiplayer-membership-study.md §4 "Multiplayer room"). Pure: the controller
 * (game-controller.ts) feeds it and runs the side effects.
 */
export type GameView = 'lobby' | 'room' | 'starting' | 'question' | 'reveal' | 'finished' | 'resuming';

export interface Me {
  id: string;
  nickname: string;
}

export interface AnswerOption {
  letter: AnswerLetter;
  text: string;
}

export interface QuestionState {
  questionIndex: number;
  text: string;
  options: AnswerOption[];
  /** The question's picture, if it has one. */
  image: QuestionPayload['image'];
  timeLimit: number;
  totalQuestions: number;
  /** Server clock, epoch ms. */
  deadline: number;
  myAnswer: AnswerLetter | null;
  /** The server confirmed `myAnswer` (answer_accepted, or the rejoin snapshot). */
  accepted: boolean;
  answeredCount: number;
  playerCount: number;
}

export interface ChatEntry {
  id: string;
  /** `system`: a join, leave or connection line written by the page, not by a player. */
  kind: 'message' | 'system';
  playerId: string | null;
  nickname: string;
  text: string;
  timestamp: string;
}

export interface PasswordPrompt {
  roomId: string;
  /** The server's word on the last try (`password_required` reads as a note, `wrong_password` as an error). */
  notice: { text: string; tone: 'info' | 'error' } | null;
  pending: boolean;
}

export type RevealMessage = ServerMessageOf<'answer_reveal'>;
export type RejoinedMessage = ServerMessageOf<'room_rejoined'>;
export type FinishedMessage = ServerMessageOf<'game_finished'>;

export interface GameState {
  me: Me;
  view: GameView;
  room: Room | null;
  starting: { startsAt: number; countdown: number; totalQuestions: number } | null;
  question: QuestionState | null;
  reveal: RevealMessage | null;
  finished: FinishedMessage | null;
  /** The last game's final results, kept after room_reset so the room can show them again. */
  lastResults: FinishedMessage | null;
  chat: ChatEntry[];
  /** A create or join sent and not yet answered (its button shows that it is under way). */
  pending: 'create' | 'join' | null;
  /**
   * The seat this socket took back (a rejoin) while a create was under way: the creation leaves
   * that room, so it is not shown; if the creation fails, the member is still there and it is.
   */
  heldRejoin: RejoinedMessage | null;
  /** The room code of the last join sent, for a password answer. */
  joining: string | null;
  password: PasswordPrompt | null;
  /** The room just left: its late messages must not pull the member back in. */
  leftRoomId: string | null;
  /**
   * A ready toggle sent and not yet confirmed: the member's `isReady` when it was sent (a second
   * click meanwhile would toggle twice), or null.
   */
  readyFrom: boolean | null;
  /** Server clock minus this clock, ms; `clockRtt` is the round trip of the sample it came from. */
  clockOffset: number;
  clockRtt: number;
}

export type GameAction =
  | { type: 'server'; message: ServerMessage; receivedAt: number }
  | { type: 'create_requested' }
  | { type: 'join_requested'; roomId: string }
  | { type: 'password_opened'; roomId: string }
  | { type: 'password_closed' }
  | { type: 'answered'; letter: AnswerLetter; questionIndex: number }
  | { type: 'ready_requested' }
  | { type: 'left' }
  | { type: 'disconnected' }
  | { type: 'show_last_results' }
  | { type: 'back_to_room' };

/** Chat lines kept on screen; older ones scroll away for good. */
export const CHAT_KEPT = 100;

export function initialGameState(me: Me): GameState {
  return {
    me,
    view: 'lobby',
    room: null,
    starting: null,
    question: null,
    reveal: null,
    finished: null,
    lastResults: null,
    chat: [],
    pending: null,
    heldRejoin: null,
    joining: null,
    password: null,
    leftRoomId: null,
    readyFrom: null,
    clockOffset: 0,
    clockRtt: Number.POSITIVE_INFINITY,
  };
}

const PASSWORD_REASONS = ['password_required', 'wrong_password'];

const toLobby = (state: GameState, leftRoomId: string | null): GameState => ({
  ...state,
  view: 'lobby',
  room: null,
  starting: null,
  question: null,
  reveal: null,
  finished: null,
  lastResults: null,
  chat: [],
  pending: null,
  heldRejoin: null,
  readyFrom: null,
  leftRoomId,
});

const withGameState = (room: Room, gameState: RoomGameState): Room =>
  room.gameState === gameState ? room : { ...room, gameState };

let systemLine = 0;
function system(text: string): ChatEntry {
  systemLine += 1;
  return {
    id: `system-${systemLine}`,
    kind: 'system',
    playerId: null,
    nickname: '',
    text,
    timestamp: new Date().toISOString(),
  };
}

const appendChat = (chat: ChatEntry[], ...entries: ChatEntry[]) => [...chat, ...entries].slice(-CHAT_KEPT);

/** The options a question has, in letter order (C and D are optional). */
export function optionsOf(options: Partial<Record<AnswerLetter, string>>): AnswerOption[] {
  return ANSWER_LETTERS.flatMap((letter) => {
    const text = options[letter];
    return text ? [{ letter, text }] : [];
  });
}

type RoomMessage = Extract<ServerMessage, { room: Room }>;

/** The lines a room message adds to the chat, comparing the new snapshot with the one held. */
function roomLines(previous: Room, message: RoomMessage, me: Me): ChatEntry[] {
  const lines: ChatEntry[] = [];
  if (message.type === 'player_joined' && message.player.id !== me.id)
    lines.push(system(`${message.player.nickname}さんが参加しました`));
  if (message.type === 'player_left' && message.playerId !== me.id)
    lines.push(system(`${message.nickname}さんが退出しました`));
  if (message.type === 'player_connection_changed' && message.playerId !== me.id) {
    const player = message.room.players.find((candidate) => candidate.id === message.playerId);
    if (player)
      lines.push(
        system(
          message.connected
            ? `${player.nickname}さんが再接続しました`
            : `${player.nickname}さんの接続が切れました（${ROOM_LIMITS.rejoinSeconds}秒間は席が残ります）`,
        ),
      );
  }
  if (message.type === 'room_settings_updated') lines.push(system('ホストがルーム設定を変更しました'));
  if (previous.hostId !== message.room.hostId)
    lines.push(system(`${message.room.host}さんがホストになりました`));
  return lines;
}

/**
 * Is this snapshot older than the one shown? Messages from concurrent functions may arrive in any
 * order (a late room_reset must not pull the page out of the next game: the ready toggles that
 * started it came with newer versions).
 */
const stale = (current: Room | null, message: RoomMessage) =>
  current?.id === message.roomId && message.room.version < current.version;

/** The ready toggle in flight is settled by the server's word on the member's readiness. */
function readySettled(state: GameState, message: RoomMessage): boolean | null {
  if (state.readyFrom === null) return null;
  if (message.type === 'player_ready_changed' && message.playerId === state.me.id) return null;
  const mine = message.room.players.find((player) => player.id === state.me.id);
  return mine && mine.isReady !== state.readyFrom ? null : state.readyFrom;
}

/** A message carrying a room snapshot: the snapshot replaces the one held. */
function applyRoom(state: GameState, message: RoomMessage): GameState {
  if (message.roomId === state.leftRoomId) return state;
  const current = state.room;
  if (stale(current, message)) return state;
  const meIn = message.room.players.some((player) => player.id === state.me.id);
  if (current && current.id !== message.roomId) {
    // Another room's news: only one the member was put into (created, joined, rejoined) replaces ours.
    const entering = ['room_created', 'room_rejoined', 'player_joined'].includes(message.type);
    if (!entering || !meIn) return state;
  }
  if (!meIn) return current?.id === message.roomId ? toLobby(state, message.roomId) : state;

  if (!current || current.id !== message.roomId) {
    // A room being created is the only one a page waiting for its creation enters.
    if (state.pending === 'create' && message.type !== 'room_created') return state;
    const waiting = message.room.gameState === 'waiting';
    return {
      ...state,
      view: waiting ? 'room' : 'resuming',
      room: message.room,
      starting: null,
      question: null,
      reveal: null,
      finished: null,
      lastResults: null,
      chat: [],
      pending: null,
      heldRejoin: null,
      joining: null,
      password: null,
      readyFrom: null,
    };
  }
  return {
    ...state,
    room: message.room,
    pending: null,
    readyFrom: readySettled(state, message),
    chat: appendChat(state.chat, ...roomLines(current, message, state.me)),
  };
}

/** Is this message about the room held (a game message of any other room is not ours)? */
const ours = (state: GameState, roomId: string) => state.room?.id === roomId && roomId !== state.leftRoomId;

function questionFrom(
  message: Omit<ServerMessageOf<'question'>, 'type'>,
  myAnswer: AnswerLetter | null,
): QuestionState {
  return {
    questionIndex: message.questionIndex,
    text: message.question.text,
    options: optionsOf(message.question.options),
    image: message.question.image ?? null,
    timeLimit: message.timeLimit,
    totalQuestions: message.totalQuestions,
    deadline: message.deadline,
    myAnswer,
    accepted: myAnswer !== null,
    answeredCount: 0,
    playerCount: 0,
  };
}

/** The question in play, when a per-question message is about it (anything else is stale). */
const current = (state: GameState, roomId: string, questionIndex: number) =>
  ours(state, roomId) && state.question?.questionIndex === questionIndex ? state.question : null;

function onServer(state: GameState, message: ServerMessage, receivedAt: number): GameState {
  switch (message.type) {
    case 'authenticated': {
      const next = { ...state, me: { id: message.user.id, nickname: message.user.nickname } };
      // No seat taken back: the room shown is gone for this member. A seat taken back is shown
      // by the room_rejoined that follows.
      return message.roomId === null && state.room ? toLobby(next, state.room.id) : next;
    }
    case 'room_created':
    case 'player_joined':
    case 'player_ready_changed':
    case 'player_left':
    case 'player_connection_changed':
    case 'room_settings_updated':
      return applyRoom(state, message);
    case 'room_reset': {
      const next = applyRoom(state, message);
      if (!next.room || next.room.id !== message.roomId) return next;
      return { ...next, view: 'room', starting: null, question: null, reveal: null, finished: null };
    }
    case 'room_rejoined': {
      // The old seat came back while a new room is being created: creating leaves it (server-side,
      // in the same write), so only the new room is shown; it is kept in case the creation fails.
      if (state.pending === 'create' && state.room?.id !== message.roomId)
        return { ...state, heldRejoin: message };
      const next = applyRoom(state, message);
      if (next === state || !next.room || next.room.id !== message.roomId) return next;
      const question = message.question ? questionFrom(message.question, message.myAnswer) : null;
      const reveal: RevealMessage | null =
        !question && message.reveal ? { type: 'answer_reveal', ...message.reveal } : null;
      const finished: FinishedMessage | null =
        !question && !reveal && message.finished ? { type: 'game_finished', ...message.finished } : null;
      const view: GameView = question
        ? 'question'
        : reveal
          ? 'reveal'
          : finished
            ? 'finished'
            : message.room.gameState === 'waiting'
              ? 'room'
              : 'resuming';
      return {
        ...next,
        view,
        starting: null,
        question,
        reveal,
        finished,
        lastResults: finished ?? next.lastResults,
        pending: null,
      };
    }
    case 'game_starting': {
      if (!ours(state, message.roomId) || !state.room) return state;
      return {
        ...state,
        view: 'starting',
        room: withGameState(state.room, 'starting'),
        starting: {
          startsAt: message.startsAt,
          countdown: message.countdown,
          totalQuestions: message.totalQuestions,
        },
        question: null,
        reveal: null,
        finished: null,
      };
    }
    case 'question': {
      if (!ours(state, message.roomId) || !state.room) return state;
      const latest = Math.max(state.question?.questionIndex ?? -1, state.reveal?.questionIndex ?? -1);
      if (message.questionIndex <= latest) return state;
      return {
        ...state,
        view: 'question',
        room: withGameState(state.room, 'question'),
        starting: null,
        question: questionFrom(message, null),
        reveal: null,
        finished: null,
      };
    }
    case 'timer_sync': {
      const question = current(state, message.roomId, message.questionIndex);
      if (!question) return state;
      const fromSync = state.clockRtt === Number.POSITIVE_INFINITY;
      return {
        ...state,
        question: { ...question, deadline: message.deadline },
        // A ping's round trip gives the better estimate; without one, the sync's own send time does.
        clockOffset: fromSync ? message.serverTime - receivedAt : state.clockOffset,
      };
    }
    case 'answer_accepted': {
      const question = current(state, message.roomId, message.questionIndex);
      if (!question) return state;
      return { ...state, question: { ...question, myAnswer: message.answer, accepted: true } };
    }
    case 'player_answered': {
      const question = current(state, message.roomId, message.questionIndex);
      if (!question) return state;
      return {
        ...state,
        question: { ...question, answeredCount: message.answeredCount, playerCount: message.playerCount },
      };
    }
    case 'answer_reveal': {
      if (!ours(state, message.roomId) || !state.room) return state;
      if (state.reveal && message.questionIndex <= state.reveal.questionIndex) return state;
      if (state.question && message.questionIndex < state.question.questionIndex) return state;
      return {
        ...state,
        view: 'reveal',
        room: withGameState(state.room, 'results'),
        starting: null,
        reveal: message,
      };
    }
    case 'game_finished': {
      if (!ours(state, message.roomId) || !state.room) return state;
      return {
        ...state,
        view: 'finished',
        room: withGameState(state.room, 'finished'),
        starting: null,
        finished: message,
        lastResults: message,
      };
    }
    case 'chat_message': {
      if (!ours(state, message.roomId)) return state;
      if (state.chat.some((entry) => entry.id === message.message.id)) return state;
      return {
        ...state,
        chat: appendChat(state.chat, {
          id: message.message.id,
          kind: 'message',
          playerId: message.message.playerId,
          nickname: message.message.nickname,
          text: message.message.message,
          timestamp: message.message.timestamp,
        }),
      };
    }
    case 'left_room':
      return state.room?.id === message.roomId ? toLobby(state, message.roomId) : state;
    case 'pong': {
      if (message.sentAt === undefined) return state;
      const rtt = receivedAt - message.sentAt;
      if (rtt < 0 || rtt >= state.clockRtt) return state;
      return { ...state, clockRtt: rtt, clockOffset: message.serverTime - (message.sentAt + receivedAt) / 2 };
    }
    case 'error': {
      if (PASSWORD_REASONS.includes(message.reason)) {
        const roomId = state.password?.roomId ?? state.joining;
        if (!roomId || state.room) return { ...state, pending: null };
        const wrong = message.reason === 'wrong_password';
        return {
          ...state,
          pending: null,
          password: {
            roomId,
            notice: {
              text: message.message || MULTIPLAYER_MESSAGES.wrongPassword,
              tone: wrong ? 'error' : 'info',
            },
            pending: false,
          },
        };
      }
      // An answer shown before the server confirmed it was refused: the member may answer again
      // (while time remains). Any other refusal of a join closes its password prompt (the toast says why).
      const question = state.question;
      const refused = question?.myAnswer && !question.accepted && message.reason !== 'already_answered';
      return {
        ...state,
        pending: null,
        heldRejoin: null,
        readyFrom: null,
        question: refused ? { ...question, myAnswer: null } : question,
        password: state.password?.pending ? null : state.password,
      };
    }
  }
}

/** The page's state after one server message or one action of the member. */
export function gameReducer(state: GameState, action: GameAction): GameState {
  switch (action.type) {
    case 'server':
      return onServer(state, action.message, action.receivedAt);
    case 'create_requested':
      return { ...state, pending: 'create' };
    case 'join_requested':
      return {
        ...state,
        pending: 'join',
        joining: action.roomId,
        leftRoomId: state.leftRoomId === action.roomId ? null : state.leftRoomId,
        password: state.password ? { ...state.password, pending: true } : null,
      };
    case 'password_opened':
      return { ...state, password: { roomId: action.roomId, notice: null, pending: false } };
    case 'password_closed':
      return { ...state, password: null, pending: state.password?.pending ? null : state.pending };
    case 'answered': {
      const question = state.question;
      if (!question || question.questionIndex !== action.questionIndex || question.myAnswer) return state;
      return { ...state, question: { ...question, myAnswer: action.letter } };
    }
    case 'ready_requested': {
      const mine = state.room?.players.find((player) => player.id === state.me.id);
      return mine && state.readyFrom === null ? { ...state, readyFrom: mine.isReady } : state;
    }
    case 'left':
      return state.room ? toLobby(state, state.room.id) : state;
    case 'disconnected':
      // What was sent may be lost with the socket: nothing stays marked as under way.
      return state.pending || state.readyFrom !== null || state.password?.pending
        ? {
            ...state,
            pending: null,
            heldRejoin: null,
            readyFrom: null,
            password: state.password ? { ...state.password, pending: false } : null,
          }
        : state;
    case 'show_last_results':
      return state.lastResults && state.room?.gameState === 'waiting'
        ? { ...state, view: 'finished', finished: state.lastResults }
        : state;
    case 'back_to_room':
      return state.room && state.view === 'finished' && state.room.gameState === 'waiting'
        ? { ...state, view: 'room' }
        : state;
  }
}
