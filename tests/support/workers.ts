import { availableParallelism } from 'node:os';

/**
 * How many test files run at once: at least two. An integration or e2e file spends most of its
 * time waiting on DynamoDB Local, a socket or a child process, so two fill two cores (vitest's
 * default, cores − 1, would run one file at a time here).
 */
export const TEST_WORKERS = Math.max(2, availableParallelism() - 1);

/**
 * This test file's DynamoDB Local, of those its project started (tests/support/emulators.ts): its
 * worker's own. DynamoDB Local keeps every table in one SQLite database and serves one write at a
 * time, so files running side by side on one instance wait for each other's writes; the files of
 * one worker run one after another.
 */
export function workerDynamoDb(endpoints: readonly string[]): string {
  const worker = Number(process.env.VITEST_POOL_ID ?? 1);
  return endpoints[(worker - 1) % endpoints.length]!;
}
