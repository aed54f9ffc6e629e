import {
  classServerMessageSchema,
  type ClassClientMessage,
  type ClassServerMessage,
} from '@shared/classroom';
import type { AnswerLetter } from '@shared/constants';
import { ReconnectingSocket, sameOriginSocketUrl, type SocketStatus } from '@web/lib/reconnecting-socket';

/**
 * `open`: the socket is up; `reconnecting`: it dropped and a new one is on its way; `closed`:
 * given up (the page offers 再接続).
 */
export type ClassSocketStatus = SocketStatus;

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

/** Same origin `/ws`, `wss:` under https: the rooms' socket, which class games share. */
export const classSocketUrl = sameOriginSocketUrl;

export type ClassSocket = ReconnectingSocket<ClassServerMessage, ClassOutgoing>;

/**
 * A class page's WebSocket (web/src/lib/reconnecting-socket.ts). Unlike the rooms' it sends no
 * `auth` (a guest's socket may send only `join_class`, `answer`, `leave_class` and `ping`): on each
 * open the page sends its own `join_class` or `class_host`, which puts it back in its game after a
 * drop.
 */
export function classSocket(listener: ClassSocketListener, url?: () => string): ClassSocket {
  return new ReconnectingSocket<ClassServerMessage, ClassOutgoing>({
    schema: classServerMessageSchema,
    tries: CLASS_RECONNECT_TRIES,
    retryDelayMs: (retry) => Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** (retry - 1)),
    ...listener,
    ...(url ? { url } : {}),
  });
}
