import {
  ROOM_LIMITS,
  serverMessageSchema,
  type ClientMessage,
  type ServerMessage,
} from '@shared/multiplayer';

/**
 * `open`: the socket is up (joining and creating are allowed); `reconnecting`: it dropped and a
 * new one is on its way; `closed`: given up (the page offers 再接続).
 */
export type ConnectionStatus = 'connecting' | 'open' | 'reconnecting' | 'closed';

/** What the client sends: the protocol's messages, and the ping that measures the clock offset. */
export type OutgoingMessage = ClientMessage | { type: 'ping'; sentAt: number };

export interface ConnectionListener {
  message: (message: ServerMessage, receivedAt: number) => void;
  status: (status: ConnectionStatus) => void;
}

/**
 * Tries after an abnormal close: the spec's one reconnect after 2 s (docs/spec/multiplayer-membership-study.md §4, §9), then two more, each
 * waiting twice as long, so a short outage is ridden out and a refused socket is not hammered.
 * The wait is for a live socket that dropped: the page's first socket that fails before it opened
 * is tried again at once (a reload must not wait out a back-off meant for a dropped connection).
 */
export const RECONNECT_TRIES = 3;
/** API Gateway closes a socket idle for 10 minutes; a ping now and then keeps a waiting room's open. */
const KEEPALIVE_MS = 5 * 60_000;
/** Frames above this are not the protocol's (the gateway's own limit is 128 KB). */
const FRAME_MAX_CHARS = 256 * 1024;
/**
 * Closes that a new socket may cure: abnormal (1006), going away (1001: API Gateway's idle and
 * two-hour limits) and the server-side failures (1011–1014). A normal close (1000) or a refusal
 * (1008) is not retried.
 */
const RETRIED_CODES = new Set([1001, 1006, 1011, 1012, 1013, 1014]);

/** Same origin `/ws`, `wss:` under https (docs/spec/multiplayer-membership-study.md §7). */
export function socketUrl(location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  return `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}/ws`;
}

/**
 * The game's WebSocket: sends `auth` on open, parses every frame with the shared schema (anything
 * else is dropped), and reconnects after an abnormal close. One instance per page; `stop` ends it.
 */
export class MultiplayerConnection {
  private socket: WebSocket | null = null;
  private tries = 0;
  private stopped = true;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private keepalive: ReturnType<typeof setInterval> | undefined;
  /** A stop that closes the socket at the end of the current task (see `stop`). */
  private stopTimer: ReturnType<typeof setTimeout> | undefined;
  /** The first socket of a start or a 再接続 has not opened yet: if it fails, the next one goes at once. */
  private firstConnect = false;
  /**
   * Whether this page's `auth` takes back the member's seat. False once another tab took the seat
   * over, so the two tabs do not take it from each other at every reconnect.
   */
  rejoin = true;

  constructor(
    private readonly listener: ConnectionListener,
    private readonly url: () => string = () => socketUrl(),
  ) {}

  /** Opens the socket at once (or keeps the one a stop in this same task was about to close). */
  start(): void {
    this.stopped = false;
    if (this.stopTimer !== undefined) {
      clearTimeout(this.stopTimer);
      this.stopTimer = undefined;
      if (this.socket) return;
    }
    this.tries = 0;
    this.firstConnect = true;
    this.open();
  }

  /**
   * Closes the socket at the end of the current task: a start within the same task (React mounts a
   * page twice in development) keeps it, so a page opens one socket rather than a second one and a
   * `$connect` for nothing (each counts against the member's sockets a minute).
   */
  stop(): void {
    this.stopped = true;
    clearTimeout(this.stopTimer);
    this.stopTimer = setTimeout(() => {
      this.stopTimer = undefined;
      this.clearTimers();
      const socket = this.socket;
      this.socket = null;
      socket?.close(1000);
    }, 0);
  }

  /** A new socket now (the 再接続 button), when the tries ran out. */
  reconnect(): void {
    if (this.stopped || this.socket) return;
    this.tries = 0;
    this.firstConnect = true;
    this.clearTimers();
    this.open();
  }

  /** The server accepted this socket: a later drop may use every try again. */
  authenticated(): void {
    this.tries = 0;
  }

  get isOpen(): boolean {
    return this.socket?.readyState === WebSocket.OPEN;
  }

  /** Sends a message when the socket is open; false when it is not (nothing is queued). */
  send(message: OutgoingMessage): boolean {
    if (!this.socket || !this.isOpen) return false;
    this.socket.send(JSON.stringify(message));
    return true;
  }

  private clearTimers() {
    clearTimeout(this.retryTimer);
    clearInterval(this.keepalive);
    this.retryTimer = undefined;
    this.keepalive = undefined;
  }

  private open() {
    this.listener.status(this.tries === 0 ? 'connecting' : 'reconnecting');
    const socket = new WebSocket(this.url());
    this.socket = socket;
    socket.onopen = () => {
      if (this.socket !== socket || this.stopped) return;
      this.firstConnect = false;
      this.send(this.rejoin ? { type: 'auth' } : { type: 'auth', rejoin: false });
      this.send({ type: 'ping', sentAt: Date.now() });
      this.keepalive = setInterval(() => this.send({ type: 'ping', sentAt: Date.now() }), KEEPALIVE_MS);
      this.listener.status('open');
    };
    socket.onmessage = (event: MessageEvent) => {
      if (this.socket !== socket || typeof event.data !== 'string' || event.data.length > FRAME_MAX_CHARS)
        return;
      let frame: unknown;
      try {
        frame = JSON.parse(event.data);
      } catch {
        return;
      }
      const parsed = serverMessageSchema.safeParse(frame);
      if (parsed.success) this.listener.message(parsed.data, Date.now());
    };
    socket.onclose = (event: CloseEvent) => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.clearTimers();
      if (this.stopped) return;
      if (this.firstConnect) {
        // Never opened: not a dropped connection to wait for, but a connect to try once more now.
        this.firstConnect = false;
        this.open();
        return;
      }
      if (!RETRIED_CODES.has(event.code) || this.tries >= RECONNECT_TRIES) {
        this.listener.status('closed');
        return;
      }
      this.tries += 1;
      this.listener.status('reconnecting');
      this.retryTimer = setTimeout(
        () => {
          if (!this.stopped) this.open();
        },
        ROOM_LIMITS.reconnectAfterMs * 2 ** (this.tries - 1),
      );
    };
  }
}
