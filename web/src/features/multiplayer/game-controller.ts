import type { AnswerLetter } from '@shared/constants';
import { MULTIPLAYER_MESSAGES, type ClientMessage, type ServerMessage } from '@shared/multiplayer';
import type { ToastInput } from '@web/components/toast/toast-store';
import { claimAttempt, forgetRoomAttempts } from './attempt-ledger';
import type { ReconnectingSocket } from '@web/lib/reconnecting-socket';
import { multiplayerConnection, type ConnectionStatus, type OutgoingMessage } from './connection';
import { gameReducer, initialGameState, type GameAction, type GameState, type Me } from './game-state';

/**
 * Said when another tab or device took this page's seat, or joined or created another room
 * (`left_room` this page did not ask for).
 */
export const TAKEN_OVER_MESSAGE =
  '別のタブ（または端末）でルームに参加したため、このページでの参加を終了しました';

/** The page's calls outside the socket (docs/spec/multiplayer-membership-study.md §7 "Multiplayer (HTTP)") and its toasts. */
export interface GameEffects {
  /** `POST /api/quizzes/{id}/attempt/progress`, the game's answers so far by question index. */
  saveProgress: (quizId: string, answers: Record<string, AnswerLetter>) => void;
  /** `POST /api/quizzes/{id}/attempt`, once at the end of a game. */
  saveAttempt: (
    quizId: string,
    attempt: {
      score: number;
      totalQuestions: number;
      answers: Record<string, AnswerLetter | '-'>;
      roomId: string;
    },
  ) => void;
  notify: (toast: ToastInput) => void;
}

export interface GameSnapshot {
  state: GameState;
  connection: ConnectionStatus;
}

export type CreateRoomInput = Omit<Extract<ClientMessage, { type: 'create_room' }>, 'type'>;
export type RoomSettingsInput = Omit<Extract<ClientMessage, { type: 'update_room_settings' }>, 'type'>;

/**
 * One member's time in multiplayer: the socket, the state the page renders (game-state.ts), and
 * what a message sets off beyond the screen: the progress call on each accepted answer, the
 * attempt call once per game, the error toasts. Outside React, so a message is handled exactly
 * once whatever React renders twice.
 */
export class MultiplayerGame {
  private snapshot: GameSnapshot;
  private readonly listeners = new Set<() => void>();
  private readonly connection: ReconnectingSocket<ServerMessage, OutgoingMessage>;
  /**
   * Whether this page's `auth` takes back the member's seat. False once another tab took the seat
   * over, so the two tabs do not take it from each other at every reconnect.
   */
  private rejoin = true;
  /** This game's accepted answers by question index, as the progress call sends them. */
  private progress: Record<string, AnswerLetter> = {};

  constructor(
    me: Me,
    private readonly effects: GameEffects,
    socketUrl?: () => string,
  ) {
    this.snapshot = { state: initialGameState(me), connection: 'connecting' };
    this.connection = multiplayerConnection(
      {
        message: (message, receivedAt) => this.onMessage(message, receivedAt),
        status: (status) => this.onStatus(status),
      },
      () => this.rejoin,
      socketUrl,
    );
  }

  readonly subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly getSnapshot = (): GameSnapshot => this.snapshot;

  start(): void {
    this.connection.start();
  }

  stop(): void {
    this.connection.stop();
  }

  reconnect(): void {
    this.connection.reconnect();
  }

  /** The server's clock now, as this page estimates it. */
  serverNow(): number {
    return Date.now() + this.snapshot.state.clockOffset;
  }

  createRoom(input: CreateRoomInput): boolean {
    if (!this.sendOrWarn({ type: 'create_room', ...input })) return false;
    this.dispatch({ type: 'create_requested' });
    return true;
  }

  joinRoom(roomId: string, password?: string): boolean {
    // One join at a time: a second one would race the first for the seat.
    if (this.snapshot.state.pending === 'join') return false;
    const message: OutgoingMessage = password
      ? { type: 'join_room', roomId, password }
      : { type: 'join_room', roomId };
    if (!this.sendOrWarn(message)) return false;
    this.dispatch({ type: 'join_requested', roomId });
    return true;
  }

  openPassword(roomId: string): void {
    this.dispatch({ type: 'password_opened', roomId });
  }

  closePassword(): void {
    this.dispatch({ type: 'password_closed' });
  }

  /** A click while the last toggle is unconfirmed is dropped (a double tap must not toggle twice). */
  toggleReady(): void {
    if (this.snapshot.state.readyFrom !== null) return;
    if (this.sendOrWarn({ type: 'ready' })) this.dispatch({ type: 'ready_requested' });
  }

  answer(letter: AnswerLetter): void {
    const { question, view } = this.snapshot.state;
    if (view !== 'question' || !question || question.myAnswer) return;
    if (question.deadline <= this.serverNow()) return;
    const { questionIndex } = question;
    if (!this.sendOrWarn({ type: 'answer', answer: letter, questionIndex })) return;
    this.dispatch({ type: 'answered', letter, questionIndex });
  }

  sendChat(message: string): boolean {
    return this.sendOrWarn({ type: 'chat_message', message });
  }

  updateSettings(settings: RoomSettingsInput): boolean {
    return this.sendOrWarn({ type: 'update_room_settings', ...settings });
  }

