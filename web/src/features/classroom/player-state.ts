import type { ClassServerMessage, ClassServerMessageOf, PlayerGame } from '@shared/classroom';
import { CLASS_JOIN_REFUSALS } from '@shared/classroom';
import type { AnswerLetter } from '@shared/constants';
import { classErrorMessage } from './errors';

/**
 * A player's device (`/join`), built only from the server's frames and the player's own actions
 * (docs/classroom.md). Pure: the controller (player-controller.ts) feeds it and keeps the socket.
 *
 * `form`: PIN and nickname; `waiting`: joined, waiting for the host (the lobby, or between two
 * steps); `question`: answer buttons; `result`: ○/× of the last question; `finished`: rank and
 * podium; `left`: out of the game (left, removed by the host, or the game ended without them).
 */
export type PlayerView = 'form' | 'waiting' | 'question' | 'result' | 'finished' | 'left';

export type ClassQuestionFrame = ClassServerMessageOf<'class_question'>;
export type ClassResultFrame = ClassServerMessageOf<'class_result'>;

export interface PlayerQuestion {
  questionIndex: number;
  totalQuestions: number;
  options: AnswerLetter[];
  /** Shown on the device only when the host turned it on. */
  text?: string;
  choices?: ClassQuestionFrame['choices'];
  image?: ClassQuestionFrame['image'];
  /** Server clock, epoch ms. */
  deadline: number;
}

export interface PlayerState {
  view: PlayerView;
  /** A `join_class` sent and not yet answered. */
  joining: boolean;
  /** The last refusal, in Japanese (shown on the form, or as a note during the game). */
  error: string | null;
  /** The seat: set by `class_joined`. */
  seat: { gameId: string; playerId: string; nickname: string; quizTitle: string } | null;
  totalScore: number;
  question: PlayerQuestion | null;
  myAnswer: AnswerLetter | null;
  /** The server confirmed `myAnswer` (`answer_accepted`, or the game on a resume). */
  accepted: boolean;
  result: ClassResultFrame | PlayerGame['result'] | null;
  finished: {
    rank: number | null;
    totalScore: number;
    podium: { nickname: string; totalScore: number }[];
  } | null;
  leftReason: 'left' | 'kicked' | 'ended' | null;
  /** Server clock minus this clock, ms. */
  clockOffset: number;
  /** The round trip of the ping the offset came from (a shorter one is a better sample). */
  clockRtt: number;
}

export type PlayerAction =
  | { type: 'server'; message: ClassServerMessage; receivedAt: number }
  | { type: 'join_requested' }
  | { type: 'invalid_input'; message: string }
  | { type: 'answered'; letter: AnswerLetter; questionIndex: number }
  | { type: 'left' }
  | { type: 'to_form' };

export const initialPlayerState = (): PlayerState => ({
  view: 'form',
  joining: false,
  error: null,
  seat: null,
  totalScore: 0,
  question: null,
  myAnswer: null,
  accepted: false,
  result: null,
  finished: null,
  leftReason: null,
  clockOffset: 0,
  clockRtt: Number.POSITIVE_INFINITY,
});

/** The reasons that end a join (the form shows them); the others are notes during a game. */
const JOIN_REFUSALS: ReadonlySet<string> = new Set(CLASS_JOIN_REFUSALS);

function fromGame(state: PlayerState, joined: ClassServerMessageOf<'class_joined'>): PlayerState {
  const { game } = joined;
  const seat = {
    gameId: joined.gameId,
    playerId: joined.playerId,
    nickname: joined.nickname,
    quizTitle: game.quizTitle,
  };
  const base: PlayerState = {
    ...state,
    joining: false,
    error: null,
    seat,
    totalScore: game.totalScore,
    leftReason: null,
    finished: null,
  };
  if (game.state === 'question' && game.question) {
    return {
      ...base,
      view: 'question',
      question: { ...game.question, image: game.question.image ?? null },
      myAnswer: game.myAnswer,
      accepted: game.myAnswer !== null,
      result: null,
    };
  }
  if (game.state === 'reveal' && game.result) {
    return { ...base, view: 'result', result: game.result, question: null, myAnswer: null, accepted: false };
  }
  if (game.state === 'finished') {
    return {
      ...base,
      view: 'finished',
      finished: { rank: game.result?.rank ?? null, totalScore: game.totalScore, podium: [] },
    };
  }
  return { ...base, view: 'waiting', question: null, myAnswer: null, accepted: false, result: null };
}

