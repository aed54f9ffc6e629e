import { countUse, previousWindowUses } from '../lib/rate-limit-store';

/**
 * Limits per socket and per member that hold whatever a client sends (issue 26, docs/decisions.md item 2), besides
 * the per-member limits of each room action (multiplayer/actions.ts): a stage-wide throttle alone
 * would let one client use up what every room shares.
 */
export const SOCKET_LIMITS = {
  /** Messages of any type one socket may send in one second. */
  messagesPerSecond: 20,
  /**
   * Sockets one member may open in a minute: a socket closed for flooding is not a fresh
   * allowance (reloads, tabs and the page's three reconnects stay far below it).
   */
  opensPerMinute: 20,
  /**
   * Guest sockets one address may open in a minute: a class of up to 100 tablets behind one school
   * address, each opening and reopening (a reload, a dropped network) within the minute.
   */
  guestOpensPerAddressPerMinute: 250,
} as const;

/** WebSocket close code for a policy violation (RFC 6455 §7.4.1): the socket that kept flooding. */
export const POLICY_VIOLATION = 1008;

/**
 * What becomes of a socket's message: `allowed` (handled), `dropped` (over the limit: no work, no
 * answer), `warned` (the first one over: answered `rate_limited`), `closed` (went on after the
 * warning: answered `rate_limited` and closed).
 */
export type MessageAllowance = 'allowed' | 'dropped' | 'warned' | 'closed';

const limit = SOCKET_LIMITS.messagesPerSecond;
/** Past this count in a second the table has already warned and closed the socket. */
const settled = 2 * limit + 1;

/**
 * What this function instance counted of each socket in the current second, and the sockets it
 * closed. An instance sees some of a socket's messages, never more than the table counts, so once
 * its own count passes `settled` the table's has too (the warning and the close are done), and the
 * rest of that second is dropped here without a write; so is anything still arriving from a socket
 * it closed. A flood then costs the table at most `settled` writes a second per instance.
 */
const seenHere = new Map<string, { second: number; count: number }>();
const closedHere = new Map<string, number>();
/** Entries kept before the old ones are swept (a warm instance serves many sockets over hours). */
const REMEMBERED = 5_000;

/**
 * Counts a message of socket `connectionId` in this instance's memory; true when it is to be
 * dropped before any other work: this instance has already seen more of the socket this second
 * than the table needs to warn and close it, or closed it. Synchronous, so a flood costs no more.
 */
export function settledHere(connectionId: string, receivedAt: number): boolean {
  const second = Math.floor(receivedAt / 1000);
  if (seenHere.size > REMEMBERED)
    for (const [id, entry] of seenHere) if (entry.second < second) seenHere.delete(id);
  if (closedHere.size > REMEMBERED)
    for (const [id, closedAt] of closedHere) if (closedAt < second - 60) closedHere.delete(id);
  const entry = seenHere.get(connectionId);
  const count = entry?.second === second ? entry.count + 1 : 1;
  seenHere.set(connectionId, { second, count });
  return count > settled || closedHere.has(connectionId);
}

/**
 * What becomes of a message, from its socket's count in the second API Gateway received it
 * (`receivedAt`, epoch ms: a backlog of function calls does not spread a burst over later seconds)
 * and the count of the second before. In a second, messages 1–20 are allowed; the 21st is warned,
 * or closed when the second before went over the limit too; the 41st is closed; the rest are
 * dropped. Only one message of a second warns and one closes, however many race (each count is
 * one write's answer: no two messages get the same).
 */
export function allowanceOf(
  connectionId: string,
  receivedAt: number,
  count: number,
  previous: number,
): MessageAllowance {
  let allowance: MessageAllowance;
  if (count <= limit) allowance = 'allowed';
  else if (count === settled) allowance = 'closed';
  else if (count !== limit + 1) allowance = 'dropped';
  else allowance = previous > limit ? 'closed' : 'warned';
  if (allowance === 'closed') closedHere.set(connectionId, Math.floor(receivedAt / 1000));
  return allowance;
}

/**
 * Counts a message of a socket that has no item (any other's count lives on its item:
 * functions/connections/connection-store.ts `countMessage`) in the table's counters, as one write
 * before anything else is read; `allowanceOf` says what becomes of it. Such a socket is refused
 * (not signed in) like any other within the limit, and warned and closed past it.
 */
export async function messageAllowance(connectionId: string, receivedAt: number): Promise<MessageAllowance> {
  const key = `ws#${connectionId}`;
  const count = await countUse(key, 1, receivedAt);
  const previous = count === limit + 1 ? await previousWindowUses(key, 1, receivedAt) : 0;
  return allowanceOf(connectionId, receivedAt, count, previous);
}
