/**
 * The stable `error.reason` tokens of the WebSocket API (docs/multiplayer.md, docs/classroom.md),
 * apart from the rooms' and class games' schemas: `shared/api.ts` lists every reason an answer may
 * carry, and every function imports it, so these lists may not pull in the schemas (a cold start
 * would build them all; docs/decisions.md, "Issue 28: a cold start loads its own route").
 * `shared/multiplayer.ts` and `shared/classroom.ts` export them under the same names.
 */

/** Stable `error.reason` tokens of the rooms' socket (the issue's list, then ours). */
export const MULTIPLAYER_ERROR_REASONS = [
  'password_required',
  'wrong_password',
  'room_full',
  'in_game',
  'not_found',
  'not_host',
  'invalid',
  'not_in_room',
  'too_late',
  'already_answered',
  'rate_limited',
  'busy',
] as const;

/** The reasons a `join_class` is refused with: they end a join (a player's form shows them). */
export const CLASS_JOIN_REFUSALS = [
  'not_found',
  'class_full',
  'nickname_taken',
  'invalid',
  'locked',
  'in_game',
  'rate_limited',
] as const;

/** Stable `error.reason` tokens of class games (the list, then those shared with rooms). */
export const CLASSROOM_ERROR_REASONS = [
  ...CLASS_JOIN_REFUSALS,
  'not_host',
  'not_in_game',
  'too_late',
  'already_answered',
  'busy',
] as const;
export type ClassroomErrorReason = (typeof CLASSROOM_ERROR_REASONS)[number];