/** Frames of another game than the seat's are old news of a game left (or another tab's) and ignored. */
const ofMyGame = (state: PlayerState, gameId: string) => state.seat?.gameId === gameId;

function onServer(state: PlayerState, message: ClassServerMessage, receivedAt: number): PlayerState {
  switch (message.type) {
    case 'class_joined':
      return fromGame(state, message);
    case 'class_question': {
      if (!ofMyGame(state, message.gameId)) return state;
      if (state.question && message.questionIndex < state.question.questionIndex) return state;
      if (state.question?.questionIndex === message.questionIndex && state.view === 'question') return state;
      const offset =
        state.clockRtt === Number.POSITIVE_INFINITY ? message.serverTime - receivedAt : state.clockOffset;
      return {
        ...state,
        view: 'question',
        clockOffset: offset,
        question: {
          questionIndex: message.questionIndex,
          totalQuestions: message.totalQuestions,
          options: message.options,
          text: message.text,
          choices: message.choices,
          image: message.image ?? null,
          deadline: message.deadline,
        },
        myAnswer: null,
        accepted: false,
        result: null,
        error: null,
      };
    }
    case 'answer_accepted':
      if (!ofMyGame(state, message.gameId) || state.question?.questionIndex !== message.questionIndex)
        return state;
      return { ...state, myAnswer: message.answer, accepted: true };
    case 'class_result':
      if (!ofMyGame(state, message.gameId) || state.view === 'finished') return state;
      if (state.question && message.questionIndex < state.question.questionIndex) return state;
      return { ...state, view: 'result', result: message, totalScore: message.totalScore, error: null };
    case 'class_finished':
      if (!ofMyGame(state, message.gameId)) return state;
      return {
        ...state,
        view: 'finished',
        finished: {
          rank: message.rank ?? null,
          totalScore: message.totalScore ?? state.totalScore,
          podium: message.podium,
        },
        totalScore: message.totalScore ?? state.totalScore,
      };
    case 'class_left':
      if (!ofMyGame(state, message.gameId)) return state;
      return {
        ...initialPlayerState(),
        view: 'left',
        leftReason: message.reason,
        clockOffset: state.clockOffset,
      };
    case 'pong': {
      if (message.sentAt === undefined) return state;
      const rtt = Math.max(0, receivedAt - message.sentAt);
      if (rtt > state.clockRtt) return state;
      return { ...state, clockRtt: rtt, clockOffset: message.serverTime - (message.sentAt + receivedAt) / 2 };
    }
    case 'error': {
      const text = classErrorMessage(message);
      // A join refused (a first one, or a resume whose game or seat is gone): back to the form.
      if (state.joining && JOIN_REFUSALS.has(message.reason))
        return {
          ...initialPlayerState(),
          error: text,
          clockOffset: state.clockOffset,
          clockRtt: state.clockRtt,
        };
      if (state.joining) return { ...state, joining: false, error: text };
      // An answer refused (too late, already answered): the buttons unlock only for a lost answer.
      if (message.reason === 'too_late' && state.myAnswer && !state.accepted)
        return { ...state, error: text };
      if (message.reason === 'already_answered') return { ...state, accepted: true, error: null };
      return { ...state, error: text };
    }
    default:
      return state;
  }
}

export function playerReducer(state: PlayerState, action: PlayerAction): PlayerState {
  switch (action.type) {
    case 'server':
      return onServer(state, action.message, action.receivedAt);
    case 'join_requested':
      return { ...state, joining: true, error: null };
    case 'invalid_input':
      return { ...state, joining: false, error: action.message };
    case 'answered':
      if (
        state.view !== 'question' ||
        state.question?.questionIndex !== action.questionIndex ||
        state.myAnswer
      )
        return state;
      return { ...state, myAnswer: action.letter, accepted: false, error: null };
    case 'left':
      return { ...initialPlayerState(), view: 'left', leftReason: 'left', clockOffset: state.clockOffset };
    case 'to_form':
      return { ...initialPlayerState(), clockOffset: state.clockOffset, clockRtt: state.clockRtt };
  }
}
