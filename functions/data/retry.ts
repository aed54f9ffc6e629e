/**
 * The one retry policy for DynamoDB work the SDK does not retry by itself: transactions cancelled
 * by a conflicting transaction, and items a batch call leaves unprocessed. Exponential backoff with
 * full jitter (AWS Architecture Blog, "Exponential Backoff And Jitter"): parallel copies of one
 * request spread out instead of colliding again in step.
 */
export const RETRY = {
  /** Tries in all, the first included. With the delays below they span about 4 seconds at most. */
  attempts: 10,
  baseMs: 15,
  capMs: 800,
} as const;

/** How long to wait before try `attempt + 1` (attempt counts from 1). */
export function backoffMs(attempt: number): number {
  return Math.random() * Math.min(RETRY.capMs, RETRY.baseMs * 2 ** attempt);
}

export const pause = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));
