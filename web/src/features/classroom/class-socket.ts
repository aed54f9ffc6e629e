import {
  classServerMessageSchema,
  type ClassClientMessage,
  type ClassServerMessage,
} from '@shared/classroom';
import type { AnswerLetter } from '@shared/constants';

/**
 * `open`: the socket is up; `reconnecting`: it dropped and a new one is on its way; `closed`:
 * given up (the page offers 再接続).
 */
export type ClassSocketStatus = 'connecting' | 'open' | 'reconnecting' | 'closed';

/** What a class page sends: the class frames, the room's `answer` frame, and the clock's ping. */
export type ClassOutgoing =
  | ClassClientMessage
  | { type: 'answer'; answer: AnswerLetter; questionIndex: number }
  | { type: 'ping'; sentAt: number };

export interface ClassSocketListener {
  /** The socket opened (first time or after a drop): the page (re)attaches to its game here. */
  opened: () => void;
  message: (message: ClassServerMessage, receivedAt: number) => void;
  status: (status: ClassSocketStatus) => void;
}

/**
 * Tries after a drop before the page gives up and offers 再接続: a classroom's wifi drops for
 * seconds at a time, so more than the rooms' three, each waiting longer (1 s, 2 s, 4 s, … 8 s).
 */
export const CLASS_RECONNECT_TRIES = 6;
const RETRY_BASE_MS = 1000;
const RETRY_MAX_MS = 8000;
/** API Gateway closes a socket idle for 10 minutes; a lobby can wait that long. */
const KEEPALIVE_MS = 5 * 60_000;
/** Frames above this are not the protocol's (the gateway's own limit is 128 KB). */
const FRAME_MAX_CHARS = 256 * 1024;
/** A normal close (1000) or a refusal (1008: Origin, limits) is not retried. */
const RETRIED_CODES = new Set([1001, 1006, 1011, 1012, 1013, 1014]);

/** Same origin `/ws`, `wss:` under https: the rooms' socket, which class games share. */
export function classSocketUrl(location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  return `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}/ws`;
}

/**
 * A class page's WebSocket. Unlike the rooms' it sends no `auth` (a guest's socket may send only
 * `join_class`, `answer`, `leave_class` and `ping`): on each open the page sends its own
 * `join_class` or `class_host`, which puts it back in its game after a drop. Every frame is parsed
 * with the shared schema (anything else is dropped).
 */
export class ClassSocket {
  private socket: WebSocket | null = null;
  private tries = 0;
  private stopped = true;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private keepalive: ReturnType<typeof setInterval> | undefined;
  /** A stop that closes the socket at the end of the current task (React's development double mount). */
  private stopTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly listener: ClassSocketListener,
    private readonly url: () => string = () => classSocketUrl(),
  ) {}

  get isOpen(): boolean {
    return this.socket?.readyState === WebSocket.OPEN;
  }

  get active(): boolean {
    return !this.stopped;
  }

  /** Opens the socket (or keeps the one a stop in this same task was about to close). */
  start(): void {
    this.stopped = false;
    if (this.stopTimer !== undefined) {
      clearTimeout(this.stopTimer);
      this.stopTimer = undefined;
      if (this.socket) return;
    }
    if (this.socket) return;
    this.tries = 0;
    this.open();
  }

  /** Closes the socket at the end of the current task: a start in the same task keeps it. */
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
    this.clearTimers();
    this.open();
  }

  /** The server took this socket into its game: a later drop may use every try again. */
  attached(): void {
    this.tries = 0;
  }

  /** Sends a frame when the socket is open; false when it is not (nothing is queued). */
  send(message: ClassOutgoing): boolean {
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
      this.send({ type: 'ping', sentAt: Date.now() });
      this.keepalive = setInterval(() => this.send({ type: 'ping', sentAt: Date.now() }), KEEPALIVE_MS);
      this.listener.status('open');
      this.listener.opened();
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
      const parsed = classServerMessageSchema.safeParse(frame);
      if (parsed.success) this.listener.message(parsed.data, Date.now());
    };
    socket.onclose = (event: CloseEvent) => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.clearTimers();
      if (this.stopped) return;
      if (!RETRIED_CODES.has(event.code) || this.tries >= CLASS_RECONNECT_TRIES) {
        this.listener.status('closed');
        return;
      }
      this.tries += 1;
      this.listener.status('reconnecting');
      this.retryTimer = setTimeout(
        () => {
          if (!this.stopped) this.open();
        },
        Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** (this.tries - 1)),
      );
    };
  }
}
