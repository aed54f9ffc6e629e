import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * Test projects: unit (pure code), integration (handlers against DynamoDB Local, s3rver and
 * aws-ses-v2-local through the local gateway; a fresh table per file), web (components in
 * jsdom), infra (CDK assertions and cdk-nag), e2e (headless Chromium against the local stack).
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
          // A bound, not a speed check: the dictionary load and file parsing wait for CPU on a
          // loaded 2-core machine (vitest's 5 s default failed there).
          testTimeout: 60_000,
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
          testTimeout: 20_000,
          hookTimeout: 30_000,
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
        },
      },
      {
        extends: true,
        test: {
          name: 'infra',
          include: ['infra/**/*.test.ts'],
          environment: 'node',
          // Synthesis bundles every route's function (about 80): minutes on a loaded 2-core machine.
          testTimeout: 600_000,
          hookTimeout: 600_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 90_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
