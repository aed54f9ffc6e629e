import {
  CLASSROOM_MESSAGES,
  classNicknameSchema,
  pinSchema,
  type ClassServerMessage,
} from '@shared/classroom';
import type { AnswerLetter } from '@shared/constants';
import { classSocket, type ClassSocket, type ClassSocketStatus } from './class-socket';
import { initialPlayerState, playerReducer, type PlayerAction, type PlayerState } from './player-state';

/** Where a device keeps its seat for a reload or a dropped socket (this tab only). */
export const PLAYER_SEAT_KEY = 'classroom.seat';

export interface StoredSeat {
  pin: string;
  nickname: string;
  resumeToken: string;
}

export function readStoredSeat(storage: Storage = window.sessionStorage): StoredSeat | null {
  try {
    const value: unknown = JSON.parse(storage.getItem(PLAYER_SEAT_KEY) ?? 'null');
    if (typeof value !== 'object' || value === null) return null;
    const { pin, nickname, resumeToken } = value as Record<string, unknown>;
    return typeof pin === 'string' && typeof nickname === 'string' && typeof resumeToken === 'string'
      ? { pin, nickname, resumeToken }
      : null;
  } catch {
    return null;
  }
}

export interface PlayerSnapshot {
  state: PlayerState;
  connection: ClassSocketStatus | 'idle';
}

/**
 * A player's time in a class game: the socket (opened by 参加する, or at once when this tab holds a
 * seat), the state the page renders (player-state.ts), and the seat kept in sessionStorage. Every
 * open of the socket (a reload, a drop) sends `join_class` with the resume token, which puts the
 * player back in the same question. Outside React, so a frame is handled exactly once.
 */
export class PlayerGameController {
  private snapshot: PlayerSnapshot;
  private readonly listeners = new Set<() => void>();
  private readonly socket: ClassSocket;
  /** The join to send on the next open: the form's, or the stored seat's. */
  private join: { pin: string; nickname: string; resumeToken?: string } | null;

  constructor(
    private readonly storage: Storage = window.sessionStorage,
    socketUrl?: () => string,
  ) {
    const stored = readStoredSeat(storage);
    this.join = stored;
    this.snapshot = {
      state: stored ? { ...initialPlayerState(), view: 'waiting', joining: true } : initialPlayerState(),
      connection: 'idle',
    };
    this.socket = classSocket(
      {
        opened: () => this.sendJoin(),
        message: (message, receivedAt) => {
          this.dispatch({ type: 'server', message, receivedAt });
          this.afterMessage(message);
        },
        status: (status) => this.setConnection(status),
      },
      socketUrl,
    );
  }

  readonly subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly getSnapshot = (): PlayerSnapshot => this.snapshot;

  /** The stored seat (a reload) reconnects at once; without one the socket waits for 参加する. */
  start(): void {
    if (this.join) this.socket.start();
  }

  stop(): void {
    this.socket.stop();
  }

  reconnect(): void {
    this.socket.reconnect();
  }

  serverNow(): number {
    return Date.now() + this.snapshot.state.clockOffset;
  }

  /** 参加する: checks the PIN and nickname as the server does, then joins (opening the socket). */
  submit(pinInput: string, nicknameInput: string): void {
    if (this.snapshot.state.joining) return;
    const pin = pinSchema.safeParse(pinInput);
    if (!pin.success) return this.dispatch({ type: 'invalid_input', message: firstIssue(pin.error) });
    const nickname = classNicknameSchema.safeParse(nicknameInput);
    if (!nickname.success)
      return this.dispatch({ type: 'invalid_input', message: firstIssue(nickname.error) });
    this.join = { pin: pin.data, nickname: nickname.data };
    this.dispatch({ type: 'join_requested' });
    if (this.socket.isOpen) this.sendJoin();
    else if (!this.socket.active) this.socket.start();
    else this.socket.reconnect();
  }

  answer(letter: AnswerLetter): void {
    const { view, question, myAnswer } = this.snapshot.state;
    if (view !== 'question' || !question || myAnswer) return;
    if (question.deadline <= this.serverNow()) return;
    if (!question.options.includes(letter)) return;
    const { questionIndex } = question;
    if (!this.socket.send({ type: 'answer', answer: letter, questionIndex })) return;
    this.dispatch({ type: 'answered', letter, questionIndex });
  }

  /** 退出する: the server confirms with `class_left`; the seat is forgotten now. */
  leave(): void {
    this.socket.send({ type: 'leave_class' });
    this.forgetSeat();
    this.dispatch({ type: 'left' });
  }

  /** Back to the form (after the end, or after being removed), keeping the socket for the next join. */
  toForm(): void {
    this.forgetSeat();
    this.dispatch({ type: 'to_form' });
  }

  /** On each open: a join asked for, or the seat taken back (a reload, a dropped socket). */
  private sendJoin() {
    const { seat, joining } = this.snapshot.state;
    if (!this.join || (!seat && !joining)) return;
    if (!this.snapshot.state.joining) this.dispatch({ type: 'join_requested' });
    this.socket.send({ type: 'join_class', ...this.join });
  }

  private afterMessage(message: ClassServerMessage) {
    switch (message.type) {
      case 'class_joined':
        this.socket.attached();
        if (this.join) {
          this.join = { pin: this.join.pin, nickname: message.nickname, resumeToken: message.resumeToken };
          this.storage.setItem(PLAYER_SEAT_KEY, JSON.stringify(this.join));
        }
        break;
      case 'class_left':
        this.forgetSeat();
        break;
      case 'error':
        // A refused join (its game or seat gone): the form shows why; no resume is tried again.
        if (this.snapshot.state.view === 'form') this.forgetSeat(true);
        break;
      default:
        break;
    }
    // A game seen to its end has no seat left to take back (its PIN names no live game): a reload
    // or /join opened again later shows an empty form, not the old PIN refused as not found.
    if (this.snapshot.state.view === 'finished') this.forgetSeat();
  }

  /** Forgets the resume token (kept: the PIN and nickname, which the form shows again). */
  private forgetSeat(keepForm = false) {
    this.storage.removeItem(PLAYER_SEAT_KEY);
    this.join = keepForm && this.join ? { pin: this.join.pin, nickname: this.join.nickname } : null;
  }

  /** What the form shows after a refused resume: the PIN and nickname that were tried. */
  lastTried(): { pin: string; nickname: string } | null {
    return this.join ? { pin: this.join.pin, nickname: this.join.nickname } : null;
  }

  private dispatch(action: PlayerAction) {
    const state = playerReducer(this.snapshot.state, action);
    if (state === this.snapshot.state) return;
    this.set({ ...this.snapshot, state });
  }

  private setConnection(status: ClassSocketStatus) {
    if (status !== this.snapshot.connection) this.set({ ...this.snapshot, connection: status });
  }

  private set(snapshot: PlayerSnapshot) {
    this.snapshot = snapshot;
    for (const listener of this.listeners) listener();
  }
}

function firstIssue(error: { issues: { message: string }[] }): string {
  return error.issues[0]?.message ?? CLASSROOM_MESSAGES.pinInvalid;
}
