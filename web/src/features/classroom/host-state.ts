import type { ClassServerMessage, ClassServerMessageOf, HostGame } from '@shared/classroom';
import { classErrorMessage } from './errors';

/**
 * The host's projector screen (`/classroom/:gameId`), built from `GET /api/classroom/games/{id}`
 * (or `class_hosting`) and the frames that follow (docs/classroom.md). Pure: the controller
 * (host-controller.ts) feeds it and keeps the socket.
 */
export type FinishedTable = NonNullable<ClassServerMessageOf<'class_finished'>['players']>;

export interface HostState {
  gameId: string;
  /** Null until the first read or `class_hosting`. */
  game: HostGame | null;
  /** `class_hosting` arrived on the socket now open: the host's frames are taken. */
  attached: boolean;
  /** The end: the podium and the whole table. */
  finished: { podium: { nickname: string; totalScore: number }[]; players: FinishedTable } | null;
  /** The last refusal, in Japanese. */
  error: string | null;
  /** A host frame sent and not yet answered by a change (its button shows that it is under way). */
  pending: 'start' | 'next' | 'reveal' | 'end' | null;
  clockOffset: number;
  clockRtt: number;
}

export type HostAction =
  | { type: 'loaded'; game: HostGame }
  | { type: 'server'; message: ClassServerMessage; receivedAt: number }
  | { type: 'sent'; pending: NonNullable<HostState['pending']> }
  | { type: 'disconnected' }
  | { type: 'error_seen' };

export const initialHostState = (gameId: string): HostState => ({
  gameId,
  game: null,
  attached: false,
  finished: null,
  error: null,
  pending: null,
  clockOffset: 0,
  clockRtt: Number.POSITIVE_INFINITY,
});

function withGame(state: HostState, change: (game: HostGame) => HostGame): HostState {
  if (!state.game) return state;
  const game = change(state.game);
  return game === state.game ? state : { ...state, game };
}

function onServer(state: HostState, message: ClassServerMessage, receivedAt: number): HostState {
  // Every game frame names its game: a host may run three, each on its own page.
  if ('gameId' in message && message.gameId !== state.gameId) return state;
  switch (message.type) {
    case 'class_hosting': {
      if (message.game.gameId !== state.gameId) return state;
      return {
        ...state,
        game: message.game,
        attached: true,
        pending: null,
        error: null,
        finished: message.game.state === 'finished' ? (state.finished ?? { podium: [], players: [] }) : null,
      };
    }
    case 'class_player_joined':
    case 'class_player_left':
      return withGame(state, (game) => ({ ...game, players: message.players }));
    case 'class_locked':
      return withGame(state, (game) => ({ ...game, locked: message.locked }));
    case 'class_question': {
      const offset =
        state.clockRtt === Number.POSITIVE_INFINITY ? message.serverTime - receivedAt : state.clockOffset;
      return {
        ...withGame(state, (game) => {
          if (game.question && game.question.questionIndex === message.questionIndex) return game;
          if (game.questionIndex > message.questionIndex) return game;
          const choices = message.choices ?? { A: '', B: '' };
          return {
            ...game,
            state: 'question',
            questionIndex: message.questionIndex,
            totalQuestions: message.totalQuestions,
            reveal: null,
            question: {
              questionIndex: message.questionIndex,
              totalQuestions: message.totalQuestions,
              text: message.text ?? '',
              options: choices,
              image: message.image ?? null,
              deadline: message.deadline,
              answered: 0,
              total: game.players.filter((player) => player.connected).length,
            },
          };
        }),
        pending: null,
        clockOffset: offset,
      };
    }
    case 'class_answer_count':
      return withGame(state, (game) =>
        game.question && game.question.questionIndex === message.questionIndex
          ? { ...game, question: { ...game.question, answered: message.answered, total: message.total } }
          : game,
      );
    case 'class_reveal': {
      const { type: _type, ...reveal } = message;
      return {
        ...withGame(state, (game) =>
          // An older question's reveal, or any after the end, changes nothing on screen.
          game.questionIndex > message.questionIndex || game.state === 'finished'
            ? game
            : { ...game, state: 'reveal', questionIndex: message.questionIndex, reveal },
        ),
        pending: null,
      };
    }
    case 'class_finished':
      return {
        ...withGame(state, (game) => ({ ...game, state: 'finished', question: null })),
        finished: { podium: message.podium, players: message.players ?? [] },
        pending: null,
      };
    case 'pong': {
      if (message.sentAt === undefined) return state;
      const rtt = Math.max(0, receivedAt - message.sentAt);
      if (rtt > state.clockRtt) return state;
      return { ...state, clockRtt: rtt, clockOffset: message.serverTime - (message.sentAt + receivedAt) / 2 };
    }
    case 'error':
      return { ...state, error: classErrorMessage(message), pending: null };
    default:
      return state;
  }
}

export function hostReducer(state: HostState, action: HostAction): HostState {
  switch (action.type) {
    case 'loaded':
      // The socket's `class_hosting` is newer than a read that was on its way.
      return state.attached || action.game.gameId !== state.gameId ? state : { ...state, game: action.game };
    case 'server':
      return onServer(state, action.message, action.receivedAt);
    case 'sent':
      return { ...state, pending: action.pending, error: null };
    case 'disconnected':
      return { ...state, attached: false, pending: null };
    case 'error_seen':
      return { ...state, error: null };
  }
}
