import type { ClassServerMessage, HostGame } from '@shared/classroom';
import { classSocket, type ClassSocket, type ClassSocketStatus, type ClassOutgoing } from './class-socket';
import { hostReducer, initialHostState, type HostAction, type HostState } from './host-state';

export interface HostSnapshot {
  state: HostState;
  connection: ClassSocketStatus;
}

/**
 * The host's screen of one game: the socket, which sends `class_host` on every open (the server
 * attaches this socket again after a drop), the state the page renders (host-state.ts), and the
 * host's frames, each carrying the game's id. Outside React, so a frame is handled exactly once.
 */
export class HostGameController {
  private snapshot: HostSnapshot;
  private readonly listeners = new Set<() => void>();
  private readonly socket: ClassSocket;

  constructor(
    readonly gameId: string,
    socketUrl?: () => string,
  ) {
    this.snapshot = { state: initialHostState(gameId), connection: 'connecting' };
    this.socket = classSocket(
      {
        opened: () => this.socket.send({ type: 'class_host', gameId }),
        message: (message, receivedAt) => this.onMessage(message, receivedAt),
        status: (status) => {
          if (status === 'reconnecting' || status === 'closed') this.dispatch({ type: 'disconnected' });
          if (status !== this.snapshot.connection) this.set({ ...this.snapshot, connection: status });
        },
      },
      socketUrl,
    );
  }

  readonly subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly getSnapshot = (): HostSnapshot => this.snapshot;

  start(): void {
    this.socket.start();
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

  /** The game as `GET /api/classroom/games/{id}` read it (until the socket's own arrives). */
  loaded(game: HostGame): void {
    this.dispatch({ type: 'loaded', game });
  }

  startGame(): boolean {
    return this.command({ type: 'class_start', gameId: this.gameId }, 'start');
  }

  next(): boolean {
    return this.command({ type: 'class_next', gameId: this.gameId }, 'next');
  }

  revealNow(): boolean {
    return this.command({ type: 'class_reveal_now', gameId: this.gameId }, 'reveal');
  }

  end(): boolean {
    return this.command({ type: 'class_end', gameId: this.gameId }, 'end');
  }

  kick(playerId: string): boolean {
    return this.socket.send({ type: 'class_kick', gameId: this.gameId, playerId });
  }

  lock(locked: boolean): boolean {
    return this.socket.send({ type: 'class_lock', gameId: this.gameId, locked });
  }

  dismissError(): void {
    this.dispatch({ type: 'error_seen' });
  }

  private command(message: ClassOutgoing, pending: NonNullable<HostState['pending']>): boolean {
    // One at a time: a double click must not skip a question.
    if (this.snapshot.state.pending !== null) return false;
    if (!this.socket.send(message)) return false;
    this.dispatch({ type: 'sent', pending });
    return true;
  }

  private onMessage(message: ClassServerMessage, receivedAt: number) {
    this.dispatch({ type: 'server', message, receivedAt });
    if (message.type === 'class_hosting' && message.game.gameId === this.gameId) this.socket.attached();
  }

  private dispatch(action: HostAction) {
    const state = hostReducer(this.snapshot.state, action);
    if (state === this.snapshot.state) return;
    this.set({ ...this.snapshot, state });
  }

  private set(snapshot: HostSnapshot) {
    this.snapshot = snapshot;
    for (const listener of this.listeners) listener();
  }
}