  /**
   * Leaves at once on screen; the server's `left_room` confirms (late news of the room is
   * ignored). Without an open socket nothing is sent now: when the next socket gets the seat back,
   * its `room_rejoined` (for a room left) is answered with `leave_room`.
   */
  leave(): void {
    this.connection.send({ type: 'leave_room' });
    this.dispatch({ type: 'left' });
  }

  showLastResults(): void {
    this.dispatch({ type: 'show_last_results' });
  }

  backToRoom(): void {
    this.dispatch({ type: 'back_to_room' });
  }

  private sendOrWarn(message: OutgoingMessage): boolean {
    if (this.connection.send(message)) return true;
    const text =
      this.snapshot.connection === 'closed'
        ? MULTIPLAYER_MESSAGES.notConnected
        : MULTIPLAYER_MESSAGES.connecting;
    this.effects.notify({ title: 'エラー', description: text, variant: 'destructive' });
    return false;
  }

  private dispatch(action: GameAction) {
    const state = gameReducer(this.snapshot.state, action);
    if (state === this.snapshot.state) return;
    this.set({ ...this.snapshot, state });
  }

  private set(snapshot: GameSnapshot) {
    this.snapshot = snapshot;
    for (const listener of this.listeners) listener();
  }

  private onStatus(status: ConnectionStatus) {
    if (status === 'reconnecting' || status === 'closed') this.dispatch({ type: 'disconnected' });
    if (status !== this.snapshot.connection) this.set({ ...this.snapshot, connection: status });
  }

  private onMessage(message: ServerMessage, receivedAt: number) {
    const before = this.snapshot.state;
    this.dispatch({ type: 'server', message, receivedAt });
    const after = this.snapshot.state;

    switch (message.type) {
      case 'authenticated':
        this.connection.attached();
        // The room shown kept no seat for this member (the rejoin time ran out, or the room closed).
        if (before.room && !after.room)
          this.effects.notify({ title: 'ルームから切断されました', description: 'ロビーに戻りました。' });
        break;
      case 'room_rejoined':
        if (after.room?.id !== message.roomId) {
          // Put back into a room this page left (its leave was lost with a socket, or sent while
          // none was open): leave it for good, so the server keeps no seat the page does not show.
          if (message.roomId === after.leftRoomId && !after.room)
            this.connection.send({ type: 'leave_room' });
          break;
        }
        // Back in the same room after a reconnect: the game's answers so far still count.
        if (before.room?.id !== message.roomId) this.newGame();
        if (after.finished && message.finished) this.saveAttempt(after.finished);
        else forgetRoomAttempts(after.me.id, message.roomId);
        break;
      case 'room_reset':
      case 'room_created':
        if (after.room?.id === message.roomId) this.newGame();
        break;
      case 'game_starting':
        if (after.starting !== before.starting) {
          this.newGame();
          forgetRoomAttempts(after.me.id, message.roomId);
        }
        break;
      case 'answer_accepted':
        if (before.question && !before.question.accepted && after.question?.accepted && after.room) {
          this.progress[String(message.questionIndex)] = message.answer;
          this.effects.saveProgress(after.room.settings.quizId, { ...this.progress });
        }
        break;
      case 'game_finished':
        if (after.finished === message) this.saveAttempt(message);
        break;
      case 'room_settings_updated':
        if (after.room?.id === message.roomId && after.room.hostId !== after.me.id)
          this.effects.notify({
            title: 'ルーム設定が変更されました',
            description: '準備完了をもう一度押してください。',
          });
        break;
      case 'left_room':
        // Not asked for by this page (its own leave shows the lobby at once): another tab or
        // device took the seat. This page stops taking it back, or the two would take turns.
        if (before.room?.id === message.roomId) {
          this.rejoin = false;
          this.effects.notify({ title: 'ルームから退出しました', description: TAKEN_OVER_MESSAGE });
        }
        break;
      case 'error':
        if (!['password_required', 'wrong_password'].includes(message.reason) || !after.password)
          this.effects.notify({ title: 'エラー', description: message.message, variant: 'destructive' });
        // The creation failed, so the member is still in the room their seat was taken back in.
        if (before.heldRejoin && before.pending === 'create') this.onMessage(before.heldRejoin, receivedAt);
        break;
      default:
        break;
    }
    if (
      (message.type === 'room_created' || message.type === 'player_joined') &&
      before.room?.id !== message.roomId &&
      after.room?.id === message.roomId
    ) {
      // This page took a seat itself: it is the member's page for that room again.
      this.rejoin = true;
    }
  }

  private newGame() {
    this.progress = {};
  }

  /** Once per game, whether the ranking came by game_finished or by a rejoin (attempt-ledger.ts). */
  private saveAttempt(message: Extract<ServerMessage, { type: 'game_finished' }>) {
    const mine = message.results.find((entry) => entry.playerId === this.snapshot.state.me.id);
    if (!mine || !claimAttempt(this.snapshot.state.me.id, message)) return;
    this.effects.saveAttempt(message.quizId, {
      score: mine.correctCount,
      totalQuestions: message.totalQuestions,
      answers: mine.answers,
      roomId: message.roomId,
    });
  }
}
