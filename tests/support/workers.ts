import { availableParallelism } from 'node:os';

/**
 * How many test files run at once: at least two. An integration or e2e file spends most of its
 * time waiting on DynamoDB Local, a socket or a child process, so two fill two cores (vitest's
 * default, cores − 1, would run one file at a time here).
 */
export const TEST_WORKERS = Math.max(2, availableParallelism() - 1);
