import { afterEach, beforeEach, vi } from 'vitest';

/**
 * A WebSocket stand-in for component tests: `vi.stubGlobal('WebSocket', FakeWebSocket)`, then
 * drive each socket the page opened with `open`, `receive` and `drop`, and read what it sent.
 */
export class FakeWebSocket {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  static instances: FakeWebSocket[] = [];

  /** The socket opened last. */
  static get latest(): FakeWebSocket {
    const socket = FakeWebSocket.instances.at(-1);
    if (!socket) throw new Error('no WebSocket was opened');
    return socket;
  }

  readyState = FakeWebSocket.CONNECTING;
  /** Every frame sent, parsed. */
  readonly sent: { type: string; [field: string]: unknown }[] = [];
  closedWith: number | undefined;
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;

  constructor(readonly url: string) {
    FakeWebSocket.instances.push(this);
  }

  send(data: string): void {
    if (this.readyState !== FakeWebSocket.OPEN) throw new Error('send on a socket that is not open');
    this.sent.push(JSON.parse(data) as { type: string });
  }

  close(code = 1000): void {
    if (this.readyState === FakeWebSocket.CLOSED) return;
    this.readyState = FakeWebSocket.CLOSED;
    this.closedWith = code;
    this.onclose?.(new CloseEvent('close', { code, wasClean: code === 1000 }));
  }

  /** The server accepted the connection. */
  open(): void {
    this.readyState = FakeWebSocket.OPEN;
    this.onopen?.(new Event('open'));
  }

  /** A frame from the server. */
  receive(message: unknown): void {
    this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(message) }));
  }

  /** The connection is lost (1006 unless told otherwise). */
  drop(code = 1006): void {
    this.readyState = FakeWebSocket.CLOSED;
    this.onclose?.(new CloseEvent('close', { code, wasClean: false }));
  }

  /** The frames of one type sent so far. */
  sentOf(type: string) {
    return this.sent.filter((message) => message.type === type);
  }
}

/**
 * Each test of the file gets FakeWebSocket as `WebSocket`, with no socket left from the last one;
 * the stub (and any other global stubbed) is taken back after it.
 */
export function fakeWebSocketsEachTest(): void {
  beforeEach(() => {
    FakeWebSocket.instances = [];
    vi.stubGlobal('WebSocket', FakeWebSocket);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });
}
