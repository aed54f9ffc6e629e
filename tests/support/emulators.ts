import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { onFreePort } from '../../scripts/local/ports';
import { startS3 } from '../../scripts/local/s3';
import { startSes } from '../../scripts/local/ses';

export interface Emulators {
  s3: string;
  ses: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    emulators: Emulators;
  }
}

/**
 * Starts the emulators a project's files share, once, on free ports, in memory: one S3 and one
 * SES. DynamoDB Local is not shared: each file starts its own (tests/support/fresh-table.ts says
 * why).
 */
export default async function setup(project: TestProject) {
  const directory = mkdtempSync(join(tmpdir(), 'quiz-it-'));
  const [s3, ses] = await Promise.all([
    onFreePort((port) => startS3({ port, directory })),
    onFreePort((port) => startSes({ port })),
  ]);
  project.provide('emulators', {
    s3: s3.endpoint,
    ses: ses.endpoint,
  });
  return async () => {
    await Promise.all([s3.stop(), ses.stop()]);
    rmSync(directory, { recursive: true, force: true });
  };
}
