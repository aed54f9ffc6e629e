import type { ZodType } from 'zod';

/**
 * `open`: the socket is up; `reconnecting`: it dropped and a new one is on its way; `closed`:
 * given up (the page offers 再接続).
 */
export type SocketStatus = 'connecting' | 'open' | 'reconnecting' | 'closed';

/** API Gateway closes a socket idle for 10 minutes; a ping now and then keeps a waiting page's open. */
const KEEPALIVE_MS = 5 * 60_000;
/** Frames above this are not the protocol's (the gateway's own limit is 128 KB). */
const FRAME_MAX_CHARS = 256 * 1024;
/**
 * Closes that a new socket may cure: abnormal (1006), going away (1001: API Gateway's idle and
 * two-hour limits) and the server-side failures (1011–1014). A normal close (1000) or a refusal
 * (1008: Origin, limits) is not retried.
 */
const RETRIED_CODES = new Set([1001, 1006, 1011, 1012, 1013, 1014]);

/** Same origin `/ws`, `wss:` under https: the one socket endpoint rooms and class games share. */
export function sameOriginSocketUrl(location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  return `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}/ws`;
}

/** What differs between the pages that keep a socket: the frames they read, their greeting, their tries. */
export interface ReconnectingSocketOptions<Incoming> {
  /** Every frame is parsed with it; anything else is dropped. */
  schema: ZodType<Incoming>;
  /** Tries after a drop before the page gives up and offers 再接続. */
  tries: number;
  /** The wait before the `retry`-th try (1, 2, …). */
  retryDelayMs: (retry: number) => number;
  /**
   * A first socket (of a start or a 再接続) that fails before it opened is tried again at once, not
   * after the wait meant for a live socket that dropped (a reload must not wait out a back-off).
   */
  retryFirstAtOnce?: boolean;
  /** Sent first on every open, before the clock's ping (the rooms' `auth`). */
  greeting?: () => object | undefined;
  /** The socket opened (first time or after a drop), after the ping: the page (re)attaches here. */
  opened?: () => void;
  message: (message: Incoming, receivedAt: number) => void;
  status: (status: SocketStatus) => void;
  url?: () => string;
}

/**
 * A page's WebSocket: greets on open, pings for the clock offset and to stay open, parses every
 * frame with the page's schema, and reconnects with a growing wait after an abnormal close. One
 * instance per page; `stop` ends it.
 */
export class ReconnectingSocket<Incoming, Outgoing extends object> {
  private socket: WebSocket | null = null;
  private tries = 0;
  private stopped = true;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private keepalive: ReturnType<typeof setInterval> | undefined;
  /** A stop that closes the socket at the end of the current task (see `stop`). */
  private stopTimer: ReturnType<typeof setTimeout> | undefined;
  /** The first socket of a start or a 再接続 has not opened yet (with `retryFirstAtOnce`). */
  private firstConnect = false;
  private readonly url: () => string;

  constructor(private readonly options: ReconnectingSocketOptions<Incoming>) {
    this.url = options.url ?? (() => sameOriginSocketUrl());
  }

  get isOpen(): boolean {
    return this.socket?.readyState === WebSocket.OPEN;
  }

  /** Started and not stopped (a socket may be on its way). */
  get active(): boolean {
    return !this.stopped;
  }

  /** Opens the socket (or keeps the one a stop in this same task was about to close). */
  start(): void {
    this.stopped = false;
    if (this.stopTimer !== undefined) {
      clearTimeout(this.stopTimer);
      this.stopTimer = undefined;
    }
    if (this.socket) return;
    this.tries = 0;
    this.firstConnect = true;
    this.open();
  }

  /**
   * Closes the socket at the end of the current task: a start within the same task (React mounts a
   * page twice in development) keeps it, so a page opens one socket rather than a second one and a
   * `$connect` for nothing (each counts against the sockets a minute).
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

  /** The server took this socket in (authenticated, attached to its game): a later drop may use every try again. */
  attached(): void {
    this.tries = 0;
  }

  /** Sends a frame when the socket is open; false when it is not (nothing is queued). */
  send(message: Outgoing | { type: 'ping'; sentAt: number }): boolean {
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
    const { options } = this;
    options.status(this.tries === 0 ? 'connecting' : 'reconnecting');
    const socket = new WebSocket(this.url());
    this.socket = socket;
    socket.onopen = () => {
      if (this.socket !== socket || this.stopped) return;
      this.firstConnect = false;
      const greeting = options.greeting?.();
      if (greeting) socket.send(JSON.stringify(greeting));
      this.send({ type: 'ping', sentAt: Date.now() });
      this.keepalive = setInterval(() => this.send({ type: 'ping', sentAt: Date.now() }), KEEPALIVE_MS);
      options.status('open');
      options.opened?.();
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
      const parsed = options.schema.safeParse(frame);
      if (parsed.success) options.message(parsed.data, Date.now());
    };
    socket.onclose = (event: CloseEvent) => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.clearTimers();
      if (this.stopped) return;
      if (this.firstConnect && options.retryFirstAtOnce) {
        // Never opened: not a dropped connection to wait for, but a connect to try once more now.
        this.firstConnect = false;
        this.open();
        return;
      }
      if (!RETRIED_CODES.has(event.code) || this.tries >= options.tries) {
        options.status('closed');
        return;
      }
      this.tries += 1;
      options.status('reconnecting');
      this.retryTimer = setTimeout(() => {
        if (!this.stopped) this.open();
      }, options.retryDelayMs(this.tries));
    };
  }
}
