import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { TEST_LIMITS } from './tests/support/limits';
import { TEST_WORKERS } from './tests/support/workers';

const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * The stacks' password hashes at the fast cost (functions/users/passwords.ts; local stages only):
 * the files that run a stack sign up and sign in hundreds of times, at half a second of CPU a hash
 * at OWASP's cost.
 */
const STACK_ENV = { PASSWORD_HASH_COST: 'fast' };

/** The integration files' shared emulators (S3, SES), their own DynamoDB Local and table each, and limits. */
const integration = {
  environment: 'node' as const,
  env: STACK_ENV,
  globalSetup: ['tests/support/emulators.ts'],
  setupFiles: ['tests/support/fresh-table.ts'],
  testTimeout: TEST_LIMITS.integration.test,
  hookTimeout: TEST_LIMITS.integration.hook,
  expect: { poll: { timeout: TEST_LIMITS.integration.test } },
};

/**
 * The e2e files: a whole stack and Chromium each, serving the SPA built once for the project
 * (tests/support/web-build.ts), side by side with the other files. The files that start Vite's
 * development server (two integration files, one e2e file) give each server a dependency cache of
 * its own (`viteCache: 'own'`), so they run side by side too.
 */
const e2e = {
  environment: 'node' as const,
  env: STACK_ENV,
  testTimeout: TEST_LIMITS.e2e.test,
  hookTimeout: TEST_LIMITS.e2e.hook,
  expect: { poll: { timeout: TEST_LIMITS.e2e.test } },
};

/**
 * Test projects: unit (pure code), integration (handlers against DynamoDB Local, s3rver and
 * aws-ses-v2-local through the local gateway; a fresh table per file), web (components in
 * jsdom), infra (CDK assertions and cdk-nag), e2e (headless Chromium against the local stack and
 * the built SPA, or Vite's dev server for the file that checks it).
 * Their time limits are in tests/support/limits.ts: bounds against a hang, not speed checks.
 */
export default defineConfig({
  resolve: {
    alias: {
      '@shared': fromRoot('./shared'),
      '@functions': fromRoot('./functions'),
      '@infra': fromRoot('./infra'),
      '@web': fromRoot('./web/src'),
      '@scripts': fromRoot('./scripts'),
      '@tests': fromRoot('./tests'),
    },
  },
  test: {
    env: { QUIZ_SILENT_LOGS: '1' },
    // Files run side by side (tests/support/workers.ts), each with its own DynamoDB Local, table
    // and gateway.
    maxWorkers: TEST_WORKERS,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['functions/**/*.test.ts', 'shared/**/*.test.ts', 'scripts/**/*.test.ts'],
          environment: 'node',
          testTimeout: TEST_LIMITS.unit.test,
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          ...integration,
        },
      },
      {
        extends: true,
        plugins: [react()],
        resolve: {
          // The ES module builds of the packages whose CommonJS build requires an ES module (the
          // `module-sync` condition): a VM context's `require` cannot load one.
          alias: [
            {
              find: /^react-router-dom$/,
              replacement: fromRoot('./node_modules/react-router-dom/dist/index.mjs'),
            },
            {
              find: /^react-router$/,
              replacement: fromRoot('./node_modules/react-router/dist/development/index.mjs'),
            },
            {
              find: /^react-router\/dom$/,
              replacement: fromRoot('./node_modules/react-router/dist/development/dom-export.mjs'),
            },
            { find: /^recharts$/, replacement: fromRoot('./node_modules/recharts/es6/index.js') },
          ],
        },
        test: {
          name: 'web',
          // Each file in a VM context of its own, in workers that stay: jsdom and the externalised
          // packages load once a worker instead of once a file (docs/decisions.md, "the web files
          // in VM contexts").
          pool: 'vmThreads',
          include: ['web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['web/src/testing/setup.ts'],
          testTimeout: TEST_LIMITS.web.test,
        },
      },
      {
        extends: true,
        test: {
          name: 'infra',
          include: ['infra/**/*.test.ts'],
          environment: 'node',
          testTimeout: TEST_LIMITS.infra.test,
          hookTimeout: TEST_LIMITS.infra.hook,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/support/web-build.ts'],
          ...e2e,
        },
      },
    ],
  },
});
