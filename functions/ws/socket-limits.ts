import { countUse, previousWindowUses } from '../lib/rate-limit';

/**
 * Limits per socket and per member that hold whatever a client sends (issue 26 item 2), besides
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

/**
 * Counts a message of socket `connectionId` in the second API Gateway received it (`receivedAt`,
 * epoch ms: a backlog of function calls does not spread a burst over later seconds), as one write
 * before anything else is read. In a second, messages 1–20 are allowed; the 21st is warned, or
 * closed when the second before went over the limit too; the 41st is closed; the rest are dropped.
 * Only one message of a second warns and one closes, however many race.
 */
export async function messageAllowance(connectionId: string, receivedAt: number): Promise<MessageAllowance> {
  const key = `ws#${connectionId}`;
  const count = await countUse(key, 1, receivedAt);
  if (count <= limit) return 'allowed';
  if (count === 2 * limit + 1) return 'closed';
  if (count !== limit + 1) return 'dropped';
  return (await previousWindowUses(key, 1, receivedAt)) > limit ? 'closed' : 'warned';
}
