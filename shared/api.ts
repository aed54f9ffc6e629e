import * as z from 'zod';
import { CLASSROOM_ERROR_REASONS, MULTIPLAYER_ERROR_REASONS } from './socket-protocol';

/**
 * Stable English tokens for errors the web app must tell apart where the status alone does not
 * (two kinds of 429, two kinds of 403). The app decides on status and reason, never on the text.
 */
export const ERROR_REASONS = [
  /** 429: too many failed sign-ins; the username is locked for a while. */
  'login_locked',
  /** 403: the account was suspended or banned by an administrator. */
  'account_stopped',
  /** 403: the account is deactivated. */
  'account_inactive',
  /** 429: the member's quiz creation quota (3 free / 100 advanced) is used up. */
  'quiz_quota',
  /** 429: today's AI generations are used up. */
  'ai_daily_limit',
  /** 429: today's calls to the AI model are used up (failed generations included). */
  'ai_model_call_limit',
  /** 409: a review answer to a question of the review of mistakes that is not due today. */
  'review_not_due',
  /** Multiplayer socket errors (`error.reason`), e.g. `wrong_password`, `room_full`, `in_game`. */
  ...MULTIPLAYER_ERROR_REASONS,
  /** Class game socket errors (`error.reason`), e.g. `not_in_game`, `class_full`, `nickname_taken`. */
  ...CLASSROOM_ERROR_REASONS.filter(
    (
      reason,
    ): reason is Exclude<
      (typeof CLASSROOM_ERROR_REASONS)[number],
      (typeof MULTIPLAYER_ERROR_REASONS)[number]
    > => !(MULTIPLAYER_ERROR_REASONS as readonly string[]).includes(reason),
  ),
] as const;
export type ErrorReason = (typeof ERROR_REASONS)[number];

/** Error body of every API answer that is not OK (docs/brief/ARCHITECTURE.md §4). */
export interface ApiErrorBody {
  message: string;
  reason?: ErrorReason;
  /**
   * With `account_stopped`: when the suspension ends (ISO 8601), or null for a ban, so the member
   * is told until when.
   */
  stoppedUntil?: string | null;
  issues?: { path: string; message: string }[];
}

/** Cookie names shared by the functions and the web app. */
export const COOKIE_NAMES = {
  session: 'sid',
  csrf: 'csrf_token',
  /** A browser that has signed in to an account before (sign-in lock exemption, OWASP device cookie). */
  device: 'did',
  /**
   * `1` beside a session, readable by the page: not a credential (the session is `sid`'s alone), only
   * a hint to the first-load script that a member's reads are worth asking for at once, without
   * waiting for `/api/auth/me` (web/src/lib/first-load.ts, which names it `SIGNED_IN_HINT_COOKIE`).
   */
  signedIn: 'signed_in',
} as const;

export const CSRF_HEADER = 'X-CSRF-Token';

/**
 * The visitor's own address, as the edge saw it. Behind CloudFront an API's `sourceIp` is a
 * CloudFront server's, so a per-address limit read from it would count a whole edge location as
 * one visitor: CloudFront's viewer-request function (infra/constructs/web.ts) writes this header
 * over whatever the visitor sent, and the local gateway does the same with the socket's address.
 */
export const VIEWER_ADDRESS_HEADER = 'x-viewer-address';

/** Methods that never change state and so need no CSRF token. */
export const SAFE_METHODS = ['GET', 'HEAD', 'OPTIONS', 'TRACE'] as const;

/** An answer that only confirms, in Japanese (`{ message }`). */
export const messageSchema = z.object({ message: z.string() });

/** A file a route answers instead of JSON (a route whose contract lists `download` media types). */
export interface FileDownload {
  /** The name the browser saves it under (any characters; the chain writes an ASCII fallback too). */
  fileName: string;
  /** Also used as the fallback name when `fileName` has no ASCII letters or digits. */
  asciiFileName: string;
  contentType: string;
  bytes: Uint8Array;
}

/** The `response` of a download route: what the handler hands the chain, never JSON. */
export const fileDownloadSchema = z.custom<FileDownload>(
  (value) =>
    typeof value === 'object' &&
    value !== null &&
    typeof (value as FileDownload).fileName === 'string' &&
    (value as FileDownload).bytes instanceof Uint8Array,
);
