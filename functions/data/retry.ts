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

/**
 * Runs `work`, and again after the policy's delay while `retryable` says a later try can get past
 * what it threw; after `RETRY.attempts` tries in all, throws what `exhausted` makes of the last error.
 */
export async function withRetries<T>(
  work: () => Promise<T>,
  retryable: (error: unknown) => boolean,
  exhausted: (lastError: unknown) => Error,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (!retryable(error)) throw error;
      if (attempt >= RETRY.attempts) throw exhausted(error);
      await pause(backoffMs(attempt));
    }
  }
}
