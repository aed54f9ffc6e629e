/**
 * The suite's only time limits. They stop a test that hangs; they never check speed. Each is tens
 * of times what its project's slowest test takes on an idle 2-core machine, so a machine at load 12
 * (or two suites at once) stays inside them while the product is right. A test waits for a
 * condition (an element, a mail, a message), never for a fixed time, and sets no limit of its own.
 */
const MINUTE = 60_000;

export const TEST_LIMITS = {
  /** Pure code; the dictionary load and document parsing are the slowest (seconds idle). */
  unit: { test: 5 * MINUTE },
  /** Components in jsdom (the multiplayer page's test renders whole games). */
  web: { test: 5 * MINUTE },
  /** Handlers through the gateway; the hook starts the file's gateway (and its own emulator in a few files). */
  integration: { test: 10 * MINUTE, hook: 10 * MINUTE },
  /** A whole stack, Vite and Chromium per file in the hook; journeys of a dozen pages in a test. */
  e2e: { test: 20 * MINUTE, hook: 10 * MINUTE },
  /** Synthesis bundles every route's function (about 80). */
  infra: { test: 30 * MINUTE, hook: 30 * MINUTE },
} as const;

/**
 * For `vi.waitFor` and `expect.poll`, whose own default gives up after one second: the wait lasts
 * until the condition holds, and the test's limit above is what ends one that never does.
 */
export const UNTIL_TRUE = { timeout: TEST_LIMITS.e2e.test, interval: 50 } as const;

/**
 * The stacks of the tests run every function with ten times its timeout (the route table's 10 s,
 * as Lambda applies it, becomes 100 s): 30 requests at once on a loaded machine waited longer
 * than 10 s for two cores while the code was right, and were answered 504. The answer at a
 * timeout is the same at any scale (middy reads the remaining time from the context).
 */
export const FUNCTION_TIMEOUT_SCALE = 10;
