import type { AnswerLetter } from '@shared/constants';
import {
  MULTIPLAYER_MESSAGES,
  ROOM_LIMITS,
  type ClientMessage,
  type ServerMessage,
} from '@shared/multiplayer';
import type { ToastInput } from '@web/components/toast/toast-store';
import { MultiplayerConnection, type ConnectionStatus, type OutgoingMessage } from './connection';
import { gameReducer, initialGameState, type GameAction, type GameState, type Me } from './game-state';

/** The page's calls outside the socket (§7 "Multiplayer (HTTP)") and its toasts. */
export interface GameEffects {
  /** `POST /api/quizzes/{id}/attempt/progress`, the game's answers so far by question index. */
  saveProgress: (quizId: string, answers: Record<string, AnswerLetter>) => void;
  /** `POST /api/quizzes/{id}/attempt`, once at the end of a game. */
  saveAttempt: (
    quizId: string,
    attempt: { score: number; totalQuestions: number; answers: Record<string, AnswerLetter | '-'> },
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
 * One member's multiplayer session: the socket, the state the page renders (game-state.ts), and
 * what a message sets off beyond the screen: the progress call on each accepted answer, the
 * attempt call once per game, the error toasts. Outside React, so a message is handled exactly
 * once whatever React renders twice.
 */
export class MultiplayerGame {
  private snapshot: GameSnapshot;
  private readonly listeners = new Set<() => void>();
  private readonly connection: MultiplayerConnection;
  /** This game's accepted answers by question index, as the progress call sends them. */
  private progress: Record<string, AnswerLetter> = {};
  private attemptSent = false;
  private rejoinWait: ReturnType<typeof setTimeout> | undefined;
  /** A room is held across a reconnect: the server puts the member back or the room is gone. */
  private awaitingRejoin = false;

  constructor(
    me: Me,
    private readonly effects: GameEffects,
    socketUrl?: () => string,
  ) {
    this.snapshot = { state: initialGameState(me), connection: 'connecting' };
    this.connection = new MultiplayerConnection(
      {
        message: (message, receivedAt) => this.onMessage(message, receivedAt),
        status: (status) => this.onStatus(status),
      },
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
    clearTimeout(this.rejoinWait);
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

  toggleReady(): void {
    this.sendOrWarn({ type: 'ready' });
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

  /** Leaves at once on screen; the server's `left_room` confirms (late news of the room is ignored). */
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
    if (status === 'open' && this.snapshot.state.room) this.awaitingRejoin = true;
    if (status !== this.snapshot.connection) this.set({ ...this.snapshot, connection: status });
  }

  private onMessage(message: ServerMessage, receivedAt: number) {
    const before = this.snapshot.state;
    this.dispatch({ type: 'server', message, receivedAt });
    const after = this.snapshot.state;

    switch (message.type) {
      case 'authenticated':
        this.connection.authenticated();
        if (this.awaitingRejoin) {
          // The server sends room_rejoined right after authenticated when the seat is still ours.
          clearTimeout(this.rejoinWait);
          this.rejoinWait = setTimeout(() => this.rejoinMissed(), ROOM_LIMITS.reconnectAfterMs);
        }
        break;
      case 'room_rejoined':
        // Back in the same room after a reconnect: the game's answers so far still count.
        if (before.room?.id !== message.roomId && after.room?.id === message.roomId) this.newGame();
        break;
      case 'room_reset':
      case 'room_created':
        if (after.room?.id === message.roomId) this.newGame();
        break;
      case 'game_starting':
        if (after.starting !== before.starting) this.newGame();
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
      case 'error':
        if (!['password_required', 'wrong_password'].includes(message.reason) || !after.password)
          this.effects.notify({ title: 'エラー', description: message.message, variant: 'destructive' });
        break;
      default:
        break;
    }
    if (message.type !== 'authenticated' && 'roomId' in message && after.room?.id === message.roomId) {
      this.awaitingRejoin = false;
      clearTimeout(this.rejoinWait);
    }
  }

  private newGame() {
    this.progress = {};
    this.attemptSent = false;
  }

  private saveAttempt(message: Extract<ServerMessage, { type: 'game_finished' }>) {
    if (this.attemptSent) return;
    this.attemptSent = true;
    const mine = message.results.find((entry) => entry.playerId === this.snapshot.state.me.id);
    if (!mine) return;
    this.effects.saveAttempt(message.quizId, {
      score: mine.correctCount,
      totalQuestions: message.totalQuestions,
      answers: mine.answers,
    });
  }

  private rejoinMissed() {
    if (!this.awaitingRejoin) return;
    this.awaitingRejoin = false;
    if (!this.snapshot.state.room) return;
    this.dispatch({ type: 'rejoin_missed' });
    this.effects.notify({ title: 'ルームから切断されました', description: 'ロビーに戻りました。' });
  }
}
