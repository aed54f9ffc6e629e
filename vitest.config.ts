import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { TEST_LIMITS } from './tests/support/limits';

const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * Test projects: unit (pure code), integration (handlers against DynamoDB Local, s3rver and
 * aws-ses-v2-local through the local gateway; a fresh table per file), web (components in
 * jsdom), infra (CDK assertions and cdk-nag), e2e (headless Chromium against the local stack).
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
          environment: 'node',
          globalSetup: ['tests/support/emulators.ts'],
          setupFiles: ['tests/support/fresh-table.ts'],
          testTimeout: TEST_LIMITS.integration.test,
          hookTimeout: TEST_LIMITS.integration.hook,
          expect: { poll: { timeout: TEST_LIMITS.integration.test } },
        },
      },
      {
        extends: true,
        plugins: [react()],
        test: {
          name: 'web',
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
          environment: 'node',
          testTimeout: TEST_LIMITS.e2e.test,
          hookTimeout: TEST_LIMITS.e2e.hook,
          expect: { poll: { timeout: TEST_LIMITS.e2e.test } },
          fileParallelism: false,
        },
      },
    ],
  },
});
